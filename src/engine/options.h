// The engine's settings, as the UCI options and the command line set them.
#pragma once

#include <cstdint>
#include <string>

namespace qi::engine {

struct EngineOptions {
  int threads = 1;
  int multipv = 1;
  int level = 10;                   // 1 (beginner) .. 10 (full strength)
  std::int64_t move_overhead = 10;  // ms kept for the GUI and the link
  bool ponder = false;
  // At full strength, the learned evaluation where a game has one (chess)
  // instead of the hand-written one: on by default, since it plays better
  // (docs/strength.md, *A learned evaluation*).
  bool use_network = true;
  // Whether searches and evaluations use it: only level 10 does (levels 1-9
  // keep the hand-written evaluation docs/levels.md measured).
  bool network_evaluation() const { return use_network && level >= 10; }
  // Qi's own opening book (engine/own_book.h), played at level 10 only,
  // like the tables below, and only in searches that play a move (not in
  // analysis: an infinite search, MultiPV, a depth or a move list asked for).
  bool own_book = true;
  bool own_book_in_use() const { return own_book && level >= 10; }
  // A seed for the levels' choice among good moves; 0: from the clock.
  std::uint64_t seed = 0;
  // Where endgame tables are (English checkers, docs/checkers-endgame.md):
  // empty for the default (QI_EGDB, else "egdb" beside the executable).
  std::string egdb_path;
  // Off where a search must not depend on which tables happen to be
  // installed or loaded yet (qi bench, whose node count is a signature).
  bool use_endgame_tables = true;
  // Whether searches use them: at level 10 only, so the calibrated ladder of
  // levels 1-9 plays as it was measured.
  bool endgame_tables_in_use() const { return use_endgame_tables && level >= 10; }
};

}  // namespace qi::engine
