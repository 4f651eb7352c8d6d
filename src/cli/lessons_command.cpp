// qi lessons [--game G] [--json | --check | --coverage]: the lessons each game
// registers (core/lesson.h): a summary, every course as JSON (what the page
// plays), every step's solution replayed by the rules (exit 1 on a problem),
// or which of each game's rules the steps teach.
#include <CLI/CLI.hpp>
#include <iomanip>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/argument_checks.h"
#include "cli/commands.h"
#include "core/registry.h"
#include "learn/lesson_check.h"
#include "learn/lessons_json.h"
#include "learn/step_run.h"

namespace qi::cli {
namespace {

struct LessonsOptions {
  std::string game;
  bool json = false;
  bool check = false;
  bool coverage = false;
};

void print_coverage(const learn::Coverage& c) {
  const std::size_t rules = c.board_codes.size() + c.endings.size();
  const std::vector<std::string> untaught = c.untaught();
  const std::size_t taught = rules - untaught.size();
  std::cout << c.game << ": " << taught << " of " << rules << " rules taught (" << std::fixed
            << std::setprecision(1)
            << (rules ? 100.0 * static_cast<double>(taught) / static_cast<double>(rules) : 100.0) << " %) by "
            << c.steps << " steps\n";
  for (const std::vector<std::string>* list : {&c.board_codes, &c.endings})
    for (const std::string& rule : *list) {
      std::cout << "  " << rule << ":";
      auto it = c.taught_by.find(rule);
      if (it == c.taught_by.end())
        std::cout << " (no step)";
      else
        for (const std::string& step : it->second) std::cout << ' ' << step;
      std::cout << '\n';
    }
  if (!c.misfiled.empty()) {
    std::cout << "  filed as notation codes, but a click brings them:";
    for (const std::string& code : c.misfiled) std::cout << ' ' << code;
    std::cout << '\n';
  }
  if (!c.notation_codes.empty()) {
    std::cout << "  not counted (a written move's, no click's):";
    for (const std::string& code : c.notation_codes) std::cout << ' ' << code;
    std::cout << '\n';
  }
}

}  // namespace

void add_lessons_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<LessonsOptions>();
  CLI::App* lessons =
      app.add_subcommand("lessons", "The lessons of each game: list, check or count what they teach");
  lessons->add_option("--game", options->game, "Only this game");
  auto* json = lessons->add_flag("--json", options->json, "Print every course as JSON (what the page plays)");
  auto* check =
      lessons->add_flag("--check", options->check,
                        "Replay every step by the rules; exit 1 if a step does not teach what it says");
  auto* coverage =
      lessons->add_flag("--coverage", options->coverage,
                        "List each game's rules and the steps that teach them, and those none teaches");
  json->excludes(check)->excludes(coverage);
  check->excludes(coverage);
  lessons->callback([options, &exit_code] {
    std::vector<const GameRegistration*> games;
    for (const GameRegistration* g : registered_games())
      if (options->game.empty() || g->descriptor().name == options->game) games.push_back(g);
    if (games.empty()) {
      exit_code = report_error("lessons: no game '" + options->game + "'");
      return;
    }
    exit_code = 0;
    if (options->json) {
      nlohmann::json courses = nlohmann::json::array();
      for (const GameRegistration* g : games)
        if (g->lessons)
          for (const LessonCourse& course : g->lessons->courses)
            courses.push_back(learn::course_json(*g, course));
      std::cout << courses.dump(1) << '\n';
    } else if (options->check) {
      int steps = 0, problems = 0;
      for (const GameRegistration* g : games) {
        if (g->lessons)
          for (const LessonCourse& course : g->lessons->courses) steps += step_count(course);
        for (const std::string& p : learn::check_lessons(*g)) {
          std::cout << p << '\n';
          ++problems;
        }
      }
      std::cout << steps << " steps checked, " << problems << " problems\n";
      exit_code = problems ? 1 : 0;
    } else if (options->coverage) {
      for (const GameRegistration* g : games) print_coverage(learn::coverage(*g));
    } else {
      for (const GameRegistration* g : games) {
        std::cout << g->descriptor().name << ':';
        if (!g->lessons || g->lessons->courses.empty())
          std::cout << " no lessons yet";
        else
          for (const LessonCourse& course : g->lessons->courses) {
            std::cout << ' '
                      << (course.variant.empty() ? std::string("(default)") : std::string(course.variant))
                      << ' ' << course.stages.size() << " stages, " << step_count(course) << " steps;";
          }
        std::cout << '\n';
      }
    }
  });
}

}  // namespace qi::cli
