// Xiangqi's course in Learn (core/lesson.h): from the general's first step
// to the rulings on repeated moves, in the order a Chinese primer teaches
// them (车走直线、马走日、象飞田、炮翻山、帅士不出九宫、兵卒过河以后横直走).
#pragma once

#include "core/lesson.h"

namespace qi::xiangqi {

extern const GameLessons kLessons;

}  // namespace qi::xiangqi
