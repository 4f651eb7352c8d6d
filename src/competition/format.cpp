#include "competition/format.h"

namespace qi::competition {

Expected<Format> parse_format(std::string_view text) {
  if (text == "round-robin" || text == "rr") return Format::RoundRobin;
  if (text == "double-round-robin" || text == "drr") return Format::DoubleRoundRobin;
  if (text == "knockout" || text == "ko") return Format::Knockout;
  if (text == "best-of-three" || text == "bo3") return Format::BestOfThree;
  return make_error("unknown format '" + std::string(text) +
                    "' (round-robin, double-round-robin, knockout, best-of-three)");
}

std::string format_name(Format f) {
  switch (f) {
    case Format::RoundRobin:
      return "round robin";
    case Format::DoubleRoundRobin:
      return "double round robin";
    case Format::Knockout:
      return "knockout";
    case Format::BestOfThree:
      return "best of three";
  }
  return {};
}

bool is_round_robin(Format f) { return f == Format::RoundRobin || f == Format::DoubleRoundRobin; }

}  // namespace qi::competition
