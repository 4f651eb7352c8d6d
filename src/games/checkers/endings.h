// The endings of checkers and draughts by their rules (ACF, FMJD, and the Russian and Brazilian federations'
// draw rules; docs/rules.md): each a stable name, stored and sent, and its words (see core/termination.h).
// The descriptor lists them (GameDescriptor::endings).
#pragma once

#include <array>

#include "core/termination.h"

namespace qi::checkers::endings {

inline constexpr Termination NoPieces{"no_pieces", "{winner} wins: {loser} has no pieces left",
                                      "{winner}胜 · {loser}的棋子已被吃光"};
inline constexpr Termination NoMoves{"no_moves", "{winner} wins: {loser} has no legal move",
                                     "{winner}胜 · {loser}无子可走"};
inline constexpr Termination ThreefoldRepetition{
    "threefold_repetition", "draw: threefold repetition (the same position has appeared three times)",
    "和棋 · 同一局面出现三次"};
inline constexpr Termination FortyMoveRule{"forty_move_rule",
                                           "draw: {n} moves each without a capture or a man's move",
                                           "和棋 · 双方各 {n} 步未吃子、未动兵"};
inline constexpr Termination TwentyFiveMoveRule{"twenty_five_move_rule",
                                                "draw: 25 moves each with only kings moved and no capture",
                                                "和棋 · 双方各 25 步只动王、未吃子"};
inline constexpr Termination TwentyMoveRule{"twenty_move_rule",
                                            "draw: 20 moves each with only kings moved and no capture",
                                            "和棋 · 双方各 20 步只动王、未吃子"};
inline constexpr Termination FifteenMoveRule{"fifteen_move_rule",
                                             "draw: 15 moves each with only kings moved and no capture",
                                             "和棋 · 双方各 15 步只动王、未吃子"};
inline constexpr Termination SixteenMoveRule{"sixteen_move_rule",
                                             "draw: 16 moves each in this ending against a lone king",
                                             "和棋 · 对单王的残局中双方各走了 16 步"};
inline constexpr Termination FiveMoveRule{"five_move_rule",
                                          "draw: 5 moves each in this ending against a lone king",
                                          "和棋 · 对单王的残局中双方各走了 5 步"};
inline constexpr Termination ThreeKingsRule{"three_kings_rule",
                                            "draw: three kings failed to catch the lone king in 15 moves",
                                            "和棋 · 三个王 15 步内未能吃掉单王"};
inline constexpr Termination KingEndingRule{
    "king_ending_rule", "draw: {n} moves each in a {m}-piece king ending without a change",
    "和棋 · {m} 子的王残局中双方各走 {n} 步，子力未变"};

inline constexpr std::array kAll = {NoPieces,           NoMoves,        ThreefoldRepetition, FortyMoveRule,
                                    TwentyFiveMoveRule, TwentyMoveRule, FifteenMoveRule,     SixteenMoveRule,
                                    FiveMoveRule,       ThreeKingsRule, KingEndingRule};
static_assert(names_are_distinct(kAll));

}  // namespace qi::checkers::endings
