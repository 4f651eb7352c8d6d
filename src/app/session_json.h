// Sessions as JSON: the saved form (for storage) and the public view (for the
// page; it never contains a seat's token).
#pragma once

#include <nlohmann/json.hpp>

#include "app/opponent.h"
#include "app/session.h"

namespace qi::app {

nlohmann::json to_json(const Session::Saved& saved);
Expected<Session::Saved> saved_from_json(const nlohmann::json& j);

nlohmann::json outcome_json(const Outcome& o);
nlohmann::json time_control_json(const TimeControl& tc);

// What every viewer may see: position, moves, legal moves, clocks, offers.
nlohmann::json public_view(const Session& s, std::int64_t now);

// {"id", "display"} and, for a draughts move, "path": every square the piece
// stands on, first to last (["9", "18", "27"] for "9x27").
nlohmann::json move_json(const MoveText& m);

// A hint as facts the page words in its language: {"move": {"id", "display"},
// "kind", "reason" (English)} and the fields of its kind: mate_in (mate);
// material, gain, safely (wins_material); threat {"id", "display"},
// threat_is_mate (stops_threat); strategy (strategy); assessment_cp (positional).
nlohmann::json hint_json(const Hint& hint);

}  // namespace qi::app
