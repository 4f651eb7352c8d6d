// The loop's Server: listening, accepting and counting connections by
// client, calling the API on a worker, and stopping. Its watches of games
// are game_watches.cpp.
#include <sys/resource.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <chrono>

#include "server/client_address.h"
#include "server/http_connection.h"
#include "server/loop_server.h"

namespace qi::server::loop {

namespace {

// Beyond the descriptors of the connections: the database, the listening
// socket, the engine's threads' pipes, log files.
constexpr rlim_t kReservedDescriptors = 128;
constexpr auto kStopCheck = std::chrono::milliseconds(100);
// An accept that failed for want of descriptors is tried again after this.
constexpr auto kAcceptPause = std::chrono::milliseconds(100);

}  // namespace

Server::Server(const EventLoopSetup& setup, Api& api, app::SessionManager& manager, RequestStats& stats,
               const std::atomic<bool>& stop)
    : setup_(setup),
      limits_(setup.limits),
      api_(api),
      manager_(manager),
      stats_(stats),
      stop_(stop),
      spectators_(setup.spectators ? *setup.spectators : own_spectators_),
      acceptor_(io_),
      stop_timer_(io_),
      sweep_timer_(io_),
      accept_pause_(io_),
      pool_(limits_.workers, limits_.max_queued_requests) {}

Server::~Server() {
  manager_.set_change_listener({});
  spectators_.on_remote_change({});
  // The watchers it holds go while the loop is still there; their
  // spectators are no longer this instance's.
  while (!watches_.empty()) drop(watches_.begin());
}

void Server::forget_client_if_idle(const std::string& address) {
  auto it = clients_.find(address);
  if (it != clients_.end() && it->second.connections == 0 && it->second.streams == 0) clients_.erase(it);
}

std::optional<Answer> Server::refuse_stream(const std::string& address) {
  if (counters_.streams + counters_.live >= limits_.max_streams) {
    counters_.refuse(Refused::TooManyStreams);
    Answer a = error_answer(503, "too_many_streams", "the server follows as many games as it can");
    a.headers.emplace_back("Retry-After", "5");
    return a;
  }
  if (client(address).streams >= limits_.max_streams_per_client) {
    counters_.refuse(Refused::TooManyStreamsFromClient);
    return error_answer(429, "too_many_streams_from_client",
                        "this address follows " + std::to_string(limits_.max_streams_per_client) +
                            " games already: close some pages");
  }
  return std::nullopt;
}

Status Server::listen() {
  error_code ec;
  net::ip::address address = net::ip::make_address(setup_.host, ec);
  if (ec) {
    tcp::resolver resolver(io_);
    auto found = resolver.resolve(setup_.host, std::to_string(setup_.port), ec);
    if (ec || found.empty()) return make_error("cannot find the address of " + setup_.host);
    address = found.begin()->endpoint().address();
  }
  const tcp::endpoint endpoint(address, static_cast<unsigned short>(setup_.port));
  const std::string where = setup_.host + ":" + std::to_string(setup_.port);
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  // A burst of new connections (a hundred players arriving) must not
  // overflow the queue of connections not yet accepted.
  if (!ec) acceptor_.listen(1024, ec);
  if (ec) return make_error("cannot listen on " + where + ": " + ec.message());

  // Raise the descriptor limit to its hard limit (each connection is one),
  // and keep the connections' total below it.
  rlimit files{};
  if (::getrlimit(RLIMIT_NOFILE, &files) == 0) {
    files.rlim_cur = files.rlim_max;
    (void)::setrlimit(RLIMIT_NOFILE, &files);
    (void)::getrlimit(RLIMIT_NOFILE, &files);
  }
  const rlim_t room =
      files.rlim_cur > kReservedDescriptors * 2 ? files.rlim_cur - kReservedDescriptors : files.rlim_cur / 2;
  max_connections_ = static_cast<int>(std::min<rlim_t>(static_cast<rlim_t>(limits_.max_connections), room));

  manager_.set_change_listener([this](const std::string& game) {
    // Under the game's lock: only a post; the view is built later.
    net::post(io_, [this, game] { game_changed(game); });
  });
  spectators_.on_remote_change(
      [this](const std::string& game, int) { net::post(io_, [this, game] { spectators_changed(game); }); });
  return Ok{};
}

void Server::run() {
  accept();
  check_stop();
  sweep();
  io_.run();
}

void Server::check_stop() {
  if (stop_) {
    error_code ignored;
    acceptor_.close(ignored);
    manager_.set_change_listener({});
    spectators_.on_remote_change({});
    io_.stop();
    return;
  }
  stop_timer_.expires_after(kStopCheck);
  stop_timer_.async_wait([this](error_code ec) {
    if (!ec) check_stop();
  });
}

void Server::accept() {
  acceptor_.async_accept([this](error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted) return;
    if (ec) {  // out of descriptors (or memory): wait for some to be freed
      accept_pause_.expires_after(kAcceptPause);
      accept_pause_.async_wait([this](error_code e) {
        if (!e) accept();
      });
      return;
    }
    on_accepted(std::move(socket));
    accept();
  });
}

