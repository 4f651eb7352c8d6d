#include "arena/openings.h"

#include <cctype>
#include <sstream>

#include "core/bounded_input.h"
#include "core/record.h"
#include "core/text_encoding.h"
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
    if (auto fen = engine::handicap_fen(game, words[0])) return game.set_fen(*fen);
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

}  // namespace

Status apply_opening(const Opening& opening, Game& game) {
  if (Status s = game.set_fen(opening.fen); !s) return make_error(opening.label + ": " + s.error().message);
  for (const std::string& m : opening.moves) {
    if (Expected<MoveText> played = game.play(m); !played)
      return make_error(opening.label + ": " + played.error().message);
  }
  if (Outcome o = game.outcome(); o.over())
    return make_error(opening.label + ": the game is already over: " + game.describe(o));
  return Ok{};
}

Expected<std::vector<Opening>> parse_openings(std::string_view text, Game& game) {
  std::vector<Opening> out;
  if (looks_like_pgn(text)) {
    RecordReader reader(text);
    const RecordDialect dialect = game.record_dialect();
    while (true) {
      Expected<std::optional<GameRecord>> tags = reader.next_tags();
      if (!tags) return make_error("openings: " + tags.error().message);
      if (!*tags) break;
      GameRecord& record = **tags;
      Opening opening;
      opening.label = "openings: game " + std::to_string(reader.records_started()) + " (line " +
                      std::to_string(record.line) + ")";
      if (Status read = reader.read_movetext(record, dialect); !read)
        return make_error("openings: " + read.error().message);
      game.reset();
      std::unique_ptr<Game> fresh = game.clone();
      Expected<ReadGame> read = read_game(std::move(record), std::move(fresh));
      if (!read) return make_error(opening.label + ": " + read.error().message);
      const Game& played = read->referee->game();
      opening.fen = played.initial_fen();
      for (const MoveText& m : played.moves_played()) opening.moves.push_back(m.id);
      if (Status applied = apply_opening(opening, game); !applied) return applied.error();
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
        return make_error(opening.label + ": the game is already over: " + game.describe(o));
      opening.fen = game.fen();
      out.push_back(std::move(opening));
    }
  }
  game.reset();
  if (out.empty()) return make_error("openings: no position found");
  return out;
}

Expected<std::vector<Opening>> read_openings(const std::string& path, Game& game) {
  // Bounded while it is read: a larger file (or /dev/zero) costs 64 MiB.
  Expected<std::string> bytes = read_file_bounded(path, kMaxOpeningsBytes);
  if (!bytes) return bytes.error();
  Expected<std::vector<Opening>> openings = parse_openings(decode_text(std::move(*bytes)).text, game);
  if (!openings) return make_error(path + ": " + openings.error().message);
  return openings;
}

}  // namespace qi::arena
