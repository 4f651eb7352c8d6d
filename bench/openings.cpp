// Start positions for matches: `qi_openings GAME COUNT [--plies P] [--seed S]
// [--max-score CP] [--variant V]` prints COUNT distinct openings as PGN games
// (moves from the standard start, so engines without FEN support can play
// them), each P random legal plies kept only when a short full-strength
// search (depth 6) scores the position within CP of level, so a match does
// not open with a piece already lost. The arena reads them with --openings.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <set>
#include <string>
#include <string_view>

#include "core/random.h"
#include "engine/engine.h"
#include "engine/registry.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: qi_openings GAME COUNT [--plies P] [--seed S] [--max-score CP] [--variant V]\n";
    return 2;
  }
  const std::string game_name = argv[1];
  const int count = std::atoi(argv[2]);
  int plies = 4, max_score = 60;
  std::uint64_t seed = 1;
  std::string variant;
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string_view flag = argv[i];
    if (flag == "--plies")
      plies = std::atoi(argv[i + 1]);
    else if (flag == "--seed")
      seed = std::strtoull(argv[i + 1], nullptr, 10);
    else if (flag == "--max-score")
      max_score = std::atoi(argv[i + 1]);
    else if (flag == "--variant")
      variant = argv[i + 1];
    else {
      std::cerr << "qi_openings: unknown option " << flag << "\n";
      return 2;
    }
  }
  auto game = qi::make_game(game_name, variant);
  if (!game) {
    std::cerr << "qi_openings: " << game.error().message << "\n";
    return 2;
  }
  qi::engine::Engine engine;
  if (qi::Status s = engine.set_game(game_name, variant); !s) {
    std::cerr << "qi_openings: " << s.error().message << "\n";
    return 2;
  }
  qi::SplitMix64 random(seed);
  std::set<std::string> seen;
  for (int tries = 0; static_cast<int>(seen.size()) < count && tries < count * 100; ++tries) {
    (*game)->reset();
    bool ok = true;
    for (int p = 0; p < plies && ok; ++p) {
      const auto moves = (*game)->legal_moves();
      if (moves.empty())
        ok = false;
      else
        ok = static_cast<bool>((*game)->play(moves[random.next() % moves.size()].id));
    }
    if (!ok || (*game)->legal_moves().empty()) continue;
    const std::string fen = (*game)->fen();
    if (seen.count(fen)) continue;
    if (!engine.set_position(fen, {})) continue;
    qi::engine::SearchLimits limits;
    limits.depth = 6;
    const qi::engine::SearchResult r = engine.think(limits);
    if (r.score > max_score || r.score < -max_score) continue;
    seen.insert(fen);
    std::cout << "[Event \"opening " << seen.size() << "\"]\n\n";
    const auto played = (*game)->moves_played();
    for (std::size_t i = 0; i < played.size(); ++i)
      std::cout << (i % 2 == 0 ? std::to_string(i / 2 + 1) + ". " : std::string()) << played[i].id << ' ';
    std::cout << "*\n\n";
  }
  return static_cast<int>(seen.size()) == count ? 0 : 1;
}
