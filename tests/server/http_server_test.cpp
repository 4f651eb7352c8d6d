// The real `qi serve`, spoken to over raw sockets: its bounds (oversized
// headers and bodies, slow clients, too many connections from one address),
// its guard (Host, Origin, Content-Type), live updates and the refusal to
// listen beyond this machine without accounts.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <arpa/inet.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "../support/free_port.h"
#include "../support/http_client.h"
#include "../support/qi_process.h"

namespace {

using nlohmann::json;
using qi::Expected;
using qi::server::HttpClient;
namespace fs = std::filesystem;

using qi::test::free_loopback_port;

fs::path temp_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("qi-http-" + name + "-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

using qi::test::exit_status_of;
using qi::test::serves_info;
using qi::test::spawn_qi;

// A connection from `source` (another loopback address is another client)
// with a 30 s bound on every send and receive; -1 when it cannot connect.
int connect_from(const std::string& source, int port) {
  auto fd = qi::server::open_tcp("127.0.0.1", port, source);
  return fd ? *fd : -1;
}

bool send_all(int fd, const std::string& bytes) {
  for (std::size_t sent = 0; sent < bytes.size();) {
    ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

// Everything the server sends until it closes the connection (or 30 s pass).
std::string read_to_end(int fd) {
  std::string in;
  char chunk[4096];
  ssize_t n;
  while ((n = ::recv(fd, chunk, sizeof chunk, 0)) > 0) in.append(chunk, static_cast<std::size_t>(n));
  return in;
}

// Reads until `needle` has arrived; false when the connection ends first.
bool read_until(int fd, std::string& in, const std::string& needle, std::size_t from = 0) {
  char chunk[4096];
  while (in.find(needle, from) == std::string::npos) {
    ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
    if (n <= 0) return false;
    in.append(chunk, static_cast<std::size_t>(n));
  }
  return true;
}

// The next event's JSON ("data: {...}\n\n") after `at`, which moves past
// it; null when the stream ends first.
json next_event(int fd, std::string& in, std::size_t& at) {
  if (!read_until(fd, in, "data: ", at)) return json();
  const std::size_t start = in.find("data: ", at) + 6;
  if (!read_until(fd, in, "\n\n", start)) return json();
  const std::size_t end = in.find("\n\n", start);
  at = end + 2;
  return json::parse(in.substr(start, end - start), nullptr, false);
}

int status_of(const std::string& answer) {
  return answer.rfind("HTTP/1.1 ", 0) == 0 ? std::atoi(answer.c_str() + 9) : 0;
}

json body_of(const std::string& answer) {
  std::size_t start = answer.find("\r\n\r\n");
  return start == std::string::npos ? json() : json::parse(answer.substr(start + 4), nullptr, false);
}

long resident_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  return -1;
}

// One `qi serve` for the whole suite, with short timeouts and a small cap
// per client so that the bounds are reached quickly.
class HttpServer : public ::testing::Test {
 protected:
  static constexpr int kPerClient = 6;

  static void SetUpTestSuite() {
    dir_ = temp_dir("server");
    port_ = free_loopback_port();
    pid_ = spawn_qi({"serve", "--port", std::to_string(port_), "--db", (dir_ / "qi.db").string(),
                     "--web-root", "/nonexistent", "--request-timeout-ms", "1000",
                     "--max-connections-per-client", std::to_string(kPerClient)});
    // From an address no test uses, so that this connection counts for no one.
    up_ = serves_info(port_);
  }
  static void TearDownTestSuite() {
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
    fs::remove_all(dir_);
  }
  void SetUp() override { ASSERT_TRUE(up_) << "qi serve did not start"; }

  // A raw request from `source`; the whole answer (the server closes after
  // each refusal).
  static std::string exchange(const std::string& request, const std::string& source = "127.0.1.1") {
    int fd = connect_from(source, port_);
    if (fd < 0) return {};
    std::string answer = send_all(fd, request) ? read_to_end(fd) : std::string();
    ::close(fd);
    return answer;
  }
  static std::string host() { return "127.0.0.1:" + std::to_string(port_); }

  static json stats() {
    HttpClient c("127.0.0.1", port_);
    c.set_source_address("127.0.9.8");
    auto r = c.get("/api/stats");
    return r ? json::parse(r->body, nullptr, false) : json();
  }

  static inline fs::path dir_;
  static inline int port_ = 0;
  static inline pid_t pid_ = -1;
  static inline bool up_ = false;
};

TEST_F(HttpServer, OversizedHeadersAreRefusedWith431) {
  std::string answer = exchange("GET /api/info HTTP/1.1\r\nHost: " + host() +
                                "\r\nX-Big: " + std::string(64 * 1024, 'a') + "\r\n\r\n");
  EXPECT_EQ(status_of(answer), 431) << answer.substr(0, 200);
  EXPECT_EQ(body_of(answer)["code"], "header_too_large");
}

TEST_F(HttpServer, AHeaderOf200MegabytesDoesNotGrowTheServer) {
  const long before = resident_kib(pid_);
  ASSERT_GT(before, 0);
  int fd = connect_from("127.0.1.2", port_);
  ASSERT_GE(fd, 0);
  std::string request = "GET / HTTP/1.1\r\nHost: " + host() + "\r\nX-Big: ";
  const std::string chunk(64 * 1024, 'a');
  std::size_t sent = 0;
  bool refused = !send_all(fd, request);
  while (!refused && sent < 200u * 1024 * 1024) {
    if (!send_all(fd, chunk))
      refused = true;
    else
      sent += chunk.size();
  }
  ::close(fd);
  EXPECT_TRUE(refused) << "the server read 200 MB of headers";
  const long after = resident_kib(pid_);
  EXPECT_LT(after - before, 50 * 1024)
      << "resident memory grew from " << before << " KiB to " << after << " KiB";
  HttpClient c("127.0.0.1", port_);
  c.set_source_address("127.0.1.2");
  auto r = c.get("/api/info");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->status, 200);
}

TEST_F(HttpServer, AnOversizedBodyIsRefusedWith413BeforeItIsSent) {
  // Only the headers: the answer must come without the body.
  std::string answer = exchange("POST /api/games HTTP/1.1\r\nHost: " + host() +
                                "\r\nContent-Type: application/json\r\nContent-Length: 209715200\r\n\r\n");
  EXPECT_EQ(status_of(answer), 413) << answer.substr(0, 200);
  EXPECT_EQ(body_of(answer)["code"], "body_too_large");
}

TEST_F(HttpServer, ASlowClientIsDisconnected) {
  // Slowloris: a header a byte at a time, never finished. The server's
  // request timeout is 1 s here; the test gives up after 30 s.
  int fd = connect_from("127.0.1.3", port_);
  ASSERT_GE(fd, 0);
  ASSERT_TRUE(send_all(fd, "GET / HTTP/1.1\r\nHost: " + host() + "\r\nX-Slow: "));
  bool closed = false;
  for (int i = 0; i < 300 && !closed; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (!send_all(fd, "a")) closed = true;
    char c;
    if (::recv(fd, &c, 1, MSG_DONTWAIT) == 0) closed = true;
  }
  ::close(fd);
  EXPECT_TRUE(closed) << "a request that never ends kept its connection for 30 s";
  EXPECT_GE(stats()["server"]["refused"]["slow_request"].get<int>(), 1);
}

TEST_F(HttpServer, AnotherHostNameIsRefused) {
  std::string answer = exchange("GET /api/info HTTP/1.1\r\nHost: attacker.example\r\n\r\n");
  EXPECT_EQ(status_of(answer), 421) << answer.substr(0, 200);
  EXPECT_EQ(body_of(answer)["code"], "unknown_host");
  EXPECT_EQ(
      status_of(exchange("GET / HTTP/1.1\r\nHost: attacker.example:" + std::to_string(port_) + "\r\n\r\n")),
      421);
}

TEST_F(HttpServer, ACrossOriginPostIsRefused) {
  const std::string body = R"({"game":"tictactoe","seats":[{"kind":"human"},{"kind":"human"}]})";
  std::string answer = exchange("POST /api/games HTTP/1.1\r\nHost: " + host() +
                                "\r\nOrigin: http://attacker.example\r\nContent-Type: application/json\r\n"
                                "Content-Length: " +
                                std::to_string(body.size()) + "\r\n\r\n" + body);
  EXPECT_EQ(status_of(answer), 403) << answer.substr(0, 200);
  EXPECT_EQ(body_of(answer)["code"], "cross_origin");
  // The server's own page may.
  HttpClient c("127.0.0.1", port_);
  c.set_source_address("127.0.1.4");
  auto own = c.send("POST", "/api/games", body, "application/json", {{"Origin", "http://" + host()}});
  ASSERT_TRUE(own) << own.error().message;
  EXPECT_EQ(own->status, 201) << own->body;
}

TEST_F(HttpServer, ATextPlainPostIsRefusedWith415) {
  const std::string body = R"({"name":"Mallory"})";
  std::string answer = exchange(
      "POST /api/players HTTP/1.1\r\nHost: " + host() +
      "\r\nContent-Type: text/plain\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  EXPECT_EQ(status_of(answer), 415) << answer.substr(0, 200);
  EXPECT_EQ(body_of(answer)["code"], "not_json");
}

TEST_F(HttpServer, OneAddressBeyondItsCapIsRefusedWhileAnotherIsServed) {
  std::vector<std::unique_ptr<HttpClient>> held;
  for (int i = 0; i < kPerClient; ++i) {
    held.push_back(std::make_unique<HttpClient>("127.0.0.1", port_));
    held.back()->set_source_address("127.0.2.1");
    auto r = held.back()->get("/api/info");
    ASSERT_TRUE(r) << r.error().message;
    ASSERT_EQ(r->status, 200) << "connection " << i + 1 << " of " << kPerClient;
  }
  std::string refused = exchange("GET /api/info HTTP/1.1\r\nHost: " + host() + "\r\n\r\n", "127.0.2.1");
  EXPECT_EQ(status_of(refused), 429) << refused.substr(0, 200);
  EXPECT_EQ(body_of(refused)["code"], "too_many_from_client");
  HttpClient other("127.0.0.1", port_);
  other.set_source_address("127.0.2.2");
  auto served = other.get("/api/info");
  ASSERT_TRUE(served) << served.error().message;
  EXPECT_EQ(served->status, 200);
}

TEST_F(HttpServer, AnEventStreamDeliversAMove) {
  HttpClient c("127.0.0.1", port_);
  c.set_source_address("127.0.1.5");
  auto created = c.post("/api/games", R"({"game":"tictactoe","seats":[{"kind":"human"},{"kind":"human"}]})");
  ASSERT_TRUE(created && created->status == 201);
  const json game = json::parse(created->body);
  const std::string id = game["id"];
  int fd = connect_from("127.0.1.5", port_);
  ASSERT_GE(fd, 0);
  ASSERT_TRUE(send_all(fd, "GET /api/games/" + id + "/events HTTP/1.1\r\nHost: " + host() + "\r\n\r\n"));
  std::string in;
  std::size_t at = 0;
  const json first = next_event(fd, in, at);
  EXPECT_EQ(status_of(in), 200);
  EXPECT_NE(in.find("text/event-stream"), std::string::npos);
  ASSERT_TRUE(first.is_object()) << in;
  EXPECT_EQ(first["moves"].size(), 0u);

  const std::string move = game["legal_moves"][0]["id"];
  auto moved =
      c.post("/api/games/" + id + "/move", json{{"token", game["tokens"]["first"]}, {"move", move}}.dump());
  ASSERT_TRUE(moved && moved->status == 200);
  const json next = next_event(fd, in, at);
  ASSERT_TRUE(next.is_object()) << in;
  ASSERT_EQ(next["moves"].size(), 1u);
  EXPECT_EQ(next["moves"][0]["id"], move);
  ::close(fd);
}

TEST_F(HttpServer, AnEventStreamOfNoGameIsAJson404) {
  std::string answer = exchange("GET /api/games/abc123/events HTTP/1.1\r\nHost: " + host() + "\r\n\r\n");
  EXPECT_EQ(status_of(answer), 404) << answer.substr(0, 200);
  EXPECT_TRUE(body_of(answer).contains("error"));
}

TEST_F(HttpServer, ABytesThatIsNotUtf8InThePathIsAnsweredInJson) {
  HttpClient c("127.0.0.1", port_);
  c.set_source_address("127.0.1.6");
  for (const char* path : {"/api/games/%FF", "/api/games/%FF/move", "/api/%C3%28", "/api/players/%FF%FE"}) {
    auto r = c.get(path);
    ASSERT_TRUE(r) << path << ": " << r.error().message;
    EXPECT_GE(r->status, 400) << path;
    EXPECT_LT(r->status, 500) << path << ": " << r->body;
    EXPECT_NE(r->headers["content-type"].find("application/json"), std::string::npos) << path;
    EXPECT_FALSE(json::parse(r->body, nullptr, false).is_discarded()) << path << ": " << r->body;
  }
}

TEST_F(HttpServer, StatsCountTheServersConnectionsAndRefusals) {
  (void)exchange("GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n");
  const json s = stats();
  ASSERT_TRUE(s.contains("server")) << s.dump();
  EXPECT_GE(s["server"]["connections"].get<int>(), 1);
  EXPECT_GE(s["server"]["refused"]["unknown_host"].get<int>(), 1);
  EXPECT_TRUE(s.contains("us"));
}

// HTTP/1.1 (RFC 9112, 3.2): a request with two Host headers, or whose
// absolute-form target names another host than its Host, is a 400.
TEST_F(HttpServer, TwoHostHeadersAreABadRequest) {
  std::string twice =
      exchange("GET /api/info HTTP/1.1\r\nHost: " + host() + "\r\nHost: attacker.example\r\n\r\n");
  EXPECT_EQ(status_of(twice), 400) << twice.substr(0, 200);
  EXPECT_EQ(body_of(twice)["code"], "two_hosts");
  std::string other =
      exchange("GET http://attacker.example/api/info HTTP/1.1\r\nHost: " + host() + "\r\n\r\n");
  EXPECT_EQ(status_of(other), 400) << other.substr(0, 200);
  EXPECT_EQ(body_of(other)["code"], "host_mismatch");
  // The same host in both is the API as usual.
  std::string same = exchange("GET http://" + host() + "/api/info HTTP/1.1\r\nHost: " + host() +
                              "\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_of(same), 200) << same.substr(0, 200);
  EXPECT_TRUE(body_of(same).contains("games"));
}

// Behind a reverse proxy (docs/deploy.md): the client is the address the
// proxy names, an IPv6 client its /64, and the proxy's word on TLS makes the
// login cookie Secure.
class HttpBehindProxy : public ::testing::Test {
 protected:
  static constexpr const char* kProxy = "127.0.3.1";

  static void SetUpTestSuite() {
    dir_ = temp_dir("proxy");
    port_ = free_loopback_port();
    pid_ = spawn_qi({"serve", "--port", std::to_string(port_), "--db", (dir_ / "qi.db").string(),
                     "--web-root", "/nonexistent", "--accounts", "--trusted-proxy", kProxy});
    up_ = serves_info(port_);
  }
  static void TearDownTestSuite() {
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
    fs::remove_all(dir_);
  }
  void SetUp() override { ASSERT_TRUE(up_) << "qi serve did not start"; }

  // A POST through the proxy for `client`, with the proxy's headers.
  static Expected<qi::server::HttpReply> post_for(
      const std::string& client, const std::string& path, const json& body,
      std::vector<std::pair<std::string, std::string>> headers = {}) {
    HttpClient proxy("127.0.0.1", port_);
    proxy.set_source_address(kProxy);
    headers.emplace_back("X-Forwarded-For", client);
    return proxy.send("POST", path, body.dump(), "application/json", headers);
  }

  static inline fs::path dir_;
  static inline int port_ = 0;
  static inline pid_t pid_ = -1;
  static inline bool up_ = false;
};

TEST_F(HttpBehindProxy, LoginsFromOneIpv6NetworkAreLimitedTogether) {
  ASSERT_EQ(
      post_for("198.51.100.20", "/api/players", {{"name", "Ada"}, {"password", "correct horse"}})->status,
      201);
  int limited = 0;
  for (int i = 1; i <= 40; ++i) {
    auto r = post_for("2001:db8:1:2::" + std::to_string(i), "/api/login",
                      {{"name", "Ada"}, {"password", "guess " + std::to_string(i)}});
    ASSERT_TRUE(r) << r.error().message;
    limited += r->status == 429;
  }
  EXPECT_GT(limited, 0) << "40 guesses from one /64 were all answered";
  auto other = post_for("2001:db8:9:9::1", "/api/login", {{"name", "Ada"}, {"password", "correct horse"}});
  ASSERT_TRUE(other);
  EXPECT_EQ(other->status, 200) << "another network is another client";
}

TEST_F(HttpBehindProxy, TheLoginCookieIsSecureWhenTheProxySaysHttps) {
  auto made = post_for("198.51.100.21", "/api/players", {{"name", "Bo"}, {"password", "correct horse"}},
                       {{"X-Forwarded-Proto", "https"}});
  ASSERT_TRUE(made && made->status == 201) << (made ? made->body : made.error().message);
  EXPECT_NE(made->headers["set-cookie"].find("; Secure"), std::string::npos) << made->headers["set-cookie"];
  EXPECT_NE(made->headers["set-cookie"].find("HttpOnly"), std::string::npos);
  auto plain = post_for("198.51.100.21", "/api/login", {{"name", "Bo"}, {"password", "correct horse"}});
  ASSERT_TRUE(plain && plain->status == 200);
  EXPECT_EQ(plain->headers["set-cookie"].find("Secure"), std::string::npos) << plain->headers["set-cookie"];
  // Not from the proxy: the header is anyone's words.
  HttpClient direct("127.0.0.1", port_);
  direct.set_source_address("127.0.3.2");
  auto spoofed = direct.send("POST", "/api/login", json{{"name", "Bo"}, {"password", "correct horse"}}.dump(),
                             "application/json", {{"X-Forwarded-Proto", "https"}});
  ASSERT_TRUE(spoofed && spoofed->status == 200);
  EXPECT_EQ(spoofed->headers["set-cookie"].find("Secure"), std::string::npos);
}

// A reader that stops taking its answer is reset once it has taken nothing
// for the write timeout (1 s here): at once, its unsent bytes dropped, so
// that it sees its connection end and the system holds nothing for it. A
// plain close would leave the system sending megabytes to a client that
// takes none, for minutes, the client's connection looking open.
TEST(SlowReader, AClientThatStopsReadingIsClosed) {
  const fs::path dir = temp_dir("slow-reader");
  fs::create_directories(dir / "web");
  {
    std::ofstream big(dir / "web" / "big.txt");
    const std::string line(1023, 'q');
    for (int i = 0; i < 16 * 1024; ++i) big << line << '\n';  // 16 MiB
  }
  std::ofstream(dir / "web" / "index.html") << "<html></html>";
  const int port = free_loopback_port();
  const pid_t pid = spawn_qi({"serve", "--port", std::to_string(port), "--db", (dir / "qi.db").string(),
                              "--web-root", (dir / "web").string(), "--write-timeout-ms", "1000"});
  bool up = false;
  for (int i = 0; i < 300 && !up; ++i) {
    HttpClient ready("127.0.0.1", port);
    if (auto r = ready.get("/api/info"); r && r->status == 200)
      up = true;
    else
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_TRUE(up);
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  const int small = 4096;
  ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(static_cast<std::uint16_t>(port));
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to), 0);
  ASSERT_TRUE(send_all(fd, "GET /big.txt HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\n\r\n"));
  // Nothing is read; the connection's state is watched (a watchdog of 30 s).
  bool ended = false;
  for (int i = 0; i < 300 && !ended; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    tcp_info info{};
    socklen_t size = sizeof info;
    ::getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &size);
    ended = info.tcpi_state == TCP_CLOSE || info.tcpi_state == TCP_CLOSE_WAIT;
  }
  ::close(fd);
  EXPECT_TRUE(ended) << "a client that took nothing for 30 s still had its connection";
  // The server goes on for everyone else.
  HttpClient other("127.0.0.1", port);
  other.set_source_address("127.0.4.2");
  auto r = other.get("/api/info");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->status, 200);
  ::kill(pid, SIGTERM);
  ::waitpid(pid, nullptr, 0);
  fs::remove_all(dir);
}

TEST(HttpServeCommand, ListeningBeyondThisMachineNeedsAccounts) {
  const fs::path dir = temp_dir("wildcard");
  EXPECT_EQ(exit_status_of({"serve", "--host", "0.0.0.0", "--port", std::to_string(free_loopback_port()),
                            "--db", (dir / "qi.db").string()}),
            2);
  fs::remove_all(dir);
}

TEST(HttpServeCommand, ADatabaseThatCannotBeOpenedEndsWithStatus2) {
  // Its folder would be inside a file.
  const fs::path dir = temp_dir("no-database");
  std::ofstream(dir / "file") << "x";
  EXPECT_EQ(exit_status_of({"serve", "--port", std::to_string(free_loopback_port()), "--db",
                            (dir / "file" / "qi.db").string()}),
            2);
  fs::remove_all(dir);
}

}  // namespace
