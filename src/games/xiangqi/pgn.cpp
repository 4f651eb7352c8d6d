#include "games/xiangqi/pgn.h"

#include <cctype>

#include "games/xiangqi/notation.h"

namespace qi::xiangqi {
namespace {

bool is_result(std::string_view token) {
  return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}

std::string escape(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string upper_iccs(Move m) {
  std::string s = to_iccs(m);
  return std::string{static_cast<char>(s[0] - 32), s[1], '-', static_cast<char>(s[2] - 32), s[3]};
}

// Strips "12." or "12..." in front of a move written without a space.
std::string_view strip_move_number(std::string_view token) {
  std::size_t i = 0;
  while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) ++i;
  if (i == 0 || i >= token.size() || token[i] != '.') return token;
  std::size_t j = i;
  while (j < token.size() && token[j] == '.') ++j;
  if (j == token.size()) return {};                                      // a bare move number
  if (std::isdigit(static_cast<unsigned char>(token[j]))) return token;  // WXF "33.4"
  return token.substr(j);
}

}  // namespace

std::string GameRecord::tag(std::string_view name) const {
  for (const auto& [k, v] : tags)
    if (k == name) return v;
  return {};
}

Expected<GameRecord> read_pgn(std::string_view text) {
  if (text.size() > (1u << 22)) return make_error("PGN: record too long");
  GameRecord record;
  std::size_t i = 0, line = 1;
  auto fail = [&](const std::string& why) {
    return make_error("PGN line " + std::to_string(line) + ": " + why);
  };
  auto skip_space = [&] {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) {
      if (text[i] == '\n') ++line;
      ++i;
    }
  };
  // Tags.
  for (skip_space(); i < text.size() && text[i] == '['; skip_space()) {
    ++i;
    std::size_t start = i;
    while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_')) ++i;
    std::string name(text.substr(start, i - start));
    if (name.empty()) return fail("a tag needs a name");
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (i >= text.size() || text[i] != '"') return fail("tag " + name + " needs a quoted value");
    std::string value;
    for (++i; i < text.size() && text[i] != '"'; ++i) {
      if (text[i] == '\\' && i + 1 < text.size()) ++i;
      // Checked after an escape too: a value never holds a line break, so
      // that every tag read can be written back on one line.
      if (text[i] == '\n') return fail("tag " + name + " is not closed on its line");
      value += text[i];
    }
    if (i >= text.size()) return fail("tag " + name + " is not closed");
    ++i;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (i >= text.size() || text[i] != ']') return fail("tag " + name + " needs a closing ]");
    ++i;
    record.tags.emplace_back(name, value);
  }

  std::string fen = record.tag("FEN");
  Expected<Position> start = fen.empty() ? Expected<Position>(Position{}) : Position::from_fen(fen);
  if (!start) return fail(start.error().message);
  record.start_fen = start->fen();
  Position pos = *start;

  int depth = 0;
  while (true) {
    skip_space();
    if (i >= text.size()) break;
    char c = text[i];
    if (c == '{') {
      std::size_t end = text.find('}', i);
      if (end == std::string_view::npos) return fail("comment not closed");
      for (std::size_t k = i; k < end; ++k) line += text[k] == '\n';
      i = end + 1;
      continue;
    }
    if (c == ';') {
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    if (c == '(') {
      ++depth;
      ++i;
      continue;
    }
    if (c == ')') {
      if (depth == 0) return fail("')' without '('");
      --depth;
      ++i;
      continue;
    }
    std::size_t start_token = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) && text[i] != '{' &&
           text[i] != '(' && text[i] != ')' && text[i] != ';')
      ++i;
    std::string_view token = text.substr(start_token, i - start_token);
    if (depth > 0 || token.empty() || token[0] == '$') continue;
    if (is_result(token)) {
      record.result = std::string(token);
      continue;
    }
    token = strip_move_number(token);
    if (token.empty()) continue;
    Expected<Move> m = parse_move(pos, token);
    int number = pos.fullmove_number();
    if (!m)
      return fail("move " + std::to_string(number) + (pos.side_to_move() == kRed ? ". " : "... ") +
                  m.error().message);
    pos.make(*m);
    record.moves.push_back(*m);
  }
  if (depth > 0) return fail("variation not closed");
  return record;
}

std::string write_pgn(const GameRecord& record) {
  std::string out;
  bool has_game = false, has_format = false;
  for (const auto& [k, v] : record.tags) {
    has_game |= k == "Game";
    has_format |= k == "Format";
  }
  if (!has_game) out += "[Game \"Chinese Chess\"]\n";
  for (const auto& [k, v] : record.tags) {
    if (k == "Result" || k == "FEN" || k == "Format") continue;
    out += "[" + k + " \"" + escape(v) + "\"]\n";
  }
  out += "[Result \"" + record.result + "\"]\n";
  Expected<Position> start = Position::from_fen(record.start_fen);
  Position pos = start ? *start : Position{};
  if (pos.fen() != Position{}.fen()) out += "[FEN \"" + pos.fen() + "\"]\n";
  (void)has_format;
  out += "[Format \"ICCS\"]\n\n";
  std::string line;
  auto emit = [&](const std::string& word) {
    if (!line.empty() && line.size() + 1 + word.size() > 79) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  };
  for (std::size_t k = 0; k < record.moves.size(); ++k) {
    if (pos.side_to_move() == kRed)
      emit(std::to_string(pos.fullmove_number()) + ".");
    else if (k == 0)
      emit(std::to_string(pos.fullmove_number()) + "...");
    emit(upper_iccs(record.moves[k]));
    pos.make(record.moves[k]);
  }
  emit(record.result);
  out += line + "\n";
  return out;
}

std::string chinese_move_list(const Position& start, const std::vector<Move>& moves) {
  Position pos = start;
  std::string out;
  for (std::size_t k = 0; k < moves.size(); ++k) {
    if (pos.side_to_move() == kRed) {
      if (k) out += "\n";
      out += std::to_string(pos.fullmove_number()) + ". ";
    } else if (k == 0) {
      out += std::to_string(pos.fullmove_number()) + ". …… ";
    } else {
      out += " ";
    }
    out += to_chinese(pos, moves[k]);
    pos.make(moves[k]);
  }
  if (!moves.empty()) out += "\n";
  return out;
}

}  // namespace qi::xiangqi
