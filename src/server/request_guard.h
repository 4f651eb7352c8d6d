// Which requests the server answers at all, decided from a few headers
// before anything else looks at them (pure functions, tested without
// sockets):
// - the Host header must name this server (a page on another site whose DNS
//   name is rebound to this machine's address sends its own name: refused);
// - a request from a page of another origin (its Origin header, or
//   Sec-Fetch-Site: cross-site) may not change anything (every method but
//   GET and HEAD) nor read the API (a GET under /api);
// - a POST to the API must say it is JSON: a form or a fetch of text/plain
//   from elsewhere needs no CORS preflight, application/json does.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::server {

// A name the server answers to, lower-case, an IPv6 address in brackets
// ("[::1]"); port 0 allows every port.
struct HostName {
  std::string name;
  int port = 0;
  bool operator==(const HostName&) const = default;
};

// "name", "name:port", "[v6]" or "[v6]:port"; a missing port is
// `default_port`. Nothing when the text is not a host.
std::optional<HostName> parse_host(std::string_view text, int default_port);

// 127.0.0.1, localhost and [::1] on `port`; `listen_host` on `port` when it
// is one address (not the wildcard 0.0.0.0 or ::); each of `extra` (NAME or
// NAME:PORT, as `qi serve --allowed-host` takes it; NAME alone allows every
// port, as a proxy in front of the server may use its own). Nothing when an
// extra one is not a host name.
std::optional<std::vector<HostName>> allowed_hosts(const std::string& listen_host, int port,
                                                   const std::vector<std::string>& extra);

// The headers the guard reads; a missing one is nullopt.
struct GuardedRequest {
  std::string_view method;  // "GET"
  std::string_view path;    // "/api/games", without the query
  std::optional<std::string_view> host;
  std::optional<std::string_view> origin;
  std::optional<std::string_view> fetch_site;  // Sec-Fetch-Site
  std::optional<std::string_view> content_type;
};

struct Refusal {
  int status;
  std::string code;  // "unknown_host", "cross_origin", ...
  std::string message;
};

// Why the request is refused, or nothing when it may go on.
std::optional<Refusal> guard_request(const GuardedRequest& request, const std::vector<HostName>& allowed);

bool is_api_path(std::string_view path);

}  // namespace qi::server
