// What a page sees of a tournament (never a seat's token): its settings,
// entrants, rounds, standings with the organiser's tie-break columns, and the
// crosstable; and the one-line summary of the list.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

#include "app/tournament/tournament.h"

namespace qi::app {

// `viewer`: the player logged in, if any ("you_organise", "can_start_round").
nlohmann::json tournament_view(const Tournament& t, std::optional<std::int64_t> viewer);
nlohmann::json tournament_summary(const Tournament& t);

}  // namespace qi::app
