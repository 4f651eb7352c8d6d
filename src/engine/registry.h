// Every game Qi plays, by name. A game registers itself once, in its engine
// part (src/engine/games/<game>/registration.cpp), with everything the rest
// of the program needs of it: its descriptor (what a page draws), the
// factory of its run-time Game (the rules) and the factory of its engine
// backend (the search). Nothing else lists the games: the command line, the
// protocols, the arena, the app and the server ask this registry.
//
// Registration happens when the program starts (QI_REGISTER_GAME); programs
// get every built-in game by linking qi_games (see docs/architecture.md),
// and a test may register a game of its own with register_game().
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "core/game_descriptor.h"
#include "core/record.h"
#include "engine/backend.h"

namespace qi {

// The variant a record is of, and what was assumed to choose it where the
// record leaves a choice (in words; empty where the record settles it).
struct RecordVariant {
  std::string variant;
  std::string assumption;
};

}  // namespace qi

namespace qi::engine {

struct GameRegistration {
  const GameDescriptor& (*descriptor)();
  // An empty variant is the default (the descriptor's first).
  std::unique_ptr<Game> (*make_game)(std::string_view variant);
  std::unique_ptr<Backend> (*make_backend)(std::string_view variant);
  // What a hint says beyond the search's facts (tic-tac-toe's rules of
  // thumb, by their ids in descriptor().hint_words); may be null.
  std::optional<std::string> (*hint_note)(const Game& game, const std::string& move_id) = nullptr;
  // The variant of a record whose reader names none, from all of the record
  // (its tags, and its squares and moves read by RecordReader) where its
  // tags may not say (draughts: PDN without a GameType); may be null, and
  // then the descriptor's identifying tags decide (variant_of_tags).
  Expected<RecordVariant> (*variant_of_record)(const GameRecord& record) = nullptr;
};

// Adds a game; a second game of the same name replaces the first.
void register_game(const GameRegistration& game);

// In the order menus list them (GameDescriptor::order).
std::vector<const GameRegistration*> registered_games();
const GameRegistration* find_game(std::string_view name);

}  // namespace qi::engine

namespace qi {

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
Expected<RecordVariant> variant_of_record(const engine::GameRegistration& game, const GameRecord& record);
// The game a record's tags name, if any does.
const engine::GameRegistration* game_of_tags(const std::vector<std::pair<std::string, std::string>>& tags);

}  // namespace qi

// Registers a game when the program starts: one line in the game's
// registration.cpp.
#define QI_REGISTER_GAME(registration)                                               \
  namespace {                                                                        \
  const bool qi_game_registered = (::qi::engine::register_game(registration), true); \
  }
