#include "server/http_text.h"

namespace qi::server {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

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

bool header_is_safe(const std::string& name, const std::string& value) {
  if (name.empty()) return false;
  for (char c : name)
    if (c <= ' ' || c == ':' || c == 0x7f) return false;
  return value.find_first_of(std::string_view("\r\n\0", 3)) == std::string::npos;
}

}  // namespace qi::server
