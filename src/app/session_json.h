// Sessions as JSON: the saved form (for storage) and the public view (for the
// page; it never contains a seat's token). Everything a page shows in words
// (an ending, a claim, a hint) comes in both languages, composed here from
// its code; the page never words a rule (docs/app.md).
#pragma once

#include <nlohmann/json.hpp>
#include <span>

#include "app/opponent.h"
#include "app/session.h"

namespace qi::app {

nlohmann::json to_json(const Session::Saved& saved);
Expected<Session::Saved> saved_from_json(const nlohmann::json& j);

// {"verdict", "winner", "termination", "n", "score"}, with "reason" (English)
// and "words" {"en", "zh"} when a game is given to name the sides.
nlohmann::json outcome_json(const Outcome& o, const Game* game = nullptr);
// `game_endings`: the endings of the game's rules (GameDescriptor::endings),
// besides the referee's, that the stored name may be.
Expected<Outcome> outcome_from_json(const nlohmann::json& j, std::span<const Termination> game_endings);

// The app's kinds: "unlimited", "sudden_death", "increment", "per_move".
nlohmann::json time_control_json(const TimeControl& tc);
Expected<TimeControl::Kind> parse_app_kind(const std::string& name);

// What every viewer may see: position, moves, legal moves, clocks, offers.
nlohmann::json public_view(const Session& s, std::int64_t now);
// The public view without the members that grow a ply at a time ("moves",
// "fens", "boards"), as JSON text: ViewText writes those once a ply.
std::string public_view_head(const Session& s, std::int64_t now);

// {"id", "display", "squares", "notations": {...}} and "choice" when the
// move makes a piece (a promotion), written onto `out` as JSON text.
void write_move_json(std::string& out, const MoveText& m);
nlohmann::json move_json(const MoveText& m);

// A hint: {"move", "kind", "reason" (English), "words" {"en", "zh"}} and the
// facts of its kind.
nlohmann::json hint_json(const Hint& hint);

// A refusal's words in both languages: its message, and the Chinese sentence
// of its code from the game's list, the referee's or the app's.
nlohmann::json refusal_words(const Error& error, std::string_view game);

}  // namespace qi::app
