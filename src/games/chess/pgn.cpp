#include "games/chess/pgn.h"

#include <array>
#include <cctype>

#include "games/chess/san.h"

namespace qi::chess {
namespace {

// The seven-tag roster (PGN 8.1.1) with the values for "unknown".
constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kRoster = {{
    {"Event", "?"},
    {"Site", "?"},
    {"Date", "????.??.??"},
    {"Round", "?"},
    {"White", "?"},
    {"Black", "?"},
    {"Result", "*"},
}};

constexpr std::size_t kLineWidth = 79;

bool is_roster_tag(std::string_view name) {
  for (const auto& [roster_name, unknown] : kRoster)
    if (name == roster_name) return true;
  return false;
}

bool is_result(std::string_view s) { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"; }

bool all_digits(std::string_view s) {
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return !s.empty();
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

bool is_standard_variant(std::string_view v) {
  for (std::string_view ok : {"standard", "chess", "normal", "from position"})
    if (equals_ignoring_case(v, ok)) return true;
  return false;
}

std::string quoted(std::string_view value) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out + "\"";
}

// Appends space-separated tokens, starting a new line before a token that
// would pass the width.
class LineWrapper {
 public:
  void add(std::string_view token) {
    if (!line_.empty() && line_.size() + 1 + token.size() > kLineWidth) flush();
    if (!line_.empty()) line_ += ' ';
    line_ += token;
  }
  std::string finish() {
    flush();
    return std::move(text_);
  }

 private:
  void flush() {
    if (line_.empty()) return;
    text_ += line_ + "\n";
    line_.clear();
  }
  std::string text_, line_;
};

}  // namespace

PgnGame::PgnGame() {
  for (const auto& [name, unknown] : kRoster) tags.emplace_back(name, unknown);
}

std::string PgnGame::tag(std::string_view name) const {
  for (const auto& [n, v] : tags)
    if (n == name) return v;
  return {};
}

void PgnGame::set_tag(std::string_view name, std::string value) {
  for (auto& [n, v] : tags)
    if (n == name) {
      v = std::move(value);
      return;
    }
  tags.emplace_back(std::string(name), std::move(value));
}

Position PgnGame::start_position() const {
  if (start_fen.empty()) return Position();
  Expected<Position> pos = Position::from_fen(start_fen);
  return pos ? std::move(*pos) : Position();
}

// --- Reading -------------------------------------------------------------------

Expected<PgnToken> PgnReader::take() {
  if (pending_) {
    PgnToken t = std::move(*pending_);
    pending_.reset();
    return t;
  }
  return tokens_.next();
}

Error PgnReader::error_at(const PgnToken& where, const std::string& what) const {
  return make_error("PGN game " + std::to_string(game_number_) + ": " + pgn_where(where.line, where.column) +
                    ": " + what);
}

Status PgnReader::read_tags(std::vector<std::pair<std::string, std::string>>& tags) {
  while (true) {
    Expected<PgnToken> open = take();
    if (!open) return make_error("PGN game " + std::to_string(game_number_) + ": " + open.error().message);
    if (open->kind == PgnToken::Comment) continue;
    if (open->kind != PgnToken::OpenBracket) {
      put_back(std::move(*open));
      return Ok{};
    }
    std::string name, value;
    for (int part = 0; part < 3; ++part) {
      Expected<PgnToken> t = take();
      if (!t) return make_error("PGN game " + std::to_string(game_number_) + ": " + t.error().message);
      static constexpr PgnToken::Kind kinds[] = {PgnToken::Symbol, PgnToken::String, PgnToken::CloseBracket};
      static const char* const wanted[] = {"a tag name after '['", "the tag's value in double quotes",
                                           "']' to close the tag"};
      if (t->kind != kinds[part]) {
        Error e = error_at(*t, std::string("expected ") + wanted[part]);
        if (t->kind == PgnToken::OpenBracket) put_back(std::move(*t));
        return e;
      }
      if (part == 0) name = std::move(t->text);
      if (part == 1) value = std::move(t->text);
    }
    tags.emplace_back(std::move(name), std::move(value));
  }
}

Status PgnReader::read_moves(PgnGame& game, Position& pos) {
  int depth = 0;  // of nested variations being skipped
  auto unclosed = [&](const PgnToken& t) { return error_at(t, "a variation '(' is not closed"); };
  while (true) {
    Expected<PgnToken> token = take();
    if (!token) return make_error("PGN game " + std::to_string(game_number_) + ": " + token.error().message);
    PgnToken& t = *token;
    switch (t.kind) {
      case PgnToken::End:
        if (depth > 0) return unclosed(t);
        return Ok{};
      case PgnToken::OpenBracket:  // the next game's tags: this one had no result
        put_back(std::move(t));
        if (depth > 0) return unclosed(*pending_);
        return Ok{};
      case PgnToken::Asterisk:
        if (depth > 0) return error_at(t, "the game ends inside a variation");
        game.result = "*";
        return Ok{};
      case PgnToken::Comment:
      case PgnToken::Nag:
      case PgnToken::Period:
        continue;
      case PgnToken::OpenParen:
        ++depth;
        continue;
      case PgnToken::CloseParen:
        if (depth == 0) return error_at(t, "')' without a '(' before it");
        --depth;
        continue;
      case PgnToken::String:
      case PgnToken::CloseBracket:
        if (depth > 0) continue;
        return error_at(t, t.kind == PgnToken::String ? "a string among the moves" : "']' among the moves");
      case PgnToken::Symbol:
        break;
    }
    if (is_result(t.text)) {
      if (depth > 0) return error_at(t, "the game ends inside a variation");
      game.result = t.text;
      return Ok{};
    }
    if (depth > 0 || all_digits(t.text) || t.text == "e.p." || t.text == "ep") continue;
    MoveTextError why;
    Expected<Move> move = parse_san(pos, t.text, &why, game.moves);
    if (!move)
      return make_error("PGN game " + std::to_string(game_number_) + ", move " +
                        std::to_string(pos.fullmove_number()) + " (" +
                        (pos.us() == White ? "white" : "black") + "): " + why.message() + " (" +
                        pgn_where(t.line, t.column) + ")");
    pos.make(*move);
    game.moves.push_back(*move);
  }
}

void PgnReader::skip_rest_of_game() {
  bool in_tag = false;
  bool seen_moves = moves_started_;
  int depth = 0;
  while (true) {
    Expected<PgnToken> token = take();
    if (!token) continue;  // the tokenizer has stepped past the bad character
    PgnToken& t = *token;
    switch (t.kind) {
      case PgnToken::End:
        return;
      case PgnToken::OpenBracket:
        if (seen_moves) {
          put_back(std::move(t));
          return;
        }
        in_tag = true;
        break;
      case PgnToken::CloseBracket:
        in_tag = false;
        break;
      case PgnToken::OpenParen:
        ++depth;
        break;
      case PgnToken::CloseParen:
        depth = depth > 0 ? depth - 1 : 0;
        break;
      case PgnToken::Asterisk:
        if (!in_tag && depth == 0) return;
        break;
      case PgnToken::Symbol:
        if (in_tag) break;
        if (is_result(t.text) && depth == 0) return;
        seen_moves = true;
        break;
      default:
        break;
    }
  }
}

Expected<std::optional<PgnGame>> PgnReader::next() {
  // Comments between games belong to no game.
  while (true) {
    Expected<PgnToken> first = take();
    if (!first) {
      ++game_number_;
      moves_started_ = false;
      Error e = make_error("PGN game " + std::to_string(game_number_) + ": " + first.error().message);
      skip_rest_of_game();
      return e;
    }
    if (first->kind == PgnToken::End) return std::optional<PgnGame>();
    if (first->kind == PgnToken::Comment) continue;
    put_back(std::move(*first));
    break;
  }
  ++game_number_;
  moves_started_ = false;
  auto failed = [&](Error e) -> Expected<std::optional<PgnGame>> {
    skip_rest_of_game();
    return e;
  };

  PgnGame game;
  std::vector<std::pair<std::string, std::string>> tags;
  if (Status s = read_tags(tags); !s) return failed(s.error());

  std::string fen;
  bool has_fen = false;
  for (auto& [name, value] : tags) {
    if (name == "FEN") {
      fen = value;
      has_fen = true;
    } else if (name != "SetUp") {
      game.set_tag(name, std::move(value));
    }
  }
  const std::string prefix = "PGN game " + std::to_string(game_number_) + ": ";
  if (std::string variant = game.tag("Variant"); !variant.empty() && !is_standard_variant(variant))
    return failed(
        make_error(prefix + "the variant '" + variant + "' is not supported (standard chess only)"));
  Position pos;
  if (has_fen) {
    Expected<Position> start = Position::from_fen(fen);
    if (!start) return failed(make_error(prefix + "FEN tag: " + start.error().message));
    pos = std::move(*start);
    game.start_fen = pos.fen();
  }

  game.result = is_result(game.tag("Result")) ? game.tag("Result") : "*";
  moves_started_ = true;
  if (Status s = read_moves(game, pos); !s) return failed(s.error());
  game.set_tag("Result", game.result);
  return std::optional<PgnGame>(std::move(game));
}

Expected<std::vector<PgnGame>> read_pgn(std::string_view text) {
  PgnReader reader(text);
  std::vector<PgnGame> games;
  while (true) {
    Expected<std::optional<PgnGame>> game = reader.next();
    if (!game) return game.error();
    if (!*game) return games;
    games.push_back(std::move(**game));
  }
}

// --- Writing -------------------------------------------------------------------

std::string write_pgn(const PgnGame& game) {
  std::string out;
  for (const auto& [name, unknown] : kRoster) {
    std::string value(unknown);
    for (const auto& [n, v] : game.tags)
      if (n == name) value = v;
    if (name == "Result") value = game.result;
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "[" + string.
    out.append("[").append(name).append(" ").append(quoted(value)).append("]\n");
  }
  if (!game.start_fen.empty()) {
    out += "[SetUp \"1\"]\n";
    out += "[FEN " + quoted(game.start_fen) + "]\n";
  }
  for (const auto& [name, value] : game.tags)
    if (!is_roster_tag(name) && name != "SetUp" && name != "FEN")
      out += "[" + name + " " + quoted(value) + "]\n";
  out += "\n";

  LineWrapper text;
  Position pos = game.start_position();
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const Move m = game.moves[i];
    if (!pos.is_legal(m)) break;  // a hand-made game with a wrong move: write what is valid
    if (pos.us() == White) {
      text.add(std::to_string(pos.fullmove_number()) + ".");
    } else if (i == 0) {
      text.add(std::to_string(pos.fullmove_number()) + "...");
    }
    text.add(to_san(pos, m));
    pos.make(m);
  }
  if (!game.final_comment.empty()) {
    std::string comment = "{";
    for (char c : game.final_comment) comment += (c == '}' || c == '\n' || c == '\r') ? ' ' : c;
    comment += "}";
    // Words wrap one by one so that a long comment keeps to the width.
    std::size_t start = 0;
    while (start < comment.size()) {
      std::size_t end = comment.find(' ', start);
      if (end == std::string::npos) end = comment.size();
      if (end > start) text.add(std::string_view(comment).substr(start, end - start));
      start = end + 1;
    }
  }
  text.add(game.result);
  return out + text.finish() + "\n";
}

}  // namespace qi::chess
