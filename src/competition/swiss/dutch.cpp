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

// The weight of a pair: its parts are ordered as the quality criteria are,
// each part's largest total over a round (at most 128 pairs with the bye)
// smaller than one unit of the part above it.
constexpr std::int64_t kMaxPairs = 128;                            // kMaxSwissPlayers and the bye, with room
constexpr std::int64_t kOrderCap = 99;                             // S1 against S2 in order
constexpr std::int64_t kFloat2Unit = kMaxPairs * (kOrderCap + 1);  // floats two rounds before
constexpr std::int64_t kFloat2Cap = 2;
constexpr std::int64_t kFloatUnit = kFloat2Unit * kMaxPairs * (kFloat2Cap + 1);  // floats in the last round
constexpr std::int64_t kFloatCap = 2;
constexpr std::int64_t kColourUnit = kFloatUnit * kMaxPairs * (kFloatCap + 1);  // colour preferences not met
constexpr std::int64_t kColourCap = 3;
constexpr std::int64_t kScoreUnit = kColourUnit * kMaxPairs * (kColourCap + 1);  // score differences
constexpr std::int64_t kScoreCap = 6'000;
constexpr std::int64_t kPairUnit = kScoreUnit * kMaxPairs * (kScoreCap + 1);  // every pair made (completion)
static_assert(2 * kMaxPairs >= kMaxSwissPlayers + 2 && kPairUnit < (std::int64_t{1} << 60),
              "the matching doubles the weights");

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

std::int64_t float_penalty(const Entrant& high, const Entrant& low, int rounds_ago) {
  if (high.group == low.group) return 0;
  return (high.floated_down[rounds_ago] ? 1 : 0) + (low.floated_up[rounds_ago] ? 1 : 0);
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
         (kFloatCap - float_penalty(high, low, 0)) * kFloatUnit +
         (kFloat2Cap - float_penalty(high, low, 1)) * kFloat2Unit + (kOrderCap - order_penalty(high, low));
}

// The maximum weighted matching of the players not `left_out`, as each one's
// partner's index (-1 for those left out); empty if it does not pair them all.
std::vector<int> best_matching(const std::vector<std::vector<std::int64_t>>& weight,
                               const std::vector<bool>& left_out) {
  const std::size_t n = weight.size();
  std::vector<std::size_t> index;
  for (std::size_t i = 0; i < n; ++i)
    if (!left_out[i]) index.push_back(i);
  std::vector<std::vector<std::int64_t>> sub(index.size(), std::vector<std::int64_t>(index.size(), 0));
  for (std::size_t a = 0; a < index.size(); ++a)
    for (std::size_t b = 0; b < index.size(); ++b)
      if (a != b && weight[index[a]][index[b]] > 0) sub[a][b] = weight[index[a]][index[b]];
  std::vector<int> mate = maximum_weighted_matching(sub);
  std::vector<int> result(n, -1);
  for (std::size_t a = 0; a < index.size(); ++a) {
    if (mate[a] < 0) return {};
    result[index[a]] = static_cast<int>(index[static_cast<std::size_t>(mate[a])]);
  }
  return result;
}

// The criteria above the order of the players, summed over a matching's pairs.
std::int64_t matching_quality(const std::vector<std::vector<std::int64_t>>& weight,
                              const std::vector<int>& mate, const std::vector<bool>& left_out) {
  std::int64_t total = 0;
  for (std::size_t i = 0; i < mate.size(); ++i)
    if (!left_out[i] && mate[i] > static_cast<int>(i)) total += weight[i][mate[i]] / kFloat2Unit;
  return total;
}

// The opponents of `p` in the order the Dutch rules try them: in its own
// scoregroup (of the players not yet paired) an S1 player meets S2 from its
// top, then the rest of S1 below it; an S2 player the players below it; then
// the lower groups from their top; the bye last.
std::vector<std::size_t> preference_order(const std::vector<const Entrant*>& players,
                                          const std::vector<bool>& fixed, std::size_t p) {
  std::vector<std::size_t> same_group;
  for (std::size_t i = 0; i < players.size(); ++i)
    if (!fixed[i] && players[i]->id != 0 && players[i]->group == players[p]->group) same_group.push_back(i);
  std::size_t position =
      static_cast<std::size_t>(std::find(same_group.begin(), same_group.end(), p) - same_group.begin());
  std::size_t half = same_group.size() / 2;
  std::vector<std::size_t> order;
  if (position < half) {
    for (std::size_t k = half; k < same_group.size(); ++k) order.push_back(same_group[k]);
    for (std::size_t k = position + 1; k < half; ++k) order.push_back(same_group[k]);
  } else {
    for (std::size_t k = position + 1; k < same_group.size(); ++k) order.push_back(same_group[k]);
  }
  for (std::size_t i = 0; i < players.size(); ++i)
    if (!fixed[i] && players[i]->id != 0 && players[i]->group > players[p]->group) order.push_back(i);
  for (std::size_t i = 0; i < players.size(); ++i)
    if (!fixed[i] && players[i]->id == 0) order.push_back(i);
  return order;
}

