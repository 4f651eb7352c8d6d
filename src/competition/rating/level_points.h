// The level-and-points rating system of the chess app described in the
// project's rule documents (file 002, "记分方法"):
//   Players start unranked with 0 points. Each level takes 100 points: 100
//   points reach level 30, 200 level 29, ... 3000 level 1, the highest
//   (levels count down: "30-1级"); below 100 points a player is unranked.
//   After a game between players whose points differ by d:
//     draw:               d < 10 nothing; 10 ≤ d ≤ 99 the lower gains (10 + d/10) / 2;
//                         d ≥ 100 the lower gains d / 4
//     the lower wins:     d < 10 gains 10; 10 ≤ d ≤ 99 gains 10 + d/10; d ≥ 100 gains d / 2
//     the higher wins:    d < 10 gains 10; 10 ≤ d ≤ 99 gains 10 - d/12.5;
//                         100 ≤ d ≤ 199 gains 2; d ≥ 200 gains nothing
//     the other side loses exactly what one side gains ("输方扣分等于赢方得分").
//   "Lower" and "higher" compare points (d is a difference of points). Points
//   are whole numbers; a gain is rounded to the nearest whole point, halves
//   up (so with whole points no d falls between the bands above). Points are
//   not floored at zero: the rule keeps the total constant, so a player may
//   go below 0 and is then unranked.
#pragma once

#include "core/outcome.h"

namespace qi::competition::rating {

// 0 for unranked, else 30 (lowest) to 1 (highest).
int level_of(int points);
// The points at which a level starts (level 30: 100, level 1: 3000).
int level_start(int level);

struct PointsChange {
  int first = 0, second = 0;  // first + second == 0
};

// The change for both players; `first_points` and `second_points` are their
// points before the game, `first_result` the game's result for the first of
// them (core's Result: Win, Draw or Loss; None, a game without a result,
// changes nothing).
PointsChange level_points_change(int first_points, int second_points, Result first_result);

// The gain of one side, by the rule's three cases (exposed for tests and docs).
int draw_gain_of_lower(int d);
int lower_win_gain(int d);
int higher_win_gain(int d);

}  // namespace qi::competition::rating
