// Tournaments of people in the app: made by an organiser, joined with
// profiles, paired round by round (Swiss by the FIDE Dutch system, round
// robins by the Berger tables), each pairing a game whose result comes in by
// itself, results entered by the organiser alone, and a tournament written
// only over the version its writer read.
#include <gtest/gtest.h>

#include "../support/forwarding_store.h"
#include "app/engine_opponent.h"
#include "app/session_manager.h"
#include "app/storage/sqlite_store.h"
#include "app/tournament/tournament_document.h"
#include "app/tournament/tournament_groups.h"
#include "app/tournament/tournament_knockout.h"
#include "app/tournament/tournament_pairing.h"
#include "app/tournament/tournament_standings.h"
#include "app/tournament/tournament_trf.h"
#include "app/tournament/tournaments.h"
#include "core/clock.h"

namespace qi::app {
namespace {

using Action = SessionManager::Action;

struct TournamentWorld {
  std::unique_ptr<SqliteStore> store = SqliteStore::open(":memory:").value();
  FakeClock time;
  EngineOpponent engine{EngineOpponentOptions::minimal()};
  SessionManager manager{*store, engine, time, ManagerOptions::driven_by_caller()};
  Tournaments tournaments{*store, manager, time};
  std::int64_t organiser = store->add_player("Teacher").value().id;

