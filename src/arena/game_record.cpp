#include "arena/game_record.h"

#include <cstdio>
#include <cstdlib>

namespace qi::arena {

std::string move_comment(const MoveReply& reply, std::int64_t micros) {
  char text[64];
  const double seconds = static_cast<double>(micros) / 1e6;
  std::string score;
  if (reply.mate_in) {
    score = (*reply.mate_in > 0 ? "+M" : "-M") + std::to_string(std::abs(*reply.mate_in));
  } else if (reply.score_cp) {
    std::snprintf(text, sizeof text, "%+.2f", *reply.score_cp / 100.0);
    score = text;
  }
  if (!score.empty() && reply.depth >= 0) score += "/" + std::to_string(reply.depth);
  std::snprintf(text, sizeof text, "%.3fs", seconds);
  return score.empty() ? text : score + " " + text;
}

std::string arena_record(const Referee& referee, Tags tags, const std::array<std::string, 2>& players,
                         const std::array<std::string, 2>& names_in_words,
                         const std::vector<std::string>& move_comments) {
  const Game& game = referee.game();
  const RecordDialect dialect = game.record_dialect();
  for (Side s : {Side::First, Side::Second})
    tags.emplace_back(dialect.player_tags[index(s)], players[index(s)]);
  GameRecord record = record_of(referee, tags, move_comments, names_in_words);
  return write_record(record, game);
}

}  // namespace qi::arena
