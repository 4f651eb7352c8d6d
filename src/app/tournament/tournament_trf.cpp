// A tournament written as a TRF (tournament_trf.h).
#include "app/tournament/tournament_trf.h"

#include <cmath>

#include "competition/scoring.h"

namespace qi::app {

namespace swiss = competition::swiss;

namespace {

int tenths(double points) { return static_cast<int>(std::lround(points * 10)); }

// The TRF's result letters of one board, for its first and second player.
std::pair<char, char> trf_results(BoardResult r) {
  switch (r) {
    case BoardResult::FirstWins:
      return {'1', '0'};
    case BoardResult::SecondWins:
      return {'0', '1'};
    case BoardResult::Draw:
      return {'=', '='};
    case BoardResult::FirstByForfeit:
      return {'+', '-'};
    case BoardResult::SecondByForfeit:
      return {'-', '+'};
    case BoardResult::BothAbsent:
      return {'-', '-'};
    case BoardResult::Bye:
      return {'U', ' '};
    case BoardResult::None:
      break;
  }
  return {' ', ' '};
}

// Columns 10-80 of a player's line: the name in 15-47 (cut where a UTF-8
// character starts, so a long name stays text) and the rating in 49-52.
std::string identity_of(const Entrant& e) {
  std::string name = e.name;
  if (name.size() > 33) {
    std::size_t cut = 33;
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
    name.resize(cut);
  }
  std::string identity(71, ' ');
  identity.replace(5, name.size(), name);
  if (e.rating > 0 && e.rating <= 9999) {
    const std::string rating = std::to_string(e.rating);
    identity.replace(39 + 4 - rating.size(), rating.size(), rating);
  }
  return identity;
}

}  // namespace

swiss::TrfTournament tournament_trf(const Tournament& t, bool absent_next) {
  swiss::TrfTournament trf;
  auto scoring = competition::parse_scoring(t.settings.scoring);
  const competition::Scoring s = scoring ? *scoring : competition::Scoring::Fide;
  trf.points.win = tenths(competition::win_points(s));
  trf.points.draw = tenths(competition::draw_points(s));
  trf.points.pairing_bye =
      tenths(t.settings.bye_score >= 1 ? competition::win_points(s) : competition::draw_points(s));
  trf.points.pairing_bye_set = true;
  trf.total_rounds = t.rounds_planned();
  // Who has white in round 1 is drawn by lot (C.04.2): here the lot is the
  // tournament's id, so every server draws the same.
  trf.first_colour = std::hash<std::string>{}(t.id) % 2 == 0 ? 'w' : 'b';
  // The lines a pairing program reads: the rounds, round 1's colour, and
  // the points of a win, a draw and the pairing's bye (bbpPairings' and
  // JaVaFo's extensions of TRF-2016).
  trf.other_lines.push_back("012 " + t.settings.name);
  if (trf.total_rounds > 0) trf.other_lines.push_back("XXR " + std::to_string(trf.total_rounds));
  trf.other_lines.push_back(std::string("XXC ") + (trf.first_colour == 'w' ? "white1" : "black1"));
  trf.other_lines.push_back("BBW " + swiss::format_points(trf.points.win));
  trf.other_lines.push_back("BBD " + swiss::format_points(trf.points.draw));
  trf.other_lines.push_back("BBU " + swiss::format_points(trf.points.pairing_bye));
  for (const Entrant& e : t.entrants) {
    swiss::TrfPlayer p;
    p.id = e.number;
    p.name = e.name;
    p.identity = identity_of(e);
    p.rating = e.rating;
    // Every round starts as "not paired": a zero-point bye (late entry,
    // absence), until a board says otherwise.
    p.rounds.assign(t.rounds.size(), swiss::TrfRound{0, '-', 'Z'});
    trf.players.push_back(std::move(p));
  }
  for (std::size_t r = 0; r < t.rounds.size(); ++r)
    for (const Board& b : t.rounds[r].boards) {
      auto [first_result, second_result] = trf_results(b.result);
      swiss::TrfRound& first = trf.players[b.first - 1].rounds[r];
      if (b.second == 0) {
        first = {0, '-', 'U'};
        continue;
      }
      swiss::TrfRound& second = trf.players[b.second - 1].rounds[r];
      first = {b.second, 'w', first_result};
      second = {b.first, 'b', second_result};
    }
  if (absent_next)
    for (const Entrant& e : t.entrants)
      if (e.withdrawn) trf.players[e.number - 1].rounds.push_back({0, '-', 'Z'});
  for (swiss::TrfPlayer& p : trf.players) p.declared_points = trf.score(p, static_cast<int>(p.rounds.size()));
  return trf;
}

}  // namespace qi::app
