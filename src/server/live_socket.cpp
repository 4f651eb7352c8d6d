#include "server/live_socket.h"

#include <boost/asio/post.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <map>

#include "core/text.h"
#include "server/live_frame.h"

namespace qi::server::loop {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using boost::system::error_code;
using nlohmann::json;

// How often a connection looks at its stalled write and its seats' presence.
constexpr auto kTick = std::chrono::seconds(1);
constexpr int kLiveLingerMs = 1000;

std::shared_ptr<const std::string> frame_of(const json& j) {
  return std::make_shared<const std::string>(dump_json(j).value_or(R"({"type":"error","code":"internal"})"));
}

class LiveSocket : public Watcher, public std::enable_shared_from_this<LiveSocket> {
 public:
  LiveSocket(Server& server, tcp::socket socket, std::string client,
             std::map<std::string, std::string> headers)
      : server_(server),
        ws_(std::move(socket)),
        tick_(ws_.get_executor()),
        client_(std::move(client)),
        headers_(std::move(headers)) {
    ++server_.counters().connections;
    ++server_.counters().live;
    Server::ClientCount& count = server_.client(client_);
    ++count.connections;
    ++count.streams;
  }

  ~LiveSocket() override {
    --server_.counters().connections;
    --server_.counters().live;
    Server::ClientCount& count = server_.client(client_);
    --count.connections;
    --count.streams;
    server_.forget_client_if_idle(client_);
  }

  void start(http::request<http::string_body> upgrade) {
    const ServerLimits& limits = server_.limits();
    websocket::stream_base::timeout timeout{};
    timeout.handshake_timeout = std::chrono::milliseconds(limits.request_timeout_ms);
    timeout.idle_timeout = std::chrono::milliseconds(limits.live_idle_timeout_ms);
    timeout.keep_alive_pings = true;  // a quiet client is pinged at half the idle time
    ws_.set_option(timeout);
    ws_.read_message_max(limits.max_live_frame_bytes);
    ws_.text(true);
    upgrade_ = std::move(upgrade);  // kept until the handshake is done
    ws_.async_accept(upgrade_, [self = shared_from_this()](error_code ec) {
      self->upgrade_ = {};
      if (ec) return self->close();
      self->read();
      self->tick();
    });
  }

  void deliver(const std::string& game, const Delivery& delivery) override {
    auto it = watched_.find(game);
    if (closed_ || it == watched_.end()) return;
    Watched& w = it->second;
    const Rendered& view = delivery.view;
    if (view.found && (!w.sent || view.written.version > w.version || delivery.spectators != w.spectators ||
                       !view.in_memory)) {
      // The plies the page holds are not sent again.
      const bool tail = delivery.tail_frame && w.sent && w.held.line == view.written.place.line &&
                        w.held.plies == view.written.tail_from;
      send(tail ? delivery.tail_frame : delivery.frame, game, delivery.frame);
      w.sent = true;
      w.version = view.written.version;
      w.held = view.written.place;
      w.spectators = delivery.spectators;
    }
    // The watch ends with the game's last state (it left memory) or with
    // the game itself: the server has dropped it already.
    if (!view.found || !view.in_memory) {
      watched_.erase(it);
      // A store that failed is not a game that went: the page may watch again.
      send(view.store_failure ? frame_of({{"type", "error"},
                                          {"id", game},
                                          {"error", view.store_failure->message},
                                          {"code", view.store_failure->code}})
                              : frame_of({{"type", "gone"}, {"id", game}}));
    }
  }

 private:
  struct Watched {
    std::string token;  // a seat's, or empty
    bool seat = false;  // the token was checked: its presence counts
    bool registered = false;
    bool sent = false;
    std::uint64_t version = 0;
    app::ViewPlace held;  // where the last view sent stands: the page holds its plies
    int spectators = -1;
  };
  struct Out {
    std::shared_ptr<const std::string> bytes;
    std::string view_of;  // a view of this game: a newer one replaces it while it waits
  };

  void read() {
    ws_.async_read(in_, [self = shared_from_this()](error_code ec, std::size_t) { self->on_read(ec); });
  }

  void on_read(error_code ec) {
    if (closed_) return;
    // The client's close, a timeout, an oversized message or text that is
    // not UTF-8: Beast has sent its close frame (1009, 1007) and ends the
    // connection once the client has read it; it is given a moment to.
    if (ec) return close(ec != net::error::eof && ec != websocket::error::closed);
    std::string text = beast::buffers_to_string(in_.data());
    in_.consume(in_.size());
    if (!ws_.got_text())
      refuse_frame("bad_frame", "send JSON text frames");
    else
      handle(text);
    read();
  }

