// Lessons as JSON: the courses the page maps and `qi lessons --json` prints,
// and a step being played (the position to draw and click, and how the last
// move went).
#pragma once

#include <nlohmann/json.hpp>

#include "core/lesson.h"
#include "core/registry.h"
#include "learn/step_run.h"

namespace qi::learn {

std::string_view goal_name(LessonGoal goal);
// A course, its stages and every step with its solution and what it teaches.
nlohmann::json course_json(const GameRegistration& game, const LessonCourse& course);
// The step's position as the page draws it: the cells, the side to move, the
// square in check, the legal moves with their squares (for clicks), the stars
// still to collect and the learner's moves so far.
nlohmann::json position_json(const StepRun& run);

// The step of a game's course with this id, or null.
const LessonStep* find_step(const GameRegistration& game, std::string_view variant, std::string_view id);

}  // namespace qi::learn
