// Which requests the server answers, from their headers alone.
#include "server/request_guard.h"

#include <gtest/gtest.h>

namespace qi::server {
namespace {

const std::vector<HostName>& local_hosts() {
  static const std::vector<HostName> hosts = *allowed_hosts("127.0.0.1", 8080, {"qi.example", "box:9000"});
  return hosts;
}

std::optional<Refusal> check(std::string_view method, std::string_view path,
                             std::optional<std::string_view> host,
                             std::optional<std::string_view> origin = std::nullopt,
                             std::optional<std::string_view> content_type = std::nullopt,
                             std::optional<std::string_view> fetch_site = std::nullopt) {
  return guard_request({method, path, host, origin, fetch_site, content_type}, local_hosts());
}

TEST(RequestGuard, ParsesHostsWithAndWithoutPorts) {
  EXPECT_EQ(parse_host("LocalHost:8080", 80), (HostName{"localhost", 8080}));
  EXPECT_EQ(parse_host("127.0.0.1", 80), (HostName{"127.0.0.1", 80}));
  EXPECT_EQ(parse_host("[::1]:8080", 80), (HostName{"[::1]", 8080}));
  EXPECT_EQ(parse_host("[::1]", 80), (HostName{"[::1]", 80}));
  for (const char* bad :
       {"", "host:", "host:0", "host:99999", "host:8o", "a b", "[::1", "[::1]x", "::1", "[zz]"})
    EXPECT_FALSE(parse_host(bad, 80)) << bad;
}

TEST(RequestGuard, TheServersOwnNamesAreAllowed) {
  for (const char* host : {"127.0.0.1:8080", "localhost:8080", "[::1]:8080", "LOCALHOST:8080", "qi.example",
                           "qi.example:443", "box:9000"})
    EXPECT_FALSE(check("GET", "/api/info", host)) << host;
}

TEST(RequestGuard, AnotherHostNameIsRefused) {
  // DNS rebinding: a page of attacker.example whose name now points here.
  for (const char* host : {"attacker.example", "attacker.example:8080", "127.0.0.1:8081", "localhost",
                           "box:9001", "127.0.0.1:8080@evil", ""}) {
    auto refusal = check("GET", "/", host);
    ASSERT_TRUE(refusal) << host;
    EXPECT_EQ(refusal->status, 421) << host;
    EXPECT_EQ(refusal->code, "unknown_host");
  }
  auto none = check("GET", "/", std::nullopt);
  ASSERT_TRUE(none);
  EXPECT_EQ(none->status, 400);
}

TEST(RequestGuard, ASpecificListeningAddressIsAllowedAndTheWildcardIsNot) {
  auto hosts = *allowed_hosts("192.168.1.5", 8080, {});
  EXPECT_FALSE(guard_request({"GET", "/", "192.168.1.5:8080"}, hosts));
  auto wildcard = *allowed_hosts("0.0.0.0", 8080, {});
  EXPECT_TRUE(guard_request({"GET", "/", "0.0.0.0:8080"}, wildcard));
  EXPECT_FALSE(allowed_hosts("127.0.0.1", 8080, {"not a host"}));
}

TEST(RequestGuard, ACrossOriginPostIsRefused) {
  auto refusal = check("POST", "/api/games", "127.0.0.1:8080", "http://attacker.example", "application/json");
  ASSERT_TRUE(refusal);
  EXPECT_EQ(refusal->status, 403);
  EXPECT_EQ(refusal->code, "cross_origin");
  EXPECT_TRUE(check("POST", "/api/games", "127.0.0.1:8080", "null", "application/json"));
  EXPECT_TRUE(check("POST", "/api/games", "127.0.0.1:8080", "http://127.0.0.1:9999", "application/json"));
  EXPECT_TRUE(check("POST", "/api/games", "127.0.0.1:8080", std::nullopt, "application/json", "cross-site"));
}

TEST(RequestGuard, TheServersOwnPageMayPost) {
  EXPECT_FALSE(check("POST", "/api/games", "127.0.0.1:8080", "http://127.0.0.1:8080", "application/json"));
  EXPECT_FALSE(check("POST", "/api/games", "localhost:8080", "http://localhost:8080",
                     "application/json; charset=utf-8", "same-origin"));
  EXPECT_FALSE(check("POST", "/api/games", "127.0.0.1:8080", std::nullopt, "Application/JSON"));
}

TEST(RequestGuard, AForeignPageMayLoadFilesButNotReadTheApi) {
  EXPECT_FALSE(check("GET", "/assets/app.js", "127.0.0.1:8080", "http://attacker.example"));
  EXPECT_FALSE(check("GET", "/", "127.0.0.1:8080", std::nullopt, std::nullopt, "cross-site"));
  auto api = check("GET", "/api/games", "127.0.0.1:8080", "http://attacker.example");
  ASSERT_TRUE(api);
  EXPECT_EQ(api->status, 403);
  EXPECT_TRUE(
      check("GET", "/api/games/abc/events", "127.0.0.1:8080", std::nullopt, std::nullopt, "cross-site"));
}

TEST(RequestGuard, AnApiPostMustBeJson) {
  // text/plain and forms need no CORS preflight: a page elsewhere can send them.
  for (std::optional<std::string_view> type :
       {std::optional<std::string_view>("text/plain"),
        std::optional<std::string_view>("application/x-www-form-urlencoded"),
        std::optional<std::string_view>("multipart/form-data; boundary=x"),
        std::optional<std::string_view>("application/jsonx"), std::optional<std::string_view>()}) {
    auto refusal = check("POST", "/api/games", "127.0.0.1:8080", std::nullopt, type);
    ASSERT_TRUE(refusal) << type.value_or("(none)");
    EXPECT_EQ(refusal->status, 415);
    EXPECT_EQ(refusal->code, "not_json");
  }
}

// HTTP/1.1 (RFC 9112, 3.2): one Host, and an absolute-form target's host is
// the Host; otherwise the guard would read one name and what is behind it
// another.
TEST(RequestGuard, TwoHostHeadersAreABadRequest) {
  GuardedRequest twice{"GET", "/api/info", "127.0.0.1:8080"};
  twice.host_headers = 2;
  auto refusal = guard_request(twice, local_hosts());
  ASSERT_TRUE(refusal);
  EXPECT_EQ(refusal->status, 400);
  EXPECT_EQ(refusal->code, "two_hosts");
}

TEST(RequestGuard, AnAbsoluteTargetMustNameTheHostOfItsHostHeader) {
  auto with_target = [](std::string_view target, std::string_view host) {
    GuardedRequest r{"GET", "/api/info", host};
    const std::optional<RequestTarget> split = split_target(target);
    r.target = split ? &*split : nullptr;
    return guard_request(r, local_hosts());
  };
  auto other = with_target("http://attacker.example/api/info", "127.0.0.1:8080");
  ASSERT_TRUE(other);
  EXPECT_EQ(other->status, 400);
  EXPECT_EQ(other->code, "host_mismatch");
  EXPECT_TRUE(with_target("http://127.0.0.1:8081/api/info", "127.0.0.1:8080"));
  EXPECT_FALSE(with_target("http://127.0.0.1:8080/api/info", "127.0.0.1:8080"));
  EXPECT_FALSE(with_target("HTTP://LocalHost:8080/api/info", "localhost:8080"));
  EXPECT_FALSE(with_target("https://qi.example/api/info", "qi.example"));
  EXPECT_FALSE(with_target("/api/info", "127.0.0.1:8080"));
}

TEST(RequestGuard, ATargetIsSplitIntoItsHostAndItsPath) {
  auto origin = split_target("/api/games?limit=5");
  ASSERT_TRUE(origin);
  EXPECT_EQ(origin->origin_form, "/api/games?limit=5");
  EXPECT_FALSE(origin->authority);
  auto absolute = split_target("http://qi.example:8080/api/games?limit=5");
  ASSERT_TRUE(absolute);
  EXPECT_EQ(absolute->origin_form, "/api/games?limit=5");
  EXPECT_EQ(absolute->authority, "qi.example:8080");
  EXPECT_EQ(split_target("http://qi.example")->origin_form, "/");
  EXPECT_EQ(split_target("http://qi.example?x=1")->origin_form, "/?x=1");
  EXPECT_EQ(split_target("https://qi.example/")->default_port, 443);
  EXPECT_FALSE(split_target("*"));
  EXPECT_FALSE(split_target("qi.example:80"));
}

}  // namespace
}  // namespace qi::server
