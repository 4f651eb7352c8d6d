// SAN for xiangqi, as WinBoard/XBoard writes it in its records: the piece
// letter (K A E H R C; none for a soldier), the point left where the piece
// needs it (file, rank or both), x for a capture and the point reached, in
// files a-i from Red's left and ranks 0-9 from Red's side: "Che2", "Hxg7",
// "Ege7", "ixi5" (a soldier's capture), "gf3" (a soldier's sideways move).
// + or # may follow. Fairy-Stockfish's SAN is the same with ranks 1-10
// ("Cxh10"): a rank 10 in the text says so, a rank 0 says WinBoard's;
// otherwise WinBoard's reading comes first and Fairy-Stockfish's second.
// Piece letters N (horse) and B (elephant), as chess programs write them,
// are read too, and both points without a letter as coordinates of
// whatever piece stands there ("h2-e2+", and Fairy-Stockfish's "h10g8";
// four characters alone are ICCS, read before SAN).
#pragma once

#include <optional>
#include <string_view>

#include "games/xiangqi/move_reading.h"
#include "games/xiangqi/position.h"

namespace qi::xiangqi {

// The readings of `text` (ASCII) as SAN, or nullopt when it does not have
// SAN's shape.
std::optional<Readings> read_san(const Position& pos, std::string_view text);

}  // namespace qi::xiangqi
