#include "competition/tie_breaks.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <map>

namespace qi::competition {
namespace {

struct Named {
  TieBreak tie_break;
  const char* code;
};
constexpr Named kNames[] = {
    {TieBreak::DirectEncounter, "DE"},
    {TieBreak::Wins, "WIN"},
    {TieBreak::GamesWon, "WON"},
    {TieBreak::NetGames, "NET"},
    {TieBreak::Buchholz, "BH"},
    {TieBreak::BuchholzCut1, "BH-C1"},
    {TieBreak::BuchholzMedian1, "BH-M1"},
    {TieBreak::SonnebornBerger, "SB"},
    {TieBreak::Progressive, "PS"},
    {TieBreak::GamesWithBlack, "BPG"},
    {TieBreak::AverageRatingOfOpponents, "ARO"},
    {TieBreak::Lot, "LOT"},
};

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

bool has_opponent(const RoundResult& r) { return r.opponent >= 0; }

// One round's contribution to Buchholz or Sonneborn-Berger, and whether the
// round was a voluntary unplayed one (cut first).
struct OpponentValue {
  double value = 0;
  bool voluntary = false;
};

// The value of each round: the opponent's adjusted score in a played game; a
// dummy opponent with the player's own score in an unplayed round (16.4).
// Sonneborn-Berger multiplies it by the points the player scored in the round.
std::vector<OpponentValue> opponent_values(const Crosstable& t, Scoring scoring, int player,
                                           bool times_points) {
  const double own = score(t, scoring, player);
  std::vector<OpponentValue> values;
  for (int r = 0; r < t.rounds(); ++r) {
    const RoundResult& result = t.at(player, r);
    OpponentValue v;
    v.value = result.played() ? adjusted_score(t, scoring, result.opponent) : own;
    v.voluntary = voluntarily_unplayed(result.kind);
    if (times_points) v.value *= points(scoring, result.score);
    values.push_back(v);
  }
  return values;
}

double sum_with_cuts(std::vector<OpponentValue> values, int low_cuts, int high_cuts) {
  // Low cuts take voluntary unplayed rounds first, the least of them first;
  // then the least values. High cuts take the greatest values.
  std::sort(values.begin(), values.end(), [](const OpponentValue& a, const OpponentValue& b) {
    if (a.voluntary != b.voluntary) return a.voluntary;
    return a.value < b.value;
  });
  const int low = std::min<int>(low_cuts, static_cast<int>(values.size()));
  values.erase(values.begin(), values.begin() + low);
  std::sort(values.begin(), values.end(),
            [](const OpponentValue& a, const OpponentValue& b) { return a.value < b.value; });
  const int high = std::min<int>(high_cuts, static_cast<int>(values.size()));
  values.erase(values.end() - high, values.end());
  double sum = 0;
  for (const OpponentValue& v : values) sum += v.value;
  return sum;
}

bool met(const Crosstable& t, int a, int b) {
  for (int r = 0; r < t.rounds(); ++r)
    if (t.at(a, r).played() && t.at(a, r).opponent == b) return true;
  return false;
}

// Splits `group` into runs of equal keys, best (greatest) first; within a run
// the players keep their order.
std::vector<std::vector<int>> split_by(const std::vector<int>& group, const std::function<double(int)>& key) {
  std::vector<std::pair<double, int>> keyed;
  for (int p : group) keyed.emplace_back(key(p), p);
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::vector<int>> parts;
  for (std::size_t i = 0; i < keyed.size(); ++i) {
    if (i == 0 || keyed[i].first != keyed[i - 1].first) parts.emplace_back();
    parts.back().push_back(keyed[i].second);
  }
  return parts;
}

std::vector<std::vector<int>> split_by_direct_encounter(const Crosstable& t, Scoring scoring,
                                                        const std::vector<int>& group) {
  if (group.size() < 2) return {group};
  std::map<int, double> de;
  std::map<int, double> reachable;  // with every missing encounter won
  bool all_met = true;
  for (int p : group) {
    de[p] = direct_encounter_points(t, scoring, p, group);
    int missing = 0;
    for (int q : group)
      if (q != p && !met(t, p, q)) ++missing;
    all_met = all_met && missing == 0;
    reachable[p] = de[p] + missing * win_points(scoring);
  }
  std::vector<std::vector<int>> parts;
  if (all_met) {
    parts = split_by(group, [&](int p) { return de[p]; });
  } else {
    // 6.2: from the top, a player is alone ahead only while its points beat
    // what every player below it could still have reached.
    std::vector<int> order = group;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return de[a] > de[b]; });
    std::size_t i = 0;
    for (; i + 1 < order.size(); ++i) {
      double best_below = 0;
      for (std::size_t j = i + 1; j < order.size(); ++j)
        best_below = std::max(best_below, reachable[order[j]]);
      if (de[order[i]] <= best_below) break;
      parts.push_back({order[i]});
    }
    parts.emplace_back(order.begin() + static_cast<long>(i), order.end());
  }
  if (parts.size() == 1) return parts;
  // A part still tied is split again among its own players.
  std::vector<std::vector<int>> refined;
  for (const std::vector<int>& part : parts)
    for (std::vector<int>& sub : split_by_direct_encounter(t, scoring, part))
      refined.push_back(std::move(sub));
  return refined;
}

}  // namespace

