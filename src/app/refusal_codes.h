// The codes of the app's own refusals (Error::code): the rules of play the
// session adds to the referee's (seats, undo, hints), each with its Chinese
// sentence, as the games list theirs.
#pragma once

#include <array>
#include <string_view>

#include "core/refusal_code.h"

namespace qi::app {

inline constexpr std::array kRefusalCodes = {
    RefusalWords{"engine_seat", "这一方由引擎执子"},
    RefusalWords{"not_your_turn", "还没轮到你走"},
    RefusalWords{"not_engine_turn", "还没轮到引擎走"},
    RefusalWords{"undo_rated", "等级分对局不能悔棋"},
    RefusalWords{"undo_after_time", "对局已因超时判定，不能悔棋"},
    RefusalWords{"nothing_to_undo", "你还没有走过棋，无棋可悔"},
    RefusalWords{"nothing_to_redo", "没有可以重走的棋"},
    RefusalWords{"hint_own_turn", "只能在轮到自己走时请求提示"},
    RefusalWords{"record_unreadable", "无法读取这份棋谱"},
    RefusalWords{"undo_aborted", "对局已取消，不能悔棋"},
    RefusalWords{"abort_too_late", "双方都已走出第一步，对局不能再取消：可以认输"},
    RefusalWords{"opponent_present", "对方还在对局中，不能判对方离开"},
    RefusalWords{"abandon_claim_early", "双方走出第一步之前，离开的对局只能取消"},
    RefusalWords{"claim_win_cannot_win", "你已不可能取胜，只能要求判和"},
    RefusalWords{"not_saved", "这一改动未能存入数据库（服务器会重试）"},
    RefusalWords{"remove_rated", "等级分对局不能删除：它的结果计入等级分"},
    RefusalWords{"busy", "引擎正忙于你之前的请求，请稍后再试"},
};

consteval const char* refusal(const char* code) { return checked_code(kRefusalCodes, code); }

}  // namespace qi::app
