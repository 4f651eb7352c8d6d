// The board field of a FEN, shared by chess and xiangqi: ranks from the top
// down joined by '/', runs of empty squares as digits (at most 9 in a row).
#pragma once

#include <string>

namespace qi {

// letter_at(file, rank) gives the piece letter, or '\0' for an empty square;
// rank 0 is the bottom rank.
template <class LetterAt>
std::string fen_board(int files, int ranks, LetterAt letter_at) {
  std::string out;
  for (int rank = ranks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < files; ++file) {
      const char letter = letter_at(file, rank);
      if (letter == '\0') {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += letter;
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (rank) out += '/';
  }
  return out;
}

}  // namespace qi
