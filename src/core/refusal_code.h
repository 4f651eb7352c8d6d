// Refusal codes: each game lists the codes its refused moves can carry (see
// Error::code), and names one with checked_code(list, "horse_leg_blocked"),
// which fails to compile when the code is not in the list. The list is then
// the whole truth, and a test can check that the page has words for each.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace qi {

// Codes the game-independent layer gives (core/game.cpp).
inline constexpr std::array<std::string_view, 2> kCommonRefusalCodes = {"game_over",
                                                                        "draw_claim_unavailable"};

template <std::size_t N>
consteval const char* checked_code(const std::array<std::string_view, N>& codes, const char* code) {
  for (std::string_view c : codes)
    if (c == code) return code;
  throw "refusal code missing from the game's list";  // not a constant expression: a compile error
}

}  // namespace qi
