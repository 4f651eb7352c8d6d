// The event loop's own pieces, shared by its HTTP connections
// (http_connection.h), event streams (event_stream.cpp) and WebSockets
// (live_socket.cpp): what a game's watchers are sent, and the Server that
// owns the listening socket (loop_server.cpp), the clients' counts and the
// games being watched (game_watches.cpp). Includes Boost.Asio: only the
// loop's own files include this header.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "app/view_text.h"
#include "server/http_event_loop.h"
#include "server/server_counters.h"
#include "server/spectators.h"
#include "server/worker_pool.h"

namespace qi::server::loop {

namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

// The JSON text of a body; a byte that is not UTF-8 becomes U+FFFD instead
// of an exception. Nothing when it cannot be written at all.
std::optional<std::string> dump_json(const nlohmann::json& body);

// An answer to write: the loop turns it into an HTTP response (or a
// WebSocket's reply).
struct Answer {
  int status = 200;
  std::string content_type;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  bool close = false;  // the connection ends after it
  // A game's view, the body when it has a text: shared with its watchers,
  // not copied.
  app::WrittenView view;
  const std::string& text() const { return view.text ? *view.text : body; }
};

Answer json_answer(int status, const nlohmann::json& body);
Answer error_answer(int status, const std::string& code, const std::string& message);

// A game's view, built once per change on a worker for all of its watchers.
struct Rendered {
  bool found = false;      // the game exists (in memory or stored)
  bool in_memory = false;  // still played or recently finished; else this is its final state
  app::WrittenView written;
  // Not found because the store failed (it could not be read, or the game is
  // damaged): the watcher is told so, not that the game is gone.
  std::optional<Error> store_failure;
};

// One view as each kind of watcher sends it, with the game's spectators:
// built once for all the game's watchers.
struct Delivery {
  const Rendered& view;
  int spectators = 0;
  std::shared_ptr<const std::string> event;       // "data: {...}\n\n" (Server-Sent Events)
  std::shared_ptr<const std::string> frame;       // {"type":"view","spectators":N,...} (WebSocket)
  std::shared_ptr<const std::string> tail_frame;  // the same with the view's tail, or null
};

// Something that follows games: an event stream or a WebSocket.
class Watcher {
 public:
  virtual ~Watcher() = default;
  // A new view of `game` (or that it is gone: !view.found, or its final
  // state: !view.in_memory; the watch ends after either).
  virtual void deliver(const std::string& game, const Delivery& delivery) = 0;
  // Called about once a second: a quiet stream's keep-alive.
  virtual void keep_alive(Clock::time_point) {}
};

// What the loop owns: the listening socket, the connections' counts by
// client, the games being watched. Every member is touched on the loop's
// one thread only, but for the worker pool, the counters and the
// spectators' counts.
class Server {
 public:
  Server(const EventLoopSetup& setup, Api& api, app::SessionManager& manager, RequestStats& stats,
         const std::atomic<bool>& stop);
  ~Server();

  Status listen();
  void run();

  const ServerLimits& limits() const { return limits_; }
  const EventLoopSetup& setup() const { return setup_; }
  ServerCounters& counters() { return counters_; }
  WorkerPool& pool() { return pool_; }
  net::io_context& io() { return io_; }

  struct ClientCount {
    int connections = 0;
    int streams = 0;  // event streams and WebSockets
  };
  ClientCount& client(const std::string& address) { return clients_[address]; }
  void forget_client_if_idle(const std::string& address);
  // Whether one more stream or WebSocket is refused: the refusal when it is.
  std::optional<Answer> refuse_stream(const std::string& client);

  // On a worker: the API's answer, never an exception.
  Answer call_api(const ApiRequest& request);
  // Whether `token` holds a seat of `game`, found on a worker; `then` runs
  // on the loop (not at all when the worker queue is full: false).
  bool check_seat(const std::string& game, const std::string& token, std::function<void(bool seat)> then);
  // Adds a watcher of `game` (a spectator unless `seat`), held until it
  // unwatches; it is sent the game's view.
  void watch(const std::string& game, std::shared_ptr<Watcher> watcher, bool seat);
  void unwatch(const std::string& game, const Watcher* watcher);

 private:
  struct Entry {
    std::shared_ptr<Watcher> watcher;
    bool seat = false;
  };
  struct Watch {
    std::vector<Entry> entries;
    bool rendering = false;  // a view is being built on a worker
    bool dirty = false;      // changed since that view was asked for
    bool respread = false;   // the spectators' count changed: send the last view again
    std::optional<Rendered> last;
    Clock::time_point checked = Clock::now();
  };

  void accept();
  void on_accepted(tcp::socket socket);
  void check_stop();
  void sweep();
  void game_changed(const std::string& game);
  void spectators_changed(const std::string& game);
  void render(const std::string& game, Watch& watch);
  void rendered(const std::string& game, Rendered view);
  void spread(const std::string& game, Watch& watch);
  Delivery delivery_of(const std::string& game, const Rendered& view);
  // Ends a game's watch: its spectators are no longer counted.
  void drop(std::unordered_map<std::string, Watch>::iterator it);
  Rendered render_now(const std::string& game);  // on a worker

  const EventLoopSetup& setup_;
  ServerLimits limits_;
  Api& api_;
  app::SessionManager& manager_;
  RequestStats& stats_;
  const std::atomic<bool>& stop_;
  ServerCounters counters_;
  SpectatorCounts own_spectators_;
  SpectatorCounts& spectators_;
  int max_connections_ = 0;
  std::unordered_map<std::string, ClientCount> clients_;
  std::unordered_map<std::string, Watch> watches_;
  // Destroyed in reverse: the pool's threads are joined before the loop
  // and its sockets go, and the connections (destroyed with the loop's
  // pending handlers) still find the counts above.
  net::io_context io_{1};
  tcp::acceptor acceptor_;
  net::steady_timer stop_timer_;
  net::steady_timer sweep_timer_;
  net::steady_timer accept_pause_;
  WorkerPool pool_;
};

}  // namespace qi::server::loop
