// Live play under load on one or more running `qi serve` instances, over
// their WebSockets (GET /api/live): N games between two people at once, each
// player a WebSocket (the two players of a game on two different servers when
// more than one is given), a move every interval from the side to move (a
// random legal move from the last view; a game that ends is replaced by a new
// one). Measures each move's latency at the client, from sending the act to
// its reply, and until the opponent's socket sees the move; prints
// p50/p90/p99/max, the errors and the counts as JSON.
//
// For a failover test: a socket that drops reconnects (to the next server)
// and watches its game again; every move acknowledged (a reply 200) is
// remembered, and at the end each game is read back (GET /api/games/<id>) to
// check that no acknowledged move was lost.
//
// One thread runs every socket (Boost.Beast, asynchronous): 2,000 sockets cost
// little; games are created (HTTP POST) on a second thread. Per-client bounds
// of a server (connections, streams, new games a second) would count every
// socket as one client: against loopback servers the sockets come from
// --sources different loopback addresses (127.1.x.y).
//
// Usage: qi_live_load --server http://127.0.0.1:8080 [--server http://127.0.0.1:8081] [--games 100]
//        [--interval-ms 2000] [--duration-s 60] [--game chess] [--sources 64] [--clock-minutes 0]
#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "support/http_client.h"

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
using boost::system::error_code;
using nlohmann::json;

struct Target {
  std::string host;
  int port = 0;
};

std::optional<Target> parse_url(std::string url) {
  if (url.rfind("http://", 0) == 0) url = url.substr(7);
  while (!url.empty() && url.back() == '/') url.pop_back();
  const std::size_t colon = url.rfind(':');
  if (colon == std::string::npos) return Target{url, 80};
  try {
    return Target{url.substr(0, colon), std::stoi(url.substr(colon + 1))};
  } catch (...) {
    return std::nullopt;
  }
}

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

json percentiles(std::vector<double> v) {
  if (v.empty()) return {{"count", 0}};
  std::sort(v.begin(), v.end());
  auto at = [&](double q) { return v[std::min(v.size() - 1, static_cast<std::size_t>(q * v.size()))]; };
  auto round = [](double x) { return std::round(x * 100) / 100; };
  return {{"count", v.size()},
          {"p50", round(at(0.5))},
          {"p90", round(at(0.9))},
          {"p99", round(at(0.99))},
          {"max", round(v.back())}};
}

struct Options {
  std::vector<Target> servers;
  int games = 100;
  int interval_ms = 2000;
  int duration_s = 60;
  std::string game = "chess";
  int sources = 64;
  // Each side's clock in minutes (0: no clock). With a clock, a game's
  // instance runs it (and holds its lease): a killed instance's clocks are
  // taken over by another.
  int clock_minutes = 0;
};

class Load;

// One player's WebSocket: watches its game with its seat's token and sends
// that seat's moves.
class Player : public std::enable_shared_from_this<Player> {
 public:
  Player(Load& load, int game, int side, int server, std::string source)
      : load_(load), game_(game), side_(side), server_(server), source_(std::move(source)) {}
  void connect();
  void send(std::string text);
  bool open() const { return open_; }
  void close();
  int side() const { return side_; }

 private:
  void read();
  void pump();
  void dropped();

  Load& load_;
  const int game_;
  const int side_;  // 0 first, 1 second
  int server_;
  const std::string source_;
  std::unique_ptr<websocket::stream<tcp::socket>> ws_;
  beast::flat_buffer in_;
  std::deque<std::string> out_;
  bool writing_ = false;
  bool open_ = false;
  bool stopped_ = false;
  int generation_ = 0;  // of the socket: a late handler of an old one is ignored
};

struct Game {
  std::string id;
  std::string tokens[2];
  std::shared_ptr<Player> players[2];
  json view;  // the newest seen
  // What each player's socket holds, as the server counts it: a view frame
  // that is a tail ("from_ply") goes on from it.
  json held[2];
  std::uint64_t version = 0;
  bool in_flight = false;
  bool creating = false;
  int ref = 0;                 // of the act in flight
  std::size_t plies_sent = 0;  // moves in the game once the act in flight is done
  Clock::time_point sent_at;   // of the act in flight
  bool seen_pending = false;   // the opponent has not seen the act's move yet
  std::string move;            // the act's move
  net::steady_timer* timer = nullptr;
};

