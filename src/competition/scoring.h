// Scoring systems: the points a game's result is worth in a competition.
//   Fide   1 / ½ / 0: a win 1, a draw ½, a loss 0 (FIDE Laws, article 12).
//   Group  3 / 1 / 0: a win 3, a draw 1, a loss or forfeit 0 (CXA group play
//          in the xiangqi document).
#pragma once

#include <string>
#include <string_view>

#include "core/expected.h"

namespace qi::competition {

enum class Scoring { Fide, Group };

// "1-0.5-0" (also "fide") or "3-1-0" (also "group"): systems are named by
// their points, not by a game that uses them.
Expected<Scoring> parse_scoring(std::string_view text);
// "1-0.5-0" or "3-1-0", as parse_scoring reads it.
std::string scoring_name(Scoring scoring);

// The points of a game score (1, ½ or 0) under `scoring`.
double points(Scoring scoring, double game_score);

// "1", "½", "1½", "3" for tables.
std::string points_text(double points, Scoring scoring);

}  // namespace qi::competition
