// Parsers and rule checks return a value or an Error; the core never throws
// for bad input. A tiny stand-in for std::expected, which GCC 12 offers only
// in C++23 mode.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace qi {

// What went wrong, in one line a person can act on ("FEN: rank 3 has 9 squares").
// A refused move also carries a stable code naming the rule it breaks
// ("horse_leg_blocked"), so that a page can explain it in another language;
// empty when there is none.
struct Error {
  std::string message;
  std::string code;
};

template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  Expected(Error error) : v_(std::in_place_index<1>, std::move(error)) {}

  bool has_value() const { return v_.index() == 0; }
  explicit operator bool() const { return has_value(); }

  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

// Success without a value.
struct Ok {};

using Status = Expected<Ok>;

inline Error make_error(std::string message) { return Error{std::move(message), {}}; }
inline Error make_error(std::string code, std::string message) {
  return Error{std::move(message), std::move(code)};
}

}  // namespace qi
