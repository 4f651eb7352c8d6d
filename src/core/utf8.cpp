#include "core/utf8.h"

#include <algorithm>
#include <cstdint>

namespace qi {

std::size_t utf8_char_length(std::string_view text, std::size_t pos) {
  if (pos >= text.size()) return 0;
  auto byte = [&](std::size_t i) { return static_cast<std::uint8_t>(text[pos + i]); };
  std::uint8_t lead = byte(0);
  if (lead < 0x80) return 1;
  std::size_t length = lead >= 0xC2 && lead <= 0xDF   ? 2
                       : lead >= 0xE0 && lead <= 0xEF ? 3
                       : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                      : 0;
  if (length == 0 || pos + length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i)
    if ((byte(i) & 0xC0) != 0x80) return 0;
  // The second byte's range rules out overlong forms, surrogates and code
  // points beyond U+10FFFF.
  std::uint8_t second = byte(1);
  if (lead == 0xE0 && second < 0xA0) return 0;
  if (lead == 0xED && second > 0x9F) return 0;
  if (lead == 0xF0 && second < 0x90) return 0;
  if (lead == 0xF4 && second > 0x8F) return 0;
  return length;
}

bool is_valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    std::size_t n = utf8_char_length(text, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

namespace {

bool is_control(std::string_view character) {
  auto c = static_cast<std::uint8_t>(character[0]);
  if (character.size() == 1) return c < 0x20 || c == 0x7F;
  // U+0080..U+009F, the C1 controls, are C2 80..C2 9F.
  return character.size() == 2 && c == 0xC2 && static_cast<std::uint8_t>(character[1]) <= 0x9F;
}

}  // namespace

std::string printable(std::string_view text) {
  static const char* digits = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    std::size_t n = utf8_char_length(text, i);
    if (n > 0 && !is_control(text.substr(i, n))) {
      out.append(text.substr(i, n));
      i += n;
      continue;
    }
    std::size_t bytes = n == 0 ? 1 : n;
    for (std::size_t k = 0; k < bytes; ++k) {
      auto b = static_cast<std::uint8_t>(text[i + k]);
      out += "\\x";
      out += digits[b >> 4];
      out += digits[b & 15];
    }
    i += bytes;
  }
  return out;
}

std::string_view utf8_prefix(std::string_view text, std::size_t max_bytes) {
  std::size_t cut = 0;
  while (cut < text.size()) {
    const std::size_t n = std::max<std::size_t>(1, utf8_char_length(text, cut));
    if (cut + n > max_bytes) break;
    cut += n;
  }
  return text.substr(0, cut);
}

std::string printable_excerpt(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return printable(text);
  return printable(utf8_prefix(text, max_bytes)) + "... (" + std::to_string(text.size()) + " bytes)";
}

std::string valid_utf8(std::string_view text) {
  if (is_valid_utf8(text)) return std::string(text);
  static const char* digits = "0123456789ABCDEF";
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (std::size_t n = utf8_char_length(text, i); n > 0) {
      out.append(text.substr(i, n));
      i += n;
      continue;
    }
    auto b = static_cast<std::uint8_t>(text[i++]);
    out += "\\x";
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

bool is_clean_text(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    std::size_t n = utf8_char_length(text, i);
    if (n == 0 || is_control(text.substr(i, n))) return false;
    i += n;
  }
  return true;
}

}  // namespace qi
