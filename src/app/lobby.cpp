#include "app/lobby.h"

#include <random>

#include "app/refusal_codes.h"
#include "app/session_json.h"

namespace qi::app {

namespace {

Error no_such_challenge(const std::string& id) {
  return make_error(refusal("no_such_challenge"), "there is no open challenge " + id);
}

// The creator's side, "random" decided now.
Side creator_side(const std::string& side) {
  if (side == "first") return Side::First;
  if (side == "second") return Side::Second;
  static thread_local std::mt19937 random{std::random_device{}()};
  return std::bernoulli_distribution(0.5)(random) ? Side::First : Side::Second;
}

}  // namespace

nlohmann::json challenge_json(const Challenge& c) {
  return {{"id", c.id},
          {"game", c.game},
          {"variant", c.variant},
          {"time_control", time_control_json(c.time_control)},
          {"rated", c.rated},
          {"side", c.side},
          {"player_id", c.player_id ? nlohmann::json(*c.player_id) : nlohmann::json(nullptr)},
          {"name", c.name},
          {"status", c.status == "taken" ? "open" : c.status},  // being accepted: not yet decided
          {"created_ms", c.created_ms},
          {"expires_ms", c.expires_ms}};
}

Lobby::Lobby(Store& store, SessionManager& manager, Clock& time, LobbyOptions options)
    : store_(store), manager_(manager), time_(time), options_(options) {}

Expected<nlohmann::json> Lobby::create(ChallengeRequest request, const std::string& client) {
  if (request.side != "first" && request.side != "second" && request.side != "random")
    return make_error("side must be \"first\", \"second\" or \"random\"");
  if (request.rated && !request.player_id)
    return make_error(refusal("rated_needs_profile"), "a rated challenge needs your player profile");
  if (request.player_id) {
    auto p = store_.player(*request.player_id);
    if (!p) return p.error();
    if (!*p) return make_error("there is no player " + std::to_string(*request.player_id));
    if (request.name.empty()) request.name = (*p)->name;
  }
  // The game it would make, tried now: a game, variant or time control the
  // app does not play is refused before anyone accepts it.
  SessionSetup trial;
  trial.game = request.game;
  trial.variant = request.variant;
  trial.time_control = request.time_control;
  auto tried = Session::create("trial", trial, time_.now_ms());
  if (!tried) return tried.error();
  const std::int64_t now = time_.now_ms();
  store_.purge_challenges(now - 2 * options_.lifetime_ms);
  Challenge c;
  c.id = new_token().substr(0, 12);
  c.secret = new_token();
  c.game = request.game;
  c.variant = (*tried)->setup().variant;
  c.time_control = request.time_control;
  c.rated = request.rated;
  c.side = request.side;
  c.player_id = request.player_id;
  c.name = request.name;
  c.client = client;
  c.created_ms = now;
  c.expires_ms = now + std::min(options_.keep_alive_ms, options_.lifetime_ms);
  if (Status st = store_.add_challenge(c, options_.bounds); !st) return st.error();
  return nlohmann::json{{"id", c.id}, {"secret", c.secret}, {"challenge", challenge_json(c)}};
}

Expected<nlohmann::json> Lobby::list() {
  auto open = store_.open_challenges(time_.now_ms(), options_.list_limit);
  if (!open) return open.error();
  nlohmann::json out = nlohmann::json::array();
  for (const Challenge& c : *open) out.push_back(challenge_json(c));
  return out;
}

Expected<Challenge> Lobby::owned(const std::string& id, const std::string& secret) {
  auto c = store_.challenge(id);
  if (!c) return c.error();
  if (!*c) return no_such_challenge(id);
  if (!same_secret((*c)->secret, secret))
    return make_error(refusal("wrong_secret"), "that is not the secret of challenge " + id);
  return **c;
}

Expected<nlohmann::json> Lobby::poll(const std::string& id, const std::string& secret) {
  auto c = owned(id, secret);
  if (!c) return c.error();
  const std::int64_t now = time_.now_ms();
  if (c->status == "open") {
    if (c->expires_ms <= now) return no_such_challenge(id);
    c->expires_ms = std::min(now + options_.keep_alive_ms, c->created_ms + options_.lifetime_ms);
    if (Status st = store_.renew_challenge(id, c->expires_ms); !st) return st.error();
  }
  nlohmann::json out = {{"challenge", challenge_json(*c)}};
  if (c->status == "accepted")
    out.update({{"game", c->game_id}, {"side", c->creator_side}, {"token", c->creator_token}});
  return out;
}

Expected<nlohmann::json> Lobby::accept(const std::string& id, std::optional<std::int64_t> player_id,
                                       std::string name) {
  auto read = store_.challenge(id);
  if (!read) return read.error();
  const std::optional<Challenge>& c = *read;
  const std::int64_t now = time_.now_ms();
  if (!c || c->status == "cancelled" || (c->status == "open" && c->expires_ms <= now))
    return no_such_challenge(id);
  if (c->status != "open")
    return make_error(refusal("challenge_taken"), "someone else accepted this challenge first");
  if (c->rated) {
    if (!player_id)
      return make_error(refusal("rated_needs_profile"),
                        "a rated challenge is accepted with a player profile");
    if (player_id == c->player_id)
      return make_error(refusal("own_challenge"), "you cannot play a rated game against yourself");
  }
  auto taken = store_.change_challenge({id, "open", "taken", now});
  if (!taken) return taken.error();
  if (!*taken) return make_error(refusal("challenge_taken"), "someone else accepted this challenge first");
  const Side creator = creator_side(c->side);
  SessionSetup setup;
  setup.game = c->game;
  setup.variant = c->variant;
  setup.time_control = c->time_control;
  setup.rated = c->rated;
  Seat& mine = setup.seats[index(creator)];
  mine.player_id = c->player_id;
  mine.name = c->name;
  Seat& theirs = setup.seats[index(~creator)];
  theirs.player_id = player_id;
  theirs.name = std::move(name);
  auto made = manager_.create(std::move(setup));
  if (!made) {
    // Nobody has a game: it is open again for the next one.
    (void)store_.change_challenge({id, "taken", "open", now});
    return made.error();
  }
  const char* creator_key = creator == Side::First ? "first" : "second";
  const char* accepter_key = creator == Side::First ? "second" : "first";
  const std::string game_id = (*made)["id"].get<std::string>();
  auto done = store_.change_challenge({id, "taken", "accepted", now, game_id, creator_key,
                                       (*made)["tokens"][creator_key].get<std::string>()});
  if (!done) return done.error();
  return nlohmann::json{
      {"game", game_id}, {"side", accepter_key}, {"token", (*made)["tokens"][accepter_key]}};
}

Expected<nlohmann::json> Lobby::cancel(const std::string& id, const std::string& secret) {
  auto c = owned(id, secret);
  if (!c) return c.error();
  auto cancelled = store_.change_challenge({id, "open", "cancelled", 0});
  if (!cancelled) return cancelled.error();
  // Accepted meanwhile: the game stands (the creator finds it by polling).
  if (!*cancelled && c->status != "cancelled")
    return make_error(refusal("challenge_taken"), "the challenge was accepted before it was cancelled");
  return nlohmann::json{{"cancelled", id}};
}

}  // namespace qi::app
