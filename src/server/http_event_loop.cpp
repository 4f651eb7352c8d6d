#include "server/http_event_loop.h"

#include <sys/resource.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <chrono>
#include <deque>
#include <limits>
#include <memory>
#include <optional>
#include <unordered_map>

#include "core/text.h"
#include "server/client_address.h"
#include "server/live_socket.h"
#include "server/loop_server.h"
#include "server/static_files.h"

namespace qi::server::loop {

namespace http = boost::beast::http;
using boost::system::error_code;

// The JSON text of a body; error_handler_t::replace: a byte that is not
// UTF-8 becomes U+FFFD instead of an exception.
std::optional<std::string> dump_json(const nlohmann::json& body) {
  try {
    return body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  } catch (...) {
    return std::nullopt;
  }
}

Answer json_answer(int status, const nlohmann::json& body) {
  Answer a;
  a.content_type = "application/json; charset=utf-8";
  if (auto text = dump_json(body)) {
    a.status = status;
    a.body = std::move(*text);
  } else {
    a.status = 500;
    a.body = R"({"error":"the answer could not be written","code":"internal"})";
  }
  return a;
}

Answer error_answer(int status, const std::string& code, const std::string& message) {
  return json_answer(status, {{"error", message}, {"code", code}});
}

namespace {

// Beyond the descriptors of the connections: the database, the listening
// socket, the engine's threads' pipes, log files.
constexpr rlim_t kReservedDescriptors = 128;
// How long a refused client is given to read its answer before the
// connection is closed, and how much of what it still sends is read meanwhile
// (closing with unread data would reset the connection and lose the answer).
constexpr int kHttpLingerMs = 1000;
constexpr std::size_t kLingerBytes = 256 * 1024;
constexpr auto kStopCheck = std::chrono::milliseconds(100);
constexpr auto kSweep = std::chrono::seconds(1);
// An accept that failed for want of descriptors is tried again after this.
constexpr auto kAcceptPause = std::chrono::milliseconds(100);

// A header's name and value may not end the header early (no CR, LF, NUL)
// nor be empty.
bool header_is_safe(const std::string& name, const std::string& value) {
  if (name.empty()) return false;
  for (char c : name)
    if (c <= ' ' || c == ':' || c == 0x7f) return false;
  return value.find_first_of(std::string_view("\r\n\0", 3)) == std::string::npos;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string percent_decode(std::string_view s, bool plus_is_space) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
      i += 2;
    } else if (plus_is_space && s[i] == '+') {
      out += ' ';
    } else {
      out += s[i];
    }
  }
  return out;
}

std::map<std::string, std::string> parse_query(std::string_view query) {
  std::map<std::string, std::string> out;
  while (!query.empty()) {
    std::size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    std::size_t eq = pair.find('=');
    std::string key = percent_decode(pair.substr(0, eq), true);
    out[key] = eq == std::string_view::npos ? std::string() : percent_decode(pair.substr(eq + 1), true);
  }
  return out;
}

std::string to_std(boost::beast::string_view s) { return std::string(s.data(), s.size()); }

// "/api/games/<id>/events" → the id (hex digits, as game ids are).
std::optional<std::string> event_stream_game(const std::string& path) {
  static constexpr std::string_view kPrefix = "/api/games/", kSuffix = "/events";
  if (path.size() <= kPrefix.size() + kSuffix.size() || path.compare(0, kPrefix.size(), kPrefix) != 0 ||
      path.compare(path.size() - kSuffix.size(), kSuffix.size(), kSuffix) != 0)
    return std::nullopt;
  std::string id = path.substr(kPrefix.size(), path.size() - kPrefix.size() - kSuffix.size());
  if (id.size() > 32) return std::nullopt;
  for (char c : id)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return std::nullopt;
  return id;
}

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

// ---- Connection

Connection::Connection(Server& server, tcp::socket socket, std::string peer)
    : server_(server),
      socket_(std::move(socket)),
      deadline_(socket_.get_executor()),
      peer_(std::move(peer)),
      client_(client_key(peer_)) {
  ++server_.counters().connections;
  ++server_.client(client_).connections;
}

