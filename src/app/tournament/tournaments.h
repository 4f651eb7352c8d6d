// The app's tournaments: made by an organiser (an account), joined by
// players with their profiles (and engines the organiser adds), paired a
// round at a time by the organiser, each pairing a game of the app between
// the two players' devices; results come in from the games, or from the
// organiser (over the board, forfeits).
//   Every tournament is one stored document with a version. A change reads
//   it, changes it and writes it only over the version it read; when another
//   server wrote first, the change is made again on what that server wrote.
//   So servers sharing one database change a tournament one at a time, and
//   a reply means the change is stored.
//   A round is written (its pairings) before its games are made; a board of
//   the round being played without its game gets one at the next look at
//   the tournament, whichever server looks: a server that dies between the
//   two loses nothing.
#pragma once

#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>

#include "app/tournament/tournament.h"
#include "core/clock.h"
#include "core/expected.h"

namespace qi::app {

class SessionManager;
class Store;

// The bounds on what one organiser or one request can make.
inline constexpr int kMaxUnfinishedTournaments = 20;  // per organiser
inline constexpr int kTournamentListLength = 100;

// A player's game in a tournament's round being played.
struct TournamentSeat {
  int round = 0, board = 0;
  std::string game_id, side, token;
};

class Tournaments {
 public:
  Tournaments(Store& store, SessionManager& manager, const Clock& time);

  // Checks the settings (errors name the setting) and the organiser's bound.
  Expected<Tournament> create(std::int64_t organiser, TournamentSettings settings);
  // The tournament as it is now: results of games that ended brought in, and
  // games made for boards that have none.
  Expected<Tournament> get(const std::string& id);
  // The newest first, as summaries.
  Expected<nlohmann::json> list();

  // A person enters with a profile (the caller has checked the requester
  // may use it); `requester` the player logged in, if any.
  Expected<Tournament> join(const std::string& id, std::int64_t player);
  // The organiser adds an engine at a level.
  Expected<Tournament> add_engine(const std::string& id, int level, std::optional<std::int64_t> requester);
  // The entrant's own profile, or the organiser.
  Expected<Tournament> withdraw(const std::string& id, int entrant, std::optional<std::int64_t> requester);
  Expected<Tournament> start_round(const std::string& id, std::optional<std::int64_t> requester);
  Expected<Tournament> enter_result(const std::string& id, int round, int board, BoardResult result,
                                    std::optional<std::int64_t> requester);
  // A player reports the result of their board played over the board; once
  // both players have reported the same, it is the board's result ("the
  // players"); while they disagree, the organiser decides.
  Expected<Tournament> report_result(const std::string& id, int round, int board, BoardResult result,
                                     std::int64_t player);
  // The player's game in the last round (the caller has checked the
  // requester may use the profile).
  Expected<TournamentSeat> seat(const std::string& id, std::int64_t player);
  // Every game's record (PGN, or PDN for draughts), round by round.
  Expected<std::string> records(const std::string& id);

 private:
  Expected<Tournament> read(const std::string& id);
  // Writes over the version `t` was read at; code "stale" when another
  // write came first. On success `t.version` is the new one.
  Status write(Tournament& t);
  // Reads, edits and writes, again on what is stored when a write was stale.
  Expected<Tournament> change(const std::string& id, const std::function<Status(Tournament&)>& edit);
  // Results of ended games into their boards, and forfeits of players who
  // did not come (no_show); true when any changed.
  bool bring_in_results(Tournament& t);
  bool no_show(const Tournament& t, const TournamentRound& r, Board& b, const nlohmann::json& view);
  // Games for the last round's boards that have none; true when any made.
  bool make_games(Tournament& t);
  // Whether `id` was brought up to date within the last second (every look
  // at a live tournament does not read all its games).
  bool refreshed_recently(const std::string& id);

  Store& store_;
  SessionManager& manager_;
  const Clock& time_;
  std::mutex refreshed_mutex_;
  std::unordered_map<std::string, std::int64_t> refreshed_ms_;
};

}  // namespace qi::app
