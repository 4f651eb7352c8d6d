// Who owns a profile: a profile may have a password, kept as an Argon2id hash
// (libsodium's crypto_pwhash_str, with its "interactive" cost: about 64 MiB
// and a tenth of a second per hash), and its owner's logins are random tokens
// of which the store keeps only a hash, so that a copy of the database logs
// nobody in.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <semaphore>
#include <string>
#include <string_view>

#include "app/storage/store.h"
#include "core/clock.h"
#include "core/expected.h"

namespace qi::app {

struct AccountOptions {
  // Hashes computed at once; more wait, up to hash_wait_ms, then are refused
  // with code "busy" (each hash holds 64 MiB).
  int concurrent_hashes = 2;
  std::int64_t hash_wait_ms = 3000;
  std::int64_t login_lifetime_ms = 30LL * 24 * 60 * 60 * 1000;
};

inline constexpr std::size_t kMinPasswordBytes = 8;
inline constexpr std::size_t kMaxPasswordBytes = 256;

class Accounts {
 public:
  Accounts(Store& store, Clock& time, AccountOptions options = {});

  // What is wrong with a password as a new password, or nothing.
  static std::optional<std::string> password_problem(std::string_view password);

  Expected<std::string> hash(std::string_view password);
  // Whether `password` is the one `stored_hash` was made from; a profile
  // without a password (an empty hash) matches none, after the same work, so
  // that the time taken does not tell which profiles have one.
  Expected<bool> verify(const std::string& stored_hash, std::string_view password);
  // Whether `password` is player's (false for an unknown player; an error
  // when the store could not be read).
  Expected<bool> check(std::int64_t player, std::string_view password);

  // A new login for `player`: the token for the cookie.
  Expected<std::string> log_in(std::int64_t player);
  // The player whose login `token` is, while it lasts (an error when the
  // store could not be read).
  Expected<std::optional<std::int64_t>> player_of(const std::string& token);
  Status log_out(const std::string& token);

  std::int64_t login_lifetime_ms() const { return options_.login_lifetime_ms; }

  // Claim codes: how a profile without a password is given one by its owner
  // once the server keeps accounts, when anyone could otherwise. A code is
  // 100 random bits, written as 20 of Crockford's base-32 digits in groups
  // of four ("7Q2M-9KXH-4D1B-ZZ0P-3RTA"), kept by the store as a hash, and
  // spent by its first use.
  // A new code for `player` from `origin` ("device": the page that made the
  // profile; "operator": qi players claim-code), replacing the one it had
  // from there; it lasts `lifetime_ms` (0: until it is used).
  Expected<std::string> new_claim_code(std::int64_t player, const std::string& origin,
                                       std::int64_t lifetime_ms);
  // Gives `player` the password `password` when `code` is one of its
  // unexpired claim codes (then spent, with its other codes and logins):
  // true. False, and nothing changed, when it is not.
  Expected<bool> claim(std::int64_t player, std::string_view code, std::string_view password);
  // A code as typed (any case, dashes and spaces anywhere, O for 0, I or L
  // for 1) in its 20 digits, or nothing when it cannot be one.
  static std::optional<std::string> read_claim_code(std::string_view typed);

 private:
  // Holds one of the hash slots while it lives (or fails to get one).
  class HashSlot;
  static std::string token_hash(const std::string& token);

  Store& store_;
  Clock& time_;
  AccountOptions options_;
  std::counting_semaphore<64> hash_slots_;
  std::mutex dummy_mutex_;
  std::string dummy_hash_;  // verified against when a profile has no password
};

}  // namespace qi::app