void Server::on_accepted(tcp::socket socket) {
  error_code ec;
  const tcp::endpoint peer = socket.remote_endpoint(ec);
  if (ec) return;
  ++counters_.accepted;
  if (counters_.connections >= max_connections_) {
    counters_.refuse(Refused::TooManyConnections);
    return;  // closed unanswered: answering would hold it open longer
  }
  net::ip::address address = peer.address();
  if (address.is_v6() && address.to_v6().is_v4_mapped())
    address = net::ip::make_address_v4(net::ip::v4_mapped, address.to_v6());
  std::string peer_address = address.to_string();
  socket.set_option(tcp::no_delay(true), ec);  // an answer is one write; never wait for an ACK
  // A trusted proxy's connections carry many clients: each is counted once
  // its request names it.
  const bool trusted = std::find(setup_.trusted_proxies.begin(), setup_.trusted_proxies.end(),
                                 peer_address) != setup_.trusted_proxies.end();
  const bool over =
      !trusted && client(client_key(peer_address)).connections >= limits_.max_connections_per_client;
  auto connection = std::make_shared<Connection>(*this, std::move(socket), std::move(peer_address));
  if (over) {
    counters_.refuse(Refused::TooManyFromClient);
    Answer a = error_answer(429, "too_many_from_client",
                            "this address has " + std::to_string(limits_.max_connections_per_client) +
                                " connections open already");
    a.headers.emplace_back("Retry-After", "5");
    return connection->refuse(std::move(a));
  }
  connection->start();
}

Answer Server::call_api(const ApiRequest& request) {
  try {
    if (request.path == "/api/stats" && request.method == "GET") {
      nlohmann::json body = stats_.summary();
      body["server"] = counters_.summary();
      body["server"]["queued_requests"] = pool_.queued();
      body["storage"] = api_.storage_health();
      const app::EngineTurns::Counts engine = manager_.engine_counts();
      body["engine"] = {{"searches_running", engine.running},
                        {"turns_waiting", engine.waiting},
                        {"searches_started", engine.started},
                        {"gave_way", engine.gave_way}};
      return json_answer(200, body);
    }
    const auto started = Clock::now();
    ApiResponse out = api_.handle(request);
    stats_.record(std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started).count());
    Answer a;
    if (out.view.text) {
      a.status = out.status;
      a.content_type = "application/json; charset=utf-8";
      a.view = std::move(out.view);
    } else {
      a = json_answer(out.status, out.body);
    }
    a.headers = std::move(out.headers);
    return a;
  } catch (...) {
    // Never the exception's words: they may hold anything.
    return error_answer(500, "internal", "internal error");
  }
}

}  // namespace qi::server::loop
