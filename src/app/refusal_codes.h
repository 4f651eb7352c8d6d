// The codes of the app's own refusals (Error::code): the rules of play the
// session adds to the game's (turns, undo, draw offers). The page has a
// sentence for each in every language, as for the games' codes.
#pragma once

#include <array>
#include <string_view>

#include "core/refusal_code.h"

namespace qi::app {

inline constexpr std::array<std::string_view, 16> kRefusalCodes = {
    "game_over",           "engine_seat",         "not_your_turn",         "not_engine_turn",
    "undo_rated",          "undo_after_time",     "nothing_to_undo",       "nothing_to_redo",
    "draw_offer_pending",  "draw_offered_to_you", "draw_offer_after_move", "draw_already_offered",
    "draw_offer_declined", "no_draw_offer",       "claim_own_turn",        "hint_own_turn",
};

consteval const char* refusal(const char* code) { return checked_code(kRefusalCodes, code); }

}  // namespace qi::app
