#include "competition/rating/glicko2.h"

#include <cmath>
#include <numbers>

#include "competition/rating/logistic.h"

namespace qi::competition::rating {
namespace {

// The Glicko-2 scale: a rating difference of s points is 1 on it.
const double kScale = 400.0 / std::numbers::ln10;
constexpr double kCentre = 1500.0;
constexpr double kVolatilityTolerance = 1e-6;

double g(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

// Step 5 of Glickman's paper: the new volatility, the root of f by the
// Illinois variant of regula falsi.
double new_volatility(double sigma, double phi, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
  };
  double A = a, B = 0;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    B = a - k * tau;
  }
  double fA = f(A), fB = f(B);
  while (std::abs(B - A) > kVolatilityTolerance) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B, fA = fB;
    } else {
      fA /= 2;
    }
    B = C, fB = fC;
  }
  return std::exp(A / 2);
}

}  // namespace

Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games, double tau) {
  const double mu = (player.rating - kCentre) / kScale;
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;
  if (games.empty()) return {player.rating, kScale * std::sqrt(phi * phi + sigma * sigma), sigma};

  double inverse_v = 0, improvement = 0;  // 1/v and Σ g (s - E)
  for (const Glicko2Game& game : games) {
    const double gj = g(game.opponent_deviation / kScale);
    const double e = expected_score(gj * (player.rating - game.opponent_rating));
    inverse_v += gj * gj * e * (1 - e);
    improvement += gj * (game.score - e);
  }
  const double v = 1 / inverse_v;
  const double new_sigma = new_volatility(sigma, phi, v, v * improvement, tau);
  const double phi_star = std::sqrt(phi * phi + new_sigma * new_sigma);
  const double new_phi = 1 / std::sqrt(1 / (phi_star * phi_star) + inverse_v);
  const double new_mu = mu + new_phi * new_phi * improvement;
  return {kCentre + kScale * new_mu, kScale * new_phi, new_sigma};
}

}  // namespace qi::competition::rating
