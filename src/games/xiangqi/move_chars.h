// The characters of a xiangqi move as its readers see them. Records and
// programs write the same move in ASCII, in full-width forms (Ｃ２＝５,
// ｈ２ｅ２, 炮８平５: the forms East Asian text uses beside Chinese
// characters) and with other dashes; a reader folds each character to the
// one its notation names, and keeps the text it came from so that an error
// quotes what was written, not what it was read as.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"

namespace qi::xiangqi {

struct MoveChar {
  char32_t c;            // folded: full-width forms and other dashes as ASCII
  std::string_view raw;  // the bytes it was written as
};

// U+FF01-U+FF5E (full-width ! to ~) as ASCII, the ideographic space as a
// space, the minus sign and the dashes as '-', the middle dot as '.';
// every other character as it is.
char32_t folded(char32_t c);

// The characters of `text`, folded; an error quoting the first bytes that
// are not UTF-8.
Expected<std::vector<MoveChar>> move_chars(std::string_view text);

// The folded text when every character folds to ASCII (ICCS, WXF, SAN), or
// "" when some character is not ASCII (Chinese notation).
std::string ascii_of(const std::vector<MoveChar>& chars);

}  // namespace qi::xiangqi
