// The engine seen from the app: something that picks a move for a seat (its
// level, handicap and clock), suggests a hint with its reason, answers draw
// offers from its evaluation, and reviews a whole game. The sessions see
// only this interface; EngineOpponent (engine_opponent.h) is the real one and
// BuiltinOpponent a fast stand-in for tests.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/hint.h"

namespace qi::app {

// What the seat to move may spend and must respect.
struct MoveRequest {
  int level = 10;
  std::string handicap;            // the session's handicap (tic-tac-toe "no_centre" binds the engine)
  std::int64_t time_left_ms = -1;  // the seat's clock; -1 when the game is untimed
  std::int64_t increment_ms = 0;
  std::int64_t opponent_time_ms = -1;
  std::int64_t movetime_ms = 0;  // > 0: exactly this long a move, whatever the clock
  // Set from another thread when the move is no longer wanted (the game
  // ended or changed, the server stops, or the search gives way to another
  // client's): the search ends at once and its answer is not played.
  const std::atomic<bool>* stop = nullptr;
};

struct Hint {
  MoveText move;            // id and display text
  std::string kind;         // only_move, mate, note, stops_threat, wins_material, check, positional
  Words words;              // the reason, in English and Chinese
  engine::HintFacts facts;  // the facts behind it
};

// The engine's view of one position of a game, from the FIRST player's side
// (White in chess, Red in xiangqi, Black in English checkers, White in the
// other draughts, X in tic-tac-toe).
struct PositionReview {
  std::optional<int> cp;    // centipawn-like score, when not a mate
  std::optional<int> mate;  // moves to mate: > 0 the first player mates; 0 the game is over
  double win = 0, draw = 1, loss = 0;
  std::optional<MoveText> best;  // none when the game is over
  // The move into this position (none for the start) is on the game's list
  // of standard openings (engine/book.h).
  bool book = false;
};

// The engine's answer to a draw offer, with its reason in words.
struct DrawDecision {
  bool accept = false;
  Words reason;
};

// The engine's draw policy, which no rating can be farmed through: before
// each side has played kDrawOffersFromMove moves it declines every offer
// (a one-move draw against level 10 is no result to be rated on), unless it
// cannot possibly win (a dead position: then it accepts at any time).
// Later it accepts only when its evaluation, at a stated depth, is at most
// a small margin in its favour.
inline constexpr int kDrawOffersFromMove = 30;
// The answer the policy gives without a search, if it gives one.
std::optional<DrawDecision> draw_decision_without_search(const Game& game, Side engine,
                                                         int from_move = kDrawOffersFromMove);
// The answer from the engine's score for itself (hundredths of the game's
// unit) against the margin.
DrawDecision draw_decision_from_score(const Game& game, int score_cp, int margin_cp);

class Opponent {
 public:
  virtual ~Opponent() = default;
  // A legal move for the side to move; the game is not over.
  virtual MoveText choose_move(const Game& game, const MoveRequest& request) = 0;
  virtual Hint hint(const Game& game) = 0;
  // Whether the engine playing `side` accepts a draw offered to it, and why.
  virtual DrawDecision answer_draw(const Game& game, Side side) = 0;
  // One entry per position: the start, then after each move played. When
  // `stop` (may be null) is set meanwhile, it ends early with fewer entries.
  virtual std::vector<PositionReview> review(const Game& game, const std::atomic<bool>* stop) = 0;
};

// A fast stand-in for tests: every level is the built-in player (the engine
// on a fixed node budget, engine::LevelPlayer::builtin); it follows the
// draw policy and scores every position 0 (so it accepts from move 30);
// reviews score every position 0.
class BuiltinOpponent final : public Opponent {
 public:
  MoveText choose_move(const Game& game, const MoveRequest& request) override;
  Hint hint(const Game& game) override;
  DrawDecision answer_draw(const Game& game, Side side) override;
  std::vector<PositionReview> review(const Game& game, const std::atomic<bool>* stop) override;
};

// The built-in player's move in `game` (not over), with its text.
MoveText builtin_move(const Game& game);

// The engine (EngineOpponent with its default options).
std::unique_ptr<Opponent> make_default_opponent();

// Shows `visit` each position of a game from its start, in order: (the
// start, 0), then (the position after move i, i). One copy of the game is
// played forward, so a game of n moves costs n moves and one game's memory,
// not n copies of its history.
void for_each_position(const Game& game,
                       const std::function<void(const Game& position, std::size_t ply)>& visit);
// The review of a position where the game is over by the rules.
PositionReview final_position_review(const Game& position);

}  // namespace qi::app
