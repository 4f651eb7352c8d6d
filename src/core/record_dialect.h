// What differs between the records of the games, which all follow PGN's
// grammar (PDN is PGN for draughts): the tags written first, the tags that
// name the players, the game's own fixed tags, and the result tokens. The
// record model (core/record.h) reads and writes every game with one
// tokenizer; a game's dialect and its move reader (Game::parse_move) are all
// it adds.
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

namespace qi {

using Tags = std::vector<std::pair<std::string, std::string>>;

struct RecordDialect {
  std::string format = "PGN";  // PGN, PDN
  // Written first, in this order, with the value for "unknown".
  Tags roster = {{"Event", "?"}, {"Site", "?"},  {"Date", "????.??.??"}, {"Round", "?"},
                 {"White", "?"}, {"Black", "?"}, {"Result", "*"}};
  std::array<std::string, 2> player_tags = {"White", "Black"};  // first mover first
  Tags fixed_tags;  // the game's own (Game "Chinese Chess", GameType "21")
  // The tokens for "the first mover won" and "the second won" (English
  // checkers: Black moves first, and "0-1" is a win for Black).
  std::array<std::string, 2> win_tokens = {"1-0", "0-1"};
  // Other spellings a reader accepts, with the token they stand for.
  Tags result_aliases = {{"1/2", "1/2-1/2"}, {"\xC2\xBD-\xC2\xBD", "1/2-1/2"}};
  // The values of a Variant tag that name this game (any case); a record
  // naming another variant is refused rather than misread. Empty: any.
  std::vector<std::string> variant_tags;
};

}  // namespace qi
