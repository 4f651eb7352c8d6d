// GET /api/live, the WebSocket a page follows and plays games over, on a
// real `qi serve`: the upgrade's guard, watching and acting, spectators,
// bad frames and bounds; and the trusted proxy's forwarded client address.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "../support/free_port.h"
#include "../support/http_client.h"
#include "../support/live_client.h"
#include "../support/qi_process.h"
#include "../support/view_tail.h"

namespace {

using nlohmann::json;
using qi::server::HttpClient;
using qi::server::LiveClient;
namespace fs = std::filesystem;

using qi::test::exit_status_of;
using qi::test::serves_info;
using qi::test::spawn_qi;

// A `qi serve` of its own for each suite.
class Served {
 public:
  explicit Served(const std::string& name, std::vector<std::string> extra = {}) {
    dir_ = fs::temp_directory_path() / ("qi-live-" + name + "-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    port_ = qi::test::free_loopback_port();
    std::vector<std::string> args = {
        "serve",      "--port",      std::to_string(port_), "--db", (dir_ / "qi.db").string(),
        "--web-root", "/nonexistent"};
    args.insert(args.end(), extra.begin(), extra.end());
    pid_ = spawn_qi(args);
    up_ = serves_info(port_);
  }
  ~Served() {
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
    fs::remove_all(dir_);
  }
  bool up() const { return up_; }
  int port() const { return port_; }
  std::string host() const { return "127.0.0.1:" + std::to_string(port_); }

 private:
  fs::path dir_;
  int port_ = 0;
  pid_t pid_ = -1;
  bool up_ = false;
};

class Live : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = new Served("live"); }
  static void TearDownTestSuite() { delete server_; }
  void SetUp() override { ASSERT_TRUE(server_->up()) << "qi serve did not start"; }

  static std::unique_ptr<LiveClient> connect(const std::string& source,
                                             std::vector<std::pair<std::string, std::string>> headers = {}) {
    LiveClient::Options o;
    o.source = source;
    o.headers = std::move(headers);
    auto c = LiveClient::open("127.0.0.1", server_->port(), o);
    EXPECT_TRUE(c) << c.error().message;
    return c ? std::move(*c) : nullptr;
  }
  // A tic-tac-toe game between two people: its view with both tokens.
  static json new_game(const std::string& source) {
    HttpClient c("127.0.0.1", server_->port());
    c.set_source_address(source);
    auto r = c.post("/api/games", R"({"game":"tictactoe","seats":[{"kind":"human"},{"kind":"human"}]})");
    if (!r || r->status != 201) return json();
    return json::parse(r->body);
  }

  // The whole answer to an upgrade request with `host` and `extra` headers.
  static std::string upgrade_answer(const std::string& host, const std::string& extra) {
    auto fd = qi::server::open_tcp("127.0.0.1", server_->port(), "127.0.4.2");
    if (!fd) return {};
    const std::string request =
        "GET /api/live HTTP/1.1\r\nHost: " + host +
        "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" +
        extra + "\r\n";
    std::string in;
    if (::send(*fd, request.data(), request.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(request.size())) {
      char chunk[4096];
      ssize_t n;
      while ((n = ::recv(*fd, chunk, sizeof chunk, 0)) > 0) in.append(chunk, static_cast<std::size_t>(n));
    }
    ::close(*fd);
    return in;
  }

  static inline Served* server_ = nullptr;
};

TEST_F(Live, TheUpgradeFromTheServersOwnPageIsAnswered) {
  auto c = connect("127.0.4.1", {{"Origin", "http://" + server_->host()}});
  ASSERT_TRUE(c);
  ASSERT_TRUE(c->send({{"op", "ping"}}));
  auto pong = c->next();
  ASSERT_TRUE(pong) << pong.error().message;
  EXPECT_EQ((*pong)["type"], "pong");
}

TEST_F(Live, AnUpgradeFromAnotherSiteIsRefusedBeforeItHappens) {
  LiveClient::Options o;
  o.source = "127.0.4.2";
  o.headers = {{"Origin", "http://attacker.example"}};
  EXPECT_FALSE(LiveClient::open("127.0.0.1", server_->port(), o));
  const std::string answer = upgrade_answer(server_->host(), "Origin: http://attacker.example\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 403", 0), 0u) << answer.substr(0, 200);
  EXPECT_NE(answer.find("cross_origin"), std::string::npos) << answer.substr(0, 400);
  EXPECT_EQ(answer.find("101 Switching"), std::string::npos);
}

