// Text in the two languages Qi speaks, English and simplified Chinese. The
// server composes both from codes (a termination, a refusal, a hint), so a
// page only picks the one it shows and never words a rule itself.
#pragma once

#include <string>
#include <string_view>

namespace qi {

struct Words {
  std::string en;
  std::string zh;
  friend bool operator==(const Words&, const Words&) = default;
};

// Replaces every "{key}" in `text` by `value`.
inline std::string fill(std::string text, std::string_view key, std::string_view value) {
  const std::string marker = "{" + std::string(key) + "}";
  for (std::size_t at = text.find(marker); at != std::string::npos; at = text.find(marker, at + value.size()))
    text.replace(at, marker.size(), value);
  return text;
}

}  // namespace qi
