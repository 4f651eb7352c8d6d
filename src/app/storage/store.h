// Where the app keeps games, players and ratings. The sessions and the server
// see only this interface; SQLite is the embedded implementation
// (sqlite_store.h) and a server database could be another.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/session.h"
#include "core/expected.h"

namespace qi::app {

struct Player {
  std::int64_t id = 0;
  std::string name;
  std::int64_t created_ms = 0;
  // The profile has a password: only its owner seats it (accounts.h).
  bool has_password = false;
};

// A one-time secret by which a profile's owner gives it a password
// (accounts.h), kept as the hash of the code. One a profile from each
// origin: "device" (given to the page that made the profile) or "operator"
// (qi players claim-code).
struct ClaimCode {
  std::int64_t player = 0;
  std::string origin;
  std::string code_hash;
  std::int64_t created_ms = 0;
  std::int64_t expires_ms = 0;  // 0: until it is used
};

// How the store's writes are going, for /api/stats and the operator: a
// failing disk shows here (and on stderr) while its writes are retried.
struct StoreHealth {
  std::uint64_t failed_commits = 0;  // since the start
  std::uint64_t waiting_writes = 0;  // games whose latest state is not yet written
  std::string last_error;            // empty once a commit has succeeded again
  std::int64_t last_error_ms = 0;
};

// One finished or unfinished game as listed (without its moves).
struct GameSummary {
  std::string id, game, variant, status;  // status: "ongoing" or "over"
  std::string score, termination;
  Words ending;  // how it ended, in words (Chinese empty for games stored before it was kept)
  std::array<std::string, 2> names;
  std::array<std::optional<std::int64_t>, 2> player_ids;
  std::array<int, 2> levels{};  // 0 for a person
  int plies = 0;
  std::string to_move;  // "first" or "second"
  bool rated = false;
  std::int64_t created_ms = 0, updated_ms = 0;
};

struct Rating {
  std::int64_t player_id = 0;
  std::string game;
  double elo = 1500;
  int games = 0;
  std::string level_points;  // the level-and-points standing, as JSON text (empty until rated)
};

// A player's ratings in one game just after a rated game, for the chart.
struct RatingPoint {
  std::string game_id;
  double elo = 0;
  int points = 0;  // level-and-points
  std::int64_t at_ms = 0;
};

// A rating after a rated game, written with the game's result.
struct RatingWrite {
  Rating rating;
  std::int64_t at_ms = 0;
};

// One game's state to be written, with its ending (in words, for lists), the
// side to move (for "your move" in lists) and the rating changes its result
// brings, which go into the store in the same transaction as the result.
// `remove`: the game leaves the store instead (a player removed it, or it
// expired).
struct GameWrite {
  Session::Saved saved;
  Outcome outcome;
  Words ending;
  int plies = 0;
  Side to_move = Side::First;
  std::vector<RatingWrite> ratings;
  bool remove = false;
  // Written only if the stored game is at this version (the version the
  // writer last read or wrote): otherwise nothing changes and the write fails
  // with code "stale" (another server changed the game first; see
  // cluster.h). None: whatever is stored is replaced (a new game). A game
  // that is not stored at all is stale to every expected version (it was
  // removed elsewhere): only a write without one creates a game.
  std::optional<std::uint64_t> expected_version;
};

// The error of a write made against a version that is no longer stored.
inline Error stale_error(const std::string& game_id) {
  return make_error("stale",
                    "game " + game_id + " was changed elsewhere first; try again on it as it is now");
}

// The writes of a batch that were skipped as stale, by their index.
using StaleWrites = std::vector<std::size_t>;

// What a read says when the store could not answer it (the database failed
// or cannot be reached): never "not found", which is an empty answer.
inline Error store_unavailable(const std::string& why) {
  return make_error("store_unavailable", "the database could not be read: " + why);
}

// A stored game that cannot be read back (its row is damaged, or it no
// longer replays): an error that names it and says why, never "no such game".
inline Error game_damaged(const std::string& game_id, const std::string& why) {
  return make_error("game_damaged", "game " + game_id + " is stored but cannot be read (" + why +
                                        "); the other games are not affected");
}

// A lesson step a player has done (Learn: core/lesson.h), with the best
// stars earned on it. The stars are the server's own verdict on a replay of
// the step (learn/step_run.h), never a number a page claims.
struct LessonProgress {
  std::int64_t player = 0;
  std::string game, variant, step;  // variant: the course's ("" for the game's default)
  int stars = 0;                    // 1 to 3
  std::int64_t first_done_ms = 0;   // when the step was first done
  std::int64_t improved_ms = 0;     // when its best stars were earned
};

// A tournament as stored (app/tournament): its whole document as JSON text,
// its version (each write makes the next one), and the columns the list and
// the bounds read without the document.
struct StoredTournament {
  std::string id;
  std::int64_t organiser = 0;
  std::uint64_t version = 0;
  std::string status;    // "open", "running", "over"
  std::string summary;   // JSON text: what the list shows
  std::string document;  // JSON text: everything (tournament_document.h)
  std::int64_t created_ms = 0, updated_ms = 0;
};

// An open challenge in the lobby (lobby.h): a game offered to whoever
// accepts it first. Kept in the store, so that every server on one database
// shows one lobby and exactly one accept wins.
struct Challenge {
  std::string id;
  std::string secret;  // the creator's: to poll, keep alive and cancel it
  std::string game, variant;
  TimeControl time_control;
  bool rated = false;
  std::string side = "random";  // the creator's: "first", "second" or "random"
  std::optional<std::int64_t> player_id;
  std::string name;
  std::string client;  // the creator's address (a bound per client)
  std::int64_t created_ms = 0;
  // It ends at this time unless its creator's page keeps it alive (each
  // poll moves it, up to the challenge's whole lifetime).
  std::int64_t expires_ms = 0;
  std::string status = "open";  // "open", "taken" (being accepted), "accepted", "cancelled"
  // Once accepted: the game, and the creator's seat and token in it.
  std::string game_id, creator_side, creator_token;
};

// How many open challenges there may be at once.
struct ChallengeBounds {
  int total = 500;
  int per_client = 5;
};

// A challenge moved from one status to another (see Store::change_challenge).
struct ChallengeChange {
  std::string id;
  std::string from, to;
  std::int64_t now_ms = 0;  // from "open": only if it has not expired by then
  std::string game_id, creator_side, creator_token;
};

// Every read answers a value or an error: "store_unavailable" when the
// database failed (nothing is known: callers answer 503, never "not found" or
// an empty list), "game_damaged" for a game row that cannot be read. What is
// not stored is an empty optional or list.
class Store {
 public:
  virtual ~Store() = default;
  // Inserts or replaces the game (and its summary columns) with its rating
  // changes, or removes it; durable when it returns Ok. A write whose
  // expected_version is not the stored one fails with code "stale" and
  // changes nothing (in a batch, only that write fails).
  virtual Status save_game(const GameWrite& write) = 0;
  // A save nobody waits for (a running clock's periodic save): it may be
  // written a little later, in order with the saves around it.
  virtual void save_game_soon(const GameWrite& write) { (void)save_game(write); }
  // Several games at once (one transaction where the store has them). A
  // stale write is skipped and the others are written: the result lists the
  // stale ones (their indexes in `writes`); an error means nothing was
  // written.
  virtual Expected<StaleWrites> save_games(const std::vector<GameWrite>& writes) {
    StaleWrites stale;
    for (std::size_t i = 0; i < writes.size(); ++i)
      if (Status st = save_game(writes[i]); !st) {
        if (st.error().code != "stale") return st.error();
        stale.push_back(i);
      }
    return stale;
  }
  // Games in play (neither over nor aborted). A damaged row is left out
  // (and reported on stderr): the others still resume.
  virtual Expected<std::vector<Session::Saved>> unfinished_games() = 0;
  virtual Expected<std::optional<Session::Saved>> load_game(const std::string& id) = 0;
  // Played games, newest first; aborted games are not listed.
  virtual Expected<std::vector<GameSummary>> list_games(int limit, std::optional<std::int64_t> player) = 0;

