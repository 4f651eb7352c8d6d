// Only an owner changes what is theirs: a profile with a password is seated
// only by its owner's login (or with its password), logins live in an
// HttpOnly cookie, and creating games, profiles and password checks are
// limited per client.
#include <gtest/gtest.h>

#include "../support/api_answer.h"
#include "app/accounts.h"
#include "app/opponent.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "server/api.h"

namespace qi::server {
namespace {

using nlohmann::json;

class AccountsApi : public ::testing::Test {
 protected:
  explicit AccountsApi(ApiOptions options = {})
      : store_(app::SqliteStore::open(":memory:").value()),
        manager_(*store_, opponent_, time_, app::ManagerOptions::driven_by_caller()),
        api_(manager_, *store_, options) {}

  ApiResponse post(const std::string& path, const json& body, const std::string& cookie = {},
                   const std::string& client = {}) {
    ApiRequest r{"POST", path, {}, body.dump()};
    r.client = client;
    if (!cookie.empty()) r.headers["cookie"] = cookie;
    return test::answer(api_.handle(r));
  }
  ApiResponse get(const std::string& path, const std::string& cookie = {}) {
    ApiRequest r{"GET", path, {}, ""};
    if (!cookie.empty()) r.headers["cookie"] = cookie;
    return test::answer(api_.handle(r));
  }
  // "qi_session=..." from an answer's Set-Cookie.
  static std::string cookie_of(const ApiResponse& r) {
    for (const auto& [name, value] : r.headers)
      if (name == "Set-Cookie") return value.substr(0, value.find(';'));
    return {};
  }
  static std::string set_cookie(const ApiResponse& r) {
    for (const auto& [name, value] : r.headers)
      if (name == "Set-Cookie") return value;
    return {};
  }
  json rated_game_for(std::int64_t player, const std::string& password = {}) {
    json seat = {{"kind", "human"}, {"player_id", player}};
    if (!password.empty()) seat["password"] = password;
    return {{"game", "chess"},
            {"rated", true},
            {"seats", {seat, {{"kind", "engine"}, {"level", 1}}}},
            {"time_control", {{"kind", "increment"}, {"base_ms", 60000}, {"increment_ms", 0}}}};
  }

