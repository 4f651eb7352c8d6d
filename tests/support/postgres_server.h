// A throwaway PostgreSQL server for the tests: initdb in a new temporary
// folder, the server listening on a Unix socket in it only, stopped and the
// folder removed when the server object goes (or, if the test process is
// killed, by a small shell that outlives it just long enough). Run as root
// (CI), the server runs as the `postgres` system user, since PostgreSQL
// refuses root. Missing PostgreSQL binaries are an error, never a skip.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>

#include "core/expected.h"

namespace qi::test {

class PostgresServer {
 public:
  // Starts a server and waits (up to a timeout) until it takes connections.
  static Expected<std::unique_ptr<PostgresServer>> start();
  ~PostgresServer();
  PostgresServer(const PostgresServer&) = delete;
  PostgresServer& operator=(const PostgresServer&) = delete;

  // The URI of a database on this server.
  std::string uri(const std::string& database) const;
  // Creates a new, empty database; its URI.
  Expected<std::string> create_database();

 private:
  PostgresServer(std::string dir, pid_t shepherd, int pipe)
      : dir_(std::move(dir)), shepherd_(shepherd), pipe_(pipe) {}
  void stop();

  std::string dir_;  // the data, the socket and the logs
  pid_t shepherd_;   // the shell that runs the server and cleans up after it
  int pipe_;         // closed (here, or by the kernel at exit): the shell stops the server
  int databases_ = 0;
};

// One server for the whole test program, started at the first call and
// stopped when the tests end; a fresh database on it for each call.
Expected<std::string> fresh_postgres_database();

}  // namespace qi::test
