// Chess's endings by its rules (FIDE Laws of Chess, articles 5 and 9): each a stable name, stored and sent,
// and its words (see core/termination.h). The descriptor lists them (GameDescriptor::endings).
#pragma once

#include <array>

#include "core/termination.h"

namespace qi::chess::endings {

inline constexpr Termination Checkmate{"checkmate", "{winner} wins: checkmate", "{winner}胜 · 将死"};
inline constexpr Termination Stalemate{"stalemate",
                                       "draw: stalemate ({side} has no legal move and is not in check)",
                                       "和棋 · 逼和：{side}无子可动且未被将军"};
inline constexpr Termination DeadPosition{"dead_position",
                                          "draw: dead position (neither side has the pieces to checkmate)",
                                          "和棋 · 死局：双方都不可能将死对方"};
inline constexpr Termination ThreefoldRepetition{
    "threefold_repetition", "draw: threefold repetition (the same position has appeared three times)",
    "和棋 · 同一局面出现三次"};
inline constexpr Termination FivefoldRepetition{
    "fivefold_repetition", "draw: fivefold repetition (the same position has appeared five times)",
    "和棋 · 同一局面出现五次"};
inline constexpr Termination FiftyMoves{
    "fifty_moves", "draw: fifty-move rule (50 moves by each side without a capture or a pawn move)",
    "和棋 · 五十回合规则：双方各 50 步未吃子、未动兵"};
inline constexpr Termination SeventyFiveMoves{
    "seventy_five_moves",
    "draw: seventy-five-move rule (75 moves by each side without a capture or a pawn move)",
    "和棋 · 七十五回合规则：双方各 75 步未吃子、未动兵"};

inline constexpr std::array kAll = {Checkmate,          Stalemate,  DeadPosition,    ThreefoldRepetition,
                                    FivefoldRepetition, FiftyMoves, SeventyFiveMoves};
static_assert(names_are_distinct(kAll));

}  // namespace qi::chess::endings
