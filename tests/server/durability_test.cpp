// A move the server acknowledged is never lost: `qi serve` is killed with
// SIGKILL while games are being played against it, restarted on the same
// database, and every move it answered with 200 is found in its game. Three
// rounds, with several clients playing at once.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "../support/free_port.h"
#include "../support/http_client.h"
#include "../support/qi_process.h"

namespace {

using nlohmann::json;
using qi::server::HttpClient;
namespace fs = std::filesystem;

using qi::test::free_loopback_port;

using Server = qi::test::ServedQi;

// What a client was told: the moves of a game answered with 200.
struct Acknowledged {
  std::mutex mutex;
  std::map<std::string, std::vector<std::string>> moves;  // game id -> move ids in order
  std::atomic<int> count{0};
};

// Plays random legal moves for both seats of its games until the server goes.
void play_until_the_server_dies(int port, Acknowledged& acked, std::uint32_t seed) {
  HttpClient client("127.0.0.1", port);
  client.set_timeout_ms(2000);
  std::mt19937 random(seed);
  while (true) {
    json setup = {{"game", "chess"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}};
    auto created = client.post("/api/games", setup.dump());
    if (!created || created->status != 201) return;
    json view = json::parse(created->body);
    const std::string id = view["id"];
    const json tokens = view["tokens"];
    while (!view["legal_moves"].empty()) {
      const json& legal = view["legal_moves"];
      const std::string move = legal[random() % legal.size()]["id"];
      json body = {{"token", tokens[view["side_to_move"].get<std::string>()]}, {"move", move}};
      auto r = client.post("/api/games/" + id + "/move", body.dump());
      if (!r) return;  // the server is gone
      if (r->status != 200) break;
      view = json::parse(r->body);
      std::lock_guard lock(acked.mutex);
      acked.moves[id].push_back(move);
      ++acked.count;
    }
  }
}

TEST(Durability, NoAcknowledgedMoveIsLostWhenTheServerIsKilled) {
  const fs::path dir = fs::temp_directory_path() / ("qi-durability-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string db = (dir / "qi.db").string();
  int acknowledged = 0, lost = 0;
  for (int round = 0; round < 3; ++round) {
    Acknowledged acked;
    {
      const int port = free_loopback_port();
      Server server(db, port);
      ASSERT_TRUE(server.up()) << "qi serve did not start";
      std::vector<std::thread> clients;
      for (int c = 0; c < 8; ++c)
        clients.emplace_back(play_until_the_server_dies, port, std::ref(acked), 1000 * round + c);
      // Kill it in the middle of the play, at once, without warning.
      std::this_thread::sleep_for(std::chrono::milliseconds(1500));
      server.kill_now();
      for (std::thread& t : clients) t.join();
    }
    ASSERT_GT(acked.count.load(), 0) << "round " << round << ": no move was played";
    const int port = free_loopback_port();
    Server again(db, port);
    ASSERT_TRUE(again.up()) << "qi serve did not start again";
    HttpClient client("127.0.0.1", port);
    for (const auto& [id, moves] : acked.moves) {
      auto r = client.get("/api/games/" + id);
      ASSERT_TRUE(r && r->status == 200) << "game " << id << " is gone";
      const json stored = json::parse(r->body)["moves"];
      acknowledged += static_cast<int>(moves.size());
      for (std::size_t i = 0; i < moves.size(); ++i)
        if (i >= stored.size() || stored[i]["id"] != moves[i]) {
          lost += static_cast<int>(moves.size() - i);
          ADD_FAILURE() << "game " << id << ": acknowledged move " << i + 1 << " (" << moves[i]
                        << ") is lost";
          break;
        }
    }
  }
  std::printf("[ figures  ] %d acknowledged moves over 3 kill -9 rounds, %d lost\n", acknowledged, lost);
  EXPECT_EQ(lost, 0);
  fs::remove_all(dir);
}

}  // namespace
