#include "competition/rating/level_points.h"

#include <cstdlib>

namespace qi::competition::rating {
namespace {

// num / den rounded to the nearest whole number, halves up; num, den >= 0.
int round_half_up(int num, int den) { return (2 * num + den) / (2 * den); }

}  // namespace

int level_of(int points) {
  if (points < 100) return 0;
  const int level = 31 - points / 100;
  return level < 1 ? 1 : level;
}

int level_start(int level) { return (31 - level) * 100; }

int draw_gain_of_lower(int d) {
  if (d < 10) return 0;
  if (d <= 99) return round_half_up(100 + d, 20);  // (10 + d/10) / 2 = (100 + d) / 20
  return round_half_up(d, 4);
}

int lower_win_gain(int d) {
  if (d < 10) return 10;
  if (d <= 99) return round_half_up(100 + d, 10);  // 10 + d/10
  return round_half_up(d, 2);
}

int higher_win_gain(int d) {
  if (d < 10) return 10;
  if (d <= 99) return round_half_up(250 - 2 * d, 25);  // 10 - d/12.5 = (250 - 2d) / 25
  if (d <= 199) return 2;
  return 0;
}

PointsChange level_points_change(int first_points, int second_points, Result first_result) {
  const int d = std::abs(first_points - second_points);
  const bool first_lower = first_points < second_points;
  int gain_first = 0;  // what the first player gains (negative: loses)
  switch (first_result) {
    case Result::None:
      break;
    case Result::Draw: {
      const int g = draw_gain_of_lower(d);
      gain_first = first_lower ? g : -g;
      break;
    }
    case Result::Win:
      gain_first = first_lower ? lower_win_gain(d) : higher_win_gain(d);
      break;
    case Result::Loss:
      gain_first = -(first_lower ? higher_win_gain(d) : lower_win_gain(d));
      break;
  }
  // With d < 10 a draw changes nothing; when equal, "lower" is immaterial.
  return {gain_first, -gain_first};
}

}  // namespace qi::competition::rating
