// Lesson progress on a disk that fails (the faulty VFS of faulty_vfs.h),
// through the API as `qi serve` puts it together. A step done while the disk
// is full (SQLITE_FULL) is refused with "not_saved" rather than answered
// "done" with stars that were never kept, and once space returns the same
// play is kept; a player's progress that cannot be read is the store's
// failure, never an empty list.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "../support/api_answer.h"
#include "app/opponent.h"
#include "app/session_manager.h"
#include "app/storage/group_commit_store.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "faulty_vfs.h"
#include "server/api.h"

namespace qi::app {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct LessonOnAFailingDisk : ::testing::Test {
  void TearDown() override {
    test::g_disk_full = false;
    test::g_disk_broken = false;
  }
  LessonOnAFailingDisk() { fs::create_directories(dir); }
  ~LessonOnAFailingDisk() override { fs::remove_all(dir); }
  fs::path dir = fs::temp_directory_path() / ("qi-lesson-failing-disk-" + std::to_string(::getpid()));
};

TEST_F(LessonOnAFailingDisk, ADoneStepThatCannotBeKeptIsRefusedAndProgressUnreadIsNoEmptyList) {
  ASSERT_TRUE(test::faulty_vfs());
  auto sqlite = SqliteStore::open((dir / "qi.db").string(), Durability::ProcessCrash, test::faulty_vfs());
  ASSERT_TRUE(sqlite) << sqlite.error().message;
  GroupCommitStore store(**sqlite);
  FakeClock time;
  BuiltinOpponent opponent;
  SessionManager manager(store, opponent, time, ManagerOptions::driven_by_caller());
  server::Api api(manager, store);

  server::ApiResponse ada = test::answer(api.handle(
      {"POST", "/api/players", {}, json{{"name", "Ada"}, {"password", "a long enough password"}}.dump()}));
  ASSERT_EQ(ada.status, 201) << ada.body.dump();
  std::string cookie;
  for (const auto& [header, value] : ada.headers)
    if (header == "Set-Cookie") cookie = value.substr(0, value.find(';'));
  ASSERT_FALSE(cookie.empty());
  server::ApiRequest play{
      "POST",
      "/api/lessons/play",
      {},
      json{{"game", "chess"}, {"step", "rook-stars"}, {"moves", {"a1a4", "a4f4"}}, {"move", "f4f7"}}.dump()};
  play.headers["cookie"] = cookie;
  const std::string progress =
      "/api/players/" + std::to_string(ada.body.at("id").get<std::int64_t>()) + "/lessons";

  test::g_disk_full = true;
  server::ApiResponse refused = test::answer(api.handle(play));
  EXPECT_EQ(refused.status, 503) << refused.body.dump();
  EXPECT_EQ(refused.body.value("code", ""), "not_saved");
  EXPECT_FALSE(refused.body.contains("stars"));

  test::g_disk_full = false;
  EXPECT_TRUE(test::answer(api.handle({"GET", progress, {}, ""})).body.at("steps").empty());
  server::ApiResponse kept = test::answer(api.handle(play));
  ASSERT_EQ(kept.status, 200) << kept.body.dump();
  EXPECT_EQ(kept.body.at("saved"), true);
  EXPECT_EQ(test::answer(api.handle({"GET", progress, {}, ""})).body.at("steps").size(), 1u);

  test::g_disk_broken = true;
  server::ApiResponse unread = test::answer(api.handle({"GET", progress, {}, ""}));
  EXPECT_EQ(unread.status, 503) << unread.body.dump();
  EXPECT_EQ(unread.body.value("code", ""), "store_unavailable");
  EXPECT_FALSE(unread.body.contains("steps"));
}

}  // namespace
}  // namespace qi::app