  std::vector<std::int64_t> players(int n) {
    std::vector<std::int64_t> ids;
    for (int i = 0; i < n; ++i) ids.push_back(store->add_player("Pupil " + std::to_string(i + 1)).value().id);
    return ids;
  }
  Tournament make(const std::string& format, int rounds = 0, const std::string& scoring = "1-0.5-0") {
    TournamentSettings s;
    s.name = "Class " + format;
    s.game = "chess";
    s.format = format;
    s.rounds = rounds;
    s.scoring = scoring;
    auto t = tournaments.create(organiser, s);
    EXPECT_TRUE(t) << (t ? "" : t.error().message);
    return *t;
  }
  // Every game of the last round ends: the first player resigns on odd
  // boards, the second on even ones.
  void finish_round(const std::string& id) {
    Tournament t = tournaments.get(id).value();
    for (const Board& b : t.rounds.back().boards) {
      if (b.game_id.empty()) continue;
      const int loser = b.number % 2 == 1 ? 0 : 1;
      auto resigned = manager.act(b.game_id, b.tokens[loser], Action::Resign);
      ASSERT_TRUE(resigned) << resigned.error().message;
    }
    time.advance(2000);  // past the look that was made just now
  }
};

TEST(Tournaments, ASwissOfSixIsPairedPlayedAndRankedOverThreeRounds) {
  TournamentWorld w;
  Tournament t = w.make("swiss", 3);
  for (std::int64_t p : w.players(6)) ASSERT_TRUE(w.tournaments.join(t.id, p));
  std::set<std::pair<int, int>> met;
  for (int round = 1; round <= 3; ++round) {
    auto started = w.tournaments.start_round(t.id, w.organiser);
    ASSERT_TRUE(started) << started.error().message;
    ASSERT_EQ(started->rounds.size(), static_cast<std::size_t>(round));
    const TournamentRound& r = started->rounds.back();
    ASSERT_EQ(r.boards.size(), 3u);
    for (const Board& b : r.boards) {
      EXPECT_FALSE(b.game_id.empty()) << "round " << round << " board " << b.number << " has no game";
      // No two players meet twice (C.04.3's first absolute criterion).
      EXPECT_TRUE(met.insert({std::min(b.first, b.second), std::max(b.first, b.second)}).second);
    }
    w.finish_round(t.id);
  }
  Tournament over = w.tournaments.get(t.id).value();
  EXPECT_EQ(over.status(), "over");
  double total = 0;
  for (const competition::Standing& s : tournament_standings(over)) total += s.points;
  EXPECT_EQ(total, 9);  // nine games, a point each
  for (const TournamentRound& r : over.rounds)
    for (const Board& b : r.boards) EXPECT_EQ(b.result_by, "game");
}

TEST(Tournaments, OnlyTheOrganiserStartsRoundsAndEntersResults) {
  TournamentWorld w;
  Tournament t = w.make("round-robin");
  auto players = w.players(4);
  for (std::int64_t p : players) ASSERT_TRUE(w.tournaments.join(t.id, p));
  auto by_player = w.tournaments.start_round(t.id, players[0]);
  ASSERT_FALSE(by_player);
  EXPECT_EQ(by_player.error().code, "not_organiser");
  EXPECT_EQ(w.tournaments.start_round(t.id, std::nullopt).error().code, "not_organiser");
  ASSERT_TRUE(w.tournaments.start_round(t.id, w.organiser));
  auto entered = w.tournaments.enter_result(t.id, 1, 1, BoardResult::Draw, players[1]);
  ASSERT_FALSE(entered);
  EXPECT_EQ(entered.error().code, "not_organiser");
  auto by_organiser = w.tournaments.enter_result(t.id, 1, 1, BoardResult::Draw, w.organiser);
  ASSERT_TRUE(by_organiser) << by_organiser.error().message;
  EXPECT_EQ(by_organiser->rounds[0].boards[0].result, BoardResult::Draw);
  EXPECT_EQ(by_organiser->rounds[0].boards[0].result_by, "organiser");
}

TEST(Tournaments, ARoundIsNotPairedWhileAResultIsMissing) {
  TournamentWorld w;
  Tournament t = w.make("swiss", 2);
  for (std::int64_t p : w.players(4)) ASSERT_TRUE(w.tournaments.join(t.id, p));
  ASSERT_TRUE(w.tournaments.start_round(t.id, w.organiser));
  auto again = w.tournaments.start_round(t.id, w.organiser);
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, "round_incomplete");
}

TEST(Tournaments, ARoundRobinOfFivePlaysEveryPairOnceAndGivesEachPlayerOneBye) {
  TournamentWorld w;
  Tournament t = w.make("round-robin");
  for (std::int64_t p : w.players(5)) ASSERT_TRUE(w.tournaments.join(t.id, p));
  EXPECT_EQ(w.tournaments.get(t.id).value().rounds_planned(), 5);
  std::map<int, int> byes;
  std::set<std::pair<int, int>> met;
  for (int round = 1; round <= 5; ++round) {
    Tournament now = w.tournaments.start_round(t.id, w.organiser).value();
    for (const Board& b : now.rounds.back().boards) {
      if (b.second == 0) {
        ++byes[b.first];
        EXPECT_EQ(b.result, BoardResult::Bye);
        continue;
      }
      EXPECT_TRUE(met.insert({std::min(b.first, b.second), std::max(b.first, b.second)}).second);
    }
    w.finish_round(t.id);
  }
  EXPECT_EQ(met.size(), 10u);  // 5 choose 2
  for (int e = 1; e <= 5; ++e) EXPECT_EQ(byes[e], 1) << "entrant " << e;
  EXPECT_EQ(w.tournaments.get(t.id).value().status(), "over");
}

TEST(Tournaments, AWithdrawnPlayerIsNotPairedAndALateEntryIs) {
  TournamentWorld w;
  Tournament t = w.make("swiss", 3);
  auto players = w.players(5);
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(w.tournaments.join(t.id, players[i]));
  ASSERT_TRUE(w.tournaments.start_round(t.id, w.organiser));
  w.finish_round(t.id);
  // Entrant 2 leaves by their own request; player 5 comes late.
  ASSERT_TRUE(w.tournaments.withdraw(t.id, 2, players[1]));
  ASSERT_TRUE(w.tournaments.join(t.id, players[4]));
  Tournament now = w.tournaments.start_round(t.id, w.organiser).value();
  std::set<int> paired;
  for (const Board& b : now.rounds.back().boards) {
    paired.insert(b.first);
    if (b.second) paired.insert(b.second);
  }
  EXPECT_FALSE(paired.contains(2));
  EXPECT_TRUE(paired.contains(5));
  EXPECT_EQ(paired.size(), 4u);
  EXPECT_EQ(now.entrants[4].first_round, 2);
}

TEST(Tournaments, SomeoneElseCannotWithdrawAPlayer) {
  TournamentWorld w;
  Tournament t = w.make("swiss", 3);
  auto players = w.players(3);
  for (std::int64_t p : players) ASSERT_TRUE(w.tournaments.join(t.id, p));
  auto refused = w.tournaments.withdraw(t.id, 1, players[2]);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, "not_organiser");
}

