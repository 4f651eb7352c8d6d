// The checkers and draughts course of Learn (core/lesson.h): English
// checkers from the first move of a man to the forty-move rule, and for each
// flying-king variant (Russian, Brazilian, international) the rules it adds.
#pragma once

#include "core/lesson.h"

namespace qi::checkers {

extern const GameLessons kLessons;

}  // namespace qi::checkers
