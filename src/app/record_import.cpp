#include "app/record_import.h"

#include <cctype>

#include "core/text.h"
#include "games/checkers/checkers_game.h"
#include "games/checkers/pdn.h"
#include "games/chess/pgn.h"
#include "games/chess/types.h"
#include "games/registry.h"
#include "games/xiangqi/notation.h"
#include "games/xiangqi/pgn.h"

namespace qi::app {
namespace {

// Tag pairs or numbered moves: the text is meant as a game record, so its
// error is the one to report.
bool looks_like_record(std::string_view s) {
  if (s.find('[') != std::string_view::npos) return true;
  for (std::size_t i = 0; i + 1 < s.size(); ++i)
    if (std::isdigit(static_cast<unsigned char>(s[i])) && s[i + 1] == '.') return true;
  return false;
}

Expected<ImportedGame> chess_record(std::string_view text) {
  auto games = chess::read_pgn(text);
  if (!games) return games.error();
  if (games->empty()) return make_error("the PGN has no game");
  ImportedGame out;
  out.start_fen = games->front().start_fen;
  for (chess::Move m : games->front().moves) out.moves.push_back(chess::to_uci(m));
  return out;
}

Expected<ImportedGame> xiangqi_record(std::string_view text) {
  auto record = xiangqi::read_pgn(text);
  if (!record) return record.error();
  ImportedGame out;
  out.start_fen = record->start_fen;
  for (xiangqi::Move m : record->moves) out.moves.push_back(xiangqi::to_iccs(m));
  return out;
}

Expected<ImportedGame> checkers_record(std::string_view variant, std::string_view text) {
  auto games = checkers::parse_pdn(text);
  if (!games) return games.error();
  if (games->empty()) return make_error("the PDN has no game");
  auto game = checkers::load_pdn_game(games->front(), variant);
  if (!game) return game.error();
  ImportedGame out;
  out.variant = std::string((*game)->variant());
  for (const MoveText& m : (*game)->moves_played()) out.moves.push_back(m.id);
  std::unique_ptr<Game> start = (*game)->clone();
  while (start->undo()) {
  }
  out.start_fen = start->fen();
  return out;
}

// Squares (or any move text the game reads) separated by spaces or commas.
Expected<ImportedGame> move_list(Game& game, std::string_view text) {
  ImportedGame out;
  std::string word;
  int number = 0;
  auto take = [&]() -> Status {
    if (word.empty()) return Ok{};
    ++number;
    auto played = game.play(word);
    if (!played)
      return make_error("move " + std::to_string(number) + " (" + word + "): " + played.error().message);
    out.moves.push_back(played->id);
    word.clear();
    return Ok{};
  };
  for (char c : text) {
    if (is_space(c) || c == ',') {
      if (Status st = take(); !st) return st.error();
    } else {
      word += c;
    }
  }
  if (Status st = take(); !st) return st.error();
  return out;
}

}  // namespace

Expected<ImportedGame> import_record(std::string_view game_name, std::string_view variant,
                                     std::string_view text) {
  text = trim(text);
  if (text.empty()) return make_error("the record is empty");
  auto game = make_game(game_name, variant);
  if (!game) return game.error();
  Status fen = (*game)->set_fen(text);
  if (fen && !looks_like_record(text)) {
    ImportedGame out;
    out.variant = std::string((*game)->variant());
    out.start_fen = (*game)->fen();
    return out;
  }
  Expected<ImportedGame> record = make_error("no record");
  if (game_name == "chess")
    record = chess_record(text);
  else if (game_name == "xiangqi")
    record = xiangqi_record(text);
  else if (game_name == "checkers")
    record = checkers_record(variant, text);
  else
    record = move_list(**game, text);
  if (record) {
    if (record->variant.empty()) record->variant = std::string((*game)->variant());
    return record;
  }
  if (!fen && !looks_like_record(text))
    return make_error("not a FEN (" + fen.error().message + ") nor a game record (" + record.error().message +
                      ")");
  return make_error("the record: " + record.error().message);
}

}  // namespace qi::app