TEST(Tournaments, ARoundWrittenWithoutItsGamesGetsThemAtTheNextLook) {
  TournamentWorld w;
  Tournament t = w.make("swiss", 2);
  for (std::int64_t p : w.players(4)) ASSERT_TRUE(w.tournaments.join(t.id, p));
  // A server paired the round, wrote it and died before it made the games.
  Tournament stored = w.tournaments.get(t.id).value();
  stored.rounds.push_back(pair_next_round(stored, w.time.now_ms()).value());
  StoredTournament row = w.store->tournament(t.id).value().value();
  row.document = tournament_document(stored).dump();
  row.version = stored.version + 1;
  ASSERT_TRUE(w.store->save_tournament(row, stored.version).value());
  w.time.advance(2000);
  Tournament looked = w.tournaments.get(t.id).value();
  for (const Board& b : looked.rounds.back().boards) EXPECT_FALSE(b.game_id.empty());
  // And the games stay those: a second look makes no others.
  w.time.advance(2000);
  Tournament again = w.tournaments.get(t.id).value();
  for (std::size_t i = 0; i < again.rounds.back().boards.size(); ++i)
    EXPECT_EQ(again.rounds.back().boards[i].game_id, looked.rounds.back().boards[i].game_id);
}

TEST(Tournaments, AWriteOverAVersionNoLongerStoredChangesNothing) {
  TournamentWorld w;
  Tournament t = w.make("swiss", 2);
  StoredTournament row = w.store->tournament(t.id).value().value();
  const std::uint64_t read_at = row.version;
  row.version = read_at + 1;
  row.summary = "{}";
  ASSERT_TRUE(w.store->save_tournament(row, read_at).value());
  row.version = read_at + 1;
  row.summary = "{\"late\":true}";
  EXPECT_FALSE(w.store->save_tournament(row, read_at).value());  // another server wrote first
  EXPECT_EQ(w.store->tournament(t.id).value()->summary, "{}");
  // A new tournament under a taken id is refused the same way.
  EXPECT_FALSE(w.store->save_tournament(row, 0).value());
}

TEST(Tournaments, TwoServersJoiningAtOnceBothGetIn) {
  TournamentWorld w;
  Tournaments other{*w.store, w.manager, w.time};
  Tournament t = w.make("swiss", 3);
  auto players = w.players(2);
  ASSERT_TRUE(w.tournaments.join(t.id, players[0]));
  ASSERT_TRUE(other.join(t.id, players[1]));
  EXPECT_EQ(w.tournaments.get(t.id).value().entrants.size(), 2u);
}

TEST(Tournaments, SettingsOutsideTheRulesAreRefusedByName) {
  TournamentWorld w;
  TournamentSettings s;
  s.name = "Club";
  s.game = "chess";
  s.format = "swiss";
  s.rounds = 0;
  EXPECT_EQ(w.tournaments.create(w.organiser, s).error().code, "bad_setting");
  s.rounds = 5;
  s.tie_breaks = {"bh", "nonsense"};
  EXPECT_EQ(w.tournaments.create(w.organiser, s).error().code, "bad_setting");
  s.tie_breaks = {"bh"};
  s.game = "go";
  EXPECT_EQ(w.tournaments.create(w.organiser, s).error().code, "bad_setting");
}

TEST(Tournaments, AnOrganiserRunsABoundedNumberAtOnce) {
  TournamentWorld w;
  for (int i = 0; i < kMaxUnfinishedTournaments; ++i) w.make("swiss", 1);
  TournamentSettings s;
  s.name = "One more";
  s.game = "chess";
  s.rounds = 1;
  auto refused = w.tournaments.create(w.organiser, s);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, "too_many_tournaments");
}

