#include "learn/lesson_check.h"

#include <algorithm>
#include <set>

#include "core/random.h"
#include "learn/step_run.h"

namespace qi::learn {
namespace {

bool contains(const std::vector<std::string>& list, std::string_view word) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

bool is_refusal_code(const GameDescriptor& d, std::string_view code) {
  return std::any_of(d.refusals.begin(), d.refusals.end(),
                     [&](const RefusalWords& r) { return r.code == code; });
}

bool is_ending(const GameDescriptor& d, std::string_view name) {
  return std::any_of(d.endings.begin(), d.endings.end(),
                     [&](const Termination& t) { return t.name == name; });
}

// The step's solution played as a learner would: every learner move on its
// way, the last reaching the goal. Empty when it does.
std::string replay(const GameRegistration& game, std::string_view variant, const LessonStep& step) {
  Expected<StepRun> run = StepRun::start(game, variant, step);
  if (!run) return run.error().message;
  const std::vector<std::string> line = StepRun::learner_line(step);
  if (line.empty()) return "no solution";
  for (std::size_t i = 0; i < line.size(); ++i) {
    const StepAnswer a = run->play(line[i]);
    const std::string at = "solution move " + std::to_string(i + 1) + " (" + line[i] + "): ";
    if (a.kind == StepAnswer::Kind::Refused) return at + "refused: " + a.refusal.message;
    if (a.kind == StepAnswer::Kind::Missed) return at + "misses the goal: " + a.missed.en;
    if (a.kind == StepAnswer::Kind::Done) {
      if (i + 1 != line.size()) return at + "reaches the goal before the solution ends";
      if (a.stars != 3) return at + "the solution earns " + std::to_string(a.stars) + " stars, not 3";
      return {};
    }
  }
  return "the solution ends before the goal is reached";
}

}  // namespace

std::vector<std::string> check_step(const GameRegistration& game, std::string_view variant,
                                    const LessonStep& step) {
  std::vector<std::string> problems;
  const std::string id = std::string(step.id);
  auto problem = [&](const std::string& what) { problems.push_back(id + ": " + what); };
  const GameDescriptor& d = game.descriptor();
  if (step.en.empty() || step.zh.empty()) problem("the goal needs words in English and Chinese");

  Expected<StepRun> run = StepRun::start(game, variant, step);
  if (!run) {
    problem(run.error().message);
    return problems;
  }
  const Game& position = run->game();
  const std::vector<std::string> teaches = split_words(step.teaches);

  // The refused moves and the rules they show.
  std::set<std::string> shown;
  for (const std::string& move : split_words(step.refused)) {
    Expected<MoveText> m = position.parse_move(move);
    if (m) {
      problem("the refused move " + move + " is legal here");
      continue;
    }
    shown.insert(m.error().code);
    if (!contains(teaches, m.error().code))
      problem("the refused move " + move + " is refused for " + m.error().code +
              ", which `teaches` does not name");
  }
  for (const std::string& rule : teaches) {
    if (is_refusal_code(d, rule)) {
      if (!shown.contains(rule)) problem("teaches " + rule + " but no refused move here is refused for it");
    } else if (is_ending(d, rule)) {
      if (step.goal != LessonGoal::Ending || step.ending != rule)
        problem("teaches the ending " + rule + " but its goal is not to reach it");
    } else {
      problem("teaches " + rule + ", which is neither a refusal code nor an ending of " + d.name);
    }
  }

  // The goal's fields.
  switch (step.goal) {
    case LessonGoal::Stars:
      if (split_words(step.stars).empty()) problem("a Stars goal needs stars");
      for (const std::string& star : split_words(step.stars)) {
        const std::vector<SquareCell>& squares = position.descriptor().board.squares;
        if (std::none_of(squares.begin(), squares.end(), [&](const SquareCell& c) { return c.key == star; }))
          problem("the star " + star + " is no square of the board");
      }
      break;
    case LessonGoal::Play:
      if (split_words(step.accept).empty()) problem("a Play goal needs the moves it accepts");
      for (const std::string& move : split_words(step.accept)) {
        Expected<MoveText> m = position.parse_move(move);
        if (!m)
          problem("the accepted move " + move + " is not legal here: " + m.error().message);
        else if (m->id != move)
          problem("the accepted move " + move + " is written " + m->id + " by its id");
      }
      break;
    case LessonGoal::Ending:
      if (!is_ending(d, step.ending) &&
          !std::any_of(kRefereeEndings.begin(), kRefereeEndings.end(),
                       [&](const Termination& t) { return t.name == step.ending; }))
        problem("the ending " + std::string(step.ending) + " is none of " + d.name + "'s");
      break;
    case LessonGoal::Capture:
    case LessonGoal::Check:
      break;
  }
  if (const std::string failed = replay(game, variant, step); !failed.empty()) problem(failed);
  if (step.par && step.par < static_cast<int>(StepRun::learner_line(step).size()))
    problem("par " + std::to_string(step.par) + " is below the solution's moves");
  return problems;
}

std::vector<std::string> check_lessons(const GameRegistration& game) {
  std::vector<std::string> problems;
  if (!game.lessons) return problems;
  for (const LessonCourse& course : game.lessons->courses) {
    const std::string where =
        game.descriptor().name + (course.variant.empty() ? "" : " " + std::string(course.variant));
    if (!game.descriptor().variant(course.variant)) {
      problems.push_back(where + ": no such variant");
      continue;
    }
    std::set<std::string_view> ids;
    for (const LessonStage& stage : course.stages) {
      if (stage.en.empty() || stage.zh.empty())
        problems.push_back(where + " stage " + std::string(stage.id) + ": no title");
      for (const LessonStep& step : stage.steps) {
        if (!ids.insert(step.id).second)
          problems.push_back(where + ": the step id " + std::string(step.id) + " is used twice");
        for (std::string& p : check_step(game, course.variant, step)) problems.push_back(where + " " + p);
      }
    }
  }
  return problems;
}

namespace {

// The codes clicks bring in a position, as the page makes them: in a game
// that places pieces, one square; in one that moves them, a square holding
// a piece of the side to move (or, once each, an empty square and one of the
// other side's) and then another square.
void click_codes(const Game& g, std::set<std::string>& codes) {
  const VariantDescriptor& d = g.descriptor();
  const std::vector<MoveText> legal = g.legal_moves();
  const bool places = !legal.empty() && legal.front().squares.size() == 1;
  const std::string cells = g.board_cells();
  auto note = [&](const Expected<MoveText>& m) {
    if (!m && !m.error().code.empty()) codes.insert(m.error().code);
  };
  bool empty_tried = false, other_tried = false;
  for (std::size_t from = 0; from < d.board.squares.size(); ++from) {
    const std::string& a = d.board.squares[from].key;
    if (places) {
      note(g.parse_squares({a}));
      continue;
    }
    const char c = from < cells.size() ? cells[from] : '.';
    const PieceLook* piece = nullptr;
    for (const PieceLook& p : d.pieces)
      if (p.code == c) piece = &p;
    if (!piece || piece->side != g.side_to_move()) {
      bool& tried = piece ? other_tried : empty_tried;
      if (tried) continue;
      tried = true;
    }
    for (const SquareCell& to : d.board.squares)
      if (to.key != a) note(g.parse_squares({a, to.key}));
  }
}

}  // namespace

std::vector<std::string> Coverage::untaught() const {
  std::vector<std::string> out;
  for (const std::vector<std::string>* rules : {&board_codes, &endings})
    for (const std::string& r : *rules)
      if (!taught_by.contains(r)) out.push_back(r);
  return out;
}

Coverage coverage(const GameRegistration& game) {
  Coverage c;
  const GameDescriptor& d = game.descriptor();
  c.game = d.name;
  std::set<std::string> clicked;
  // The lessons' positions.
  for_each_step(game.lessons, [&](const LessonCourse& course, const LessonStep& step) {
    ++c.steps;
    const std::string id =
        (course.variant.empty() ? std::string() : std::string(course.variant) + "/") + std::string(step.id);
    for (const std::string& rule : split_words(step.teaches)) c.taught_by[rule].push_back(id);
    if (Expected<StepRun> run = StepRun::start(game, course.variant, step)) click_codes(run->game(), clicked);
  });
  // Games played at random, to see which codes clicks bring beyond the
  // lessons' positions from each variant's start (a fixed seed: the
  // count is the same each run).
  SplitMix64 random(52);
  for (const VariantDescriptor& v : d.variants) {
    Expected<std::unique_ptr<Game>> g = make_game(d.name, v.name);
    if (!g) continue;
    for (int game_no = 0; game_no < 6; ++game_no) {
      (*g)->reset();
      for (int ply = 0; ply < 80 && !(*g)->outcome().over(); ++ply) {
        if (ply % 8 == 0) click_codes(**g, clicked);
        const std::vector<MoveText> moves = (*g)->legal_moves();
        if (moves.empty()) break;
        if (!(*g)->play(moves[random.below(moves.size())].id)) break;
      }
    }
  }
  for (const RefusalWords& r : d.refusals) {
    const bool board = r.kind == RefusalKind::Board;
    (board ? c.board_codes : c.notation_codes).emplace_back(r.code);
    if (!board && clicked.contains(std::string(r.code))) c.misfiled.emplace_back(r.code);
  }
  for (const Termination& t : d.endings) c.endings.emplace_back(t.name);
  return c;
}

}  // namespace qi::learn
