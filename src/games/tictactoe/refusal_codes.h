// The codes a refused tic-tac-toe move can carry (Error::code), each with its
// sentence in Chinese (the English one is the refusal's own message).
#pragma once

#include <array>
#include <string_view>

#include "core/refusal_code.h"

namespace qi::tictactoe {

inline constexpr std::array kRefusalCodes = {
    RefusalWords{"occupied", "这个格子已经有棋子了"},
    RefusalWords{"not_a_move", "请选择一个格子（a1–c3）", kNotation},
};

consteval const char* refusal(const char* code) { return checked_code(kRefusalCodes, code); }

}  // namespace qi::tictactoe