  FakeClock time_;
  app::BuiltinOpponent opponent_;
  std::unique_ptr<app::SqliteStore> store_;
  app::SessionManager manager_;
  Api api_;
};

TEST_F(AccountsApi, AProfileWithAPasswordIsLoggedInByAnHttpOnlySameSiteCookie) {
  ApiResponse made = post("/api/players", {{"name", "Ada"}, {"password", "correct horse"}});
  ASSERT_EQ(made.status, 201) << made.body.dump();
  EXPECT_TRUE(made.body["protected"].get<bool>());
  std::string header = set_cookie(made);
  EXPECT_NE(header.find("HttpOnly"), std::string::npos) << header;
  EXPECT_NE(header.find("SameSite=Strict"), std::string::npos) << header;
  EXPECT_EQ(get("/api/me", cookie_of(made)).body["player"]["name"], "Ada");
  EXPECT_TRUE(get("/api/me").body["player"].is_null());
  EXPECT_TRUE(get("/api/me", "qi_session=" + std::string(64, 'a')).body["player"].is_null());
}

TEST_F(AccountsApi, AProtectedProfileIsSeatedInARatedGameOnlyByItsOwner) {
  ApiResponse ada = post("/api/players", {{"name", "Ada"}, {"password", "correct horse"}});
  std::int64_t id = ada.body["id"];
  ApiResponse stranger = post("/api/games", rated_game_for(id));
  EXPECT_EQ(stranger.status, 403) << stranger.body.dump();
  EXPECT_EQ(stranger.body["code"], "profile_protected");
  ApiResponse guessed = post("/api/games", rated_game_for(id, "wrong horse"));
  EXPECT_EQ(guessed.status, 403);
  EXPECT_EQ(guessed.body["code"], "wrong_password");
  EXPECT_EQ(post("/api/games", rated_game_for(id), cookie_of(ada)).status, 201);
  EXPECT_EQ(post("/api/games", rated_game_for(id, "correct horse")).status, 201);
}

TEST_F(AccountsApi, AProfileWithoutAPasswordIsAnyonesToSeatOnThisMachine) {
  std::int64_t id = post("/api/players", {{"name", "Bo"}}).body["id"];
  EXPECT_EQ(post("/api/games", rated_game_for(id)).status, 201);
}

TEST_F(AccountsApi, LoggingInTakesTheRightPasswordAndLoggingOutEndsTheLogin) {
  post("/api/players", {{"name", "Ada"}, {"password", "correct horse"}});
  ApiResponse wrong = post("/api/login", {{"name", "Ada"}, {"password", "wrong horse"}});
  EXPECT_EQ(wrong.status, 401);
  EXPECT_TRUE(cookie_of(wrong).empty());
  ApiResponse nobody = post("/api/login", {{"name", "Nobody"}, {"password", "correct horse"}});
  EXPECT_EQ(nobody.status, 401);
  EXPECT_EQ(nobody.body["error"], wrong.body["error"]) << "the answer must not tell which names exist";
  ApiResponse right = post("/api/login", {{"name", "Ada"}, {"password", "correct horse"}});
  ASSERT_EQ(right.status, 200) << right.body.dump();
  std::string cookie = cookie_of(right);
  EXPECT_EQ(get("/api/me", cookie).body["player"]["name"], "Ada");
  EXPECT_EQ(post("/api/logout", json::object(), cookie).status, 200);
  EXPECT_TRUE(get("/api/me", cookie).body["player"].is_null());
}

TEST_F(AccountsApi, APasswordIsChangedOnlyByItsOwner) {
  ApiResponse ada = post("/api/players", {{"name", "Ada"}, {"password", "correct horse"}});
  std::string path = "/api/players/" + std::to_string(ada.body["id"].get<std::int64_t>()) + "/password";
  EXPECT_EQ(post(path, {{"new_password", "stolen profile"}}).status, 403);
  EXPECT_EQ(post(path, {{"password", "wrong horse"}, {"new_password", "stolen profile"}}).status, 403);
  EXPECT_EQ(post(path, {{"new_password", "battery staple"}}, cookie_of(ada)).status, 200);
  EXPECT_EQ(post("/api/login", {{"name", "Ada"}, {"password", "correct horse"}}).status, 401);
  EXPECT_EQ(post("/api/login", {{"name", "Ada"}, {"password", "battery staple"}}).status, 200);
  EXPECT_TRUE(get("/api/me", cookie_of(ada)).body["player"].is_null()) << "a new password ends old logins";
}

TEST_F(AccountsApi, APasswordTooShortIsRefused) {
  ApiResponse r = post("/api/players", {{"name", "Ada"}, {"password", "short"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_FALSE(store_->player(1).value());
}

class AccountsRequired : public AccountsApi {
 protected:
  AccountsRequired() : AccountsApi(ApiOptions{.accounts_required = true}) {}
};

// The attack: a profile made without a password on a family's
// machine, then the server restarted with --accounts; a stranger sets its
// password and would be logged in as it, with its ratings.
TEST_F(AccountsRequired, AStrangerCannotClaimAProfileWithoutAPassword) {
  std::int64_t carl = store_->add_player("Carl").value().id;
  const std::string path = "/api/players/" + std::to_string(carl) + "/password";
  ApiResponse taken = post(path, {{"new_password", "stolen profile"}}, {}, "203.0.113.66");
  EXPECT_EQ(taken.status, 403) << taken.body.dump();
  EXPECT_EQ(taken.body["code"], "profile_unclaimed");
  EXPECT_TRUE(cookie_of(taken).empty());
  EXPECT_FALSE(store_->player(carl).value()->has_password);
  EXPECT_EQ(post("/api/login", {{"name", "Carl"}, {"password", "stolen profile"}}).status, 401);
  ApiResponse seated = post("/api/games", rated_game_for(carl));
  EXPECT_EQ(seated.status, 403);
  EXPECT_EQ(seated.body["code"], "profile_unclaimed");
}

// The page that made the profile (before accounts were on) holds its claim
// code: with it the owner claims the profile, once.
TEST_F(AccountsRequired, TheClaimCodeOfThePageThatMadeAProfileClaimsItOnce) {
  ApiResponse made = [&] {
    Api family(manager_, *store_);  // the same database, served without accounts
    ApiRequest r{"POST", "/api/players", {}, json{{"name", "Carl"}}.dump()};
    return test::answer(family.handle(r));
  }();
  ASSERT_EQ(made.status, 201) << made.body.dump();
  ASSERT_TRUE(made.body.contains("claim_code")) << made.body.dump();
  const std::string code = made.body["claim_code"];
  const std::string path =
      "/api/players/" + std::to_string(made.body["id"].get<std::int64_t>()) + "/password";

  ApiResponse wrong =
      post(path, {{"new_password", "stolen profile"}, {"claim_code", "AAAA-AAAA-AAAA-AAAA-AAAA"}});
  EXPECT_EQ(wrong.status, 403);
  EXPECT_EQ(wrong.body["code"], "wrong_claim_code");
  ApiResponse claimed = post(path, {{"new_password", "carls own words"}, {"claim_code", code}});
  ASSERT_EQ(claimed.status, 200) << claimed.body.dump();
  EXPECT_EQ(get("/api/me", cookie_of(claimed)).body["player"]["name"], "Carl");
  ApiResponse again = post(path, {{"new_password", "stolen profile"}, {"claim_code", code}});
  EXPECT_EQ(again.status, 403) << "a claim code works once";
  EXPECT_EQ(again.body["code"], "wrong_claim_code");
  EXPECT_EQ(post("/api/login", {{"name", "Carl"}, {"password", "carls own words"}}).status, 200);
}

// A profile made before claim codes existed, or whose code is lost: the
// operator makes one (qi players claim-code) or sets the password (qi players
// set-password); both are these calls on the database.
TEST_F(AccountsRequired, TheOperatorsClaimCodeAndPasswordWork) {
  std::int64_t carl = store_->add_player("Carl").value().id;
  std::int64_t dora = store_->add_player("Dora").value().id;
  WallClock wall;
  app::Accounts operator_tools(*store_, wall);
  auto code = operator_tools.new_claim_code(carl, "operator", 7LL * 24 * 60 * 60 * 1000);
  ASSERT_TRUE(code) << code.error().message;
  const std::string path = "/api/players/" + std::to_string(carl) + "/password";
  // Typed loosely: lower case, without dashes, O for 0.
  std::string typed;
  for (char c : *code)
    if (c != '-') typed += static_cast<char>(c == '0' ? 'o' : std::tolower(static_cast<unsigned char>(c)));
  EXPECT_EQ(post("/api/players/" + std::to_string(dora) + "/password",
                 {{"new_password", "not for dora"}, {"claim_code", *code}})
                .body["code"],
            "wrong_claim_code")
      << "a code is its own profile's";
  ApiResponse claimed = post(path, {{"new_password", "carls own words"}, {"claim_code", typed}});
  ASSERT_EQ(claimed.status, 200) << claimed.body.dump();
  EXPECT_EQ(post(path, {{"new_password", "stolen profile"}, {"claim_code", *code}}).status, 403);

  auto hash = operator_tools.hash("doras new words");
  ASSERT_TRUE(hash);
  ASSERT_TRUE(store_->set_password_hash(dora, *hash));
  EXPECT_EQ(post("/api/login", {{"name", "Dora"}, {"password", "doras new words"}}).status, 200);
}

TEST_F(AccountsRequired, AnExpiredClaimCodeIsRefused) {
  std::int64_t carl = store_->add_player("Carl").value().id;
  FakeClock last_month(WallClock().now_ms() - 30LL * 24 * 60 * 60 * 1000);
  auto code = app::Accounts(*store_, last_month).new_claim_code(carl, "operator", 7LL * 24 * 60 * 60 * 1000);
  ASSERT_TRUE(code);
  ApiResponse late = post("/api/players/" + std::to_string(carl) + "/password",
                          {{"new_password", "carls own words"}, {"claim_code", *code}});
  EXPECT_EQ(late.status, 403);
  EXPECT_EQ(late.body["code"], "wrong_claim_code");
}

TEST_F(AccountsRequired, ANewProfileNeedsAPassword) {
  ApiResponse r = post("/api/players", {{"name", "Ada"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["code"], "password_required");
  EXPECT_TRUE(get("/api/me").body["accounts_required"].get<bool>());
}

TEST_F(AccountsApi, CreatingGamesIsLimitedPerClient) {
  int created = 0, refused = 0;
  ApiResponse last;
  for (int i = 0; i < 200; ++i) {
    ApiResponse r = post("/api/games", {{"game", "tictactoe"}}, {}, "203.0.113.7");
    if (r.status == 201) ++created;
    if (r.status == 429) {
      ++refused;
      last = r;
    }
  }
  EXPECT_LT(created, 200);
  EXPECT_GT(refused, 0);
  EXPECT_EQ(last.body["code"], "rate_limited");
  bool retry_after = false;
  for (const auto& [name, value] : last.headers)
    retry_after |= name == "Retry-After" && std::stoi(value) >= 1;
  EXPECT_TRUE(retry_after);
  EXPECT_EQ(post("/api/games", {{"game", "tictactoe"}}, {}, "198.51.100.1").status, 201)
      << "another client is not limited by the first";
}

// An IPv6 subscriber holds a /64: its addresses are one client.
TEST_F(AccountsApi, PasswordGuessesFromOneIpv6NetworkAreLimitedTogether) {
  post("/api/players", {{"name", "Ada"}, {"password", "correct horse"}});
  int limited = 0;
  for (int i = 1; i <= 40; ++i)
    limited += post("/api/login", {{"name", "Ada"}, {"password", "guess " + std::to_string(i)}}, {},
                    "2001:db8:1:2::" + std::to_string(i))
                   .status == 429;
  EXPECT_GT(limited, 0);
  EXPECT_EQ(
      post("/api/login", {{"name", "Ada"}, {"password", "correct horse"}}, {}, "2001:db8:1:3::1").status, 200)
      << "another network is another client";
}

TEST_F(AccountsApi, TheLoginCookieIsSecureWhenTheRequestCameOverTls) {
  ApiRequest r{"POST", "/api/players", {}, json{{"name", "Ada"}, {"password", "correct horse"}}.dump()};
  r.secure = true;
  ApiResponse made = test::answer(api_.handle(r));
  ASSERT_EQ(made.status, 201);
  std::string header = set_cookie(made);
  EXPECT_NE(header.find("; Secure"), std::string::npos) << header;
  EXPECT_NE(header.find("HttpOnly"), std::string::npos) << header;
  EXPECT_NE(header.find("SameSite=Strict"), std::string::npos) << header;
  ApiResponse plain = post("/api/login", {{"name", "Ada"}, {"password", "correct horse"}});
  EXPECT_EQ(set_cookie(plain).find("Secure"), std::string::npos) << set_cookie(plain);
}

TEST_F(AccountsApi, PasswordGuessesAreLimitedPerClient) {
  post("/api/players", {{"name", "Ada"}, {"password", "correct horse"}});
  int limited = 0;
  for (int i = 0; i < 15; ++i)
    limited +=
        post("/api/login", {{"name", "Ada"}, {"password", "guess " + std::to_string(i)}}, {}, "203.0.113.9")
            .status == 429;
  EXPECT_GT(limited, 0);
}

}  // namespace
}  // namespace qi::server
