// Checkers and draughts for the run-time game interface: English checkers
// (the default) and the flying-king family (Russian, Brazilian, international
// draughts), all on the one rules engine of position.h.
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

#include "core/expected.h"
#include "core/game.h"
#include "games/checkers/draw_rules.h"
#include "games/checkers/pdn.h"

namespace qi::checkers {

std::vector<std::string> variant_names();  // {"english", "russian", "brazilian", "international"}

// An empty variant means English. Unknown names give English too; the
// registry checks names against variant_names() first.
std::unique_ptr<Game> make_game(std::string_view variant);
std::unique_ptr<Game> make_game(std::string_view variant, const DrawSettings& settings);

// The variant a PDN GameType tag names ("21" or "21,B,8,8,N,0" is English,
// 20 international, 25 Russian, 26 Brazilian); an empty tag means English.
Expected<std::string> variant_of_game_type(std::string_view game_type);

// Replays one game of a PDN file (variant from its GameType tag unless given,
// start from its FEN tag if any). The error names the move that failed. A
// decided result the rules have not reached is read as a resignation or an
// agreed draw.
Expected<std::unique_ptr<Game>> load_pdn_game(const PdnGame& game, std::string_view variant = {});
// Every game of a PDN file, replayed.
Expected<std::vector<std::unique_ptr<Game>>> load_pdn(std::string_view pdn_text,
                                                      std::string_view variant = {});

}  // namespace qi::checkers
