// Checks on option values that CLI11 alone lets through: it reads "-1" into
// an unsigned option as its largest value (so `--nodes -1` searched for
// ever), "0x10" as 16 and "010" as 8, and an empty --fen as no --fen at all.
#pragma once

#include <cstdint>

namespace CLI {
class Validator;
}

namespace qi::cli {

// A whole number in decimal digits (a '-' only where lo is below 0) from lo
// to hi; the message names the range. The value is handed on in plain
// decimal, so that CLI11 cannot read leading zeros as octal: add it with
// transform(), not check() (check() hands the value on unchanged).
CLI::Validator whole_number(std::int64_t lo, std::int64_t hi);

// A position: some text other than spaces. Leaving the option out is how to
// ask for the start position.
CLI::Validator position_text();

}  // namespace qi::cli
