// Every code a refusal can carry has a Chinese sentence in the page's table
// (web/src/refusals.json): the game's own table or the common one.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "app/refusal_codes.h"
#include "core/refusal_code.h"
#include "games/checkers/refusal_codes.h"
#include "games/chess/refusal_codes.h"
#include "games/tictactoe/refusal_codes.h"
#include "games/xiangqi/refusal_codes.h"

namespace qi {
namespace {

nlohmann::json page_table() {
  std::ifstream in(std::string(QI_SOURCE_DIR) + "/web/src/refusals.json");
  EXPECT_TRUE(in.good());
  return nlohmann::json::parse(in, nullptr, false);
}

template <std::size_t N>
void expect_words(const nlohmann::json& table, const std::string& game,
                  const std::array<std::string_view, N>& codes) {
  ASSERT_TRUE(table.contains("common"));
  for (std::string_view code : codes) {
    const std::string c(code);
    bool found = (table.contains(game) && table[game].contains(c)) || table["common"].contains(c);
    EXPECT_TRUE(found) << game << ": no Chinese sentence for the refusal code " << c;
  }
}

TEST(RefusalWords, EveryChessCodeHasAChineseSentence) {
  expect_words(page_table(), "chess", chess::kRefusalCodes);
}
TEST(RefusalWords, EveryXiangqiCodeHasAChineseSentence) {
  expect_words(page_table(), "xiangqi", xiangqi::kRefusalCodes);
}
TEST(RefusalWords, EveryCheckersCodeHasAChineseSentence) {
  expect_words(page_table(), "checkers", checkers::kRefusalCodes);
}
TEST(RefusalWords, EveryTicTacToeCodeHasAChineseSentence) {
  expect_words(page_table(), "tictactoe", tictactoe::kRefusalCodes);
}
TEST(RefusalWords, EveryCommonAndAppCodeHasAChineseSentence) {
  expect_words(page_table(), "common", kCommonRefusalCodes);
  expect_words(page_table(), "common", app::kRefusalCodes);
}

TEST(RefusalWords, TheTableHasNoCodeTheServerCannotSend) {
  nlohmann::json table = page_table();
  auto known = [](const auto& codes, const std::string& c) {
    for (std::string_view k : codes)
      if (k == c) return true;
    return false;
  };
  for (auto& [game, words] : table.items()) {
    if (game == "_about") continue;
    for (auto& [code, sentence] : words.items()) {
      bool ok = known(kCommonRefusalCodes, code) || known(app::kRefusalCodes, code) ||
                (game == "chess" && known(chess::kRefusalCodes, code)) ||
                (game == "xiangqi" && known(xiangqi::kRefusalCodes, code)) ||
                (game == "checkers" && known(checkers::kRefusalCodes, code)) ||
                (game == "tictactoe" && known(tictactoe::kRefusalCodes, code));
      EXPECT_TRUE(ok) << game << "." << code << " is never sent";
      EXPECT_FALSE(sentence.get<std::string>().empty());
    }
  }
}

}  // namespace
}  // namespace qi
