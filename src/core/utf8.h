// UTF-8 as messages and names need it: every text a user or a client sends
// may end up in an error message, a JSON answer or a list, and JSON (and a
// terminal) must never receive a byte that is not valid UTF-8.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace qi {

// The length (1 to 4) of the well-formed UTF-8 character starting at `pos`,
// or 0 when the bytes there are not one (overlong forms, surrogates and
// code points past U+10FFFF are not).
std::size_t utf8_char_length(std::string_view text, std::size_t pos);

bool is_valid_utf8(std::string_view text);

// `text` fit to quote in a message: valid characters as they are, every
// other byte and every control character as \xNN.
std::string printable(std::string_view text);

// How much of a text a message quotes: enough to recognise it, never so much
// that a line of garbage makes a line of garbage.
inline constexpr std::size_t kQuotedBytes = 32;

// The longest start of `text` of at most `max_bytes` bytes that ends where a
// character ends (bytes that are no character count as one each).
std::string_view utf8_prefix(std::string_view text, std::size_t max_bytes);

// printable(text) when it is at most `max_bytes` long; otherwise its first
// characters (up to `max_bytes` bytes) and "... (N bytes)".
std::string printable_excerpt(std::string_view text, std::size_t max_bytes = kQuotedBytes);

// `text` with each byte that is not part of a valid character as \xNN, and
// everything else (control characters too) as it is: what JSON can carry.
std::string valid_utf8(std::string_view text);

// Whether `text` is valid UTF-8 without control characters (C0, DEL, C1):
// what a name may hold.
bool is_clean_text(std::string_view text);

}  // namespace qi
