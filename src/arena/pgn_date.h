// Today's date as PGN writes it in the Date tag ("2026.11.29").
#pragma once

#include <ctime>
#include <string>

namespace qi::arena {

inline std::string pgn_date_today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char buffer[16];
  std::strftime(buffer, sizeof buffer, "%Y.%m.%d", &local);
  return buffer;
}

}  // namespace qi::arena
