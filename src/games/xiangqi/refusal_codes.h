// The codes a refused xiangqi move can carry (Error::code), one per rule a
// learner can break, each with its sentence in Chinese (the English one is
// the refusal's own message).
#pragma once

#include <array>
#include <string_view>

#include "core/refusal_code.h"

namespace qi::xiangqi {

inline constexpr std::array kRefusalCodes = {
    RefusalWords{"no_such_point", "棋盘上没有这个点", kNotation},
    RefusalWords{"no_own_piece", "那里没有你的棋子"},
    RefusalWords{"must_move", "棋子必须走到另一个点", kNotation},
    RefusalWords{"occupied_own", "目标点上是你自己的棋子"},
    RefusalWords{"general_move_shape", "将（帅）每次只能沿直线或横线走一步"},
    RefusalWords{"general_leaves_palace", "将（帅）不能走出九宫"},
    RefusalWords{"advisor_move_shape", "士每次只能斜走一步"},
    RefusalWords{"advisor_leaves_palace", "士不能走出九宫"},
    RefusalWords{"elephant_move_shape", "象走“田”字：斜走两步"},
    RefusalWords{"elephant_crosses_river", "象不能过河"},
    RefusalWords{"elephant_eye_blocked", "塞象眼：象眼被堵住了"},
    RefusalWords{"horse_move_shape", "马走“日”字：先直走一步，再斜走一步"},
    RefusalWords{"horse_leg_blocked", "蹩马腿：马腿被挡住了"},
    RefusalWords{"chariot_move_shape", "车只能沿直线或横线走"},
    RefusalWords{"chariot_path_blocked", "车的路线被挡住了"},
    RefusalWords{"cannon_move_shape", "炮只能沿直线或横线走"},
    RefusalWords{"cannon_path_blocked", "炮不吃子时，路线上不能有棋子"},
    RefusalWords{"cannon_needs_screen", "炮吃子必须隔一个棋子（炮架），中间没有棋子"},
    RefusalWords{"cannon_one_screen", "炮吃子只能隔一个棋子，中间的棋子太多"},
    RefusalWords{"soldier_backwards", "兵（卒）不能后退"},
    RefusalWords{"soldier_one_step", "兵（卒）每次只能走一步"},
    RefusalWords{"soldier_sideways_before_river", "兵（卒）过河以后才能横走"},
    RefusalWords{"flying_general", "将帅不能照面：两者之间不能没有棋子"},
    RefusalWords{"general_left_in_check", "走这步棋后自己的将（帅）会被将军"},
    RefusalWords{"not_legal", "这步棋不合规则", kNotation},
    RefusalWords{"ambiguous", "同一路上有两个相同的棋子能走这步，请用前、后区分", kNotation},
    RefusalWords{"ambiguous_square", "有几个相同的棋子能走到这个点，请写明它从哪一路或哪一线出发", kNotation},
    RefusalWords{"not_a_move", "看不懂这步棋的记法", kNotation},
    RefusalWords{"no_such_piece", "没有这样的棋子"},
    RefusalWords{"cannot_move_so", "这个棋子不能这样走", kNotation},
};

consteval const char* refusal(const char* code) { return checked_code(kRefusalCodes, code); }

}  // namespace qi::xiangqi
