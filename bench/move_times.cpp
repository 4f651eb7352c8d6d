// How long a level takes over each move of recorded games, as the arena sees
// it (LevelPlayer::choose from entry to return): `qi_move_times GAME LEVEL
// GAMES.pgn [--movetime MS]` replays every game of the file (PGN, read like
// arena openings), asks the level for a move in each position at the given
// fixed time, and prints the slowest moves and the distribution. For finding
// what makes a move overrun its budget.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "arena/openings.h"
#include "engine/level_player.h"
#include "engine/registry.h"

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: qi_move_times GAME LEVEL GAMES.pgn [--movetime MS]\n";
    return 2;
  }
  const std::string game_name = argv[1];
  const int level = std::atoi(argv[2]);
  std::int64_t movetime = 50;
  if (argc >= 6 && std::string(argv[4]) == "--movetime") movetime = std::atoll(argv[5]);
  auto game = qi::make_game(game_name);
  if (!game) return 2;
  auto records = qi::arena::read_openings(argv[3], **game);
  if (!records) {
    std::cerr << records.error().message << "\n";
    return 2;
  }
  struct Sample {
    double ms;
    std::size_t record, ply;
  };
  std::vector<Sample> samples;
  qi::engine::LevelPlayer player(level);
  double worst_arbiter = 0;  // the arbiter's own work before each move
  for (std::size_t r = 0; r < records->size(); ++r) {
    const auto& rec = (*records)[r];
    auto g = qi::make_game(game_name);
    if (!(*g)->set_fen(rec.fen)) continue;
    player.new_game();
    for (std::size_t ply = 0; ply <= rec.moves.size(); ++ply) {
      const auto arbiter_start = std::chrono::steady_clock::now();
      const bool over = (*g)->outcome().over();
      (void)(*g)->draw_claims();
      (void)(*g)->moves_played();
      const double arbiter_ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - arbiter_start).count();
      worst_arbiter = std::max(worst_arbiter, arbiter_ms);
      if (over || (*g)->legal_moves().empty()) break;
      qi::engine::SearchLimits limits;
      limits.move_time = movetime;
      const auto start = std::chrono::steady_clock::now();
      auto move = player.choose(**g, limits);
      const double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      samples.push_back({ms, r + 1, ply});
      if (!move || ply == rec.moves.size() || !(*g)->play(rec.moves[ply])) break;
    }
  }
  if (samples.empty()) return 1;
  std::vector<Sample> sorted = samples;
  std::sort(sorted.begin(), sorted.end(), [](const Sample& a, const Sample& b) { return a.ms > b.ms; });
  std::cout << samples.size() << " moves; median " << sorted[sorted.size() / 2].ms << " ms, 99th percentile "
            << sorted[sorted.size() / 100].ms << " ms; the arbiter's checks before a move at most "
            << worst_arbiter << " ms\n";
  for (std::size_t i = 0; i < std::min<std::size_t>(10, sorted.size()); ++i)
    std::cout << "  " << sorted[i].ms << " ms: game " << sorted[i].record << ", ply " << sorted[i].ply
              << "\n";
  return 0;
}
