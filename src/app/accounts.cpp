#include "app/accounts.h"

#include <sodium.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <mutex>

#include "core/utf8.h"

namespace qi::app {
namespace {

std::string to_hex(const unsigned char* bytes, std::size_t size) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  out.reserve(size * 2);
  for (std::size_t i = 0; i < size; ++i) {
    out += digits[bytes[i] >> 4];
    out += digits[bytes[i] & 15];
  }
  return out;
}

void initialise_sodium() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (sodium_init() < 0) std::abort();  // no safe random numbers: nothing may go on
  });
}

}  // namespace

class Accounts::HashSlot {
 public:
  HashSlot(std::counting_semaphore<64>& slots, std::int64_t wait_ms)
      : slots_(slots), held_(slots.try_acquire_for(std::chrono::milliseconds(wait_ms))) {}
  ~HashSlot() {
    if (held_) slots_.release();
  }
  HashSlot(const HashSlot&) = delete;
  HashSlot& operator=(const HashSlot&) = delete;
  bool held() const { return held_; }

 private:
  std::counting_semaphore<64>& slots_;
  bool held_;
};

Accounts::Accounts(Store& store, Clock& time, AccountOptions options)
    : store_(store),
      time_(time),
      options_(options),
      hash_slots_(std::clamp(options.concurrent_hashes, 1, 64)) {
  initialise_sodium();
}

std::optional<std::string> Accounts::password_problem(std::string_view password) {
  if (password.size() < kMinPasswordBytes)
    return "a password has at least " + std::to_string(kMinPasswordBytes) + " characters";
  if (password.size() > kMaxPasswordBytes)
    return "a password has at most " + std::to_string(kMaxPasswordBytes) + " bytes";
  if (!is_valid_utf8(password)) return "a password must be text (valid UTF-8)";
  return std::nullopt;
}

Expected<std::string> Accounts::hash(std::string_view password) {
  HashSlot slot(hash_slots_, options_.hash_wait_ms);
  if (!slot.held()) return make_error("busy", "the server is busy checking passwords; try again in a moment");
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    return make_error("busy", "the server has no memory to spare for hashing a password");
  return std::string(out);
}

Expected<bool> Accounts::verify(const std::string& stored_hash, std::string_view password) {
  if (stored_hash.empty()) {
    std::string dummy;
    {
      std::lock_guard lock(dummy_mutex_);
      if (dummy_hash_.empty()) {
        auto made = hash("a password nobody has");
        if (!made) return made.error();
        dummy_hash_ = *made;
      }
      dummy = dummy_hash_;
    }
    auto ignored = verify(dummy, password);
    if (!ignored) return ignored.error();
    return false;
  }
  HashSlot slot(hash_slots_, options_.hash_wait_ms);
  if (!slot.held()) return make_error("busy", "the server is busy checking passwords; try again in a moment");
  return crypto_pwhash_str_verify(stored_hash.c_str(), password.data(), password.size()) == 0;
}

Expected<bool> Accounts::check(std::int64_t player, std::string_view password) {
  auto stored = store_.password_hash(player);
  if (!stored) return stored.error();  // unknown, not "wrong": the store could not say
  return verify(stored->value_or(std::string()), password);
}

std::string Accounts::token_hash(const std::string& token) {
  unsigned char digest[32];
  crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(token.data()),
                     token.size(), nullptr, 0);
  return to_hex(digest, sizeof digest);
}

Expected<std::string> Accounts::log_in(std::int64_t player) {
  unsigned char bytes[32];
  randombytes_buf(bytes, sizeof bytes);
  std::string token = to_hex(bytes, sizeof bytes);
  std::int64_t now = time_.now_ms();
  if (Status st = store_.add_login(token_hash(token), player, now, now + options_.login_lifetime_ms); !st)
    return st.error();
  return token;
}

Expected<std::optional<std::int64_t>> Accounts::player_of(const std::string& token) {
  if (token.size() != 64) return std::optional<std::int64_t>();
  return store_.login_player(token_hash(token), time_.now_ms());
}

Status Accounts::log_out(const std::string& token) { return store_.remove_login(token_hash(token)); }

namespace {

constexpr std::string_view kCrockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
constexpr std::size_t kClaimCodeDigits = 20;

}  // namespace

std::optional<std::string> Accounts::read_claim_code(std::string_view typed) {
  if (typed.size() > 64) return std::nullopt;
  std::string digits;
  for (char c : typed) {
    if (c == '-' || c == ' ') continue;
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (c == 'O') c = '0';
    if (c == 'I' || c == 'L') c = '1';
    if (kCrockford.find(c) == std::string_view::npos) return std::nullopt;
    digits += c;
  }
  if (digits.size() != kClaimCodeDigits) return std::nullopt;
  return digits;
}

Expected<std::string> Accounts::new_claim_code(std::int64_t player, const std::string& origin,
                                               std::int64_t lifetime_ms) {
  unsigned char bytes[kClaimCodeDigits];
  randombytes_buf(bytes, sizeof bytes);
  std::string digits, shown;
  for (unsigned char b : bytes) digits += kCrockford[b & 31];  // 5 random bits each
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && i % 4 == 0) shown += '-';
    shown += digits[i];
  }
  const std::int64_t now = time_.now_ms();
  ClaimCode code{player, origin, token_hash(digits), now, lifetime_ms > 0 ? now + lifetime_ms : 0};
  if (Status st = store_.set_claim_code(code); !st) return st.error();
  return shown;
}

Expected<bool> Accounts::claim(std::int64_t player, std::string_view code, std::string_view password) {
  std::optional<std::string> digits = read_claim_code(code);
  // A code that cannot be one costs the same work as a wrong one.
  auto made = hash(password);
  if (!made) return made.error();
  if (!digits) return false;
  return store_.claim_with_code(player, token_hash(*digits), *made, time_.now_ms());
}

}  // namespace qi::app
