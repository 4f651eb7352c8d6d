// Finished games for the competition tests, written as their results: the
// first named moves first.
#pragma once

#include "competition/played_game.h"

namespace qi::competition::test {

inline PlayedGame first_wins(int first, int second) {
  return {first, second, Outcome::win(Side::First, Termination::Resignation)};
}
inline PlayedGame second_wins(int first, int second) {
  return {first, second, Outcome::win(Side::Second, Termination::Resignation)};
}
inline PlayedGame drawn(int first, int second) {
  return {first, second, Outcome::draw(Termination::Agreement)};
}

}  // namespace qi::competition::test
