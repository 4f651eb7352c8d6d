#include "learn/lessons_json.h"

namespace qi::learn {

using nlohmann::json;

std::string_view goal_name(LessonGoal goal) {
  switch (goal) {
    case LessonGoal::Stars:
      return "stars";
    case LessonGoal::Play:
      return "play";
    case LessonGoal::Capture:
      return "capture";
    case LessonGoal::Check:
      return "check";
    case LessonGoal::Ending:
      return "ending";
  }
  return "";
}

json course_json(const GameRegistration& game, const LessonCourse& course) {
  json stages = json::array();
  for (const LessonStage& stage : course.stages) {
    json steps = json::array();
    for (const LessonStep& s : stage.steps)
      steps.push_back({{"id", s.id},
                       {"fen", s.fen},
                       {"goal", goal_name(s.goal)},
                       {"en", s.en},
                       {"zh", s.zh},
                       {"stars", split_words(s.stars)},
                       {"accept", split_words(s.accept)},
                       {"ending", s.ending},
                       {"within", s.within},
                       {"refused", split_words(s.refused)},
                       {"teaches", split_words(s.teaches)},
                       {"before", split_words(s.before)},
                       {"solution", split_words(s.solution)},
                       {"par", s.par ? s.par : static_cast<int>(StepRun::learner_line(s).size())}});
    stages.push_back({{"id", stage.id}, {"en", stage.en}, {"zh", stage.zh}, {"steps", steps}});
  }
  return {{"game", game.descriptor().name}, {"variant", course.variant}, {"stages", stages}};
}

json position_json(const StepRun& run) {
  const Game& g = run.game();
  json legal = json::array();
  for (const MoveText& m : g.legal_moves())
    legal.push_back({{"id", m.id}, {"display", m.display}, {"squares", m.squares}});
  const std::optional<std::string> check = g.checked_square();
  return {{"fen", g.fen()},
          {"cells", g.board_cells()},
          {"side_to_move", g.side_to_move() == Side::First ? "first" : "second"},
          {"check_square", check ? json(*check) : json(nullptr)},
          {"legal_moves", legal},
          {"stars_left", run.stars_left()},
          {"done", run.done()}};
}

const LessonStep* find_step(const GameRegistration& game, std::string_view variant, std::string_view id) {
  if (!game.lessons) return nullptr;
  for (const LessonCourse& course : game.lessons->courses)
    if (course.variant == variant)
      for (const LessonStage& stage : course.stages)
        for (const LessonStep& step : stage.steps)
          if (step.id == id) return &step;
  return nullptr;
}

}  // namespace qi::learn
