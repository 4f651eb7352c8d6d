// The words of a protocol command line, and the few ways a word is read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"

namespace qi::protocol {

// The line's words, split at any run of white space.
std::vector<std::string> split_words(std::string_view line);

// A whole number in [lo, hi] (clamped, as engines take an out-of-range
// value), or nullopt when the text is not a whole number in decimal.
std::optional<std::int64_t> whole_number(std::string_view text, std::int64_t lo, std::int64_t hi);

// A whole decimal number within [lo, hi], nothing clamped: else why not
// ("not a whole decimal number", "out of range").
Expected<std::int64_t> number_in_range(std::string_view text, std::int64_t lo, std::int64_t hi);

// A check option's value: true, on or 1 (UCCI's engines take "on" too).
bool is_true(std::string_view value);

// A word of the GUI's as an answer may quote it: at most about 60 bytes,
// cut between characters, bytes that are not UTF-8 and control characters
// as \xNN.
std::string quoted(std::string_view word);

}  // namespace qi::protocol