TEST_F(Live, AnUpgradeForAnotherHostNameIsRefused) {
  LiveClient::Options o;
  o.source = "127.0.4.2";
  o.host_header = "attacker.example";
  EXPECT_FALSE(LiveClient::open("127.0.0.1", server_->port(), o));
  const std::string answer = upgrade_answer("attacker.example", "");
  EXPECT_EQ(answer.rfind("HTTP/1.1 421", 0), 0u) << answer.substr(0, 200);
}

TEST_F(Live, APlainGetOfTheLivePathAsksForAnUpgrade) {
  HttpClient c("127.0.0.1", server_->port());
  c.set_source_address("127.0.4.2");
  auto r = c.get("/api/live");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->status, 426);
  EXPECT_EQ(json::parse(r->body, nullptr, false)["code"], "upgrade_required");
}

TEST_F(Live, TwoPlayersAndASpectatorFollowAGameAndPlayOverTheirSockets) {
  const json game = new_game("127.0.4.3");
  ASSERT_TRUE(game.is_object());
  const std::string id = game["id"];
  auto first = connect("127.0.4.3");
  auto second = connect("127.0.4.4");
  ASSERT_TRUE(first && second);
  ASSERT_TRUE(first->send({{"op", "watch"}, {"id", id}, {"token", game["tokens"]["first"]}}));
  ASSERT_TRUE(second->send({{"op", "watch"}, {"id", id}, {"token", game["tokens"]["second"]}}));
  auto v1 = first->next_of_type("view");
  ASSERT_TRUE(v1) << v1.error().message;
  EXPECT_EQ((*v1)["id"], id);
  EXPECT_EQ((*v1)["spectators"], 0);
  ASSERT_TRUE(second->next_of_type("view"));

  auto watcher = connect("127.0.4.5");
  ASSERT_TRUE(watcher);
  ASSERT_TRUE(watcher->send({{"op", "watch"}, {"id", id}}));
  auto seen = watcher->next_of_type("view");
  ASSERT_TRUE(seen) << seen.error().message;
  EXPECT_EQ((*seen)["spectators"], 1);
  // The players are told of the spectator too.
  json counted;
  do {
    auto v = first->next_of_type("view");
    ASSERT_TRUE(v) << v.error().message;
    counted = *v;
  } while (counted["spectators"] != 1);

  const std::string move = (*v1)["legal_moves"][0]["id"];
  ASSERT_TRUE(first->send({{"op", "act"},
                           {"ref", 7},
                           {"id", id},
                           {"action", "move"},
                           {"body", {{"token", game["tokens"]["first"]}, {"move", move}}}}));
  auto reply = first->next_of_type("reply");
  ASSERT_TRUE(reply) << reply.error().message;
  EXPECT_EQ((*reply)["ref"], 7);
  EXPECT_EQ((*reply)["status"], 200) << reply->dump();
  // The opponent and the spectator see the move.
  for (LiveClient* c : {second.get(), watcher.get()}) {
    json v;
    do {
      auto next = c->next_of_type("view");
      ASSERT_TRUE(next) << next.error().message;
      v = *next;
    } while (v["moves"].empty());
    EXPECT_EQ(v["moves"][0]["id"], move);
  }
  // The same rules as the HTTP route: not the first player's turn now.
  ASSERT_TRUE(first->send({{"op", "act"},
                           {"ref", 8},
                           {"id", id},
                           {"action", "move"},
                           {"body", {{"token", game["tokens"]["first"]}, {"move", move}}}}));
  auto refused = first->next_of_type("reply");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["ref"], 8);
  EXPECT_EQ((*refused)["status"], 422) << refused->dump();

  // The spectator leaves: the count goes back to 0.
  watcher->close();
  json after;
  do {
    auto v = second->next_of_type("view");
    ASSERT_TRUE(v) << v.error().message;
    after = *v;
  } while (after["spectators"] != 0);
}