Connection::~Connection() {
  --server_.counters().connections;
  Server::ClientCount& count = server_.client(client_);
  --count.connections;
  if (stream_game_) {
    --server_.counters().streams;
    --count.streams;
  }
  server_.forget_client_if_idle(client_);
}

void Connection::arm(int ms, std::optional<Refused> why) {
  deadline_.expires_after(std::chrono::milliseconds(ms));
  deadline_.async_wait([weak = weak_from_this(), why](error_code ec) {
    auto self = weak.lock();
    // A wait that had fired before it was re-armed still arrives without an
    // error: only a deadline that has really passed closes.
    if (ec || !self || self->deadline_.expiry() > Clock::now()) return;
    if (why && !self->closed_) self->server_.counters().refuse(*why);
    self->close(why == Refused::StalledReader);
  });
}

void Connection::close(bool reset) {
  if (closed_) return;
  closed_ = true;
  error_code ignored;
  if (reset) {
    socket_.set_option(net::socket_base::linger(true, 0), ignored);
  } else {
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
  }
  socket_.close(ignored);
  deadline_.cancel();
  if (stream_game_) server_.unwatch(*stream_game_, this);
}

void Connection::start() {
  arm(server_.limits().request_timeout_ms, Refused::SlowRequest);
  read_header();
}

void Connection::refuse(Answer answer) {
  answer.close = true;
  write(std::move(answer));
}

void Connection::wait_for_request() {
  if (buffer_.size() > 0) {  // the next request is already here (pipelined)
    arm(server_.limits().request_timeout_ms, Refused::SlowRequest);
    return read_header();
  }
  // An idle connection holds no buffer: it waits for the socket to be
  // readable, then for the request within the request timeout.
  buffer_.shrink_to_fit();
  arm(server_.limits().idle_timeout_ms, std::nullopt);
  socket_.async_wait(tcp::socket::wait_read, [self = shared_from_this()](error_code ec) {
    if (ec || self->closed_) return self->close();
    self->arm(self->server_.limits().request_timeout_ms, Refused::SlowRequest);
    self->read_header();
  });
}

void Connection::read_header() {
  parser_.emplace();
  parser_->header_limit(static_cast<std::uint32_t>(server_.limits().max_header_bytes));
  // The body's bound is set once the guard has seen the headers: a refusal
  // for what the request is comes before one for its size.
  // (Not boost::none: Beast 1.74 compares a length with it and finds every
  // length over it.)
  parser_->body_limit(std::numeric_limits<std::uint64_t>::max());
  http::async_read_header(socket_, buffer_, *parser_,
                          [self = shared_from_this()](error_code ec, std::size_t) { self->on_header(ec); });
}