  void refuse_frame(const std::string& code, const std::string& message) {
    server_.counters().refuse(Refused::LiveBadFrame);
    send(frame_of({{"type", "error"}, {"error", message}, {"code", code}}));
  }

  void handle(const std::string& text) {
    auto frame = parse_live_frame(text);
    if (!frame) return refuse_frame(frame.error().code, frame.error().message);
    switch (frame->op) {
      case LiveFrame::Op::Ping:
        return send(frame_of({{"type", "pong"}}));
      case LiveFrame::Op::Watch:
        return watch(*frame);
      case LiveFrame::Op::Unwatch:
        return unwatch(*frame);
      case LiveFrame::Op::Act:
        return act(*frame);
    }
  }

  void watch(const LiveFrame& frame) {
    if (watched_.contains(frame.game))
      return refuse_frame("already_watching", "this connection follows that game already");
    if (static_cast<int>(watched_.size()) >= server_.limits().max_live_watches)
      return refuse_frame(
          "too_many_watches",
          "one connection follows at most " + std::to_string(server_.limits().max_live_watches) + " games");
    Watched w;
    if (frame.seen) w.version = *frame.seen;
    w.token = frame.token;
    const std::string token = w.token;
    watched_.emplace(frame.game, std::move(w));
    auto self = shared_from_this();
    auto begin = [self, game = frame.game](bool seat) {
      auto it = self->watched_.find(game);
      if (self->closed_ || it == self->watched_.end() || it->second.registered) return;
      it->second.seat = seat;
      it->second.registered = true;
      self->server_.watch(game, self, seat);
      if (seat) self->tell_presence(game, it->second.token);
    };
    if (token.empty() || !server_.check_seat(frame.game, token, begin)) begin(false);
  }

  void unwatch(const LiveFrame& frame) {
    auto it = watched_.find(frame.game);
    if (it == watched_.end())
      return refuse_frame("not_watching", "this connection does not follow that game");
    if (it->second.registered) server_.unwatch(frame.game, this);
    watched_.erase(it);
  }

  void act(const LiveFrame& frame) {
    const std::string& ref_text = frame.ref;
    if (in_flight_ >= server_.limits().max_live_acts)
      return reply(ref_text, error_answer(429, "busy", "wait for the replies to your earlier actions"));
    ApiRequest request;
    request.method = "POST";
    request.path = "/api/games/" + frame.game + "/" + frame.action;
    request.body = dump_json(frame.body).value_or("{}");
    request.client = client_;
    request.headers = headers_;
    request.headers["content-type"] = "application/json";
    ++in_flight_;
    auto self = shared_from_this();
    const bool queued = server_.pool().try_submit(
        [self, request = std::move(request), ref_text, game = frame.game]() mutable {
          Answer a = self->server_.call_api(request);
          // The reference goes back with the answer: the connection is only
          // ever destroyed on the loop's thread.
          auto executor = self->ws_.get_executor();
          net::post(executor, [self = std::move(self), a = std::move(a), ref_text, game = std::move(game)] {
            --self->in_flight_;
            self->answer_act(ref_text, game, a);
          });
        });
    if (queued) return;
    --in_flight_;
    server_.counters().refuse(Refused::Busy);
    reply(ref_text, error_answer(503, "busy", "the server is busy: try again in a moment"));
  }

  // `body`: instead of the answer's own (a view's tail).
  void reply(const std::string& ref_text, const Answer& a, const std::string* body = nullptr) {
    if (!body) body = &a.text();
    send(std::make_shared<const std::string>(R"({"type":"reply","ref":)" + ref_text +
                                             ",\"status\":" + std::to_string(a.status) +
                                             ",\"body\":" + (body->empty() ? "{}" : *body) + "}"));
  }

  // An action's answer. When it is a newer view of a game this connection
  // watches, it is the connection's view of that change: it is not sent
  // again as a frame, and goes as its tail when the connection holds the
  // view before it.
  void answer_act(const std::string& ref_text, const std::string& game, const Answer& a) {
    auto it = watched_.find(game);
    if (a.view.version == 0 || it == watched_.end() || !it->second.sent ||
        it->second.version >= a.view.version)
      return reply(ref_text, a);
    Watched& w = it->second;
    const app::WrittenView& view = a.view;
    const bool tail = view.tail && w.held.line == view.place.line && w.held.plies == view.tail_from;
    reply(ref_text, a, tail ? view.tail.get() : nullptr);
    w.version = view.version;
    w.held = view.place;
  }

