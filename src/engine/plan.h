// The plan of a quiet move, as facts a beginner can learn from: which piece
// improves, what it aims at, what it prepares. The generic facts (the piece
// and its squares, the enemy pieces it attacks, how many more squares it
// reaches) are found here through the Game interface; each game adds what
// only it knows (chess: development, castling, the centre; xiangqi: 中炮,
// 出车, 过河; checkers: the king row, the back rank) in a planner of its own,
// src/engine/games/<game>/plan.cpp, registered with QI_REGISTER_PLANNER.
// Nothing here knows a game's name.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/game_descriptor.h"
#include "core/words.h"

namespace qi::engine {

// One thing a move does. `id` is stable (an API value); `squares` and
// `piece` name what it concerns, where something does.
struct PlanAim {
  std::string id;                    // develops, castles, centre, attacks, opens_line, more_active, ...
  std::vector<std::string> squares;  // descriptor keys: the squares it controls, the piece it attacks, ...
  std::string piece;                 // the code of a piece it concerns (the one attacked, the one freed)
  Words words;                       // the phrase: "develops the knight" / "出马"
};

struct PlanFacts {
  std::string piece;  // the moved piece's code (descriptor pieces); empty when there is no plan
  Words piece_name;   // in the game's own words
  std::string from, to;
  std::vector<PlanAim> aims;  // most telling first; at least one when `piece` is set
};

// A move seen before and after, for the planners.
class PlanView {
 public:
  // `move` must be legal in `before`.
  PlanView(const Game& before, const MoveText& move);

  const Game& before() const { return before_; }
  const Game& after() const { return *after_; }
  // After the move with the mover to move again (a pass by the opponent),
  // where the game has one; what the moved piece threatens. Null otherwise.
  const Game* again() const { return again_.get(); }
  const VariantDescriptor& descriptor() const { return before_.descriptor(); }
  const MoveText& move() const { return move_; }
  Side us() const { return us_; }
  const std::string& from() const { return move_.squares.front(); }
  const std::string& to() const { return move_.squares.back(); }
  char piece() const { return piece_; }    // the moved piece's code
  char became() const { return became_; }  // its code on arrival (a promotion, a crowning)

  // The code on a square, 0 when empty or not a square.
  char before_at(const std::string& key) const { return at(before_cells_, key); }
  char after_at(const std::string& key) const { return at(after_cells_, key); }
  const PieceLook* look(char code) const;
  bool ours(char code) const;
  bool theirs(char code) const;
  // Where a square is drawn (x from the left, y from the bottom); {-1, -1} when unknown.
  std::pair<int, int> place(const std::string& key) const;
  std::string key_at(int x, int y) const;  // "" when none
  // Rows from the mover's own edge: 0 its back rank.
  int row_from_home(const std::string& key) const;
  int rows() const { return descriptor().board.ranks; }
  int files() const { return descriptor().board.files; }

  // The mover's legal moves before, and again after (empty where again() is null).
  const std::vector<MoveText>& moves_before() const { return moves_before_; }
  const std::vector<MoveText>& moves_again() const { return moves_again_; }
  // Distinct squares a piece reaches from `key` in a move list.
  static int reach(const std::vector<MoveText>& moves, const std::string& key);
  // The enemy pieces the moved piece attacks from its new square (targets
  // of its captures when it moves again), as squares; and whether the
  // opponent could take back on a square after such a capture.
  std::vector<std::string> attacked_from_to() const;
  bool defended_after_capture(const std::string& target) const;

 private:
  char at(const std::string& cells, const std::string& key) const;
  int index_of(const std::string& key) const;

  const Game& before_;
  std::unique_ptr<Game> after_;
  std::unique_ptr<Game> again_;
  MoveText move_;
  Side us_;
  char piece_ = 0, became_ = 0;
  std::string before_cells_, after_cells_;
  std::vector<MoveText> moves_before_, moves_again_;
};

// What a game adds to the generic facts. Every member may be null.
struct Planner {
  // The game's own name for a piece in a plan (xiangqi's 兵 and 卒); the
  // descriptor's name when null.
  Words (*name)(const PlanView& view, char code) = nullptr;
  // A piece's worth in the game's centipawns: an attack on a piece worth
  // more than the attacker is worth telling even when it is defended.
  int (*value)(char code) = nullptr;
  // The game's own aims, most telling first; the generic ones (attacks,
  // more_active) are added after them unless already there.
  void (*aims)(const PlanView& view, std::vector<PlanAim>& out) = nullptr;
};

// Adds a game's planner; a second for the same game replaces the first.
void register_planner(std::string_view game, const Planner& planner);
const Planner* find_planner(std::string_view game);

// The plan of `move_id` in `game` (a legal move), or nullopt when it is not
// legal. Always names the piece; the aims are the game's and the generic ones.
std::optional<PlanFacts> plan_of(const Game& game, const std::string& move_id);

// The sentence of a plan: its aims' phrases joined ("develops the knight,
// controls the centre (d4, e5) and prepares castling" / "出马，控制中心，准备王车易位").
Words plan_words(const PlanFacts& plan);

// Helpers for the planners' phrases.
// "a knight" -> "the knight"; the descriptor's name of a piece, or the planner's.
Words piece_words(const PlanView& view, char code);
// "d4, e5" / "d4、e5".
std::string list_en(const std::vector<std::string>& items);
std::string list_zh(const std::vector<std::string>& items);

}  // namespace qi::engine

// Registers a game's planner when the program starts, in the game's engine
// part (src/engine/games/<game>/plan.cpp).
#define QI_REGISTER_PLANNER(game, planner)                                                  \
  namespace {                                                                               \
  const bool qi_planner_registered = (::qi::engine::register_planner(game, planner), true); \
  }