void Connection::on_header(error_code ec) {
  if (closed_) return;
  if (ec == http::error::header_limit) {
    server_.counters().refuse(Refused::HeaderTooLarge);
    return refuse(error_answer(431, "header_too_large",
                               "the request's headers are larger than " +
                                   std::to_string(server_.limits().max_header_bytes / 1024) + " KiB"));
  }
  if (ec && ec.category() == http::make_error_code(http::error::bad_target).category() &&
      ec != http::error::end_of_stream && ec != http::error::partial_message) {
    server_.counters().refuse(Refused::BadRequest);
    return refuse(error_answer(400, "bad_request", "that is not an HTTP request"));
  }
  if (ec) return close();

  const auto& req = parser_->get();
  target_ = split_target(std::string_view(req.target().data(), req.target().size()));
  if (!target_) {
    server_.counters().refuse(Refused::BadRequest);
    return refuse(error_answer(400, "bad_request", "the request's target is not a path"));
  }
  const std::string path =
      percent_decode(target_->origin_form.substr(0, target_->origin_form.find('?')), false);
  auto field = [&req](http::field f) -> std::optional<std::string_view> {
    auto it = req.find(f);
    if (it == req.end()) return std::nullopt;
    return std::string_view(it->value().data(), it->value().size());
  };
  const std::string method = to_std(req.method_string());
  GuardedRequest guarded{.method = method,
                         .path = path,
                         .host = field(http::field::host),
                         .origin = field(http::field::origin),
                         .content_type = field(http::field::content_type),
                         .host_headers = static_cast<int>(req.count(http::field::host)),
                         .target = &*target_};
  if (auto it = req.find("sec-fetch-site"); it != req.end())
    guarded.fetch_site = std::string_view(it->value().data(), it->value().size());
  if (auto refusal = guard_request(guarded, server_.setup().allowed_hosts)) {
    server_.counters().refuse(refusal->status == 403   ? Refused::CrossOrigin
                              : refusal->status == 415 ? Refused::NotJson
                              : refusal->code == "two_hosts" || refusal->code == "host_mismatch"
                                  ? Refused::BadRequest
                                  : Refused::UnknownHost);
    return refuse(error_answer(refusal->status, refusal->code, refusal->message));
  }
  if (!attribute_to_forwarded(req)) return;
  // Refused from its announced length, before a byte of it is read.
  if (auto length = parser_->content_length(); length && *length > server_.limits().max_body_bytes) {
    server_.counters().refuse(Refused::BodyTooLarge);
    return refuse(error_answer(413, "body_too_large",
                               "the request's body is larger than " +
                                   std::to_string(server_.limits().max_body_bytes / 1024) + " KiB"));
  }
  if (parser_->is_done()) return dispatch();
  parser_->body_limit(server_.limits().max_body_bytes);
  if (auto expect = field(http::field::expect);
      expect &&
      boost::beast::iequals(boost::beast::string_view(expect->data(), expect->size()), "100-continue")) {
    static const std::string kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
    return net::async_write(socket_, net::buffer(kContinue),
                            [self = shared_from_this()](error_code e, std::size_t) {
                              if (e) return self->close();
                              self->read_body();
                            });
  }
  read_body();
}

// Every value of a header, in order, joined as one (a proxy may add its own
// X-Forwarded-For line after the client's).
std::optional<std::string> joined_field(const http::request_header<>& req, boost::beast::string_view name) {
  std::optional<std::string> joined;
  for (auto range = req.equal_range(name); range.first != range.second; ++range.first) {
    std::string value = to_std(range.first->value());
    joined = joined ? *joined + ", " + value : value;
  }
  return joined;
}

bool Connection::attribute_to_forwarded(const http::request_header<>& req) {
  const auto xff = joined_field(req, "x-forwarded-for");
  const auto fwd = joined_field(req, "forwarded");
  over_tls_ =
      server_.setup().secure_cookies ||
      forwarded_over_tls(peer_, server_.setup().trusted_proxies, joined_field(req, "x-forwarded-proto"), fwd);
  if (!xff && !fwd) return attribute_to(client_key(peer_));
  const std::vector<std::string> chain = forwarded_chain(xff, fwd);
  // A server without accounts is for this machine alone: a proxy in front
  // of it that forwards from the network would make it everyone's.
  if (!server_.setup().accounts && forwarded_from_network(chain)) {
    server_.counters().refuse(Refused::ProxiedFromNetwork);
    refuse(error_answer(403, "proxied_from_network",
                        "this server keeps no accounts and answers this machine only; a proxy forwarded "
                        "this request from the network (start qi serve with --accounts)"));
    return false;
  }
  return attribute_to(client_key(client_address(peer_, chain, server_.setup().trusted_proxies)));
}

bool Connection::attribute_to(const std::string& client) {
  if (client == client_) return true;
  Server::ClientCount& old = server_.client(client_);
  --old.connections;
  server_.forget_client_if_idle(client_);
  client_ = client;
  Server::ClientCount& now = server_.client(client_);
  ++now.connections;
  if (now.connections <= server_.limits().max_connections_per_client) return true;
  server_.counters().refuse(Refused::TooManyFromClient);
  Answer a = error_answer(429, "too_many_from_client",
                          "this address has " + std::to_string(server_.limits().max_connections_per_client) +
                              " connections open already");
  a.headers.emplace_back("Retry-After", "5");
  refuse(std::move(a));
  return false;
}

void Connection::read_body() {
  http::async_read(socket_, buffer_, *parser_,
                   [self = shared_from_this()](error_code ec, std::size_t) { self->on_body(ec); });
}

