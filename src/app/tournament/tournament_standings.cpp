// A tournament's crosstable and standings (tournament_standings.h).
#include "app/tournament/tournament_standings.h"

#include <functional>

#include "competition/tie_breaks.h"

namespace qi::app {

namespace cp = competition;

namespace {}  // namespace

cp::Crosstable tournament_crosstable(const Tournament& t) {
  cp::Crosstable table(static_cast<int>(t.entrants.size()), static_cast<int>(t.rounds.size()));
  // In a round robin everyone sits out once: the bye is worth nothing. In a
  // Swiss it is worth what the organiser said (FIDE: a win).
  table.set_pairing_bye_score(t.is_swiss() ? t.settings.bye_score : 0);
  for (const Entrant& e : t.entrants) table.set_rating(e.number - 1, e.rating);
  for (std::size_t r = 0; r < t.rounds.size(); ++r)
    for (const Board& b : t.rounds[r].boards) {
      const int round = static_cast<int>(r), first = b.first - 1, second = b.second - 1;
      switch (b.result) {
        case BoardResult::None:
          break;
        case BoardResult::Bye:
          table.add_bye(round, first, cp::RoundKind::PairingBye);
          break;
        case BoardResult::FirstByForfeit:
          table.add_forfeit(round, first, second, true);
          break;
        case BoardResult::SecondByForfeit:
          table.add_forfeit(round, second, first, false);
          break;
        case BoardResult::BothAbsent:
          table.add_bye(round, first, cp::RoundKind::ZeroPointBye);
          table.add_bye(round, second, cp::RoundKind::ZeroPointBye);
          break;
        default:
          table.add_game(round, cp::PlayedGame{first, second, board_outcome(b.result)});
      }
    }
  return table;
}

cp::RankingRules tournament_ranking_rules(const Tournament& t) {
  cp::RankingRules rules;
  if (auto s = cp::parse_scoring(t.settings.scoring)) rules.scoring = *s;
  rules.tie_breaks.clear();
  for (const std::string& code : t.settings.tie_breaks)
    if (auto tb = cp::parse_tie_break(code)) rules.tie_breaks.push_back(*tb);
  // The lot is drawn from the tournament's id: the same on every server and
  // at every look, unknown before the tournament was made.
  rules.lot_seed = std::hash<std::string>{}(t.id);
  return rules;
}

std::vector<cp::Standing> tournament_standings(const Tournament& t) {
  return cp::standings(tournament_crosstable(t), tournament_ranking_rules(t));
}

}  // namespace qi::app