TEST_F(Live, AnActionsReplyIsItsSocketsViewAndLaterFramesCarryOnlyTheNewPlies) {
  const json game = new_game("127.0.4.6");
  ASSERT_TRUE(game.is_object());
  const std::string id = game["id"];
  auto first = connect("127.0.4.6");
  auto second = connect("127.0.4.7");
  ASSERT_TRUE(first && second);
  ASSERT_TRUE(first->send({{"op", "watch"}, {"id", id}, {"token", game["tokens"]["first"]}}));
  ASSERT_TRUE(second->send({{"op", "watch"}, {"id", id}, {"token", game["tokens"]["second"]}}));
  auto start = first->next_of_type("view");
  ASSERT_TRUE(start && second->next_of_type("view"));
  auto play = [&](LiveClient& c, int ref, const std::string& token, const std::string& move) {
    EXPECT_TRUE(c.send({{"op", "act"},
                        {"ref", ref},
                        {"id", id},
                        {"action", "move"},
                        {"body", {{"token", token}, {"move", move}}}}));
    auto reply = c.next_of_type("reply");
    EXPECT_TRUE(reply && (*reply)["status"] == 200) << (reply ? reply->dump() : reply.error().message);
    return reply ? (*reply)["body"] : json();
  };
  // The answer is the view's tail (the socket holds the first view), or
  // whole when the watchers' frame of the move reached the socket first.
  const json answer = play(*first, 1, game["tokens"]["first"], (*start)["legal_moves"][0]["id"]);
  if (answer.contains("from_ply")) EXPECT_EQ(answer["from_ply"], 0) << answer.dump();
  const json mine = qi::test::with_tail(*start, answer);
  ASSERT_EQ(mine["moves"].size(), 1u);
  // A view frame after a watch's first carries the plies from "from_ply" on.
  auto plies = [](const json& v) { return v.value("from_ply", std::size_t{0}) + v["moves"].size(); };
  json theirs;
  do {
    auto v = second->next_of_type("view");
    ASSERT_TRUE(v) << v.error().message;
    theirs = *v;
  } while (plies(theirs) < 1);
  (void)play(*second, 2, game["tokens"]["second"], theirs["legal_moves"][0]["id"]);
  // The first socket had the view of its move in the reply: the next view
  // it is sent is the answer's, and only its new ply goes with it.
  json next;
  do {
    auto v = first->next_of_type("view");
    ASSERT_TRUE(v) << v.error().message;
    next = *v;
    EXPECT_GT(next["version"].get<std::uint64_t>(), mine["version"].get<std::uint64_t>()) << "sent again";
  } while (plies(next) < 2);
  EXPECT_EQ(next["from_ply"], 1) << next.dump();
  EXPECT_EQ(next["moves"].size(), 1u);
  EXPECT_EQ(next["fens"].size(), 1u);
  EXPECT_EQ(next["boards"].size(), 1u);
  // The plies held and the frame's make the game's.
  HttpClient http("127.0.0.1", server_->port());
  http.set_source_address("127.0.4.6");
  auto got = http.get("/api/games/" + id);
  ASSERT_TRUE(got && got->status == 200);
  const json game_now = json::parse(got->body);
  const json held = qi::test::with_tail(mine, next);
  for (const char* key : {"moves", "fens", "boards"}) EXPECT_EQ(held[key], game_now[key]) << key;
}

TEST_F(Live, AnEventStreamWithoutASeatsTokenIsASpectatorToo) {
  const json game = new_game("127.0.4.6");
  ASSERT_TRUE(game.is_object());
  const std::string id = game["id"];
  auto player = connect("127.0.4.6");
  ASSERT_TRUE(player);
  ASSERT_TRUE(player->send({{"op", "watch"}, {"id", id}, {"token", game["tokens"]["first"]}}));
  ASSERT_TRUE(player->next_of_type("view"));
  auto fd = qi::server::open_tcp("127.0.0.1", server_->port(), "127.0.4.7");
  ASSERT_TRUE(fd);
  const std::string request =
      "GET /api/games/" + id + "/events HTTP/1.1\r\nHost: " + server_->host() + "\r\n\r\n";
  ASSERT_EQ(::send(*fd, request.data(), request.size(), MSG_NOSIGNAL), static_cast<ssize_t>(request.size()));
  json counted;
  do {
    auto v = player->next_of_type("view");
    ASSERT_TRUE(v) << v.error().message;
    counted = *v;
  } while (counted["spectators"] != 1);
  ::close(*fd);
}