void Connection::on_body(error_code ec) {
  if (closed_) return;
  if (ec == http::error::body_limit) {  // a chunked body that did not say its length
    server_.counters().refuse(Refused::BodyTooLarge);
    return refuse(error_answer(413, "body_too_large", "the request's body is too large"));
  }
  if (ec) return close();
  dispatch();
}

void Connection::dispatch() {
  http::request<http::string_body> req = parser_->release();
  parser_.reset();
  const bool keep_alive = req.keep_alive();
  const std::string target = target_ ? target_->origin_form : to_std(req.target());
  const std::size_t question = target.find('?');
  const std::string path = percent_decode(std::string_view(target).substr(0, question), false);
  const std::string method = to_std(req.method_string());
  const bool reads = method == "GET" || method == "HEAD";

  if (method == "GET") {
    if (auto game = event_stream_game(path)) {
      std::string token;
      if (question != std::string::npos) {
        auto query = parse_query(std::string_view(target).substr(question + 1));
        if (auto it = query.find("token"); it != query.end()) token = it->second;
      }
      return start_stream(*game, token);
    }
    if (path == kLivePath) return start_live(std::move(req));
  }
  if (is_api_path(path)) {
    if (!reads && method != "POST") {
      Answer a = error_answer(405, "method_not_allowed", "the API takes GET and POST");
      a.headers.emplace_back("Allow", "GET, HEAD, POST");
      a.close = !keep_alive;
      return write(std::move(a));
    }
    ApiRequest r;
    r.method = method == "HEAD" ? "GET" : method;
    r.path = path;
    if (question != std::string::npos) r.query = parse_query(std::string_view(target).substr(question + 1));
    r.body = std::move(req.body());
    r.client = client_;
    r.secure = over_tls_;
    for (const auto& f : req) {
      const std::string name = ascii_lower(to_std(f.name_string()));
      std::string value = to_std(f.value());
      auto [it, inserted] = r.headers.emplace(name, value);
      if (!inserted) it->second += (name == "cookie" ? "; " : ", ") + value;
    }
    // HEAD: the same answer as a GET, without its body.
    return answer_api(std::move(r), keep_alive, method == "HEAD");
  }
  Answer a = reads ? answer_static(path) : error_answer(405, "method_not_allowed", "only the API takes POST");
  a.close = a.close || !keep_alive;
  write(std::move(a), method == "HEAD");
}

void Connection::answer_api(ApiRequest request, bool keep_alive, bool head) {
  deadline_.cancel();  // the API may take its time (an engine's hint); the client waits
  auto self = shared_from_this();
  const bool queued = server_.pool().try_submit([self, request = std::move(request), keep_alive, head]() {
    Answer a = self->server_.call_api(request);
    a.close = !keep_alive;
    net::post(self->socket_.get_executor(),
              [self, a = std::move(a), head]() mutable { self->write(std::move(a), head); });
  });
  if (queued) return;
  server_.counters().refuse(Refused::Busy);
  Answer a = error_answer(503, "busy", "the server is busy: try again in a moment");
  a.headers.emplace_back("Retry-After", "1");
  a.close = !keep_alive;
  write(std::move(a), head);
}

Answer Connection::answer_static(const std::string& path) {
  Answer a;
  auto file = resolve_static_path(server_.setup().web_root, path);
  std::optional<std::string> data;
  if (file) data = read_whole_file(*file);
  if (!data) {
    a.status = 404;
    a.content_type = "text/plain; charset=utf-8";
    a.body = (file ? std::string("not found") : file.error().message) + "\n";
    return a;
  }
  a.content_type = content_type_of(*file);
  a.body = std::move(*data);
  a.headers.emplace_back("Cache-Control", cache_control_for(path));
  return a;
}

void Connection::write(Answer answer, bool head) {
  if (closed_) return;
  auto& res = response_.emplace();
  res.version(11);
  if (answer.status < 100 || answer.status > 599) answer = error_answer(500, "internal", "internal error");
  res.result(static_cast<unsigned>(answer.status));
  res.set(http::field::content_type, answer.content_type);
  res.set("X-Content-Type-Options", "nosniff");
  res.set("Referrer-Policy", "no-referrer");
  for (const auto& [name, value] : answer.headers)
    if (header_is_safe(name, value)) res.insert(name, value);
  res.keep_alive(!answer.close);
  const std::size_t length = answer.text().size();
  if (!head) res.body() = answer.view.text ? *answer.view.text : std::move(answer.body);
  res.prepare_payload();
  if (head) res.content_length(length);
  serializer_.emplace(res);
  write_response(answer.close);
}

