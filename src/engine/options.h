// The engine's settings, as the UCI options and the command line set them.
#pragma once

#include <cstdint>

namespace qi::engine {

struct EngineOptions {
  int threads = 1;
  int multipv = 1;
  int level = 10;                   // 1 (beginner) .. 10 (full strength)
  std::int64_t move_overhead = 10;  // ms kept for the GUI and the link
  bool ponder = false;
  // A seed for the levels' choice among good moves; 0: from the clock.
  std::uint64_t seed = 0;
};

}  // namespace qi::engine
