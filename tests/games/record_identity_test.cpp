// Which game a pasted record or position is (engine/record_identity.h),
// asked of every registered game, the test-only pawn race included; and the
// API's POST /api/records/identify over it.
#include "engine/record_identity.h"

#include <gtest/gtest.h>

#include <random>

#include "../support/api_answer.h"
#include "app/opponent.h"
#include "app/storage/sqlite_store.h"
#include "core/record.h"
#include "core/referee.h"
#include "engine/registry.h"
#include "server/api.h"

namespace qi {
namespace {

// A record of `plies` random legal moves of a game, as Qi writes it (with
// the variant's own tags).
std::string sample_record(const std::string& game, const std::string& variant, unsigned seed, int plies) {
  Referee referee(make_game(game, variant).value());
  std::mt19937 random(seed);
  for (int i = 0; i < plies && !referee.over(); ++i) {
    const std::vector<MoveText> legal = referee.legal_moves();
    if (legal.empty()) break;
    EXPECT_TRUE(
        referee.play(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random)].id, 0));
  }
  return write_record(record_of(referee), referee.game());
}

// The record without its tag lines: only its moves and result.
std::string untagged(const std::string& record) {
  std::string out;
  std::size_t at = 0;
  while (at < record.size()) {
    std::size_t end = record.find('\n', at);
    if (end == std::string::npos) end = record.size();
    const std::string line = record.substr(at, end - at);
    if (line.empty() || line.front() != '[') out += line + '\n';
    at = end + 1;
  }
  return out;
}

// The game is the one named, or one of those tied for reading it furthest.
::testing::AssertionResult names_or_ties(const RecordIdentity& id, const std::string& game) {
  if (id.game == game) return ::testing::AssertionSuccess();
  if (!id.game.empty()) return ::testing::AssertionFailure() << "read as " << id.game << ": " << id.why.en;
  for (const RecordReading& r : id.readings)
    if (r.game == game && r.plies == id.readings.front().plies && r.whole == id.readings.front().whole)
      return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << game << " is not among the tied: " << id.why.en;
}

TEST(RecordIdentity, EveryGamesRecordsAreIdentifiedByTheirTagsAndByTheirMoves) {
  int by_moves = 0, records = 0;
  for (const engine::GameRegistration* g : engine::registered_games())
    for (const VariantDescriptor& v : g->descriptor().variants)
      for (unsigned seed : {1u, 2u}) {
        const std::string& game = g->descriptor().name;
        const std::string record = sample_record(game, v.name, seed, 12);
        SCOPED_TRACE(game + " " + v.name + "\n" + record);
        Expected<RecordIdentity> tagged = identify_record(record);
        ASSERT_TRUE(tagged) << tagged.error().message;
        EXPECT_EQ(tagged->game, game) << tagged->why.en;
        EXPECT_EQ(tagged->variant, make_game(game, v.name).value()->variant());
        EXPECT_EQ(tagged->format, v.record.format);
        EXPECT_TRUE(tagged->sure);
        // Without its tags, its moves tell: this game reads them all.
        Expected<RecordIdentity> bare = identify_record(untagged(record));
        ASSERT_TRUE(bare) << bare.error().message;
        EXPECT_TRUE(names_or_ties(*bare, game));
        ++records;
        by_moves += bare->game == game && bare->sure;
      }
  EXPECT_GT(by_moves, records / 2) << "most records are told by their moves alone";
}

TEST(RecordIdentity, EveryGamesPositionsAreIdentifiedAsPositions) {
  for (const engine::GameRegistration* g : engine::registered_games())
    for (const VariantDescriptor& v : g->descriptor().variants) {
      const std::string& game = g->descriptor().name;
      Expected<RecordIdentity> id = identify_record(make_game(game, v.name).value()->fen());
      ASSERT_TRUE(id) << game << ": " << id.error().message;
      EXPECT_EQ(id->format, "FEN");
      EXPECT_TRUE(names_or_ties(*id, game)) << game;
    }
}

