// A connection as a game's event stream (Server-Sent Events): each new view
// of the game as one event, a slow reader's waiting view replaced by the
// newer one, a comment when it has been quiet, the end when the game leaves
// memory or the page hangs up.
#include <boost/beast/websocket/rfc6455.hpp>
#include <chrono>

#include "server/http_connection.h"
#include "server/live_socket.h"

namespace qi::server::loop {

void Connection::start_stream(const std::string& game, const std::string& token) {
  if (auto refusal = server_.refuse_stream(client_)) return refuse(std::move(*refusal));
  stream_game_ = game;
  ++server_.client(client_).streams;
  ++server_.counters().streams;
  deadline_.cancel();
  // A seat's page (its token in the query) is a player, not a spectator.
  if (token.empty() || token.size() > 128) return server_.watch(game, shared_from_this(), false);
  auto self = shared_from_this();
  const bool asked = server_.check_seat(game, token, [self, game](bool seat) {
    if (!self->closed_) self->server_.watch(game, self, seat);
  });
  if (!asked) server_.watch(game, self, false);
}

void Connection::start_live(http::request<http::string_body> upgrade) {
  if (!boost::beast::websocket::is_upgrade(upgrade)) {
    Answer a = error_answer(426, "upgrade_required", "GET /api/live is a WebSocket: ask for an upgrade");
    a.headers.emplace_back("Upgrade", "websocket");
    return refuse(std::move(a));
  }
  if (auto refusal = server_.refuse_stream(client_)) return refuse(std::move(*refusal));
  // The socket is the WebSocket's from now on; this connection only ends
  // (its count goes as the WebSocket's comes).
  closed_ = true;
  deadline_.cancel();
  start_live_socket(server_, std::move(socket_), client_, std::move(upgrade));
}

void Connection::deliver(const std::string&, const Delivery& delivery) {
  const Rendered& view = delivery.view;
  if (closed_ || stream_ending_) return;
  if (!view.found) {
    if (!stream_started_) {
      if (view.store_failure) {
        ApiResponse failed = error_response(404, *view.store_failure);
        return refuse(json_answer(failed.status, failed.body));
      }
      Answer a = error_answer(404, "no_such_game", "no such game");
      return refuse(std::move(a));
    }
    stream_ending_ = true;
    return pump_stream();
  }
  if (!stream_started_) {
    static const auto kHeaders = std::make_shared<const std::string>(
        "HTTP/1.1 200 OK\r\n"
        "Content-Type: text/event-stream\r\n"
        "Cache-Control: no-cache\r\n"
        "X-Content-Type-Options: nosniff\r\n"
        "Referrer-Policy: no-referrer\r\n"
        // The stream's end is the connection's: no length, no chunks.
        "Connection: close\r\n"
        "\r\n");
    stream_started_ = true;
    queue_stream(kHeaders, false);
    queue_stream(delivery.event, true);
    watch_for_hangup();
  } else if (view.written.version > seen_version_ || !view.in_memory ||
             delivery.spectators != seen_spectators_) {
    queue_stream(delivery.event, true);
  }
  seen_version_ = view.written.version;
  seen_spectators_ = delivery.spectators;
  if (!view.in_memory) stream_ending_ = true;
  pump_stream();
}

void Connection::keep_alive(Clock::time_point now) {
  if (closed_ || !stream_started_ || writing_ || !out_.empty()) return;
  if (now - last_write_ < std::chrono::milliseconds(server_.limits().stream_keepalive_ms)) return;
  static const auto kComment = std::make_shared<const std::string>(": keepalive\n\n");
  queue_stream(kComment, false);
  pump_stream();
}

void Connection::queue_stream(std::shared_ptr<const std::string> bytes, bool is_event) {
  // A view waiting behind a slow write is replaced by the newer one: a
  // stream holds at most the view being written and the latest.
  if (is_event && !out_.empty() && out_.back().is_event)
    out_.back().bytes = std::move(bytes);
  else
    out_.push_back({std::move(bytes), is_event});
}

void Connection::pump_stream() {
  if (closed_ || writing_) return;
  if (out_.empty()) {
    if (stream_ending_) linger();
    return;
  }
  writing_ = true;
  Pending next = std::move(out_.front());
  out_.pop_front();
  write_stream(std::move(next.bytes), 0);
}

void Connection::write_stream(std::shared_ptr<const std::string> bytes, std::size_t from) {
  arm(server_.limits().write_timeout_ms, Refused::StalledReader);
  auto piece = net::buffer(bytes->data() + from, bytes->size() - from);
  socket_.async_write_some(piece, [self = shared_from_this(), bytes, from](error_code ec, std::size_t n) {
    if (ec || self->closed_) {
      self->writing_ = false;
      return self->close();
    }
    if (from + n < bytes->size()) return self->write_stream(bytes, from + n);
    self->writing_ = false;
    self->deadline_.cancel();
    self->last_write_ = Clock::now();
    self->pump_stream();
  });
}

void Connection::watch_for_hangup() {
  // An event stream's client sends nothing more: a read that ends is the
  // page gone, and frees its place at once.
  socket_.async_read_some(net::buffer(&hangup_byte_, 1),
                          [self = shared_from_this()](error_code, std::size_t) { self->close(); });
}

}  // namespace qi::server::loop
