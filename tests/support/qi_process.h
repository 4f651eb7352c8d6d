// `qi` run by the tests as a process of its own (QI_BINARY, defined for
// every test program): started with arguments, waited for with a bound, and
// `qi serve` kept running for a test and stopped after it.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "http_client.h"

namespace qi::test {

// Starts `qi` with `args`, its output thrown away; the process id.
inline pid_t spawn_qi(const std::vector<std::string>& args) {
  pid_t pid = ::fork();
  if (pid == 0) {
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(QI_BINARY));
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    (void)::freopen("/dev/null", "w", stdout);
    (void)::freopen("/dev/null", "w", stderr);
    ::execv(QI_BINARY, argv.data());
    ::_exit(127);
  }
  return pid;
}

// The exit status of `qi` run with `args`, or -1 if it runs for 30 s (hung).
inline int exit_status_of(const std::vector<std::string>& args) {
  pid_t pid = spawn_qi(args);
  for (int i = 0; i < 600; ++i) {
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  return -1;
}

// Whether `qi serve` on `port` answers /api/info, asked every 50 ms up to
// `tries` times from `source` (by default an address no test counts for,
// so that the asking uses up no test's bounds; empty: the loopback's own).
inline bool serves_info(int port, const std::string& source = "127.0.9.9", int tries = 300) {
  server::HttpClient client("127.0.0.1", port);
  if (!source.empty()) client.set_source_address(source);
  for (int i = 0; i < tries; ++i) {
    if (auto r = client.get("/api/info"); r && r->status == 200) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

// `qi serve --port PORT --db DB` (no front end), up once it answers
// /api/info (waited for up to 30 s); stopped with SIGTERM when it goes,
// unless the test killed it first.
class ServedQi {
 public:
  ServedQi(const std::string& db, int port) : port_(port) {
    pid_ = spawn_qi({"serve", "--port", std::to_string(port), "--db", db, "--web-root", "/nonexistent"});
    up_ = serves_info(port_, "", 600);
  }
  ~ServedQi() {
    if (pid_ > 0) {
      ::kill(pid_, SIGTERM);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  ServedQi(const ServedQi&) = delete;
  ServedQi& operator=(const ServedQi&) = delete;

  bool up() const { return up_; }
  int port() const { return port_; }
  // SIGTERM, then up to `patience` for it to end by itself (SIGKILL after
  // that): whether it did.
  bool terminate_within(std::chrono::seconds patience) {
    ::kill(pid_, SIGTERM);
    const auto deadline = std::chrono::steady_clock::now() + patience;
    bool ended = false;
    while (!ended && std::chrono::steady_clock::now() < deadline) {
      ended = ::waitpid(pid_, nullptr, WNOHANG) == pid_;
      if (!ended) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (!ended) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    pid_ = -1;
    return ended;
  }
  // SIGKILL: no goodbye, nothing flushed.
  void kill_now() {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }

 private:
  int port_;
  pid_t pid_ = -1;
  bool up_ = false;
};

}  // namespace qi::test
