// Qi's engine as the app's opponent. Moves come from engine::LevelPlayer at
// the seat's level (level 10 thinks on the seat's clock, or about a second
// when the game is untimed, and never longer than max_move_ms, whatever the
// clock or the seat's movetime_ms say); hints from the engine's hint search with their
// reason; a draw offer is answered by the draw policy of opponent.h (none
// before move 30; then when the evaluation gives the engine at most +0.2, or
// at once when it cannot possibly win); reviews
// search each position at a small fixed budget.
//
// An Engine owns a transposition table, so engines are kept in a small pool
// shared by all games, not one per game, in three parts that never lend to
// each other: slots for games' moves (one per engine worker), for draw
// answers, and for analysis (hints and reviews). However much analysis is
// asked for, a game's move never waits for it. A slot keeps one LevelPlayer
// per level it has been asked for (levels 1-9 search a few thousand nodes and
// get a small table) and one engine for analysis.
#pragma once

#include <array>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "app/opponent.h"
#include "engine/engine.h"
#include "engine/level_player.h"

namespace qi::app {

// The parts of the pool; each call takes a slot of one part.
enum class EngineWork { Move, DrawAnswer, Analysis };

struct EngineOpponentOptions {
  int move_slots = 2;             // games' moves: one for each of the manager's engine workers
  int draw_answer_slots = 1;      // answers to draw offers (at most draw_movetime_ms each)
  int analysis_slots = 1;         // hints and reviews: the manager queues them (analysis_queue.h)
  std::size_t hash_mb = 16;       // level 10 and analysis
  std::size_t small_hash_mb = 1;  // levels 1-9 (node budgets of at most 20 000)
  std::int64_t untimed_movetime_ms = 1000;
  // The most any one move is searched, whatever the clock or the seat's
  // movetime_ms allow: a search holds one of the server's few engine
  // workers, so this bounds what every other game's move may wait behind
  // it. 10 s is what level 10 plans for an early move at 3+2; on a longer
  // clock (a day: 72 minutes planned) it thinks as at 3+2, still far beyond
  // the 10+0.1 its rating was measured at (docs/levels.md).
  std::int64_t max_move_ms = 10'000;
  int hint_depth = 8;
  std::int64_t hint_movetime_ms = 1500;  // a cap on the hint's search
  int draw_depth = 8;                    // the evaluation that answers a draw offer ...
  std::int64_t draw_movetime_ms = 700;   // ... at most this long: an answer within a second
  // Reviews search each position from a cleared table, on one thread, to a
  // fixed budget, so the same game always gets the same scores. 20 000
  // nodes: a 100-ply game in about 2 s (chess) or 4 s (xiangqi) on two busy
  // cores.
  int review_depth = 0;                 // > 0: at most this deep, and ...
  std::uint64_t review_nodes = 20'000;  // ... at most about this many nodes a position,
  // and about this many in all: a game of more than 200 positions shares
  // them (at least review_min_nodes each), so that one review's work is
  // bounded whatever the game's length (a 2,000-ply game: 2,000 nodes a
  // position, the same work as 200 positions at 20 000).
  std::uint64_t review_total_nodes = 4'000'000;
  std::uint64_t review_min_nodes = 1'000;
  int accept_draw_below_cp = 20;                    // accept when the engine's score is at most this
  int draw_offers_from_move = kDrawOffersFromMove;  // none accepted before (tests lower it)

  // The smallest budgets that still exercise every path: for tests, where
  // behaviour matters and strength does not.
  static EngineOpponentOptions minimal() {
    EngineOpponentOptions o;
    o.move_slots = 1;
    o.hash_mb = 1;
    o.hint_depth = 3;
    o.draw_depth = 3;
    o.review_depth = 2;
    o.untimed_movetime_ms = 50;
    return o;
  }
};

class EngineOpponent final : public Opponent {
 public:
  explicit EngineOpponent(EngineOpponentOptions options = {});
  ~EngineOpponent() override;

  MoveText choose_move(const Game& game, const MoveRequest& request) override;
  Hint hint(const Game& game) override;
  DrawDecision answer_draw(const Game& game, Side side) override;
  std::vector<PositionReview> review(const Game& game, const std::atomic<bool>* stop) override;

  const EngineOpponentOptions& options() const { return options_; }
  // The node budget of each position in a review of `positions` positions.
  std::uint64_t review_nodes_per_position(std::size_t positions) const;
  // Slots of that part in use now.
  int busy_slots(EngineWork work) const;

 private:
  struct Slot {
    std::array<std::unique_ptr<engine::LevelPlayer>, 10> players;  // by level, made when first asked for
    std::unique_ptr<engine::Engine> analysis;
    EngineWork work = EngineWork::Move;
    bool busy = false;
  };
  // A slot of the part for `work`, borrowed for one call; given back on scope
  // exit.
  class Lease {
   public:
    Lease(EngineOpponent& owner, EngineWork work);
    ~Lease();
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    engine::LevelPlayer& player(int level);
    engine::Engine& analysis();

   private:
    EngineOpponent& owner_;
    Slot* slot_;
  };

  // Searches the analysis engine's position (set by the caller) with the
  // given limits at full strength.
  static engine::SearchResult analyse(engine::Engine& engine, const engine::SearchLimits& limits);
  static Status set_analysis_position(engine::Engine& engine, const Game& game);

  EngineOpponentOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable freed_;
  std::vector<std::unique_ptr<Slot>> slots_;
};

// What the search of a seat's move may spend: the seat's fixed time, else
// its clock, else untimed_movetime_ms; never more than max_move_ms; stopped
// by the request's flag.
engine::SearchLimits move_search_limits(const MoveRequest& request, const EngineOpponentOptions& options);

// The move a search found, with its display text from the game.
MoveText move_text(const Game& game, const std::string& id);

}  // namespace qi::app
