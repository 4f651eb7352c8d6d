// The codes a refused draughts move can carry (Error::code), one per rule a
// learner can break, each with its sentence in Chinese (the English one is
// the refusal's own message).
#pragma once

#include <array>
#include <string_view>

#include "core/refusal_code.h"

namespace qi::checkers {

inline constexpr std::array kRefusalCodes = {
    RefusalWords{"no_own_piece", "那里没有你的棋子"},
    RefusalWords{"capture_incomplete", "连跳必须跳完：还能继续吃子"},
    RefusalWords{"majority_capture", "必须选吃子最多的路线"},
    RefusalWords{"not_a_legal_capture", "这不是合法的吃子路线"},
    RefusalWords{"capture_compulsory", "有子必吃：这一步必须吃子"},
    RefusalWords{"no_capture", "这里没有可吃的棋子"},
    RefusalWords{"not_diagonal", "棋子只能沿斜线走"},
    RefusalWords{"man_moves_forward", "兵只能向前走"},
    RefusalWords{"one_square_at_a_time", "每次只能斜走一格"},
    RefusalWords{"occupied", "那个格子已经有棋子了"},
    RefusalWords{"path_blocked", "路线被挡住了"},
    RefusalWords{"ambiguous", "有几条路线都符合，请写出完整路线", kNotation},
    RefusalWords{"not_a_move", "看不懂这步棋的写法", kNotation},
    RefusalWords{"not_legal", "这步棋不合规则", kNotation},
};

consteval const char* refusal(const char* code) { return checked_code(kRefusalCodes, code); }

}  // namespace qi::checkers
