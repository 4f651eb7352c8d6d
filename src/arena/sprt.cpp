#include "arena/sprt.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "competition/rating/logistic.h"

namespace qi::arena {
namespace {

// N (s1 - s0)(2 mean - s0 - s1) / (2 variance) over units with the given
// scores (0..1) and counts.
template <std::size_t K>
double llr_over(const std::array<double, K>& scores, const std::array<int, K>& counts,
                const SprtParameters& p) {
  double n = 0;
  for (int c : counts) n += c;
  if (n == 0) return 0.0;
  double mean = 0;
  for (std::size_t i = 0; i < K; ++i) mean += counts[i] * scores[i];
  mean /= n;
  double variance = 0;
  for (std::size_t i = 0; i < K; ++i) variance += counts[i] * (scores[i] - mean) * (scores[i] - mean);
  variance /= n;
  if (variance <= 0) return 0.0;  // every unit scored the same: no evidence about spread yet
  const double s0 = competition::rating::expected_score(p.elo0);
  const double s1 = competition::rating::expected_score(p.elo1);
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
}

}  // namespace

double SprtParameters::lower_bound() const { return std::log(beta / (1 - alpha)); }
double SprtParameters::upper_bound() const { return std::log((1 - beta) / alpha); }

Expected<SprtParameters> parse_sprt(std::string_view text) {
  SprtParameters p;
  std::istringstream words{std::string(text)};
  std::string word;
  while (words >> word) {
    const std::size_t eq = word.find('=');
    if (eq == std::string::npos)
      return make_error("sprt: '" + word + "' is not key=value (elo0, elo1, alpha, beta)");
    const std::string key = word.substr(0, eq);
    const std::string value = word.substr(eq + 1);
    double v = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (value.empty() || ec != std::errc{} || end != value.data() + value.size() || !std::isfinite(v))
      return make_error("sprt: " + key + " '" + value + "' is not a number");
    if (key == "elo0")
      p.elo0 = v;
    else if (key == "elo1")
      p.elo1 = v;
    else if (key == "alpha")
      p.alpha = v;
    else if (key == "beta")
      p.beta = v;
    else
      return make_error("sprt: unknown key '" + key + "' (elo0, elo1, alpha, beta)");
  }
  if (!(p.alpha > 0 && p.alpha < 0.5) || !(p.beta > 0 && p.beta < 0.5))
    return make_error("sprt: alpha and beta must lie between 0 and 0.5");
  if (!(p.elo1 > p.elo0)) return make_error("sprt: elo1 must be greater than elo0");
  if (std::abs(p.elo0) > 1000 || std::abs(p.elo1) > 1000) return make_error("sprt: Elo bounds beyond ±1000");
  return p;
}

double llr_trinomial(const competition::WdlCounts& c, const SprtParameters& p) {
  return llr_over<3>({0.0, 0.5, 1.0}, {c.losses, c.draws, c.wins}, p);
}

double llr_pentanomial(const Pentanomial& pairs, const SprtParameters& p) {
  return llr_over<5>({0.0, 0.25, 0.5, 0.75, 1.0}, pairs, p);
}

SprtState sprt_state(double llr, const SprtParameters& p) {
  if (llr >= p.upper_bound()) return SprtState::AcceptH1;
  if (llr <= p.lower_bound()) return SprtState::AcceptH0;
  return SprtState::Continue;
}

std::string sprt_text(double llr, const SprtParameters& p) {
  char buffer[160];
  const char* verdict = "continue";
  switch (sprt_state(llr, p)) {
    case SprtState::AcceptH1:
      verdict = "H1 accepted";
      break;
    case SprtState::AcceptH0:
      verdict = "H0 accepted";
      break;
    default:
      break;
  }
  std::snprintf(buffer, sizeof buffer, "LLR %.2f (%.2f, %.2f) [%.2f, %.2f]: %s", llr, p.lower_bound(),
                p.upper_bound(), p.elo0, p.elo1, verdict);
  return buffer;
}

}  // namespace qi::arena
