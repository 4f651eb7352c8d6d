#include "server/http_connection.h"

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <limits>

#include "core/text.h"
#include "server/client_address.h"
#include "server/http_text.h"
#include "server/live_socket.h"
#include "server/static_files.h"

namespace qi::server::loop {

namespace {

// How long a refused client is given to read its answer before the
// connection is closed, and how much of what it still sends is read meanwhile
// (closing with unread data would reset the connection and lose the answer).
constexpr int kHttpLingerMs = 1000;
constexpr std::size_t kLingerBytes = 256 * 1024;

std::string to_std(boost::beast::string_view s) { return std::string(s.data(), s.size()); }

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

}  // namespace

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

}  // namespace qi::server::loop
