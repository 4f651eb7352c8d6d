#include "arena/match_resume.h"

#include "core/record.h"
#include "engine/registry.h"

namespace qi::arena {

Expected<std::map<int, PlayedGame>> games_in_file(std::string_view text,
                                                  const std::array<std::string, 2>& names,
                                                  const GameSettings& settings) {
  Expected<std::unique_ptr<Game>> game = make_game(settings.game, settings.variant);
  if (!game) return game.error();
  const RecordDialect dialect = (*game)->record_dialect();
  const std::string time_control = settings.tc.pgn_tag();
  std::map<int, PlayedGame> played;
  RecordReader reader(text);
  while (true) {
    auto tags = reader.next_tags();
    if (!tags) return tags.error();
    if (!*tags) break;
    GameRecord& record = **tags;
    const std::string where = "record " + std::to_string(reader.records_started());
    if (Status s = reader.read_movetext(record, dialect); !s) return make_error(s.error().message);
    int number = 0;
    try {
      std::size_t used = 0;
      number = std::stoi(record.tag("Round"), &used);
      if (used != record.tag("Round").size() || number < 1) throw std::invalid_argument("round");
    } catch (const std::exception&) {
      return make_error(where + ": Round \"" + record.tag("Round") + "\" is not a game number");
    }
    const std::string first = record.tag(dialect.player_tags[0]), second = record.tag(dialect.player_tags[1]);
    const bool players_first = number % 2 == 1;
    const std::string& expected_first = names[players_first ? 0 : 1];
    const std::string& expected_second = names[players_first ? 1 : 0];
    if (first != expected_first || second != expected_second)
      return make_error(where + " (game " + std::to_string(number) + "): " + first + " against " + second +
                        ", where this match has " + expected_first + " against " + expected_second +
                        ": another match's file");
    if (record.has_tag("TimeControl") && record.tag("TimeControl") != time_control)
      return make_error(where + ": time control " + record.tag("TimeControl") + ", where this match plays " +
                        time_control);
    const std::optional<ResultMeaning> result = result_meaning(record.result, dialect);
    if (!result) continue;  // unfinished: played again
    PlayedGame g;
    g.first_player_moved_first = players_first;
    g.outcome = result->verdict == Verdict::Win ? Outcome::win(result->winner, Termination::None)
                                                : Outcome::draw(Termination::None);
    played[number] = g;
  }
  return played;
}

}  // namespace qi::arena
