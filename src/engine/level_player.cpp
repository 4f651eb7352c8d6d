#include "engine/level_player.h"

#include <algorithm>

#include "engine/handicap.h"

namespace qi::engine {

LevelPlayer::LevelPlayer(int level, std::size_t hash_mb) : level_(std::clamp(level, 1, 10)) {
  engine_.set_hash_mb(hash_mb);
  engine_.options().level = level_;
}

std::unique_ptr<LevelPlayer> LevelPlayer::builtin() {
  auto p = std::make_unique<LevelPlayer>(kMaxLevel, 1);
  p->node_budget_ = kBuiltinNodes;
  p->engine_.options().threads = 1;
  return p;
}

Status LevelPlayer::follow(const Game& game) {
  const std::vector<MoveText> played = game.moves_played();
  const bool same_game = engine_.game_name() == game.name() && engine_.game().variant() == game.variant();
  if (same_game && in_sync_ && !synced_.empty() && played.size() >= synced_.size()) {
    bool prefix = true;
    for (std::size_t i = 0; i < synced_.size() && prefix; ++i) prefix = played[i].id == synced_[i];
    if (prefix) {
      std::vector<std::string> more;
      for (std::size_t i = synced_.size(); i < played.size(); ++i) more.push_back(played[i].id);
      if (Status s = engine_.push_moves(more); s) {
        synced_.insert(synced_.end(), more.begin(), more.end());
        return Ok{};
      }
    }
  }
  in_sync_ = false;
  if (!same_game)
    if (Status s = engine_.set_game(game.name(), game.variant()); !s) return s;
  std::vector<std::string> moves;
  for (const MoveText& m : played) moves.push_back(m.id);
  if (Status s = engine_.set_position(game.initial_fen(), moves); !s) return s;
  synced_ = std::move(moves);
  in_sync_ = true;
  return Ok{};
}

Expected<std::string> LevelPlayer::choose(const Game& game, SearchLimits limits) {
  if (Status s = follow(game); !s) return s.error();
  if (node_budget_ > 0) limits = SearchLimits{.nodes = node_budget_};
  if (limits.time_left < 0 && limits.move_time < 0 && !limits.depth && !limits.nodes) limits.move_time = 1000;
  // A handicap that binds the giver's first move (tic-tac-toe's no centre).
  if (const HandicapInfo* h = find_handicap(game, handicap_); h && !h->giver_avoids.empty()) {
    const std::size_t plies = game.moves_played().size();
    const bool first_own_move = plies == 0 || (plies == 1 && game.side_to_move() != Side::First);
    if (first_own_move)
      for (const MoveText& m : game.legal_moves())
        if (std::find(h->giver_avoids.begin(), h->giver_avoids.end(), m.squares.back()) ==
            h->giver_avoids.end())
          limits.search_moves.push_back(m.id);
  }
  last_search_ = engine_.think(limits);
  if (last_search_.best.empty()) return make_error("no legal move: the game is over");
  return last_search_.best;
}

Expected<Hint> LevelPlayer::hint(const Game& game, int depth) {
  if (Status s = follow(game); !s) return s.error();
  if (game.legal_moves().empty()) return make_error("no legal move: the game is over");
  return engine::hint(engine_, depth);
}

std::unique_ptr<LevelPlayer> make_level_player(int level, std::size_t hash_mb) {
  return std::make_unique<LevelPlayer>(level, hash_mb);
}

}  // namespace qi::engine
