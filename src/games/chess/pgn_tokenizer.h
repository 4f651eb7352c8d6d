// The lexical layer of PGN (the 1994 "Portable Game Notation Specification",
// section 7): splits the text into tag brackets, strings, symbols, move-number
// periods, NAGs, annotation glyphs, variation parentheses and comments, and
// remembers where each token starts so that errors can say line and column.
// It knows nothing about chess; pgn.cpp gives the tokens their meaning.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/expected.h"

namespace qi::chess {

struct PgnToken {
  enum Kind : unsigned char {
    End,           // no more input
    OpenBracket,   // [
    CloseBracket,  // ]
    String,        // "..." with escapes resolved
    Symbol,        // a move, a move number, a result, a tag name
    Period,        // . after a move number
    Nag,           // $14 (text holds the digits), or a glyph !, ?, !!, ??, !?, ?!
    OpenParen,     // (
    CloseParen,    // )
    Comment,       // {...} or ; to the end of the line (text holds the body)
    Asterisk,      // * (the unknown result)
  };
  Kind kind = End;
  std::string text;
  int line = 1;    // from 1
  int column = 1;  // from 1, in bytes
};

class PgnTokenizer {
 public:
  explicit PgnTokenizer(std::string_view text) : text_(text) {}

  // The next token, or an error for an unterminated string or comment or a
  // character PGN does not allow. After an error the tokenizer has moved past
  // the offending character, so reading can go on.
  Expected<PgnToken> next();

  // "line 3, column 7" of where the next token would start.
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  char peek(std::size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }
  bool at_end() const { return pos_ >= text_.size(); }
  void advance();
  void skip_space_and_escapes();
  Error error_here(int line, int column, const std::string& what) const;

  std::string_view text_;
  std::size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
};

// "line 3, column 7"
std::string pgn_where(int line, int column);

}  // namespace qi::chess
