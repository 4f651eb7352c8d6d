// The SQLite store's lesson progress (sqlite_store.h): each player's best
// stars on each lesson step.
#include <sqlite3.h>

#include "app/storage/sqlite_statement.h"
#include "app/storage/sqlite_store.h"

namespace qi::app {

Status SqliteStore::record_lesson_stars(const LessonProgress& done) {
  std::lock_guard lock(mutex_);
  // The stars rise or stay, in the statement that writes them: no read
  // before the write that another play of the step could slip past.
  SqliteStatement q(db_,
                    "INSERT INTO lesson_progress (player, game, variant, step, stars, first_done_ms, "
                    "improved_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (player, game, variant, "
                    "step) DO UPDATE SET stars = excluded.stars, improved_ms = excluded.improved_ms WHERE "
                    "excluded.stars > lesson_progress.stars");
  q.bind(1, done.player).bind(2, done.game).bind(3, done.variant).bind(4, done.step);
  q.bind(5, std::int64_t{done.stars}).bind(6, done.first_done_ms).bind(7, done.improved_ms);
  if (q.run() != SQLITE_DONE) return make_error("not_saved", std::string("database: ") + sqlite3_errmsg(db_));
  return Ok{};
}

Expected<std::vector<LessonProgress>> SqliteStore::lesson_progress(std::int64_t player) {
  std::lock_guard lock(mutex_);
  std::vector<LessonProgress> out;
  SqliteStatement q(db_,
                    "SELECT game, variant, step, stars, first_done_ms, improved_ms FROM lesson_progress "
                    "WHERE player = ?1 ORDER BY game, variant, step");
  q.bind(1, player);
  while (q.step())
    out.push_back({player, q.text(0), q.text(1), q.text(2), static_cast<int>(q.integer(3)), q.integer(4),
                   q.integer(5)});
  if (q.failed()) return sqlite_unavailable(db_);
  return out;
}

}  // namespace qi::app
