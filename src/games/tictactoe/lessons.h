// The tic-tac-toe course of Learn (core/lesson.h): the rules, the two
// endings, and the rules of thumb a good player follows (win, block, fork,
// block a fork).
#pragma once

#include "core/lesson.h"

namespace qi::tictactoe {

extern const GameLessons kLessons;

}  // namespace qi::tictactoe