  // A new profile, with the hash of its password (empty: none); `name` is
  // normalised (player_name.h). A name already taken, or one whose key is
  // another profile's (a lookalike: name_key), fails with code "name_taken";
  // a failed write with "not_saved".
  virtual Expected<Player> add_player(const std::string& name, const std::string& password_hash = {}) = 0;
  virtual Expected<std::vector<Player>> players() = 0;
  virtual Expected<std::optional<Player>> player(std::int64_t id) = 0;

  virtual Expected<std::optional<Rating>> rating(std::int64_t player, const std::string& game) = 0;
  virtual Status save_rating(const Rating& rating, const std::string& game_id, std::int64_t at_ms) = 0;
  virtual Expected<std::vector<RatingPoint>> rating_history(std::int64_t player, const std::string& game) = 0;
  // Whether a game's result has already gone into the ratings.
  virtual Expected<bool> rated_already(const std::string& game_id) = 0;

  // Accounts (see accounts.h): a profile's password hash ("" for none), and
  // logins kept by the hash of their token.
  // A store without them (a test's) keeps no passwords and refuses logins.
  virtual Expected<std::optional<std::string>> password_hash(std::int64_t) {
    return std::optional<std::string>(std::string());
  }
  virtual Status set_password_hash(std::int64_t, const std::string&) { return no_accounts(); }
  virtual Status add_login(const std::string&, std::int64_t, std::int64_t, std::int64_t) {
    return no_accounts();
  }
  // The player a login belongs to, while it has not expired.
  virtual Expected<std::optional<std::int64_t>> login_player(const std::string&, std::int64_t) {
    return std::optional<std::int64_t>();
  }
  virtual Status remove_login(const std::string&) { return Ok{}; }
  // Keeps a claim code, replacing the profile's code of the same origin.
  virtual Status set_claim_code(const ClaimCode&) { return no_accounts(); }
  // Spends `player`'s claim code whose hash is `code_hash` (unexpired at
  // `now_ms`) and gives the profile `password_hash`, ending its logins and
  // its other codes, in one transaction: true. False, and nothing changed,
  // when it has no such code (of two requests with one code, one claims).
  virtual Expected<bool> claim_with_code(std::int64_t, const std::string&, const std::string&, std::int64_t) {
    return no_accounts().error();
  }

