// The two players of every Qi game, named by turn order rather than colour:
// White, Black (English checkers), Red and X all move first in their games.
#pragma once

#include <cstdint>

namespace qi {

enum class Side : std::uint8_t { First = 0, Second = 1 };

constexpr Side operator~(Side s) { return s == Side::First ? Side::Second : Side::First; }
constexpr int index(Side s) { return static_cast<int>(s); }

}  // namespace qi
