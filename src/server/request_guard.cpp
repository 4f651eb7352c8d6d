#include "server/request_guard.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "core/text.h"

namespace qi::server {
namespace {

bool is_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_';
}

bool allowed(const HostName& host, const std::vector<HostName>& list) {
  return std::any_of(list.begin(), list.end(), [&](const HostName& a) {
    return a.name == host.name && (a.port == 0 || a.port == host.port);
  });
}

// "http://host:port" → the host and its port (80 or 443 by default).
std::optional<HostName> origin_host(std::string_view origin) {
  origin = trim_http_whitespace(origin);
  int default_port = 0;
  if (origin.substr(0, 7) == "http://") {
    default_port = 80;
    origin.remove_prefix(7);
  } else if (origin.substr(0, 8) == "https://") {
    default_port = 443;
    origin.remove_prefix(8);
  } else {
    return std::nullopt;  // "null" (a sandboxed frame, a file) or another scheme
  }
  return parse_host(origin, default_port);
}

}  // namespace

std::optional<HostName> parse_host(std::string_view text, int default_port) {
  text = trim_http_whitespace(text);
  std::string_view name, port;
  if (!text.empty() && text.front() == '[') {
    std::size_t close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    name = text.substr(0, close + 1);
    std::string_view inside = text.substr(1, close - 1);
    if (inside.empty() || !std::all_of(inside.begin(), inside.end(), [](char c) {
          return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.';
        }))
      return std::nullopt;
    std::string_view rest = text.substr(close + 1);
    if (!rest.empty()) {
      if (rest.front() != ':') return std::nullopt;
      port = rest.substr(1);
    }
  } else {
    std::size_t colon = text.find(':');
    name = text.substr(0, colon);
    if (colon != std::string_view::npos) port = text.substr(colon + 1);
    if (name.empty() || !std::all_of(name.begin(), name.end(), is_name_char)) return std::nullopt;
  }
  int number = default_port;
  if (!port.empty() || text.find(':', name.size()) != std::string_view::npos) {
    auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), number);
    if (ec != std::errc() || end != port.data() + port.size() || number < 1 || number > 65535)
      return std::nullopt;
  }
  return HostName{ascii_lower(name), number};
}

std::optional<std::vector<HostName>> allowed_hosts(const std::string& listen_host, int port,
                                                   const std::vector<std::string>& extra) {
  std::vector<HostName> hosts = {{"127.0.0.1", port}, {"localhost", port}, {"[::1]", port}};
  if (listen_host != "0.0.0.0" && listen_host != "::" && !listen_host.empty()) {
    const bool v6 = listen_host.find(':') != std::string::npos && listen_host.front() != '[';
    if (auto h = parse_host(v6 ? "[" + listen_host + "]" : listen_host, port)) hosts.push_back(*h);
  }
  for (const std::string& e : extra) {
    auto h = parse_host(e, 0);
    if (!h) return std::nullopt;
    hosts.push_back(*h);
  }
  return hosts;
}

std::optional<RequestTarget> split_target(std::string_view target) {
  if (!target.empty() && target.front() == '/') return RequestTarget{std::string(target), std::nullopt};
  int port = 0;
  std::size_t scheme = 0;
  if (ascii_lower(target.substr(0, 7)) == "http://") {
    port = 80;
    scheme = 7;
  } else if (ascii_lower(target.substr(0, 8)) == "https://") {
    port = 443;
    scheme = 8;
  } else {
    return std::nullopt;
  }
  std::string_view rest = target.substr(scheme);
  const std::size_t end = rest.find_first_of("/?");
  const std::string_view after = end == std::string_view::npos ? std::string_view() : rest.substr(end);
  // "http://host" and "http://host?q" have the path "/" (RFC 9112, 3.2.1).
  return RequestTarget{after.empty() || after.front() == '?' ? "/" + std::string(after) : std::string(after),
                       rest.substr(0, end), port};
}

bool is_api_path(std::string_view path) { return path == "/api" || path.substr(0, 5) == "/api/"; }

std::optional<Refusal> guard_request(const GuardedRequest& r, const std::vector<HostName>& list) {
  if (!r.host || r.host_headers == 0)
    return Refusal{400, "no_host", "a request must name the server in a Host header"};
  if (r.host_headers > 1)
    return Refusal{400, "two_hosts", "a request names the server in one Host header, not several"};
  // A missing port is the scheme's default; the server speaks plain HTTP.
  auto host = parse_host(*r.host, 80);
  if (host && r.target && r.target->authority) {
    // Both with the target's scheme's port when they name none.
    auto named = parse_host(*r.target->authority, r.target->default_port);
    if (!named || !(*named == *parse_host(*r.host, r.target->default_port)))
      return Refusal{400, "host_mismatch", "the request's target names another host than its Host header"};
  }
  if (!host || !allowed(*host, list))
    return Refusal{421, "unknown_host",
                   "this server does not answer to that host name (qi serve --allowed-host NAME allows one)"};
  const bool reads_only = r.method == "GET" || r.method == "HEAD";
  bool foreign = r.fetch_site && ascii_lower(trim_http_whitespace(*r.fetch_site)) == "cross-site";
  if (r.origin) {
    auto from = origin_host(*r.origin);
    if (!from || !allowed(*from, list)) foreign = true;
  }
  if (foreign && (!reads_only || is_api_path(r.path)))
    return Refusal{403, "cross_origin", "a page of another site may not use this server's API"};
  if (r.method == "POST" && is_api_path(r.path)) {
    std::string_view type = r.content_type.value_or("");
    type = trim_http_whitespace(type.substr(0, type.find(';')));
    if (ascii_lower(type) != "application/json")
      return Refusal{415, "not_json", "a request to the API must be sent as Content-Type: application/json"};
  }
  return std::nullopt;
}

}  // namespace qi::server
