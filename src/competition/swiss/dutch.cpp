#include "competition/swiss/dutch.h"

#include "competition/swiss/weighted_matching.h"

#include <algorithm>
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
  int rank_order = 0;                     // 1 the highest-ranked player paired in the round
  int number_order = 0;                   // 1 the lowest pairing number paired in the round
  std::vector<char> colours;              // of the games played, in order
  std::vector<int> opponents;             // met over the board
  bool may_have_bye = true;               // no bye and no point without a game yet (C.04.1 d)
  bool floated_down[2] = {false, false};  // in the last round, and the one before
  bool floated_up[2] = {false, false};
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
  return !same_absolute || a.topscorer || b.topscorer;
}

// Bits enough to write `value`.
int bits_for(std::int64_t value) {
  int bits = 1;
  while (value >> bits) ++bits;
  return bits;
}

// A weight built from fields, the most significant first: each field is
// wide enough for its largest total over one matching, so that no sum of a
// lower field reaches a unit of the one above it (a lexicographic order).
class PackedWeight {
 public:
  void add(int width, std::int64_t value) {
    bits_ += width;
    value_ = (value_ << width) | static_cast<WideWeight>(value);
  }
  WideWeight value() const { return value_; }
  int bits() const { return bits_; }

 private:
  WideWeight value_ = 0;
  int bits_ = 0;
};

// The matching doubles every weight and keeps a sign bit.
constexpr int kWeightBits = 124;

// The pairing bracket being paired (C.04.3 1.3 of 2025): the players moved
// down from above (MDPs) and the resident scoregroup; the next scoregroup,
// whose pairs the bracket's choice of downfloaters should leave at their best
// (C7); and the field widths of the weights for this bracket.
struct Bracket {
  std::vector<bool> in_bracket;
  std::vector<bool> in_next;
  std::vector<int> score_level;       // in the bracket: its players' distinct scores, 0 the highest
  std::vector<int> next_score_level;  // the same over the bracket and the next group
  int levels = 1;
  int next_levels = 1;
  int pairs_width = 1;        // every pair of the round (completion, C4)
  int bracket_width = 1;      // a count over the bracket's pairs
  int float_width = 1;        // a count of two per pair
  int float_score_width = 1;  // score levels of floaters, two per pair
  int next_width = 1;
  // The bye is decided in this bracket (the bye is in it or in the next):
  // of the candidates, the one with the most games played has it (C.04.3 of
  // 2025 keeps the bye from players with more unplayed games).
  bool bye_decided = false;
  int games_width = 1;  // a count over the next group's pairs
  int order_width = 0;  // 0: no room left for the order of the players
  // Above the order: S1's players paired, 0 until the remainder of the
  // bracket is ordered (a transposition pairs every S1 player).
  int s1_width = 1;
};

constexpr std::int64_t kOrderCap = 15;
// Each exchange tried is a matching over the round: a bound keeps a large
// bracket fast (past it the remainder keeps its own S1 and S2).
constexpr std::size_t kMostExchangesTried = 24;  // of each size
// Exchanges of two players each way are listed only in brackets whose S1 and
// S2 are at most this large (the list grows as the fourth power).
constexpr std::size_t kMostPlayersForDoubleExchanges = 20;

// C.04.3 C8 and C9 (2025: topscorers only, who alone may meet with the same
// absolute preference): the colour difference beyond two, and the same
// colour a third time in a row.
bool both_absolute_same(const Entrant& a, const Entrant& b) {
  return a.strength == Strength::Absolute && b.strength == Strength::Absolute && a.preference == b.preference;
}

bool imbalance_beyond_two(const Entrant& a, const Entrant& b) {
  return both_absolute_same(a, b) && std::abs(a.colour_difference) > 1 && std::abs(b.colour_difference) > 1;
}

bool two_in_a_row(const Entrant& e) {
  const std::size_t n = e.colours.size();
  return n >= 2 && e.colours[n - 1] == e.colours[n - 2];
}