class Load {
 public:
  explicit Load(Options o) : options_(std::move(o)) {}
  int run();

  net::io_context io;
  const Options& options() const { return options_; }
  void on_frame(int game, int side, json frame);
  void count_error(const std::string& what) { ++errors_[what]; }
  void reconnected() { ++reconnects_; }
  bool stopping() const { return stopping_; }

 private:
  void start_game(int slot);
  void created(int slot, json view);
  void schedule(int slot, int delay_ms);
  void move(int slot);
  void creator();  // the thread that creates games
  void verify();

  Options options_;
  std::vector<Game> games_;
  std::vector<std::unique_ptr<net::steady_timer>> timers_;
  std::map<std::string, int> errors_;
  std::vector<double> act_ms_, seen_ms_;
  std::int64_t acts_ = 0, acked_ = 0, finished_ = 0, created_ = 0, reconnects_ = 0;
  // game id -> (ply index -> move id) of every move acknowledged.
  std::map<std::string, std::map<std::size_t, std::string>> acked_moves_;
  bool stopping_ = false;
  std::mt19937 random_{12345};
  int next_ref_ = 1;

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<int> to_create_;
  bool creator_done_ = false;
};

std::string source_address(const Options& o, int n) {
  if (o.sources <= 0) return {};
  const int i = n % o.sources;
  return "127.1." + std::to_string(i / 250) + "." + std::to_string(i % 250 + 1);
}

void Player::connect() {
  if (stopped_ || load_.stopping()) return;
  const Target& t = load_.options().servers[server_];
  ws_ = std::make_unique<websocket::stream<tcp::socket>>(load_.io);
  const int generation = ++generation_;
  error_code ec;
  auto& socket = ws_->next_layer();
  socket.open(tcp::v4(), ec);
  if (!source_.empty() && !ec) socket.bind(tcp::endpoint(net::ip::make_address(source_), 0), ec);
  tcp::endpoint endpoint(net::ip::make_address(t.host == "localhost" ? "127.0.0.1" : t.host, ec), t.port);
  if (ec) {
    load_.count_error("connect");
    return dropped();
  }
  socket.async_connect(endpoint, [self = shared_from_this(), generation, t](error_code e) {
    if (generation != self->generation_) return;
    if (e) {
      self->load_.count_error("connect");
      return self->dropped();
    }
    self->ws_->next_layer().set_option(tcp::no_delay(true));
    self->ws_->text(true);
    self->ws_->async_handshake(t.host + ":" + std::to_string(t.port), "/api/live",
                               [self, generation](error_code e2) {
                                 if (generation != self->generation_) return;
                                 if (e2) {
                                   self->load_.count_error("handshake");
                                   return self->dropped();
                                 }
                                 self->open_ = true;
                                 self->load_.on_frame(self->game_, self->side_, json{{"type", "open"}});
                                 self->read();
                                 self->pump();
                               });
  });
}

// A view frame into what a socket holds: whole, or a tail whose plies go on
// from the "from_ply" plies held. False when a tail does not fit.
bool hold(json& held, json frame) {
  const auto from_ply = frame.find("from_ply");
  if (from_ply == frame.end()) {
    held = std::move(frame);
    return true;
  }
  const std::size_t from = from_ply->get<std::size_t>();
  if (!held.is_object() || !held.contains("moves") || held["moves"].size() != from) return false;
  for (auto& [key, value] : frame.items()) {
    if (key == "from_ply") continue;
    const bool per_ply = key == "moves" || key == "fens" || key == "boards";
    if (!per_ply) {
      held[key] = std::move(value);
      continue;
    }
    json& kept = held[key];
    kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(from + (key == "moves" ? 0 : 1)), kept.end());
    for (json& v : value) kept.push_back(std::move(v));
  }
  return true;
}

// The newest view of a game: its players' sockets' or the last answer's.
const json& newest(const Game& g) {
  const json* best = &g.view;
  for (const json& held : g.held)
    if (held.is_object() &&
        held.value("version", std::uint64_t{0}) > best->value("version", std::uint64_t{0}))
      best = &held;
  return *best;
}