TEST(RecordIdentity, APositionOfSeveralVariantsSaysWhichReadIt) {
  Expected<RecordIdentity> id = identify_record("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1");
  ASSERT_TRUE(id) << id.error().message;
  EXPECT_EQ(id->game, "chess");
  EXPECT_EQ(id->basis, RecordIdentity::Basis::Position);
  EXPECT_EQ(id->variants, (std::vector<std::string>{"", "chess960"}));
  EXPECT_FALSE(id->assumed.empty());
}

TEST(RecordIdentity, AnUntaggedChessPgnIsChessWhateverWasPlayedLast) {
  Expected<RecordIdentity> id = identify_record("1. e4 e5 2. Nf3 Nc6");
  ASSERT_TRUE(id) << id.error().message;
  EXPECT_EQ(id->game, "chess");
  EXPECT_EQ(id->basis, RecordIdentity::Basis::Moves);
  EXPECT_TRUE(id->sure);
  EXPECT_EQ(id->plies, 4);
  EXPECT_EQ(id->format, "PGN");
  EXPECT_EQ(id->why.en, "Chess (Standard) plays all 4 of its moves, and no other game does");
  // Xiangqi's reader stops at its first illegal move, before chess's end.
  for (const RecordReading& r : id->readings)
    if (r.game != "chess") {
      EXPECT_LT(r.plies, 4) << r.game;
    }
}

TEST(RecordIdentity, ADraughtsPdnWithoutGameTypeIsDraughtsOfTheVariantItsMovesShow) {
  Expected<RecordIdentity> english = identify_record("1. 11-15 23-19 2. 8-11 22-17 *");
  ASSERT_TRUE(english) << english.error().message;
  EXPECT_EQ(english->game, "checkers");
  EXPECT_EQ(english->format, "PDN");
  EXPECT_TRUE(english->sure);
  EXPECT_EQ(english->variant, "english") << "Black moves first from 11: only English keeps these moves";
  Expected<RecordIdentity> algebraic =
      identify_record("[Event \"no GameType\"]\n\n1. c3-d4 f6-g5 2. b2-c3 g7-f6 *");
  ASSERT_TRUE(algebraic) << algebraic.error().message;
  EXPECT_EQ(algebraic->game, "checkers");
  EXPECT_EQ(algebraic->variant, "russian");
  EXPECT_FALSE(algebraic->assumed.empty()) << "Brazilian keeps these moves too: it says which it took";
  EXPECT_EQ(algebraic->variants, (std::vector<std::string>{"russian", "brazilian"}));
  Expected<RecordIdentity> tagged = identify_record("[GameType \"25\"]\n\n1. c3-d4 *");
  ASSERT_TRUE(tagged);
  EXPECT_EQ(tagged->basis, RecordIdentity::Basis::Tagged);
  EXPECT_EQ(tagged->variant, "russian");
}

TEST(RecordIdentity, GarbageIsRefusedSayingWhatEachGameMadeOfIt) {
  for (std::string_view text : {"hello world", "1. zz9 *", "[Event \"x\"\n1."}) {
    Expected<RecordIdentity> id = identify_record(text);
    ASSERT_FALSE(id) << text << " read as " << id->game;
    EXPECT_EQ(id.error().code, "record_unreadable");
    EXPECT_EQ(id.error().message.rfind("no game reads this record (", 0), 0u) << id.error().message;
    for (const engine::GameRegistration* g : engine::registered_games())
      EXPECT_NE(id.error().message.find(g->descriptor().title.en + ": "), std::string::npos)
          << id.error().message;
  }
  EXPECT_EQ(identify_record("   ").error().message, "the record is empty");
  EXPECT_EQ(identify_record(std::string(kMaxIdentifiedBytes + 1, 'e')).error().code, "record_unreadable");
}

TEST(RecordIdentity, ATieIsSaidAsSuchAndPlayerTagsBreakIt) {
  Expected<RecordIdentity> tie = identify_record("[Event \"nothing played\"]\n*");
  ASSERT_TRUE(tie) << tie.error().message;
  EXPECT_TRUE(tie->game.empty());
  EXPECT_EQ(tie->basis, RecordIdentity::Basis::None);
  EXPECT_FALSE(tie->sure);
  EXPECT_NE(tie->why.en.find("choose its game"), std::string::npos) << tie->why.en;
  EXPECT_EQ(tie->readings.size(), engine::registered_games().size());
  Expected<RecordIdentity> red = identify_record("[Red \"A\"]\n[Black \"B\"]\n*");
  ASSERT_TRUE(red) << red.error().message;
  EXPECT_EQ(red->game, "xiangqi") << red->why.en;
  EXPECT_FALSE(red->sure);
}

