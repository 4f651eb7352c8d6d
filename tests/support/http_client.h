// A small blocking HTTP/1.1 client over one kept-alive connection, for the
// tests and the load programs that talk to a running `qi serve`. It reads
// answers with a Content-Length (what the server sends for everything but
// event streams) or ended by the connection's close; IPv4 only.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/expected.h"

namespace qi::server {

struct HttpReply {
  int status = 0;
  std::map<std::string, std::string> headers;  // names in lower case
  std::string body;
};

// A TCP connection to `host`:`port` (IPv4, "localhost" too), from the
// address `source` when it is not empty (another loopback address is another
// client to the server), each send and receive bounded by `timeout_ms`: the
// descriptor, or why not.
Expected<int> open_tcp(const std::string& host, int port, const std::string& source = {},
                       int timeout_ms = 30'000);

class HttpClient {
 public:
  HttpClient(std::string host, int port);
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;

  // The address the connection comes from: another loopback address
  // (127.0.0.2) is another client to the server.
  void set_source_address(std::string address) { source_ = std::move(address); }
  // For connecting and for each send and receive (default 30 s).
  void set_timeout_ms(int ms) { timeout_ms_ = ms; }

  Expected<HttpReply> get(const std::string& path);
  Expected<HttpReply> post(const std::string& path, const std::string& body,
                           const std::string& content_type = "application/json");
  // Any request; `headers` are added to Host, Content-Length and the
  // Content-Type (sent when `content_type` is not empty).
  Expected<HttpReply> send(const std::string& method, const std::string& path, const std::string& body,
                           const std::string& content_type,
                           const std::vector<std::pair<std::string, std::string>>& headers = {});

  // Opens the connection now (an error when it cannot).
  Status connect();
  void disconnect();
  bool connected() const { return fd_ >= 0; }

 private:
  Expected<HttpReply> exchange(const std::string& request, bool head);

  std::string host_;
  int port_;
  std::string source_;
  int timeout_ms_ = 30'000;
  int fd_ = -1;
  std::string pending_;  // bytes received after the last answer
};

}  // namespace qi::server
