// Tic-tac-toe's endings: each a stable name, stored and sent, and its words (see
// core/termination.h). The descriptor lists them (GameDescriptor::endings).
#pragma once

#include <array>

#include "core/termination.h"

namespace qi::tictactoe::endings {

inline constexpr Termination ThreeInARow{"three_in_a_row", "{winner} has three in a row",
                                         "{winner}胜 · 三子连成一线"};
inline constexpr Termination BoardFull{"board_full", "draw: the board is full with no three in a row",
                                       "和棋 · 棋盘已满"};

inline constexpr std::array kAll = {ThreeInARow, BoardFull};
static_assert(names_are_distinct(kAll));

}  // namespace qi::tictactoe::endings