void Player::read() {
  const int generation = generation_;
  ws_->async_read(in_, [self = shared_from_this(), generation](error_code ec, std::size_t) {
    if (generation != self->generation_) return;
    if (ec) {
      if (!self->stopped_) self->load_.count_error("dropped");
      return self->dropped();
    }
    json frame = json::parse(beast::buffers_to_string(self->in_.data()), nullptr, false);
    self->in_.consume(self->in_.size());
    self->load_.on_frame(self->game_, self->side_, std::move(frame));
    self->read();
  });
}

void Player::send(std::string text) {
  out_.push_back(std::move(text));
  pump();
}

void Player::pump() {
  if (!open_ || writing_ || out_.empty()) return;
  writing_ = true;
  auto text = std::make_shared<std::string>(std::move(out_.front()));
  out_.pop_front();
  const int generation = generation_;
  ws_->async_write(net::buffer(*text),
                   [self = shared_from_this(), text, generation](error_code ec, std::size_t) {
                     if (generation != self->generation_) return;
                     self->writing_ = false;
                     if (ec) return self->dropped();
                     self->pump();
                   });
}

void Player::dropped() {
  const bool was_open = open_;
  open_ = false;
  writing_ = false;
  out_.clear();
  if (ws_) {
    error_code ignored;
    ws_->next_layer().close(ignored);
  }
  ++generation_;
  if (stopped_ || load_.stopping()) return;
  if (was_open) load_.reconnected();
  load_.on_frame(game_, side_, json{{"type", "dropped"}});
  // The next server, after a pause.
  server_ = (server_ + 1) % static_cast<int>(load_.options().servers.size());
  auto timer = std::make_shared<net::steady_timer>(load_.io, std::chrono::milliseconds(200));
  timer->async_wait([self = shared_from_this(), timer](error_code) { self->connect(); });
}

void Player::close() {
  stopped_ = true;
  open_ = false;
  ++generation_;
  if (ws_) {
    error_code ignored;
    ws_->next_layer().close(ignored);
  }
}

void Load::creator() {
  std::vector<std::unique_ptr<qi::server::HttpClient>> clients;
  int made = 0;
  while (true) {
    int slot;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return creator_done_ || !to_create_.empty(); });
      if (creator_done_) return;
      slot = to_create_.front();
      to_create_.pop_front();
    }
    // From one of the source addresses, on the servers in turn.
    const int n = made++;
    const Target& t = options_.servers[n % options_.servers.size()];
    auto client = std::make_unique<qi::server::HttpClient>(t.host, t.port);
    client->set_source_address(source_address(options_, n));
    json body = {{"game", options_.game}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}};
    if (options_.clock_minutes > 0)
      body["time_control"] = {{"kind", "sudden_death"}, {"base_ms", options_.clock_minutes * 60'000}};
    auto r = client->post("/api/games", body.dump());
    json view = r && r->status == 201 ? json::parse(r->body, nullptr, false) : json();
    net::post(io, [this, slot, view = std::move(view)]() mutable { created(slot, std::move(view)); });
  }
}

void Load::start_game(int slot) {
  Game& g = games_[slot];
  if (g.creating || stopping_) return;
  g.creating = true;
  {
    std::lock_guard lock(mutex_);
    to_create_.push_back(slot);
  }
  wake_.notify_one();
}

void Load::created(int slot, json view) {
  Game& g = games_[slot];
  g.creating = false;
  if (stopping_) return;
  if (!view.is_object() || !view.contains("tokens")) {
    count_error("create");
    return schedule(slot, 1000);
  }
  ++created_;
  for (auto& p : g.players)
    if (p) p->close();
  g.id = view["id"];
  g.tokens[0] = view["tokens"]["first"];
  g.tokens[1] = view["tokens"]["second"];
  g.view = view;
  g.held[0] = g.held[1] = json();
  g.version = view.value("version", std::uint64_t{0});
  g.in_flight = false;
  g.seen_pending = false;
  const int servers = static_cast<int>(options_.servers.size());
  for (int side = 0; side < 2; ++side) {
    g.players[side] = std::make_shared<Player>(*this, slot, side, (slot + side) % servers,
                                               source_address(options_, slot * 2 + side));
    g.players[side]->connect();
  }
  // Spread the games' moves over the interval.
  schedule(slot, std::uniform_int_distribution<int>(0, options_.interval_ms)(random_));
}

