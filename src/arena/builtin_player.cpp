#include "arena/builtin_player.h"

#include <charconv>
#include <mutex>

#include "core/random.h"
#include "engine/level_player.h"
#include "engine/levels.h"

namespace qi::arena {
namespace {

std::mutex factory_mutex;
LevelPlayerFactory& level_factory() {
  static LevelPlayerFactory factory;
  return factory;
}

// Plays without a process: it can neither crash nor hang.
class InProcessPlayer : public Player {
 public:
  explicit InProcessPlayer(std::string name) : name_(std::move(name)) {}
  const std::string& name() const override { return name_; }
  Status start() override { return Ok{}; }
  bool alive() const override { return true; }
  void quit() override {}

 private:
  std::string name_;
};

class RandomPlayer : public InProcessPlayer {
 public:
  using InProcessPlayer::InProcessPlayer;
  Status new_game(std::uint64_t seed) override {
    rng_ = SplitMix64(seed);
    return Ok{};
  }
  MoveReply go(const MoveRequest& request) override {
    if (!request.position) return MoveReply::failed(Failure::Protocol, "no position given");
    std::vector<MoveText> moves = request.position->legal_moves();
    if (moves.empty()) return MoveReply::failed(Failure::Protocol, "no legal move");
    MoveReply reply;
    reply.move = moves[static_cast<std::size_t>(rng_.below(moves.size()))].id;
    return reply;
  }

 private:
  SplitMix64 rng_{0};
};

// Qi's engine at one of its levels, in this process. The arena's clock goes to
// the engine's time manager as a UCI "go" would carry it.
// qi:builtin is the same engine on the built-in player's fixed node budget.
class LevelEnginePlayer : public InProcessPlayer {
 public:
  LevelEnginePlayer(std::string name, std::unique_ptr<engine::LevelPlayer> player)
      : InProcessPlayer(std::move(name)), player_(std::move(player)) {}
  Status new_game(std::uint64_t) override {
    player_->new_game();
    return Ok{};
  }
  MoveReply go(const MoveRequest& request) override {
    if (!request.position) return MoveReply::failed(Failure::Protocol, "no position given");
    engine::SearchLimits limits;
    const int us = index(request.side);
    if (request.movetime_ms > 0) {
      limits.move_time = request.movetime_ms;
    } else if (request.time_ms[us] > 0) {
      limits.time_left = request.time_ms[us];
      limits.opponent_time = request.time_ms[1 - us];
      limits.increment = limits.opponent_increment = request.increment_ms;
      limits.moves_to_go = request.moves_to_go;
    }
    limits.depth = static_cast<int>(request.depth);
    limits.nodes = static_cast<std::uint64_t>(request.nodes);
    Expected<std::string> move = player_->choose(*request.position, limits);
    if (!move) return MoveReply::failed(Failure::Protocol, move.error().message);
    MoveReply reply;
    reply.move = *move;
    const engine::SearchResult& search = player_->last_search();
    if (engine::is_mate_score(search.score))
      reply.mate_in = engine::mate_moves(search.score);
    else
      reply.score_cp = search.score;
    reply.depth = search.depth;
    return reply;
  }

 private:
  std::unique_ptr<engine::LevelPlayer> player_;
};

}  // namespace

void set_level_player_factory(LevelPlayerFactory factory) {
  std::lock_guard lock(factory_mutex);
  level_factory() = std::move(factory);
}

Expected<std::unique_ptr<Player>> make_builtin_player(std::string_view spec, std::string name,
                                                      std::string_view game, std::string_view variant,
                                                      std::size_t hash_mb) {
  if (name.empty()) name = "qi:" + std::string(spec);
  if (spec == "random") return std::unique_ptr<Player>(std::make_unique<RandomPlayer>(name));
  if (spec == "builtin")
    return std::unique_ptr<Player>(std::make_unique<LevelEnginePlayer>(name, engine::LevelPlayer::builtin()));
  if (spec.rfind("level=", 0) == 0) {
    std::string_view digits = spec.substr(6);
    int level = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), level);
    if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size() || level < 1 ||
        level > engine::kMaxLevel)
      return make_error("qi:" + std::string(spec) + ": the level must be a whole number from 1 to " +
                        std::to_string(engine::kMaxLevel));
    LevelPlayerFactory factory;
    {
      std::lock_guard lock(factory_mutex);
      factory = level_factory();
    }
    if (factory) return factory(level, game, variant);  // a stand-in installed by a test
    return std::unique_ptr<Player>(std::make_unique<LevelEnginePlayer>(
        name, hash_mb > 0 ? engine::make_level_player(level, hash_mb) : engine::make_level_player(level)));
  }
  return make_error("qi:" + std::string(spec) +
                    ": unknown built-in player (qi:random, qi:builtin, qi:level=N)");
}

}  // namespace qi::arena
