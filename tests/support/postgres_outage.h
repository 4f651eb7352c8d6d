// A PostgreSQL database taken away and given back, as when its server is
// down: new connections to it are refused and the open ones are ended. (The
// server of the whole test program keeps running for the other tests.)
#pragma once

#include <libpq-fe.h>

#include <string>

#include "core/expected.h"

namespace qi::test {

// `uri` as postgres_server.h makes them: postgresql:///NAME?host=...
inline Status set_database_reachable(const std::string& uri, bool reachable) {
  const std::size_t start = uri.find(":///") + 4, end = uri.find('?', start);
  const std::string name = uri.substr(start, end - start);
  const std::string admin = uri.substr(0, start) + "postgres" + uri.substr(end);
  PGconn* conn = PQconnectdb(admin.c_str());
  auto run = [&](const std::string& sql) -> Status {
    PGresult* r = PQexec(conn, sql.c_str());
    const bool ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
    std::string error = PQerrorMessage(conn);
    PQclear(r);
    if (!ok) return make_error(sql + ": " + error);
    return Ok{};
  };
  Status st = PQstatus(conn) == CONNECTION_OK ? Status(Ok{}) : Status(make_error(PQerrorMessage(conn)));
  if (st) st = run("ALTER DATABASE " + name + " ALLOW_CONNECTIONS " + (reachable ? "true" : "false"));
  if (st && !reachable)
    st = run("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + name + "'");
  PQfinish(conn);
  return st;
}

}  // namespace qi::test
