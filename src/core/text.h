// Whitespace as every parser of move text, records and protocol lines reads
// it: the six ASCII space characters, whatever the locale says.
#pragma once

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

}  // namespace qi
