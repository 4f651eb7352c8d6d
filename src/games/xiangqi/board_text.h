// The board drawn for terminals with Chinese piece names.
#pragma once

#include <string>

#include "games/xiangqi/position.h"

namespace qi::xiangqi {

// Red pieces in ANSI red and with Red's own characters (帅仕相俥傌炮兵),
// Black's with Black's (将士象車馬砲卒), so the sides stay apart even
// without colour; empty points as ＋, the river marked. Flipped puts Black
// at the bottom.
std::string board_text(const Position& pos, bool flipped, bool colour = true);

}  // namespace qi::xiangqi
