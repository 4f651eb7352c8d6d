#include "support/live_client.h"

#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>

#include "support/http_client.h"

namespace qi::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

struct LiveClient::Impl {
  net::io_context io;
  websocket::stream<tcp::socket> ws{io};
  beast::flat_buffer in;
  int timeout_ms = 30'000;

  // Runs the operation started on `io` for at most the timeout. (Asio's
  // blocking calls wait again when a socket's own timeout expires.) An
  // operation that did not end in time ends the connection.
  beast::error_code finish(bool& done, beast::error_code& ec) {
    io.restart();
    io.run_for(std::chrono::milliseconds(timeout_ms));
    if (done) return ec;
    beast::error_code ignored;
    ws.next_layer().close(ignored);
    io.restart();
    io.run();
    return net::error::timed_out;
  }
};

LiveClient::LiveClient(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
LiveClient::~LiveClient() { close(); }

Expected<std::unique_ptr<LiveClient>> LiveClient::open(const std::string& host, int port,
                                                       const Options& options) {
  // The socket's timeouts (SO_RCVTIMEO, SO_SNDTIMEO) bound every blocking call.
  auto fd = open_tcp(host, port, options.source, options.timeout_ms);
  if (!fd) return fd.error();
  auto impl = std::make_unique<Impl>();
  impl->timeout_ms = options.timeout_ms;
  beast::error_code ec;
  impl->ws.next_layer().assign(tcp::v4(), *fd, ec);
  if (ec) {
    ::close(*fd);
    return make_error("cannot use the socket: " + ec.message());
  }
  impl->ws.set_option(
      websocket::stream_base::decorator([headers = options.headers](websocket::request_type& r) {
        for (const auto& [name, value] : headers) r.set(name, value);
      }));
  websocket::response_type response;
  const std::string host_header =
      options.host_header.empty() ? host + ":" + std::to_string(port) : options.host_header;
  impl->ws.handshake(response, host_header, "/api/live", ec);
  if (ec) {
    // (Beast 1.74 does not hand over the refusal's answer.)
    if (ec == websocket::error::upgrade_declined) return make_error("the server refused the upgrade");
    return make_error("no WebSocket: " + ec.message());
  }
  impl->ws.text(true);
  return std::unique_ptr<LiveClient>(new LiveClient(std::move(impl)));
}

Status LiveClient::send(const nlohmann::json& frame) { return send_text(frame.dump()); }

Status LiveClient::send_text(const std::string& text, bool binary) {
  beast::error_code ec;
  bool done = false;
  impl_->ws.binary(binary);
  impl_->ws.async_write(net::buffer(text), [&](beast::error_code e, std::size_t) {
    ec = e;
    done = true;
  });
  ec = impl_->finish(done, ec);
  impl_->ws.text(true);
  if (ec) return make_error("cannot send: " + ec.message());
  return Ok{};
}

Expected<nlohmann::json> LiveClient::next() {
  beast::error_code ec;
  bool done = false;
  impl_->in.consume(impl_->in.size());
  impl_->ws.async_read(impl_->in, [&](beast::error_code e, std::size_t) {
    ec = e;
    done = true;
  });
  ec = impl_->finish(done, ec);
  if (ec) return make_error("the connection ended: " + ec.message());
  auto frame = nlohmann::json::parse(beast::buffers_to_string(impl_->in.data()), nullptr, false);
  if (frame.is_discarded()) return make_error("a frame that is not JSON");
  return frame;
}

Expected<nlohmann::json> LiveClient::next_of_type(const std::string& type) {
  while (true) {
    auto frame = next();
    if (!frame || (frame->is_object() && frame->value("type", "") == type)) return frame;
  }
}

int LiveClient::close_code() const { return impl_->ws.reason().code; }

void LiveClient::close() {
  if (!impl_) return;
  beast::error_code ignored;
  impl_->ws.next_layer().shutdown(tcp::socket::shutdown_both, ignored);
  impl_->ws.next_layer().close(ignored);
}

}  // namespace qi::server
