// Lesson progress in each store (Store::record_lesson_stars,
// Store::lesson_progress): one row a player and step holding the best stars,
// when it was first done and when its stars last rose; writes that cannot be
// kept fail, and what was written survives the store being opened again.
// SQLite alone, behind the group commit, and PostgreSQL (a server started for
// the test program: tests/support/postgres_server.h).
#include <gtest/gtest.h>

#include <filesystem>

#include "../support/postgres_server.h"
#include "app/session.h"
#include "app/storage/group_commit_store.h"
#include "app/storage/postgres_store.h"
#include "app/storage/sqlite_store.h"

namespace qi::app {
namespace {

LessonProgress step_done(std::int64_t player, const std::string& step, int stars, std::int64_t at_ms) {
  return {player, "chess", "", step, stars, at_ms, at_ms};
}

// The same checks on every store.
void keeps_the_best_stars_of_each_step(Store& store) {
  auto ada = store.add_player("Ada");
  auto bob = store.add_player("Bob");
  ASSERT_TRUE(ada && bob);
  EXPECT_TRUE(store.lesson_progress(ada->id).value().empty());

  ASSERT_TRUE(store.record_lesson_stars(step_done(ada->id, "rook-stars", 2, 1000)));
  ASSERT_TRUE(store.record_lesson_stars(step_done(ada->id, "rook-stars", 1, 2000)));
  std::vector<LessonProgress> rows = store.lesson_progress(ada->id).value();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].stars, 2) << "a worse play keeps the best";
  EXPECT_EQ(rows[0].improved_ms, 1000) << "a worse play changes nothing";

  ASSERT_TRUE(store.record_lesson_stars(step_done(ada->id, "rook-stars", 3, 3000)));
  rows = store.lesson_progress(ada->id).value();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].stars, 3);
  EXPECT_EQ(rows[0].first_done_ms, 1000);
  EXPECT_EQ(rows[0].improved_ms, 3000);

  // Other steps and variants are rows of their own, in the order of game,
  // variant and step; another player's are not among them.
  ASSERT_TRUE(store.record_lesson_stars(step_done(ada->id, "bishop-stars", 1, 4000)));
  LessonProgress chess960 = step_done(ada->id, "castling", 3, 5000);
  chess960.variant = "chess960";
  ASSERT_TRUE(store.record_lesson_stars(chess960));
  ASSERT_TRUE(store.record_lesson_stars(step_done(bob->id, "rook-stars", 1, 6000)));
  rows = store.lesson_progress(ada->id).value();
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].step, "bishop-stars");
  EXPECT_EQ(rows[1].step, "rook-stars");
  EXPECT_EQ(rows[2].step, "castling");
  EXPECT_EQ(rows[2].variant, "chess960");
  for (const LessonProgress& row : rows) EXPECT_EQ(row.player, ada->id);
  rows = store.lesson_progress(bob->id).value();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].stars, 1);
}

void refuses_what_cannot_be_progress(Store& store) {
  auto ada = store.add_player("Ada");
  ASSERT_TRUE(ada);
  for (int stars : {0, 4}) {
    Status st = store.record_lesson_stars(step_done(ada->id, "rook-stars", stars, 1000));
    ASSERT_FALSE(st) << stars << " stars";
    EXPECT_EQ(st.error().code, "not_saved");
  }
  Status nobody = store.record_lesson_stars(step_done(ada->id + 1000, "rook-stars", 3, 1000));
  ASSERT_FALSE(nobody) << "no such player";
  EXPECT_EQ(nobody.error().code, "not_saved");
  EXPECT_TRUE(store.lesson_progress(ada->id).value().empty());
  EXPECT_TRUE(store.lesson_progress(ada->id + 1000).value().empty());
}

TEST(SqliteLessonProgress, KeepsTheBestStarsOfEachStep) {
  auto store = SqliteStore::open(":memory:");
  ASSERT_TRUE(store) << store.error().message;
  keeps_the_best_stars_of_each_step(**store);
}

TEST(SqliteLessonProgress, RefusesStarsOutOfRangeAndPlayersThatDoNotExist) {
  auto store = SqliteStore::open(":memory:");
  ASSERT_TRUE(store) << store.error().message;
  refuses_what_cannot_be_progress(**store);
}

TEST(SqliteLessonProgress, SurvivesTheStoreBeingOpenedAgain) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("qi-test-" + new_token() + ".db");
  std::int64_t ada = 0;
  {
    auto store = SqliteStore::open(path.string());
    ASSERT_TRUE(store) << store.error().message;
    auto made = (*store)->add_player("Ada");
    ASSERT_TRUE(made);
    ada = made->id;
    ASSERT_TRUE((*store)->record_lesson_stars(step_done(ada, "rook-stars", 2, 1000)));
  }
  {
    auto store = SqliteStore::open(path.string());
    ASSERT_TRUE(store) << store.error().message;
    std::vector<LessonProgress> rows = (*store)->lesson_progress(ada).value();
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].stars, 2);
  }
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
}

TEST(GroupCommitLessonProgress, WritesGoThroughToTheStore) {
  auto store = SqliteStore::open(":memory:");
  ASSERT_TRUE(store) << store.error().message;
  GroupCommitStore group(**store);
  keeps_the_best_stars_of_each_step(group);
  const std::int64_t ada = (*store)->players().value().at(0).id;
  EXPECT_EQ((*store)->lesson_progress(ada).value().size(), 3u) << "in the store itself when it returns";
}

class PostgresLessonProgress : public ::testing::Test {
 protected:
  void SetUp() override {
    auto db = test::fresh_postgres_database();
    ASSERT_TRUE(db) << db.error().message;
    auto opened = PostgresStore::open(*db, "test-instance");
    ASSERT_TRUE(opened) << opened.error().message;
    store = std::move(*opened);
  }
  std::unique_ptr<PostgresStore> store;
};

TEST_F(PostgresLessonProgress, KeepsTheBestStarsOfEachStep) { keeps_the_best_stars_of_each_step(*store); }

TEST_F(PostgresLessonProgress, RefusesStarsOutOfRangeAndPlayersThatDoNotExist) {
  refuses_what_cannot_be_progress(*store);
}

}  // namespace
}  // namespace qi::app
