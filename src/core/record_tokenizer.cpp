#include "core/record_tokenizer.h"

#include "core/text.h"
#include "core/utf8.h"

namespace qi {
namespace {

bool ends_word(char c) {
  switch (c) {
    case '[':
    case ']':
    case '(':
    case ')':
    case '{':
    case '}':
    case ';':
    case '"':
    case '$':
    case ',':  // a list of moves may be written "b2, a1, c3"
      return true;
    default:
      return is_space(c);
  }
}

}  // namespace

std::string record_where(int line, int column) {
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

RecordTokenizer::RecordTokenizer(std::string_view text) : text_(text) {
  if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;  // a UTF-8 byte order mark
}

void RecordTokenizer::advance() {
  const char c = text_[pos_];
  if (c == '\n') {
    ++line_;
    column_ = 1;
  } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
    ++column_;  // a character starts here (continuation bytes of UTF-8 do not count)
  }
  ++pos_;
}

// A '"' just read inside a string that does not end it: what follows on
// its line is not the tag's ']', and a later '"' on the line is followed by
// it (`[Event "the "Spring" open"]`, written by tools that do not escape).
bool RecordTokenizer::inner_quote() {
  auto closes_tag = [&](std::size_t at) {
    while (at < text_.size() && (text_[at] == ' ' || text_[at] == '\t')) ++at;
    return at < text_.size() && text_[at] == ']';
  };
  if (closes_tag(pos_)) return false;
  // The line's last closing quote, found once a line: a line of many
  // quotes costs its length, not its length for every quote.
  if (pos_ >= line_end_) {
    line_end_ = pos_;
    closing_quote_ = std::string_view::npos;
    while (line_end_ < text_.size() && text_[line_end_] != '\n' && text_[line_end_] != '\r') {
      if (text_[line_end_] == '"' && closes_tag(line_end_ + 1)) closing_quote_ = line_end_;
      ++line_end_;
    }
  }
  return closing_quote_ != std::string_view::npos && closing_quote_ >= pos_;
}

Error RecordTokenizer::error_at(int line, int column, const std::string& what) const {
  return make_error(record_where(line, column) + ": " + what);
}

// Whitespace, and "escape" lines: a '%' in the first column hides the rest of
// its line (PGN section 6).
void RecordTokenizer::skip_space_and_escapes() {
  while (!at_end()) {
    const char c = peek();
    if (c == '%' && column_ == 1) {
      while (!at_end() && peek() != '\n') advance();
    } else if (is_space(c) || c == ',') {
      advance();
    } else {
      return;
    }
  }
}

Expected<RecordToken> RecordTokenizer::next() {
  skip_space_and_escapes();
  RecordToken token;
  token.line = line_;
  token.column = column_;
  if (at_end()) return token;
  const char c = peek();
  auto single = [&](RecordToken::Kind kind) {
    advance();
    token.kind = kind;
    return token;
  };
  switch (c) {
    case '[':
      return single(RecordToken::OpenBracket);
    case ']':
      return single(RecordToken::CloseBracket);
    case '(':
      return single(RecordToken::OpenParen);
    case ')':
      return single(RecordToken::CloseParen);
    case '}':
      advance();
      return error_at(token.line, token.column, "'}' without a '{' before it");
    default:
      break;
  }
  if (c == '"') {
    advance();
    token.kind = RecordToken::String;
    while (true) {
      if (at_end() || peek() == '\n' || peek() == '\r')
        return error_at(token.line, token.column, "unterminated string");
      char s = peek();
      advance();
      if (s == '"' && !inner_quote()) return token;
      if (s == '\\' && (peek() == '"' || peek() == '\\')) {
        s = peek();
        advance();
      }
      token.text += s;
    }
  }
  if (c == '{') {
    advance();
    token.kind = RecordToken::Comment;
    // A line break in a comment is a space: writers wrap long comments at
    // their spaces (write_record does), and reading one back must give the
    // comment that was written.
    while (!at_end() && peek() != '}') {
      const char in = peek();
      advance();
      if (in == '\r' && !at_end() && peek() == '\n') continue;
      token.text += in == '\n' || in == '\r' ? ' ' : in;
    }
    if (at_end()) return error_at(token.line, token.column, "unterminated comment (a '{' without its '}')");
    advance();
    return token;
  }
  if (c == ';') {
    advance();
    token.kind = RecordToken::Comment;
    while (!at_end() && peek() != '\n') {
      token.text += peek();
      advance();
    }
    if (!token.text.empty() && token.text.back() == '\r') token.text.pop_back();
    return token;
  }
  if (c == '$') {
    advance();
    token.kind = RecordToken::Nag;
    while (peek() >= '0' && peek() <= '9' && token.text.size() < 4) {
      token.text += peek();
      advance();
    }
    if (token.text.empty()) return error_at(token.line, token.column, "'$' must be followed by a number");
    return token;
  }
  token.kind = RecordToken::Word;
  while (!at_end()) {
    if (token.text.size() >= kMaxRecordWordBytes) {
      while (!at_end() && !ends_word(peek())) advance();
      return error_at(token.line, token.column,
                      "a word of more than " + std::to_string(kMaxRecordWordBytes) +
                          " bytes (no move is so long), starting " +
                          printable(utf8_prefix(token.text, kQuotedBytes)) + "...");
    }
    // One letter in parentheses glued to a word is part of it, not a
    // variation (no move is one letter): chess's bracketed promotion, "e8(Q)".
    const bool bracketed_letter = !token.text.empty() && peek() == '(' && peek(2) == ')' &&
                                  ((peek(1) >= 'A' && peek(1) <= 'Z') || (peek(1) >= 'a' && peek(1) <= 'z'));
    if (!bracketed_letter && ends_word(peek())) break;
    for (int i = bracketed_letter ? 3 : 1; i > 0; --i) {
      token.text += peek();
      advance();
    }
  }
  return token;
}

}  // namespace qi
