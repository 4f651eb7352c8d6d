#include "competition/swiss/dutch.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/max_cardinality_matching.hpp>
#include <boost/graph/maximum_weighted_matching.hpp>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

namespace qi::competition::swiss {
namespace {

enum class Strength { None, Mild, Strong, Absolute };

// What the pairing knows of a player who plays the round (FIDE C.04.3 A).
struct Entrant {
  int id = 0;
  int score = 0;              // tenths
  int group = 0;              // score group, 0 the highest
  int position_in_group = 0;  // 0 the highest-ranked
  int group_size = 0;
  std::vector<char> colours;   // of the games played, in order
  std::vector<int> opponents;  // met over the board
  bool may_have_bye = true;    // no bye and no point without a game yet (C.04.1 d)
  bool floated_down_last = false;
  bool floated_up_last = false;
  int colour_difference = 0;  // whites minus blacks
  char preference = ' ';      // 'w', 'b' or ' '
  Strength strength = Strength::None;
  bool topscorer = false;
};

char other(char colour) { return colour == 'w' ? 'b' : 'w'; }

// FIDE C.04.3 A.6: the colour preference and its strength.
void set_preference(Entrant& e) {
  int whites = static_cast<int>(std::count(e.colours.begin(), e.colours.end(), 'w'));
  e.colour_difference = whites - (static_cast<int>(e.colours.size()) - whites);
  if (e.colours.empty()) return;
  char last = e.colours.back();
  bool two_same = e.colours.size() >= 2 && e.colours[e.colours.size() - 2] == last;
  if (e.colour_difference > 1 || e.colour_difference < -1 || two_same) {
    e.strength = Strength::Absolute;
    e.preference = e.colour_difference > 1 ? 'b' : e.colour_difference < -1 ? 'w' : other(last);
  } else if (e.colour_difference != 0) {
    e.strength = Strength::Strong;
    e.preference = e.colour_difference > 0 ? 'b' : 'w';
  } else {
    e.strength = Strength::Mild;
    e.preference = other(last);
  }
}

bool have_met(const Entrant& a, const Entrant& b) {
  return std::find(a.opponents.begin(), a.opponents.end(), b.id) != a.opponents.end();
}

// The absolute criteria C1 and C3 for one pair.
bool may_meet(const Entrant& a, const Entrant& b) {
  if (have_met(a, b)) return false;
  bool same_absolute =
      a.strength == Strength::Absolute && b.strength == Strength::Absolute && a.preference == b.preference;
  return !same_absolute || (a.topscorer && b.topscorer);
}

// The weight of a pair: its parts are ordered as the quality criteria are, each
// part's largest total over a round smaller than one unit of the part above it.
constexpr std::int64_t kPairUnit = 1'000'000'000'000'000;  // every pair made (completion)
constexpr std::int64_t kScoreUnit = 1'200'000'000;         // score differences, higher groups first
constexpr std::int64_t kScoreCap = 6'000;
constexpr std::int64_t kColourUnit = 3'000'000;  // colour preferences not met
constexpr std::int64_t kColourCap = 3;
constexpr std::int64_t kFloatUnit = 10'000;  // repeated floats
constexpr std::int64_t kFloatCap = 2;
constexpr std::int64_t kOrderCap = 99;  // S1 against S2 in order

std::int64_t score_penalty(const Entrant& high, const Entrant& low, int groups) {
  std::int64_t penalty = 0;
  for (int g = high.group; g < low.group; ++g) penalty += groups - g;
  std::int64_t distance = low.group - high.group;
  return std::min(kScoreCap, penalty + distance * distance);
}

std::int64_t colour_penalty(const Entrant& a, const Entrant& b) {
  if (a.preference == ' ' || b.preference == ' ' || a.preference != b.preference) return 0;
  std::int64_t penalty = 1;
  if (a.strength >= Strength::Strong && b.strength >= Strength::Strong) ++penalty;
  if (a.strength == Strength::Absolute && b.strength == Strength::Absolute) ++penalty;
  return std::min(kColourCap, penalty);
}

std::int64_t float_penalty(const Entrant& high, const Entrant& low) {
  if (high.group == low.group) return 0;
  return (high.floated_down_last ? 1 : 0) + (low.floated_up_last ? 1 : 0);
}

// Within a group the top half meets the bottom half in order (C.04.3 B.2);
// across groups the lowest of the higher group meets the highest of the lower.
std::int64_t order_penalty(const Entrant& high, const Entrant& low) {
  if (high.group == low.group) {
    int half = high.group_size / 2;
    int a = std::min(high.position_in_group, low.position_in_group);
    int b = std::max(high.position_in_group, low.position_in_group);
    std::int64_t penalty = std::abs((b - a) - half) + (a < half ? 0 : 10);
    return std::min(kOrderCap, penalty);
  }
  return std::min(kOrderCap, static_cast<std::int64_t>(high.group_size - 1 - high.position_in_group +
                                                       low.position_in_group));
}

std::int64_t pair_weight(const Entrant& a, const Entrant& b, int groups) {
  const Entrant& high = a.group <= b.group ? a : b;
  const Entrant& low = a.group <= b.group ? b : a;
  return kPairUnit + (kScoreCap - score_penalty(high, low, groups)) * kScoreUnit +
         (kColourCap - colour_penalty(a, b)) * kColourUnit +
         (kFloatCap - float_penalty(high, low)) * kFloatUnit + (kOrderCap - order_penalty(high, low));
}

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                                    boost::property<boost::edge_weight_t, std::int64_t>>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

bool has_perfect_matching(const std::vector<const Entrant*>& players) {
  Graph graph(players.size());
  for (std::size_t i = 0; i < players.size(); ++i)
    for (std::size_t j = i + 1; j < players.size(); ++j)
      if (may_meet(*players[i], *players[j])) boost::add_edge(i, j, 1, graph);
  std::vector<Vertex> mate(players.size());
  boost::edmonds_maximum_cardinality_matching(graph, &mate[0]);
  return boost::matching_size(graph, &mate[0]) * 2 == players.size();
}

// The higher-ranked of two: more points, then the lower starting rank.
bool ranks_above(const Entrant& a, const Entrant& b) {
  return a.score != b.score ? a.score > b.score : a.id < b.id;
}

// FIDE C.04.3 E: the colours of a pair.
SwissPairing allocate_colours(const Entrant& a, const Entrant& b, char initial_colour) {
  const Entrant& high = ranks_above(a, b) ? a : b;
  const Entrant& low = ranks_above(a, b) ? b : a;
  auto give_high = [&](char colour) {
    return colour == 'w' ? SwissPairing{high.id, low.id} : SwissPairing{low.id, high.id};
  };
  // E.1: both preferences granted.
  if (high.preference != ' ' && low.preference != ' ' && high.preference != low.preference)
    return give_high(high.preference);
  if (high.preference != ' ' && low.preference == ' ') return give_high(high.preference);
  if (high.preference == ' ' && low.preference != ' ') return give_high(other(low.preference));
  if (high.preference != ' ') {
    // E.2: the stronger preference; of two absolutes, the wider colour difference.
    if (high.strength != low.strength)
      return high.strength > low.strength ? give_high(high.preference) : give_high(other(low.preference));
    if (high.strength == Strength::Absolute &&
        std::abs(high.colour_difference) != std::abs(low.colour_difference))
      return std::abs(high.colour_difference) > std::abs(low.colour_difference)
                 ? give_high(high.preference)
                 : give_high(other(low.preference));
    // E.3: alternate from the latest round in which their colours differed.
    std::size_t h = high.colours.size(), l = low.colours.size();
    while (h > 0 && l > 0) {
      --h;
      --l;
      if (high.colours[h] != low.colours[l]) return give_high(other(high.colours[h]));
    }
    // E.4: the higher-ranked player's preference.
    return give_high(high.preference);
  }
  // E.5: by the higher-ranked player's starting rank.
  return give_high(high.id % 2 == 1 ? initial_colour : other(initial_colour));
}

}  // namespace

Expected<std::vector<SwissPairing>> pair_dutch(const TrfTournament& tournament) {
  const int played_rounds = tournament.rounds_in_file();
  if (tournament.total_rounds > 0 && played_rounds >= tournament.total_rounds)
    return make_error("TRF: all " + std::to_string(tournament.total_rounds) +
                      " rounds (XXR) are paired already");
  const bool last_round = tournament.total_rounds > 0 && played_rounds + 1 == tournament.total_rounds;

  std::vector<Entrant> entrants;
  for (const TrfPlayer& p : tournament.players) {
    // An entry already in the round to pair: a bye asked for, an absence.
    if (static_cast<int>(p.rounds.size()) > played_rounds && p.rounds[played_rounds].result != ' ') continue;
    Entrant e;
    e.id = p.id;
    e.score = tournament.score(p, played_rounds);
    for (int r = 0; r < played_rounds && r < static_cast<int>(p.rounds.size()); ++r) {
      const TrfRound& round = p.rounds[r];
      if (round.played()) {
        e.colours.push_back(round.colour);
        e.opponents.push_back(round.opponent);
      }
      if (round.is_point_without_game()) e.may_have_bye = false;
    }
    set_preference(e);
    entrants.push_back(std::move(e));
  }
  std::sort(entrants.begin(), entrants.end(), ranks_above);

  // Floats in the last round: paired with someone of another score then.
  if (played_rounds > 0) {
    for (Entrant& e : entrants) {
      const TrfPlayer& p = *tournament.find(e.id);
      if (static_cast<int>(p.rounds.size()) < played_rounds) continue;
      const TrfRound& last = p.rounds[played_rounds - 1];
      int before = tournament.score(p, played_rounds - 1);
      if (last.opponent == 0) {
        e.floated_down_last = last.is_point_without_game();
        continue;
      }
      int opponent_before = tournament.score(*tournament.find(last.opponent), played_rounds - 1);
      e.floated_down_last = before > opponent_before;
      e.floated_up_last = before < opponent_before;
    }
  }
  // Score groups and topscorers (more than half the maximum, in the last round).
  int groups = 0;
  for (std::size_t i = 0; i < entrants.size();) {
    std::size_t j = i;
    while (j < entrants.size() && entrants[j].score == entrants[i].score) ++j;
    for (std::size_t k = i; k < j; ++k) {
      entrants[k].group = groups;
      entrants[k].position_in_group = static_cast<int>(k - i);
      entrants[k].group_size = static_cast<int>(j - i);
      entrants[k].topscorer = last_round && entrants[k].score * 2 > played_rounds * tournament.points.win;
    }
    ++groups;
    i = j;
  }

  // The bye: the lowest-ranked player who may have it and leaves the others pairable.
  std::optional<std::size_t> bye;
  std::vector<const Entrant*> to_pair;
  for (const Entrant& e : entrants) to_pair.push_back(&e);
  if (entrants.size() % 2 == 1) {
    for (std::size_t k = entrants.size(); k-- > 0;) {
      if (!entrants[k].may_have_bye) continue;
      std::vector<const Entrant*> rest;
      for (std::size_t i = 0; i < entrants.size(); ++i)
        if (i != k) rest.push_back(&entrants[i]);
      if (has_perfect_matching(rest)) {
        bye = k;
        to_pair = std::move(rest);
        break;
      }
    }
    if (!bye)
      return make_error("TRF: round " + std::to_string(played_rounds + 1) +
                        " cannot be paired: no player may have the bye and leave the others pairable");
  }

  Graph graph(to_pair.size());
  for (std::size_t i = 0; i < to_pair.size(); ++i)
    for (std::size_t j = i + 1; j < to_pair.size(); ++j)
      if (may_meet(*to_pair[i], *to_pair[j]))
        boost::add_edge(i, j, pair_weight(*to_pair[i], *to_pair[j], groups), graph);
  std::vector<Vertex> mate(to_pair.size());
  boost::maximum_weighted_matching(graph, &mate[0]);
  if (boost::matching_size(graph, &mate[0]) * 2 != to_pair.size())
    return make_error(
        "TRF: round " + std::to_string(played_rounds + 1) +
        " cannot be paired: the players present cannot all meet someone new within the colour rules");

  char initial = tournament.first_colour == 'b' ? 'b' : 'w';
  std::vector<SwissPairing> pairs;
  for (std::size_t i = 0; i < to_pair.size(); ++i) {
    std::size_t j = mate[i];
    if (j < i) continue;
    pairs.push_back(allocate_colours(*to_pair[i], *to_pair[j], initial));
  }
  // Board order: the pair with the higher-ranked player first.
  auto best_of = [&](const SwissPairing& p) {
    const Entrant* w = nullptr;
    const Entrant* b = nullptr;
    for (const Entrant& e : entrants) {
      if (e.id == p.white) w = &e;
      if (e.id == p.black) b = &e;
    }
    return ranks_above(*w, *b) ? w : b;
  };
  std::sort(pairs.begin(), pairs.end(), [&](const SwissPairing& x, const SwissPairing& y) {
    return ranks_above(*best_of(x), *best_of(y));
  });
  if (bye) pairs.push_back({entrants[*bye].id, 0});
  return pairs;
}

}  // namespace qi::competition::swiss
