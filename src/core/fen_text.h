// Pieces of FEN text that chess and xiangqi share: splitting into fields,
// the move counters, and the board field (ranks from the top down joined by
// '/', runs of empty squares as digits, at most 9 in a row), with pieces
// taken off it for handicaps.
#pragma once

#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/text.h"

namespace qi {

// The fields of a FEN, separated by any run of white space (a FEN pasted
// or sent with its line's end is still one FEN).
inline std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !is_space(text[i])) ++i;
    if (i > start) fields.push_back(text.substr(start, i - start));
  }
  return fields;
}

// A move counter: decimal digits only (no sign), at most `max`.
inline std::optional<int> parse_counter(std::string_view text, int max = 1'000'000) {
  if (text.empty() || text.size() > 9 || text[0] == '-' || text[0] == '+') return std::nullopt;
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value > max) return std::nullopt;
  return value;
}

// letter_at(file, rank) gives the piece letter, or '\0' for an empty square;
// rank 0 is the bottom rank.
template <class LetterAt>
std::string fen_board(int files, int ranks, LetterAt letter_at) {
  std::string out;
  for (int rank = ranks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < files; ++file) {
      const char letter = letter_at(file, rank);
      if (letter == '\0') {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += letter;
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (rank) out += '/';
  }
  return out;
}

// The board field of `fen` (ranks top down) as rows of characters, '.' for
// an empty square, the top row first.
inline std::vector<std::string> fen_rows(std::string_view fen) {
  const std::string_view field = fen.substr(0, fen.find(' '));
  std::vector<std::string> rows(1);
  for (char c : field) {
    if (c == '/')
      rows.emplace_back();
    else if (c >= '1' && c <= '9')
      rows.back().append(static_cast<std::size_t>(c - '0'), '.');
    else
      rows.back() += c;
  }
  return rows;
}

// `fen` with the pieces on these squares ({file, rank}, rank 0 at the
// bottom) taken off; each must hold the letter given. The other fields are
// kept.
struct Removal {
  int file, rank;
  char piece;
};
inline std::optional<std::string> fen_without(std::string_view fen, const std::vector<Removal>& removals) {
  std::vector<std::string> rows = fen_rows(fen);
  const int ranks = static_cast<int>(rows.size());
  for (const Removal& r : removals) {
    if (r.rank < 0 || r.rank >= ranks) return std::nullopt;
    std::string& row = rows[static_cast<std::size_t>(ranks - 1 - r.rank)];
    if (r.file < 0 || r.file >= static_cast<int>(row.size()) ||
        row[static_cast<std::size_t>(r.file)] != r.piece)
      return std::nullopt;
    row[static_cast<std::size_t>(r.file)] = '.';
  }
  std::string out = fen_board(static_cast<int>(rows[0].size()), ranks, [&](int file, int rank) {
    const char c = rows[static_cast<std::size_t>(ranks - 1 - rank)][static_cast<std::size_t>(file)];
    return c == '.' ? '\0' : c;
  });
  if (std::size_t space = fen.find(' '); space != std::string_view::npos) out += fen.substr(space);
  return out;
}

}  // namespace qi
