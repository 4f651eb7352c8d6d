#include "protocol/command_words.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "core/text.h"
#include "core/utf8.h"

namespace qi::protocol {

std::vector<std::string> split_words(std::string_view line) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    const std::size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) words.emplace_back(line.substr(start, i - start));
  }
  return words;
}

std::optional<std::int64_t> whole_number(std::string_view text, std::int64_t lo, std::int64_t hi) {
  if (text.empty()) return std::nullopt;
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::result_out_of_range && end == text.data() + text.size())
    return text[0] == '-' ? lo : hi;
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return std::clamp(v, lo, hi);
}

Expected<std::int64_t> number_in_range(std::string_view text, std::int64_t lo, std::int64_t hi) {
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  const bool whole = !text.empty() && end == text.data() + text.size();
  if (whole && ec == std::errc::result_out_of_range) return make_error("out of range");
  if (!whole || ec != std::errc()) return make_error("not a whole decimal number");
  if (v < lo || v > hi) return make_error("out of range");
  return v;
}

bool is_true(std::string_view value) {
  const std::string v = ascii_lower(value);
  return v == "true" || v == "on" || v == "1";
}

std::string quoted(std::string_view word) {
  std::size_t cut = 0;
  while (cut < word.size() && cut < 60) cut += std::max<std::size_t>(1, utf8_char_length(word, cut));
  return printable(word.substr(0, cut));
}

}  // namespace qi::protocol
