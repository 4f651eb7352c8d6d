// The codes a refused xiangqi move can carry (Error::code), one per rule a
// learner can break; the page has a sentence for each in every language.
#pragma once

#include <array>
#include <string_view>

#include "core/refusal_code.h"

namespace qi::xiangqi {

inline constexpr std::array<std::string_view, 29> kRefusalCodes = {
    "no_such_point",
    "no_own_piece",
    "must_move",
    "occupied_own",
    "general_move_shape",
    "general_leaves_palace",
    "advisor_move_shape",
    "advisor_leaves_palace",
    "elephant_move_shape",
    "elephant_crosses_river",
    "elephant_eye_blocked",
    "horse_move_shape",
    "horse_leg_blocked",
    "chariot_move_shape",
    "chariot_path_blocked",
    "cannon_move_shape",
    "cannon_path_blocked",
    "cannon_needs_screen",
    "cannon_one_screen",
    "soldier_backwards",
    "soldier_one_step",
    "soldier_sideways_before_river",
    "flying_general",
    "general_left_in_check",
    "not_legal",
    "ambiguous",
    "not_a_move",
    "no_such_piece",
    "cannot_move_so",
};

consteval const char* refusal(const char* code) { return checked_code(kRefusalCodes, code); }

}  // namespace qi::xiangqi