TEST_F(Live, GarbageFramesAreAnsweredWithErrorsAndTheConnectionGoesOn) {
  auto c = connect("127.0.4.8");
  ASSERT_TRUE(c);
  const std::vector<std::string> garbage = {"",
                                            "not json",
                                            "[]",
                                            "42",
                                            "{}",
                                            R"({"op":5})",
                                            R"({"op":"dance"})",
                                            R"({"op":"watch"})",
                                            R"({"op":"watch","id":"../../etc"})",
                                            R"({"op":"watch","id":"ab","seen":-1})",
                                            R"({"op":"watch","id":"ab","token":7})",
                                            R"({"op":"unwatch","id":"ab"})",
                                            R"({"op":"act","id":"ab"})",
                                            R"({"op":"act","ref":"x","id":"ab","action":"move"})",
                                            R"({"op":"act","ref":1,"id":"ab","action":"../x"})",
                                            R"({"op":"act","ref":1,"id":"ab","action":"move","body":[1]})",
                                            std::string(8000, '[') + std::string(8000, ']')};
  for (const std::string& g : garbage) {
    ASSERT_TRUE(c->send_text(g)) << g.substr(0, 40);
    auto e = c->next();
    ASSERT_TRUE(e) << g.substr(0, 40) << ": " << e.error().message;
    EXPECT_EQ((*e)["type"], "error") << g.substr(0, 40) << ": " << e->dump();
    EXPECT_TRUE((*e)["code"].is_string()) << e->dump();
  }
  ASSERT_TRUE(c->send_text("\x01\x02", true));
  auto binary = c->next();
  ASSERT_TRUE(binary);
  EXPECT_EQ((*binary)["type"], "error");
  // An act on a game that is not there is the API's 404.
  ASSERT_TRUE(c->send({{"op", "act"},
                       {"ref", 1},
                       {"id", "abc"},
                       {"action", "move"},
                       {"body", {{"token", "t"}, {"move", "a1"}}}}));
  auto missing = c->next_of_type("reply");
  ASSERT_TRUE(missing);
  EXPECT_EQ((*missing)["status"], 404) << missing->dump();
  ASSERT_TRUE(c->send({{"op", "ping"}}));
  auto pong = c->next();
  ASSERT_TRUE(pong);
  EXPECT_EQ((*pong)["type"], "pong");
}

TEST_F(Live, TextThatIsNotUtf8ClosesTheConnectionAsTheProtocolSays) {
  auto c = connect("127.0.4.8");
  ASSERT_TRUE(c);
  ASSERT_TRUE(c->send_text("{\"op\":\"ping\"\xff}"));
  auto e = c->next();
  EXPECT_FALSE(e) << e->dump();
  EXPECT_EQ(c->close_code(), 1007);  // "bad payload"
}

TEST_F(Live, OneConnectionFollowsAtMostSixteenGames) {
  auto c = connect("127.0.4.9");
  ASSERT_TRUE(c);
  // Games that exist: a watch of no game ends at once (with "gone").
  for (int i = 0; i < 17; ++i) {
    const json game = new_game("127.0.4.11");
    ASSERT_TRUE(game.is_object());
    ASSERT_TRUE(c->send({{"op", "watch"}, {"id", game["id"]}}));
  }
  auto e = c->next_of_type("error");
  ASSERT_TRUE(e) << e.error().message;
  EXPECT_EQ((*e)["code"], "too_many_watches");
}

TEST_F(Live, AWatchOfNoGameEndsWithGone) {
  auto c = connect("127.0.4.9");
  ASSERT_TRUE(c);
  ASSERT_TRUE(c->send({{"op", "watch"}, {"id", "abcdef"}}));
  auto gone = c->next_of_type("gone");
  ASSERT_TRUE(gone) << gone.error().message;
  EXPECT_EQ((*gone)["id"], "abcdef");
}