// Who yields when both want the same colour absolutely: the smaller colour
// difference (C.04.3 E.2); with equal differences either may.
bool third_colour_in_a_row(const Entrant& a, const Entrant& b) {
  if (!both_absolute_same(a, b)) return false;
  const int da = std::abs(a.colour_difference), db = std::abs(b.colour_difference);
  if (da == db) return two_in_a_row(a) && two_in_a_row(b);
  return two_in_a_row(da < db ? a : b);
}

bool same_preference(const Entrant& a, const Entrant& b) {
  return a.preference != ' ' && b.preference != ' ' && a.preference == b.preference;
}

// C11: a strong preference not met; two absolutes count in C8-C10 instead.
bool strong_preference_unmet(const Entrant& a, const Entrant& b) {
  return same_preference(a, b) && a.strength >= Strength::Strong && b.strength >= Strength::Strong &&
         !(a.strength == Strength::Absolute && b.strength == Strength::Absolute);
}

// How far a pair inside the bracket is from the order the rules try first
// (C.04.3 B: an MDP with the top of the residents; a resident of the upper
// half with its counterpart in the lower half): only a hint for the matching,
// the order itself is settled player by player afterwards.
std::int64_t order_penalty(const Entrant& high, const Entrant& low) {
  if (high.group != low.group) return std::min<std::int64_t>(kOrderCap, low.position_in_group);
  const int half = high.group_size / 2;
  const int a = std::min(high.position_in_group, low.position_in_group);
  const int b = std::max(high.position_in_group, low.position_in_group);
  return std::min<std::int64_t>(kOrderCap, std::abs((b - a) - half) + (a < half ? 0 : 4));
}

// The weight of a pair of the players still to pair while `bracket` is
// paired: every pair counts (the round must stay complete), then the
// bracket's criteria in the order of C.04.3 C5-C15, then the next group's
// pairs. `high` ranks above `low`.
WideWeight pair_weight(const Entrant& high, const Entrant& low, std::size_t hi, std::size_t lo,
                       const Bracket& bracket) {
  const bool in_bracket = bracket.in_bracket[lo];
  const bool in_next = bracket.in_next[lo];
  PackedWeight w;
  w.add(bracket.pairs_width, 1);
  // C5: as many pairs in the bracket as can be made.
  w.add(bracket.bracket_width, in_bracket ? 1 : 0);
  // C6: the MDPs paired are the highest scores (one digit a score level).
  for (int level = 0; level < bracket.levels; ++level)
    w.add(bracket.bracket_width, in_bracket && bracket.score_level[hi] == level ? 1 : 0);
  // C7: the downfloaters chosen leave the next bracket its most pairs, of
  // the highest scores.
  w.add(bracket.next_width, in_next ? 1 : 0);
  for (int level = 0; level < bracket.next_levels; ++level)
    w.add(bracket.next_width, in_next && bracket.next_score_level[hi] == level ? 1 : 0);
  w.add(bracket.games_width, bracket.bye_decided && low.id == 0 && bracket.in_bracket[hi]
                                 ? static_cast<std::int64_t>(high.colours.size())
                                 : 0);
  // C8-C11: colours, only inside the bracket (a bye has none).
  const bool colours = in_bracket && low.id != 0;
  w.add(bracket.bracket_width, colours && imbalance_beyond_two(high, low) ? 0 : 1);
  w.add(bracket.bracket_width, colours && third_colour_in_a_row(high, low) ? 0 : 1);
  w.add(bracket.bracket_width, colours && same_preference(high, low) ? 0 : 1);
  w.add(bracket.bracket_width, colours && strong_preference_unmet(high, low) ? 0 : 1);
  // C12-C15: players who floated down (up) in the last round, or the one
  // before, are not to float so again. A resident paired inside the bracket
  // does not float down; a resident paired with an MDP floats up.
  for (int ago = 0; ago < 2; ++ago) {
    std::int64_t not_down_again = 0;
    if (in_bracket) {
      not_down_again += low.floated_down[ago] ? 1 : 0;
      not_down_again += high.score <= low.score && high.floated_down[ago] ? 1 : 0;
    }
    w.add(bracket.float_width, not_down_again);
    w.add(bracket.bracket_width, in_bracket && !(high.score > low.score && low.floated_up[ago]) ? 1 : 0);
  }
  // C16-C19: of the repeated floats left, those of the smallest score
  // differences: a repeated downfloater paired in the bracket counts by its
  // score, a pair without a repeated upfloat by its higher player's.
  auto height = [&](std::size_t i) {
    return static_cast<std::int64_t>(bracket.levels - bracket.score_level[i]);
  };
  for (int ago = 0; ago < 2; ++ago) {
    std::int64_t down = 0, up = 0;
    if (in_bracket && bracket.float_score_width > 0) {
      down += low.floated_down[ago] ? height(lo) : 0;
      down += high.floated_down[ago] ? height(hi) : 0;
      up = !(high.score > low.score && low.floated_up[ago]) ? height(hi) : 0;
    }
    w.add(bracket.float_score_width, down);
    w.add(bracket.float_score_width, up);
  }
  w.add(bracket.s1_width, 0);
  if (bracket.order_width > 0)
    w.add(bracket.order_width, in_bracket && low.id != 0 ? kOrderCap - order_penalty(high, low) : 0);
  return w.value();
}

