#include "games/tictactoe/board.h"

#include "core/random.h"

namespace qi::tictactoe {

constexpr std::array<std::array<std::uint64_t, kSquares>, 2> Board::kZobrist = [] {
  SplitMix64 rng(0x746963746163746fULL);  // "tictacto"
  std::array<std::array<std::uint64_t, kSquares>, 2> keys{};
  for (auto& side : keys)
    for (auto& key : side) key = rng.next();
  return keys;
}();

Board Board::from_marks(Mask x, Mask o, Side to_move) {
  Board board;
  board.marks_ = {static_cast<Mask>(x & kAllSquares), static_cast<Mask>(o & kAllSquares)};
  board.side_ = to_move;
  for (int square = 0; square < kSquares; ++square) {
    if (x & bit(square)) board.hash_ ^= zobrist(Side::First, square);
    if (o & bit(square)) board.hash_ ^= zobrist(Side::Second, square);
  }
  return board;
}

}  // namespace qi::tictactoe
