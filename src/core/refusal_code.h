// Refusal codes: each game lists the codes its refused moves can carry (see
// Error::code), each with its sentence in Chinese, and names one with
// checked_code(list, "horse_leg_blocked"), which fails to compile when the
// code is not in the list. The list is then the whole truth: the server
// sends a refusal's words in both languages from it, and a test checks that
// each has them.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace qi {

// Whether a move made on the board can break the rule (a click: the
// horse's leg, castling through check), or only a move written in a
// notation can (a misspelt or ambiguous move). Lessons teach every board
// rule (learn/lesson_check.h, which also checks that no click brings a code
// filed as a notation's).
enum class RefusalKind : bool { Board, Notation };
inline constexpr RefusalKind kNotation = RefusalKind::Notation;

// A refusal's code and its sentence in Chinese; the English sentence is the
// error's own message, which names the squares and pieces.
struct RefusalWords {
  std::string_view code;
  std::string_view zh;
  RefusalKind kind = RefusalKind::Board;
};

template <std::size_t N>
consteval const char* checked_code(const std::array<RefusalWords, N>& codes, const char* code) {
  for (const RefusalWords& c : codes)
    if (c.code == code) return code;
  throw "refusal code missing from the list";  // not a constant expression: a compile error
}

// The Chinese sentence of `code` in a list; empty when it is not there.
template <std::size_t N>
constexpr std::string_view chinese_of(const std::array<RefusalWords, N>& codes, std::string_view code) {
  for (const RefusalWords& c : codes)
    if (c.code == code) return c.zh;
  return {};
}

}  // namespace qi