// The field widths for a bracket of `bracket_size` players, with
// `next_size` more in the next group and `remaining` players (and the bye)
// still to pair; score levels merged from the lowest up if the weight would
// not fit.
void size_fields(Bracket& bracket, std::size_t bracket_size, std::size_t next_size, std::size_t remaining) {
  bracket.pairs_width = bits_for(static_cast<std::int64_t>(remaining / 2 + 1));
  bracket.bracket_width = bits_for(static_cast<std::int64_t>(bracket_size / 2 + 1));
  bracket.games_width = bits_for(kMaxTrfRounds);
  bracket.float_score_width = bits_for(static_cast<std::int64_t>(bracket.levels) * 2 *
                                       static_cast<std::int64_t>(bracket_size / 2 + 1));
  bracket.s1_width = bits_for(static_cast<std::int64_t>(bracket_size / 2 + 1));
  bracket.float_width = bits_for(static_cast<std::int64_t>(bracket_size + 2));
  bracket.next_width = bits_for(static_cast<std::int64_t>((bracket_size + next_size) / 2 + 1));
  auto total = [&](int order_width) {
    return bracket.pairs_width + bracket.bracket_width * (1 + bracket.levels + 4 + 2) +
           bracket.float_width * 2 + bracket.next_width * (1 + bracket.next_levels) + bracket.s1_width +
           bracket.games_width + bracket.float_score_width * 4 + order_width;
  };
  while (total(0) > kWeightBits && bracket.next_levels > 1) --bracket.next_levels;
  while (total(0) > kWeightBits && bracket.levels > 1) --bracket.levels;
  bracket.float_score_width = bits_for(static_cast<std::int64_t>(bracket.levels) * 2 *
                                       static_cast<std::int64_t>(bracket_size / 2 + 1));
  if (total(0) > kWeightBits) bracket.float_score_width = 0;  // C16-C19 left out rather than overflow
  for (int& level : bracket.score_level) level = std::min(level, bracket.levels - 1);
  for (int& level : bracket.next_score_level) level = std::min(level, bracket.next_levels - 1);
  const int order_width = bits_for(kOrderCap * static_cast<std::int64_t>(bracket_size / 2 + 1));
  bracket.order_width = total(order_width) <= kWeightBits ? order_width : 0;
}

