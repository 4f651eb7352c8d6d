// Who a request comes from behind a reverse proxy (server/client_address.h).
#include "server/client_address.h"

#include <gtest/gtest.h>

namespace {

using qi::server::canonical_address;
using qi::server::client_address;
using qi::server::client_key;
using qi::server::forwarded_chain;
using qi::server::forwarded_from_network;
using qi::server::forwarded_over_tls;

TEST(ClientAddress, AddressesAreWrittenOneWay) {
  EXPECT_EQ(canonical_address("10.0.0.1"), "10.0.0.1");
  EXPECT_EQ(canonical_address(" 10.0.0.1:5000 "), "10.0.0.1");
  EXPECT_EQ(canonical_address("[2001:DB8::1]:443"), "2001:db8::1");
  EXPECT_EQ(canonical_address("2001:db8:0:0::1"), "2001:db8::1");
  EXPECT_EQ(canonical_address("::ffff:192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(canonical_address("\"[::1]\""), "::1");
  EXPECT_FALSE(canonical_address("unknown"));
  EXPECT_FALSE(canonical_address("_hidden"));
  EXPECT_FALSE(canonical_address(""));
  EXPECT_FALSE(canonical_address("[::1"));
  EXPECT_FALSE(canonical_address("300.1.1.1"));
  EXPECT_FALSE(canonical_address(std::string(200, '1')));
}

TEST(ClientAddress, TheChainIsReadFromEitherHeader) {
  EXPECT_EQ(forwarded_chain("203.0.113.5, 10.0.0.2", std::nullopt),
            (std::vector<std::string>{"203.0.113.5", "10.0.0.2"}));
  EXPECT_EQ(forwarded_chain(std::nullopt,
                            R"(for=192.0.2.60;proto=http;by=203.0.113.43, For="[2001:db8:cafe::17]:4711")"),
            (std::vector<std::string>{"192.0.2.60", "2001:db8:cafe::17"}));
  // X-Forwarded-For wins when both are there.
  EXPECT_EQ(forwarded_chain("198.51.100.1", "for=192.0.2.60"), (std::vector<std::string>{"198.51.100.1"}));
  EXPECT_TRUE(forwarded_chain(std::nullopt, std::nullopt).empty());
  EXPECT_EQ(forwarded_chain(",, unknown ,", std::nullopt), (std::vector<std::string>{"unknown"}));
}

TEST(ClientAddress, AnUntrustedPeerIsTheClientWhateverItsHeadersSay) {
  const std::vector<std::string> trusted = {"10.0.0.2"};
  EXPECT_EQ(client_address("198.51.100.9", {"1.2.3.4"}, trusted), "198.51.100.9");
  EXPECT_EQ(client_address("198.51.100.9", {}, {}), "198.51.100.9");
}

TEST(ClientAddress, ATrustedProxyNamesTheClientAndASpoofedPrefixIsIgnored) {
  const std::vector<std::string> trusted = {"10.0.0.2", "10.0.0.3"};
  EXPECT_EQ(client_address("10.0.0.2", {"203.0.113.5"}, trusted), "203.0.113.5");
  // The client wrote "1.1.1.1" itself; the proxy appended what it saw.
  EXPECT_EQ(client_address("10.0.0.2", {"1.1.1.1", "203.0.113.5"}, trusted), "203.0.113.5");
  // Two trusted proxies in a row.
  EXPECT_EQ(client_address("10.0.0.2", {"1.1.1.1", "203.0.113.5", "10.0.0.3"}, trusted), "203.0.113.5");
  // Only trusted hops: the first of them.
  EXPECT_EQ(client_address("10.0.0.2", {"10.0.0.3"}, trusted), "10.0.0.3");
  // A proxy that sent no header: the proxy itself.
  EXPECT_EQ(client_address("10.0.0.2", {}, trusted), "10.0.0.2");
  // Something that is not an address stops the walk at the last trusted hop.
  EXPECT_EQ(client_address("10.0.0.2", {"203.0.113.5", "garbage", "10.0.0.3"}, trusted), "10.0.0.3");
}

TEST(ClientAddress, ForwardedFromTheNetworkIsAnyHopBeyondLoopback) {
  EXPECT_FALSE(forwarded_from_network({}));
  EXPECT_FALSE(forwarded_from_network({"127.0.0.1", "::1", "127.8.9.10"}));
  EXPECT_TRUE(forwarded_from_network({"127.0.0.1", "192.168.1.4"}));
  EXPECT_TRUE(forwarded_from_network({"unknown"}));
}

// One subscriber holds a whole IPv6 /64: its addresses are one client for
// every per-client bound.
TEST(ClientKey, AnIpv6ClientIsItsSlash64) {
  EXPECT_EQ(client_key("2001:db8:1:2::7"), "2001:db8:1:2::/64");
  EXPECT_EQ(client_key("2001:db8:1:2:ffff:1:2:3"), "2001:db8:1:2::/64");
  EXPECT_EQ(client_key("[2001:DB8:1:2::40]:443"), "2001:db8:1:2::/64");
  EXPECT_NE(client_key("2001:db8:1:3::7"), client_key("2001:db8:1:2::7"));
  EXPECT_EQ(client_key("::1"), "::/64");
  EXPECT_EQ(client_key(client_key("2001:db8:1:2::7")), "2001:db8:1:2::/64") << "a key is its own key";
}

TEST(ClientKey, AnIpv4ClientIsItsAddressAlsoWhenMapped) {
  EXPECT_EQ(client_key("192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(client_key("::ffff:192.0.2.7"), "192.0.2.7");
  EXPECT_NE(client_key("192.0.2.8"), client_key("192.0.2.7"));
  EXPECT_EQ(client_key("not an address"), "not an address");
}

TEST(ForwardedOverTls, OnlyATrustedProxysWordCounts) {
  const std::vector<std::string> trusted = {"10.0.0.2"};
  EXPECT_TRUE(forwarded_over_tls("10.0.0.2", trusted, "https", std::nullopt));
  EXPECT_TRUE(forwarded_over_tls("10.0.0.2", trusted, "http, HTTPS", std::nullopt)) << "the nearest proxy's";
  EXPECT_FALSE(forwarded_over_tls("10.0.0.2", trusted, "https, http", std::nullopt));
  EXPECT_TRUE(forwarded_over_tls("10.0.0.2", trusted, std::nullopt, "for=192.0.2.1;proto=https"));
  EXPECT_FALSE(forwarded_over_tls("10.0.0.2", trusted, std::nullopt, std::nullopt));
  EXPECT_FALSE(forwarded_over_tls("198.51.100.9", trusted, "https", std::nullopt)) << "not a proxy of ours";
}

}  // namespace