TEST(RecordIdentity, TheTestOnlyGameIsIdentifiedLikeAnyOther) {
  ASSERT_TRUE(engine::find_game("pawnrace"));
  Expected<RecordIdentity> tagged = identify_record(sample_record("pawnrace", "", 3, 6));
  ASSERT_TRUE(tagged);
  EXPECT_EQ(tagged->game, "pawnrace");
  Expected<RecordIdentity> position = identify_record(make_game("pawnrace").value()->fen());
  ASSERT_TRUE(position);
  EXPECT_EQ(position->game, "pawnrace");
  EXPECT_EQ(position->basis, RecordIdentity::Basis::Position);
}

class RecordIdentityApi : public ::testing::Test {
 protected:
  RecordIdentityApi()
      : store_(app::SqliteStore::open(":memory:").value()),
        manager_(*store_, opponent_, time_, app::ManagerOptions::driven_by_caller()),
        api_(manager_, *store_) {}
  server::ApiResponse identify(const nlohmann::json& body) {
    return test::answer(api_.handle({"POST", "/api/records/identify", {}, body.dump()}));
  }
  FakeClock time_;
  app::BuiltinOpponent opponent_;
  std::unique_ptr<app::SqliteStore> store_;
  app::SessionManager manager_;
  server::Api api_;
};

TEST_F(RecordIdentityApi, AnswersTheGameVariantFormatAndWhyInBothLanguages) {
  server::ApiResponse r = identify({{"record", "1. e4 e5 2. Nf3 Nc6"}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["game"], "chess");
  EXPECT_EQ(r.body["format"], "PGN");
  EXPECT_EQ(r.body["by"], "moves");
  EXPECT_TRUE(r.body["sure"].get<bool>());
  EXPECT_EQ(r.body["plies"], 4);
  EXPECT_FALSE(r.body["why"]["zh"].get<std::string>().empty());
  EXPECT_EQ(r.body["readings"][0]["game"], "chess");
  server::ApiResponse garbage = identify({{"record", "hello world"}});
  EXPECT_EQ(garbage.status, 422);
  EXPECT_EQ(garbage.body["code"], "record_unreadable");
  EXPECT_FALSE(garbage.body["words"]["zh"].get<std::string>().empty());
  EXPECT_EQ(identify({{"record", 5}}).status, 400);
  EXPECT_EQ(identify({{"record", "e4"}, {"game", "chess"}}).status, 400) << "unknown fields are refused";
  server::ApiResponse tie = identify({{"record", "[Event \"x\"]\n*"}});
  ASSERT_EQ(tie.status, 200);
  EXPECT_TRUE(tie.body["game"].is_null());
  EXPECT_EQ(tie.body["by"], "none");
}

TEST_F(RecordIdentityApi, AnImportThatNamesNoGameIsOfTheGameTheRecordIs) {
  auto create = [&](const nlohmann::json& body) {
    return test::answer(api_.handle({"POST", "/api/games", {}, body.dump()}));
  };
  server::ApiResponse chess = create({{"record", "1. e4 e5 2. Nf3 Nc6"}});
  ASSERT_EQ(chess.status, 201) << chess.body.dump();
  EXPECT_EQ(chess.body["game"], "chess");
  EXPECT_EQ(chess.body["moves"].size(), 4u);
  server::ApiResponse draughts = create({{"record", "1. c3-d4 f6-g5 2. b2-c3 g7-f6 *"}});
  ASSERT_EQ(draughts.status, 201) << draughts.body.dump();
  EXPECT_EQ(draughts.body["game"], "checkers");
  EXPECT_EQ(draughts.body["variant"], "russian");
  server::ApiResponse tie = create({{"record", "[Event \"x\"]\n*"}});
  EXPECT_EQ(tie.status, 400);
  EXPECT_EQ(tie.body["code"], "record_ambiguous");
  EXPECT_EQ(create({{"record", "hello world"}}).body["code"], "record_unreadable");
}

}  // namespace
}  // namespace qi