// The maximum weighted matching of the players not `left_out`, as each one's
// partner's index (-1 for those left out); empty if it does not pair them all.
std::vector<int> best_matching(const std::vector<std::vector<WideWeight>>& weight,
                               const std::vector<bool>& left_out) {
  const std::size_t n = weight.size();
  std::vector<std::size_t> index;
  for (std::size_t i = 0; i < n; ++i)
    if (!left_out[i]) index.push_back(i);
  std::vector<std::vector<WideWeight>> sub(index.size(), std::vector<WideWeight>(index.size(), 0));
  for (std::size_t a = 0; a < index.size(); ++a)
    for (std::size_t b = 0; b < index.size(); ++b)
      if (a != b) sub[a][b] = weight[index[a]][index[b]];
  std::vector<int> mate = maximum_weighted_matching(sub);
  std::vector<int> result(n, -1);
  for (std::size_t a = 0; a < index.size(); ++a) {
    if (mate[a] < 0) return {};
    result[index[a]] = static_cast<int>(index[static_cast<std::size_t>(mate[a])]);
  }
  return result;
}

WideWeight matching_total(const std::vector<std::vector<WideWeight>>& weight, const std::vector<int>& mate,
                          const std::vector<bool>& left_out) {
  WideWeight total = 0;
  for (std::size_t i = 0; i < mate.size(); ++i)
    if (!left_out[i] && mate[i] > static_cast<int>(i)) total += weight[i][static_cast<std::size_t>(mate[i])];
  return total;
}

