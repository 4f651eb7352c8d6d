// The lessons (Learn): GET /api/lessons, every registered game's courses (the
// page's map of them, with each step's goal, marks and solution), and POST
// /api/lessons/play, a step played by the rules (learn/step_run.h). The play
// keeps no state on the server: the page sends the learner's moves so far
// (each accepted before) and the new one, and the step is replayed from its
// position, so the work is bounded by the bound on those moves.
//
// A step done by someone logged in is their progress: its stars, which the
// replay gives (nobody is believed about stars they say they earned), are
// kept in the store before the answer goes, the best of each step's plays
// (Store::record_lesson_stars). GET /api/players/<id>/lessons answers a
// player's progress, public as a profile's games are. Without a login the
// page keeps the stars itself.
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

ApiResponse Api::play_lesson(const ApiRequest& request, const json& body) {
  if (auto e = unknown_field(body, {"game", "variant", "step", "moves", "move", "squares", "demo"}))
    return error_response(400, *e);
  std::string game_name, variant, step_id, move;
  std::vector<std::string> moves, squares;
  // A play the page shows ("Show me": the solution played for the learner to
  // watch) earns nothing.
  bool demo = false;
  for (auto e :
       {read(body, "game", game_name, 64), read(body, "variant", variant, 64),
        read(body, "step", step_id, 128), read(body, "move", move, 64), read_moves(body, "moves", moves),
        read_moves(body, "squares", squares), read(body, "demo", demo)})
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
  bool saved = false;
  if (!move.empty() || !squares.empty()) {
    const learn::StepAnswer a = move.empty() ? run->play_squares(squares) : run->play(move);
    answer["answer"] = kind_name(a.kind);
    if (a.kind == learn::StepAnswer::Kind::Refused)
      answer["refusal"] = {{"code", a.refusal.code}, {"words", app::refusal_words(a.refusal, game_name)}};
    if (a.kind == learn::StepAnswer::Kind::Missed)
      answer["missed"] = {{"en", a.missed.en}, {"zh", a.missed.zh}};
    for (const MoveText& r : a.replies)
      replies.push_back({{"id", r.id}, {"display", r.display}, {"squares", r.squares}});
    if (a.kind == learn::StepAnswer::Kind::Done) {
      answer["stars"] = a.stars;
      // Recorded before the answer says so: a write that failed fails the
      // request (the page then keeps the stars itself and may try again),
      // never a "done" whose stars were quietly lost.
      std::optional<std::int64_t> player = demo ? std::nullopt : logged_in(request);
      if (player) {
        const std::int64_t now = time_.now_ms();
        if (Status st = store_.record_lesson_stars(
                {*player, game_name, variant, step_id, a.stars, /*first_done_ms=*/now, /*improved_ms=*/now});
            !st)
          return error_response(503, st.error());
        saved = true;
      }
    }
  }
  // Whether this answer's stars are kept on the server, for the player
  // logged in; otherwise the page keeps them.
  answer["saved"] = saved;
  answer["replies"] = replies;
  answer["position"] = learn::position_json(*run);
  return {200, answer};
}

ApiResponse Api::lesson_progress(const std::string& player_id) {
  auto id = parse_id(player_id);
  if (!id) return error_response(400, "a player is named by a number");
  if (!must(store_.player(*id))) return error_response(404, "there is no player " + player_id);
  // Every row kept, also of a step since removed from its course: the page
  // shows the steps it knows and ignores the others.
  json steps = json::array();
  for (const app::LessonProgress& done : must(store_.lesson_progress(*id)))
    steps.push_back({{"game", done.game},
                     {"variant", done.variant},
                     {"step", done.step},
                     {"stars", done.stars},
                     {"at", done.improved_ms}});
  return {200, {{"player", *id}, {"steps", steps}}};
}

}  // namespace qi::server
