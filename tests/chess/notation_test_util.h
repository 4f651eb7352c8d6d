// Helpers shared by the notation, record and game-adapter tests.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string_view>
#include <vector>

#include "core/random.h"
#include "games/chess/position.h"
#include "games/chess/san.h"

namespace qi::chess::testing {

inline Position position(std::string_view fen) {
  Expected<Position> pos = Position::from_fen(fen);
  EXPECT_TRUE(pos.has_value()) << fen << ": " << (pos ? "" : pos.error().message);
  return pos ? *pos : Position();
}

// Plays moves written in UCI or SAN; each must be legal.
inline void play(Position& pos, std::initializer_list<std::string_view> moves) {
  for (std::string_view text : moves) {
    Expected<Move> m = parse_move_text(pos, text);
    ASSERT_TRUE(m.has_value()) << text << ": " << m.error().message;
    pos.make(*m);
  }
}

inline std::vector<Move> legal_moves(const Position& pos) {
  Position::MoveList list;
  pos.generate_legal(list);
  return {list.begin(), list.end()};
}

// Positions met along random games from a few varied starts: the standard
// one and well-known perft test positions rich in castling, en passant and
// promotions. Deterministic for a given seed.
inline std::vector<Position> random_positions(std::uint64_t seed, int count, int max_plies = 80) {
  static constexpr std::string_view kStarts[] = {
      Position::kStartFen,
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
  };
  SplitMix64 rng(seed);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count) {
    Position pos = *Position::from_fen(kStarts[rng.below(std::size(kStarts))]);
    for (int ply = 0; ply < max_plies && static_cast<int>(out.size()) < count; ++ply) {
      std::vector<Move> moves = legal_moves(pos);
      if (moves.empty() || pos.result() != Result::None) break;
      out.push_back(pos);
      pos.make(moves[rng.below(moves.size())]);
    }
  }
  return out;
}

}  // namespace qi::chess::testing
