#include "games/checkers/pdn.h"

#include "core/text.h"

namespace qi::checkers {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool ends_token(char c) {
  return is_space(c) || c == '[' || c == ']' || c == '{' || c == '}' || c == '(' || c == ')' || c == ';';
}

// The PDN result for a result token, or "" if the token is not one.
std::string result_of(std::string_view t) {
  if (t == "1-0" || t == "2-0") return "1-0";
  if (t == "0-1" || t == "0-2") return "0-1";
  if (t == "1/2-1/2" || t == "1-1") return "1/2-1/2";
  if (t == "*" || t == "0-0") return "*";
  return "";
}

std::string line_col(std::string_view text, std::size_t pos) {
  int line = 1;
  for (std::size_t i = 0; i < pos && i < text.size(); ++i)
    if (text[i] == '\n') ++line;
  return "line " + std::to_string(line);
}

}  // namespace

std::string PdnGame::tag(std::string_view name) const {
  for (const auto& [k, v] : tags)
    if (k == name) return v;
  return "";
}

void PdnGame::set_tag(std::string_view name, std::string value) {
  for (auto& [k, v] : tags)
    if (k == name) {
      v = std::move(value);
      return;
    }
  tags.emplace_back(std::string(name), std::move(value));
}

Expected<std::vector<PdnGame>> parse_pdn(std::string_view text) {
  std::vector<PdnGame> games;
  PdnGame current;
  bool open = false;      // current has content
  bool in_moves = false;  // movetext of current has begun
  auto finish = [&] {
    if (open) games.push_back(std::move(current));
    current = PdnGame{};
    open = in_moves = false;
  };
  std::size_t i = 0;
  const std::size_t n = text.size();
  while (i < n) {
    char c = text[i];
    if (is_space(c)) {
      ++i;
      continue;
    }
    if (c == '%' && (i == 0 || text[i - 1] == '\n')) {  // escape line
      while (i < n && text[i] != '\n') ++i;
      continue;
    }
    if (c == '[') {
      if (in_moves) finish();
      std::size_t at = i++;
      while (i < n && is_space(text[i])) ++i;
      std::size_t name_start = i;
      while (i < n && !is_space(text[i]) && text[i] != '"' && text[i] != ']') ++i;
      std::string name(text.substr(name_start, i - name_start));
      if (name.empty()) return make_error("PDN " + line_col(text, at) + ": a tag has no name");
      while (i < n && is_space(text[i])) ++i;
      if (i >= n || text[i] != '"')
        return make_error("PDN " + line_col(text, at) + ": tag [" + name + "] needs a quoted value");
      ++i;
      std::string value;
      while (i < n && text[i] != '"') {
        if (text[i] == '\\' && i + 1 < n) ++i;
        value += text[i++];
      }
      if (i >= n)
        return make_error("PDN " + line_col(text, at) + ": the value of tag [" + name + "] is not closed");
      ++i;
      while (i < n && is_space(text[i])) ++i;
      if (i >= n || text[i] != ']')
        return make_error("PDN " + line_col(text, at) + ": tag [" + name + "] is not closed");
      ++i;
      current.tags.emplace_back(std::move(name), std::move(value));
      open = true;
      continue;
    }
    if (c == '{') {
      std::size_t at = i;
      while (i < n && text[i] != '}') ++i;
      if (i >= n) return make_error("PDN " + line_col(text, at) + ": a comment '{' is not closed");
      ++i;
      continue;
    }
    if (c == ';') {
      while (i < n && text[i] != '\n') ++i;
      continue;
    }
    if (c == '(') {
      std::size_t at = i;
      int depth = 0;
      for (; i < n; ++i) {
        if (text[i] == '{') {
          while (i < n && text[i] != '}') ++i;
          if (i >= n) break;
        } else if (text[i] == '(') {
          ++depth;
        } else if (text[i] == ')' && --depth == 0) {
          break;
        }
      }
      if (i >= n) return make_error("PDN " + line_col(text, at) + ": a variation '(' is not closed");
      ++i;
      continue;
    }
    if (c == ')' || c == ']' || c == '}')
      return make_error("PDN " + line_col(text, i) + ": unexpected '" + std::string(1, c) + "'");
    std::size_t start = i;
    while (i < n && !ends_token(text[i])) ++i;
    std::string_view token = text.substr(start, i - start);
    if (token[0] == '$') continue;  // numeric annotation glyph
    if (std::string r = result_of(token); !r.empty()) {
      current.result = r;
      open = true;
      finish();
      continue;
    }
    // A move number ("12." or "12...") may be glued to the move after it.
    std::size_t d = 0;
    while (d < token.size() && is_digit(token[d])) ++d;
    if (d > 0 && d < token.size() && token[d] == '.') {
      while (d < token.size() && token[d] == '.') ++d;
      token.remove_prefix(d);
    }
    while (!token.empty() && (token.back() == '!' || token.back() == '?' || token.back() == '+'))
      token.remove_suffix(1);
    if (token.empty()) continue;
    current.moves.emplace_back(token);
    open = in_moves = true;
  }
  finish();
  return games;
}

std::string format_pdn(const PdnGame& game) {
  std::string out;
  for (const auto& [k, v] : game.tags) {
    out += '[' + k + " \"";
    for (char c : v) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += "\"]\n";
  }
  if (!game.tags.empty()) out += '\n';
  std::string line;
  auto put = [&](const std::string& word) {
    if (!line.empty() && line.size() + 1 + word.size() > 79) {
      out += line + '\n';
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += word;
  };
  int ply = game.starts_with_second_colour ? 1 : 0;
  for (std::size_t i = 0; i < game.moves.size(); ++i, ++ply) {
    if (ply % 2 == 0) {
      put(std::to_string(ply / 2 + 1) + ". " + game.moves[i]);
    } else if (i == 0) {
      put("1... " + game.moves[i]);
    } else {
      put(game.moves[i]);
    }
  }
  put(game.result.empty() ? "*" : game.result);
  out += line + '\n';
  return out;
}

}  // namespace qi::checkers
