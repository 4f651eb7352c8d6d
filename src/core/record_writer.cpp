// Writing a record: the PGN or PDN text of a game, wrapped to the standard's
// width (the model and the reader are in record.cpp).
#include "core/record.h"

#include <algorithm>

#include "core/text.h"
#include "core/utf8.h"

namespace qi {
namespace {

constexpr std::size_t kLineWidth = 79;

std::string quoted(std::string_view value) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out + "\"";
}

class LineWrapper {
 public:
  // A '%' in a line's first column hides the line (PGN's escape): a kept
  // word that starts with one is indented, or it and what follows it on the
  // line would be lost when the record is read again. Inside a comment a
  // '%' is text, and an indent would add a space to the comment.
  void add(std::string_view token) { append(token, token.starts_with('%')); }
  // A variation's parentheses hug what they hold: "(1. d4 d5)".
  void open_variation() {
    add("(");
    glue_ = true;
  }
  void close_variation() {
    if (line_.empty())
      line_ = ")";
    else
      line_ += ')';
  }
  // A comment, word by word so that a long one keeps to the width.
  void add_comment(std::string_view text) {
    std::string body = "{";
    for (char c : text) body += (c == '}' || c == '\n' || c == '\r') ? ' ' : c;
    body += "}";
    std::size_t start = 0;
    while (start < body.size()) {
      std::size_t end = body.find(' ', start);
      if (end == std::string::npos) end = body.size();
      if (end > start) append(std::string_view(body).substr(start, end - start), false);
      start = end + 1;
    }
  }
  std::string finish() {
    flush();
    return std::move(text_);
  }

 private:
  void append(std::string_view token, bool indent_at_line_start) {
    if (!line_.empty() && line_.size() + 1 + token.size() > kLineWidth) flush();
    if (line_.empty() ? indent_at_line_start : !glue_) line_ += ' ';
    line_ += token;
    glue_ = false;
  }
  void flush() {
    if (line_.empty()) return;
    text_ += line_ + "\n";
    line_.clear();
  }
  std::string text_, line_;
  bool glue_ = false;
};

// The PGN standard's Termination values (section 9.8.1) for an ending.
std::string pgn_termination(const Termination& t) {
  if (t == Termination::Time || t == Termination::Overruns || t == Termination::TimeCannotWin)
    return "time forfeit";
  if (t == Termination::IllegalMove || t == Termination::ProtocolError) return "rules infraction";
  if (t == Termination::Crash || t == Termination::NoReply) return "abandoned";
  if (t == Termination::Adjudication || t == Termination::AdjudicationDraw || t == Termination::MaxMoves)
    return "adjudication";
  return "normal";
}

// A move of a line with its number when it needs one (the first side's, or
// the second's after a break), its NAGs and comments; whether the next move
// needs its number.
bool write_move(LineWrapper& out, const RecordMove& m, bool numbered, bool first_side, int number,
                bool need_number) {
  if (numbered && (first_side || need_number)) out.add(std::to_string(number) + (first_side ? "." : "..."));
  out.add(m.text);
  for (int nag : m.nags) out.add("$" + std::to_string(nag));
  for (const std::string& c : m.comments) out.add_comment(c);
  return !m.comments.empty();
}

// A line known to be legal, with no variations: the move numbers follow
// from the start's and the sides' alternation.
void write_played_line(LineWrapper& out, const std::vector<RecordMove>& line, const Game& start) {
  bool need_number = true;
  Side side = start.side_to_move();
  int number = start.move_number();
  for (const RecordMove& m : line) {
    need_number = write_move(out, m, true, side == Side::First, number, need_number);
    if (side == Side::Second) ++number;
    side = ~side;
  }
}

void write_line(LineWrapper& out, const std::vector<RecordMove>& line, Game& game) {
  bool need_number = true;
  // From a move that cannot be played on (a variation that does not replay
  // from its branch point), the rest of the line keeps its text as read,
  // without move numbers: the reader keeps it so too.
  bool playable = true;
  for (const RecordMove& m : line) {
    need_number =
        write_move(out, m, playable, game.side_to_move() == Side::First, game.move_number(), need_number);
    for (const auto& variation : m.variations) {
      std::unique_ptr<Game> g = game.clone();
      out.open_variation();
      write_line(out, variation, *g);
      out.close_variation();
      need_number = true;
    }
    if (playable && (m.id.empty() || !game.play(m.id))) playable = false;
  }
}

}  // namespace

