// What the record fuzz targets (fuzz_chess_pgn, fuzz_xiangqi_pgn,
// fuzz_checkers_pdn) check of the one record model (core/record.h) on
// arbitrary bytes, for one game: reading never crashes or hangs; every error
// carries a message, in valid UTF-8; the reader goes on to the next record after one that
// fails; and a record that replays is written out and read again to the same
// game (start, moves, variations, result and how it ended), both as read
// and as the referee holds it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/record.h"
#include "core/utf8.h"
#include "engine/registry.h"

namespace qi::fuzz {

inline void check(bool condition) {
  if (!condition) __builtin_trap();
}

// The ids of a line and of its variations, in the order written.
inline void ids_of(const std::vector<RecordMove>& line, std::vector<std::string>& out) {
  for (const RecordMove& m : line) {
    out.push_back(m.id.empty() ? "?" + m.text : m.id);
    for (const auto& v : m.variations) {
      out.push_back("(");
      ids_of(v, out);
      out.push_back(")");
    }
  }
}

inline std::vector<std::string> ids_of(const GameRecord& r) {
  std::vector<std::string> out;
  ids_of(r.moves, out);
  return out;
}

inline void same_game(const ReadGame& a, const ReadGame& b) {
  check(a.referee->game().initial_fen() == b.referee->game().initial_fen());
  check(a.referee->game().moves_played() == b.referee->game().moves_played());
  const Outcome x = a.referee->outcome(), y = b.referee->outcome();
  check(x.verdict == y.verdict && x.winner == y.winner && x.termination == y.termination);
  check(a.record.rulings.size() == b.record.rulings.size());
}

// The first record of `text`, read as `game_name` (the variant its tags
// name, else the default).
inline Expected<ReadGame> read_one(std::string_view text, std::string_view game_name) {
  RecordReader reader(text);
  Expected<std::optional<GameRecord>> tags = reader.next_tags();
  if (!tags) return tags.error();
  if (!*tags) return make_error("no record");
  const engine::GameRegistration* g = engine::find_game(game_name);
  Expected<std::unique_ptr<Game>> game =
      make_game(game_name, variant_of_tags(g->descriptor(), (*tags)->tags).value_or(""));
  if (!game) return game.error();
  if (Status s = reader.read_movetext(**tags, (*game)->record_dialect()); !s) return s.error();
  return read_game(std::move(**tags), std::move(*game));
}

inline void fuzz_records(const std::uint8_t* data, std::size_t size, std::string_view game_name) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const engine::GameRegistration* registration = engine::find_game(game_name);
  check(registration != nullptr);
  RecordReader reader(text);
  for (std::size_t calls = 0;; ++calls) {
    // Each record read consumes at least one token.
    check(calls <= size + 1);
    Expected<std::optional<GameRecord>> tags = reader.next_tags();
    if (!tags) {
      check(!tags.error().message.empty() && is_valid_utf8(tags.error().message));
      continue;
    }
    if (!*tags) break;
    GameRecord record = std::move(**tags);
    const std::string variant = variant_of_tags(registration->descriptor(), record.tags).value_or("");
    Expected<std::unique_ptr<Game>> game = make_game(game_name, variant);
    check(game.has_value());
    if (Status s = reader.read_movetext(record, (*game)->record_dialect()); !s) {
      check(!s.error().message.empty() && is_valid_utf8(s.error().message));
      continue;
    }
    Expected<ReadGame> read = read_game(std::move(record), std::move(*game));
    if (!read) {
      check(!read.error().message.empty() && is_valid_utf8(read.error().message));
      continue;
    }
    // As read: tags, comments, NAGs and variations included.
    const std::string written = write_record(read->record, read->referee->game());
    Expected<ReadGame> again = read_one(written, game_name);
    check(again.has_value());
    same_game(*read, *again);
    check(ids_of(again->record) == ids_of(read->record));
    check(write_record(again->record, again->referee->game()) == written);
    // As the referee holds it: the moves, the result and how it ended.
    const std::string held =
        write_record(record_of(*read->referee, read->record.tags), read->referee->game());
    Expected<ReadGame> back = read_one(held, game_name);
    check(back.has_value());
    check(back->referee->game().moves_played() == read->referee->game().moves_played());
    check(back->referee->outcome().verdict == read->referee->outcome().verdict);
  }
}

}  // namespace qi::fuzz
