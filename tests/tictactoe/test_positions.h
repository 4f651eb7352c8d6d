// Helpers shared by the tic-tac-toe tests.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <initializer_list>
#include <string_view>
#include <vector>

#include "games/tictactoe/board.h"
#include "games/tictactoe/notation.h"

namespace qi::tictactoe::testing {

// A position the test knows to be valid.
inline Board position(std::string_view text) {
  Expected<Board> board = parse_position(text);
  EXPECT_TRUE(board) << text << ": " << (board ? "" : board.error().message);
  return board ? *board : Board{};
}

inline Move square(std::string_view name) {
  Expected<Move> m = parse_square(name);
  EXPECT_TRUE(m) << name;
  return m ? *m : Move{};
}

// Plays the squares in turn from the empty board.
inline Board play(std::initializer_list<std::string_view> squares) {
  Board board;
  for (std::string_view s : squares) board.make(square(s));
  return board;
}

// Every distinct position reachable from the start, by walking the game tree
// with make/unmake.
inline std::vector<Board> reachable_positions() {
  std::vector<bool> seen(std::size_t{1} << 18);
  std::vector<Board> out;
  std::function<void(Board&)> walk = [&](Board& board) {
    if (seen[board.key()]) return;
    seen[board.key()] = true;
    out.push_back(board);
    Board::MoveList moves;
    board.generate_legal(moves);
    for (Move m : moves) {
      board.make(m);
      walk(board);
      board.unmake(m);
    }
  };
  Board start;
  walk(start);
  return out;
}

}  // namespace qi::tictactoe::testing
