// Every way a game can end has its code (core/termination.h), a stable name
// and its words in English and Chinese, made from the code alone with the
// game's side names.
#include "core/termination.h"

#include <gtest/gtest.h>

#include <set>

#include "core/outcome.h"

namespace qi {
namespace {

const std::array<std::string, 2> kNames = {"White", "Black"};
const std::array<Words, 2> kWords = {Words{"White", "白方"}, Words{"Black", "黑方"}};

TEST(Terminations, EveryCodeHasWordsInBothLanguages) {
  std::set<std::string_view> names;
  for (const TerminationInfo& t : kTerminations) {
    if (t.code == Termination::None) continue;
    const std::string name(t.name);
    EXPECT_FALSE(t.name.empty());
    EXPECT_TRUE(names.insert(t.name).second) << name;
    EXPECT_EQ(termination_named(t.name), t.code) << name;
    EXPECT_EQ(name_of(t.code), t.name);
    // Either result: every placeholder is filled, in both languages.
    Outcome win = Outcome::win(Side::Second, t.code, 3, "exited with status 1");
    Outcome draw = Outcome::draw(t.code, Side::First, 40, 4);
    draw.detail = "no engine";
    for (const Outcome& o : {win, draw}) {
      const Words w = words(o, kWords);
      EXPECT_FALSE(w.en.empty()) << name;
      EXPECT_FALSE(w.zh.empty()) << name;
      EXPECT_EQ(w.en.find('{'), std::string::npos) << name << ": " << w.en;
      EXPECT_EQ(w.zh.find('{'), std::string::npos) << name << ": " << w.zh;
      EXPECT_EQ(describe(o, kNames), w.en) << name;
    }
  }
  // The words name the sides and the numbers.
  EXPECT_EQ(describe(Outcome::win(Side::Second, Termination::Resignation), kNames),
            "White resigns; Black wins");
  EXPECT_EQ(words(Outcome::win(Side::Second, Termination::Resignation), kWords).zh, "黑方胜 · 白方认输");
  EXPECT_EQ(describe(Outcome::draw(Termination::TimeCannotWin, Side::First), kNames),
            "White ran out of time, but Black cannot possibly win: draw");
  EXPECT_EQ(describe(Outcome::draw(Termination::MoveLimit, Side::First, 60), kNames),
            "draw: no capture in 60 moves by each side (自然限着)");
  EXPECT_EQ(describe(Outcome::win(Side::First, Termination::Crash, 0, "exited with status 3"), kNames),
            "Black crashed: exited with status 3; White wins");
  // An ongoing game has no words.
  EXPECT_TRUE(describe(Outcome::ongoing(), kNames).empty());
}

TEST(Terminations, NamesOfEarlierVersionsAreStillRead) {
  EXPECT_EQ(termination_named("time_no_mating_material"), Termination::TimeCannotWin);
  EXPECT_EQ(termination_named("insufficient_material"), Termination::NoAttackingMaterial);
  EXPECT_EQ(termination_named("repetition"), Termination::RepetitionDraw);
  EXPECT_EQ(termination_named("time_forfeit"), Termination::Time);
  EXPECT_FALSE(termination_named("no_such_ending"));
}

TEST(Terminations, ScoresAreWrittenFirstMoverFirst) {
  EXPECT_EQ(score_text(Outcome::ongoing()), "*");
  EXPECT_EQ(score_text(Outcome::win(Side::First, Termination::Checkmate)), "1-0");
  EXPECT_EQ(score_text(Outcome::win(Side::Second, Termination::Checkmate)), "0-1");
  EXPECT_EQ(score_text(Outcome::draw(Termination::Stalemate)), "1/2-1/2");
}

}  // namespace
}  // namespace qi