Expected<TieBreak> parse_tie_break(std::string_view text) {
  const std::string code = upper(text);
  for (const Named& n : kNames)
    if (code == n.code) return n.tie_break;
  std::string known;
  for (const Named& n : kNames) known += (known.empty() ? "" : ", ") + upper(n.code);
  return make_error("unknown tie-break '" + std::string(text) + "' (" + known + ")");
}

Expected<std::vector<TieBreak>> parse_tie_breaks(std::string_view text) {
  std::vector<TieBreak> list;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    Expected<TieBreak> one = parse_tie_break(text.substr(0, comma));
    if (!one) return make_error(one.error().message);
    list.push_back(*one);
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
  }
  return list;
}

std::string tie_break_code(TieBreak tie_break) {
  for (const Named& n : kNames)
    if (n.tie_break == tie_break) return n.code;
  return {};
}

double score(const Crosstable& t, Scoring scoring, int player, int rounds) {
  if (rounds < 0 || rounds > t.rounds()) rounds = t.rounds();
  double sum = 0;
  for (int r = 0; r < rounds; ++r) sum += points(scoring, t.at(player, r).score);
  return sum;
}

double adjusted_score(const Crosstable& t, Scoring scoring, int player) {
  int last = -1;  // the last round that was not a voluntary unplayed one
  for (int r = 0; r < t.rounds(); ++r)
    if (!voluntarily_unplayed(t.at(player, r).kind)) last = r;
  // After it, the rounds the player was not even paired in (it withdrew)
  // count as draws; a forfeit keeps its result.
  double sum = 0;
  for (int r = 0; r < t.rounds(); ++r) {
    const RoundResult& result = t.at(player, r);
    sum += r > last && !has_opponent(result) ? draw_points(scoring) : points(scoring, result.score);
  }
  return sum;
}

int number_of_wins(const Crosstable& t, int player) {
  int wins = 0;
  for (int r = 0; r < t.rounds(); ++r) wins += t.at(player, r).score == 1.0;
  return wins;
}

int games_won(const Crosstable& t, int player) {
  int wins = 0;
  for (int r = 0; r < t.rounds(); ++r) wins += t.at(player, r).played() && t.at(player, r).score == 1.0;
  return wins;
}

int net_games(const Crosstable& t, int player) {
  int net = 0;
  for (int r = 0; r < t.rounds(); ++r) {
    const RoundResult& result = t.at(player, r);
    if (!has_opponent(result)) continue;
    net += result.score == 1.0 ? 1 : result.score == 0.0 ? -1 : 0;
  }
  return net;
}

