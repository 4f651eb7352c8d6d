// Probes for error messages that quote what they were given: every parser
// (FEN, moves, records) must answer bad bytes with a message that is valid
// UTF-8, quoting a character whole or a byte that is none as \xNN.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/record.h"
#include "core/utf8.h"

namespace qi::test {

// `good` spoiled by `bad` at every byte: put before it, and put in its place.
inline std::vector<std::string> spoiled(std::string_view good, std::string_view bad) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i <= good.size(); ++i) {
    const std::string before(good.substr(0, i));
    out.push_back(before + std::string(bad) + std::string(good.substr(i)));
    if (i < good.size()) out.push_back(before + std::string(bad) + std::string(good.substr(i + 1)));
  }
  return out;
}

// A character of three bytes, a byte that is never UTF-8, the first two
// bytes of that character alone, and a control character.
inline const std::vector<std::string> kBadText = {"中", "\xFF", "\xE4\xB8", "\x01"};

// The messages of every refusal of the spoiled texts: each must be valid
// UTF-8 (a JSON answer or a terminal takes it as it is).
template <class Refusal>
void expect_utf8_messages(std::initializer_list<std::string_view> goods, Refusal refusal) {
  int refused = 0;
  for (std::string_view good : goods)
    for (const std::string& bad : kBadText)
      for (const std::string& text : spoiled(good, bad))
        if (std::optional<std::string> message = refusal(text)) {
          ++refused;
          EXPECT_TRUE(is_valid_utf8(*message)) << printable(text) << " -> " << printable(*message);
        }
  EXPECT_GT(refused, 0);
}

// The errors a record text meets on its way in: its syntax, its moves.
inline std::optional<std::string> record_refusal(std::string_view text, const Game& game) {
  RecordReader reader(text);
  while (true) {
    Expected<std::optional<GameRecord>> tags = reader.next_tags();
    if (!tags) return tags.error().message;
    if (!*tags) return std::nullopt;
    GameRecord record = std::move(**tags);
    if (Status s = reader.read_movetext(record, game.record_dialect()); !s) return s.error().message;
    std::unique_ptr<Game> fresh = game.clone();
    fresh->reset();
    Expected<ReadGame> read = read_game(std::move(record), std::move(fresh));
    if (!read) return read.error().message;
  }
}

}  // namespace qi::test