TEST(Tournaments, TheStoredDocumentReadsBackTheSame) {
  TournamentWorld w;
  Tournament t = w.make("double-round-robin", 0, "3-1-0");
  for (std::int64_t p : w.players(3)) ASSERT_TRUE(w.tournaments.join(t.id, p));
  ASSERT_TRUE(w.tournaments.add_engine(t.id, 3, w.organiser));
  ASSERT_TRUE(w.tournaments.start_round(t.id, w.organiser));
  Tournament now = w.tournaments.get(t.id).value();
  const auto doc = tournament_document(now);
  EXPECT_EQ(tournament_document(tournament_from_document(doc).value()), doc);
  EXPECT_EQ(now.entrants[3].name, "Qi level 3");
  EXPECT_EQ(now.rounds_planned(), 6);
}

TEST(Tournaments, TheReportFileReadsBackWithItsNamesResultsAndPoints) {
  TournamentWorld w;
  Tournament t = w.make("swiss", 3, "3-1-0");
  for (std::int64_t p : w.players(5)) ASSERT_TRUE(w.tournaments.join(t.id, p));
  ASSERT_TRUE(w.tournaments.start_round(t.id, w.organiser));
  w.finish_round(t.id);
  Tournament now = w.tournaments.get(t.id).value();
  const std::string text = competition::swiss::write_trf(tournament_trf(now));
  auto read = competition::swiss::read_trf(text);
  ASSERT_TRUE(read) << read.error().message << "\n" << text;
  ASSERT_EQ(read->players.size(), 5u);
  EXPECT_EQ(read->players[0].name, "Pupil 1");
  EXPECT_EQ(read->points.win, 30);  // 3-1-0: a win is 3.0
  int total = 0;
  for (const auto& p : read->players) total += read->score(p, 1);
  // Two games (3 points each) and the bye (a win: 3 points).
  EXPECT_EQ(total, 90);
}

TEST(Tournaments, OverTheBoardAResultIsTheBoardsOnceBothPlayersReportTheSame) {
  TournamentWorld w;
  TournamentSettings s;
  s.name = "Club night";
  s.game = "xiangqi";
  s.format = "round-robin";
  s.over_the_board = true;
  Tournament t = w.tournaments.create(w.organiser, s).value();
  auto players = w.players(3);
  for (std::int64_t p : players) ASSERT_TRUE(w.tournaments.join(t.id, p));
  Tournament now = w.tournaments.start_round(t.id, w.organiser).value();
  const Board b = now.rounds[0].boards[0];
  EXPECT_TRUE(b.game_id.empty());  // no game in the app
  const std::int64_t first = players[b.first - 1], second = players[b.second - 1];
  // Of three players, the third has the round's bye.
  const std::int64_t outsider = players[now.rounds[0].boards[1].first - 1];
  ASSERT_NE(outsider, first);
  ASSERT_NE(outsider, second);
  EXPECT_EQ(w.tournaments.report_result(t.id, 1, b.number, BoardResult::FirstWins, outsider).error().code,
            "not_your_board");
  ASSERT_TRUE(w.tournaments.report_result(t.id, 1, b.number, BoardResult::FirstWins, first));
  // They disagree: no result yet, the organiser decides.
  Tournament disputed = w.tournaments.report_result(t.id, 1, b.number, BoardResult::Draw, second).value();
  EXPECT_EQ(disputed.rounds[0].boards[b.number - 1].result, BoardResult::None);
  Tournament agreed = w.tournaments.report_result(t.id, 1, b.number, BoardResult::FirstWins, second).value();
  EXPECT_EQ(agreed.rounds[0].boards[b.number - 1].result, BoardResult::FirstWins);
  EXPECT_EQ(agreed.rounds[0].boards[b.number - 1].result_by, "players");
  EXPECT_EQ(w.tournaments.report_result(t.id, 1, b.number, BoardResult::Draw, first).error().code,
            "result_known");
}

