// The PostgreSQL store's lesson progress (postgres_store.h): each player's
// best stars on each lesson step.
#include "app/storage/postgres_store.h"

namespace qi::app {

Status PostgresStore::record_lesson_stars(const LessonProgress& done) {
  // The stars rise or stay, in the statement that writes them: of two
  // servers recording one player's step at once, the better play is kept.
  return transaction(
      [&](PgConnection& conn) -> Status {
        if (auto r = conn.exec(
                "INSERT INTO lesson_progress (player, game, variant, step, stars, first_done_ms, "
                "improved_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (player, game, variant, "
                "step) DO UPDATE SET stars = EXCLUDED.stars, improved_ms = EXCLUDED.improved_ms WHERE "
                "EXCLUDED.stars > lesson_progress.stars",
                {pg_param(done.player), done.game, done.variant, done.step,
                 pg_param(std::int64_t{done.stars}), pg_param(done.first_done_ms),
                 pg_param(done.improved_ms)});
            !r)
          return r.error();
        return Ok{};
      },
      true);
}

Expected<std::vector<LessonProgress>> PostgresStore::lesson_progress(std::int64_t player) {
  // In the order of their bytes, as SQLite orders them: one order whichever
  // store answers.
  auto r = read(
      "SELECT game, variant, step, stars, first_done_ms, improved_ms FROM lesson_progress WHERE player = $1 "
      "ORDER BY game COLLATE \"C\", variant COLLATE \"C\", step COLLATE \"C\"",
      {pg_param(player)});
  if (!r) return r.error();
  std::vector<LessonProgress> out;
  for (int i = 0; i < r->rows(); ++i)
    out.push_back({player, r->text(i, 0), r->text(i, 1), r->text(i, 2), static_cast<int>(r->integer(i, 3)),
                   r->integer(i, 4), r->integer(i, 5)});
  return out;
}

}  // namespace qi::app
