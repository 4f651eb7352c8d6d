// Which game and variant a pasted text is (a game record, or a position
// alone), asked of every registered game, the test-only ones included: the
// one place that tells it (the API's POST /api/records/identify, and so the
// page's import box).
//
// A position (FEN) is the game whose FEN reader reads all of it. A record
// (PGN, PDN, or just its moves) is, in this order: the game its tags name
// (the descriptors' identifying tags: GameType "25", Variant "Chess960",
// Game "Chinese Chess"); else the game whose move reader plays the record
// furthest, in that game's dialect and in the variant the game makes of it
// (variant_of_record: a draughts record without GameType by its squares and
// moves); where several play it equally far, the one whose player tags the
// record uses (Red and Black are xiangqi's, X and O tic-tac-toe's). What
// still ties, or what no game reads at all, is said as such.
//
// The work is bounded and linear in the text: at most kMaxIdentifiedBytes,
// read once per game, each game's replay stopping at its first illegal move.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/words.h"

namespace qi {

// As much as a game's import takes (the API's body bound).
inline constexpr std::size_t kMaxIdentifiedBytes = 64 * 1024;

// How far one game reads the text.
struct RecordReading {
  std::string game, variant;
  int plies = -1;      // main-line moves played; -1: not even its start (tags, FEN) was read
  bool whole = false;  // every move of it was played
  std::string error;   // why it stopped, when not whole
};

struct RecordIdentity {
  enum class Basis {
    Tagged,    // the record's tags name the game
    Position,  // a FEN of the game, nothing else
    Moves,     // its moves: the game that plays them furthest
    None,      // a tie: no game stands out (`game` is empty)
  };
  std::string game, variant;  // empty on a tie
  std::string format;         // the variant's record format ("PGN", "PDN"), or "FEN" for a position
  Basis basis = Basis::None;
  // The game is certain: named by tags, the only game reading the position,
  // or the only one playing every move (not when its best reader stops at
  // an illegal move, nor on a tie).
  bool sure = false;
  Words why;            // how it was told, in English and Chinese
  std::string assumed;  // what the game assumed to choose the variant (English), else ""
  // The variants of the game that read it as far as `variant` does (`variant` among them): a page
  // keeps a variant already chosen when it is one of these.
  std::vector<std::string> variants;
  int plies = 0;                        // the chosen game's moves played
  std::vector<RecordReading> readings;  // every game that read anything, furthest first
};

// Refused (code "record_unreadable") when the text is empty, longer than
// kMaxIdentifiedBytes, or read by no game; the message says each game's reason.
Expected<RecordIdentity> identify_record(std::string_view text);

std::string_view basis_name(RecordIdentity::Basis basis);  // "tags", "position", "moves", "none"

}  // namespace qi