TEST(Tournaments, APlayerWhoHasNotMovedWhenTheStatedTimeHasPassedLosesByForfeit) {
  TournamentWorld w;
  Tournament t = w.make("swiss", 1);  // forfeits after five minutes, the xiangqi document's time
  for (std::int64_t p : w.players(4)) ASSERT_TRUE(w.tournaments.join(t.id, p));
  Tournament now = w.tournaments.start_round(t.id, w.organiser).value();
  const Board& waits = now.rounds[0].boards[0];
  const Board& replies_never = now.rounds[0].boards[1];
  ASSERT_TRUE(w.manager.act(replies_never.game_id, replies_never.tokens[0], Action::Move, "e4"));
  w.time.advance(4 * 60'000);
  Tournament early = w.tournaments.get(t.id).value();
  EXPECT_EQ(early.rounds[0].boards[0].result, BoardResult::None);  // not yet
  w.time.advance(2 * 60'000);
  Tournament late = w.tournaments.get(t.id).value();
  EXPECT_EQ(late.rounds[0].boards[0].result, BoardResult::SecondByForfeit);  // the first never moved
  EXPECT_EQ(late.rounds[0].boards[0].result_by, "no-show");
  EXPECT_EQ(late.rounds[0].boards[1].result, BoardResult::FirstByForfeit);  // the second never answered
  // Nobody plays those games any more.
  EXPECT_EQ(w.manager.view(waits.game_id).value()["outcome"]["verdict"], "aborted");
  EXPECT_EQ(late.status(), "over");
}

TEST(Tournaments, TheStartingRanksAreByRatingFixedWhenTheFirstRoundIsPaired) {
  TournamentWorld w;
  Tournament t = w.make("swiss", 3);
  auto players = w.players(4);
  // The third and fourth to enter are rated in chess, the fourth higher.
  Rating third{players[2], "chess", 1600, 5, ""}, fourth{players[3], "chess", 1800, 5, ""};
  ASSERT_TRUE(w.store->save_rating(third, "g1", 0));
  ASSERT_TRUE(w.store->save_rating(fourth, "g2", 0));
  for (std::int64_t p : players) ASSERT_TRUE(w.tournaments.join(t.id, p));
  Tournament now = w.tournaments.start_round(t.id, w.organiser).value();
  ASSERT_EQ(now.entrants.size(), 4u);
  EXPECT_EQ(now.entrants[0].player_id, players[3]);
  EXPECT_EQ(now.entrants[1].player_id, players[2]);
  EXPECT_EQ(now.entrants[2].player_id, players[0]);  // the unrated by entry
  EXPECT_EQ(now.entrants[3].player_id, players[1]);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(now.entrants[i].number, i + 1);
}

// A database that stops taking tournament writes (a full or read-only disk).
class TournamentWritesFail final : public test::ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  bool failing = false;
  Expected<bool> save_tournament(const StoredTournament& t, std::uint64_t expected_version) override {
    if (failing) return make_error("not_saved", "database: disk I/O error");
    return inner_.save_tournament(t, expected_version);
  }
};

TEST(Tournaments, AWriteTheStoreRefusesFailsTheChangeAndLeavesTheStoredTournamentAsItWas) {
  TournamentWorld w;
  TournamentWritesFail store{*w.store};
  Tournaments tournaments{store, w.manager, w.time};
  TournamentSettings s;
  s.name = "Disk full";
  s.game = "chess";
  s.rounds = 2;
  Tournament t = tournaments.create(w.organiser, s).value();
  auto players = w.players(2);
  ASSERT_TRUE(tournaments.join(t.id, players[0]));
  store.failing = true;
  auto refused = tournaments.join(t.id, players[1]);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, "not_saved");
  EXPECT_FALSE(tournaments.create(w.organiser, s));
  store.failing = false;
  Tournament stored = tournaments.get(t.id).value();
  EXPECT_EQ(stored.entrants.size(), 1u);  // nothing half-written: the refused entry is not there
  EXPECT_EQ(stored.version, t.version + 1);
  ASSERT_TRUE(tournaments.join(t.id, players[1]));  // and the same change goes through once the disk takes it
}

