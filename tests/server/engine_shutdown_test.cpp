// `qi serve` ends soon after SIGTERM even while the engine thinks: a
// level-10 move on a day's clock (planned at 72 minutes before the server's
// ceiling on one move) is stopped, not waited for, and its move is not
// played: the game resumes with the engine to move at the next start.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "../support/free_port.h"
#include "../support/http_client.h"
#include "../support/qi_process.h"
#include "app/session.h"
#include "app/storage/sqlite_store.h"

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

TEST(HttpServeCommand, EndsAfterSigtermWhileALevelTenSearchRunsOnADaysClock) {
  const fs::path dir = fs::temp_directory_path() / ("qi-sigterm-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string db = (dir / "qi.db").string();
  std::string id;
  {
    qi::test::ServedQi served(db, qi::test::free_loopback_port());
    ASSERT_TRUE(served.up());
    qi::server::HttpClient client("127.0.0.1", served.port());
    const json setup = {{"game", "chess"},
                        {"seats", {{{"kind", "human"}}, {{"kind", "engine"}, {"level", 10}}}},
                        {"time_control", {{"kind", "sudden_death"}, {"base_ms", 24LL * 60 * 60 * 1000}}}};
    auto created = client.post("/api/games", setup.dump());
    ASSERT_TRUE(created && created->status == 201) << (created ? created->body : created.error().message);
    const json game = json::parse(created->body);
    id = game["id"];
    auto moved = client.post("/api/games/" + id + "/move",
                             json{{"token", game["tokens"]["first"]}, {"move", "e2e4"}}.dump());
    ASSERT_TRUE(moved && moved->status == 200);
    // Until the engine's search is running (the server says so).
    bool searching = false;
    for (int i = 0; i < 600 && !searching; ++i) {
      auto stats = client.get("/api/stats");
      searching = stats && stats->status == 200 &&
                  json::parse(stats->body).value(json::json_pointer("/engine/searches_running"), 0) == 1;
      if (!searching) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ASSERT_TRUE(searching);
    // A watchdog, not a measure: before, the server went on for the search's
    // 72 minutes.
    EXPECT_TRUE(served.terminate_within(std::chrono::seconds(60))) << "qi serve was still running";
  }
  auto store = qi::app::SqliteStore::open(db);
  ASSERT_TRUE(store);
  auto saved = (*store)->load_game(id);
  ASSERT_TRUE(saved && *saved);
  auto session = qi::app::Session::restore(**saved, 0);
  ASSERT_TRUE(session);
  EXPECT_EQ((*session)->moves().size(), 1u) << "the stopped search's move was played";
  EXPECT_TRUE((*session)->engine_to_move());
  store->reset();
  fs::remove_all(dir);
}

}  // namespace
