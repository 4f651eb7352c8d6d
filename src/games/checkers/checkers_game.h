// Checkers and draughts for the run-time game interface: English checkers
// (the default) and the flying-king family (Russian, Brazilian, international
// draughts), all on the one rules engine of position.h; what a page needs to
// draw each variant is in descriptor.cpp.
//
// English: 8x8, Black moves first from squares 1-12; men move and capture
// diagonally forward only; capturing is compulsory, any capture may be chosen
// and a jump sequence must be completed; a man reaching the far row is crowned
// and the move ends there; kings move and capture one square in all four
// diagonal directions. A side with no piece or no legal move loses.
// Russian: White first; men also capture backwards; kings fly; free choice of
// capture; a man crowned during a capture continues it as a king.
// Brazilian (8x8) and international (10x10): as Russian, but the capture
// taking the most pieces is compulsory and a man only passing the far row
// during a capture is not crowned.
// In every variant jumped pieces leave the board only when the move ends and
// cannot be jumped twice. Draw rules: see draw_rules.h.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/game_descriptor.h"
#include "games/checkers/draw_rules.h"

namespace qi::checkers {

const GameDescriptor& descriptor();

// An empty or unknown variant means English; the registry checks names
// against the descriptor's variants first.
std::unique_ptr<Game> make_game(std::string_view variant);
std::unique_ptr<Game> make_game(std::string_view variant, const DrawSettings& settings);

}  // namespace qi::checkers
