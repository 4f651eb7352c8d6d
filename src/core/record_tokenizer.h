// The lexical layer of every game record Qi reads: PGN (chess, xiangqi,
// tic-tac-toe) and PDN (draughts) share it, as PDN is PGN's grammar with
// draughts moves. Splits the text into tag brackets, strings, words,
// NAGs, variation parentheses and comments, and remembers where each token
// starts so that errors can say line and column. A word is everything up to
// the next space or delimiter, so "1.e4", "C2.5", "11-15", "炮二平五" and
// "e8=Q+!?" are each one word; the record reader (record.h) tells move
// numbers, annotation glyphs and results from moves. It knows no game.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/expected.h"

namespace qi {

struct RecordToken {
  enum Kind : unsigned char {
    End,           // no more input
    OpenBracket,   // [
    CloseBracket,  // ]
    String,        // "..." with escapes resolved
    Word,          // a move, a move number, a result, a tag name
    Nag,           // $14 (text holds the digits)
    OpenParen,     // (
    CloseParen,    // )
    Comment,       // {...} or ; to the end of the line (text holds the body)
  };
  Kind kind = End;
  std::string text;
  int line = 1;    // from 1
  int column = 1;  // from 1, in characters
};

// The longest word a record holds (a move with its number and glyphs, a
// draughts capture through every landing square: well under 100 bytes); a
// longer one is refused, quoted by its start, and skipped.
inline constexpr std::size_t kMaxRecordWordBytes = 256;

class RecordTokenizer {
 public:
  explicit RecordTokenizer(std::string_view text);

  // The next token, or an error for an unterminated string or comment or a
  // word longer than kMaxRecordWordBytes. After an error the tokenizer has
  // moved past the offending place, so reading can go on. Each byte of the
  // text is looked at a bounded number of times.
  Expected<RecordToken> next();

  int line() const { return line_; }
  int column() const { return column_; }

 private:
  char peek(std::size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }
  bool at_end() const { return pos_ >= text_.size(); }
  void advance();
  void skip_space_and_escapes();
  bool inner_quote();
  Error error_at(int line, int column, const std::string& what) const;

  std::string_view text_;
  // Where the line being read ends, and the last '"' on it that a ']'
  // follows (npos: none): what inner_quote() asks, found once a line.
  std::size_t line_end_ = 0, closing_quote_ = 0;
  std::size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
};

// "line 3, column 7"
std::string record_where(int line, int column);

}  // namespace qi
