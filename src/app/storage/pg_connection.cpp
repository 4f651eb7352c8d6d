#include "app/storage/pg_connection.h"

#include <libpq-fe.h>

#include <cstdio>
#include <cstdlib>

namespace qi::app {

PgParam pg_param(std::int64_t value) { return std::to_string(value); }
PgParam pg_param(std::optional<std::int64_t> value) {
  if (!value) return std::nullopt;
  return std::to_string(*value);
}
PgParam pg_param(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.17g", value);  // every bit of the double survives
  return std::string(text);
}

PgResult::PgResult(pg_result* result) : result_(result, PQclear) {}
int PgResult::rows() const { return PQntuples(result_.get()); }
bool PgResult::null(int row, int col) const { return PQgetisnull(result_.get(), row, col) != 0; }
std::string PgResult::text(int row, int col) const {
  return std::string(PQgetvalue(result_.get(), row, col),
                     static_cast<std::size_t>(PQgetlength(result_.get(), row, col)));
}
std::int64_t PgResult::integer(int row, int col) const {
  return std::strtoll(PQgetvalue(result_.get(), row, col), nullptr, 10);
}
double PgResult::real(int row, int col) const {
  return std::strtod(PQgetvalue(result_.get(), row, col), nullptr);
}
std::optional<std::int64_t> PgResult::optional_integer(int row, int col) const {
  if (null(row, col)) return std::nullopt;
  return integer(row, col);
}

bool is_postgres_uri(const std::string& text) {
  return text.rfind("postgresql://", 0) == 0 || text.rfind("postgres://", 0) == 0;
}

Expected<std::unique_ptr<PgConnection>> PgConnection::open(const std::string& uri) {
  PGconn* conn = PQconnectdb(uri.c_str());
  if (!conn) return make_error("broken", "PostgreSQL: out of memory");
  if (PQstatus(conn) != CONNECTION_OK) {
    std::string msg = PQerrorMessage(conn);
    while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
    for (char& c : msg)
      if (c == '\n') c = ' ';
    PQfinish(conn);
    return make_error("broken", "cannot connect to PostgreSQL: " + msg);
  }
  // Notices (a table that already exists, ...) are not the operator's business.
  PQsetNoticeProcessor(
      conn, [](void*, const char*) {}, nullptr);
  return std::unique_ptr<PgConnection>(new PgConnection(conn));
}

PgConnection::~PgConnection() { PQfinish(conn_); }

bool PgConnection::broken() const { return PQstatus(conn_) != CONNECTION_OK; }

bool PgConnection::reset() {
  PQreset(conn_);
  prepared_.clear();  // a new session has none
  return !broken();
}

std::string PgConnection::prepared_name(const std::string& sql, int params) {
  if (auto it = prepared_.find(sql); it != prepared_.end()) return it->second;
  if (prepared_.size() >= kMaxPrepared) return {};
  std::string name = "qi_" + std::to_string(++last_prepared_);
  PGresult* made = PQprepare(conn_, name.c_str(), sql.c_str(), params, nullptr);
  const bool ok = made && PQresultStatus(made) == PGRES_COMMAND_OK;
  PQclear(made);
  // A statement that cannot be prepared runs unprepared, to fail there
  // with its own words.
  if (!ok) return {};
  prepared_.emplace(sql, name);
  return name;
}

Expected<PgResult> PgConnection::exec(const std::string& sql, const std::vector<PgParam>& params) {
  PGresult* result = nullptr;
  if (params.empty()) {
    result = PQexec(conn_, sql.c_str());
  } else {
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const PgParam& p : params) values.push_back(p ? p->c_str() : nullptr);
    const int count = static_cast<int>(params.size());
    const std::string name = prepared_name(sql, count);
    result = name.empty()
                 ? PQexecParams(conn_, sql.c_str(), count, nullptr, values.data(), nullptr, nullptr, 0)
                 : PQexecPrepared(conn_, name.c_str(), count, values.data(), nullptr, nullptr, 0);
  }
  PgResult owned(result);
  ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return owned;
  std::string msg = result ? PQresultErrorMessage(result) : PQerrorMessage(conn_);
  while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
  for (char& c : msg)
    if (c == '\n') c = ' ';
  if (msg.empty()) msg = "unknown error";
  const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
  std::string code = broken() ? "broken" : state ? state : "";
  // A table changed under a prepared statement (a migration by another
  // server): the statement is prepared again the next time.
  if (code == "0A000" || code == "26000") prepared_.erase(sql);
  if (code == "broken") prepared_.clear();
  return make_error(code, "PostgreSQL: " + msg);
}

}  // namespace qi::app
