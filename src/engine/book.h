// Each game's standard openings: a few well-known main lines, written in the
// game's own notation (SAN, Chinese, PDN) in the game's folder
// (src/engine/games/<game>/openings.cpp). A review
// calls a move a book move when the positions before and after it are both
// on those lines (so a transposition, the same moves in another order, is
// book too); a book move is not marked a mistake unless it measurably loses.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace qi::engine {

// Lines for a game's variant ("" where the game has none, else the name
// Game::variant() gives); each line is moves separated by spaces. A second
// registration for the same game and variant replaces the first.
void register_openings(std::string_view game, std::string_view variant, std::vector<std::string> lines);
const std::vector<std::string>* opening_lines(std::string_view game, std::string_view variant);

// For each move played in `game` (moves_played order), whether it is a book
// move: it leaves a book position for a book position. All false when the
// game did not start from the standard position.
std::vector<bool> book_moves(const Game& game);

// The moves of a line that do not read as legal moves, with the reason
// (for the tests of the lines themselves).
std::vector<std::string> unreadable_book_moves(std::string_view game, std::string_view variant);

}  // namespace qi::engine
