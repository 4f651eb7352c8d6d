#include "server/client_address.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>
#include <cstring>

#include "core/text.h"

namespace qi::server {
namespace {

std::vector<std::string_view> split(std::string_view s, char by) {
  std::vector<std::string_view> out;
  while (true) {
    std::size_t at = s.find(by);
    out.push_back(trim_http_whitespace(s.substr(0, at)));
    if (at == std::string_view::npos) return out;
    s.remove_prefix(at + 1);
  }
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// A header's values have a bound of their own (the header limit); a chain
// longer than this is cut to its newest entries, which are the ones read.
constexpr std::size_t kMaxChain = 64;

}  // namespace

std::optional<std::string> canonical_address(std::string_view text) {
  text = trim_http_whitespace(text);
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"') text = text.substr(1, text.size() - 2);
  if (!text.empty() && text.front() == '[') {  // "[v6]" or "[v6]:port"
    std::size_t close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    text = text.substr(1, close - 1);
  } else if (std::count(text.begin(), text.end(), ':') == 1) {  // "v4:port"
    text = text.substr(0, text.find(':'));
  }
  if (text.empty() || text.size() > 45) return std::nullopt;
  const std::string s(text);
  char out[INET6_ADDRSTRLEN] = {};
  in_addr v4{};
  if (::inet_pton(AF_INET, s.c_str(), &v4) == 1) {
    ::inet_ntop(AF_INET, &v4, out, sizeof out);
    return std::string(out);
  }
  in6_addr v6{};
  if (::inet_pton(AF_INET6, s.c_str(), &v6) != 1) return std::nullopt;
  if (IN6_IS_ADDR_V4MAPPED(&v6)) {
    std::memcpy(&v4, &v6.s6_addr[12], 4);
    ::inet_ntop(AF_INET, &v4, out, sizeof out);
  } else {
    ::inet_ntop(AF_INET6, &v6, out, sizeof out);
  }
  return std::string(out);
}

std::vector<std::string> forwarded_chain(std::optional<std::string_view> x_forwarded_for,
                                         std::optional<std::string_view> forwarded) {
  std::vector<std::string> chain;
  if (x_forwarded_for) {
    for (std::string_view entry : split(*x_forwarded_for, ','))
      if (!entry.empty()) chain.emplace_back(entry);
  } else if (forwarded) {
    // Forwarded: for=192.0.2.60;proto=http;by=203.0.113.43, for="[2001:db8::1]"
    for (std::string_view element : split(*forwarded, ','))
      for (std::string_view pair : split(element, ';')) {
        std::size_t eq = pair.find('=');
        if (eq == std::string_view::npos || !iequals(trim_http_whitespace(pair.substr(0, eq)), "for"))
          continue;
        std::string_view value = trim_http_whitespace(pair.substr(eq + 1));
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
          value = value.substr(1, value.size() - 2);
        if (!value.empty()) chain.emplace_back(value);
      }
  }
  if (chain.size() > kMaxChain) chain.erase(chain.begin(), chain.end() - kMaxChain);
  for (std::string& entry : chain)
    if (auto a = canonical_address(entry)) entry = *a;
  return chain;
}

std::string client_address(const std::string& peer, const std::vector<std::string>& chain,
                           const std::vector<std::string>& trusted) {
  auto is_trusted = [&trusted](const std::string& a) {
    return std::find(trusted.begin(), trusted.end(), a) != trusted.end();
  };
  if (!is_trusted(peer)) return peer;
  std::string client = peer;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    if (!canonical_address(*it)) return client;  // not an address: the last trusted hop is all we know
    client = *it;
    if (!is_trusted(*it)) return client;
  }
  return client;
}

std::string client_key(std::string_view address) {
  auto canonical = canonical_address(address);
  if (!canonical) return std::string(address);
  in6_addr v6{};
  if (::inet_pton(AF_INET6, canonical->c_str(), &v6) != 1) return *canonical;  // IPv4
  std::memset(&v6.s6_addr[8], 0, 8);
  char out[INET6_ADDRSTRLEN] = {};
  ::inet_ntop(AF_INET6, &v6, out, sizeof out);
  return std::string(out) + "/64";
}

bool forwarded_over_tls(const std::string& peer, const std::vector<std::string>& trusted,
                        std::optional<std::string_view> x_forwarded_proto,
                        std::optional<std::string_view> forwarded) {
  if (std::find(trusted.begin(), trusted.end(), peer) == trusted.end()) return false;
  std::string_view proto;
  if (x_forwarded_proto) {
    // "https, http": each proxy adds its own; ours, the nearest, is last.
    proto = split(*x_forwarded_proto, ',').back();
  } else if (forwarded) {
    for (std::string_view element : split(*forwarded, ','))
      for (std::string_view pair : split(element, ';')) {
        std::size_t eq = pair.find('=');
        if (eq != std::string_view::npos && iequals(trim_http_whitespace(pair.substr(0, eq)), "proto"))
          proto = trim_http_whitespace(pair.substr(eq + 1));
      }
  }
  if (proto.size() >= 2 && proto.front() == '"' && proto.back() == '"')
    proto = proto.substr(1, proto.size() - 2);
  return iequals(proto, "https");
}

bool is_loopback_address(std::string_view address) {
  auto a = canonical_address(address);
  if (!a) return false;
  if (*a == "::1") return true;
  in_addr v4{};
  return ::inet_pton(AF_INET, a->c_str(), &v4) == 1 && (ntohl(v4.s_addr) >> 24) == 127;
}

bool forwarded_from_network(const std::vector<std::string>& chain) {
  return std::any_of(chain.begin(), chain.end(),
                     [](const std::string& a) { return !is_loopback_address(a); });
}

}  // namespace qi::server