  // A seat's connection is its page: the game counts the seat as there.
  void tell_presence(const std::string& game, const std::string& token) {
    ApiRequest request;
    request.method = "POST";
    request.path = "/api/games/" + game + "/presence";
    request.body = dump_json({{"token", token}}).value_or("{}");
    request.client = client_;
    request.headers = headers_;
    // A missed beat is harmless (the next one follows): no reply.
    auto self = shared_from_this();
    (void)server_.pool().try_submit([self, request = std::move(request)]() mutable {
      self->server_.call_api(request);
      auto executor = self->ws_.get_executor();
      net::post(executor, [self = std::move(self)] {});  // released on the loop's thread
    });
  }

  void tick() {
    if (closed_) return;
    const auto now = Clock::now();
    if (writing_ && now - write_started_ > std::chrono::milliseconds(server_.limits().write_timeout_ms)) {
      server_.counters().refuse(Refused::StalledReader);
      return close(false, true);
    }
    if (now - last_presence_ >= std::chrono::milliseconds(server_.limits().live_presence_ms)) {
      last_presence_ = now;
      for (const auto& [game, w] : watched_)
        if (w.seat) tell_presence(game, w.token);
    }
    tick_.expires_after(kTick);
    tick_.async_wait([self = shared_from_this()](error_code ec) {
      if (!ec) self->tick();
    });
  }

  // `whole`: the view as a whole when `bytes` is its tail. A view waiting
  // to be written is replaced by the newer one, whole (a tail goes on from
  // the view it would replace).
  void send(std::shared_ptr<const std::string> bytes, const std::string& view_of = {},
            std::shared_ptr<const std::string> whole = nullptr) {
    if (closed_ || !bytes) return;
    if (!view_of.empty()) {
      // Skip the one being written (out_.front() while writing).
      for (std::size_t i = writing_ ? 1 : 0; i < out_.size(); ++i)
        if (out_[i].view_of == view_of) {
          out_[i].bytes = whole ? std::move(whole) : std::move(bytes);
          return;
        }
    }
    if (out_.size() >= server_.limits().max_live_queued_frames) {
      server_.counters().refuse(Refused::StalledReader);
      return close(false, true);
    }
    out_.push_back({std::move(bytes), view_of});
    pump();
  }

  void pump() {
    if (closed_ || writing_ || out_.empty()) return;
    writing_ = true;
    write_started_ = Clock::now();
    auto bytes = out_.front().bytes;
    ws_.async_write(net::buffer(*bytes), [self = shared_from_this(), bytes](error_code ec, std::size_t) {
      self->writing_ = false;
      if (ec || self->closed_) return self->close();
      self->out_.pop_front();
      self->pump();
    });
  }

  // Ends the connection: at once, or after a moment (`linger`) in which a
  // close frame being sent can arrive; `reset`: at once, dropping what a
  // reader that stopped has not taken (closed in good order, the system
  // would hold those bytes for it for minutes).
  void close(bool linger = false, bool reset = false) {
    if (closed_) return;
    closed_ = true;
    for (const auto& [game, w] : watched_)
      if (w.registered) server_.unwatch(game, this);
    watched_.clear();
    out_.clear();
    tick_.cancel();
    if (linger) {
      tick_.expires_after(std::chrono::milliseconds(kLiveLingerMs));
      tick_.async_wait([self = shared_from_this()](error_code) { self->hang_up(); });
      return;
    }
    hang_up(reset);
  }

  void hang_up(bool reset = false) {
    error_code ignored;
    if (reset)
      beast::get_lowest_layer(ws_).set_option(net::socket_base::linger(true, 0), ignored);
    else
      beast::get_lowest_layer(ws_).shutdown(tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(ws_).close(ignored);
  }

  Server& server_;
  websocket::stream<tcp::socket> ws_;
  net::steady_timer tick_;
  const std::string client_;
  const std::map<std::string, std::string> headers_;  // the upgrade request's, for the API
  http::request<http::string_body> upgrade_;
  beast::flat_buffer in_;
  std::map<std::string, Watched> watched_;
  std::deque<Out> out_;  // the front is being written while writing_
  bool writing_ = false;
  bool closed_ = false;
  int in_flight_ = 0;
  Clock::time_point write_started_;
  Clock::time_point last_presence_ = Clock::now();
};

}  // namespace

void start_live_socket(Server& server, tcp::socket socket, const std::string& client,
                       http::request<http::string_body> upgrade) {
  std::map<std::string, std::string> headers;
  for (const auto& f : upgrade) {
    const std::string name = ascii_lower({f.name_string().data(), f.name_string().size()});
    std::string value(f.value().data(), f.value().size());
    auto [it, inserted] = headers.emplace(name, value);
    if (!inserted) it->second += (name == "cookie" ? "; " : ", ") + value;
  }
  auto live = std::make_shared<LiveSocket>(server, std::move(socket), client, std::move(headers));
  live->start(std::move(upgrade));
}

}  // namespace qi::server::loop