// Who may have the pairing-allocated bye: of those who may have it (C.04.1),
// the lowest score that leaves everyone else pairable. One matching finds
// that score: every pair is worth far more than the rest (as many pairs as
// can be), and each player paired adds its score level, a player who may not
// have the bye the most, so the player left out is one who may have it, of
// the lowest score that can. Which player of that score has it is left to
// the brackets' criteria, whose completion criterion keeps out those who
// would leave the others unpairable. Empty when nobody can have it.
std::vector<bool> bye_candidates(const std::vector<Entrant>& entrants) {
  const std::size_t n = entrants.size();
  const int groups = entrants.empty() ? 0 : entrants.back().group + 1;
  auto value = [&](const Entrant& e) -> std::int64_t {
    return e.may_have_bye ? groups - e.group : groups + 1;
  };
  constexpr std::int64_t kPair = std::int64_t{1} << 40;
  std::vector<std::vector<std::int64_t>> weight(n, std::vector<std::int64_t>(n, 0));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (may_meet(entrants[i], entrants[j]))
        weight[i][j] = weight[j][i] = kPair + value(entrants[i]) + value(entrants[j]);
  const std::vector<int> mate = maximum_weighted_matching(weight);
  std::vector<bool> candidate(n, false);
  if (std::count(mate.begin(), mate.end(), -1) != 1) return candidate;
  const Entrant& left_out =
      entrants[static_cast<std::size_t>(std::find(mate.begin(), mate.end(), -1) - mate.begin())];
  if (!left_out.may_have_bye) return candidate;
  for (std::size_t k = 0; k < n; ++k)
    candidate[k] = entrants[k].may_have_bye && entrants[k].score == left_out.score;
  return candidate;
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
  // E.5: by the higher-ranked player's pairing number, odd or even, the
  // numbers counted over the players paired in the round (as bbpPairings
  // counts them when some sit out).
  return give_high(high.number_order % 2 == 1 ? initial_colour : other(initial_colour));
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
  if (entrants.empty())
    return make_error("TRF: round " + std::to_string(played_rounds + 1) + " has nobody to pair");
  // The pairing numbers E.5 counts: the players paired now or in an earlier
  // round (a player who has sat out every round so far is not counted).
  {
    int number = 0;
    std::size_t next = 0;
    for (const TrfPlayer& p : tournament.players) {
      const bool now = next < entrants.size() && entrants[next].id == p.id;
      bool before = false;
      for (int r = 0; r < played_rounds && r < static_cast<int>(p.rounds.size()); ++r)
        before = before || p.rounds[r].paired();
      if (now || before) ++number;
      if (now) entrants[next++].number_order = number;
    }
  }
  std::sort(entrants.begin(), entrants.end(), ranks_above);
  for (std::size_t i = 0; i < entrants.size(); ++i) entrants[i].rank_order = static_cast<int>(i) + 1;

  // Floats in the last two rounds: paired with someone of another score then,
  // or a point without a game (more than a loss gives: C.04.3 1.4.3).
  for (int ago = 0; ago < 2 && played_rounds - 1 - ago >= 0; ++ago) {
    const int round = played_rounds - 1 - ago;
    for (Entrant& e : entrants) {
      const TrfPlayer& p = *tournament.find(e.id);
      if (static_cast<int>(p.rounds.size()) <= round) continue;
      const TrfRound& r = p.rounds[round];
      if (!r.played()) {
        e.floated_down[ago] = r.result != ' ' && tournament.result_points(r) > tournament.points.loss;
        continue;
      }
      int before = tournament.score(p, round);
      int opponent_before = tournament.score(*tournament.find(r.opponent), round);
      e.floated_down[ago] = before > opponent_before;
      e.floated_up[ago] = before < opponent_before;
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

  // With an odd number the bye is one more player, below every score group,
  // whom only those who may have it (C.04.1 d) may meet: the matching weighs
  // it as it weighs a float, so the bye goes where the criteria send the
  // lowest bracket's downfloater.
  std::vector<const Entrant*> to_pair;
  for (const Entrant& e : entrants) to_pair.push_back(&e);
  Entrant bye_player;
  bye_player.id = 0;
  bye_player.group = groups;
  bye_player.group_size = 1;
  std::vector<bool> may_have_this_bye;
  std::optional<int> bye_group;
  if (entrants.size() % 2 == 1) {
    to_pair.push_back(&bye_player);
    may_have_this_bye = bye_candidates(entrants);
    for (std::size_t k = 0; k < entrants.size(); ++k)
      if (may_have_this_bye[k]) bye_group = entrants[k].group;
    if (std::find(may_have_this_bye.begin(), may_have_this_bye.end(), true) == may_have_this_bye.end())
      return make_error("TRF: round " + std::to_string(played_rounds + 1) +
                        " cannot be paired: no player may have the bye and leave the others pairable");
  }
  auto may_pair = [&](const Entrant& a, const Entrant& b) -> bool {
    if (a.id == 0) return may_have_this_bye[static_cast<std::size_t>(b.rank_order - 1)];
    if (b.id == 0) return may_have_this_bye[static_cast<std::size_t>(a.rank_order - 1)];
    return may_meet(a, b);
  };

  const std::size_t n = to_pair.size();
  std::vector<std::vector<bool>> allowed(n, std::vector<bool>(n, false));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      allowed[i][j] = allowed[j][i] = may_pair(*to_pair[i], *to_pair[j]);
  const int last_group = to_pair.back()->group;

  // The brackets from the top (C.04.3 of 2025, 1.3 and 3): each is paired by
  // one matching over every player still unpaired, the bracket's criteria
  // above the rest's, so that the rest stays pairable (C4) whatever the
  // bracket chooses; its pairs are then fixed and its unpaired players move
  // down into the next bracket.
  std::vector<int> mate(n, -1);
  std::vector<bool> fixed(n, false);
  for (int group = 0; group <= last_group; ++group) {
    Bracket bracket;
    bracket.in_bracket.assign(n, false);
    bracket.in_next.assign(n, false);
    bracket.score_level.assign(n, 0);
    bracket.next_score_level.assign(n, 0);
    std::size_t bracket_size = 0, next_size = 0, remaining = 0;
    std::vector<int> scores, next_scores;
    for (std::size_t i = 0; i < n; ++i) {
      if (fixed[i]) continue;
      ++remaining;
      const int g = to_pair[i]->group;
      if (g <= group) {
        bracket.in_bracket[i] = true;
        ++bracket_size;
        if (std::find(scores.begin(), scores.end(), g) == scores.end()) scores.push_back(g);
      } else if (g == group + 1) {
        bracket.in_next[i] = true;
        ++next_size;
      }
      if (g <= group + 1 && std::find(next_scores.begin(), next_scores.end(), g) == next_scores.end())
        next_scores.push_back(g);
    }
    if (bracket_size == 0) continue;
    // From the scoregroup of the bye's candidates down (they all have the
    // lowest score that can have it) the bracket may decide who has the bye.
    bool may_decide_bye = false;
    for (std::size_t i = 0; i < n; ++i)
      if (!fixed[i] && bracket.in_bracket[i] && to_pair[i]->group == group && bye_group &&
          group >= *bye_group)
        may_decide_bye = true;
    // Players are in rank order, so the levels come out highest first.
    for (std::size_t i = 0; i < n; ++i) {
      if (fixed[i]) continue;
      const int g = to_pair[i]->group;
      bracket.score_level[i] = static_cast<int>(std::find(scores.begin(), scores.end(), g) - scores.begin());
      bracket.next_score_level[i] =
          static_cast<int>(std::find(next_scores.begin(), next_scores.end(), g) - next_scores.begin());
    }
    bracket.levels = std::max<int>(1, static_cast<int>(scores.size()));
    bracket.next_levels = std::max<int>(1, static_cast<int>(next_scores.size()));
    size_fields(bracket, bracket_size, next_size, remaining);

    std::vector<std::vector<WideWeight>> weight(n, std::vector<WideWeight>(n, 0));
    auto weigh = [&] {
      for (std::size_t i = 0; i < n; ++i) {
        if (fixed[i]) continue;
        for (std::size_t j = i + 1; j < n; ++j)
          if (!fixed[j] && allowed[i][j])
            weight[i][j] = weight[j][i] = pair_weight(*to_pair[i], *to_pair[j], i, j, bracket);
      }
    };
    weigh();
    std::vector<int> best_mate = best_matching(weight, fixed);
    if (best_mate.empty())
      return make_error(
          "TRF: round " + std::to_string(played_rounds + 1) +
          " cannot be paired: the players present cannot all meet someone new within the colour rules");
    if (may_decide_bye) {
      // It does when its one downfloater is the bye's: nobody of it is
      // paired further down (the games criterion of C.04.3 of 2025 is then
      // the bracket's; bbpPairings reads it so).
      bool single = true;
      for (std::size_t i = 0; i < n; ++i)
        if (bracket.in_bracket[i] && to_pair[static_cast<std::size_t>(best_mate[i])]->id != 0 &&
            !bracket.in_bracket[static_cast<std::size_t>(best_mate[i])])
          single = false;
      if (single) {
        bracket.bye_decided = true;
        weigh();
        best_mate = best_matching(weight, fixed);
      }
    }
    WideWeight best = matching_total(weight, best_mate, fixed);

    // The order of the players (C.04.3 B and the transpositions and
    // exchanges): from the highest-ranked down, each player of the bracket
    // takes the first opponent in the order the rules try them with whom the
    // criteria still reach their best; one who finds none moves down.
    std::vector<std::size_t> members;
    for (std::size_t i = 0; i < n; ++i)
      if (bracket.in_bracket[i]) members.push_back(i);
    int pairs_in_bracket = 0;
    for (std::size_t i : members)
      if (bracket.in_bracket[static_cast<std::size_t>(best_mate[i])]) ++pairs_in_bracket;
    pairs_in_bracket /= 2;
    // The order hint is no criterion: pairings equal above it are equal.
    auto criteria = [&](WideWeight total) { return total >> bracket.order_width; };
    std::vector<bool> settled = fixed;  // paired in the bracket, or moving down
    std::vector<bool> taken = fixed;    // paired
    WideWeight taken_total = 0;
    auto try_pair = [&](std::size_t p, std::size_t q) {
      if (best_mate[p] != static_cast<int>(q)) {
        if (weight[p][q] == 0) return false;
        std::vector<bool> without = taken;
        without[p] = without[q] = true;
        std::vector<int> rest = best_matching(weight, without);
        if (rest.empty() ||
            criteria(taken_total + weight[p][q] + matching_total(weight, rest, without)) != criteria(best))
          return false;
        for (std::size_t k = 0; k < n; ++k)
          if (without[k]) rest[k] = best_mate[k];
        rest[p] = static_cast<int>(q);
        rest[q] = static_cast<int>(p);
        best_mate = std::move(rest);
      }
      settled[p] = settled[q] = taken[p] = taken[q] = true;
      taken_total += weight[p][q];
      mate[p] = static_cast<int>(q);
      mate[q] = static_cast<int>(p);
      --pairs_in_bracket;
      return true;
    };
    auto pair_from = [&](std::size_t p, const std::vector<std::size_t>& candidates) {
      for (std::size_t q : candidates)
        if (!settled[q] && q != p && try_pair(p, q)) return;
      settled[p] = true;  // moves down
    };
    std::vector<std::size_t> residents, movers;
    for (std::size_t i : members) (to_pair[i]->group == group ? residents : movers).push_back(i);
    // A heterogeneous bracket: the MDPs meet the residents from the top.
    for (std::size_t k = 0; k < movers.size(); ++k) {
      if (settled[movers[k]]) continue;
      std::vector<std::size_t> candidates = residents;
      candidates.insert(candidates.end(), movers.begin() + static_cast<std::ptrdiff_t>(k) + 1, movers.end());
      pair_from(movers[k], candidates);
    }
    // The remainder, homogeneous: S1 the first of its players as many as its
    // pairs, S2 the rest; S1 meets S2 in order, then the rest of S1 below.
    std::vector<std::size_t> left;
    for (std::size_t i : residents)
      if (!settled[i]) left.push_back(i);
    const std::size_t half = std::min(left.size(), static_cast<std::size_t>(std::max(0, pairs_in_bracket)));
    // S1 the first `half` of `order`, S2 the rest.
    std::vector<std::size_t> order = left;
    if (half > 0) {
      // S2's transpositions come before any exchange (C.04.3, D.1 and D.2 of the 2017 text):
      // the best pairings with every S1 player against S2 first, S1 and S2
      // as they are or after the least exchange of one player each way; only
      // then the order inside.
      const std::vector<std::vector<WideWeight>> base = weight;
      const WideWeight unit = WideWeight{1} << bracket.order_width;
      const int top_shift = bracket.order_width + bracket.s1_width;
      const WideWeight best_top = best >> top_shift;
      auto with_s1 = [&](const std::vector<std::size_t>& split) -> bool {
        std::vector<bool> in_s1(n, false);
        for (std::size_t k = 0; k < half; ++k) in_s1[split[k]] = true;
        weight = base;
        for (std::size_t i : split)
          for (std::size_t j : split)
            if (i != j && weight[i][j] > 0 && in_s1[i] != in_s1[j]) weight[i][j] += unit;
        std::vector<int> rest = best_matching(weight, taken);
        for (std::size_t k = 0; k < n; ++k)
          if (taken[k]) rest[k] = best_mate[k];
        const WideWeight total = taken_total + matching_total(weight, rest, taken);
        if ((total >> top_shift) != best_top) return false;
        best_mate = std::move(rest);
        best = total;
        return ((total >> bracket.order_width) & ((WideWeight{1} << bracket.s1_width) - 1)) ==
               static_cast<WideWeight>(half);
      };
      if (!with_s1(order)) {
        // Exchanges between S1 and S2 in the rules' order (C.04.3, D.2 of the 2017 text): the
        // fewest players, then the smallest difference of the sums of their
        // pairing numbers, then the highest moved from S1, then the lowest
        // moved from S2. One player each way, then two (in brackets small
        // enough to list them).
        struct Exchange {
          std::vector<std::size_t> from_s1;  // positions, highest first
          std::vector<std::size_t> from_s2;  // positions, lowest first
          std::size_t difference = 0;
        };
        const std::size_t s2_size = order.size() - half;
        std::vector<Exchange> exchanges;
        for (std::size_t a = half; a-- > 0;)
          for (std::size_t b = half; b < order.size(); ++b) exchanges.push_back({{a}, {b}, b - a});
        if (half >= 2 && s2_size >= 2 && half <= kMostPlayersForDoubleExchanges &&
            s2_size <= kMostPlayersForDoubleExchanges)
          for (std::size_t a1 = half; a1-- > 0;)
            for (std::size_t a2 = a1; a2-- > 0;)
              for (std::size_t b1 = half; b1 < order.size(); ++b1)
                for (std::size_t b2 = b1 + 1; b2 < order.size(); ++b2)
                  exchanges.push_back({{a1, a2}, {b1, b2}, b1 + b2 - a1 - a2});
        std::stable_sort(exchanges.begin(), exchanges.end(), [](const Exchange& x, const Exchange& y) {
          if (x.from_s1.size() != y.from_s1.size()) return x.from_s1.size() < y.from_s1.size();
          if (x.difference != y.difference) return x.difference < y.difference;
          if (x.from_s1 != y.from_s1) return x.from_s1 > y.from_s1;
          return x.from_s2 < y.from_s2;
        });
        bool found = false;
        std::size_t tried[3] = {0, 0, 0};
        for (const Exchange& exchange : exchanges) {
          if (found) break;
          if (tried[exchange.from_s1.size()]++ >= kMostExchangesTried) continue;
          std::vector<std::size_t> split = left;
          for (std::size_t k = 0; k < exchange.from_s1.size(); ++k)
            std::swap(split[exchange.from_s1[k]], split[exchange.from_s2[k]]);
          std::sort(split.begin(), split.begin() + static_cast<std::ptrdiff_t>(half));
          std::sort(split.begin() + static_cast<std::ptrdiff_t>(half), split.end());
          if (with_s1(split)) {
            order = split;
            found = true;
          }
        }
        if (!found) with_s1(left);
      }
    }
    for (std::size_t k = 0; k < order.size(); ++k) {
      if (settled[order[k]]) continue;
      std::vector<std::size_t> candidates;
      if (k < half) {
        candidates.assign(order.begin() + static_cast<std::ptrdiff_t>(half), order.end());
        candidates.insert(candidates.end(), order.begin() + static_cast<std::ptrdiff_t>(k) + 1,
                          order.begin() + static_cast<std::ptrdiff_t>(half));
      } else {
        candidates.assign(order.begin() + static_cast<std::ptrdiff_t>(k) + 1, order.end());
      }
      pair_from(order[k], candidates);
    }
    for (std::size_t i : members)
      if (mate[i] >= 0) fixed[i] = true;
  }
  for (std::size_t i = 0; i < n; ++i)
    if (mate[i] < 0)
      return make_error(
          "TRF: round " + std::to_string(played_rounds + 1) +
          " cannot be paired: the players present cannot all meet someone new within the colour rules");

  char initial = tournament.first_colour == 'b' ? 'b' : 'w';
  std::vector<SwissPairing> pairs;
  std::optional<int> bye;
  for (std::size_t i = 0; i < to_pair.size(); ++i) {
    std::size_t j = mate[i];
    if (j < i) continue;
    if (to_pair[i]->id == 0 || to_pair[j]->id == 0) {
      bye = to_pair[i]->id == 0 ? to_pair[j]->id : to_pair[i]->id;
      continue;
    }
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
  if (bye) pairs.push_back({*bye, 0});
  return pairs;
}

}  // namespace qi::competition::swiss
