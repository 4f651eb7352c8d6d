// The lessons (Learn): GET /api/lessons, every registered game's courses (the
// page's map of them, with each step's goal, marks and solution), and POST
// /api/lessons/play, a step played by the rules (learn/step_run.h). The play
// keeps no state on the server: the page sends the learner's moves so far
// (each accepted before) and the new one, and the step is replayed from its
// position, so the work is bounded by the bound on those moves.
#include "learn/lessons_json.h"
#include "server/api.h"
#include "server/api_fields.h"

namespace qi::server {

using nlohmann::json;

namespace {

// More moves than any step needs, by far: the bound on a play's replay.
constexpr std::size_t kMaxLessonMoves = 200;

std::string_view kind_name(learn::StepAnswer::Kind kind) {
  switch (kind) {
    case learn::StepAnswer::Kind::Refused:
      return "refused";
    case learn::StepAnswer::Kind::Missed:
      return "missed";
    case learn::StepAnswer::Kind::Going:
      return "going";
    case learn::StepAnswer::Kind::Done:
      return "done";
  }
  return "";
}

std::optional<std::string> read_moves(const json& body, const char* name, std::vector<std::string>& out) {
  if (!body.contains(name)) return std::nullopt;
  const json& list = body[name];
  if (!list.is_array()) return std::string("field '") + name + "' must be a list of moves";
  if (list.size() > kMaxLessonMoves)
    return std::string("field '") + name + "' has more than " + std::to_string(kMaxLessonMoves) + " moves";
  for (const json& m : list) {
    if (!m.is_string() || m.get<std::string>().size() > 64)
      return std::string("field '") + name + "' must hold moves as short texts";
    out.push_back(m.get<std::string>());
  }
  return std::nullopt;
}

}  // namespace

ApiResponse Api::lessons() {
  json courses = json::array();
  for (const GameRegistration* game : registered_games())
    if (game->lessons)
      for (const LessonCourse& course : game->lessons->courses)
        courses.push_back(learn::course_json(*game, course));
  return {200, {{"courses", courses}}};
}

ApiResponse Api::play_lesson(const json& body) {
  if (auto e = unknown_field(body, {"game", "variant", "step", "moves", "move", "squares", "demo"}))
    return error_response(400, *e);
  std::string game_name, variant, step_id, move;
  std::vector<std::string> moves, squares;
  for (auto e : {read(body, "game", game_name, 64), read(body, "variant", variant, 64),
                 read(body, "step", step_id, 128), read(body, "move", move, 64),
                 read_moves(body, "moves", moves), read_moves(body, "squares", squares)})
    if (e) return error_response(400, *e);
  const GameRegistration* game = find_game(game_name);
  if (!game) return error_response(404, Error{"no game '" + game_name + "'", "no_such_game"});
  const LessonStep* step = learn::find_step(*game, variant, step_id);
  if (!step)
    return error_response(404,
                          Error{"no step '" + step_id + "' in " + game_name + "'s lessons", "no_such_step"});
  Expected<learn::StepRun> run = learn::StepRun::start(*game, variant, *step);
  if (!run) return error_response(500, run.error());
  json replies = json::array();
  for (const std::string& m : moves) {
    const learn::StepAnswer a = run->play(m);
    if (a.kind != learn::StepAnswer::Kind::Going)
      return error_response(
          422, Error{"moves: " + m + " is not a move on the way to this step's goal", "not_on_the_way"});
  }
  json answer = {{"game", game_name}, {"variant", variant}, {"step", step_id}};
  if (!move.empty() || !squares.empty()) {
    const learn::StepAnswer a = move.empty() ? run->play_squares(squares) : run->play(move);
    answer["answer"] = kind_name(a.kind);
    if (a.kind == learn::StepAnswer::Kind::Refused)
      answer["refusal"] = {{"code", a.refusal.code}, {"words", app::refusal_words(a.refusal, game_name)}};
    if (a.kind == learn::StepAnswer::Kind::Missed)
      answer["missed"] = {{"en", a.missed.en}, {"zh", a.missed.zh}};
    for (const MoveText& r : a.replies)
      replies.push_back({{"id", r.id}, {"display", r.display}, {"squares", r.squares}});
    if (a.kind == learn::StepAnswer::Kind::Done) answer["stars"] = a.stars;
  }
  answer["replies"] = replies;
  answer["position"] = learn::position_json(*run);
  return {200, answer};
}

}  // namespace qi::server
