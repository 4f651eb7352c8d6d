#include "competition/scoring.h"

#include <cmath>

namespace qi::competition {

Expected<Scoring> parse_scoring(std::string_view text) {
  if (text == "1-0.5-0" || text == "fide") return Scoring::Fide;
  if (text == "3-1-0" || text == "group") return Scoring::Group;
  if (text == "2-1-0") return Scoring::TwoOneZero;
  return make_error("unknown scoring '" + std::string(text) + "' (1-0.5-0, 3-1-0 or 2-1-0)");
}

std::string scoring_name(Scoring scoring) {
  switch (scoring) {
    case Scoring::Fide:
      return "1-0.5-0";
    case Scoring::Group:
      return "3-1-0";
    case Scoring::TwoOneZero:
      return "2-1-0";
  }
  return {};
}

double win_points(Scoring scoring) {
  switch (scoring) {
    case Scoring::Fide:
      return 1.0;
    case Scoring::Group:
      return 3.0;
    case Scoring::TwoOneZero:
      return 2.0;
  }
  return 1.0;
}

double draw_points(Scoring scoring) { return scoring == Scoring::Fide ? 0.5 : 1.0; }

double points(Scoring scoring, double s) {
  if (s == 1.0) return win_points(scoring);
  if (s == 0.5) return draw_points(scoring);
  return 0.0;
}

std::string points_text(double p, Scoring scoring) {
  if (scoring != Scoring::Fide) return std::to_string(static_cast<int>(std::lround(p)));
  const long whole = static_cast<long>(std::floor(p));
  const bool half = p - whole > 0.25;
  if (whole == 0 && half) return "½";
  return std::to_string(whole) + (half ? "½" : "");
}

}  // namespace qi::competition
