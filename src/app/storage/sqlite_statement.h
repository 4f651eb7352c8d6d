// The SQLite store's statements (sqlite_store.h): one prepared statement
// with its bindings and columns, shared by the store's files (its games, its
// players and accounts, the lobby's challenges).
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>

#include "app/storage/store.h"

namespace qi::app {

// One prepared statement, finalised on scope exit.
class SqliteStatement {
 public:
  SqliteStatement(sqlite3* db, const char* sql) {
    ok_ = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) == SQLITE_OK;
  }
  ~SqliteStatement() { sqlite3_finalize(stmt_); }
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  bool ok() const { return ok_; }
  SqliteStatement& bind(int i, const std::string& v) {
    sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  SqliteStatement& bind(int i, std::int64_t v) {
    sqlite3_bind_int64(stmt_, i, v);
    return *this;
  }
  SqliteStatement& bind(int i, double v) {
    sqlite3_bind_double(stmt_, i, v);
    return *this;
  }
  SqliteStatement& bind(int i, std::optional<std::int64_t> v) {
    if (v)
      sqlite3_bind_int64(stmt_, i, *v);
    else
      sqlite3_bind_null(stmt_, i);
    return *this;
  }
  // The next row; false at the end, or on an error (then failed() says so).
  bool step() {
    rc_ = ok_ ? sqlite3_step(stmt_) : SQLITE_ERROR;
    return rc_ == SQLITE_ROW;
  }
  // Whether the statement could not be prepared, or its last step ended on
  // an error rather than a row or the end: a read that failed, not one that
  // found nothing.
  bool failed() const { return rc_ != SQLITE_ROW && rc_ != SQLITE_DONE; }
  int run() {
    step();
    return rc_;
  }
  std::string text(int col) const {
    const unsigned char* t = sqlite3_column_text(stmt_, col);
    return t ? reinterpret_cast<const char*>(t) : "";
  }
  std::int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
  double real(int col) const { return sqlite3_column_double(stmt_, col); }
  std::optional<std::int64_t> optional_integer(int col) const {
    if (sqlite3_column_type(stmt_, col) == SQLITE_NULL) return std::nullopt;
    return integer(col);
  }

 private:
  sqlite3_stmt* stmt_ = nullptr;
  bool ok_ = false;
  int rc_ = SQLITE_DONE;
};

// The store could not be read or written: SQLite's own words in the error.
inline Error sqlite_unavailable(sqlite3* db) { return store_unavailable(sqlite3_errmsg(db)); }

}  // namespace qi::app
