// Qi's own opening book: for positions near a game's start, the move a long
// search chose, worked out in advance (bench/build_book.cpp, `qi_book`) and
// compiled in from the game's folder (src/engine/games/<game>/). Level 10
// plays it when it is on (UCI "OwnBook"), so the first moves
// of a game get the depth of a search many times longer than the clock
// allows, and cost no time.
//
// Unlike engine/book.h (the named openings a review calls book moves), this
// book holds one move per position and is not written by hand.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/game.h"

namespace qi::engine {

struct OwnBookEntry {
  std::string_view position;  // Game::fen() of the position
  std::string_view move;      // the move's id in that position
  int score;                  // the search's score, side to move's view
  int depth;                  // the depth it completed
};

// The entries of a game's variant ("" where the game has none). A second
// registration for the same game and variant replaces the first. The
// entries must outlive the program (they are compiled in).
void register_own_book(std::string_view game, std::string_view variant,
                       std::span<const OwnBookEntry> entries);
std::span<const OwnBookEntry> own_book(std::string_view game, std::string_view variant);

// The book's entry for the game's present position, when it has one and its
// move is legal there (a book built for other rules is never played).
std::optional<OwnBookEntry> own_book_move(const Game& game);

}  // namespace qi::engine
