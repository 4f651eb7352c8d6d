// What the stores keep for accounts' hygiene: a profile's name key, unique
// (no name passes for another's), and claim codes, each spent once; in
// SQLite and in PostgreSQL alike.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <unistd.h>
#include <filesystem>

#include "../support/postgres_server.h"
#include "app/storage/migrations.h"
#include "app/storage/postgres_store.h"
#include "app/storage/sqlite_store.h"

namespace qi::app {
namespace {

void a_lookalike_is_a_name_taken(Store& store) {
  ASSERT_TRUE(store.add_player("Ada"));
  for (const char* lookalike : {"Ada", "ADA", "\u0410\u0501\u0430"}) {
    auto again = store.add_player(lookalike);
    ASSERT_FALSE(again) << lookalike;
    EXPECT_EQ(again.error().code, "name_taken") << lookalike;
  }
  EXPECT_TRUE(store.add_player("Adam"));
  EXPECT_EQ(store.players().value().size(), 2u) << "a refused name leaves nothing behind";
}

void a_claim_code_is_spent_once(Store& store) {
  auto carl = store.add_player("Carl");
  ASSERT_TRUE(carl);
  ASSERT_TRUE(store.add_login("login-hash", carl->id, 1000, 1'000'000));
  ASSERT_TRUE(store.set_claim_code({carl->id, "operator", "code-hash", 1000, 5000}));
  ASSERT_TRUE(store.set_claim_code({carl->id, "device", "device-hash", 1000, 0}));
  EXPECT_FALSE(store.claim_with_code(carl->id, "wrong-hash", "password-hash", 2000).value());
  EXPECT_FALSE(store.claim_with_code(carl->id, "code-hash", "password-hash", 6000).value()) << "expired";
  EXPECT_TRUE(store.claim_with_code(carl->id, "code-hash", "password-hash", 2000).value());
  EXPECT_EQ(store.password_hash(carl->id).value(), "password-hash");
  EXPECT_FALSE(store.login_player("login-hash", 2000).value()) << "a claim ends the profile's logins";
  EXPECT_FALSE(store.claim_with_code(carl->id, "code-hash", "other-hash", 2000).value()) << "spent";
  EXPECT_FALSE(store.claim_with_code(carl->id, "device-hash", "other-hash", 2000).value())
      << "a claim spends the profile's other codes";
  EXPECT_EQ(store.password_hash(carl->id).value(), "password-hash");
}

TEST(ProfileStore, ALookalikeOfAProfilesNameIsANameTakenInSqlite) {
  auto store = SqliteStore::open(":memory:");
  ASSERT_TRUE(store);
  a_lookalike_is_a_name_taken(**store);
}

TEST(ProfileStore, AClaimCodeIsSpentOnceInSqlite) {
  auto store = SqliteStore::open(":memory:");
  ASSERT_TRUE(store);
  a_claim_code_is_spent_once(**store);
}

TEST(ProfileStore, ALookalikeOfAProfilesNameIsANameTakenInPostgres) {
  auto db = test::fresh_postgres_database();
  ASSERT_TRUE(db) << db.error().message;
  auto store = PostgresStore::open(*db, "test-instance");
  ASSERT_TRUE(store) << store.error().message;
  a_lookalike_is_a_name_taken(**store);
}

TEST(ProfileStore, AClaimCodeIsSpentOnceInPostgres) {
  auto db = test::fresh_postgres_database();
  ASSERT_TRUE(db) << db.error().message;
  auto store = PostgresStore::open(*db, "test-instance");
  ASSERT_TRUE(store) << store.error().message;
  a_claim_code_is_spent_once(**store);
}

// A database from before name keys, holding two names that look alike: both
// stay, the older keeps the key, and a new lookalike is refused.
TEST(ProfileStore, ProfilesMadeBeforeNameKeysGetThemAtOpen) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("qi-name-keys-" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(file);
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
    std::string sql;
    for (int n = 0; n < 7; ++n) sql += std::string(schema_migrations()[n]);
    sql += "INSERT INTO players(name, created_ms) VALUES ('Ada', 0), ('ADA', 1);PRAGMA user_version=7;";
    char* error = nullptr;
    EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "");
    sqlite3_free(error);
    sqlite3_close(db);
  }
  {
    auto store = SqliteStore::open(file.string());
    ASSERT_TRUE(store) << store.error().message;
    EXPECT_EQ((*store)->players().value().size(), 2u);
    auto lookalike = (*store)->add_player("ada");
    ASSERT_FALSE(lookalike);
    EXPECT_EQ(lookalike.error().code, "name_taken");
    EXPECT_TRUE((*store)->add_player("Bo"));
  }
  auto again = SqliteStore::open(file.string());
  ASSERT_TRUE(again) << "a second open finds the keys made by the first";
  EXPECT_EQ((*again)->players().value().size(), 3u);
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(file.string() + suffix);
}

}  // namespace
}  // namespace qi::app
