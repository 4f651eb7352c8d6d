#include "engine/level_player.h"

#include <algorithm>

namespace qi::engine {

LevelPlayer::LevelPlayer(int level, std::size_t hash_mb) : level_(std::clamp(level, 1, 10)) {
  engine_.set_hash_mb(hash_mb);
  engine_.options().level = level_;
}

Status LevelPlayer::follow(const Game& game) {
  if (engine_.game_name() != game.name() || engine_.game().variant() != game.variant())
    if (Status s = engine_.set_game(game.name(), game.variant()); !s) return s;
  // The start position: the game with every move taken back.
  std::unique_ptr<Game> start = game.clone();
  while (start->undo()) {
  }
  std::vector<std::string> moves;
  for (const MoveText& m : game.moves_played()) moves.push_back(m.id);
  return engine_.set_position(start->fen(), moves);
}

Expected<std::string> LevelPlayer::choose(const Game& game, SearchLimits limits) {
  if (Status s = follow(game); !s) return s.error();
  if (limits.time_left < 0 && limits.move_time < 0 && !limits.depth && !limits.nodes) limits.move_time = 1000;
  // Tic-tac-toe "no_centre": the engine, second, keeps out of the centre on
  // its first move.
  if (handicap_ == "no_centre" && game.name() == "tictactoe" && game.moves_played().size() == 1)
    for (const MoveText& m : game.legal_moves())
      if (m.id != "b2") limits.search_moves.push_back(m.id);
  SearchResult r = engine_.think(limits);
  if (r.best.empty()) return make_error("no legal move: the game is over");
  return r.best;
}

Expected<Hint> LevelPlayer::hint(const Game& game, int depth) {
  if (Status s = follow(game); !s) return s.error();
  if (game.legal_moves().empty()) return make_error("no legal move: the game is over");
  return engine::hint(engine_, depth);
}

std::unique_ptr<LevelPlayer> make_level_player(int level) { return std::make_unique<LevelPlayer>(level); }

}  // namespace qi::engine
