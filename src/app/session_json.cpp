#include "app/session_json.h"

#include "app/json_text.h"

#include "app/refusal_codes.h"
#include "engine/registry.h"

namespace qi::app {

using nlohmann::json;

namespace {

std::string side_text(Side s) { return s == Side::First ? "first" : "second"; }
Side side_from(const std::string& t) { return t == "second" ? Side::Second : Side::First; }

json words_json(const Words& w) { return {{"en", w.en}, {"zh", w.zh}}; }

json seat_json(const Seat& seat, bool with_token) {
  json j = {{"kind", seat.kind == SeatKind::Engine ? "engine" : "human"},
            {"level", seat.level},
            {"name", seat.name}};
  if (with_token) j["token"] = seat.token;
  // Whether the seat waits for a person with its invite; the invite itself
  // is only stored, never shown.
  j["open"] = seat.open;
  if (with_token && !seat.invite.empty()) j["invite"] = seat.invite;
  if (seat.movetime_ms > 0) j["movetime_ms"] = seat.movetime_ms;
  j["player_id"] = seat.player_id ? json(*seat.player_id) : json(nullptr);
  return j;
}

Seat seat_from(const json& j) {
  Seat s;
  s.kind = j.at("kind").get<std::string>() == "engine" ? SeatKind::Engine : SeatKind::Human;
  s.level = j.at("level").get<int>();
  s.name = j.at("name").get<std::string>();
  s.token = j.value("token", "");
  s.movetime_ms = j.value("movetime_ms", std::int64_t{0});
  s.open = j.value("open", false);
  s.invite = j.value("invite", "");
  if (j.contains("player_id") && !j["player_id"].is_null()) s.player_id = j["player_id"].get<std::int64_t>();
  return s;
}

}  // namespace

json outcome_json(const Outcome& o, const Game* game) {
  json j = {{"verdict", o.verdict == Verdict::Win       ? "win"
                        : o.verdict == Verdict::Draw    ? "draw"
                        : o.verdict == Verdict::Aborted ? "aborted"
                                                        : "ongoing"},
            {"winner", side_text(o.winner)},
            {"side", side_text(o.side)},
            {"termination", std::string(name_of(o.termination))},
            {"score", score_text(o)}};
  if (o.n) j["n"] = o.n;
  if (o.m) j["m"] = o.m;
  if (!o.detail.empty()) j["detail"] = o.detail;
  if (game) {
    j["reason"] = game->describe(o);
    j["words"] = words_json(game->words(o));
  }
  return j;
}

Expected<Outcome> outcome_from_json(const json& j, std::span<const Termination> game_endings) {
  Outcome o;
  const std::string v = j.at("verdict").get<std::string>();
  o.verdict = v == "win"       ? Verdict::Win
              : v == "draw"    ? Verdict::Draw
              : v == "aborted" ? Verdict::Aborted
                               : Verdict::Ongoing;
  o.winner = side_from(j.at("winner").get<std::string>());
  o.side =
      side_from(j.value("side", o.verdict == Verdict::Win ? side_text(~o.winner) : std::string("first")));
  const std::string name = j.at("termination").get<std::string>();
  std::optional<Termination> t = termination_named(name, game_endings);
  if (!t) return make_error("saved game: unknown termination '" + name + "'");
  o.termination = *t;
  o.n = j.value("n", 0);
  o.m = j.value("m", 0);
  o.detail = j.value("detail", "");
  return o;
}

json time_control_json(const TimeControl& tc) {
  std::string kind = "unlimited";
  if (tc.kind == TimeControl::Kind::Clock) kind = tc.increment_ms > 0 ? "increment" : "sudden_death";
  if (tc.kind == TimeControl::Kind::PerMove) kind = "per_move";
  return {{"kind", kind},
          {"base_ms", tc.kind == TimeControl::Kind::Clock ? tc.base_ms : 0},
          {"increment_ms", tc.increment_ms},
          {"per_move_ms", tc.kind == TimeControl::Kind::PerMove ? tc.base_ms : 0},
          {"max_overruns", tc.max_overruns}};
}

Expected<TimeControl::Kind> parse_app_kind(const std::string& name) {
  if (name == "unlimited") return TimeControl::Kind::Unlimited;
  if (name == "sudden_death" || name == "increment") return TimeControl::Kind::Clock;
  if (name == "per_move") return TimeControl::Kind::PerMove;
  return make_error("unknown time control '" + name + "' (unlimited, sudden_death, increment, per_move)");
}

namespace {

std::string answer_kind_text(TakebackAnswer::Kind k) {
  return k == TakebackAnswer::Kind::Accepted    ? "accepted"
         : k == TakebackAnswer::Kind::Withdrawn ? "withdrawn"
                                                : "declined";
}

json takeback_json(const Takebacks& t) {
  json j = {{"proposed_by", t.proposed_by ? json(side_text(*t.proposed_by)) : json(nullptr)},
            {"declined_at", t.declined_at}};
  if (t.answer)
    j["answer"] = {
        {"by", side_text(t.answer->by)}, {"kind", answer_kind_text(t.answer->kind)}, {"ply", t.answer->ply}};
  return j;
}

Takebacks takeback_from(const json& j) {
  Takebacks t;
  if (!j.at("proposed_by").is_null()) t.proposed_by = side_from(j.at("proposed_by").get<std::string>());
  t.declined_at = j.at("declined_at").get<std::array<int, 2>>();
  if (j.contains("answer")) {
    const json& a = j.at("answer");
    const std::string kind = a.at("kind").get<std::string>();
    t.answer = TakebackAnswer{side_from(a.at("by").get<std::string>()),
                              kind == "accepted"    ? TakebackAnswer::Kind::Accepted
                              : kind == "withdrawn" ? TakebackAnswer::Kind::Withdrawn
                                                    : TakebackAnswer::Kind::Declined,
                              a.at("ply").get<int>()};
  }
  return t;
}

}  // namespace

json to_json(const Session::Saved& s) {
  json seats = json::array({seat_json(s.setup.seats[0], true), seat_json(s.setup.seats[1], true)});
  json clock = {{"remaining_ms", s.clock.remaining_ms},
                {"overruns", s.clock.overruns},
                {"moves", s.clock.moves},
                {"running", s.clock.running ? json(side_text(*s.clock.running)) : json(nullptr)},
                {"turn_elapsed_ms", s.clock.turn_elapsed_ms}};
  json draw = {{"pending", s.draw.pending ? json(side_text(*s.draw.pending)) : json(nullptr)},
               {"held", s.draw.held},
               {"declined_at", s.draw.declined_at},
               {"offered_at_ply", s.draw.offered_at_ply}};
  if (s.draw.answer)
    draw["answer"] = {{"by", side_text(s.draw.answer->by)},
                      {"accepted", s.draw.answer->accepted},
                      {"ply", s.draw.answer->ply}};
  if (s.engine_draw_reason) draw["engine_reason"] = words_json(*s.engine_draw_reason);
  json tags = json::array();
  for (const auto& [name, value] : s.setup.tags) tags.push_back({name, value});
  return {{"format", 1},
          {"id", s.id},
          {"game", s.setup.game},
          {"variant", s.setup.variant},
          {"fen", s.setup.fen},
          {"handicap", s.setup.handicap},
          {"seats", seats},
          {"time_control", time_control_json(s.setup.time_control)},
          {"rated", s.setup.rated},
          {"tags", tags},
          {"moves", s.moves},
          {"redo", s.redo},
          {"adjudication", s.adjudication ? outcome_json(*s.adjudication) : json(nullptr)},
          {"clock", clock},
          {"draw", draw},
          {"created_ms", s.created_ms},
          {"updated_ms", s.updated_ms},
          {"version", s.version},
          {"rematch",
           {{"offered_by", s.rematch.offered_by ? json(side_text(*s.rematch.offered_by)) : json(nullptr)},
            {"game", s.rematch.game},
            {"tokens", s.rematch.tokens}}},
          {"takeback", takeback_json(s.takeback)}};
}

Expected<Session::Saved> saved_from_json(const json& j) {
  try {
    Session::Saved s;
    s.id = j.at("id").get<std::string>();
    s.setup.game = j.at("game").get<std::string>();
    s.setup.variant = j.at("variant").get<std::string>();
    s.setup.fen = j.at("fen").get<std::string>();
    s.setup.handicap = j.at("handicap").get<std::string>();
    s.setup.seats = {seat_from(j.at("seats").at(0)), seat_from(j.at("seats").at(1))};
    const json& tc = j.at("time_control");
    auto kind = parse_app_kind(tc.at("kind").get<std::string>());
    if (!kind) return kind.error();
    TimeControl& t = s.setup.time_control;
    t.kind = *kind;
    t.base_ms = *kind == TimeControl::Kind::PerMove ? tc.at("per_move_ms").get<std::int64_t>()
                                                    : tc.at("base_ms").get<std::int64_t>();
    t.increment_ms = tc.at("increment_ms").get<std::int64_t>();
    t.max_overruns = tc.at("max_overruns").get<int>();
    s.setup.rated = j.at("rated").get<bool>();
    if (j.contains("tags"))
      for (const json& tag : j.at("tags"))
        s.setup.tags.emplace_back(tag.at(0).get<std::string>(), tag.at(1).get<std::string>());
    s.moves = j.at("moves").get<std::vector<std::string>>();
    s.redo = j.at("redo").get<std::vector<std::vector<std::string>>>();
    if (!j.at("adjudication").is_null()) {
      const GameRegistration* game = find_game(s.setup.game);
      if (!game) return make_error("saved game: unknown game '" + s.setup.game + "'");
      Expected<Outcome> o = outcome_from_json(j.at("adjudication"), game->descriptor().endings);
      if (!o) return o.error();
      s.adjudication = *o;
    }
    const json& c = j.at("clock");
    s.clock.remaining_ms = c.at("remaining_ms").get<std::array<std::int64_t, 2>>();
    s.clock.overruns = c.at("overruns").get<std::array<int, 2>>();
    if (c.contains("moves")) s.clock.moves = c.at("moves").get<std::array<int, 2>>();
    if (!c.at("running").is_null()) s.clock.running = side_from(c.at("running").get<std::string>());
    s.clock.turn_elapsed_ms = c.at("turn_elapsed_ms").get<std::int64_t>();
    const json& d = j.at("draw");
    if (!d.at("pending").is_null()) s.draw.pending = side_from(d.at("pending").get<std::string>());
    s.draw.offered_at_ply = d.at("offered_at_ply").get<int>();
    if (d.contains("declined_at")) {
      s.draw.declined_at = d.at("declined_at").get<std::array<int, 2>>();
      s.draw.held = d.at("held").get<std::array<bool, 2>>();
    } else {
      // Saved before offers could be held: a side that might not offer had
      // been declined at its last offer.
      const auto may_offer = d.at("may_offer").get<std::array<bool, 2>>();
      for (int i = 0; i < 2; ++i)
        if (!may_offer[i]) s.draw.declined_at[i] = std::max(0, s.draw.offered_at_ply);
    }
    if (d.contains("answer")) {
      const json& a = d.at("answer");
      s.draw.answer = DrawAnswer{side_from(a.at("by").get<std::string>()), a.at("accepted").get<bool>(),
                                 a.at("ply").get<int>()};
    }
    if (d.contains("engine_reason"))
      s.engine_draw_reason = Words{d["engine_reason"].at("en").get<std::string>(),
                                   d["engine_reason"].at("zh").get<std::string>()};
    s.created_ms = j.at("created_ms").get<std::int64_t>();
    s.updated_ms = j.at("updated_ms").get<std::int64_t>();
    if (j.contains("version")) s.version = j.at("version").get<std::uint64_t>();
    if (j.contains("rematch")) {
      const json& r = j.at("rematch");
      if (!r.at("offered_by").is_null())
        s.rematch.offered_by = side_from(r.at("offered_by").get<std::string>());
      s.rematch.game = r.at("game").get<std::string>();
      s.rematch.tokens = r.at("tokens").get<std::array<std::string, 2>>();
    }
    if (j.contains("takeback")) s.takeback = takeback_from(j.at("takeback"));  // saved before takebacks: none
    return s;
  } catch (const json::exception& e) {
    return make_error(std::string("saved game: ") + e.what());
  }
}

namespace {

// Whether each seat may undo now, with the refusal it would get, and
// whether it needs the opponent's consent (a person at another screen: a
// proposal) unless the page holds both seats: the page's button agrees with
// the server.
json undo_json(const Session& s) {
  json out = json::object();
  for (Side side : {Side::First, Side::Second}) {
    Status may = s.may_undo(side);
    json j = {{"allowed", may.has_value()}, {"needs_consent", s.takeback_needs_consent(side)}};
    if (!may) {
      j["code"] = may.error().code;
      j["reason"] = may.error().message;
      j["words"] = refusal_words(may.error(), s.setup().game);
    }
    out[side == Side::First ? "first" : "second"] = j;
  }
  return out;
}

// The draw offers as the page shows them: who offered, who asked to offer
// with their next move, whether each side may ask now (and why not), and
// the last answer with its words.
json draw_offer_json(const Session& s) {
  const DrawOffers& d = s.draw_offer();
  const Game& g = s.game();
  json held = json::object(), may = json::object(), refusal = json::object();
  for (Side side : {Side::First, Side::Second}) {
    const std::string key = side_text(side);
    held[key] = d.held[index(side)];
    Status allowed = s.referee().may_offer_draw(side);
    may[key] = allowed.has_value();
    refusal[key] = allowed ? json(nullptr)
                           : json{{"code", allowed.error().code},
                                  {"reason", allowed.error().message},
                                  {"words", refusal_words(allowed.error(), s.setup().game)}};
  }
  json answer = nullptr;
  if (d.answer) {
    const bool engine = s.setup().seats[index(d.answer->by)].kind == SeatKind::Engine;
    const Words& who = g.descriptor().sides[index(d.answer->by)];
    Words said = d.answer->accepted ? Words{who.en + " accepts the draw", who.zh + "同意和棋"}
                                    : Words{who.en + " declines the draw", who.zh + "拒绝和棋"};
    if (engine && s.engine_draw_reason()) said = *s.engine_draw_reason();
    answer = {{"by", side_text(d.answer->by)},
              {"accepted", d.answer->accepted},
              {"engine", engine},
              {"ply", d.answer->ply},
              {"words", words_json(said)}};
  }
  return {{"pending", d.pending ? json(side_text(*d.pending)) : json(nullptr)},
          {"held", held},
          {"may_offer", may},
          {"offer_refusal", refusal},
          {"answer", answer}};
}

// Takebacks between people at two screens: who proposes one, whether each
// side may propose now (and why not), and the last answer with its words.
json takeback_view_json(const Session& s) {
  const Takebacks& t = s.takeback();
  json may = json::object(), refusal = json::object();
  for (Side side : {Side::First, Side::Second}) {
    Status allowed = s.may_propose_takeback(side);
    may[side_text(side)] = allowed.has_value();
    refusal[side_text(side)] = allowed ? json(nullptr)
                                       : json{{"code", allowed.error().code},
                                              {"reason", allowed.error().message},
                                              {"words", refusal_words(allowed.error(), s.setup().game)}};
  }
  json answer = nullptr;
  if (t.answer) {
    const Words& who = s.game().descriptor().sides[index(t.answer->by)];
    const Words said = t.answer->kind == TakebackAnswer::Kind::Accepted
                           ? Words{who.en + " accepts the takeback", who.zh + "同意悔棋"}
                       : t.answer->kind == TakebackAnswer::Kind::Withdrawn
                           ? Words{who.en + " withdraws the takeback proposal", who.zh + "撤回了悔棋请求"}
                           : Words{who.en + " declines the takeback", who.zh + "拒绝悔棋"};
    answer = {{"by", side_text(t.answer->by)},
              {"kind", answer_kind_text(t.answer->kind)},
              {"ply", t.answer->ply},
              {"words", words_json(said)}};
  }
  return {{"proposed_by", t.proposed_by ? json(side_text(*t.proposed_by)) : json(nullptr)},
          {"may_propose", may},
          {"propose_refusal", refusal},
          {"answer", answer}};
}

// Who is here, and what each seat may do to leave the game now.
json presence_json(const Session& s, std::int64_t now) {
  json out = json::object();
  for (Side side : {Side::First, Side::Second})
    out[side_text(side)] = {{"here", s.here(side, now)}, {"away_ms", s.away_ms(side, now)}};
  return out;
}

// A finished game's rematch as everyone may see it: asked for by a side, or
// made (the new game's id; each player's token goes only to that player).
json rematch_json(const Session& s) {
  const Rematch& r = s.rematch();
  if (!r.game.empty()) return {{"game", r.game}};
  if (r.offered_by) return {{"offered_by", side_text(*r.offered_by)}};
  return nullptr;
}

json leave_json(const Session& s, std::int64_t now) {
  json out = json::object();
  for (Side side : {Side::First, Side::Second}) {
    const bool person = s.setup().seats[index(side)].kind == SeatKind::Human;
    out[side_text(side)] = {{"abort", person && s.may_abort(side).has_value()},
                            {"claim_win", person && s.may_claim_abandoned(side, true, now).has_value()},
                            {"claim_draw", person && s.may_claim_abandoned(side, false, now).has_value()}};
  }
  return out;
}

}  // namespace

json public_view(const Session& s, std::int64_t now) {
  json view = json::parse(public_view_head(s, now));
  json moves = json::array();
  for (const MoveText& m : s.moves()) moves.push_back(move_json(m));
  view["moves"] = std::move(moves);
  view["fens"] = s.fens();
  view["boards"] = s.boards();
  return view;
}

std::string public_view_head(const Session& s, std::int64_t now) {
  const Game& g = s.game();
  json claims = json::array();
  for (const Outcome& c : s.referee().draw_claims()) claims.push_back(outcome_json(c, &g));
  const Outcome o = s.outcome();
  json outcome = outcome_json(o, &g);
  if (o.over()) outcome["squares"] = g.outcome_squares();
  const GameClock& clock = s.clock();
  json clock_json = {
      {"control", time_control_json(clock.control())},
      {"remaining_ms", {clock.remaining_ms(Side::First, now), clock.remaining_ms(Side::Second, now)}},
      {"overruns", {clock.overruns(Side::First, now), clock.overruns(Side::Second, now)}},
      {"running", clock.running() ? json(side_text(*clock.running())) : json(nullptr)},
      {"started", s.referee().clock_started()}};
  json seats = json::array();
  for (Side side : {Side::First, Side::Second}) {
    json seat = seat_json(s.setup().seats[index(side)], false);
    seat["side_name"] = g.side_name(side);
    seats.push_back(seat);
  }
  // The king or general in check, in play or at the end (mated, or left in
  // check by a resignation or a flag), as lichess marks the last position.
  const std::optional<std::string> check = g.checked_square();
  const json fixed = {{"id", s.id()},
                      {"version", s.version()},
                      {"game", s.setup().game},
                      {"variant", s.setup().variant},
                      {"handicap", s.setup().handicap},
                      {"rated", s.setup().rated},
                      {"fen", g.fen()},
                      {"side_to_move", side_text(g.side_to_move())},
                      {"in_check", check.has_value()},
                      {"check_square", check ? json(*check) : json(nullptr)},
                      {"seats", seats},
                      {"draw_claims", claims},
                      {"draw_offer", draw_offer_json(s)},
                      {"presence", presence_json(s, now)},
                      {"leave", leave_json(s, now)},
                      {"rematch", rematch_json(s)},
                      {"waiting_for_seat", s.waiting_for_seat()},
                      {"can_redo", s.can_redo()},
                      {"undo", undo_json(s)},
                      {"takeback", takeback_view_json(s)},
                      {"clock", clock_json},
                      {"outcome", outcome},
                      {"engine_to_move", s.engine_to_move()},
                      {"created_ms", s.created_ms()},
                      {"updated_ms", s.updated_ms()}};
  // The members that grow with the game (every legal move with its
  // notations; the record) are written as text.
  std::string head = fixed.dump(-1, ' ', false, json::error_handler_t::replace);
  head.pop_back();
  head += ",\"legal_moves\":[";
  bool first = true;
  for (const MoveText& m : s.referee().legal_moves()) {
    if (!first) head += ',';
    first = false;
    write_move_json(head, m);
  }
  head += "],\"record\":";
  append_json_string(head, s.record());
  head += '}';
  return head;
}

void write_move_json(std::string& out, const MoveText& m) {
  out += "{\"id\":";
  append_json_string(out, m.id);
  out += ",\"display\":";
  append_json_string(out, m.display);
  out += ",\"squares\":[";
  for (std::size_t i = 0; i < m.squares.size(); ++i) {
    if (i) out += ',';
    append_json_string(out, m.squares[i]);
  }
  out += "],\"notations\":{";
  // An object's member appears once: a notation named twice keeps its
  // last text.
  for (std::size_t i = 0; i < m.notations.size(); ++i) {
    bool named_again = false;
    for (std::size_t j = i + 1; j < m.notations.size(); ++j)
      named_again |= m.notations[j].first == m.notations[i].first;
    if (named_again) continue;
    if (out.back() != '{') out += ',';
    append_json_string(out, m.notations[i].first);
    out += ':';
    append_json_string(out, m.notations[i].second);
  }
  out += '}';
  if (!m.choice.empty()) {
    out += ",\"choice\":";
    append_json_string(out, m.choice);
  }
  out += '}';
}

json move_json(const MoveText& m) {
  std::string text;
  write_move_json(text, m);
  return json::parse(text);
}

json hint_json(const Hint& hint) {
  const engine::HintFacts& f = hint.facts;
  json j = {{"move", move_json(hint.move)},
            {"kind", hint.kind},
            {"reason", hint.words.en},
            {"words", words_json(hint.words)}};
  if (hint.kind == "mate") j["mate_in"] = f.mate_in;
  if (hint.kind == "wins_material") {
    j["captured"] = f.captured;
    j["gain"] = f.gain;
    j["safely"] = f.safely;
  }
  if (hint.kind == "stops_threat") {
    j["threat"] = {{"id", f.threat}, {"display", f.threat_display}};
    j["threat_is_mate"] = f.threat_is_mate;
  }
  if (hint.kind == "note") j["note"] = f.note;
  if (hint.kind == "positional") {
    j["assessment_cp"] = f.assessment_cp;
    if (!f.plan.piece.empty()) {
      json aims = json::array();
      for (const engine::PlanAim& a : f.plan.aims) {
        json aim = {{"id", a.id}, {"squares", a.squares}, {"words", words_json(a.words)}};
        if (!a.piece.empty()) aim["piece"] = a.piece;
        aims.push_back(aim);
      }
      j["plan"] = {{"piece", f.plan.piece},
                   {"piece_name", words_json(f.plan.piece_name)},
                   {"from", f.plan.from},
                   {"to", f.plan.to},
                   {"aims", aims}};
    }
  }
  return j;
}

json refusal_words(const Error& error, std::string_view game) {
  std::string_view zh;
  if (const engine::GameRegistration* g = engine::find_game(game))
    for (const RefusalWords& w : g->descriptor().refusals)
      if (w.code == error.code) zh = w.zh;
  if (zh.empty()) zh = chinese_of(kRefereeRefusals, error.code);
  if (zh.empty()) zh = chinese_of(kRefusalCodes, error.code);
  return {{"en", error.message}, {"zh", zh.empty() ? error.message : std::string(zh)}};
}

}  // namespace qi::app
