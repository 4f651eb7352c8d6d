// A player of any game at one of Qi's levels: what `qi play --level N`, the
// arena's "qi:level=N" players and the app use. It follows a qi::Game (start
// position and moves played) and answers with a move id.
//
// For the arena's player factory:
//   if (spec starts with "qi:level=")
//     return make_level_player(game_name, variant, level);
// then call choose(game, limits) for each move (limits from the arena's
// clock: time_left / increment, or move_time), and new_game() between games.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "engine/engine.h"
#include "engine/hint.h"

namespace qi::engine {

class LevelPlayer {
 public:
  LevelPlayer(int level, std::size_t hash_mb = 16);
  // The built-in player: full strength on a fixed budget of kBuiltinNodes
  // nodes a move, whatever the clock says; fast, and the same move every
  // time for the same position (what tests and `qi play` without a level
  // use).
  static std::unique_ptr<LevelPlayer> builtin();

  int level() const { return level_; }
  // The engine's settings beyond the level (threads, the evaluation).
  EngineOptions& options() { return engine_.options(); }
  // The move this level plays in the game's present position. Without
  // limits the level thinks about a second (levels 1-9 stop much earlier on
  // their node limits).
  Expected<std::string> choose(const Game& game, SearchLimits limits = {});
  // The search behind the last move chosen (its score, side to move's view,
  // and depth), for records.
  const SearchResult& last_search() const { return last_search_; }
  // The best move with a reason, at full strength, for the game's position.
  Expected<Hint> hint(const Game& game, int depth = 8);
  void new_game() {
    engine_.new_game();
    synced_.clear();
    in_sync_ = false;
  }
  // A handicap (see handicap.h) the engine gives and must respect beyond the
  // position itself (tic-tac-toe "no_centre": its first move avoids b2).
  void set_handicap(std::string name) { handicap_ = std::move(name); }

 private:
  Status follow(const Game& game);

  int level_;
  std::uint64_t node_budget_ = 0;  // > 0: the built-in player
  Engine engine_;
  std::string handicap_;
  // The moves of the game the engine has seen: when the game only adds
  // moves, the engine plays those instead of replaying the whole game.
  std::vector<std::string> synced_;
  bool in_sync_ = false;
  SearchResult last_search_;
};

std::unique_ptr<LevelPlayer> make_level_player(int level, std::size_t hash_mb = 16);

// The built-in player's budget: enough to see two or three plies and every
// capture at the end of them in chess and xiangqi, and to play tic-tac-toe
// perfectly.
inline constexpr std::uint64_t kBuiltinNodes = 3000;

}  // namespace qi::engine