void Connection::write_response(bool close_after) {
  arm(server_.limits().write_timeout_ms, Refused::StalledReader);
  http::async_write_some(socket_, *serializer_,
                         [self = shared_from_this(), close_after](error_code ec, std::size_t) {
                           if (!ec && !self->closed_ && !self->serializer_->is_done())
                             return self->write_response(close_after);
                           self->after_write(ec, close_after);
                         });
}

void Connection::after_write(error_code ec, bool close_after) {
  serializer_.reset();
  response_.reset();
  if (ec || closed_) return close();
  if (close_after) return linger();
  wait_for_request();
}

void Connection::linger() {
  error_code ignored;
  socket_.shutdown(tcp::socket::shutdown_send, ignored);
  arm(kHttpLingerMs, std::nullopt);
  // A stream's hang-up watch is reading already and closes at the client's end.
  if (!stream_started_) drain();
}

void Connection::drain() {
  // What a refused client still sends is read and dropped, into one buffer
  // for all: the loop has one thread.
  static char sink[16 * 1024];
  socket_.async_read_some(net::buffer(sink), [self = shared_from_this()](error_code ec, std::size_t n) {
    self->drained_ += n;
    if (ec || self->closed_ || self->drained_ > kLingerBytes) return self->close();
    self->drain();
  });
}

// ---- Event streams

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

}  // namespace

// ---- Server

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

bool Server::check_seat(const std::string& game, const std::string& token, std::function<void(bool)> then) {
  return pool_.try_submit([this, game, token, then = std::move(then)]() mutable {
    bool seat = false;
    try {
      auto access = manager_.check_token(game, token);
      seat = access && *access == app::SessionManager::Access::Ok;
    } catch (...) {
    }
    net::post(io_, [seat, then = std::move(then)] { then(seat); });
  });
}

void Server::watch(const std::string& game, std::shared_ptr<Watcher> watcher, bool seat) {
  Watch& w = watches_[game];
  w.entries.push_back({std::move(watcher), seat});
  if (!seat) spectators_.add_local(game, +1);
  // The new watcher's first view: the one being built, if one is (every
  // watcher is sent the next view built), else the last one built (sent to
  // all: the count of spectators may have changed), else a new one.
  if (w.rendering) return;
  if (!w.last || w.dirty) return render(game, w);
  if (!seat) return spread(game, w);
  const Rendered view = *w.last;
  w.entries.back().watcher->deliver(game, delivery_of(game, view));
}

void Server::unwatch(const std::string& game, const Watcher* watcher) {
  // The watch itself stays (it may be being iterated); the sweep removes it.
  auto it = watches_.find(game);
  if (it == watches_.end()) return;
  auto& entries = it->second.entries;
  auto found = std::find_if(entries.begin(), entries.end(),
                            [watcher](const Entry& e) { return e.watcher.get() == watcher; });
  if (found == entries.end()) return;
  const bool seat = found->seat;
  entries.erase(found);
  if (seat) return;
  spectators_.add_local(game, -1);
  // Later, not now: this may be called from a delivery to the same watch.
  net::post(io_, [this, game] { spectators_changed(game); });
}

void Server::drop(std::unordered_map<std::string, Watch>::iterator it) {
  for (const Entry& e : it->second.entries)
    if (!e.seat) spectators_.add_local(it->first, -1);
  watches_.erase(it);
}

void Server::game_changed(const std::string& game) {
  auto it = watches_.find(game);
  if (it == watches_.end()) return;
  it->second.dirty = true;
  if (!it->second.rendering) render(game, it->second);
}

void Server::spectators_changed(const std::string& game) {
  auto it = watches_.find(game);
  if (it == watches_.end()) return;
  Watch& w = it->second;
  // A view being built is sent with the count when it is done.
  if (w.rendering) return;
  if (!w.last || w.dirty) return render(game, w);
  spread(game, w);
}

