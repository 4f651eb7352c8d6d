// Small helpers shared by the checkers tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "games/checkers/checkers_game.h"

namespace qi::checkers::testing {

inline std::unique_ptr<Game> game_at(std::string_view variant, std::string_view fen,
                                     const DrawSettings& settings = {}) {
  std::unique_ptr<Game> g = make_game(variant, settings);
  Status s = g->set_fen(fen);
  EXPECT_TRUE(s) << (s ? "" : s.error().message);
  return g;
}

inline std::vector<std::string> move_ids(const Game& g) {
  std::vector<std::string> ids;
  for (const MoveText& m : g.legal_moves()) ids.push_back(m.id);
  std::sort(ids.begin(), ids.end());
  return ids;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

inline std::string error_of(const Game& g, std::string_view text) {
  Expected<MoveText> m = g.parse_move(text);
  return m ? std::string("(accepted as ") + m->id + ")" : m.error().message;
}

// Plays n plain moves, each to a position not seen before, so that neither a
// capture nor a repetition interrupts a move count.
inline void play_fresh_quiet_moves(Game& g, int n) {
  std::set<std::string> seen{g.fen()};
  for (int i = 0; i < n; ++i) {
    bool played = false;
    for (const MoveText& m : g.legal_moves()) {
      if (m.id.find('x') != std::string::npos) continue;
      std::unique_ptr<Game> next = g.clone();
      ASSERT_TRUE(next->play(m.id));
      if (seen.count(next->fen())) continue;
      ASSERT_TRUE(g.play(m.id));
      seen.insert(g.fen());
      played = true;
      break;
    }
    ASSERT_TRUE(played) << "no fresh quiet move at ply " << i;
  }
}

}  // namespace qi::checkers::testing
