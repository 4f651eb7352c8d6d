// A tournament's state: results, status and what may happen next.
#include "app/tournament/tournament.h"

#include "app/tournament/tournament_groups.h"
#include "app/tournament/tournament_knockout.h"

#include <algorithm>

namespace qi::app {

namespace {

struct ResultCode {
  BoardResult result;
  const char* code;
};
constexpr ResultCode kResultCodes[] = {
    {BoardResult::None, ""},
    {BoardResult::FirstWins, "1-0"},
    {BoardResult::SecondWins, "0-1"},
    {BoardResult::Draw, "1/2-1/2"},
    {BoardResult::FirstByForfeit, "+-"},
    {BoardResult::SecondByForfeit, "-+"},
    {BoardResult::BothAbsent, "--"},
    {BoardResult::Bye, "bye"},
};

}  // namespace

std::string board_result_code(BoardResult result) {
  for (const ResultCode& c : kResultCodes)
    if (c.result == result) return c.code;
  return "";
}

std::optional<BoardResult> parse_board_result(std::string_view code) {
  for (const ResultCode& c : kResultCodes)
    if (code == c.code) return c.result;
  return std::nullopt;
}

Outcome board_outcome(BoardResult r) {
  switch (r) {
    case BoardResult::FirstWins:
    case BoardResult::FirstByForfeit:
      return Outcome::win(Side::First, Termination::Adjudication);
    case BoardResult::SecondWins:
    case BoardResult::SecondByForfeit:
      return Outcome::win(Side::Second, Termination::Adjudication);
    default:
      return Outcome::draw(Termination::AdjudicationDraw);
  }
}

bool TournamentRound::complete() const {
  return std::all_of(boards.begin(), boards.end(),
                     [](const Board& b) { return b.result != BoardResult::None; });
}

int Tournament::rounds_planned() const {
  if (is_swiss()) return settings.rounds;
  // A round robin's rounds and a knockout's follow from its players: once it
  // has begun, from its field; before, from the entries so far.
  int players = static_cast<int>(field.size());
  if (players == 0)
    players = static_cast<int>(
        std::count_if(entrants.begin(), entrants.end(), [](const Entrant& e) { return !e.withdrawn; }));
  if (players < 2) return 0;
  if (is_knockout()) {
    // The bracket's rounds (after the groups' rounds, for groups then a
    // knockout).
    const int bracket_players = has_groups() ? kQualifiersPerGroup * settings.groups : players;
    int bracket_rounds = 0;
    while ((1 << bracket_rounds) < bracket_players) ++bracket_rounds;
    return bracket_rounds + (has_groups() ? group_stage_rounds(*this) : 0);
  }
  const int per_cycle = players % 2 == 0 ? players - 1 : players;
  return per_cycle * (settings.format == "double-round-robin" ? 2 : 1);
}

bool Tournament::finished() const {
  if (rounds.empty() || !rounds.back().complete()) return false;
  // A knockout ends with its final, however many games its matches took.
  if (is_knockout()) {
    auto bracket = knockout_bracket(*this);
    return bracket && bracket->champion != 0;
  }
  return static_cast<int>(rounds.size()) >= rounds_planned();
}

std::string Tournament::status() const {
  if (rounds.empty()) return "open";
  return finished() ? "over" : "running";
}

bool Tournament::can_start_round() const {
  if (!rounds.empty() && !rounds.back().complete()) return false;
  const int active = static_cast<int>(
      std::count_if(entrants.begin(), entrants.end(), [](const Entrant& e) { return !e.withdrawn; }));
  if (active < 2 && rounds.empty()) return false;
  return !finished() && (is_knockout() || static_cast<int>(rounds.size()) < rounds_planned());
}

const Entrant* Tournament::entrant_of_player(std::int64_t player) const {
  for (const Entrant& e : entrants)
    if (e.player_id == player) return &e;
  return nullptr;
}

}  // namespace qi::app
