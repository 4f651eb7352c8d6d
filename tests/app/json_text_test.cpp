#include "app/json_text.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <random>

namespace qi::app {
namespace {

using nlohmann::json;

std::string written(std::string_view text) {
  std::string out;
  append_json_string(out, text);
  return out;
}

TEST(JsonText, AStringReadsBackAsItWasWritten) {
  for (const std::string& text : std::vector<std::string>{
           "", "e2e4", "Nf3+", "炮二平五", "a \"quoted\" word", "back\\slash", "line\nbreak\ttab\r\b\f",
           std::string("\x00\x01\x1f\x7f", 4), "\xF0\x9F\x98\x80 U+1F600", "\xEF\xBF\xBF"})
    EXPECT_EQ(json::parse(written(text)).get<std::string>(), text) << written(text);
}

TEST(JsonText, ControlCharactersAreEscapedAsTheJsonLibraryEscapesThem) {
  for (int c = 0; c < 0x80; ++c) {
    const std::string text(1, static_cast<char>(c));
    EXPECT_EQ(written(text), json(text).dump()) << "character " << c;
  }
}

// Random bytes, most of them not UTF-8: the text is always JSON, and the
// same text as the JSON library's dump with error_handler_t::replace.
TEST(JsonText, BytesThatAreNotUtf8BecomeTheReplacementCharacterAsTheJsonLibraryWritesThem) {
  std::mt19937 random(26);
  const std::vector<std::string> pieces = {"a",        "\xC3\xA9",     "\xE7\x82\xAE",     "\xF0\x9F\x98\x80",
                                           "\x80",     "\xC3",         "\xE7\x82",         "\xF0\x9F\x98",
                                           "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xFF",
                                           "\""};
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    const int n = std::uniform_int_distribution<int>(0, 8)(random);
    for (int i = 0; i < n; ++i)
      text += pieces[std::uniform_int_distribution<std::size_t>(0, pieces.size() - 1)(random)];
    const std::string ours = written(text);
    EXPECT_NO_THROW((void)json::parse(ours)) << ours;
    EXPECT_EQ(ours, json(text).dump(-1, ' ', false, json::error_handler_t::replace)) << "round " << round;
  }
}

}  // namespace
}  // namespace qi::app
