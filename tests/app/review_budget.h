// The engine's budget for the reviews the tests search: a real search, but
// quick (a few thousand nodes a position).
#pragma once

#include "app/engine_opponent.h"

namespace qi::app {

inline EngineOpponentOptions small_review_budget() {
  EngineOpponentOptions o = EngineOpponentOptions::minimal();
  o.review_depth = 0;
  o.review_nodes = 3000;
  return o;
}

}  // namespace qi::app