void Server::render(const std::string& game, Watch& w) {
  w.dirty = false;
  w.rendering = true;
  w.checked = Clock::now();
  const bool queued = pool_.try_submit([this, game] {
    Rendered view = render_now(game);
    net::post(io_, [this, game, view = std::move(view)]() mutable { rendered(game, std::move(view)); });
  });
  if (!queued) {  // the sweep tries again
    w.rendering = false;
    w.dirty = true;
  }
}

Rendered Server::render_now(const std::string& game) {
  Rendered r;
  try {
    // Version 0: the game is no longer in memory (finished long ago, removed).
    r.in_memory = manager_.wait_for_change(game, std::numeric_limits<std::uint64_t>::max(), 0) != 0;
    auto view = manager_.shared_view(game);
    if (!view) {
      if (store_failed(view.error())) r.store_failure = view.error();
      return r;
    }
    r.found = true;
    r.written = std::move(*view);
  } catch (...) {
    r.found = false;
  }
  return r;
}

void Server::rendered(const std::string& game, Rendered view) {
  auto it = watches_.find(game);
  if (it == watches_.end()) return;
  Watch& w = it->second;
  w.rendering = false;
  w.last = std::move(view);
  spread(game, w);
}

Delivery Server::delivery_of(const std::string& game, const Rendered& view) {
  Delivery delivery{view, spectators_.sum(game), nullptr, nullptr, nullptr};
  if (!view.found) return delivery;
  // "spectators":N and the view's members: the same JSON for both kinds.
  const std::string members = "\"spectators\":" + std::to_string(delivery.spectators) +
                              (view.written.text->size() > 2 ? "," : "") + view.written.text->substr(1);
  delivery.event = std::make_shared<const std::string>("data: {" + members + "\n\n");
  delivery.frame = std::make_shared<const std::string>("{\"type\":\"view\"," + members);
  if (view.written.tail)
    delivery.tail_frame = std::make_shared<const std::string>(
        "{\"type\":\"view\",\"spectators\":" + std::to_string(delivery.spectators) + "," +
        view.written.tail->substr(1));
  return delivery;
}

void Server::spread(const std::string& game, Watch& w) {
  const Rendered view = *w.last;  // a copy: a watch that ends takes its own with it
  const Delivery delivery = delivery_of(game, view);
  // A copy: a delivery that closes its watcher takes it out of the watch.
  const std::vector<Entry> live = w.entries;
  for (const Entry& e : live) e.watcher->deliver(game, delivery);
  auto it = watches_.find(game);
  if (it == watches_.end()) return;
  if (!view.found || !view.in_memory || it->second.entries.empty()) return drop(it);
  if (it->second.dirty) render(game, it->second);
}

void Server::sweep() {
  const auto now = Clock::now();
  const auto interval = std::chrono::milliseconds(limits_.stream_keepalive_ms);
  for (auto it = watches_.begin(); it != watches_.end();) {
    Watch& w = it->second;
    if (w.entries.empty() && !w.rendering) {
      it = watches_.erase(it);
      continue;
    }
    const std::vector<Entry> entries = w.entries;
    for (const Entry& e : entries) e.watcher->keep_alive(now);
    // A game that left memory without a change (finished ten minutes ago)
    // is noticed here: its streams get the final state and end.
    if (!w.rendering && (w.dirty || now - w.checked >= interval)) render(it->first, w);
    ++it;
  }
  sweep_timer_.expires_after(kSweep);
  sweep_timer_.async_wait([this](error_code ec) {
    if (!ec) sweep();
  });
}

}  // namespace qi::server::loop

namespace qi::server {

Status run_event_loop(const EventLoopSetup& setup, Api& api, app::SessionManager& manager,
                      RequestStats& stats, const std::atomic<bool>& stop,
                      const std::function<void()>& ready) {
  loop::Server server(setup, api, manager, stats, stop);
  if (Status listening = server.listen(); !listening) return listening;
  ready();
  server.run();
  // Stopping: the engine's searches end now, so that the requests running
  // (which the server's destruction waits for) and the manager's own
  // workers end within moments, whatever was being searched.
  manager.shutdown();
  return Ok{};
}

}  // namespace qi::server
