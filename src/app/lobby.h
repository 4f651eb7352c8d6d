// The lobby: open challenges (a game, its variant, time control and rating,
// the creator's side) that another player accepts, as on lichess. A
// challenge lives in the Store, so several servers on one database show one
// lobby, and exactly one accept wins: the store moves it from "open" to
// "taken" in one conditional write, the winner makes the game, and the
// creator learns its seat's token by polling the challenge with its secret.
// A challenge ends after its lifetime, when it is cancelled, or when its
// creator's page stops polling it (each poll keeps it alive a little longer).
#pragma once

#include <nlohmann/json.hpp>

#include "app/session_manager.h"
#include "app/storage/store.h"
#include "core/clock.h"

namespace qi::app {

struct LobbyOptions {
  std::int64_t lifetime_ms = 10 * 60 * 1000;
  // A challenge whose creator has not polled it for this long ends.
  std::int64_t keep_alive_ms = 30 * 1000;
  ChallengeBounds bounds;
  int list_limit = 50;
};

// What a creator asks for.
struct ChallengeRequest {
  std::string game = default_game_name(), variant;  // where a request names none: Qi's default game
  TimeControl time_control;
  bool rated = false;
  std::string side = "random";
  std::optional<std::int64_t> player_id;
  std::string name;
};

class Lobby {
 public:
  Lobby(Store& store, SessionManager& manager, Clock& time, LobbyOptions options = {});

  // A new open challenge: {"id", "secret", "challenge": ...}. Refused with a
  // reason when the game, variant or time control is not one the app plays,
  // a rated one without a profile, or beyond the bounds ("too_many_challenges").
  Expected<nlohmann::json> create(ChallengeRequest request, const std::string& client);
  // The open challenges, newest first (never their secrets).
  Expected<nlohmann::json> list();
  // The creator's poll (keeps it alive): {"challenge"}, and once accepted
  // "game", "side" and "token" (the creator's seat).
  Expected<nlohmann::json> poll(const std::string& id, const std::string& secret);
  // Accepts it for a person (a profile or a name): {"game", "side", "token"}.
  // Refused with "challenge_taken" when another accept came first.
  Expected<nlohmann::json> accept(const std::string& id, std::optional<std::int64_t> player_id,
                                  std::string name);
  Expected<nlohmann::json> cancel(const std::string& id, const std::string& secret);

 private:
  // The challenge if `secret` is its creator's.
  Expected<Challenge> owned(const std::string& id, const std::string& secret);

  Store& store_;
  SessionManager& manager_;
  Clock& time_;
  LobbyOptions options_;
};

// A challenge as anyone may see it (without its secret, client or token).
nlohmann::json challenge_json(const Challenge& c);

}  // namespace qi::app
