// Load on a running `qi serve`: N games at once through the JSON API, each a
// person (a thread here, playing random legal moves) against the engine at
// level 10 with movetime_ms=10, to the end or to a move limit. Every request
// timed is one that is not an engine search (create, move, view): the engine
// answers on the server's own worker threads.
//
// Why C++ and one blocking thread per game: a single-threaded client (the
// first version was a node script) spends most of a core on its event loop on
// a 2-core machine, and a request that is answered while the loop is busy is
// timed late. Here each game sleeps in recv() until its answer arrives, so the
// figure is the server's answer time plus the scheduler's wake-up, as for a
// browser tab, and the client takes little of the CPU it measures.
//
// Usage: qi_web_load http://127.0.0.1:8080 [games=100] [plies=40] [poll_ms=50] [ramp_ms=10]
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "support/http_client.h"

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;
using qi::server::HttpClient;

struct Latencies {
  std::mutex mutex;
  std::vector<double> all, create, move, view;
  void add(std::vector<double> Latencies::*kind, double ms) {
    std::lock_guard lock(mutex);
    all.push_back(ms);
    (this->*kind).push_back(ms);
  }
};

struct Run {
  std::string host;
  int port = 8080;
  int plies = 40;
  int poll_ms = 50;
  Latencies latencies;
  std::atomic<int> errors{0};
  std::atomic<int> engine_moves{0};
};

// One request, timed from sending to a parsed answer. Returns null on error.
json request(Run& run, HttpClient& client, std::vector<double> Latencies::*kind, const char* method,
             const std::string& path, const json* body) {
  const auto start = Clock::now();
  auto r = body ? client.post(path, body->dump()) : client.get(path);
  json answer = r ? json::parse(r->body, nullptr, false) : json();
  const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  run.latencies.add(kind, ms);
  if (!r || r->status >= 400 || answer.is_discarded()) {
    ++run.errors;
    std::fprintf(stderr, "%s %s: %s\n", method, path.c_str(),
                 r ? (std::to_string(r->status) + " " + r->body).c_str() : r.error().message.c_str());
    return json();
  }
  return answer;
}

// 127.0.1.1, 127.0.1.2, ...: a distinct loopback address for each player.
std::string loopback_source(int index) {
  return "127.0." + std::to_string(1 + index / 250) + "." + std::to_string(1 + index % 250);
}

void play_one(Run& run, int index, int ramp_ms) {
  static const char* const games[] = {"chess", "xiangqi", "checkers", "tictactoe"};
  std::this_thread::sleep_for(std::chrono::milliseconds(index * ramp_ms));
  HttpClient client(run.host, run.port);
  // Each player is a client of its own to the server (which bounds the
  // connections of one address): on loopback, from an address of its own.
  if (run.host.rfind("127.", 0) == 0) client.set_source_address(loopback_source(index));
  client.set_timeout_ms(30'000);
  std::mt19937 random(static_cast<unsigned>(index) * 7919u + 1u);

  const json create = {
      {"game", games[index % 4]},
      {"seats", {{{"kind", "human"}}, {{"kind", "engine"}, {"level", 10}, {"movetime_ms", 10}}}}};
  json view = request(run, client, &Latencies::create, "POST", "/api/games", &create);
  if (view.is_null()) return;
  const std::string id = view["id"], token = view["tokens"]["first"];
  for (int ply = 0; ply < run.plies && view["outcome"]["verdict"] == "ongoing"; ++ply) {
    while (view["engine_to_move"].get<bool>()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(run.poll_ms));
      json fresh =
          request(run, client, &Latencies::view, "GET",
                  "/api/games/" + id + "?since=" + std::to_string(view["version"].get<long long>()), nullptr);
      if (fresh.is_null()) return;
      if (!fresh.contains("unchanged")) view = std::move(fresh);
    }
    if (view["outcome"]["verdict"] != "ongoing") break;
    const json& legal = view["legal_moves"];
    const json move = {{"token", token}, {"move", legal[random() % legal.size()]["id"]}};
    view = request(run, client, &Latencies::move, "POST", "/api/games/" + id + "/move", &move);
    if (view.is_null()) return;
  }
  run.engine_moves += static_cast<int>(view["moves"].size() / 2);
}

std::string summary(const char* name, std::vector<double>& v) {
  std::sort(v.begin(), v.end());
  auto at = [&](double p) {
    return v.empty() ? 0.0
                     : v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
  };
  char line[200];
  std::snprintf(line, sizeof line, "%s: %zu requests, ms p50 %.1f p95 %.1f p99 %.1f max %.1f", name, v.size(),
                at(0.5), at(0.95), at(0.99), v.empty() ? 0.0 : v.back());
  return line;
}

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto s = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return s(usage.ru_utime) + s(usage.ru_stime);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s http://HOST:PORT [games=100] [plies=40] [poll_ms=50] [ramp_ms=10]\n",
                 argv[0]);
    return 2;
  }
  Run run;
  std::string base = argv[1];
  if (base.rfind("http://", 0) == 0) base = base.substr(7);
  const std::size_t colon = base.rfind(':');
  run.host = base.substr(0, colon);
  if (colon != std::string::npos) run.port = std::atoi(base.c_str() + colon + 1);
  const int games = argc > 2 ? std::atoi(argv[2]) : 100;
  run.plies = argc > 3 ? std::atoi(argv[3]) : 40;
  run.poll_ms = argc > 4 ? std::atoi(argv[4]) : 50;
  const int ramp_ms = argc > 5 ? std::atoi(argv[5]) : 10;

  const auto start = Clock::now();
  std::vector<std::thread> threads;
  for (int i = 0; i < games; ++i) threads.emplace_back(play_one, std::ref(run), i, ramp_ms);
  for (std::thread& t : threads) t.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();

  Latencies& l = run.latencies;
  std::printf("load: %d games at once, %zu requests in %.1f s, %d errors\n", games, l.all.size(), seconds,
              run.errors.load());
  std::printf("%s\n", summary("all non-engine requests", l.all).c_str());
  std::printf("%s\n", summary("  create", l.create).c_str());
  std::printf("%s\n", summary("  move", l.move).c_str());
  std::printf("%s\n", summary("  view", l.view).c_str());
  HttpClient client(run.host, run.port);
  if (auto r = client.get("/api/stats")) {
    json s = json::parse(r->body, nullptr, false);
    if (!s.is_discarded())
      std::printf(
          "inside the server (parsed request to JSON answer): %s requests, us p50 %s p95 %s p99 %s max %s\n",
          s["requests"].dump().c_str(), s["us"]["p50"].dump().c_str(), s["us"]["p95"].dump().c_str(),
          s["us"]["p99"].dump().c_str(), s["us"]["max"].dump().c_str());
  }
  std::printf("engine moves: %d (%.0f a second)\n", run.engine_moves.load(), run.engine_moves / seconds);
  std::printf("this client's CPU: %.1f s in %.1f s\n", cpu_seconds(), seconds);
  return run.errors ? 1 : 0;
}
