// Who a request comes from when a reverse proxy stands between the client
// and the server (pure functions, tested without sockets).
//
// A proxy reports the addresses a request passed through in
// X-Forwarded-For ("client, proxy1, proxy2") or Forwarded ("for=client,
// for=proxy1"); a client can write anything there itself, so only what a
// trusted proxy appended is believed: read from the right, the first address
// that is not a trusted proxy is the client.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::server {

// An IP address in its canonical text ("::ffff:10.0.0.1" -> "10.0.0.1",
// brackets and a port removed), or nothing when `text` is not one.
std::optional<std::string> canonical_address(std::string_view text);

// The addresses a request passed through, oldest first: X-Forwarded-For
// when there is one, else the for= of each Forwarded element. An entry that
// is not an address ("unknown", an obfuscated name) is kept as written.
std::vector<std::string> forwarded_chain(std::optional<std::string_view> x_forwarded_for,
                                         std::optional<std::string_view> forwarded);

// The client's address: `peer` when it is not a trusted proxy; else the
// last address of `chain` that is not a trusted proxy (or the chain's first
// when every one is). An entry that is not an address ends the walk: the
// trusted address to its right is the client.
std::string client_address(const std::string& peer, const std::vector<std::string>& chain,
                           const std::vector<std::string>& trusted_proxies);

// What a client's per-client bounds (rate limits, connections, streams,
// queued analysis) are kept under: its address, or for IPv6 the /64 network
// it is in ("2001:db8:1:2::/64"), since one subscriber, one machine even,
// holds a whole /64 and could take a fresh address for every request. IPv4
// (and an IPv4-mapped IPv6 address) is its own address; text that is not an
// address (a test's client name, a key already) is kept as it is.
std::string client_key(std::string_view address);

// Whether a request came to a trusted proxy over TLS: from such a proxy
// (`peer` among `trusted_proxies`), the protocol it set last in
// X-Forwarded-Proto (else the last proto= of Forwarded) is "https". Nobody
// else's word counts.
bool forwarded_over_tls(const std::string& peer, const std::vector<std::string>& trusted_proxies,
                        std::optional<std::string_view> x_forwarded_proto,
                        std::optional<std::string_view> forwarded);

// 127.0.0.0/8 or ::1.
bool is_loopback_address(std::string_view address);

// Whether a request through a proxy came from beyond this machine: any
// entry of `chain` that is not a loopback address (one that is not an
// address at all counts as beyond).
bool forwarded_from_network(const std::vector<std::string>& chain);

}  // namespace qi::server