bool has_perfect_matching(const std::vector<const Entrant*>& players) {
  std::vector<std::vector<std::int64_t>> weight(players.size(), std::vector<std::int64_t>(players.size(), 0));
  for (std::size_t i = 0; i < players.size(); ++i)
    for (std::size_t j = i + 1; j < players.size(); ++j)
      if (may_meet(*players[i], *players[j])) weight[i][j] = weight[j][i] = 1;
  std::vector<int> mate = maximum_weighted_matching(weight);
  return std::find(mate.begin(), mate.end(), -1) == mate.end();
}

// Who may have the pairing-allocated bye: of those who may have it (C.04.1)
// and leave everyone else pairable, the lowest score, and of that score the
// players who have played the most games (C.04.3 of 2025 keeps players with
// fewer games from the bye). Before any other quality criterion. Empty when
// nobody can have it.
std::vector<bool> bye_candidates(const std::vector<Entrant>& entrants) {
  std::vector<bool> candidate(entrants.size(), false);
  std::optional<int> score;
  std::size_t most_games = 0;
  for (std::size_t k = entrants.size(); k-- > 0;) {
    if (!entrants[k].may_have_bye) continue;
    if (score && entrants[k].score != *score) break;
    std::vector<const Entrant*> rest;
    for (std::size_t i = 0; i < entrants.size(); ++i)
      if (i != k) rest.push_back(&entrants[i]);
    if (!has_perfect_matching(rest)) continue;
    score = entrants[k].score;
    candidate[k] = true;
    most_games = std::max(most_games, entrants[k].colours.size());
  }
  for (std::size_t k = 0; k < entrants.size(); ++k)
    if (candidate[k] && entrants[k].colours.size() < most_games) candidate[k] = false;
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
  // E.5: by the higher-ranked player's place in the order of the players paired.
  return give_high(high.rank_order % 2 == 1 ? initial_colour : other(initial_colour));
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
  if (entrants.size() % 2 == 1) {
    to_pair.push_back(&bye_player);
    may_have_this_bye = bye_candidates(entrants);
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
  std::vector<std::vector<std::int64_t>> weight(n, std::vector<std::int64_t>(n, -1));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (may_pair(*to_pair[i], *to_pair[j]))
        weight[i][j] = weight[j][i] = pair_weight(*to_pair[i], *to_pair[j], groups + 1);
  std::vector<bool> fixed(n, false);
  std::vector<int> mate = best_matching(weight, fixed);
  if (mate.empty())
    return make_error(
        "TRF: round " + std::to_string(played_rounds + 1) +
        " cannot be paired: the players present cannot all meet someone new within the colour rules");
  const std::int64_t best = matching_quality(weight, mate, fixed);

  // The order of the players (C.04.3 B and the transpositions): each player,
  // from the highest-ranked down, gets the first opponent in the order the
  // rules try them with whom the other criteria still reach their best.
  std::int64_t fixed_quality = 0;
  for (std::size_t p = 0; p < n; ++p) {
    if (fixed[p]) continue;
    for (std::size_t q : preference_order(to_pair, fixed, p)) {
      if (weight[p][q] < 0) continue;
      if (mate[p] == static_cast<int>(q)) break;
      std::vector<bool> without = fixed;
      without[p] = without[q] = true;
      std::vector<int> rest = best_matching(weight, without);
      if (rest.empty()) continue;
      if (fixed_quality + weight[p][q] / kFloat2Unit + matching_quality(weight, rest, without) != best)
        continue;
      rest[p] = static_cast<int>(q);
      rest[q] = static_cast<int>(p);
      for (std::size_t k = 0; k < n; ++k)
        if (fixed[k]) rest[k] = mate[k];
      mate = std::move(rest);
      break;
    }
    std::size_t q = static_cast<std::size_t>(mate[p]);
    fixed[p] = fixed[q] = true;
    fixed_quality += weight[p][q] / kFloat2Unit;
  }

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
