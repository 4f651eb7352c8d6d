// Which variant a draughts record is of when its reader does not say
// (games/checkers/variant_of_record.h): the GameType tag, else the board its
// squares need and the rules its moves keep, with the assumption said where
// the record leaves a choice.
#include <gtest/gtest.h>

#include "core/record.h"
#include "engine/registry.h"
#include "games/checkers/checkers_game.h"
#include "games/checkers/variant_of_record.h"

namespace qi::checkers {
namespace {

// The record as the importer has it before it knows the variant: tags and
// movetext read, no move replayed.
GameRecord record_of_text(std::string_view text) {
  RecordReader reader(text);
  Expected<std::optional<GameRecord>> tags = reader.next_tags();
  EXPECT_TRUE(tags && *tags) << text;
  if (!tags || !*tags) return {};
  GameRecord record = std::move(**tags);
  Status s = reader.read_movetext(record, make_game("english")->record_dialect());
  EXPECT_TRUE(s) << (s ? "" : s.error().message);
  return record;
}

std::string variant_of(std::string_view text) {
  Expected<RecordVariant> v = variant_of_record(record_of_text(text));
  if (!v) return "error: " + v.error().message;
  return v->assumption.empty() ? v->variant : v->variant + " (assumed: " + v->assumption + ")";
}

std::string with_game_type(std::string_view type) {
  return variant_of("[GameType \"" + std::string(type) + "\"]\n*");
}

TEST(CheckersRecordVariant, GameTypeNamesTheVariant) {
  EXPECT_EQ(with_game_type("20"), "international");
  EXPECT_EQ(with_game_type("21"), "english");
  EXPECT_EQ(with_game_type("25"), "russian");
  EXPECT_EQ(with_game_type("26"), "brazilian");
  EXPECT_EQ(with_game_type(" 25 "), "russian");
  // PDN 3.0's full form; the type number decides, whatever corner the
  // notation names (playok writes N1 for the standard numbering).
  EXPECT_EQ(with_game_type("21,B,8,8,N1,0"), "english");
  EXPECT_EQ(with_game_type("20,W,10,10,N1,0"), "international");
  EXPECT_EQ(with_game_type("25,W,8,8,A0,0"), "russian");
  // The tag decides even where the moves would say otherwise.
  EXPECT_EQ(variant_of("[GameType \"25\"]\n1. 11-15 *"), "russian");
}

TEST(CheckersRecordVariant, GameTypeOfAnotherGameIsRefused) {
  const std::string plays = "; Qi plays 20 international, 21 English, 25 Russian and 26 Brazilian draughts";
  EXPECT_EQ(with_game_type("22"), "error: GameType 22 is Italian draughts" + plays);
  EXPECT_EQ(with_game_type("30,W,8,8,A0,0"), "error: GameType 30 is Turkish draughts" + plays);
  EXPECT_EQ(with_game_type("99"), "error: GameType 99 is no draughts game PDN names" + plays);
  EXPECT_EQ(with_game_type("0"), "error: GameType 0 is no draughts game PDN names" + plays);
  EXPECT_EQ(
      with_game_type("20,W,8,8,N2,0"),
      "error: GameType 20 (international draughts) is played on 10x10, but the tag gives a board of 8x8");
  EXPECT_EQ(with_game_type("International"),
            "error: GameType \"International\" does not start with a type number (20 international, 21 "
            "English, 25 Russian, 26 Brazilian draughts)");
}

// Italian archives tag the players Bianco and Nero and write no GameType;
// where none of Qi's variants keeps the moves, the record is refused as
// Italian draughts rather than blamed on a move. Where one keeps them, it
// is read as that.
TEST(CheckersRecordVariant, ItalianTagsWhereNoVariantFitsAreItalianDraughts) {
  const std::string refused = variant_of("[Bianco \"A\"]\n[Nero \"B\"]\n1. 21-17 12-15 *");
  EXPECT_EQ(refused.rfind("error: ", 0), 0u) << refused;
  EXPECT_NE(refused.find("Italian draughts (PDN GameType 22), which Qi does not play"), std::string::npos)
      << refused;
  EXPECT_EQ(variant_of("[Bianco \"A\"]\n1. 11-15 23-19 *").rfind("english", 0), 0u);
}

// A square above 32 is on the 10x10 board only.
TEST(CheckersRecordVariant, SquareAbove32IsInternational) {
  EXPECT_EQ(variant_of("1. 33-28 18-23 *"), "international");
  EXPECT_EQ(variant_of("[FEN \"W:W31,45:B3\"]\n*"), "international");
  EXPECT_EQ(variant_of("[FEN \"W:W31,45:B3:H0:F40\"]\n*"), "international");
}

// Numbers up to 32 fit every board: the rules the moves keep tell.
TEST(CheckersRecordVariant, MovesThatOnlyOneVariantPlaysTellIt) {
  EXPECT_EQ(variant_of("1. 11-15 23-19 2. 8-11 22-17 *"), "english");
  // International's first moves use squares up to 35 only.
  EXPECT_EQ(variant_of("1. 32-28 19-23 2. 28x19 14x23 *"), "international");
  // A move number glued to its move, as some files write the first one.
  EXPECT_EQ(variant_of("1.32-28 19-23 *"), "international");
}

// Squares named like c3 are Russian or Brazilian; a record whose moves
// break one's rules is the other's.
TEST(CheckersRecordVariant, AlgebraicSquaresAreRussianOrBrazilianByTheirRules) {
  // c3:a5 takes one piece where c3:g7 takes two: free in Russian, against
  // the majority rule in Brazilian.
  EXPECT_EQ(variant_of("[FEN \"W:W22:B11,17,18\"]\n1. c3:a5 d4-e3 *"), "russian");
  // b6xd8 crowns the man: a Brazilian move ends there, a Russian man
  // crowned mid-capture goes on as a king over f6.
  EXPECT_EQ(variant_of("[FEN \"W:W9:B6,11\"]\n1. b6xd8 f6-g5 *"), "brazilian");
}

TEST(CheckersRecordVariant, WhereSeveralFitTheAssumptionIsSaid) {
  EXPECT_EQ(variant_of("1. c3-d4 f6-g5 2. b2-c3 *"),
            "russian (assumed: no GameType tag names the variant, and the record fits russian and brazilian "
            "draughts alike; read as russian)");
  EXPECT_EQ(variant_of("1. c3xd4 *"), variant_of("1. c3-d4 *")) << "the capture sign decides nothing";
  // Russian numbers: 22-18 is c3-d4.
  EXPECT_EQ(variant_of("1. 22-18 11-15 *"),
            "russian (assumed: no GameType tag names the variant, and the record fits russian and brazilian "
            "draughts alike; read as russian)");
  EXPECT_EQ(variant_of("[Event \"nothing to tell\"]\n*"),
            "english (assumed: no GameType tag names the variant, and the record fits english, russian, "
            "brazilian, and international draughts alike; read as english)");
}

TEST(CheckersRecordVariant, WhereNoneFitsTheFurthestIsTaken) {
  // 11-15 is English; 15-10 is no move of its rules (men go forward), nor of
  // any other variant's from the start.
  EXPECT_EQ(variant_of("1. 11-15 15-10 *"),
            "english (assumed: no GameType tag names the variant, and no variant's rules keep every move; "
            "read as english, whose rules keep the first 1)");
  EXPECT_EQ(variant_of("[FEN \"W::\"]\n*"),
            "english (assumed: no GameType tag names the variant, and its FEN is a position of none; read "
            "as english)");
}

// Where a short capture fits several routes, the one after which the record
// goes on is taken.
TEST(CheckersRecordVariant, AnAmbiguousCaptureIsReadByTheMoveAfterIt) {
  // 10x26 by 14 and 22 (the route listed first) leaves White 15 and 23; by
  // 15 and 23 it leaves 14 and 22: only then is 22-18 a White move. (In the
  // variants whose men capture backwards the man goes round to 10.)
  EXPECT_EQ(variant_of("[FEN \"B:W14,15,22,23:B10\"]\n1. 10x26 22-18 *"), "english");
}

// The registry asks the game; a game without its own judgement goes by its
// identifying tags.
TEST(CheckersRecordVariant, TheRegistryAsksTheGame) {
  Expected<qi::RecordVariant> v =
      qi::variant_of_record(*engine::find_game("checkers"), record_of_text("1. 33-28 *"));
  ASSERT_TRUE(v) << v.error().message;
  EXPECT_EQ(v->variant, "international");
  EXPECT_TRUE(v->assumption.empty());
  Expected<qi::RecordVariant> chess =
      qi::variant_of_record(*engine::find_game("chess"), record_of_text("[Event \"x\"]\n*"));
  ASSERT_TRUE(chess) << chess.error().message;
  EXPECT_TRUE(chess->assumption.empty());
  EXPECT_EQ(chess->variant, engine::find_game("chess")->descriptor().variants.front().name);
}

}  // namespace
}  // namespace qi::checkers
