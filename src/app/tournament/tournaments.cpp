// The app's tournaments (tournaments.h).
#include "app/tournament/tournaments.h"

#include <algorithm>

#include "app/refusal_codes.h"

#include "app/session_manager.h"
#include "app/storage/store.h"
#include "app/tournament/tournament_document.h"
#include "app/tournament/tournament_pairing.h"
#include "app/tournament/tournament_view.h"
#include "competition/scoring.h"
#include "competition/tie_breaks.h"
#include "core/registry.h"
#include "core/utf8.h"
#include "engine/levels.h"

namespace qi::app {

namespace {

// How many times a change is made again on what another server wrote first.
constexpr int kChangeAttempts = 8;
constexpr std::int64_t kRefreshEveryMs = 1000;
constexpr std::size_t kRefreshMemory = 10'000;

Status settings_problem(TournamentSettings& s) {
  const bool control = std::any_of(s.name.begin(), s.name.end(),
                                   [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
  if (s.name.empty() || s.name.size() > kMaxTournamentName || !is_valid_utf8(s.name) || control)
    return make_error(refusal("bad_setting"), "a tournament's name has 1 to " +
                                                  std::to_string(kMaxTournamentName) +
                                                  " bytes of UTF-8, on one line");
  if (auto game = make_game(s.game, s.variant); !game)
    return make_error(refusal("bad_setting"), "game: " + game.error().message);
  if (s.format != "swiss" && s.format != "round-robin" && s.format != "double-round-robin" &&
      s.format != "knockout" && s.format != "groups-knockout")
    return make_error(refusal("bad_setting"), "format '" + s.format +
                                                  "' (swiss, round-robin, double-round-robin, knockout, "
                                                  "groups-knockout)");
  if (s.groups != 2 && s.groups != 4 && s.groups != 8)
    return make_error(refusal("bad_setting"), "the groups are 2, 4 or 8 (their top two cross over)");
  if (s.group_cycles != 1 && s.group_cycles != 2)
    return make_error(refusal("bad_setting"), "a group's pairs play once or twice");
  if (s.scoring.empty()) s.scoring = s.format == "groups-knockout" ? "3-1-0" : "1-0.5-0";
  if (s.match_games < 1 || s.match_games > 7)
    return make_error(refusal("bad_setting"), "a knockout match has 1 to 7 regular games");
  if (s.tie_break_games.size() > 3 ||
      std::any_of(s.tie_break_games.begin(), s.tie_break_games.end(), [](int g) { return g < 1 || g > 4; }))
    return make_error(refusal("bad_setting"),
                      "a knockout match has up to 3 tie-break stages of 1 to 4 games");
  if (s.decider != "armageddon" && s.decider != "lot")
    return make_error(refusal("bad_setting"), "a level match is decided by 'armageddon' or 'lot'");
  if (s.format == "swiss" && (s.rounds < 1 || s.rounds > kMaxSwissRounds))
    return make_error(refusal("bad_setting"),
                      "a Swiss has 1 to " + std::to_string(kMaxSwissRounds) + " rounds");
  if (s.format != "swiss") s.rounds = 0;
  auto scoring = competition::parse_scoring(s.scoring);
  if (!scoring) return make_error(refusal("bad_setting"), scoring.error().message);
  s.scoring = competition::scoring_name(*scoring);
  for (std::string& code : s.tie_breaks) {
    auto tb = competition::parse_tie_break(code);
    if (!tb) return make_error(refusal("bad_setting"), tb.error().message);
    code = competition::tie_break_code(*tb);
  }
  if (s.bye_score != 1 && s.bye_score != 0.5)
    return make_error(refusal("bad_setting"), "a bye is worth 1 (a win) or 0.5 (a draw)");
  if (s.forfeit_after_ms < 0 || s.forfeit_after_ms > 24 * 3'600'000LL)
    return make_error(refusal("bad_setting"), "forfeit_after_ms is 0 to a day");
  const TimeControl::Kind k = s.time_control.kind;
  if (k != TimeControl::Kind::Unlimited && k != TimeControl::Kind::Clock && k != TimeControl::Kind::PerMove)
    return make_error(refusal("bad_setting"), "a tournament's games have a clock, a time a move, or none");
  return Ok{};
}

// The tie-breaks a format is usually ranked by, where the organiser chose
// none: Swiss by Buchholz (FIDE C.07's list for individual Swiss events);
// round robins by the direct encounter, Sonneborn-Berger and wins.
std::vector<std::string> default_tie_breaks(const std::string& format) {
  if (format == "swiss") return {"BH-C1", "BH", "SB"};
  if (format == "knockout") return {"WIN"};
  // The xiangqi document's groups: "积分相同看胜负关系，胜负关系循环看净胜局数".
  if (format == "groups-knockout") return {"DE", "NET"};
  return {"DE", "SB", "WIN"};
}

Seat seat_of(const Entrant& e) {
  Seat s;
  if (e.level > 0) {
    s.kind = SeatKind::Engine;
    s.level = e.level;
  } else {
    s.player_id = e.player_id;
  }
  s.name = e.name;
  return s;
}

// Board `board` of round `round`, both 1-based, or an error naming which is
// missing.
Expected<Board*> find_board(Tournament& t, int round, int board) {
  if (round < 1 || round > static_cast<int>(t.rounds.size()))
    return make_error(refusal("no_board"), "there is no round " + std::to_string(round));
  TournamentRound& r = t.rounds[round - 1];
  if (board < 1 || board > static_cast<int>(r.boards.size()))
    return make_error(refusal("no_board"),
                      "round " + std::to_string(round) + " has no board " + std::to_string(board));
  return &r.boards[board - 1];
}

}  // namespace

Tournaments::Tournaments(Store& store, SessionManager& manager, const Clock& time)
    : store_(store), manager_(manager), time_(time) {}

Expected<Tournament> Tournaments::read(const std::string& id) {
  auto stored = store_.tournament(id);
  if (!stored) return stored.error();
  if (!*stored) return make_error(refusal("no_tournament"), "there is no tournament " + id);
  auto doc = nlohmann::json::parse((*stored)->document, nullptr, false);
  if (doc.is_discarded())
    return make_error(refusal("tournament_damaged"), "tournament " + id + " cannot be read");
  auto t = tournament_from_document(doc);
  if (!t) return t.error();
  t->version = (*stored)->version;
  return t;
}

Status Tournaments::write(Tournament& t) {
  StoredTournament row;
  row.id = t.id;
  row.organiser = t.organiser;
  row.version = t.version + 1;
  row.status = t.status();
  row.summary = tournament_summary(t).dump();
  row.document = tournament_document(t).dump();
  row.created_ms = t.created_ms;
  row.updated_ms = time_.now_ms();
  auto written = store_.save_tournament(row, t.version);
  if (!written) return written.error();
  if (!*written) return make_error("stale", "tournament " + t.id + " was changed elsewhere first");
  t.version = row.version;
  return Ok{};
}

Expected<Tournament> Tournaments::change(const std::string& id,
                                         const std::function<Status(Tournament&)>& edit) {
  for (int attempt = 0; attempt < kChangeAttempts; ++attempt) {
    auto t = read(id);
    if (!t) return t.error();
    if (Status st = edit(*t); !st) return st.error();
    Status st = write(*t);
    if (st) return t;
    if (st.error().code != "stale") return st.error();
  }
  return make_error(refusal("busy"), "tournament " + id + " is being changed by others; try again");
}

Expected<Tournament> Tournaments::create(std::int64_t organiser, TournamentSettings settings) {
  if (settings.tie_breaks.empty()) settings.tie_breaks = default_tie_breaks(settings.format);
  if (Status st = settings_problem(settings); !st) return st.error();
  auto who = store_.player(organiser);
  if (!who) return who.error();
  if (!*who) return make_error(refusal("no_player"), "there is no player " + std::to_string(organiser));
  auto unfinished = store_.unfinished_tournaments(organiser);
  if (!unfinished) return unfinished.error();
  if (*unfinished >= kMaxUnfinishedTournaments)
    return make_error(refusal("too_many_tournaments"), "an organiser runs at most " +
                                                           std::to_string(kMaxUnfinishedTournaments) +
                                                           " tournaments that are not over");
  Tournament t;
  t.id = "t" + new_game_id();
  t.organiser = organiser;
  t.organiser_name = (*who)->name;
  t.settings = std::move(settings);
  t.created_ms = time_.now_ms();
  if (Status st = write(t); !st) return st.error();
  return t;
}

bool Tournaments::refreshed_recently(const std::string& id) {
  const std::int64_t now = time_.now_ms();
  std::lock_guard lock(refreshed_mutex_);
  if (refreshed_ms_.size() >= kRefreshMemory) refreshed_ms_.clear();
  auto [at, added] = refreshed_ms_.try_emplace(id, now);
  if (!added && now - at->second < kRefreshEveryMs) return true;
  at->second = now;
  return false;
}

bool Tournaments::bring_in_results(Tournament& t) {
  bool changed = false;
  for (TournamentRound& r : t.rounds)
    for (Board& b : r.boards) {
      if (b.result != BoardResult::None || b.game_id.empty()) continue;
      auto view = manager_.view(b.game_id);
      if (!view) continue;  // unreadable now: looked at again next time
      const nlohmann::json& o = (*view)["outcome"];
      const std::string verdict = o.value("verdict", std::string());
      if (verdict == "win")
        b.result =
            o.value("winner", std::string()) == "first" ? BoardResult::FirstWins : BoardResult::SecondWins;
      else if (verdict == "draw")
        b.result = BoardResult::Draw;
      else if (verdict == "ongoing" && no_show(t, r, b, *view)) {
        changed = true;  // scored as a forfeit just now
        continue;
      } else
        continue;  // in play, or aborted (the organiser scores it)
      b.result_by = "game";
      changed = true;
    }
  return changed;
}

bool Tournaments::no_show(const Tournament& t, const TournamentRound& r, Board& b,
                          const nlohmann::json& view) {
  // The xiangqi document's forfeit ("弃权"): a player who has not made a
  // first move once the stated time has passed since the round began loses
  // the board, and the game, which nobody can play any more, is aborted.
  // A time of 0: the organiser scores no-shows alone.
  const std::int64_t after = t.settings.forfeit_after_ms;
  if (after <= 0 || time_.now_ms() - r.started_ms < after) return false;
  const std::size_t plies = view.contains("moves") ? view["moves"].size() : 2;
  if (plies >= 2) return false;
  const int absent = plies == 0 ? 0 : 1;
  b.result = absent == 0 ? BoardResult::SecondByForfeit : BoardResult::FirstByForfeit;
  b.result_by = "no-show";
  const std::string& present_token = b.tokens[1 - absent];
  if (!present_token.empty()) (void)manager_.act(b.game_id, present_token, SessionManager::Action::Abort);
  return true;
}

bool Tournaments::make_games(Tournament& t) {
  if (t.rounds.empty() || t.settings.over_the_board) return false;
  TournamentRound& r = t.rounds.back();
  bool made = false;
  for (Board& b : r.boards) {
    if (b.second == 0 || !b.game_id.empty() || b.result != BoardResult::None) continue;
    SessionSetup setup;
    setup.game = t.settings.game;
    setup.variant = t.settings.variant;
    setup.seats = {seat_of(t.entrants[b.first - 1]), seat_of(t.entrants[b.second - 1])};
    setup.time_control = t.settings.time_control;
    setup.rated = t.settings.rated;
    setup.tags = {{"Event", t.settings.name},
                  {"Round", std::to_string(r.number) + "." + std::to_string(b.number)}};
    auto made_game = manager_.create(setup);
    if (!made_game) continue;  // made at the next look
    b.game_id = (*made_game)["id"].get<std::string>();
    const nlohmann::json& tokens = (*made_game)["tokens"];
    b.tokens = {tokens.value("first", std::string()), tokens.value("second", std::string())};
    made = true;
  }
  return made;
}

Expected<Tournament> Tournaments::get(const std::string& id) {
  auto t = read(id);
  if (!t) return t.error();
  if (refreshed_recently(id)) return t;
  for (int attempt = 0; attempt < kChangeAttempts; ++attempt) {
    const bool results = bring_in_results(*t);
    const Tournament before_games = *t;
    const bool games = make_games(*t);
    if (!results && !games) return t;
    Status st = write(*t);
    if (st) return t;
    // Another server wrote first: the games made here are nobody's, and go.
    for (std::size_t i = 0; games && i < t->rounds.back().boards.size(); ++i) {
      const Board& b = t->rounds.back().boards[i];
      if (!b.game_id.empty() && before_games.rounds.back().boards[i].game_id.empty())
        (void)manager_.act(b.game_id, b.tokens[0].empty() ? b.tokens[1] : b.tokens[0],
                           SessionManager::Action::Abort);
    }
    if (st.error().code != "stale") return st.error();
    t = read(id);
    if (!t) return t.error();
  }
  return t;
}

Expected<nlohmann::json> Tournaments::list() {
  auto rows = store_.tournaments(kTournamentListLength);
  if (!rows) return rows.error();
  nlohmann::json out = nlohmann::json::array();
  for (const StoredTournament& row : *rows) {
    auto summary = nlohmann::json::parse(row.summary, nullptr, false);
    if (!summary.is_discarded()) out.push_back(std::move(summary));
  }
  return out;
}

Expected<Tournament> Tournaments::join(const std::string& id, std::int64_t player) {
  auto who = store_.player(player);
  if (!who) return who.error();
  if (!*who) return make_error(refusal("no_player"), "there is no player " + std::to_string(player));
  int rating = 0;
  return change(id, [&](Tournament& t) -> Status {
    if (t.status() == "over") return make_error(refusal("tournament_over"), "the tournament is over");
    if (!t.rounds.empty() && !t.is_swiss())
      return make_error(refusal("tournament_started"), "a round robin takes no entries once it has begun");
    for (Entrant& e : t.entrants)
      if (e.player_id == player) {
        if (!e.withdrawn)
          return make_error(refusal("already_entered"), (*who)->name + " has entered already");
        e.withdrawn = false;  // back in, from the next round
        return Ok{};
      }
    if (static_cast<int>(t.entrants.size()) >= kMaxTournamentEntrants)
      return make_error(refusal("tournament_full"),
                        "a tournament takes at most " + std::to_string(kMaxTournamentEntrants) + " entrants");
    if (rating == 0)
      if (auto r = store_.rating(player, t.settings.game); r && *r && (*r)->games > 0)
        rating = static_cast<int>((*r)->elo + 0.5);
    Entrant e;
    e.number = static_cast<int>(t.entrants.size()) + 1;
    e.player_id = player;
    e.name = (*who)->name;
    e.rating = rating;
    e.first_round = static_cast<int>(t.rounds.size()) + 1;
    t.entrants.push_back(std::move(e));
    return Ok{};
  });
}

Expected<Tournament> Tournaments::add_engine(const std::string& id, int level,
                                             std::optional<std::int64_t> requester) {
  if (level < engine::kMinLevel || level > engine::kMaxLevel)
    return make_error(refusal("bad_setting"), "an engine plays at level 1 to 10");
  return change(id, [&](Tournament& t) -> Status {
    if (requester != t.organiser)
      return make_error(refusal("not_organiser"), "only the organiser adds engines");
    if (t.status() == "over") return make_error(refusal("tournament_over"), "the tournament is over");
    if (!t.rounds.empty() && !t.is_swiss())
      return make_error(refusal("tournament_started"), "a round robin takes no entries once it has begun");
    if (static_cast<int>(t.entrants.size()) >= kMaxTournamentEntrants)
      return make_error(refusal("tournament_full"),
                        "a tournament takes at most " + std::to_string(kMaxTournamentEntrants) + " entrants");
    const int same = static_cast<int>(std::count_if(t.entrants.begin(), t.entrants.end(),
                                                    [&](const Entrant& e) { return e.level == level; }));
    Entrant e;
    e.number = static_cast<int>(t.entrants.size()) + 1;
    e.level = level;
    e.name = "Qi level " + std::to_string(level) + (same ? " (" + std::to_string(same + 1) + ")" : "");
    e.first_round = static_cast<int>(t.rounds.size()) + 1;
    t.entrants.push_back(std::move(e));
    return Ok{};
  });
}

Expected<Tournament> Tournaments::withdraw(const std::string& id, int entrant,
                                           std::optional<std::int64_t> requester) {
  return change(id, [&](Tournament& t) -> Status {
    if (entrant < 1 || entrant > static_cast<int>(t.entrants.size()))
      return make_error(refusal("no_entrant"), "there is no entrant " + std::to_string(entrant));
    const Entrant& e = t.entrants[entrant - 1];
    if (requester != t.organiser && (!requester || e.player_id != requester))
      return make_error(refusal("not_organiser"), "only the organiser or the player withdraws an entrant");
    if (t.status() == "over") return make_error(refusal("tournament_over"), "the tournament is over");
    if (t.rounds.empty()) {
      // Nothing was paired yet: the entry goes, and the numbers close up.
      t.entrants.erase(t.entrants.begin() + (entrant - 1));
      for (std::size_t i = 0; i < t.entrants.size(); ++i) t.entrants[i].number = static_cast<int>(i) + 1;
      return Ok{};
    }
    t.entrants[entrant - 1].withdrawn = true;
    return Ok{};
  });
}

Expected<Tournament> Tournaments::start_round(const std::string& id, std::optional<std::int64_t> requester) {
  auto started = change(id, [&](Tournament& t) -> Status {
    if (requester != t.organiser)
      return make_error(refusal("not_organiser"), "only the organiser starts a round");
    // Results of games that ended just now count before the pairing.
    bring_in_results(t);
    auto round = pair_next_round(t, time_.now_ms());
    if (!round) return round.error();
    t.rounds.push_back(std::move(*round));
    return Ok{};
  });
  if (!started) return started.error();
  {
    std::lock_guard lock(refreshed_mutex_);
    refreshed_ms_.erase(id);
  }
  // The games, made and written now; a failure leaves them to the next look.
  auto now = get(id);
  return now ? now : started;
}

Expected<Tournament> Tournaments::enter_result(const std::string& id, int round, int board,
                                               BoardResult result, std::optional<std::int64_t> requester) {
  if (result == BoardResult::None || result == BoardResult::Bye)
    return make_error(refusal("bad_result"), "a result is 1-0, 0-1, 1/2-1/2, +-, -+ or --");
  return change(id, [&](Tournament& t) -> Status {
    if (requester != t.organiser)
      return make_error(refusal("not_organiser"), "only the organiser enters results");
    auto found = find_board(t, round, board);
    if (!found) return found.error();
    Board& b = **found;
    if (b.second == 0) return make_error(refusal("bad_result"), "a bye has no result to enter");
    b.result = result;
    b.result_by = "organiser";
    return Ok{};
  });
}

Expected<Tournament> Tournaments::report_result(const std::string& id, int round, int board,
                                                BoardResult result, std::int64_t player) {
  if (result == BoardResult::None || result == BoardResult::Bye)
    return make_error(refusal("bad_result"), "a result is 1-0, 0-1, 1/2-1/2, +-, -+ or --");
  return change(id, [&](Tournament& t) -> Status {
    auto found = find_board(t, round, board);
    if (!found) return found.error();
    Board& b = **found;
    const Entrant* e = t.entrant_of_player(player);
    if (!e || b.second == 0 || (b.first != e->number && b.second != e->number))
      return make_error(refusal("not_your_board"), "only the board's two players report its result");
    if (b.result != BoardResult::None)
      return make_error(refusal("result_known"),
                        "the board has its result already: the organiser corrects it");
    b.reports[b.first == e->number ? 0 : 1] = result;
    if (b.reports[0] == b.reports[1]) {
      b.result = result;
      b.result_by = "players";
    }
    return Ok{};
  });
}

Expected<TournamentSeat> Tournaments::seat(const std::string& id, std::int64_t player) {
  auto t = get(id);
  if (!t) return t.error();
  const Entrant* e = t->entrant_of_player(player);
  if (!e || t->rounds.empty()) return make_error(refusal("no_game"), "the player has no game in this round");
  const TournamentRound& r = t->rounds.back();
  for (const Board& b : r.boards) {
    if (b.game_id.empty() || (b.first != e->number && b.second != e->number)) continue;
    const int side = b.first == e->number ? 0 : 1;
    return TournamentSeat{r.number, b.number, b.game_id, side == 0 ? "first" : "second", b.tokens[side]};
  }
  return make_error(refusal("no_game"), "the player has no game in this round");
}

Expected<std::string> Tournaments::records(const std::string& id) {
  auto t = get(id);
  if (!t) return t.error();
  std::string out;
  for (const TournamentRound& r : t->rounds)
    for (const Board& b : r.boards) {
      if (b.game_id.empty()) continue;
      auto rec = manager_.record(b.game_id);
      if (!rec) continue;  // a game since removed: the others still go
      out += (*rec)["record"].get<std::string>();
      if (!out.empty() && out.back() != '\n') out += '\n';
      out += '\n';
    }
  return out;
}

}  // namespace qi::app
