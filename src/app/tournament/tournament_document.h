// A tournament as the store keeps it: one JSON document with everything,
// the seats' tokens included (never sent to a page: tournament_view.h is
// what a page sees).
#pragma once

#include <nlohmann/json.hpp>

#include "app/tournament/tournament.h"
#include "core/expected.h"

namespace qi::app {

nlohmann::json tournament_document(const Tournament& t);
// The organiser's settings, as stored and as the page sees them.
nlohmann::json tournament_settings_json(const TournamentSettings& s);
// An error names what is wrong with a stored document (it was written by a
// later version, or damaged).
Expected<Tournament> tournament_from_document(const nlohmann::json& doc);

}  // namespace qi::app