  // Lesson progress. Keeps `done.stars` for the player's step, with
  // `done.improved_ms`, when it is more than the stars kept; the first time,
  // the whole row (`done.first_done_ms` too). One statement: of two plays of
  // one step, the better is kept whichever comes first. Durable when it
  // returns Ok; a failed write is code "not_saved". The caller checks that
  // the step exists (a player's rows are bounded by the steps there are); a
  // player who does not exist, or stars outside 1 to 3, fail the write. A
  // store without progress (a test's) keeps none and refuses to record it.
  virtual Status record_lesson_stars(const LessonProgress&) { return no_progress(); }
  // Every step the player has done, by game, variant and step. Steps since
  // removed from their course are still answered: readers ignore them.
  virtual Expected<std::vector<LessonProgress>> lesson_progress(std::int64_t) {
    return std::vector<LessonProgress>();
  }

  // Tournaments (app/tournament/tournaments.h). Writes `t` (its version
  // must be `expected_version` + 1) only if the stored version is
  // `expected_version` (0: none is stored under its id): true once durable;
  // false, and nothing changed, when another write came first. A store
  // without them (a test's) refuses to keep one.
  virtual Expected<bool> save_tournament(const StoredTournament&, std::uint64_t) {
    return make_error("not_saved", "this store keeps no tournaments");
  }
  virtual Expected<std::optional<StoredTournament>> tournament(const std::string&) {
    return std::optional<StoredTournament>();
  }
  // The newest first, without their documents.
  virtual Expected<std::vector<StoredTournament>> tournaments(int) { return std::vector<StoredTournament>(); }
  // How many tournaments `organiser` has that are not over (a bound).
  virtual Expected<int> unfinished_tournaments(std::int64_t) { return 0; }

  virtual StoreHealth health() { return {}; }
  // Whether a game's save that failed is tried again by the store itself
  // (the group commit's retries): only then may a refusal say so.
  virtual bool retries_failed_saves() const { return false; }

  // The lobby's challenges. A store without them (a test's) has an empty
  // lobby and refuses new challenges.
  // Adds an open challenge unless `bounds` are reached (code
  // "too_many_challenges"), counting the open ones unexpired at its
  // created_ms, in one transaction.
  virtual Status add_challenge(const Challenge&, const ChallengeBounds&) { return no_lobby(); }
  // Open challenges unexpired at `now_ms`, newest first.
  virtual Expected<std::vector<Challenge>> open_challenges(std::int64_t, int) {
    return std::vector<Challenge>();
  }
  virtual Expected<std::optional<Challenge>> challenge(const std::string&) {
    return std::optional<Challenge>();
  }
  // Moves a challenge from `from` to `to` (with the game once accepted) only
  // if it is in `from` now, as one conditional write: true if this call
  // moved it, false if another came first.
  virtual Expected<bool> change_challenge(const ChallengeChange&) { return no_lobby(); }
  // Keeps an open challenge alive until `expires_ms`.
  virtual Status renew_challenge(const std::string&, std::int64_t) { return no_lobby(); }
  // Forgets challenges made before `before_ms`, and the cancelled ones.
  virtual void purge_challenges(std::int64_t) {}

 private:
  static Status no_accounts() { return make_error("this store keeps no accounts"); }
  static Error no_lobby() { return make_error("this store keeps no challenges"); }
  static Status no_progress() { return make_error("not_saved", "this store keeps no lesson progress"); }
};

}  // namespace qi::app
