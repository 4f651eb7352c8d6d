// Takebacks between two people, as lichess plays them: between people at two
// screens a takeback is a proposal the opponent accepts or declines, shown to
// both, never made in silence. A proposal is withdrawn by any move (the
// opponent's move declines it) or by its proposer, and ends with the game; a
// declined proposal is not made again in the same position. Against the
// engine, or by a page holding both seats (two people at one screen, who
// consent for each other), a takeback is made at once (Session::undo).
//
// This is the state a Session keeps of them (session_takeback.cpp has the
// rules), saved with the game.
#pragma once

#include <array>
#include <optional>

#include "core/side.h"

namespace qi::app {

// Who sends a takeback or a redo: the page of one seat, or one page holding
// both seats (two people at one screen), which consents for both.
enum class SeatsHeld { One, Both };

struct TakebackAnswer {
  enum class Kind { Accepted, Declined, Withdrawn };
  Side by = Side::First;  // who answered (the proposer, for a withdrawal)
  Kind kind = Kind::Declined;
  int ply = 0;  // the plies played once it was answered
  friend bool operator==(const TakebackAnswer&, const TakebackAnswer&) = default;
};

struct Takebacks {
  std::optional<Side> proposed_by;  // waiting for the other side's answer
  // The plies played when each side's last proposal was declined (-1: none):
  // no second proposal in the same position.
  std::array<int, 2> declined_at{-1, -1};
  // The last answer, until the next move (the page says it once).
  std::optional<TakebackAnswer> answer;
  friend bool operator==(const Takebacks&, const Takebacks&) = default;
};

}  // namespace qi::app