TEST(TournamentKnockout, FiveSeedsGiveTheTopThreeByesAndTheBracketEndsWithItsFinal) {
  TournamentWorld w;
  TournamentSettings s;
  s.name = "Cup";
  s.game = "chess";
  s.format = "knockout";
  s.match_games = 1;
  Tournament t = w.tournaments.create(w.organiser, s).value();
  for (std::int64_t p : w.players(5)) ASSERT_TRUE(w.tournaments.join(t.id, p));
  // Of eight places, seeds 1-3 meet nobody in round 1: the only game is 4 v 5.
  Tournament now = w.tournaments.start_round(t.id, w.organiser).value();
  ASSERT_EQ(now.rounds.back().boards.size(), 1u);
  const Board& first = now.rounds.back().boards[0];
  EXPECT_EQ(std::set<int>({first.first, first.second}), std::set<int>({4, 5}));
  int rounds = 1;
  while (!now.finished()) {
    w.finish_round(t.id);
    now = w.tournaments.get(t.id).value();
    if (now.finished()) break;
    ASSERT_LT(++rounds, 10);
    now = w.tournaments.start_round(t.id, w.organiser).value();
  }
  auto bracket = knockout_bracket(now).value();
  EXPECT_EQ(bracket.stages.size(), 3u);  // 8 places: three rounds
  EXPECT_NE(bracket.champion, 0);
  EXPECT_EQ(now.status(), "over");
  // Round 2 had two games (1 v winner of 4-5, 2 v 3), the final one.
  EXPECT_EQ(rounds, 3);
}

TEST(TournamentKnockout, ALevelMatchGoesToArmageddonWhereADrawWinsForThePlayerWhoMovedSecond) {
  TournamentWorld w;
  TournamentSettings s;
  s.name = "Crossover";
  s.game = "xiangqi";
  s.format = "knockout";  // the xiangqi document's match: two games, then armageddon
  Tournament t = w.tournaments.create(w.organiser, s).value();
  for (std::int64_t p : w.players(2)) ASSERT_TRUE(w.tournaments.join(t.id, p));
  for (int game = 1; game <= 2; ++game) {
    Tournament now = w.tournaments.start_round(t.id, w.organiser).value();
    ASSERT_EQ(now.rounds.back().boards.size(), 1u) << "game " << game;
    ASSERT_TRUE(w.tournaments.enter_result(t.id, game, 1, BoardResult::Draw, w.organiser));
  }
  Tournament level = w.tournaments.get(t.id).value();
  EXPECT_FALSE(level.finished());
  EXPECT_EQ(knockout_bracket(level).value().stages[0][0].progress.stage, competition::MatchStage::Armageddon);
  Tournament armageddon = w.tournaments.start_round(t.id, w.organiser).value();
  const Board decider = armageddon.rounds.back().boards[0];
  ASSERT_TRUE(w.tournaments.enter_result(t.id, 3, 1, BoardResult::Draw, w.organiser));
  Tournament over = w.tournaments.get(t.id).value();
  EXPECT_EQ(over.status(), "over");
  EXPECT_EQ(knockout_bracket(over).value().champion, decider.second);
  auto again = w.tournaments.start_round(t.id, w.organiser);
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, "no_rounds_left");
}

