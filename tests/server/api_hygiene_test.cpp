// Bad input gets a clear JSON error that JSON can carry: no byte that is not
// UTF-8 in an answer, integers checked against their real type, names
// without control characters.
#include <gtest/gtest.h>

#include "../support/api_answer.h"
#include "app/opponent.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "core/utf8.h"
#include "server/api.h"

namespace qi::server {
namespace {

using nlohmann::json;

class ApiHygiene : public ::testing::Test {
 protected:
  ApiHygiene()
      : store_(app::SqliteStore::open(":memory:").value()),
        manager_(*store_, opponent_, time_, app::ManagerOptions::driven_by_caller()),
        api_(manager_, *store_) {}

  // Every answer must serialise strictly (dump() throws on invalid UTF-8).
  ApiResponse handle(const std::string& method, const std::string& path, const std::string& body = {}) {
    ApiResponse r = test::answer(api_.handle({method, path, {}, body}));
    EXPECT_NO_THROW((void)r.body.dump()) << path;
    EXPECT_TRUE(r.body.is_object() || r.body.is_array());
    return r;
  }

  FakeClock time_;
  app::BuiltinOpponent opponent_;
  std::unique_ptr<app::SqliteStore> store_;
  app::SessionManager manager_;
  Api api_;
};

TEST_F(ApiHygiene, AGameIdThatIsNotUtf8IsANotFoundWithAJsonBody) {
  ApiResponse r = handle("GET", "/api/games/\xFF");
  EXPECT_EQ(r.status, 404);
  EXPECT_NE(r.body["error"].get<std::string>().find("\\xFF"), std::string::npos) << r.body.dump();
  EXPECT_EQ(handle("GET", "/api/\xC3").status, 404);
  EXPECT_EQ(handle("POST", "/api/games/\xFF\xFE/move", R"({"token":"x","move":"e4"})").status, 404);
}

TEST_F(ApiHygiene, AFenWithAMultibyteCharacterIsRefusedInValidUtf8) {
  ApiResponse r = handle("POST", "/api/games", R"({"game":"xiangqi","fen":"rnbakabnr/9/1c5c1 中"})");
  EXPECT_GE(r.status, 400);
  EXPECT_LT(r.status, 500);
  r = handle("POST", "/api/games", "{\"game\":\"chess\",\"fen\":\"8/8 \xE4\xB8\"}");
  EXPECT_EQ(r.status, 400) << "invalid UTF-8 in the body is not JSON";
}

TEST_F(ApiHygiene, IntegersAreCheckedAgainstTheirRealType) {
  ApiResponse level =
      handle("POST", "/api/games",
             R"({"game":"chess","seats":[{"kind":"human"},{"kind":"engine","level":4294967301}]})");
  EXPECT_EQ(level.status, 400) << level.body.dump();
  ApiResponse overruns = handle(
      "POST", "/api/games",
      R"({"game":"xiangqi","time_control":{"kind":"increment","base_ms":60000,"max_overruns":4294967297}})");
  EXPECT_EQ(overruns.status, 400) << overruns.body.dump();
  ApiResponse huge =
      handle("POST", "/api/games", R"({"game":"chess","time_control":{"base_ms":18446744073709551615}})");
  EXPECT_EQ(huge.status, 400) << huge.body.dump();
}

TEST_F(ApiHygiene, NamesWithNulOrControlCharactersAreRefused) {
  EXPECT_EQ(handle("POST", "/api/players", json{{"name", std::string("Ada\0Lovelace", 12)}}.dump()).status,
            400);
  EXPECT_EQ(handle("POST", "/api/players", json{{"name", "Ada\nBo"}}.dump()).status, 400);
  EXPECT_EQ(handle("POST", "/api/players", json{{"name", "Ada\x7f"}}.dump()).status, 400);
  EXPECT_TRUE(store_->players().value().empty());
  ApiResponse seat =
      handle("POST", "/api/games",
             json{{"game", "chess"}, {"seats", {{{"name", "a\tb"}}, {{"kind", "human"}}}}}.dump());
  EXPECT_EQ(seat.status, 400);
  EXPECT_EQ(handle("POST", "/api/players", json{{"name", "小明"}}.dump()).status, 201);
}

// Names (app/player_name.h): counted in characters, kept in NFKC, nothing
// hidden in them, no name passing for another's.
TEST_F(ApiHygiene, ANameIsCountedInCharactersNotBytes) {
  std::string thirty_chinese;
  for (int i = 0; i < 30; ++i) thirty_chinese += "龍";  // 90 bytes
  ApiResponse chinese = handle("POST", "/api/players", json{{"name", thirty_chinese}}.dump());
  EXPECT_EQ(chinese.status, 201) << chinese.body.dump();
  EXPECT_EQ(handle("POST", "/api/players", json{{"name", std::string(32, 'a')}}.dump()).status, 201);
  ApiResponse long_name = handle("POST", "/api/players", json{{"name", std::string(33, 'b')}}.dump());
  EXPECT_EQ(long_name.status, 400);
  EXPECT_EQ(long_name.body["code"], "name_rules");
  EXPECT_NE(long_name.body["error"].get<std::string>().find("32 characters"), std::string::npos)
      << long_name.body.dump();
}

TEST_F(ApiHygiene, ANameIsKeptInItsNormalForm) {
  // Full-width letters and an ideographic space are NFKC's "Ada Lovelace";
  // runs of spaces are one.
  ApiResponse r = handle("POST", "/api/players", json{{"name", "\uff21\uff44\uff41\u3000 Lovelace"}}.dump());
  ASSERT_EQ(r.status, 201) << r.body.dump();
  EXPECT_EQ(r.body["name"], "Ada Lovelace");
  // "e" and a combining acute accent are one character, é.
  ApiResponse jose = handle("POST", "/api/players", json{{"name", "Jose\u0301"}}.dump());
  ASSERT_EQ(jose.status, 201);
  EXPECT_EQ(jose.body["name"], "Jos\u00e9");
}

TEST_F(ApiHygiene, InvisibleAndDirectionChangingCharactersAreRefused) {
  for (const char* name :
       {"\u200b", "\u200b\u200b", "Ada\u200bLovelace", "Ada\u202eecalevoL", "\u2066Ada\u2069",
        "Ada\u00adLovelace", "\u3164", "Ada\ufe0f", "Ada\u2028Bo", "\ue000"}) {
    ApiResponse r = handle("POST", "/api/players", json{{"name", name}}.dump());
    EXPECT_EQ(r.status, 400) << json(name).dump() << ": " << r.body.dump();
    EXPECT_EQ(r.body["code"], "name_rules") << json(name).dump();
  }
  EXPECT_TRUE(store_->players().value().empty());
  ApiResponse seat =
      handle("POST", "/api/games",
             json{{"game", "chess"}, {"seats", {{{"name", "Bo\u202e"}}, {{"kind", "human"}}}}}.dump());
  EXPECT_EQ(seat.status, 400) << "a seat's name follows the same rules";
}

TEST_F(ApiHygiene, ANameMixingScriptsThatLookAlikeIsRefused) {
  ApiResponse mixed = handle("POST", "/api/players", json{{"name", "\u0410da"}}.dump());  // Cyrillic А
  EXPECT_EQ(mixed.status, 400) << mixed.body.dump();
  EXPECT_EQ(mixed.body["code"], "name_rules");
  for (const char* fine :
       {"\u0410\u043d\u043d\u0430", "李 Lee", "山田 たろう", "Ada Lovelace", "O'Neil-2", "\U0001f409 Dragon"})
    EXPECT_EQ(handle("POST", "/api/players", json{{"name", fine}}.dump()).status, 201) << fine;
}

TEST_F(ApiHygiene, ALookalikeOfAnExistingNameIsRefused) {
  ASSERT_EQ(handle("POST", "/api/players", R"({"name":"Ada"})").status, 201);
  ASSERT_EQ(handle("POST", "/api/players", R"({"name":"Ian"})").status, 201);
  for (const char* lookalike : {"ADA", "ada", "\u0410\u0501\u0430", "lan", "Ia\u0578"}) {
    ApiResponse r = handle("POST", "/api/players", json{{"name", lookalike}}.dump());
    EXPECT_EQ(r.status, 409) << lookalike << ": " << r.body.dump();
    EXPECT_EQ(r.body["code"], "name_taken") << lookalike;
  }
  EXPECT_EQ(handle("POST", "/api/players", R"({"name":"Adam"})").status, 201);
  EXPECT_EQ(store_->players().value().size(), 3u);
}

TEST_F(ApiHygiene, ANameTakenIsAConflictNotAFailure) {
  EXPECT_EQ(handle("POST", "/api/players", R"({"name":"Ada"})").status, 201);
  ApiResponse again = handle("POST", "/api/players", R"({"name":"Ada"})");
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(again.body["code"], "name_taken");
}

}  // namespace
}  // namespace qi::server