GameRecord record_of(const Referee& referee, const Tags& tags, const std::vector<std::string>& move_comments,
                     const std::optional<std::array<std::string, 2>>& names,
                     const std::vector<MoveText>* played) {
  const Game& game = referee.game();
  GameRecord record;
  record.played = true;
  record.tags = tags;
  const Outcome outcome = referee.outcome();
  const RecordDialect dialect = game.record_dialect();
  record.result = result_token(outcome, dialect);
  record.set_tag("Result", record.result);
  if (std::string fen = game.initial_fen(); fen != game.start_fen()) {
    record.set_tag("SetUp", "1");
    record.set_tag("FEN", fen);
  }
  if (outcome.over() && !record.has_tag("Termination"))
    record.set_tag("Termination", pgn_termination(outcome.termination));
  std::size_t i = 0;
  const std::vector<MoveText> written_again = played ? std::vector<MoveText>{} : game.moves_played();
  for (const MoveText& m : played ? *played : written_again) {
    RecordMove rm;
    rm.id = m.id;
    rm.text = game.record_move_text(m);
    if (i < move_comments.size() && !move_comments[i].empty()) rm.comments.push_back(move_comments[i]);
    record.moves.push_back(std::move(rm));
    ++i;
  }
  if (outcome.over()) {
    const std::string words = names ? describe(outcome, *names) : game.describe(outcome);
    if (!record.moves.empty())
      record.moves.back().comments.push_back(words);
    else
      record.opening_notes.push_back(words);
  }
  return record;
}

std::string write_record(const GameRecord& record, const Game& game) {
  const RecordDialect dialect = game.record_dialect();
  std::string out;
  auto put = [&](std::string_view name, std::string_view value) {
    out.append("[").append(name).append(" ").append(quoted(value)).append("]\n");
  };
  auto written = [&](std::string_view name) {
    if (name == "Result" || name == "SetUp" || name == "FEN") return true;
    for (const auto& [n, v] : dialect.roster)
      if (n == name) return true;
    for (const auto& [n, v] : dialect.fixed_tags)
      if (n == name) return true;
    return false;
  };
  for (const auto& [name, unknown] : dialect.roster) {
    if (name == "Result") {
      put(name, record.result);
      continue;
    }
    const std::string value = record.tag(name);
    put(name, value.empty() ? unknown : value);
  }
  if (!record.tag("FEN").empty()) {
    put("SetUp", "1");
    put("FEN", record.tag("FEN"));
  }
  // The game's own tags with the game's values: they describe the text
  // written here (xiangqi's Format is the notation of the moves, which are
  // written in the game's record notation whatever a read record used).
  for (const auto& [name, value] : dialect.fixed_tags) put(name, value);
  for (const auto& [name, value] : record.tags)
    if (!written(name)) put(name, value);
  out += "\n";

  std::unique_ptr<Game> g = game.clone();
  g->set_record_mode(true);  // the record's moves may include what only records hold (a null move)
  if (Status s = g->set_fen(record_start_fen(record, game)); !s) g->reset();
  LineWrapper text;
  for (const std::string& note : record.opening_notes) text.add_comment(note);
  if (record.played)
    write_played_line(text, record.moves, *g);
  else
    write_line(text, record.moves, *g);
  text.add(record.result);
  return out + text.finish() + "\n";
}

}  // namespace qi
