// The codes a refused draughts move can carry (Error::code), one per rule a
// learner can break; the page has a sentence for each in every language.
#pragma once

#include <array>
#include <string_view>

#include "core/refusal_code.h"

namespace qi::checkers {

inline constexpr std::array<std::string_view, 14> kRefusalCodes = {
    "no_own_piece",         "capture_incomplete", "majority_capture", "not_a_legal_capture",
    "capture_compulsory",   "no_capture",         "not_diagonal",     "man_moves_forward",
    "one_square_at_a_time", "occupied",           "path_blocked",     "ambiguous",
    "not_a_move",           "not_legal",
};

consteval const char* refusal(const char* code) { return checked_code(kRefusalCodes, code); }

}  // namespace qi::checkers
