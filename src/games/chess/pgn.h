// Portable Game Notation, import and export (the 1994 PGN specification).
//
// Import reads any number of games: tag pairs, then the moves in SAN (with
// the variants san.h accepts), move numbers ("1." and "1..."), comments
// ("{...}" and ";" to the end of the line), NAGs ("$1") and glyphs ("!?"),
// variations ("( ... )", nested) which are skipped, "%" escape lines, and a
// result ("1-0", "0-1", "1/2-1/2", "*"). A game whose result is missing ends
// at the next "[" or at the end of the text, with the Result tag's value, or
// "*". The FEN tag (with or without SetUp "1") starts the game from that
// position. Each move is checked against the legal moves; an illegal or
// ambiguous one stops the game with its number and the reason:
//   PGN game 2, move 14 (black): Nxe5 is illegal: no knight can reach e5 (line 40, column 12)
// The game's result is the result written after the moves (or, if there is
// none, the Result tag), and the Result tag is set to it. Comments,
// variations and annotations are not kept. Moves after the end of the game
// by rule are only possible where the position still has legal moves (after
// a dead position or a fivefold repetition); they are accepted as written.
//
// Export writes the seven-tag roster in its order (Event, Site, Date, Round,
// White, Black, Result; "?" for an unknown value, "????.??.??" for an unknown
// date), then SetUp "1" and FEN for a game that does not start from the
// standard position, then the other tags in their order; a blank line; the
// moves in SAN with move numbers, in lines of at most 79 characters; the
// optional final comment; the result.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "games/chess/pgn_tokenizer.h"
#include "games/chess/position.h"
#include "games/chess/types.h"

namespace qi::chess {

struct PgnGame {
  // The seven-tag roster in its order, then the other tags in the order they
  // were read or set. SetUp and FEN are not kept here but in start_fen.
  std::vector<std::pair<std::string, std::string>> tags;
  std::string start_fen;  // empty: the standard starting position
  std::vector<Move> moves;
  std::string result = "*";   // "1-0", "0-1", "1/2-1/2" or "*"
  std::string final_comment;  // written before the result on export; not read

  PgnGame();  // the roster with unknown values and result "*"

  // The value of a tag, or "" when absent.
  std::string tag(std::string_view name) const;
  // Sets a tag, keeping its place if present, else adding it at the end.
  void set_tag(std::string_view name, std::string value);
  // The position the moves start from (the FEN is valid: it was read or set
  // through a Position).
  Position start_position() const;

  friend bool operator==(const PgnGame&, const PgnGame&) = default;
};

// Reads games one by one. After an error in a game, the reader skips to the
// next game, so a caller may report the error and go on.
class PgnReader {
 public:
  explicit PgnReader(std::string_view text) : tokens_(text) {}

  // The next game; nullopt at the end of the text.
  Expected<std::optional<PgnGame>> next();
  // How many games were started so far (the number of the game last read).
  int games_started() const { return game_number_; }

 private:
  Expected<PgnToken> take();
  void put_back(PgnToken token) { pending_ = std::move(token); }
  Error error_at(const PgnToken& where, const std::string& what) const;
  Status read_tags(std::vector<std::pair<std::string, std::string>>& tags);
  Status read_moves(PgnGame& game, Position& pos);
  void skip_rest_of_game();

  PgnTokenizer tokens_;
  std::optional<PgnToken> pending_;
  int game_number_ = 0;
  bool moves_started_ = false;  // of the game being read, for skipping after an error
};

// Every game of a PGN text; the first error stops the reading.
Expected<std::vector<PgnGame>> read_pgn(std::string_view text);

// One game in export format, ending with a blank line.
std::string write_pgn(const PgnGame& game);

}  // namespace qi::chess
