// Engine work under load, on a running `qi serve` (docs/performance.md,
// "Engine work under load"): how long a game's engine reply waits beyond its
// thinking time while one client asks for many reviews at once.
//
// Each round makes `reviews` games of `plies` random moves between two
// people, asks for all their reviews at once (one thread each, all from this
// one client), and a moment later makes a move in a game against the engine
// (level 10, movetime_ms fixed), then polls that game until the engine's
// reply shows. The reply's wait beyond the movetime is the figure; a round
// without the reviews gives the baseline. Answers 429 ("busy": the client's
// analysis queue is full) are counted, not errors.
//
// `games N` instead creates N games between two people as fast as one
// client can (for the memory a server keeps: read its resident size).
//
// Usage: qi_engine_fairness http://127.0.0.1:8080 [reviews=16] [rounds=5] [movetime_ms=100] [plies=40]
//        qi_engine_fairness http://127.0.0.1:8080 games N

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "support/http_client.h"

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

struct Server {
  std::string host;
  int port = 8080;
};

using Client = std::unique_ptr<qi::server::HttpClient>;

// `source`: the loopback address to come from (the server limits each
// address's new games; another address is another client).
Client connect(const Server& server, const std::string& source = {}) {
  auto client = std::make_unique<qi::server::HttpClient>(server.host, server.port);
  client->set_timeout_ms(120'000);
  if (!source.empty()) client->set_source_address(source);
  return client;
}

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

json post(Client& client, const std::string& path, const json& body) {
  auto r = client->post(path, body.dump());
  if (!r || r->status >= 400) {
    std::fprintf(stderr, "POST %s: %s\n", path.c_str(),
                 r ? (std::to_string(r->status) + " " + r->body).c_str() : r.error().message.c_str());
    return json();
  }
  return json::parse(r->body, nullptr, false);
}

// A game between two people with `plies` random legal moves; its id.
std::string played_game(Client& client, int plies, std::mt19937& random) {
  const json create = {{"game", "chess"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}};
  json view = post(client, "/api/games", create);
  if (view.is_null()) return {};
  const std::string id = view["id"];
  const std::string tokens[2] = {view["tokens"]["first"], view["tokens"]["second"]};
  for (int ply = 0; ply < plies && view["outcome"]["verdict"] == "ongoing"; ++ply) {
    const json& legal = view["legal_moves"];
    view = post(client, "/api/games/" + id + "/move",
                {{"token", tokens[ply % 2]}, {"move", legal[random() % legal.size()]["id"]}});
    if (view.is_null()) return {};
  }
  return id;
}

struct RoundResult {
  double reply_ms = 0;  // from sending the move to seeing the engine's reply
  int busy = 0, reviewed = 0, failed = 0;
  double slowest_review_ms = 0;
};

RoundResult round(const Server& server, int reviews, int plies, int movetime_ms, std::mt19937& random) {
  Client client = connect(server);
  std::vector<std::string> games;
  for (int i = 0; i < reviews; ++i) games.push_back(played_game(client, plies, random));
  // The engine's game starts from ten random moves, out of the opening book
  // (a book move would be answered without thinking).
  const std::string opening = played_game(client, 10, random);
  auto record = client->get("/api/games/" + opening + "/record");
  if (!record || record->status != 200) std::exit(1);
  const json create = {
      {"game", "chess"},
      {"record", json::parse(record->body)["record"]},
      {"seats", {{{"kind", "human"}}, {{"kind", "engine"}, {"level", 10}, {"movetime_ms", movetime_ms}}}}};
  json view = post(client, "/api/games", create);
  if (view.is_null()) std::exit(1);
  const std::string id = view["id"], token = view["tokens"]["first"];

  RoundResult result;
  std::atomic<int> busy{0}, reviewed{0}, failed{0};
  std::vector<double> review_ms(games.size());
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < games.size(); ++i)
    threads.emplace_back([&, i] {
      Client own = connect(server);
      const auto start = Clock::now();
      auto r = own->get("/api/games/" + games[i] + "/review");
      review_ms[i] = ms_since(start);
      if (r && r->status == 200) {
        ++reviewed;
      } else if (r && r->status == 429) {
        if (json::parse(r->body, nullptr, false).value("code", "") != "busy")
          std::fprintf(stderr, "429 without code busy: %s\n", r->body.c_str());
        ++busy;
      } else {
        ++failed;
      }
    });
  // The reviews are asked for (and the first searched) before the move.
  if (reviews > 0) std::this_thread::sleep_for(std::chrono::milliseconds(300));

  const auto moved = Clock::now();  // the engine may start before the move's answer arrives
  view =
      post(client, "/api/games/" + id + "/move", {{"token", token}, {"move", view["legal_moves"][0]["id"]}});
  if (view.is_null()) std::exit(1);
  std::uint64_t version = view["version"];
  while (true) {
    auto r = client->get("/api/games/" + id + "?since=" + std::to_string(version));
    if (!r || r->status != 200) std::exit(1);
    json fresh = json::parse(r->body, nullptr, false);
    if (!fresh.contains("unchanged") && fresh["moves"].size() >= 12) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  result.reply_ms = ms_since(moved);
  for (std::thread& t : threads) t.join();
  result.busy = busy;
  result.reviewed = reviewed;
  result.failed = failed;
  for (double ms : review_ms) result.slowest_review_ms = std::max(result.slowest_review_ms, ms);
  return result;
}

int create_games(const Server& server, int n) {
  const json create = {{"game", "chess"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}};
  const auto start = Clock::now();
  int made = 0;
  Client client;
  for (int i = 0; i < n; ++i) {
    // A hundred games from each loopback address: within its burst of new games.
    if (i % 100 == 0)
      client = connect(
          server, "127.0." + std::to_string(1 + i / 100 / 250) + "." + std::to_string(1 + i / 100 % 250));
    if (!post(client, "/api/games", create).is_null()) ++made;
  }
  std::printf("created %d games in %.1f s\n", made, ms_since(start) / 1000);
  return made == n ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: %s http://HOST:PORT [reviews=16] [rounds=5] [movetime_ms=100] [plies=40]\n"
                 "       %s http://HOST:PORT games N\n",
                 argv[0], argv[0]);
    return 2;
  }
  Server server;
  std::string base = argv[1];
  if (base.rfind("http://", 0) == 0) base = base.substr(7);
  const std::size_t colon = base.rfind(':');
  server.host = base.substr(0, colon);
  if (colon != std::string::npos) server.port = std::atoi(base.c_str() + colon + 1);
  if (argc > 3 && std::string(argv[2]) == "games") return create_games(server, std::atoi(argv[3]));
  const int reviews = argc > 2 ? std::atoi(argv[2]) : 16;
  const int rounds = argc > 3 ? std::atoi(argv[3]) : 5;
  const int movetime_ms = argc > 4 ? std::atoi(argv[4]) : 100;
  const int plies = argc > 5 ? std::atoi(argv[5]) : 40;
  std::mt19937 random(1);

  for (int loaded = 0; loaded < 2; ++loaded) {
    std::vector<double> waits;
    for (int r = 0; r < rounds; ++r) {
      RoundResult result = round(server, loaded ? reviews : 0, plies, movetime_ms, random);
      waits.push_back(result.reply_ms - movetime_ms);
      if (loaded)
        std::printf(
            "  round %d: reply %.0f ms (movetime %d); reviews: %d answered, %d busy (429), %d failed, "
            "slowest %.0f ms\n",
            r + 1, result.reply_ms, movetime_ms, result.reviewed, result.busy, result.failed,
            result.slowest_review_ms);
    }
    std::sort(waits.begin(), waits.end());
    std::printf("%s: the engine's reply waited beyond its %d ms: median %.0f ms, max %.0f ms (%d rounds)\n",
                loaded ? "with reviews" : "alone", movetime_ms, waits[waits.size() / 2], waits.back(),
                rounds);
  }
  return 0;
}
