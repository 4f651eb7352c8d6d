#include "postgres_server.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

namespace qi::test {
namespace {

namespace fs = std::filesystem;

std::string binaries() {
  if (const char* dir = std::getenv("QI_POSTGRES_BIN"); dir && *dir) return dir;
  return "/usr/lib/postgresql/15/bin";
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

Expected<std::unique_ptr<PostgresServer>> PostgresServer::start() {
  const std::string bin = binaries();
  for (const char* program : {"initdb", "postgres"})
    if (::access((bin + "/" + program).c_str(), X_OK) != 0)
      return make_error(
          "PostgreSQL is not installed: " + bin + "/" + program +
          " is missing (scripts/setup.sh installs postgresql; QI_POSTGRES_BIN names another folder)");
  std::string pattern = (fs::temp_directory_path() / "qi-pg-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) return make_error("cannot make a temporary folder for PostgreSQL");
  const std::string dir = pattern;
  // PostgreSQL refuses to run as root: then it runs as the postgres user,
  // who must own its folder.
  std::string as_user;
  if (::geteuid() == 0) {
    passwd* pg = ::getpwnam("postgres");
    if (!pg) {
      fs::remove_all(dir);
      return make_error(
          "running as root, PostgreSQL needs the 'postgres' system user (its package makes it)");
    }
    if (::chown(dir.c_str(), pg->pw_uid, pg->pw_gid) != 0) {
      fs::remove_all(dir);
      return make_error("cannot give " + dir + " to the postgres user");
    }
    as_user = "setpriv --reuid=postgres --regid=postgres --clear-groups -- ";
  }
  // The shell outlives nothing: when its standard input (the pipe) reaches
  // its end, because this object closed it or the test process died, it
  // stops the server and removes the folder.
  const std::string script = "cd '" + dir + "' || exit 1\n" + as_user + "'" + bin +
                             "/initdb' -D data -A trust -U postgres -E UTF8 --locale=C --no-sync "
                             ">initdb.log 2>&1 || exit 1\n" +
                             as_user + "'" + bin + "/postgres' -D data -k '" + dir +
                             "' -c listen_addresses= -p 5432 -c fsync=off -c full_page_writes=off "
                             "-c synchronous_commit=off -c max_connections=300 >server.log 2>&1 &\n"
                             "server=$!\n"
                             "cat >/dev/null\n"
                             "kill -INT $server\n"
                             "wait $server\n"
                             "cd / && rm -rf '" +
                             dir + "'\n";
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return make_error("cannot make a pipe");
  pid_t child = ::fork();
  if (child < 0) return make_error("cannot fork");
  if (child == 0) {
    // Its own session: a Ctrl-C meant for the tests does not kill it
    // before it has cleaned up.
    ::setsid();
    ::dup2(fds[0], 0);  // dup2 clears close-on-exec on the copy
    ::execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(fds[0]);
  std::unique_ptr<PostgresServer> server(new PostgresServer(dir, child, fds[1]));
  const std::string admin = server->uri("postgres");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (PQping(admin.c_str()) != PQPING_OK) {
    int status = 0;
    if (::waitpid(child, &status, WNOHANG) == child) {
      server->shepherd_ = -1;
      std::string log = read_file(fs::path(dir) / "initdb.log") + read_file(fs::path(dir) / "server.log");
      return make_error("PostgreSQL did not start: " + log);
    }
    if (std::chrono::steady_clock::now() > deadline)
      return make_error("PostgreSQL did not take connections within 60 s: " +
                        read_file(fs::path(dir) / "server.log"));
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return server;
}

PostgresServer::~PostgresServer() { stop(); }

void PostgresServer::stop() {
  if (pipe_ >= 0) ::close(pipe_);
  pipe_ = -1;
  if (shepherd_ > 0) {
    int status = 0;
    ::waitpid(shepherd_, &status, 0);
  }
  shepherd_ = -1;
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

std::string PostgresServer::uri(const std::string& database) const {
  return "postgresql:///" + database + "?host=" + dir_ + "&port=5432&user=postgres";
}

Expected<std::string> PostgresServer::create_database() {
  const std::string name = "t_" + std::to_string(++databases_);
  PGconn* conn = PQconnectdb(uri("postgres").c_str());
  std::string error;
  if (PQstatus(conn) != CONNECTION_OK) {
    error = PQerrorMessage(conn);
  } else {
    PGresult* r = PQexec(conn, ("CREATE DATABASE " + name).c_str());
    if (PQresultStatus(r) != PGRES_COMMAND_OK) error = PQresultErrorMessage(r);
    PQclear(r);
  }
  PQfinish(conn);
  if (!error.empty()) return make_error("cannot create database " + name + ": " + error);
  return uri(name);
}

namespace {

std::unique_ptr<PostgresServer>& shared_server() {
  static std::unique_ptr<PostgresServer> server;
  return server;
}

// Stops the shared server when the tests end.
class StopServer final : public ::testing::Environment {
 public:
  void TearDown() override { shared_server().reset(); }
};
[[maybe_unused]] ::testing::Environment* const stop_server =
    ::testing::AddGlobalTestEnvironment(new StopServer);

}  // namespace

Expected<std::string> fresh_postgres_database() {
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  auto& server = shared_server();
  if (!server) {
    auto started = PostgresServer::start();
    if (!started) return started.error();
    server = std::move(*started);
  }
  return server->create_database();
}

}  // namespace qi::test