void Load::schedule(int slot, int delay_ms) {
  net::steady_timer& timer = *timers_[slot];
  timer.expires_after(std::chrono::milliseconds(delay_ms));
  timer.async_wait([this, slot](error_code ec) {
    if (ec || stopping_) return;
    move(slot);
  });
}

void Load::move(int slot) {
  Game& g = games_[slot];
  if (g.creating) return;
  if (g.id.empty() || !g.view.is_object()) return start_game(slot);  // its creation failed: again
  const json& v = newest(g);
  if (v.contains("outcome") && v["outcome"].value("verdict", "ongoing") != "ongoing") {
    ++finished_;
    start_game(slot);
    return;
  }
  const int side = v.value("side_to_move", "first") == "first" ? 0 : 1;
  Player& p = *g.players[side];
  if (g.in_flight || !p.open() || !v.contains("legal_moves") || v["legal_moves"].empty())
    return schedule(slot, options_.interval_ms / 4 + 1);
  const json& legal = v["legal_moves"];
  g.move = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random_)]["id"];
  g.ref = next_ref_++;
  g.plies_sent = v["moves"].size() + 1;
  g.in_flight = true;
  g.seen_pending = true;
  g.sent_at = Clock::now();
  ++acts_;
  p.send(json{{"op", "act"},
              {"ref", g.ref},
              {"id", g.id},
              {"action", "move"},
              {"body", {{"token", g.tokens[side]}, {"move", g.move}}}}
             .dump());
  schedule(slot, options_.interval_ms);
}

void Load::on_frame(int slot, int side, json frame) {
  Game& g = games_[slot];
  if (!frame.is_object()) return count_error("frame");
  const std::string type = frame.value("type", "");
  if (type == "open") {
    g.held[side] = json();  // a watch's first view comes whole
    g.players[side]->send(
        json{{"op", "watch"}, {"id", g.id}, {"seen", g.version}, {"token", g.tokens[side]}}.dump());
  } else if (type == "dropped") {
    if (g.in_flight) {  // its reply will not come: not acknowledged
      g.in_flight = false;
      count_error("act_lost_with_socket");
    }
  } else if (type == "view") {
    if (frame.value("id", "") != g.id) return;
    json& held = g.held[side];
    if (!hold(held, std::move(frame))) {
      count_error("tail_mismatch");  // the whole view again
      g.players[side]->send(json{{"op", "unwatch"}, {"id", g.id}}.dump());
      return on_frame(slot, side, json{{"type", "open"}});
    }
    const std::uint64_t version = held.value("version", std::uint64_t{0});
    // The opponent of the side that moved sees the move.
    if (g.seen_pending && side != (g.plies_sent % 2 == 1 ? 0 : 1) && held["moves"].size() >= g.plies_sent) {
      g.seen_pending = false;
      seen_ms_.push_back(ms_since(g.sent_at));
    }
    g.version = std::max(g.version, version);
  } else if (type == "reply") {
    // A newer view in an answer is what the socket holds now.
    // It may come as the view's tail.
    json& body = frame["body"];
    const std::uint64_t version = body.is_object() ? body.value("version", std::uint64_t{0}) : 0;
    if (frame.value("status", 0) == 200 && g.held[side].is_object() && body.contains("moves") &&
        version > g.held[side].value("version", std::uint64_t{0})) {
      if (!hold(g.held[side], std::move(body))) {
        count_error("tail_mismatch");  // the whole view again
        g.players[side]->send(json{{"op", "unwatch"}, {"id", g.id}}.dump());
        on_frame(slot, side, json{{"type", "open"}});
      }
      g.version = std::max(g.version, version);
    }
    if (!g.in_flight || frame.value("ref", 0) != g.ref) return;
    g.in_flight = false;
    const int status = frame.value("status", 0);
    act_ms_.push_back(ms_since(g.sent_at));
    if (status == 200) {
      ++acked_;
      acked_moves_[g.id][g.plies_sent - 1] = g.move;
      if (body.is_object() && body.value("version", std::uint64_t{0}) > g.version) {
        g.version = body.value("version", std::uint64_t{0});
        g.view = std::move(body);
      }
    } else {
      count_error("status_" + std::to_string(status));
      g.seen_pending = false;
    }
  } else if (type == "error") {
    count_error("frame_" + frame.value("code", "?"));
  }
}

