#include "support/http_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "core/text.h"

namespace qi::server {
namespace {}  // namespace

HttpClient::HttpClient(std::string host, int port) : host_(std::move(host)), port_(port) {}

HttpClient::~HttpClient() { disconnect(); }

void HttpClient::disconnect() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  pending_.clear();
}

Expected<int> open_tcp(const std::string& host, int port, const std::string& source, int timeout_ms) {
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(static_cast<std::uint16_t>(port));
  const std::string address = host == "localhost" ? "127.0.0.1" : host;
  if (::inet_pton(AF_INET, address.c_str(), &to.sin_addr) != 1)
    return make_error("not an IPv4 address: " + host);
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return make_error(std::string("socket: ") + std::strerror(errno));
  timeval tv{timeout_ms / 1000, (timeout_ms % 1000) * 1000};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (!source.empty()) {
    sockaddr_in from{};
    from.sin_family = AF_INET;
    if (::inet_pton(AF_INET, source.c_str(), &from.sin_addr) != 1 ||
        ::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0) {
      ::close(fd);
      return make_error("cannot connect from " + source);
    }
  }
  if (::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
    std::string why = std::strerror(errno);
    ::close(fd);
    return make_error("connect: " + why);
  }
  return fd;
}

Status HttpClient::connect() {
  disconnect();
  auto fd = open_tcp(host_, port_, source_, timeout_ms_);
  if (!fd) return fd.error();
  fd_ = *fd;
  return Ok{};
}

Expected<HttpReply> HttpClient::get(const std::string& path) { return send("GET", path, "", ""); }

Expected<HttpReply> HttpClient::post(const std::string& path, const std::string& body,
                                     const std::string& content_type) {
  return send("POST", path, body, content_type);
}

Expected<HttpReply> HttpClient::send(const std::string& method, const std::string& path,
                                     const std::string& body, const std::string& content_type,
                                     const std::vector<std::pair<std::string, std::string>>& headers) {
  std::string request =
      method + " " + path + " HTTP/1.1\r\nHost: " + host_ + ":" + std::to_string(port_) + "\r\n";
  if (!content_type.empty()) request += "Content-Type: " + content_type + "\r\n";
  if (!body.empty() || method == "POST") request += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  for (const auto& [name, value] : headers) request += name + ": " + value + "\r\n";
  request += "\r\n" + body;
  // A kept-alive connection the server has closed meanwhile fails before
  // any answer arrives: once more on a new one.
  const bool reused = connected();
  const bool head = method == "HEAD";
  Expected<HttpReply> reply = exchange(request, head);
  if (!reply && reused && reply.error().code == "stale") reply = exchange(request, head);
  return reply;
}

Expected<HttpReply> HttpClient::exchange(const std::string& request, bool head) {
  const bool reused = connected();
  if (!connected())
    if (Status st = connect(); !st) return st.error();
  auto fail = [this, reused](const std::string& what, bool nothing_received) -> Error {
    disconnect();
    return make_error(reused && nothing_received ? "stale" : "", what);
  };
  for (std::size_t sent = 0; sent < request.size();) {
    ssize_t n = ::send(fd_, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return fail(std::string("send: ") + std::strerror(errno), true);
    sent += static_cast<std::size_t>(n);
  }
  std::string& in = pending_;
  bool eof = false;
  auto receive = [&]() -> bool {
    char chunk[16384];
    ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n == 0) eof = true;
    if (n <= 0) return false;
    in.append(chunk, static_cast<std::size_t>(n));
    return true;
  };
  std::size_t end;
  while ((end = in.find("\r\n\r\n")) == std::string::npos)
    if (!receive())
      return fail(eof ? "the server closed the connection" : std::string("recv: ") + std::strerror(errno),
                  in.empty());
  HttpReply reply;
  const std::string header = in.substr(0, end);
  in.erase(0, end + 4);
  std::size_t line_end = header.find("\r\n");
  const std::string status_line = header.substr(0, line_end);
  if (status_line.compare(0, 5, "HTTP/") != 0 || status_line.size() < 12)
    return fail("not an HTTP answer: " + status_line, false);
  reply.status = std::atoi(status_line.c_str() + 9);
  while (line_end != std::string::npos) {
    std::size_t start = line_end + 2;
    line_end = header.find("\r\n", start);
    std::string line =
        header.substr(start, line_end == std::string::npos ? std::string::npos : line_end - start);
    std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::size_t value = line.find_first_not_of(' ', colon + 1);
    reply.headers[ascii_lower(line.substr(0, colon))] = value == std::string::npos ? "" : line.substr(value);
  }
  const bool closes = ascii_lower(reply.headers["connection"]) == "close";
  if (head) {
    if (closes) disconnect();
    return reply;
  }
  if (auto it = reply.headers.find("content-length"); it != reply.headers.end()) {
    char* parsed = nullptr;
    const std::size_t length = std::strtoull(it->second.c_str(), &parsed, 10);
    if (parsed == it->second.c_str()) return fail("a bad Content-Length", false);
    while (in.size() < length)
      if (!receive()) return fail("the answer was cut short", false);
    reply.body = in.substr(0, length);
    in.erase(0, length);
  } else {
    while (receive()) {
    }
    reply.body = std::move(in);
    in.clear();
    disconnect();
    return reply;
  }
  if (closes) disconnect();
  return reply;
}

}  // namespace qi::server
