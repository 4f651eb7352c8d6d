#include "app/record_import.h"

#include <cctype>

#include "app/session.h"
#include "core/record.h"
#include "core/text.h"
#include "engine/registry.h"

namespace qi::app {
namespace {

// Tag pairs or numbered moves: the text is meant as a game record, so its
// error is the one to report. (A draughts FEN may end in '.': that is no
// move number.)
bool looks_like_record(std::string_view s) {
  if (s.find('[') != std::string_view::npos) return true;
  for (std::size_t i = 0; i + 2 < s.size(); ++i)
    if (std::isdigit(static_cast<unsigned char>(s[i])) && s[i + 1] == '.') return true;
  return false;
}

Expected<ImportedGame> read_record(std::string_view game_name, std::string_view variant,
                                   std::string_view text) {
  RecordReader reader(text);
  Expected<std::optional<GameRecord>> tags = reader.next_tags();
  if (!tags) return tags.error();
  if (!*tags) return make_error("the record has no game");
  GameRecord record = std::move(**tags);
  const engine::GameRegistration* registration = engine::find_game(game_name);
  // The movetext reads alike in every variant of a game: in the one asked
  // for, or the one the tags name, then the record as a whole may choose.
  std::string chosen(variant);
  if (chosen.empty() && registration)
    chosen = variant_of_tags(registration->descriptor(), record.tags).value_or("");
  Expected<std::unique_ptr<Game>> game = make_game(game_name, chosen);
  if (!game) return game.error();
  if (Status s = reader.read_movetext(record, (*game)->record_dialect()); !s) return s.error();
  std::string assumed;
  if (variant.empty() && registration) {
    Expected<RecordVariant> of = variant_of_record(*registration, record);
    if (!of) return of.error();
    assumed = of->assumption;
    if (of->variant != (*game)->variant()) {
      game = make_game(game_name, of->variant);
      if (!game) return game.error();
    }
  }
  // Reading stops at the move past the app's bound: an import's work is
  // bounded by it, not by the text.
  Expected<ReadGame> read = read_game(std::move(record), std::move(*game), kMaxGamePlies);
  if (!read) {
    if (assumed.empty()) return read.error();
    return make_error(read.error().code, read.error().message + " (" + assumed + ")");
  }
  const Game& played = read->referee->game();
  ImportedGame out;
  out.variant = std::string(played.variant());
  out.assumed = std::move(assumed);
  if (played.initial_fen() != played.start_fen()) out.start_fen = played.initial_fen();
  for (const MoveText& m : played.moves_played()) out.moves.push_back(m.id);
  out.rulings = read->record.rulings;
  out.fen_warnings = played.fen_warnings();
  out.result = read->record.result;
  for (const auto& tag : read->record.tags)
    if (tag.first != "FEN" && tag.first != "SetUp" && tag.first != "Result") out.tags.push_back(tag);
  return out;
}

// The variant a bare FEN is of when the caller names none: the one the game
// makes of a record holding only that FEN (a draughts FEN with square 45 is
// international).
Expected<RecordVariant> variant_of_fen(std::string_view game_name, std::string_view fen) {
  const engine::GameRegistration* registration = engine::find_game(game_name);
  if (!registration) return RecordVariant{};
  GameRecord record;
  record.set_tag("FEN", std::string(fen));
  return variant_of_record(*registration, record);
}

}  // namespace

Expected<ImportedGame> import_record(std::string_view game_name, std::string_view variant,
                                     std::string_view text) {
  text = trim(text);
  if (text.empty()) return make_error("the record is empty");
  std::string chosen(variant), assumed;
  if (chosen.empty() && !looks_like_record(text))
    if (Expected<RecordVariant> of = variant_of_fen(game_name, text)) {
      chosen = of->variant;
      assumed = of->assumption;
    }
  auto game = make_game(game_name, chosen);
  if (!game) return game.error();
  Status fen = (*game)->set_fen(text);
  if (fen && !looks_like_record(text)) {
    ImportedGame out;
    out.variant = std::string((*game)->variant());
    out.assumed = std::move(assumed);
    out.start_fen = (*game)->fen();
    out.fen_warnings = (*game)->fen_warnings();
    return out;
  }
  Expected<ImportedGame> record = read_record(game_name, variant, text);
  if (record) return record;
  if (!fen && !looks_like_record(text))
    return make_error(record.error().code, "not a FEN (" + fen.error().message + ") nor a game record (" +
                                               record.error().message + ")");
  return make_error(record.error().code, "the record: " + record.error().message);
}

}  // namespace qi::app
