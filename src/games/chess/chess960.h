// Chess960's start positions (FIDE Laws of Chess, Guidelines II: Chess960
// Rules): White's pieces on the first rank in one of 960 orders with the
// bishops on squares of both colours and the king between the rooks, Black's
// mirroring them, the pawns as usual. Numbered 0-959 by Reinhard Scharnagl's
// scheme, which lichess and most programs use; 518 is the standard start.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace qi::chess {

inline constexpr int kChess960Starts = 960;
inline constexpr int kChess960StandardStart = 518;

// The first rank of start `number` (0-959), from a to h in White's letters:
// "RNBQKBNR" for 518, "BBQNNRKR" for 0.
std::string chess960_first_rank(int number);
// Its FEN, castling rights as X-FEN writes them (KQkq).
std::string chess960_fen(int number);
// The number of a first rank written as chess960_first_rank writes it, if it
// is one of the 960.
std::optional<int> chess960_number(std::string_view first_rank);

}  // namespace qi::chess
