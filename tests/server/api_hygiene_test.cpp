// Bad input gets a clear JSON error that JSON can carry: no byte that is not
// UTF-8 in an answer, integers checked against their real type, names
// without control characters.
#include <gtest/gtest.h>

#include "../support/api_answer.h"
#include "app/opponent.h"
#include "app/sqlite_store.h"
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

TEST_F(ApiHygiene, ANameTakenIsAConflictNotAFailure) {
  EXPECT_EQ(handle("POST", "/api/players", R"({"name":"Ada"})").status, 201);
  ApiResponse again = handle("POST", "/api/players", R"({"name":"Ada"})");
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(again.body["code"], "name_taken");
}

}  // namespace
}  // namespace qi::server
