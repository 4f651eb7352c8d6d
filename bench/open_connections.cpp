// Many idle connections on a running `qi serve`: opens N kept-alive
// connections (each sends one small request and reads its answer, then sits
// idle, as a browser's spare connection does), then times ordinary requests
// from another client while they are all open, and checks how many of them
// are still open at the end. The same requests are timed before the
// connections are opened, for comparison.
//
// The connections come from many loopback addresses (127.0.x.y, at most
// `per_address` each), as from many people: the server bounds one address's
// connections.
//
// Usage: qi_open_connections http://127.0.0.1:8080 [connections=10000] [requests=500] [per_address=50]
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/http_client.h"

namespace {

using Clock = std::chrono::steady_clock;
using qi::server::HttpClient;

constexpr int kBatch = 500;

std::string source_address(int index, int per_address) {
  const int address = index / per_address;
  return "127.1." + std::to_string(address / 250) + "." + std::to_string(1 + address % 250);
}

int open_connection(const std::string& source, int port) {
  auto fd = qi::server::open_tcp("127.0.0.1", port, source, 10'000);
  return fd ? *fd : -1;
}

// Reads one answer (headers and a Content-Length body); false when the
// connection ends or times out first.
bool read_answer(int fd) {
  std::string in;
  char chunk[4096];
  while (true) {
    std::size_t end = in.find("\r\n\r\n");
    if (end != std::string::npos) {
      std::size_t length = 0;
      std::size_t at = in.find("Content-Length: ");
      if (at == std::string::npos) at = in.find("content-length: ");
      if (at != std::string::npos && at < end) length = std::strtoull(in.c_str() + at + 16, nullptr, 10);
      if (in.size() >= end + 4 + length) return in.rfind("HTTP/1.1 ", 0) == 0;
    }
    ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
    if (n <= 0) return false;
    in.append(chunk, static_cast<std::size_t>(n));
  }
}

// Whether the server still holds the connection open (no EOF waiting).
bool still_open(int fd) {
  char c;
  ssize_t n = ::recv(fd, &c, 1, MSG_DONTWAIT);
  return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
}

struct Timing {
  std::vector<double> ms;
  int errors = 0;
};

Timing time_requests(const std::string& host, int port, int requests) {
  Timing t;
  HttpClient client(host, port);
  client.set_source_address("127.0.0.2");
  for (int i = 0; i < requests; ++i) {
    const auto start = Clock::now();
    auto r = (i % 2) ? client.get("/api/games?limit=5") : client.get("/api/info");
    t.ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    if (!r || r->status != 200) ++t.errors;
  }
  return t;
}

void print(const char* name, Timing t) {
  std::sort(t.ms.begin(), t.ms.end());
  auto at = [&](double p) {
    return t.ms.empty() ? 0.0 : t.ms[std::min(t.ms.size() - 1, static_cast<std::size_t>(p * t.ms.size()))];
  };
  std::printf("%s: %zu requests, %d errors, ms p50 %.2f p95 %.2f p99 %.2f max %.2f\n", name, t.ms.size(),
              t.errors, at(0.5), at(0.95), at(0.99), t.ms.empty() ? 0.0 : t.ms.back());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s http://HOST:PORT [connections=10000] [requests=500] [per_address=50]\n",
                 argv[0]);
    return 2;
  }
  std::string base = argv[1];
  if (base.rfind("http://", 0) == 0) base = base.substr(7);
  while (!base.empty() && base.back() == '/') base.pop_back();
  const std::size_t colon = base.rfind(':');
  const std::string host = base.substr(0, colon);
  const int port = colon == std::string::npos ? 80 : std::atoi(base.c_str() + colon + 1);
  const int wanted = argc > 2 ? std::atoi(argv[2]) : 10'000;
  const int requests = argc > 3 ? std::atoi(argv[3]) : 500;
  const int per_address = argc > 4 ? std::atoi(argv[4]) : 50;

  rlimit files{};
  ::getrlimit(RLIMIT_NOFILE, &files);
  files.rlim_cur = files.rlim_max;
  ::setrlimit(RLIMIT_NOFILE, &files);
  ::getrlimit(RLIMIT_NOFILE, &files);
  std::printf("descriptor limit of this client: %llu\n", static_cast<unsigned long long>(files.rlim_cur));

  print("before, no idle connections", time_requests(host, port, requests));

  const std::string request = "GET /api/games/0 HTTP/1.1\r\nHost: " + base + "\r\n\r\n";
  std::vector<int> open;
  int failed = 0;
  const auto start = Clock::now();
  for (int first = 0; first < wanted; first += kBatch) {
    std::vector<int> batch;
    for (int i = first; i < std::min(wanted, first + kBatch); ++i) {
      int fd = open_connection(source_address(i, per_address), port);
      if (fd < 0 ||
          ::send(fd, request.data(), request.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(request.size())) {
        if (fd >= 0) ::close(fd);
        ++failed;
        continue;
      }
      batch.push_back(fd);
    }
    for (int fd : batch)
      if (read_answer(fd))
        open.push_back(fd);
      else {
        ::close(fd);
        ++failed;
      }
  }
  const double opening = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("opened %zu idle kept-alive connections in %.1f s (%d failed)\n", open.size(), opening, failed);

  print("while they are open", time_requests(host, port, requests));
  HttpClient client(host, port);
  client.set_source_address("127.0.0.3");
  if (auto r = client.get("/api/stats")) {
    auto s = nlohmann::json::parse(r->body, nullptr, false);
    if (!s.is_discarded() && s.contains("server"))
      std::printf("the server's counters: %s\n", s["server"].dump().c_str());
  }
  const auto held = std::count_if(open.begin(), open.end(), still_open);
  std::printf("still open at the end: %ld of %zu\n", static_cast<long>(held), open.size());
  for (int fd : open) ::close(fd);
  return failed ? 1 : 0;
}
