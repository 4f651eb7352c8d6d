#pragma once

#include <gtest/gtest.h>

#include <string_view>

#include "games/xiangqi/notation.h"
#include "games/xiangqi/position.h"

namespace qi::xiangqi::testing {

inline Position at(std::string_view fen) {
  auto pos = Position::from_fen(fen);
  EXPECT_TRUE(pos) << fen << ": " << (pos ? "" : pos.error().message);
  return pos ? *pos : Position{};
}

inline Move iccs(std::string_view text) {
  auto sq = [&](int i) { return make_square(text[i] - 'a', text[i + 1] - '0'); };
  return make_move(sq(0), sq(2));
}

inline bool legal(const Position& pos, std::string_view text) {
  Position::MoveList list;
  pos.generate_legal(list);
  bool listed = list.contains(iccs(text));
  EXPECT_EQ(listed, pos.is_legal(iccs(text))) << text;
  return listed;
}

// Plays ICCS moves, each of which must be legal.
inline void play(Position& pos, std::initializer_list<std::string_view> moves) {
  for (std::string_view m : moves) {
    ASSERT_TRUE(pos.is_legal(iccs(m))) << m << " in " << pos.fen();
    pos.make(iccs(m));
  }
}

}  // namespace qi::xiangqi::testing
