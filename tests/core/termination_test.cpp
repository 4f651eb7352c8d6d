// Every way a game can end has a stable name and its words in English and
// Chinese, made from the ending alone with the game's side names: the
// referee's endings here in core, each game's in its folder, listed in its
// descriptor.
#include "core/termination.h"

#include <gtest/gtest.h>

#include <set>

#include "core/outcome.h"
#include "engine/registry.h"
#include "games/chess/endings.h"
#include "games/xiangqi/endings.h"

namespace qi {
namespace {

const std::array<std::string, 2> kNames = {"White", "Black"};
const std::array<Words, 2> kWords = {Words{"White", "白方"}, Words{"Black", "黑方"}};

// Either result: every placeholder is filled, in both languages.
void expect_worded(const Termination& t, const std::string& where) {
  EXPECT_FALSE(t.name.empty()) << where;
  Outcome win = Outcome::win(Side::Second, t, 3, "exited with status 1");
  Outcome draw = Outcome::draw(t, Side::First, 40, 4);
  draw.detail = "no engine";
  for (const Outcome& o : {win, draw}) {
    const Words w = words(o, kWords);
    EXPECT_FALSE(w.en.empty()) << where;
    EXPECT_FALSE(w.zh.empty()) << where;
    EXPECT_EQ(w.en.find('{'), std::string::npos) << where << ": " << w.en;
    EXPECT_EQ(w.zh.find('{'), std::string::npos) << where << ": " << w.zh;
    EXPECT_EQ(describe(o, kNames), w.en) << where;
  }
}

TEST(Terminations, EveryEndingOfTheRefereeAndOfEveryGameHasWordsInBothLanguages) {
  for (const Termination& t : kRefereeEndings) {
    expect_worded(t, std::string(t.name));
    EXPECT_EQ(termination_named(t.name, {}), t);
  }
  for (const GameRegistration* game : registered_games()) {
    const GameDescriptor& d = game->descriptor();
    EXPECT_FALSE(d.endings.empty()) << d.name << " registers no ending of its rules";
    std::set<std::string_view> names;
    for (const Termination& t : kRefereeEndings) names.insert(t.name);
    for (const Termination& t : d.endings) {
      const std::string where = d.name + " " + std::string(t.name);
      expect_worded(t, where);
      EXPECT_TRUE(names.insert(t.name).second) << where << ": a name the referee or the game already has";
      const std::optional<Termination> read = termination_named(t.name, d.endings);
      ASSERT_TRUE(read) << where;
      EXPECT_EQ(read->en, t.en) << where << ": read back as another ending";
    }
  }
  // The words name the sides and the numbers.
  EXPECT_EQ(describe(Outcome::win(Side::Second, Termination::Resignation), kNames),
            "White resigns; Black wins");
  EXPECT_EQ(words(Outcome::win(Side::Second, Termination::Resignation), kWords).zh, "黑方胜 · 白方认输");
  EXPECT_EQ(describe(Outcome::draw(Termination::TimeCannotWin, Side::First), kNames),
            "White ran out of time, but Black cannot possibly win: draw");
  EXPECT_EQ(describe(Outcome::draw(xiangqi::endings::MoveLimit, Side::First, 60), kNames),
            "draw: no capture in 60 moves by each side (自然限着)");
  EXPECT_EQ(describe(Outcome::win(Side::First, Termination::Crash, 0, "exited with status 3"), kNames),
            "Black crashed: exited with status 3; White wins");
  // An ongoing game has no words.
  EXPECT_TRUE(describe(Outcome::ongoing(), kNames).empty());
}

TEST(Terminations, AGamesEndingIsReadOnlyWithThatGamesEndings) {
  const std::vector<Termination>& chess = find_game("chess")->descriptor().endings;
  const std::vector<Termination>& xiangqi = find_game("xiangqi")->descriptor().endings;
  EXPECT_EQ(termination_named("perpetual_check", xiangqi), xiangqi::endings::PerpetualCheck);
  EXPECT_FALSE(termination_named("perpetual_check", chess));
  EXPECT_FALSE(termination_named("perpetual_check", {}));
  // The referee's endings are every game's.
  EXPECT_EQ(termination_named("resignation", chess), Termination::Resignation);
  EXPECT_EQ(termination_named("resignation", {}), Termination::Resignation);
  EXPECT_FALSE(termination_named("", chess));
}

TEST(Terminations, NamesOfEarlierVersionsAreStillRead) {
  const std::vector<Termination>& xiangqi = find_game("xiangqi")->descriptor().endings;
  EXPECT_EQ(termination_named("time_no_mating_material", {}), Termination::TimeCannotWin);
  EXPECT_EQ(termination_named("time_forfeit", {}), Termination::Time);
  EXPECT_EQ(termination_named("insufficient_material", xiangqi), xiangqi::endings::NoAttackingMaterial);
  EXPECT_EQ(termination_named("repetition", xiangqi), xiangqi::endings::RepetitionDraw);
  EXPECT_FALSE(termination_named("no_such_ending", xiangqi));
}

TEST(Terminations, ScoresAreWrittenFirstMoverFirst) {
  EXPECT_EQ(score_text(Outcome::ongoing()), "*");
  EXPECT_EQ(score_text(Outcome::win(Side::First, chess::endings::Checkmate)), "1-0");
  EXPECT_EQ(score_text(Outcome::win(Side::Second, chess::endings::Checkmate)), "0-1");
  EXPECT_EQ(score_text(Outcome::draw(chess::endings::Stalemate)), "1/2-1/2");
}

}  // namespace
}  // namespace qi
