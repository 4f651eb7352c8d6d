// Work that grows with a game's history, counted where it is done: the
// positions of the history a rule looks back over (a repetition's count),
// and the plies a copy of a game carries. Tests read it before and after an
// import, a review or a replay and check that doubling the game at most
// doubles it (tests/bounds); nothing else reads it. Per thread, so that
// tests running side by side do not count each other's work; an add where
// the work is done, never in the search.
#pragma once

#include <cstdint>

namespace qi {

inline thread_local std::uint64_t history_work = 0;

}  // namespace qi