TEST_F(Live, AnOversizedFrameClosesTheConnection) {
  auto c = connect("127.0.4.10");
  ASSERT_TRUE(c);
  // The server stops reading at the frame's header (it says its length):
  // the send may fail as the connection ends under it.
  (void)c->send_text(std::string(20 * 1024, ' ') + "{}");
  auto e = c->next();
  EXPECT_FALSE(e) << "a 20 KiB frame was taken: " << e->dump();
  // A frame within the bound is answered.
  auto d = connect("127.0.4.10");
  ASSERT_TRUE(d);
  ASSERT_TRUE(d->send_text(std::string(15 * 1024, ' ') + R"({"op":"ping"})"));
  auto pong = d->next();
  ASSERT_TRUE(pong) << pong.error().message;
  EXPECT_EQ((*pong)["type"], "pong");
}

TEST(LiveProxy, AServerWithoutAccountsRefusesWhatAProxyForwardsFromTheNetwork) {
  Served served("noaccounts");
  ASSERT_TRUE(served.up());
  HttpClient c("127.0.0.1", served.port());
  c.set_source_address("127.0.5.1");
  auto far = c.send("GET", "/api/info", "", "", {{"X-Forwarded-For", "203.0.113.5"}});
  ASSERT_TRUE(far) << far.error().message;
  EXPECT_EQ(far->status, 403);
  EXPECT_EQ(json::parse(far->body, nullptr, false)["code"], "proxied_from_network");
  HttpClient d("127.0.0.1", served.port());
  d.set_source_address("127.0.5.1");
  auto near = d.send("GET", "/api/info", "", "", {{"Forwarded", "for=127.0.0.1"}});
  ASSERT_TRUE(near) << near.error().message;
  EXPECT_EQ(near->status, 200);
}

TEST(LiveProxy, ATrustedProxysClientsAreCountedApartAndASpoofedHeaderIsIgnored) {
  constexpr int kPerClient = 3;
  Served served("proxy", {"--accounts", "--trusted-proxy", "127.0.6.1", "--max-connections-per-client",
                          std::to_string(kPerClient)});
  ASSERT_TRUE(served.up());
  auto from = [&](const std::string& source, const std::string& forwarded_for) {
    auto c = std::make_unique<HttpClient>("127.0.0.1", served.port());
    c->set_source_address(source);
    auto r = c->send("GET", "/api/info", "", "", {{"X-Forwarded-For", forwarded_for}});
    return std::make_pair(std::move(c), r ? r->status : 0);
  };
  // Through the trusted proxy: each forwarded client has its own cap.
  std::vector<std::unique_ptr<HttpClient>> held;
  for (int i = 0; i < kPerClient; ++i) {
    auto [c, status] = from("127.0.6.1", "198.51.100.1");
    ASSERT_EQ(status, 200) << i;
    held.push_back(std::move(c));
  }
  EXPECT_EQ(from("127.0.6.1", "198.51.100.1").second, 429);
  // A client that wrote an address of its own before the proxy's is still itself.
  EXPECT_EQ(from("127.0.6.1", "10.9.9.9, 198.51.100.1").second, 429);
  EXPECT_EQ(from("127.0.6.1", "198.51.100.2").second, 200);
  // An untrusted peer's header is ignored: it is counted as itself.
  held.clear();
  for (int i = 0; i < kPerClient; ++i) {
    auto [c, status] = from("127.0.6.2", "198.51.100." + std::to_string(10 + i));
    ASSERT_EQ(status, 200) << i;
    held.push_back(std::move(c));
  }
  EXPECT_EQ(from("127.0.6.2", "198.51.100.99").second, 429);
}

TEST(LiveProxy, ATrustedProxyNeedsAccounts) {
  const fs::path dir = fs::temp_directory_path() / ("qi-live-cmd-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  EXPECT_EQ(
      exit_status_of({"serve", "--trusted-proxy", "127.0.0.1", "--port",
                      std::to_string(qi::test::free_loopback_port()), "--db", (dir / "qi.db").string()}),
      2);
  fs::remove_all(dir);
}

}  // namespace