int games_with_black(const Crosstable& t, int player) {
  int games = 0;
  for (int r = 0; r < t.rounds(); ++r) games += t.at(player, r).played() && !t.at(player, r).first;
  return games;
}

int average_rating_of_opponents(const Crosstable& t, int player) {
  long sum = 0;
  int rated = 0;
  for (int r = 0; r < t.rounds(); ++r) {
    const RoundResult& result = t.at(player, r);
    if (!result.played() || t.rating(result.opponent) <= 0) continue;
    sum += t.rating(result.opponent);
    ++rated;
  }
  return rated ? static_cast<int>(std::floor(static_cast<double>(sum) / rated + 0.5)) : 0;
}

double progressive_score(const Crosstable& t, Scoring scoring, int player) {
  double running = 0, sum = 0;
  for (int r = 0; r < t.rounds(); ++r) {
    running += points(scoring, t.at(player, r).score);
    sum += running;
  }
  return sum;
}

double buchholz(const Crosstable& t, Scoring scoring, int player, int low_cuts, int high_cuts) {
  return sum_with_cuts(opponent_values(t, scoring, player, false), low_cuts, high_cuts);
}

double sonneborn_berger(const Crosstable& t, Scoring scoring, int player) {
  return sum_with_cuts(opponent_values(t, scoring, player, true), 0, 0);
}

double direct_encounter_points(const Crosstable& t, Scoring scoring, int player,
                               const std::vector<int>& group) {
  double sum = 0;
  for (int r = 0; r < t.rounds(); ++r) {
    const RoundResult& result = t.at(player, r);
    if (result.played() && result.opponent != player &&
        std::find(group.begin(), group.end(), result.opponent) != group.end())
      sum += points(scoring, result.score);
  }
  return sum;
}

std::uint64_t lot_number(std::uint64_t seed, int player) {
  // SplitMix64 (Steele, Lea and Flood, 2014) of the seed and the player: the
  // same in every build, unlike the standard library's distributions.
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (static_cast<std::uint64_t>(player) + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

double tie_break_value(const Crosstable& t, Scoring scoring, TieBreak tie_break, int player,
                       const std::vector<int>& group, std::uint64_t lot_seed) {
  switch (tie_break) {
    case TieBreak::DirectEncounter:
      return direct_encounter_points(t, scoring, player, group);
    case TieBreak::Wins:
      return number_of_wins(t, player);
    case TieBreak::GamesWon:
      return games_won(t, player);
    case TieBreak::NetGames:
      return net_games(t, player);
    case TieBreak::Buchholz:
      return buchholz(t, scoring, player);
    case TieBreak::BuchholzCut1:
      return buchholz(t, scoring, player, 1, 0);
    case TieBreak::BuchholzMedian1:
      return buchholz(t, scoring, player, 1, 1);
    case TieBreak::SonnebornBerger:
      return sonneborn_berger(t, scoring, player);
    case TieBreak::Progressive:
      return progressive_score(t, scoring, player);
    case TieBreak::GamesWithBlack:
      return games_with_black(t, player);
    case TieBreak::AverageRatingOfOpponents:
      return average_rating_of_opponents(t, player);
    case TieBreak::Lot: {
      // The draw's place among all players, 0 for the lowest number: small
      // enough for a table, in the same order as the numbers.
      int below = 0;
      for (int q = 0; q < t.players(); ++q) below += lot_number(lot_seed, q) < lot_number(lot_seed, player);
      return below;
    }
  }
  return 0;
}

std::vector<std::vector<int>> split_tied(const Crosstable& t, Scoring scoring, TieBreak tie_break,
                                         const std::vector<int>& group, std::uint64_t lot_seed) {
  if (tie_break == TieBreak::DirectEncounter) return split_by_direct_encounter(t, scoring, group);
  return split_by(group, [&](int p) { return tie_break_value(t, scoring, tie_break, p, group, lot_seed); });
}

}  // namespace qi::competition
