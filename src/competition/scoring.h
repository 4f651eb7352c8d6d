// Scoring systems: the points a game's result is worth in a competition.
//   Fide        1 / ½ / 0: a win 1, a draw ½, a loss 0 (FIDE Laws, article 12).
//   Group       3 / 1 / 0: a win 3, a draw 1, a loss or forfeit 0 (CXA group
//               play in the xiangqi document).
//   TwoOneZero  2 / 1 / 0: a win 2, a draw 1, a loss 0 (the xiangqi
//               document's forfeit rule, "弃权: 0 for the absent player, 2 for
//               the winner", is this system's win).
// A forfeit scores as a win for the player who came and a loss for the one
// who did not, under every system; a pairing-allocated bye scores a win or a
// draw, as the organiser says (crosstable.h).
#pragma once

#include <string>
#include <string_view>

#include "core/expected.h"

namespace qi::competition {

enum class Scoring { Fide, Group, TwoOneZero };

// "1-0.5-0" (also "fide"), "3-1-0" (also "group") or "2-1-0": systems are
// named by their points, not by a game that uses them.
Expected<Scoring> parse_scoring(std::string_view text);
// "1-0.5-0", "3-1-0" or "2-1-0", as parse_scoring reads it.
std::string scoring_name(Scoring scoring);

// The points of a game score (1, ½ or 0) under `scoring`.
double points(Scoring scoring, double game_score);

// The points of a win and of a draw under `scoring`.
double win_points(Scoring scoring);
double draw_points(Scoring scoring);

// "1", "½", "1½", "3" for tables.
std::string points_text(double points, Scoring scoring);

}  // namespace qi::competition
