// Whitespace as every parser of move text, records and protocol lines reads
// it: the six ASCII space characters, whatever the locale says.
#pragma once

#include <string>
#include <string_view>

namespace qi {

constexpr bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

constexpr std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// Upper-case ASCII letters made lower; every other byte kept (names of
// games, header fields and schemes are ASCII by their specifications).
inline std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// A header value without the optional whitespace around it: only spaces and
// tabs, as HTTP's grammar says (RFC 9110, 5.6.3).
constexpr std::string_view trim_http_whitespace(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

}  // namespace qi