// The xiangqi document's event: two groups of four by serpentine seeding,
// each a round robin of two games a pair scored 3/1/0 and ranked by the
// direct encounter then net games; the top two cross over (1A-2B, 1B-2A)
// into matches of two games and an armageddon game; their winners meet in
// the final.
TEST(TournamentGroups, TheDocumentsGroupsThenCrossoverRunFromTheGroupsToTheFinal) {
  TournamentWorld w;
  TournamentSettings s;
  s.name = "Seed 004";
  s.game = "xiangqi";
  s.format = "groups-knockout";
  Tournament t = w.tournaments.create(w.organiser, s).value();
  EXPECT_EQ(t.settings.scoring, "3-1-0");
  EXPECT_EQ(t.settings.tie_breaks, (std::vector<std::string>{"DE", "NET"}));
  for (std::int64_t p : w.players(8)) ASSERT_TRUE(w.tournaments.join(t.id, p));
  // Groups of four, each pair twice: six rounds of two boards a group.
  for (int round = 1; round <= 6; ++round) {
    Tournament now = w.tournaments.start_round(t.id, w.organiser).value();
    ASSERT_EQ(now.rounds.back().boards.size(), 4u) << "round " << round;
    for (const Board& b : now.rounds.back().boards) {
      const std::vector<int> a = {1, 4, 5, 8}, bgroup = {2, 3, 6, 7};
      const std::vector<int>& group = b.group == 1 ? a : bgroup;
      EXPECT_TRUE(std::count(group.begin(), group.end(), b.first)) << b.first << " in group " << b.group;
      EXPECT_TRUE(std::count(group.begin(), group.end(), b.second)) << b.second << " in group " << b.group;
    }
    w.finish_round(t.id);
  }
  Tournament groups_over = w.tournaments.get(t.id).value();
  ASSERT_TRUE(group_stage_complete(groups_over));
  const std::vector<TournamentGroup> tables = tournament_groups(groups_over);
  ASSERT_EQ(tables.size(), 2u);
  ASSERT_EQ(tables[0].qualified.size(), 2u);
  ASSERT_EQ(tables[1].qualified.size(), 2u);
  // Points in each group: twelve games, three points each (no draws here).
  for (const TournamentGroup& g : tables) {
    double points = 0;
    for (const competition::Standing& st : g.standings) points += st.points;
    EXPECT_EQ(points, 36);
  }
  // The crossover: A's winner against B's runner-up, B's winner against A's.
  Tournament crossover = w.tournaments.start_round(t.id, w.organiser).value();
  ASSERT_EQ(crossover.rounds.back().boards.size(), 2u);
  const Board& top = crossover.rounds.back().boards[0];
  const Board& bottom = crossover.rounds.back().boards[1];
  EXPECT_EQ(std::set<int>({top.first, top.second}),
            std::set<int>({tables[0].qualified[0], tables[1].qualified[1]}));
  EXPECT_EQ(std::set<int>({bottom.first, bottom.second}),
            std::set<int>({tables[1].qualified[0], tables[0].qualified[1]}));
  EXPECT_EQ(top.first, tables[0].qualified[0]);  // the group's winner moves first in game 1
  // Both crossover matches drawn twice, then armageddon: a draw there wins
  // for the player who moved second.
  for (int game = 0; game < 2; ++game) {
    const int round = static_cast<int>(w.tournaments.get(t.id).value().rounds.size());
    for (int board = 1; board <= 2; ++board)
      ASSERT_TRUE(w.tournaments.enter_result(t.id, round, board, BoardResult::Draw, w.organiser));
    ASSERT_TRUE(w.tournaments.start_round(t.id, w.organiser));
  }
  Tournament armageddon = w.tournaments.get(t.id).value();
  const int round = static_cast<int>(armageddon.rounds.size());
  std::set<int> finalists;
  for (const Board& b : armageddon.rounds.back().boards) {
    ASSERT_TRUE(w.tournaments.enter_result(t.id, round, b.number, BoardResult::Draw, w.organiser));
    finalists.insert(b.second);
  }
  Tournament final_round = w.tournaments.start_round(t.id, w.organiser).value();
  const Board& final_game = final_round.rounds.back().boards.at(0);
  EXPECT_EQ(std::set<int>({final_game.first, final_game.second}), finalists);
  EXPECT_EQ(final_game.stage, 2);
  w.finish_round(t.id);
  final_round = w.tournaments.start_round(t.id, w.organiser).value();  // the final's second game
  w.finish_round(t.id);
  Tournament over = w.tournaments.get(t.id).value();
  if (!over.finished()) {  // one game each: the armageddon game decides
    over = w.tournaments.start_round(t.id, w.organiser).value();
    w.finish_round(t.id);
    over = w.tournaments.get(t.id).value();
  }
  EXPECT_EQ(over.status(), "over");
  EXPECT_TRUE(finalists.contains(knockout_bracket(over).value().champion));
}

}  // namespace
}  // namespace qi::app
