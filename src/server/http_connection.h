// One HTTP connection of the event loop: its requests read and guarded,
// answered (by the API on a worker, or a static file) and written
// (http_connection.cpp), or turned into a game's event stream
// (event_stream.cpp) or handed to a WebSocket (live_socket.h). Includes
// Boost.Beast: only the loop's own files include this header.
#pragma once

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <deque>
#include <memory>
#include <optional>
#include <string>

#include "server/loop_server.h"
#include "server/request_guard.h"

namespace qi::server::loop {

namespace http = boost::beast::http;
using boost::system::error_code;

// One TCP connection: requests one after another (an answer is written
// before the next request is read), or, after a request for a game's
// events, an event stream until either side ends it.
class Connection : public Watcher, public std::enable_shared_from_this<Connection> {
 public:
  Connection(Server& server, tcp::socket socket, std::string peer);
  ~Connection() override;

  void start();
  // Writes the answer at once, without reading a request, and closes.
  void refuse(Answer answer);
  // A new view of the streamed game (or that it is gone).
  void deliver(const std::string& game, const Delivery& delivery) override;
  // A comment on a stream that has been quiet for the keep-alive interval.
  void keep_alive(Clock::time_point now) override;
  bool open() const { return !closed_; }

 private:
  void wait_for_request();
  void read_header();
  void on_header(error_code ec);
  void read_body();
  void on_body(error_code ec);
  void dispatch();
  void answer_api(ApiRequest request, bool keep_alive, bool head);
  Answer answer_static(const std::string& path);
  void start_stream(const std::string& game, const std::string& token);
  void start_live(http::request<http::string_body> upgrade);
  // Behind a trusted proxy, the client is the one its headers name: the
  // connection is counted as that client's. False (and refused) when that
  // client has too many connections.
  bool attribute_to(const std::string& client);
  bool attribute_to_forwarded(const http::request_header<>& req);
  void write(Answer answer, bool head = false);
  // Writes the response a piece at a time: each piece the client takes
  // gives it the write timeout anew.
  void write_response(bool close);
  void after_write(error_code ec, bool close);
  void linger();
  void drain();
  void queue_stream(std::shared_ptr<const std::string> bytes, bool is_event);
  void pump_stream();
  void write_stream(std::shared_ptr<const std::string> bytes, std::size_t from);
  void watch_for_hangup();
  // Closes the connection unless it is re-armed or cancelled within `ms`;
  // `why` is counted when it fires.
  void arm(int ms, std::optional<Refused> why);
  // `reset`: at once, dropping what the client has not taken (a reader that
  // stopped): a plain close would leave the system sending it to a client
  // that takes nothing, holding the bytes for minutes after the server let
  // go, while the client sees its connection open.
  void close(bool reset = false);

  Server& server_;
  tcp::socket socket_;
  net::steady_timer deadline_;
  boost::beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::optional<http::response<http::string_body>> response_;
  std::optional<http::response_serializer<http::string_body>> serializer_;
  const std::string peer_;  // the socket's other end
  // The key of the peer, or of the client a trusted proxy names
  // (client_key: an IPv6 client is its /64).
  std::string client_;
  std::optional<RequestTarget> target_;  // the request being read's
  bool over_tls_ = false;                // it came over TLS (a trusted proxy says so)
  bool closed_ = false;
  std::size_t drained_ = 0;

  // As an event stream:
  struct Pending {
    std::shared_ptr<const std::string> bytes;
    bool is_event;  // a newer view replaces it while it waits
  };
  std::optional<std::string> stream_game_;
  bool stream_started_ = false;  // the response's headers are queued
  bool stream_ending_ = false;   // the game left memory: close after the last write
  bool writing_ = false;
  std::uint64_t seen_version_ = 0;
  int seen_spectators_ = -1;
  std::deque<Pending> out_;
  Clock::time_point last_write_ = Clock::now();
  char hangup_byte_ = 0;
};

}  // namespace qi::server::loop
