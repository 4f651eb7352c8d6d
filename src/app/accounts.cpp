#include "app/accounts.h"

#include <sodium.h>

#include <algorithm>
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

}  // namespace qi::app
