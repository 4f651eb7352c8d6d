// The codes a refused chess move can carry (Error::code), one per rule a
// learner can break, each with its sentence in Chinese (the English one is
// the refusal's own message).
#pragma once

#include <array>
#include <string_view>

#include "core/refusal_code.h"

namespace qi::chess {

inline constexpr std::array kRefusalCodes = {
    RefusalWords{"not_a_square", "这不是棋盘上的格子", kNotation},
    RefusalWords{"no_own_piece", "那个格子上没有你的棋子"},
    RefusalWords{"must_move", "棋子必须走到另一个格子", kNotation},
    RefusalWords{"promotion_only_pawn", "只有走到底线的兵才能升变", kNotation},
    RefusalWords{"promotion_required", "兵走到底线必须升变为后、车、象或马"},
    RefusalWords{"promotion_piece", "兵只能升变为后、车、象或马", kNotation},
    RefusalWords{"castle_king_moved", "不能王车易位：王已经走动过"},
    RefusalWords{"castle_rook_moved", "不能王车易位：这一侧的车已经走动过"},
    RefusalWords{"castle_rook_captured", "不能王车易位：这一侧的车已被吃掉"},
    RefusalWords{"castle_no_rook", "不能王车易位：这一侧没有车"},
    RefusalWords{"castle_rights_lost", "不能王车易位：王或这一侧的车已经走动过"},
    RefusalWords{"castle_in_check", "被将军时不能王车易位"},
    RefusalWords{"castle_path_occupied", "不能王车易位：王和车之间有棋子"},
    RefusalWords{"castle_through_check", "不能王车易位：王不能经过受攻击的格子"},
    RefusalWords{"castle_into_check", "不能王车易位：易位后王会被将军"},
    RefusalWords{"castle_not_legal", "现在不能王车易位"},
    RefusalWords{"castle_notation", "王每次只走一格（王车易位写作 O-O 或 O-O-O）", kNotation},
    RefusalWords{"pawn_backwards", "兵不能后退"},
    RefusalWords{"pawn_move_shape", "兵只能向前走一格，从原始位置可以走两格"},
    RefusalWords{"pawn_blocked", "兵的前方被挡住了"},
    RefusalWords{"pawn_captures_diagonally", "兵的前方被挡住了：兵只能斜着吃子，不能直着吃"},
    RefusalWords{"en_passant_immediately", "吃过路兵只能在对方的兵走两格之后立即进行"},
    RefusalWords{"pawn_diagonal_needs_capture", "兵只有吃子时才能斜走，那里没有可吃的棋子"},
    RefusalWords{"occupied_own", "目标格上是你自己的棋子"},
    RefusalWords{"knight_move_shape", "马走“日”字：沿横线或直线走两格，再向旁边走一格"},
    RefusalWords{"bishop_move_shape", "象只能斜走"},
    RefusalWords{"rook_move_shape", "车只能沿横线或直线走"},
    RefusalWords{"queen_move_shape", "后只能沿横线、直线或斜线走"},
    RefusalWords{"king_move_shape", "王每次只能向任意方向走一格"},
    RefusalWords{"path_blocked", "行棋路线上有棋子挡住"},
    RefusalWords{"king_into_check", "王不能走到受攻击的格子"},
    RefusalWords{"check_not_answered", "你的王正被将军，这步棋没有解除将军"},
    RefusalWords{"en_passant_exposes_king", "吃过路兵会让两个兵同时离开这一横线，使王受到攻击"},
    RefusalWords{"pinned", "这个棋子被牵制了：走开会让王受到攻击"},
    RefusalWords{"king_left_in_check", "走这步棋后王会被将军"},
    RefusalWords{"not_legal", "这步棋不合规则", kNotation},
    RefusalWords{"no_such_piece", "你没有这样的棋子", kNotation},
    RefusalWords{"no_piece_reaches", "没有棋子能走到那个格子"},
    RefusalWords{"nothing_to_capture", "那个格子上没有可吃的棋子", kNotation},
    RefusalWords{"ambiguous", "有几个棋子都能走这步，请写明是哪一个", kNotation},
    RefusalWords{"not_a_move", "看不懂这步棋的写法", kNotation},
    RefusalWords{"null_move", "空着（不走棋）只出现在棋谱里，对局中必须走一步棋", kNotation},
    RefusalWords{"null_move_in_check", "被将军时不能空着", kNotation},
};

consteval const char* refusal(const char* code) { return checked_code(kRefusalCodes, code); }

}  // namespace qi::chess
