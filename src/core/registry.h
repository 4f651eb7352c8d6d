// Every game Qi plays, by name, and everything Qi knows of each: one
// registration a game, made in the game's own folders
// (src/engine/games/<game>/registration.cpp, or a test's folder), so that
// nothing outside them names the game. The command line, the protocols, the
// arena, the app and the server ask this registry.
//
// The registry lives with the rules (core), as a game's Game interface does:
// a program that only plays by the rules needs no engine. The engine backend
// is one optional part of a registration (make_backend; engine/backend.h),
// as are the other parts below that a game may lack.
//
// Registration happens when the program starts (QI_REGISTER_GAME); programs
// get every built-in game by linking qi_games (see docs/architecture.md),
// and a test may register a game of its own with register_game().
#pragma once

#include <array>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "core/game_descriptor.h"
#include "core/lesson.h"
#include "core/move_coordinates.h"
#include "core/record.h"

namespace qi::engine {
class Backend;  // the search over one game (engine/backend.h)
}  // namespace qi::engine

namespace qi {

// The variant a record is of, and what was assumed to choose it where the
// record leaves a choice (in words; empty where the record settles it).
struct RecordVariant {
  std::string variant;
  std::string assumption;
};

// What Qi's ten levels are worth in Elo in one game (docs/levels.md): the
// app rates people against engine levels with it, and UCI_LimitStrength /
// UCI_Elo choose the level nearest a requested Elo.
struct LevelTable {
  std::string_view game;      // the game it was measured in (docs/levels.md's row)
  std::string_view anchor;    // what the numbers are on (docs/levels.md says it in full)
  std::array<int, 10> elo{};  // levels 1..10, rising
};

// One variant of the game as the UCI protocol speaks it, both ways: as `qi
// uci` offers it and as the arena talks to an outside UCI engine.
struct ProtocolVariant {
  std::string_view variant;   // Qi's variant; empty: the game's default
  std::string_view uci_name;  // the UCI_Variant `qi uci` offers it as; empty: not offered
  MoveCoordinates coordinates = MoveCoordinates::GameIds;  // how UCI writes its moves
  // The option an outside UCI engine is given to play it (an empty name:
  // none, the engine's own game), and whether such engines read `position
  // startpos` for its standard start (else they are sent its FEN).
  std::string_view engine_option;
  std::string_view engine_option_value;
  bool engines_read_startpos = true;
  // The check option `qi uci` offers for it (Chess960's UCI_Chess960): set
  // true, it plays this variant wherever UCI_Variant names the game's
  // default; empty: none.
  std::string_view uci_check_option;
};

// How the engine protocols and the records speak of the game.
struct GameProtocols {
  std::span<const ProtocolVariant> variants;  // those UCI speaks; none: UCI plays no variant of it
  bool ucci = false;                          // UCCI engines play it
  bool xboard = false;                        // xboard (CECP) engines play it
  std::string_view xboard_variant;            // the `variant` an xboard engine is given; empty: none
  // Its records carry a Variant tag naming the game and variant ("checkers-
  // russian"); false where the record format is the game's own (PGN).
  bool record_names_variant = true;
};

// A position `qi bench` searches to a fixed depth: its node count is part of
// the search's signature.
struct BenchPosition {
  std::string_view variant;  // empty: the game's default
  std::string_view fen;      // or "startpos"
  int depth;
};

// A game's endgame tables: its positions of few pieces solved by retrograde
// analysis, which its search reads. `qi egdb` builds, probes and checks
// them, and UCI's "EGDB Path" option names their directory, through this.
struct EndgameTables {
  std::string_view description;  // for help: what the tables are of
  std::string_view fen_format;   // for help: the FEN `probe` reads
  int min_pieces = 2, max_pieces = 2;
  // Tables of up to this many pieces keep the plies to the end unless told.
  int distance_pieces = 4;
  // The directory an option value names (empty: the engine's own choice).
  std::string (*directory_for)(std::string_view option) = nullptr;
  // Builds the tables of up to `pieces` pieces (distances up to
  // `distance_pieces`) into `dir`, each piece count's summary to `out` and
  // each table's to `progress`; says what was written, or why not.
  Expected<std::string> (*build)(int pieces, int distance_pieces, const std::string& dir, std::ostream& out,
                                 std::ostream& progress) = nullptr;
  // A position's value for the side to move ("win in 33 plies"), or why the
  // tables of `dir` do not tell; `problems` gets the files refused on loading.
  Expected<std::string> (*probe)(std::string_view fen, const std::string& dir,
                                 std::vector<std::string>& problems) = nullptr;
  // What the tables of `dir` hold; `problems` gets the files refused.
  std::string (*check)(const std::string& dir, std::vector<std::string>& problems) = nullptr;
};

// Homes for what later work adds per game (puzzles, the names of openings);
// each is empty until a game fills it, and then holds the game's own list,
// in its folders. Lessons: core/lesson.h.
struct GamePuzzles {};
struct GameOpeningNames {};

struct GameRegistration {
  const GameDescriptor& (*descriptor)();
  // An empty variant is the default (the descriptor's first).
  std::unique_ptr<Game> (*make_game)(std::string_view variant);
  // The engine part: null for a game played only by its rules.
  std::unique_ptr<engine::Backend> (*make_backend)(std::string_view variant) = nullptr;
  // What a hint says beyond the search's facts (tic-tac-toe's rules of
  // thumb, by their ids in descriptor().hint_words); may be null.
  std::optional<std::string> (*hint_note)(const Game& game, const std::string& move_id) = nullptr;
  // The variant of a record whose reader names none, from all of the record
  // (its tags, and its squares and moves read by RecordReader) where its
  // tags may not say (draughts: PDN without a GameType); may be null, and
  // then the descriptor's identifying tags decide (variant_of_tags).
  Expected<RecordVariant> (*variant_of_record)(const GameRecord& record) = nullptr;
  // The level -> Elo table the game's levels are rated by, measured in it;
  // null: its levels carry no Elo (level_table() says so, nothing reads
  // another game's in its place, and a rated game against one rates nobody).
  const LevelTable* levels = nullptr;
  GameProtocols protocols;
  // Qi's default game: the one played where nobody names a game (`qi uci`
  // before a UCI_Variant, an engine before it is told, the app's requests
  // that name none). The first registration in menu order that says so is
  // it; with none, the first game in menu order (default_game()).
  bool is_default = false;
  std::span<const BenchPosition> bench;
  // The game solved whole from a position (an empty fen: the start), as
  // `qi solve` prints it; null for a game too large to solve.
  Expected<std::string> (*solve)(std::string_view fen, bool each_move) = nullptr;
  // Its endgame tables (`qi egdb`); null for a game without.
  const EndgameTables* endgame_tables = nullptr;
  const GameLessons* lessons = nullptr;
  const GamePuzzles* puzzles = nullptr;
  const GameOpeningNames* opening_names = nullptr;
};

// Adds a game; a second game of the same name replaces the first.
void register_game(const GameRegistration& game);

// In the order menus list them (GameDescriptor::order).
std::vector<const GameRegistration*> registered_games();
const GameRegistration* find_game(std::string_view name);
// The game played where nobody names one (GameRegistration::is_default);
// null only when no game is registered.
const GameRegistration* default_game();
// Its name, or empty when no game is registered.
std::string default_game_name();

// make_game("checkers", "russian"); an empty variant means the default. The
// error names the known games or variants.
Expected<std::unique_ptr<Game>> make_game(std::string_view name, std::string_view variant = {});

// The variant of `game` a record's tags name (its descriptor's identifying
// tags: PDN's GameType "25" is Russian), or nullopt when none does.
std::optional<std::string> variant_of_tags(const GameDescriptor& game,
                                           const std::vector<std::pair<std::string, std::string>>& tags);
// The variant of `game` a record is of when its reader names none: the
// game's own judgement (GameRegistration::variant_of_record) where it has
// one, else the record's identifying tags, else the game's default variant.
// The error says why the record is of no variant of the game.
Expected<RecordVariant> variant_of_record(const GameRegistration& game, const GameRecord& record);
// The game a record's tags name, if any does.
const GameRegistration* game_of_tags(const std::vector<std::pair<std::string, std::string>>& tags);

// The level -> Elo table `game`'s levels are rated by, or null when they
// carry no Elo (GameRegistration::levels).
const LevelTable* level_table(std::string_view game);

// How UCI speaks `variant` of `game` (an empty variant and the default's
// name are the same), or null when it speaks none.
const ProtocolVariant* protocol_variant(std::string_view game, std::string_view variant);

}  // namespace qi

// Registers a game when the program starts: one line in the game's
// registration.cpp.
#define QI_REGISTER_GAME(registration)                                       \
  namespace {                                                                \
  const bool qi_game_registered = (::qi::register_game(registration), true); \
  }
