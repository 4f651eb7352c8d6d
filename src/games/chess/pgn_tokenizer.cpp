#include "games/chess/pgn_tokenizer.h"

namespace qi::chess {
namespace {

bool is_symbol_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool is_symbol_char(char c) {
  switch (c) {
    case '_':
    case '+':
    case '#':
    case '=':
    case ':':
    case '-':
    case '/':
      return true;
    default:
      return is_symbol_start(c);
  }
}

std::string describe(char c) {
  unsigned char u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
  static const char* hex = "0123456789abcdef";
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

}  // namespace

std::string pgn_where(int line, int column) {
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

void PgnTokenizer::advance() {
  if (text_[pos_] == '\n') {
    ++line_;
    column_ = 1;
  } else {
    ++column_;
  }
  ++pos_;
}

Error PgnTokenizer::error_here(int line, int column, const std::string& what) const {
  return make_error(pgn_where(line, column) + ": " + what);
}

// Whitespace, and "escape" lines: a '%' in the first column hides the rest of
// its line from PGN (section 6).
void PgnTokenizer::skip_space_and_escapes() {
  while (!at_end()) {
    char c = peek();
    if (c == '%' && column_ == 1) {
      while (!at_end() && peek() != '\n') advance();
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
      advance();
    } else {
      return;
    }
  }
}

Expected<PgnToken> PgnTokenizer::next() {
  skip_space_and_escapes();
  PgnToken token;
  token.line = line_;
  token.column = column_;
  if (at_end()) return token;

  char c = peek();
  auto single = [&](PgnToken::Kind kind) {
    advance();
    token.kind = kind;
    return token;
  };
  switch (c) {
    case '[':
      return single(PgnToken::OpenBracket);
    case ']':
      return single(PgnToken::CloseBracket);
    case '(':
      return single(PgnToken::OpenParen);
    case ')':
      return single(PgnToken::CloseParen);
    case '.':
      return single(PgnToken::Period);
    case '*':
      return single(PgnToken::Asterisk);
    default:
      break;
  }

  if (c == '"') {
    advance();
    token.kind = PgnToken::String;
    while (true) {
      if (at_end() || peek() == '\n' || peek() == '\r')
        return error_here(token.line, token.column, "unterminated string");
      char s = peek();
      advance();
      if (s == '"') return token;
      if (s == '\\' && (peek() == '"' || peek() == '\\')) {
        s = peek();
        advance();
      }
      token.text += s;
    }
  }

  if (c == '{') {
    advance();
    token.kind = PgnToken::Comment;
    while (!at_end() && peek() != '}') {
      token.text += peek();
      advance();
    }
    if (at_end()) return error_here(token.line, token.column, "unterminated comment (a '{' without its '}')");
    advance();
    return token;
  }

  if (c == ';') {
    advance();
    token.kind = PgnToken::Comment;
    while (!at_end() && peek() != '\n') {
      token.text += peek();
      advance();
    }
    return token;
  }

  if (c == '$') {
    advance();
    token.kind = PgnToken::Nag;
    while (peek() >= '0' && peek() <= '9' && token.text.size() < 4) {
      token.text += peek();
      advance();
    }
    if (token.text.empty()) return error_here(token.line, token.column, "'$' must be followed by a number");
    return token;
  }

  if (c == '!' || c == '?') {
    token.kind = PgnToken::Nag;
    while ((peek() == '!' || peek() == '?') && token.text.size() < 2) {
      token.text += peek();
      advance();
    }
    return token;
  }

  if (is_symbol_start(c)) {
    token.kind = PgnToken::Symbol;
    while (!at_end()) {
      if (is_symbol_char(peek())) {
        token.text += peek();
        advance();
      } else if (peek() == '.' && !token.text.empty() && token.text.back() == 'e' && peek(1) == 'p' &&
                 peek(2) == '.' && is_symbol_start(token.text.front()) &&
                 !(token.text.front() >= '0' && token.text.front() <= '9')) {
        // "exd6e.p.": the en passant suffix is the one place a move holds periods.
        for (int i = 0; i < 3; ++i) {
          token.text += peek();
          advance();
        }
      } else {
        break;
      }
    }
    return token;
  }

  int line = line_, column = column_;
  advance();
  return error_here(line, column, "unexpected " + describe(c));
}

}  // namespace qi::chess
