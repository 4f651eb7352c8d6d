// A thin layer over libpq: one connection, statements with text parameters,
// results freed on scope exit, and errors that say what PostgreSQL said.
// Used by the PostgreSQL store and cluster only.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/expected.h"

struct pg_conn;
struct pg_result;

namespace qi::app {

// A statement's parameter: text, or SQL NULL.
using PgParam = std::optional<std::string>;

PgParam pg_param(std::int64_t value);
PgParam pg_param(std::optional<std::int64_t> value);
PgParam pg_param(double value);
inline PgParam pg_param(std::string value) { return value; }

class PgResult {
 public:
  explicit PgResult(pg_result* result);
  int rows() const;
  bool null(int row, int col) const;
  std::string text(int row, int col) const;
  std::int64_t integer(int row, int col) const;  // 0 for NULL or non-numbers
  double real(int row, int col) const;
  std::optional<std::int64_t> optional_integer(int row, int col) const;

 private:
  std::shared_ptr<pg_result> result_;
};

class PgConnection {
 public:
  // `uri`: postgresql://user@host:port/db or postgresql:///db?host=/socket/dir.
  static Expected<std::unique_ptr<PgConnection>> open(const std::string& uri);
  ~PgConnection();
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  // Runs one statement (or, without parameters, several). An error's code is
  // PostgreSQL's SQLSTATE ("23505": a unique key taken), or "broken" when
  // the connection was lost.
  Expected<PgResult> exec(const std::string& sql, const std::vector<PgParam>& params = {});
  // Whether the connection is lost (the server went away).
  bool broken() const;
  // Connects again after a loss.
  bool reset();
  pg_conn* raw() { return conn_; }

  // Statements with parameters are prepared the first time a connection
  // runs them (PostgreSQL then parses and plans each once, not at every
  // call), up to this many; more run unprepared.
  static constexpr std::size_t kMaxPrepared = 128;

 private:
  explicit PgConnection(pg_conn* conn) : conn_(conn) {}
  // The name of `sql` prepared on this connection, or empty to run it unprepared.
  std::string prepared_name(const std::string& sql, int params);
  pg_conn* conn_;
  std::unordered_map<std::string, std::string> prepared_;  // by the statement's text
  std::uint64_t last_prepared_ = 0;                        // names are never used twice
};

// Whether a URL names a PostgreSQL database rather than an SQLite file.
bool is_postgres_uri(const std::string& text);

// The SQLSTATE of a unique key already taken.
inline constexpr const char* kPgUniqueViolation = "23505";

}  // namespace qi::app
