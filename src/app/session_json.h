// Sessions as JSON: the saved form (for storage) and the public view (for the
// page; it never contains a seat's token).
#pragma once

#include <nlohmann/json.hpp>

#include "app/session.h"

namespace qi::app {

nlohmann::json to_json(const Session::Saved& saved);
Expected<Session::Saved> saved_from_json(const nlohmann::json& j);

nlohmann::json outcome_json(const Outcome& o);
nlohmann::json time_control_json(const TimeControl& tc);

// What every viewer may see: position, moves, legal moves, clocks, offers.
nlohmann::json public_view(const Session& s, std::int64_t now);

}  // namespace qi::app
