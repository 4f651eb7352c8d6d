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

// Plays n plain moves, each to a position not seen before and after which
// the opponent has no capture, so that neither a capture nor a repetition
// interrupts a move count. Backtracks when a line runs out of such moves.
inline bool extend_fresh_quiet(Game& g, int n, std::set<std::string>& seen, int& budget) {
  if (n == 0) return true;
  if (--budget < 0) return false;
  for (const MoveText& m : g.legal_moves()) {
    if (m.id.find('x') != std::string::npos) continue;
    if (!g.play(m.id)) continue;
    bool ok = !seen.count(g.fen()) && (n == 1 || !g.outcome().over());
    for (const MoveText& reply : g.legal_moves()) ok &= reply.id.find('x') == std::string::npos;
    if (ok) {
      seen.insert(g.fen());
      if (extend_fresh_quiet(g, n - 1, seen, budget)) return true;
      seen.erase(g.fen());
    }
    g.undo();
  }
  return false;
}

inline void play_fresh_quiet_moves(Game& g, int n) {
  std::set<std::string> seen;
  std::unique_ptr<Game> replay = g.clone();
  while (replay->undo()) seen.insert(replay->fen());
  seen.insert(replay->fen());
  for (const MoveText& m : g.moves_played()) {
    ASSERT_TRUE(replay->play(m.id));
    seen.insert(replay->fen());
  }
  int budget = 100000;
  ASSERT_TRUE(extend_fresh_quiet(g, n, seen, budget)) << "no line of " << n << " fresh quiet moves";
}

}  // namespace qi::checkers::testing
