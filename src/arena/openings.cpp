#include "arena/openings.h"

#include <cctype>
#include <sstream>

#include "engine/handicap.h"

namespace qi::arena {
namespace {

std::vector<std::string> fields_of(std::string_view line) {
  std::vector<std::string> out;
  std::istringstream in{std::string(line)};
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

std::string join(const std::vector<std::string>& words, std::size_t count) {
  std::string out;
  for (std::size_t i = 0; i < count && i < words.size(); ++i) out += (i ? " " : "") + words[i];
  return out;
}

// A FEN line, a handicap name, or an EPD line (four position fields and operations): the
// longest prefix of fields the game accepts as a FEN, or the first four with
// "0 1" added.
Status read_fen_line(std::string_view line, Game& game) {
  // A handicap's name (engine/handicap.h) stands for its start position.
  if (std::vector<std::string> words = fields_of(line); words.size() == 1)
    if (auto fen = engine::handicap_fen(game.name(), game.variant(), words[0])) return game.set_fen(*fen);
  if (std::size_t semi = line.find(';'); semi != std::string_view::npos) {
    // EPD operations end with ';': drop the operation that holds the first one.
    std::vector<std::string> f = fields_of(line.substr(0, semi));
    if (f.size() > 4) f.resize(4);
    return game.set_fen(join(f, f.size()) + " 0 1");
  }
  const std::vector<std::string> f = fields_of(line);
  Error first_error{"empty line"};
  for (std::size_t n = f.size(); n >= 1; --n) {
    Status s = game.set_fen(join(f, n));
    if (s) return s;
    if (n == f.size()) first_error = s.error();
  }
  if (f.size() >= 4) {
    if (Status s = game.set_fen(join(f, 4) + " 0 1"); s) return s;
  }
  return first_error;
}

bool looks_like_pgn(std::string_view text) {
  std::size_t i = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  if (i == std::string_view::npos) return false;
  if (text[i] == '[') return true;
  return std::isdigit(static_cast<unsigned char>(text[i])) &&
         text.substr(i).find('.') < text.substr(i).find_first_of(" \n/");
}

// Removes {comments}, ;comments, (variations) and $NAGs; keeps tags apart.
struct PgnGameText {
  std::string fen;
  std::vector<std::string> tokens;
  int line = 0;
};

Expected<std::vector<PgnGameText>> split_pgn(std::string_view text) {
  std::vector<PgnGameText> games;
  PgnGameText current;
  bool in_moves = false;
  int line = 1;
  int depth = 0;
  auto finish = [&] {
    if (in_moves || !current.fen.empty()) games.push_back(current);
    current = {};
    in_moves = false;
  };
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n') {
      ++line, ++i;
      continue;
    }
    if (c == '{') {
      std::size_t close = text.find('}', i);
      if (close == std::string_view::npos)
        return make_error("openings: line " + std::to_string(line) + ": unclosed {");
      for (std::size_t k = i; k < close; ++k) line += text[k] == '\n';
      i = close + 1;
      continue;
    }
    if (c == ';') {
      i = text.find('\n', i);
      if (i == std::string_view::npos) break;
      continue;
    }
    if (c == '(') {
      ++depth, ++i;
      continue;
    }
    if (c == ')') {
      if (depth == 0) return make_error("openings: line " + std::to_string(line) + ": ')' without '('");
      --depth, ++i;
      continue;
    }
    if (depth > 0 || std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (c == '[') {
      if (in_moves) finish();
      if (current.line == 0) current.line = line;
      std::size_t close = text.find(']', i);
      std::size_t eol = text.find('\n', i);
      if (close == std::string_view::npos || close > eol)
        return make_error("openings: line " + std::to_string(line) + ": unclosed tag");
      std::string_view tag = text.substr(i + 1, close - i - 1);
      if (tag.rfind("FEN ", 0) == 0) {
        std::size_t q1 = tag.find('"');
        std::size_t q2 = tag.rfind('"');
        if (q1 == std::string_view::npos || q2 <= q1)
          return make_error("openings: line " + std::to_string(line) + ": FEN tag without a quoted value");
        current.fen = std::string(tag.substr(q1 + 1, q2 - q1 - 1));
      }
      i = close + 1;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) &&
           std::string_view("{;()[").find(text[end]) == std::string_view::npos)
      ++end;
    std::string token(text.substr(i, end - i));
    i = end;
    if (current.line == 0) current.line = line;
    in_moves = true;
    if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") {
      finish();
      continue;
    }
    if (token[0] == '$') continue;
    // Move numbers: "1." "12..." or glued "1.e4".
    std::size_t k = 0;
    while (k < token.size() && std::isdigit(static_cast<unsigned char>(token[k]))) ++k;
    if (k > 0 && k < token.size() && token[k] == '.') {
      while (k < token.size() && token[k] == '.') ++k;
      token = token.substr(k);
      if (token.empty()) continue;
    } else if (k == token.size()) {
      continue;  // a bare number
    }
    current.tokens.push_back(token);
  }
  if (depth > 0) return make_error("openings: unclosed '(' at the end");
  finish();
  return games;
}

}  // namespace

Status apply_opening(const Opening& opening, Game& game) {
  if (Status s = game.set_fen(opening.fen); !s) return make_error(opening.label + ": " + s.error().message);
  for (const std::string& m : opening.moves) {
    if (Expected<MoveText> played = game.play(m); !played)
      return make_error(opening.label + ": " + played.error().message);
  }
  if (Outcome o = game.outcome(); o.over())
    return make_error(opening.label + ": the game is already over: " + o.reason);
  return Ok{};
}

Expected<std::vector<Opening>> parse_openings(std::string_view text, Game& game) {
  std::vector<Opening> out;
  if (looks_like_pgn(text)) {
    Expected<std::vector<PgnGameText>> games = split_pgn(text);
    if (!games) return games.error();
    int number = 0;
    for (const PgnGameText& g : *games) {
      ++number;
      Opening opening;
      opening.label = "openings: game " + std::to_string(number) + " (line " + std::to_string(g.line) + ")";
      game.reset();
      if (!g.fen.empty()) {
        if (Status s = game.set_fen(g.fen); !s)
          return make_error(opening.label + ": FEN: " + s.error().message);
      }
      opening.fen = game.fen();
      for (const std::string& token : g.tokens) {
        Expected<MoveText> played = game.play(token);
        if (!played) return make_error(opening.label + ": move '" + token + "': " + played.error().message);
        opening.moves.push_back(played->id);
      }
      if (Outcome o = game.outcome(); o.over())
        return make_error(opening.label + ": the game is already over: " + o.reason);
      out.push_back(std::move(opening));
    }
  } else {
    int number = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
      std::size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(start, end - start);
      start = end + 1;
      ++number;
      if (std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
      if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
      Opening opening;
      opening.label = "openings: line " + std::to_string(number);
      if (Status s = read_fen_line(line, game); !s)
        return make_error(opening.label + ": " + s.error().message);
      if (Outcome o = game.outcome(); o.over())
        return make_error(opening.label + ": the game is already over: " + o.reason);
      opening.fen = game.fen();
      out.push_back(std::move(opening));
    }
  }
  game.reset();
  if (out.empty()) return make_error("openings: no position found");
  return out;
}

}  // namespace qi::arena
