// The codes a refused tic-tac-toe move can carry (Error::code); the page has a
// sentence for each in every language.
#pragma once

#include <array>
#include <string_view>

#include "core/refusal_code.h"

namespace qi::tictactoe {

inline constexpr std::array<std::string_view, 2> kRefusalCodes = {"occupied", "not_a_move"};

consteval const char* refusal(const char* code) { return checked_code(kRefusalCodes, code); }

}  // namespace qi::tictactoe
