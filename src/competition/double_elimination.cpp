#include "competition/double_elimination.h"

#include <algorithm>
#include <utility>

#include "competition/knockout.h"
#include "competition/match_results.h"

namespace qi::competition {

namespace {

constexpr int kUnknown = -2;  // a player the results so far do not name yet
constexpr int kBye = -1;

}  // namespace

std::string match_label(const BracketMatchId& id) {
  switch (id.bracket) {
    case Bracket::Winners:
      return "W" + std::to_string(id.round) + "." + std::to_string(id.index + 1);
    case Bracket::Losers:
      return "L" + std::to_string(id.round) + "." + std::to_string(id.index + 1);
    case Bracket::GrandFinal:
      return "GF";
    case Bracket::Reset:
      return "GF2";
  }
  return {};
}

DoubleElimination::DoubleElimination(int players, bool bracket_reset)
    : players_(std::max(players, 2)), rounds_(0), bracket_reset_(bracket_reset) {
  while ((1 << rounds_) < players_) ++rounds_;
}

std::vector<DoubleElimination::Played> DoubleElimination::replay() const {
  std::vector<Played> all;
  auto play = [&](BracketMatchId id, int x, int y) -> const Played& {
    Played p;
    p.match.id = id;
    if (x >= 0 && y >= 0 && y < x) std::swap(x, y);
    p.match.a = x;
    p.match.b = y;
    if (x == kUnknown || y == kUnknown) {
      p.winner = p.loser = kUnknown;
    } else if (x == kBye || y == kBye) {
      p.winner = x == kBye ? y : x;
      p.loser = kBye;
    } else if (auto it = results_.find(id); it != results_.end()) {
      p.winner = it->second;
      p.loser = it->second == x ? y : x;
    } else {
      p.winner = p.loser = kUnknown;
    }
    all.push_back(p);
    return all.back();
  };
  auto play_in_order = [&](Bracket bracket, int round, const std::vector<int>& in) {
    std::vector<int> out;
    for (std::size_t i = 0; i + 1 < in.size(); i += 2)
      out.push_back(play({bracket, round, static_cast<int>(i / 2)}, in[i], in[i + 1]).winner);
    return out;
  };

  // The winners' bracket, keeping each round's losers in bracket order.
  std::vector<int> alive = first_round_slots(players_);
  std::vector<std::vector<int>> dropped(rounds_ + 1);
  for (int r = 1; r <= rounds_; ++r) {
    std::vector<int> next;
    for (std::size_t i = 0; i + 1 < alive.size(); i += 2) {
      const Played& p = play({Bracket::Winners, r, static_cast<int>(i / 2)}, alive[i], alive[i + 1]);
      next.push_back(p.winner);
      dropped[r].push_back(p.loser);
    }
    alive = next;
  }
  const int winners_champion = alive.front();

  // The losers' bracket.
  std::vector<int> losers = dropped[1];
  if (rounds_ >= 2) {
    losers = play_in_order(Bracket::Losers, 1, losers);
    for (int k = 1; k < rounds_; ++k) {
      std::vector<int> crosswise(dropped[k + 1].rbegin(), dropped[k + 1].rend());
      std::vector<int> next;
      for (std::size_t i = 0; i < losers.size(); ++i)
        next.push_back(play({Bracket::Losers, 2 * k, static_cast<int>(i)}, losers[i], crosswise[i]).winner);
      losers = k + 1 < rounds_ ? play_in_order(Bracket::Losers, 2 * k + 1, next) : next;
    }
  }
  const int losers_champion = losers.front();

  if (winners_champion < 0 || losers_champion < 0) return all;
  const Played& grand_final = play({Bracket::GrandFinal, 1, 0}, winners_champion, losers_champion);
  if (bracket_reset_ && grand_final.winner == losers_champion)
    play({Bracket::Reset, 1, 0}, winners_champion, losers_champion);
  return all;
}

std::vector<BracketMatch> DoubleElimination::next_matches() const {
  std::vector<BracketMatch> out;
  for (const Played& p : replay())
    if (p.match.a >= 0 && p.match.b >= 0 && p.winner == kUnknown) out.push_back(p.match);
  return out;
}

Status DoubleElimination::record(const BracketMatchId& id, int winner) {
  return record_winner(next_matches(), id, winner, results_);
}

Expected<DoubleElimination> DoubleElimination::from_results(int players, bool bracket_reset,
                                                            const std::map<BracketMatchId, int>& results) {
  // The map's order (winners', losers', finals; round by round) puts every
  // match after the ones that name its players, so one pass records all.
  DoubleElimination event(players, bracket_reset);
  for (const auto& [id, winner] : results) {
    if (const Status s = event.record(id, winner); !s)
      return make_error("stored result of " + match_label(id) + ": " + s.error().message);
  }
  return event;
}

bool DoubleElimination::finished() const {
  const std::vector<Played> all = replay();
  const Played& last = all.back();
  return (last.match.id.bracket == Bracket::GrandFinal || last.match.id.bracket == Bracket::Reset) &&
         last.winner >= 0;
}

std::vector<Placing> DoubleElimination::placings() const {
  const std::vector<Played> all = replay();
  std::vector<Placing> out;
  // Players ahead of a losers' round's losers: everyone not out by the end
  // of that round; known once that round and all before it are played.
  int out_so_far = 0;
  for (int round = 1; round <= losers_rounds(); ++round) {
    std::vector<int> losers;
    for (const Played& p : all) {
      if (p.match.id.bracket != Bracket::Losers || p.match.id.round != round) continue;
      if (p.winner == kUnknown) return out;
      if (p.loser >= 0) losers.push_back(p.loser);
    }
    out_so_far += static_cast<int>(losers.size());
    for (int player : losers) out.push_back({player, players_ - out_so_far + 1});
  }
  if (finished()) {
    const Played& last = all.back();
    out.push_back({last.winner, 1});
    out.push_back({last.loser, 2});
  }
  std::sort(out.begin(), out.end(), [](const Placing& x, const Placing& y) {
    return std::tie(x.place, x.player) < std::tie(y.place, y.player);
  });
  return out;
}

}  // namespace qi::competition
