// Chess's course in Learn (issue 52): every rule of chess and of Chess960 as
// small steps on the board, in English and Chinese, from how each piece moves
// to the ways a game ends (core/lesson.h says what a step is).
#pragma once

#include "core/lesson.h"

namespace qi::chess {

extern const GameLessons kLessons;

}  // namespace qi::chess
