#include "competition/knockout.h"

#include <cmath>
#include <utility>

namespace qi::competition {

std::vector<int> bracket_order(int size) {
  // Each doubling puts beside every seed s the seed 2m-1-s, its opponent in
  // the bracket's first round when there are 2m players.
  std::vector<int> order{0};
  for (int m = 1; m < size; m *= 2) {
    std::vector<int> next;
    for (int s : order) next.push_back(s), next.push_back(2 * m - 1 - s);
    order = next;
  }
  return order;
}

std::vector<int> first_round_slots(int players) {
  int size = 1;
  while (size < players) size *= 2;
  std::vector<int> slots;
  for (int seed : bracket_order(size)) slots.push_back(seed < players ? seed : -1);
  return slots;
}

std::vector<KnockoutMatch> pair_round(const std::vector<int>& alive, int round) {
  std::vector<KnockoutMatch> matches;
  for (std::size_t i = 0; i + 1 < alive.size(); i += 2) {
    KnockoutMatch m;
    m.round = round;
    m.a = alive[i] >= 0 ? alive[i] : alive[i + 1];
    m.b = alive[i] >= 0 ? alive[i + 1] : -1;
    if (m.b >= 0 && m.b < m.a) std::swap(m.a, m.b);
    if (m.b < 0) {
      m.winner = m.a;
      m.decided_by = "bye";
    }
    matches.push_back(m);
  }
  return matches;
}

PlayedGame alternating_colours(const KnockoutMatch& m, int game_index) {
  return game_index % 2 == 0 ? PlayedGame{m.a, m.b, {}} : PlayedGame{m.b, m.a, {}};
}

bool match_open(const KnockoutMatch& m, int played, int games) {
  return std::abs(m.score_a - m.score_b) <= games - played && played < games;
}

void add_regular_game(KnockoutMatch& m, const PlayedGame& g) {
  m.score_a += game_score(g, m.a);
  m.score_b += game_score(g, m.b);
}

bool decide_by_games(KnockoutMatch& m) {
  if (m.score_a == m.score_b) return false;
  m.winner = m.score_a > m.score_b ? m.a : m.b;
  m.decided_by = "games";
  return true;
}

int armageddon_winner(const PlayedGame& g) {
  const int winner = winner_of(g);
  return winner >= 0 ? winner : g.second;
}

std::vector<int> winners(const std::vector<KnockoutMatch>& round) {
  std::vector<int> next;
  for (const KnockoutMatch& m : round) next.push_back(m.winner);
  return next;
}

}  // namespace qi::competition