void Load::verify() {
  std::int64_t checked = 0, lost = 0, unreadable = 0;
  int n = 0;
  for (const auto& [id, moves] : acked_moves_) {
    // Read through any server still running (after a failover, one is not).
    json view;
    for (std::size_t k = 0; k < options_.servers.size() && !view.is_object(); ++k) {
      const Target& t = options_.servers[(n + k) % options_.servers.size()];
      qi::server::HttpClient client(t.host, t.port);
      client.set_source_address(source_address(options_, n));
      client.set_timeout_ms(5000);
      auto r = client.get("/api/games/" + id);
      if (r && r->status == 200) view = json::parse(r->body, nullptr, false);
    }
    ++n;
    if (!view.is_object() || !view.contains("moves")) {
      ++unreadable;
      lost += static_cast<std::int64_t>(moves.size());
      continue;
    }
    for (const auto& [ply, move] : moves) {
      ++checked;
      if (ply >= view["moves"].size() || view["moves"][ply].value("id", "") != move) {
        if (++lost <= 10)
          std::cerr << "lost: game " << id << " ply " << ply << " move " << move << "; the game has "
                    << view["moves"].size() << " moves (version " << view.value("version", 0) << ")"
                    << (ply < view["moves"].size() ? ", there: " + view["moves"][ply].value("id", "") : "")
                    << "\n";
      }
    }
  }
  json out = {{"servers", options_.servers.size()},
              {"games", options_.games},
              {"sockets", options_.games * 2},
              {"interval_ms", options_.interval_ms},
              {"duration_s", options_.duration_s},
              {"acts", acts_},
              {"acknowledged", acked_},
              {"games_created", created_},
              {"games_finished", finished_},
              {"reconnects", reconnects_},
              {"act_ms", percentiles(act_ms_)},
              {"opponent_sees_ms", percentiles(seen_ms_)},
              {"errors", errors_},
              {"verified", {{"moves_checked", checked}, {"lost", lost}, {"games_unreadable", unreadable}}}};
  std::cout << out.dump(2) << std::endl;
}

int Load::run() {
  games_.resize(options_.games);
  for (int i = 0; i < options_.games; ++i) timers_.push_back(std::make_unique<net::steady_timer>(io));
  std::thread creating([this] { creator(); });
  for (int i = 0; i < options_.games; ++i) start_game(i);
  net::steady_timer end(io, std::chrono::seconds(options_.duration_s));
  end.async_wait([this](error_code) {
    stopping_ = true;
    for (auto& t : timers_) t->cancel();
    for (Game& g : games_)
      for (auto& p : g.players)
        if (p) p->close();
    {
      std::lock_guard lock(mutex_);
      creator_done_ = true;
    }
    wake_.notify_one();
  });
  io.run();
  creating.join();
  verify();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << a << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    auto number = [&](int low, int high) {
      const std::string v = value();
      try {
        const int n = std::stoi(v);
        if (n >= low && n <= high) return n;
      } catch (...) {
      }
      std::cerr << a << ": a number from " << low << " to " << high << "\n";
      std::exit(2);
    };
    if (a == "--server") {
      auto t = parse_url(value());
      if (!t) {
        std::cerr << "--server http://HOST:PORT\n";
        return 2;
      }
      o.servers.push_back(*t);
    } else if (a == "--games") {
      o.games = number(1, 20'000);
    } else if (a == "--interval-ms") {
      o.interval_ms = number(10, 600'000);
    } else if (a == "--duration-s") {
      o.duration_s = number(1, 24 * 3600);
    } else if (a == "--game") {
      o.game = value();
    } else if (a == "--sources") {
      o.sources = number(0, 60'000);
    } else if (a == "--clock-minutes") {
      o.clock_minutes = number(0, 24 * 60);
    } else {
      std::cerr
          << "usage: qi_live_load --server http://HOST:PORT [--server ...] [--games N] [--interval-ms MS]"
             " [--duration-s S] [--game NAME] [--sources N] [--clock-minutes M]\n";
      return 2;
    }
  }
  if (o.servers.empty()) o.servers.push_back({"127.0.0.1", 8080});
  return Load(std::move(o)).run();
}
