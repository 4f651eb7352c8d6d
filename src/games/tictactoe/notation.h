// Tic-tac-toe text: positions and moves.
//
// Position: the rows from top (rank 3) to bottom (rank 1), each three of
// `x`, `o` or `.`, joined by `/`; a space; the side to move, `x` or `o`.
// The empty board is ".../.../... x". The side to move is required and must
// match the counts (X moves first, so X is to move exactly when the counts
// are equal). Only positions that can arise in a game are accepted.
//
// Move: the square it fills, `a1`–`c3` (files a–c from the left, ranks 1–3
// from the bottom).
#pragma once

#include <string>
#include <string_view>

#include "core/expected.h"
#include "games/tictactoe/board.h"

namespace qi::tictactoe {

inline constexpr std::string_view kStartPosition = ".../.../... x";

Expected<Board> parse_position(std::string_view text);
std::string position_text(const Board& board);

std::string square_name(int square);  // "b2"
// The square the text names, whatever the position: "d4: not a square (a1–c3)".
Expected<Move> parse_square(std::string_view text);
// A legal move in this position, or why not: the square is taken, the game
// is over.
Expected<Move> parse_move(const Board& board, std::string_view text);

std::string side_name(Side side);  // "X", "O"
// Why the game is over in words ("X has three in a row", "the board is full
// with no three in a row"); empty while it goes on.
std::string game_over_reason(const Board& board);

}  // namespace qi::tictactoe
