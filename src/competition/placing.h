// A player's final place in an event decided by eliminations: players out
// at the same stage share a place, as the rule documents rank them ("并列").
#pragma once

namespace qi::competition {

struct Placing {
  int player = 0;
  int place = 1;  // 1-based; the next place after a shared one is skipped
};

}  // namespace qi::competition
