// Which requests the server answers at all, decided from a few headers
// before anything else looks at them (pure functions, tested without
// sockets):
// - the Host header must name this server (a page on another site whose DNS
//   name is rebound to this machine's address sends its own name: refused),
//   once (two Host headers, or a Host that is not the host of an
//   absolute-form target, would let the guard read one name and something
//   behind it another: HTTP/1.1 says 400);
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

// A request's target as HTTP/1.1 writes it: "/path?query" (origin form), or
// "http://host:port/path?query" (absolute form, as a request to a proxy is
// written), whose path and query are `origin_form` and whose host is
// `authority` (pointing into the target). Nothing for a target that is
// neither ("*", a bare name).
struct RequestTarget {
  std::string origin_form;
  std::optional<std::string_view> authority;
  int default_port = 80;  // the scheme's, for the authority
};
std::optional<RequestTarget> split_target(std::string_view target);

// The headers the guard reads; a missing one is nullopt.
struct GuardedRequest {
  std::string_view method;  // "GET"
  std::string_view path;    // "/api/games", without the query
  std::optional<std::string_view> host;
  std::optional<std::string_view> origin;
  std::optional<std::string_view> fetch_site;  // Sec-Fetch-Site
  std::optional<std::string_view> content_type;
  int host_headers = 1;  // how many Host headers the request has
  // The request's target (its host, when it is in absolute form), if read.
  const RequestTarget* target = nullptr;
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
