#include "games/xiangqi/move_chars.h"

#include "core/utf8.h"

namespace qi::xiangqi {

char32_t folded(char32_t c) {
  if (c >= U'\uFF01' && c <= U'\uFF5E') return c - U'\uFF01' + U'!';
  switch (c) {
    case U'\u3000':  // ideographic space
      return U' ';
    case U'\u2010':  // hyphen
    case U'\u2011':  // non-breaking hyphen
    case U'\u2012':  // figure dash
    case U'\u2013':  // en dash
    case U'\u2014':  // em dash
    case U'\u2212':  // minus sign
      return U'-';
    case U'\u00B7':  // middle dot, a sideways move in some WXF texts
    case U'\u30FB':  // katakana middle dot, its full-width twin
      return U'.';
    default:
      return c;
  }
}

Expected<std::vector<MoveChar>> move_chars(std::string_view text) {
  std::vector<MoveChar> out;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_char_length(text, i);
    if (n == 0) return make_error("'" + printable(text.substr(i, 1)) + "' is not UTF-8");
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    char32_t c = n == 1 ? byte(0) : n == 2 ? byte(0) & 0x1F : n == 3 ? byte(0) & 0x0F : byte(0) & 0x07;
    for (std::size_t k = 1; k < n; ++k) c = (c << 6) | (byte(k) & 0x3F);
    out.push_back({folded(c), text.substr(i, n)});
    i += n;
  }
  return out;
}

std::string ascii_of(const std::vector<MoveChar>& chars) {
  std::string out;
  for (const MoveChar& m : chars) {
    if (m.c >= 0x80) return {};
    out += static_cast<char>(m.c);
  }
  return out;
}

}  // namespace qi::xiangqi
