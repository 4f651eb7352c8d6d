#include "core/record.h"

#include <algorithm>
#include <cctype>

#include "core/record_reach.h"
#include "core/text.h"
#include "core/utf8.h"

namespace qi {
namespace {

constexpr std::size_t kMaxVariationDepth = 64;

// "!", "?", "!!", "??", "!?", "?!" as NAGs (PGN 8.2.4).
int glyph_nag(std::string_view glyph) {
  if (glyph == "!") return 1;
  if (glyph == "?") return 2;
  if (glyph == "!!") return 3;
  if (glyph == "??") return 4;
  if (glyph == "!?") return 5;
  if (glyph == "?!") return 6;
  return 0;
}

// Digits and periods as records write them: ASCII, or the full-width forms
// of Chinese text ("１２．"); each returns the length of the one at `i`,
// 0 when there is none.
std::size_t digit_at(std::string_view s, std::size_t i) {
  if (i < s.size() && s[i] >= '0' && s[i] <= '9') return 1;
  // U+FF10..U+FF19: EF BC 90..99
  if (i + 2 < s.size() && s[i] == '\xEF' && s[i + 1] == '\xBC' && s[i + 2] >= '\x90' && s[i + 2] <= '\x99')
    return 3;
  return 0;
}
std::size_t period_at(std::string_view s, std::size_t i) {
  if (i < s.size() && s[i] == '.') return 1;
  if (i < s.size() && s.substr(i, 3) == "\xEF\xBC\x8E") return 3;  // U+FF0E, full-width full stop
  return 0;
}

// The bytes a move number's digits take at the start of `word`.
std::size_t number_length(std::string_view word) {
  std::size_t i = 0;
  while (std::size_t n = digit_at(word, i)) i += n;
  return i;
}

bool all_digits(std::string_view s) { return !s.empty() && number_length(s) == s.size(); }

// "12." or "12..." (or "12…", "１２．"): a move number alone.
bool is_move_number(std::string_view word) {
  const std::size_t i = number_length(word);
  if (i == 0 || i == word.size()) return false;
  std::string_view rest = word.substr(i);
  std::size_t j = 0;
  while (std::size_t n = period_at(rest, j)) j += n;
  if (j == rest.size()) return true;
  return rest == "\xE2\x80\xA6" || rest == ".\xE2\x80\xA6";  // an ellipsis character
}

// The word after a move number glued to it ("1.e4" -> "e4"), or "" when the
// word does not start with one.
std::string_view after_move_number(std::string_view word) {
  std::size_t i = number_length(word);
  if (i == 0 || i >= word.size() || !period_at(word, i)) return {};
  while (std::size_t n = period_at(word, i)) i += n;
  return word.substr(i);
}

std::string standard_result(std::string_view token, const RecordDialect& d) {
  for (const auto& [alias, meaning] : d.result_aliases)
    if (token == alias) return meaning;
  if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") return std::string(token);
  return {};
}

}  // namespace

// --- The model -------------------------------------------------------------

std::string GameRecord::tag(std::string_view name) const {
  for (const auto& [n, v] : tags)
    if (n == name) return v;
  return {};
}

bool GameRecord::has_tag(std::string_view name) const {
  return std::any_of(tags.begin(), tags.end(), [&](const auto& t) { return t.first == name; });
}

void GameRecord::set_tag(std::string_view name, std::string value) {
  for (auto& [n, v] : tags)
    if (n == name) {
      v = std::move(value);
      return;
    }
  tags.emplace_back(std::string(name), std::move(value));
}

void GameRecord::remove_tag(std::string_view name) {
  std::erase_if(tags, [&](const auto& t) { return t.first == name; });
}

// --- Reading: syntax ---------------------------------------------------------

namespace {

// A record whose movetext ends without a result (at the next record's tags,
// or the end of the text) has the result its Result tag gives.
void result_from_tag(GameRecord& record, const RecordDialect& dialect) {
  if (std::string result = standard_result(record.tag("Result"), dialect); !result.empty())
    record.result = result;
}

}  // namespace

Expected<RecordToken> RecordReader::take() {
  if (!pending_.empty()) {
    RecordToken t = std::move(pending_.back());
    pending_.pop_back();
    return t;
  }
  return tokens_.next();
}

Error RecordReader::error_at(const RecordToken& where, const std::string& what) const {
  return make_error("record " + std::to_string(number_) + ": " + record_where(where.line, where.column) +
                    ": " + what);
}

void RecordReader::skip_rest_of_record() {
  bool in_tag = false, seen_moves = false;
  int depth = 0;
  while (true) {
    Expected<RecordToken> token = take();
    if (!token) continue;  // the tokenizer has stepped past the bad place
    RecordToken& t = *token;
    switch (t.kind) {
      case RecordToken::End:
        return;
      case RecordToken::OpenBracket:
        if (seen_moves && depth == 0) {
          put_back(std::move(t));
          return;
        }
        in_tag = true;
        break;
      case RecordToken::CloseBracket:
        in_tag = false;
        break;
      case RecordToken::OpenParen:
        ++depth;
        break;
      case RecordToken::CloseParen:
        depth = depth > 0 ? depth - 1 : 0;
        break;
      case RecordToken::Word:
        if (in_tag) break;
        if (depth == 0 && (t.text == "1-0" || t.text == "0-1" || t.text == "1/2-1/2" || t.text == "*"))
          return;
        seen_moves = true;
        break;
      default:
        break;
    }
  }
}

// Draughts records that right-align their squares split a move at its sign
// ("43-39  1- 6": "1-" then "6"; or "2 - 8"); the part after the sign is the
// next word.
Status RecordReader::join_split_move(std::string& text) {
  if (all_digits(text)) {
    Expected<RecordToken> sign = take();
    if (!sign) return sign.error();
    if (sign->kind != RecordToken::Word || (sign->text != "-" && sign->text != "x" && sign->text != ":")) {
      put_back(std::move(*sign));
      return Ok{};
    }
    text += sign->text;
  }
  if (text.size() < 2) return Ok{};
  const char sign = text.back();
  if (sign != '-' && sign != 'x' && sign != ':') return Ok{};
  if (!std::isdigit(static_cast<unsigned char>(text[text.size() - 2]))) return Ok{};
  Expected<RecordToken> next = take();
  if (!next) return next.error();
  if (next->kind == RecordToken::Word && !next->text.empty() &&
      std::isalnum(static_cast<unsigned char>(next->text.front())))
    text += next->text;
  else
    put_back(std::move(*next));
  return Ok{};
}

// A move's strength in brackets after it, as draughts records write it
// ("19-23(!?)"), just after its '(' was read: the glyph's NAG, or nullopt
// (and nothing taken) where a variation follows.
Expected<std::optional<int>> RecordReader::bracketed_glyph() {
  Expected<RecordToken> glyph = take();
  if (!glyph) return glyph.error();
  if (glyph->kind != RecordToken::Word || !glyph_nag(glyph->text)) {
    put_back(std::move(*glyph));
    return std::optional<int>();
  }
  Expected<RecordToken> close = take();
  if (!close) return close.error();
  if (close->kind == RecordToken::CloseParen) return std::optional<int>(glyph_nag(glyph->text));
  put_back(std::move(*close));
  put_back(std::move(*glyph));
  return std::optional<int>();
}

Expected<std::optional<GameRecord>> RecordReader::next_tags() {
  // Comments between records belong to none.
  while (true) {
    Expected<RecordToken> first = take();
    if (!first) {
      ++number_;
      Error e = make_error("record " + std::to_string(number_) + ": " + first.error().message);
      skip_rest_of_record();
      return e;
    }
    if (first->kind == RecordToken::End) return std::optional<GameRecord>();
    if (first->kind == RecordToken::Comment) continue;
    put_back(std::move(*first));
    break;
  }
  ++number_;
  GameRecord record;
  record.line = pending_.back().line;
  while (true) {
    Expected<RecordToken> open = take();
    if (!open) {
      Error e = make_error("record " + std::to_string(number_) + ": " + open.error().message);
      skip_rest_of_record();
      return e;
    }
    // A comment after the tags is the record's, before its first move.
    if (open->kind == RecordToken::Comment) {
      record.opening_notes.push_back(std::move(open->text));
      continue;
    }
    if (open->kind != RecordToken::OpenBracket) {
      put_back(std::move(*open));
      return std::optional<GameRecord>(std::move(record));
    }
    std::string name, value;
    static constexpr RecordToken::Kind kinds[] = {RecordToken::Word, RecordToken::String,
                                                  RecordToken::CloseBracket};
    static const char* const wanted[] = {"a tag name after '['", "the tag's value in double quotes",
                                         "']' to close the tag"};
    for (int part = 0; part < 3; ++part) {
      Expected<RecordToken> t = take();
      if (!t) {
        Error e = make_error("record " + std::to_string(number_) + ": " + t.error().message);
        skip_rest_of_record();
        return e;
      }
      if (t->kind != kinds[part]) {
        Error e = error_at(*t, std::string("expected ") + wanted[part]);
        if (t->kind == RecordToken::OpenBracket) put_back(std::move(*t));
        skip_rest_of_record();
        return e;
      }
      if (part == 0) name = std::move(t->text);
      if (part == 1) value = std::move(t->text);
    }
    record.tags.emplace_back(std::move(name), std::move(value));
  }
}

Status RecordReader::read_movetext(GameRecord& record, const RecordDialect& dialect) {
  // The line being filled, innermost last: the main line, then each open
  // variation.
  std::vector<std::vector<RecordMove>*> lines{&record.moves};
  auto failed = [&](Error e) -> Status {
    skip_rest_of_record();
    return e;
  };
  while (true) {
    Expected<RecordToken> token = take();
    if (!token) return failed(make_error("record " + std::to_string(number_) + ": " + token.error().message));
    RecordToken& t = *token;
    std::vector<RecordMove>& line = *lines.back();
    const bool main_line = lines.size() == 1;
    switch (t.kind) {
      case RecordToken::End:
        if (!main_line) return error_at(t, "a variation '(' is not closed");
        result_from_tag(record, dialect);
        return Ok{};
      case RecordToken::OpenBracket:  // the next record's tags: this one had no result
        if (!main_line) return failed(error_at(t, "a variation '(' is not closed"));
        put_back(std::move(t));
        result_from_tag(record, dialect);
        return Ok{};
      case RecordToken::Comment:
        if (line.empty()) {
          if (main_line) record.opening_notes.push_back(t.text);
        } else {
          line.back().comments.push_back(t.text);
        }
        continue;
      case RecordToken::Nag:
        if (!line.empty()) line.back().nags.push_back(std::stoi(t.text));
        continue;
      case RecordToken::OpenParen:
        if (Expected<std::optional<int>> nag = bracketed_glyph(); !nag) {
          return failed(make_error("record " + std::to_string(number_) + ": " + nag.error().message));
        } else if (*nag) {
          if (!line.empty()) line.back().nags.push_back(**nag);
          continue;
        }
        if (line.empty()) return failed(error_at(t, "a variation '(' before any move"));
        if (lines.size() > kMaxVariationDepth) return failed(error_at(t, "variations nested too deeply"));
        line.back().variations.emplace_back();
        lines.push_back(&line.back().variations.back());
        continue;
      case RecordToken::CloseParen:
        if (main_line) return failed(error_at(t, "')' without a '(' before it"));
        lines.pop_back();
        continue;
      case RecordToken::String:
      case RecordToken::CloseBracket:
        return failed(
            error_at(t, t.kind == RecordToken::String ? "a string among the moves" : "']' among the moves"));
      case RecordToken::Word:
        break;
    }
    if (std::string result = standard_result(t.text, dialect); !result.empty()) {
      if (!main_line) return failed(error_at(t, "the record ends inside a variation"));
      record.result = result;
      return Ok{};
    }
    if (is_move_number(t.text) || t.text == "..." || t.text == "\xE2\x80\xA6" || t.text == "e.p." ||
        t.text == "ep")
      continue;
    // A move, perhaps with annotation glyphs after it.
    std::string text = t.text;
    if (Status joined = join_split_move(text); !joined)
      return failed(make_error("record " + std::to_string(number_) + ": " + joined.error().message));
    std::vector<int> nags;
    std::size_t glyphs = text.size();
    while (glyphs > 0 && (text[glyphs - 1] == '!' || text[glyphs - 1] == '?')) --glyphs;
    if (glyphs < text.size()) {
      if (int nag = glyph_nag(std::string_view(text).substr(glyphs))) nags.push_back(nag);
      text.resize(glyphs);
    }
    // A glyph standing alone, after its move; or glued to a move number
    // ("3..?"), which it cannot annotate: it goes to the move before too
    // (read as a move, "3.." would be written so and read back as a number).
    if (text.empty() || is_move_number(text)) {
      if (!line.empty()) line.back().nags.insert(line.back().nags.end(), nags.begin(), nags.end());
      continue;
    }
    RecordMove m;
    m.text = std::move(text);
    m.nags = std::move(nags);
    m.line = t.line;
    m.column = t.column;
    line.push_back(std::move(m));
  }
}

// --- Results -------------------------------------------------------------------

std::optional<ResultMeaning> result_meaning(std::string_view token, const RecordDialect& dialect) {
  const std::string result = standard_result(token, dialect);
  if (result == "1/2-1/2") return ResultMeaning{Verdict::Draw, Side::First};
  for (Side s : {Side::First, Side::Second})
    if (result == dialect.win_tokens[index(s)]) return ResultMeaning{Verdict::Win, s};
  return std::nullopt;
}

std::string result_token(const Outcome& o, const RecordDialect& dialect) {
  return o.verdict == Verdict::Win ? dialect.win_tokens[index(o.winner)] : score_text(o);
}

// --- Reading: replay -------------------------------------------------------------

std::vector<MoveText> record_word_moves(const Game& game, std::string_view word) {
  std::vector<MoveText> moves = game.moves_matching(word);
  if (moves.empty())
    if (std::string_view rest = after_move_number(word); !rest.empty()) moves = game.moves_matching(rest);
  return moves;
}

std::string_view without_move_number(std::string_view word) {
  std::string_view rest = after_move_number(word);
  return rest.empty() ? word : rest;
}

bool is_bare_move_number(std::string_view word) { return all_digits(word); }

std::string record_start_fen(const GameRecord& record, const Game& game) {
  const std::string fen = record.tag("FEN");
  return fen.empty() ? game.start_fen() : fen;
}

namespace {

// The move a record's word names here: the word, or the word after a move
// number glued to it ("1.e4"); what a word made only of digits that is no
// move stands for is a move number without its period.
Expected<MoveText> parse_record_word(const Game& game, std::string_view word, bool* skip) {
  *skip = false;
  Expected<MoveText> move = game.parse_move(word);
  if (move) return move;
  if (std::string_view rest = after_move_number(word); !rest.empty())
    if (Expected<MoveText> after = game.parse_move(rest)) return after;
  if (all_digits(word)) *skip = true;
  return move;
}

// How many of a record's moves past an ambiguous one are looked at to tell
// which of its moves was played, and how many moves that look may play in
// all (each word of the record read in it may stand for several moves): a
// word's cost is bounded, whatever the position.
constexpr int kLookahead = 6;
constexpr int kLookaheadPlays = 256;

// Whether the words from `next` can be played from `game`, as far as
// `depth` moves (trying each move an ambiguous word may stand for). Each
// move tried is taken back: `game` is as it was when this returns. `plays`
// is what the look may still play; when it runs out the line is taken not
// to go on.
bool line_goes_on(Game& game, std::vector<RecordMove>::const_iterator next,
                  std::vector<RecordMove>::const_iterator end, int depth, int& plays) {
  for (; next != end && depth > 0; ++next) {
    const std::vector<MoveText> moves = record_word_moves(game, next->text);
    if (moves.empty()) {
      if (all_digits(next->text)) continue;  // a move number without its period
      return false;
    }
    for (const MoveText& m : moves) {
      if (plays <= 0) return false;
      --plays;
      if (!game.play(m.id)) continue;
      const bool goes_on = line_goes_on(game, next + 1, end, depth - 1, plays);
      game.undo();
      if (goes_on) return true;
    }
    return false;
  }
  return true;
}

// The one move of an ambiguous word after which the record goes on, if
// exactly one lets it ("10x26" where only one route lets the next moves be
// played); nullopt when none or several do. `game` is played on and taken
// back: it is as it was when this returns.
std::optional<MoveText> move_by_what_follows(Game& game, std::string_view word,
                                             std::vector<RecordMove>::const_iterator next,
                                             std::vector<RecordMove>::const_iterator end) {
  std::vector<MoveText> moves = record_word_moves(game, word);
  if (moves.size() < 2 || next == end) return std::nullopt;
  std::optional<MoveText> found;
  int plays = kLookaheadPlays;
  for (MoveText& m : moves) {
    if (!game.play(m.id)) continue;
    const bool goes_on = line_goes_on(game, next, end, kLookahead, plays);
    game.undo();
    if (!goes_on) continue;
    if (found) return std::nullopt;
    found = std::move(m);
  }
  return found;
}

// "move 14 (Black): Nxe5: no knight can reach e5 (line 40, column 12)":
// the move as written once (a game's refusal usually starts with it). A
// long word is quoted by its start only (the reason after it is kept).
std::string move_error(const Game& game, const RecordMove& m, const std::string& why) {
  std::string out =
      "move " + std::to_string(game.move_number()) + " (" + game.side_name(game.side_to_move()) + "): ";
  const std::string written = printable(m.text);  // the record's bytes may be anything
  const std::string quoted = printable_excerpt(m.text);
  if (why.starts_with(written))
    out += quoted + why.substr(written.size());
  else
    out += quoted + ": " + why;
  if (m.line) out += " (" + record_where(m.line, m.column) + ")";
  return out;
}

// Gives each move of a variation its id where the variation can be played
// from `game` (the position before its first move), and goes on into the
// variations inside it. A variation that cannot be played keeps its text.
// The variation is played on `game` and taken back: `game` is as it was when
// this returns, and a variation costs its own moves, not a copy of the game.
void resolve_variation(std::vector<RecordMove>& line, Game& game) {
  std::size_t played = 0;
  bool playable = true;
  auto kept = line.begin();
  for (auto it = line.begin(); it != line.end(); ++it) {
    for (auto& inner : it->variations) resolve_variation(inner, game);
    if (playable) {
      bool skip = false;
      Expected<MoveText> move = parse_record_word(game, it->text, &skip);
      if (skip) continue;
      if (!move)
        if (std::optional<MoveText> chosen = move_by_what_follows(game, it->text, it + 1, line.end()))
          move = std::move(*chosen);
      if (move) {
        it->id = move->id;
        it->text = game.record_move_text(*move);
      }
      if (move && game.play(move->id))
        ++played;
      else
        playable = false;
    }
    if (kept != it) *kept = std::move(*it);
    ++kept;
  }
  line.erase(kept, line.end());
  for (; played > 0; --played) game.undo();
}

bool on_time(const GameRecord& record) { return ascii_lower(record.tag("Termination")) == "time forfeit"; }

}  // namespace

// The replay of read_game, counting in `plies` the main-line moves played
// (-1 when the record's set-up cannot be read).
static Expected<ReadGame> replay_record(GameRecord record, std::unique_ptr<Game> game, std::size_t max_plies,
                                        int& plies) {
  plies = -1;
  const RecordDialect named = game->record_dialect();
  if (std::string variant = record.tag("Variant"); !variant.empty() && !named.variant_tags.empty()) {
    const std::string lowered = ascii_lower(variant);
    if (std::find(named.variant_tags.begin(), named.variant_tags.end(), lowered) == named.variant_tags.end())
      return make_error("the variant '" + printable_excerpt(variant) + "' is not " +
                        std::string(game->name()) +
                        (game->variant().empty() ? "" : " (" + std::string(game->variant()) + ")"));
  }
  if (std::string fen = record.tag("FEN"); !fen.empty())
    if (Status s = game->set_fen(fen); !s) return make_error("FEN tag: " + s.error().message);
  const RecordDialect dialect = game->record_dialect();
  auto referee = std::make_unique<Referee>(std::move(game), TimeControl{}, 0, Referee::Mode::Record);
  plies = 0;
  referee->set_max_plies(max_plies);
  // A copy of the game that follows the main line, made when first needed:
  // variations and ambiguous words are tried on it and taken back, so that
  // a move costs the same at ply 10 as at ply 10,000 (a copy of the game at
  // every move would cost its whole history each time).
  std::unique_ptr<Game> scratch;
  auto scratch_game = [&]() -> Game& {
    if (!scratch) scratch = referee->game().clone();
    return *scratch;
  };
  // Words that are no move (a move number without its period) are dropped:
  // the moves kept are moved down over them as the line is read.
  std::vector<RecordMove>& moves = record.moves;
  auto kept = moves.begin();
  for (auto it = moves.begin(); it != moves.end(); ++it) {
    const Game& now = referee->game();
    bool skip = false;
    Expected<MoveText> move = parse_record_word(now, it->text, &skip);
    if (skip) continue;
    if (!move)
      if (std::optional<MoveText> chosen =
              move_by_what_follows(scratch_game(), it->text, it + 1, moves.end()))
        move = std::move(*chosen);
    if (!move) return make_error(move.error().code, move_error(now, *it, move.error().message));
    for (auto& variation : it->variations) resolve_variation(variation, scratch_game());
    it->id = move->id;
    it->text = now.record_move_text(*move);
    // On a refusal the game is as it was before the move.
    if (Expected<MoveText> played = referee->play(move->id, 0); !played)
      return make_error(played.error().code, move_error(referee->game(), *it, played.error().message));
    if (scratch) (void)scratch->play(move->id);
    if (kept != it) *kept = std::move(*it);
    ++kept;
    ++plies;
  }
  moves.erase(kept, moves.end());
  const std::optional<ResultMeaning> result = result_meaning(record.result, dialect);
  referee->conclude(result ? result->verdict : Verdict::Ongoing, result ? result->winner : Side::First,
                    on_time(record));
  record.rulings = referee->noted_rulings();
  return ReadGame{std::move(referee), std::move(record)};
}

Expected<ReadGame> read_game(GameRecord record, std::unique_ptr<Game> game, std::size_t max_plies) {
  int plies = 0;
  return replay_record(std::move(record), std::move(game), max_plies, plies);
}

Expected<ReadGame> read_game(GameRecord record, std::unique_ptr<Game> game, int& plies_read) {
  return replay_record(std::move(record), std::move(game), 0, plies_read);
}

}  // namespace qi
