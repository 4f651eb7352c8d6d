// People's names as the app keeps them (app/player_name.h): NFKC, counted in
// characters, nothing hidden, no scripts mixed to look like another, and a
// key shared by names that can be taken for one another.
#include "app/player_name.h"

#include <gtest/gtest.h>

namespace qi::app {
namespace {

TEST(PlayerName, IsKeptInNfkcWithOneSpaceBetweenWords) {
  EXPECT_EQ(normalise_name("  \uff21\uff44\uff41\u3000\u00a0 Lovelace ").value(), "Ada Lovelace");
  EXPECT_EQ(normalise_name("Jose\u0301").value(), "Jos\u00e9");
  EXPECT_EQ(normalise_name("\u2160\u2161").value(), "III") << "Roman numerals are letters again";
}

TEST(PlayerName, IsCountedInCharacters) {
  std::string chinese;
  for (int i = 0; i < 32; ++i) chinese += "\u9f8d";
  EXPECT_TRUE(normalise_name(chinese));
  EXPECT_FALSE(normalise_name(chinese + "\u9f8d"));
  EXPECT_EQ(count_characters("\u9f8d\u9f8da"), 3u);
  auto empty = normalise_name("   ");
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().code, "name_rules");
}

TEST(PlayerName, HiddenAndDirectionChangingCharactersAreRefused) {
  for (const char* hidden : {"\u200b",
                             "a\u200cb",
                             "a\u200db",
                             "a\u2060b",
                             "a\ufeffb",
                             "a\u00adb",
                             "\u3164",
                             "a\u115fb",
                             "a\ufe0fb",
                             "a\u202ab",
                             "a\u202eb",
                             "a\u2066b",
                             "a\u2069b",
                             "a\u200fb",
                             "a\u061cb",
                             "a\u2028b",
                             "a\ue000b",
                             "a\u2800b",
                             "a\x01"
                             "b",
                             "a\u0085b"}) {
    auto name = normalise_name(hidden);
    EXPECT_FALSE(name) << hidden;
    if (!name) EXPECT_EQ(name.error().code, "name_rules");
  }
  EXPECT_FALSE(normalise_name("\xff")) << "not text";
}

TEST(PlayerName, ScriptsThatLookAlikeAreNotMixed) {
  EXPECT_FALSE(normalise_name("\u0410da"));       // Cyrillic А, Latin da
  EXPECT_FALSE(normalise_name("\u0394elta"));     // Greek Δ
  EXPECT_FALSE(normalise_name("1\u0661"));        // digits of two systems
  EXPECT_FALSE(normalise_name("x\u0301\u0301"));  // one mark twice on a letter
  for (const char* fine : {"\u0410\u043d\u043d\u0430", "\u674e Lee", "\u5c71\u7530 \u305f\u308d\u3046",
                           "\uae40\ucca0\uc218", "\U0001f409 Dragon", "O'Neil-2"})
    EXPECT_TRUE(normalise_name(fine)) << fine;
}

TEST(PlayerName, NamesThatCanBeTakenForOneAnotherShareAKey) {
  EXPECT_EQ(name_key("Ada"), name_key("ADA"));
  EXPECT_EQ(name_key("Ada"), name_key("\u0410\u0501\u0430"));  // all Cyrillic
  EXPECT_EQ(name_key("Ian"), name_key("lan"));
  EXPECT_EQ(name_key("Bob"), name_key("B0b"));
  EXPECT_NE(name_key("Ada"), name_key("Adam"));
  EXPECT_NE(name_key("\u5c0f\u660e"), name_key("\u5c0f\u670b"));
}

}  // namespace
}  // namespace qi::app
