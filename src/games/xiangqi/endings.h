// Xiangqi's endings by its rules (the CXA rules: 将死, 困毙, the rulings on repeated positions, 自然限着):
// each a stable name, stored and sent, and its words (see core/termination.h). The descriptor lists them
// (GameDescriptor::endings).
#pragma once

#include <array>

#include "core/termination.h"

namespace qi::xiangqi::endings {

inline constexpr Termination Checkmate{"checkmate", "{winner} wins: checkmate", "{winner}胜 · 将死"};
inline constexpr Termination StalemateLoss{
    "stalemate_loss", "{winner} wins: {loser} has no legal move (困毙)", "{winner}胜 · {loser}困毙"};
inline constexpr Termination PerpetualCheck{
    "perpetual_check", "{winner} wins: {loser} checked perpetually (长将)", "{winner}胜 · {loser}长将判负"};
inline constexpr Termination PerpetualChase{
    "perpetual_chase", "{winner} wins: {loser} chased perpetually (长捉)", "{winner}胜 · {loser}长捉判负"};
inline constexpr Termination CheckAndChase{
    "check_and_chase", "{winner} wins: {loser} checked and chased in turn, perpetually (一将一捉)",
    "{winner}胜 · {loser}一将一捉判负"};
inline constexpr Termination MutualPerpetualCheck{
    "mutual_perpetual_check", "draw: both sides checked perpetually (双方长将)", "和棋 · 双方长将，不变作和"};
inline constexpr Termination MutualPerpetualChase{"mutual_perpetual_chase",
                                                  "draw: both sides attacked perpetually (双方长打)",
                                                  "和棋 · 双方长打，不变作和"};
inline constexpr Termination RepetitionDraw{
    "repetition_draw", "draw: the position repeated three times and neither side broke a rule (不变作和)",
    "和棋 · 不变作和：同一局面循环三次，双方均无犯规", "repetition"};
inline constexpr Termination MoveLimit{"move_limit", "draw: no capture in {n} moves by each side (自然限着)",
                                       "和棋 · 自然限着：双方各 {n} 步未吃子"};
inline constexpr Termination NoAttackingMaterial{
    "no_attacking_material", "draw: neither side has a piece that can cross the river",
    "和棋 · 双方都没有能过河进攻的棋子", "insufficient_material"};

inline constexpr std::array kAll = {Checkmate,     StalemateLoss,        PerpetualCheck,       PerpetualChase,
                                    CheckAndChase, MutualPerpetualCheck, MutualPerpetualChase, RepetitionDraw,
                                    MoveLimit,     NoAttackingMaterial};
static_assert(names_are_distinct(kAll));

}  // namespace qi::xiangqi::endings
