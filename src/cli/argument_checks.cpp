#include "cli/argument_checks.h"

#include <CLI/CLI.hpp>
#include <charconv>
#include <string>

#include "core/utf8.h"

namespace qi::cli {

CLI::Validator whole_number(std::int64_t lo, std::int64_t hi) {
  const std::string range = std::to_string(lo) + " to " + std::to_string(hi);
  return CLI::Validator(
      [lo, hi, range](std::string& input) -> std::string {
        const std::string refusal = "'" + printable(input) + "' is not a whole number from " + range;
        const char* begin = input.data();
        const char* end = begin + input.size();
        if (begin == end || (*begin == '-' && lo >= 0) || *begin == '+') return refusal;
        std::int64_t value = 0;
        auto [stop, error] = std::from_chars(begin, end, value);
        if (error != std::errc{} || stop != end || value < lo || value > hi) return refusal;
        input = std::to_string(value);
        return {};
      },
      "INT in [" + range + "]");
}

CLI::Validator position_text() {
  return CLI::Validator(
      [](std::string& input) -> std::string {
        if (input.find_first_not_of(" \t") != std::string::npos) return {};
        return "an empty FEN is no position (leave --fen out to start from the start position)";
      },
      "FEN");
}

}  // namespace qi::cli
