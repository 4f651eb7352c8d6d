#include "app/storage/migrations.h"

namespace qi::app {

const std::vector<std::string_view>& schema_migrations() {
  static const std::vector<std::string_view> steps = {
      // 1: games with their full saved state, players, ratings.
      R"sql(
CREATE TABLE games (
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  variant TEXT NOT NULL,
  status TEXT NOT NULL,          -- 'ongoing' or 'over'
  score TEXT NOT NULL,
  termination TEXT NOT NULL,
  reason TEXT NOT NULL,
  first_name TEXT NOT NULL,
  second_name TEXT NOT NULL,
  first_player INTEGER REFERENCES players(id),
  second_player INTEGER REFERENCES players(id),
  first_level INTEGER NOT NULL,
  second_level INTEGER NOT NULL,
  plies INTEGER NOT NULL,
  rated INTEGER NOT NULL,
  created_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL,
  state TEXT NOT NULL            -- the saved session as JSON
);
CREATE INDEX games_status ON games(status);
CREATE INDEX games_first_player ON games(first_player);
CREATE INDEX games_second_player ON games(second_player);
CREATE TABLE players (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  created_ms INTEGER NOT NULL
);
CREATE TABLE ratings (
  player INTEGER NOT NULL REFERENCES players(id),
  game TEXT NOT NULL,
  elo REAL NOT NULL,
  games INTEGER NOT NULL,
  level_points TEXT NOT NULL,
  PRIMARY KEY (player, game)
);
CREATE TABLE rating_history (
  player INTEGER NOT NULL REFERENCES players(id),
  game TEXT NOT NULL,
  game_id TEXT NOT NULL,
  elo REAL NOT NULL,
  at_ms INTEGER NOT NULL
);
CREATE INDEX rating_history_player ON rating_history(player, game);
)sql",
      // 2: the level-and-points standing in the rating history (for its chart).
      R"sql(
ALTER TABLE rating_history ADD COLUMN points INTEGER NOT NULL DEFAULT 0;
CREATE INDEX rating_history_game ON rating_history(game_id);
)sql",
      // 3: how a game ended, in Chinese beside the English (the games list).
      R"sql(
ALTER TABLE games ADD COLUMN reason_zh TEXT NOT NULL DEFAULT '';
)sql",
      // 4: the side to move (lists tell "your move" from "their move"); status
      // may now be 'aborted' too.
      R"sql(
ALTER TABLE games ADD COLUMN to_move TEXT NOT NULL DEFAULT 'first';
)sql",
      // 5: accounts: a profile may have a password (an Argon2id hash), and
      // its owner's logins (a hash of each session token, never the token).
      R"sql(
ALTER TABLE players ADD COLUMN password_hash TEXT NOT NULL DEFAULT '';
CREATE TABLE logins (
  token_hash TEXT PRIMARY KEY,
  player INTEGER NOT NULL REFERENCES players(id),
  created_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL
);
CREATE INDEX logins_player ON logins(player);
)sql",
      // 6: the version of each game's stored state, for conditional writes
      // (GameWrite::expected_version): the version its saved state holds.
      R"sql(
ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
UPDATE games SET version = CASE WHEN json_valid(state)
  THEN coalesce(json_extract(state, '$.version'), 0) ELSE 0 END;
)sql",
      // 7: the lobby's open challenges (lobby.h): the creator's choices as
      // JSON, and once accepted the game with the creator's seat and token.
      R"sql(
CREATE TABLE challenges (
  id TEXT PRIMARY KEY,
  secret TEXT NOT NULL,
  client TEXT NOT NULL,
  status TEXT NOT NULL,          -- 'open', 'taken', 'accepted', 'cancelled'
  setup TEXT NOT NULL,           -- game, variant, time control, rated, side, player, name
  created_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL,
  game_id TEXT NOT NULL DEFAULT '',
  creator_side TEXT NOT NULL DEFAULT '',
  creator_token TEXT NOT NULL DEFAULT ''
);
CREATE INDEX challenges_open ON challenges(status, created_ms);
)sql",
      // 8: accounts' hygiene. Each profile's name key (app/player_name.h:
      // names that can be taken for one another share one), unique, so that
      // no name passes for another's; the profiles made before it get theirs
      // at open (the store's backfill_name_keys). Claim codes (accounts.h):
      // one-time secrets, kept as hashes, by which a profile's owner gives
      // it a password; one a profile from each origin.
      R"sql(
CREATE TABLE player_name_keys (
  name_key TEXT PRIMARY KEY,
  player INTEGER NOT NULL UNIQUE REFERENCES players(id)
);
CREATE TABLE claim_codes (
  player INTEGER NOT NULL REFERENCES players(id),
  origin TEXT NOT NULL,          -- 'device' (the page that made the profile) or 'operator' (qi players)
  code_hash TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL,   -- 0: until it is used
  PRIMARY KEY (player, origin)
);
)sql",
      // 9: lesson progress (Learn): each player's best stars on each lesson
      // step done, when it was first done and when its stars last rose. One
      // row a player and step: a player's rows are bounded by the steps.
      R"sql(
CREATE TABLE lesson_progress (
  player INTEGER NOT NULL REFERENCES players(id),
  game TEXT NOT NULL,
  variant TEXT NOT NULL,         -- the course's; '' for the game's default
  step TEXT NOT NULL,
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 3),
  first_done_ms INTEGER NOT NULL,
  improved_ms INTEGER NOT NULL,
  PRIMARY KEY (player, game, variant, step)
);
)sql",
      // 10: tournaments (app/tournament): each one document with its
      // version, written only over the version its writer read (several
      // servers change one tournament one at a time), and the columns its
      // list and the organiser's bound read.
      R"sql(
CREATE TABLE tournaments (
  id TEXT PRIMARY KEY,
  organiser INTEGER NOT NULL REFERENCES players(id),
  version INTEGER NOT NULL,
  status TEXT NOT NULL,          -- 'open', 'running', 'over'
  summary TEXT NOT NULL,         -- JSON: what the list shows
  document TEXT NOT NULL,        -- JSON: the whole tournament
  created_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL
);
CREATE INDEX tournaments_newest ON tournaments(created_ms);
CREATE INDEX tournaments_organiser ON tournaments(organiser, status);
)sql",
  };
  return steps;
}

}  // namespace qi::app
