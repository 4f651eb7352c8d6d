// The codes of the app's own refusals (Error::code): the rules of play the
// session adds to the referee's (seats, undo and takebacks, hints), each with its Chinese
// sentence, as the games list theirs.
#pragma once

#include <array>
#include <string_view>

#include "core/expected.h"
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
    RefusalWords{"record_ambiguous", "这份棋谱几种棋都能读：请选择棋种"},
    RefusalWords{"undo_aborted", "对局已取消，不能悔棋"},
    RefusalWords{"abort_too_late", "双方都已走出第一步，对局不能再取消：可以认输"},
    RefusalWords{"opponent_present", "对方还在对局中，不能判对方离开"},
    RefusalWords{"abandon_claim_early", "双方走出第一步之前，离开的对局只能取消"},
    RefusalWords{"claim_win_cannot_win", "你已不可能取胜，只能要求判和"},
    RefusalWords{"not_saved", "这一改动未能存入数据库"},
    RefusalWords{"store_unavailable", "暂时无法读取数据库，请稍后再试"},
    RefusalWords{"game_damaged", "这盘棋在数据库中的记录已损坏，无法读取；其他对局不受影响"},
    RefusalWords{"stale", "对局刚刚在别处有了变化，请在最新的局面上再试一次"},
    RefusalWords{"remove_rated", "等级分对局不能删除：它的结果计入等级分"},
    RefusalWords{"name_taken", "这个名字（或与它形似的名字）已经有人用了"},
    RefusalWords{"password_required", "本服务器使用账号：新建档案需要设置密码"},
    RefusalWords{"profile_protected", "这个档案有密码保护：请以它的主人身份登录，或输入它的密码"},
    RefusalWords{"wrong_password", "名字或密码不对"},
    RefusalWords{"password_rules", "密码要有8到256个字节"},
    RefusalWords{"name_rules",
                 "名字要有1到32个字符，不能含有看不见的字符或改变文字方向的字符，也不能混用字形相像的文字"},
    RefusalWords{"profile_unclaimed",
                 "这个档案还没有密码，而本服务器使用账号：档案的主人要用认领码为它设置密码"},
    RefusalWords{"wrong_claim_code", "这不是这个档案的认领码（或它已经用过了）"},
    RefusalWords{"rate_limited", "同一地址的这类请求太多了，请稍后再试"},
    RefusalWords{"busy", "服务器正忙，请稍后再试"},
    RefusalWords{"internal", "服务器出错了，未能回答这个请求"},
    RefusalWords{"seat_open", "对局还没开始：空着的座位还没有人坐下"},
    RefusalWords{"seat_taken", "这个座位已经有人坐了"},
    RefusalWords{"wrong_invite", "这个邀请码不属于这盘棋的任何座位"},
    RefusalWords{"rematch_not_over", "对局结束后才能再来一盘"},
    RefusalWords{"rematch_open_seat", "有座位空着的对局不能再来一盘"},
    RefusalWords{"no_such_challenge", "没有这个挑战，或它已过期"},
    RefusalWords{"challenge_taken", "这个挑战已经被别人接受了"},
    RefusalWords{"wrong_secret", "这不是这个挑战的密钥"},
    RefusalWords{"too_many_challenges", "开放的挑战太多了，请稍后再试"},
    RefusalWords{"rated_needs_profile", "等级分对局的每个座位都需要一个玩家档案"},
    RefusalWords{"own_challenge", "不能和自己下等级分对局"},
    RefusalWords{"takeback_needs_consent", "对方在另一台设备上下棋：请提议悔棋，对方同意后才会悔棋"},
    RefusalWords{"redo_others_moves", "悔掉的棋里有对方的着法：不能替对方重走"},
    RefusalWords{"takeback_not_needed", "和引擎下棋悔棋不必询问：直接悔棋即可"},
    RefusalWords{"takeback_pending", "你的悔棋请求正在等待对方答复"},
    RefusalWords{"takeback_proposed_to_you", "对方请求悔棋：请同意或拒绝"},
    RefusalWords{"takeback_declined", "对方拒绝了你在这个局面的悔棋请求；下一步棋之后可以再提"},
    RefusalWords{"no_takeback_proposed", "对方没有向你请求悔棋"},
    RefusalWords{"no_takeback_to_withdraw", "你没有可以撤回的悔棋请求"},
    RefusalWords{"login_required", "请先登录：组织比赛需要一个有密码的账号"},
    RefusalWords{"bad_setting", "比赛的这项设置不符合规则"},
    RefusalWords{"too_many_tournaments", "你正在组织的比赛太多了：先结束一些再新建"},
    RefusalWords{"no_tournament", "没有这个比赛"},
    RefusalWords{"tournament_damaged", "这个比赛在数据库中的记录已损坏，无法读取"},
    RefusalWords{"no_player", "没有这个玩家档案"},
    RefusalWords{"tournament_over", "比赛已经结束"},
    RefusalWords{"tournament_started", "循环赛开始后不能再报名"},
    RefusalWords{"already_entered", "这个玩家已经报名了"},
    RefusalWords{"tournament_full", "比赛的人数已满"},
    RefusalWords{"not_organiser", "只有比赛的组织者才能这样做"},
    RefusalWords{"no_entrant", "比赛中没有这名棋手"},
    RefusalWords{"no_board", "这一轮没有这个台次"},
    RefusalWords{"bad_result", "成绩只能是1-0、0-1、和棋，或弃权"},
    RefusalWords{"no_game", "这名棋手在本轮没有对局"},
    RefusalWords{"round_incomplete", "本轮还有对局没有结果，不能开始下一轮"},
    RefusalWords{"no_rounds_left", "比赛的所有轮次都已经赛完"},
    RefusalWords{"too_few_entrants", "比赛至少要有两名棋手"},
    RefusalWords{"cannot_pair", "按照编排规则，这一轮无法编排"},
    RefusalWords{"not_your_board", "只有这一台的两名棋手才能报告它的结果"},
    RefusalWords{"result_known", "这一台已经有结果了：更正要由组织者来做"},
};

consteval const char* refusal(const char* code) { return checked_code(kRefusalCodes, code); }

// A change the store did not take, refused with the store's own words, and
// whether the store goes on trying to save it (Store::retries_failed_saves).
inline Error not_saved(const Status& st, bool retried) {
  return make_error(refusal("not_saved"),
                    st.error().message + (retried ? " (the server tries again to save it)" : ""));
}

}  // namespace qi::app
