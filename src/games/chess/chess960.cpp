#include "games/chess/chess960.h"

namespace qi::chess {
namespace {

// Scharnagl's table for the two knights among the five squares left once
// the bishops and the queen stand: the pair of free squares, by index.
constexpr int kKnightPairs[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                     {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};

// Puts `piece` on the index-th free square (counted from a).
void put_on_free(std::string& rank, int index, char piece) {
  for (char& square : rank)
    if (square == '.' && index-- == 0) {
      square = piece;
      return;
    }
}

}  // namespace

std::string chess960_first_rank(int number) {
  if (number < 0 || number >= kChess960Starts) number = kChess960StandardStart;
  std::string rank(8, '.');
  int n = number;
  rank[2 * (n % 4) + 1] = 'B';  // the light-squared bishop: b, d, f or h
  n /= 4;
  rank[2 * (n % 4)] = 'B';  // the dark-squared one: a, c, e or g
  n /= 4;
  put_on_free(rank, n % 6, 'Q');
  n /= 6;
  // The second knight first: placing the first would shift its index.
  put_on_free(rank, kKnightPairs[n][1], 'N');
  put_on_free(rank, kKnightPairs[n][0], 'N');
  // Rook, king, rook on the three squares left.
  put_on_free(rank, 0, 'R');
  put_on_free(rank, 0, 'K');
  put_on_free(rank, 0, 'R');
  return rank;
}

std::string chess960_fen(int number) {
  const std::string white = chess960_first_rank(number);
  std::string black = white;
  for (char& c : black) c = static_cast<char>(c - 'A' + 'a');
  return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1";
}

std::optional<int> chess960_number(std::string_view first_rank) {
  for (int n = 0; n < kChess960Starts; ++n)
    if (chess960_first_rank(n) == first_rank) return n;
  return std::nullopt;
}

}  // namespace qi::chess
