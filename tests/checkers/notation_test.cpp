// FEN, move text and PDN: parsing, printing, and the errors they report.
#include <gtest/gtest.h>

#include "core/record.h"
#include "engine/registry.h"
#include "games/checkers/notation.h"
#include "test_helpers.h"

namespace qi::checkers {
namespace {

using testing::error_of;
using testing::game_at;

// PDN is read by the one record model (core/record.h) in the checkers
// dialect, each record's variant named by its GameType tag.
std::unique_ptr<Game> game_for(const GameRecord& record) {
  return make_game(variant_of_tags(descriptor(), record.tags).value_or("english"));
}

Expected<std::vector<GameRecord>> parse_pdn(std::string_view text) {
  RecordReader reader(text);
  std::vector<GameRecord> out;
  while (true) {
    Expected<std::optional<GameRecord>> tags = reader.next_tags();
    if (!tags) return tags.error();
    if (!*tags) return out;
    GameRecord record = std::move(**tags);
    if (Status s = reader.read_movetext(record, game_for(record)->record_dialect()); !s) return s.error();
    out.push_back(std::move(record));
  }
}

// The records replayed: each a referee in record mode with its game.
Expected<std::vector<ReadGame>> load_pdn(std::string_view text) {
  Expected<std::vector<GameRecord>> records = parse_pdn(text);
  if (!records) return records.error();
  std::vector<ReadGame> out;
  for (GameRecord& record : *records) {
    std::unique_ptr<Game> game = game_for(record);
    Expected<ReadGame> read = read_game(std::move(record), std::move(game));
    if (!read) return read.error();
    out.push_back(std::move(*read));
  }
  return out;
}

// The game's PDN as the app and the arena write it.
std::string record_text(const Game& g) {
  Referee referee(g.clone());
  return write_record(record_of(referee), g);
}

std::vector<std::string> texts(const std::vector<RecordMove>& line) {
  std::vector<std::string> out;
  for (const RecordMove& m : line) out.push_back(m.text);
  return out;
}

std::string fen_error(std::string_view variant, std::string_view fen) {
  auto g = make_game(variant);
  std::string before = g->fen();
  Status s = g->set_fen(fen);
  EXPECT_EQ(g->fen(), before) << "a rejected FEN must leave the game unchanged";
  return s ? "(accepted)" : s.error().message;
}

TEST(CheckersNotation, StartFenRoundTripsAndRangesAreAccepted) {
  auto g = make_game("english");
  EXPECT_EQ(g->fen(), "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
  auto r = make_game("english");
  ASSERT_TRUE(r->set_fen("B:W21-32:B1-12"));
  EXPECT_EQ(r->fen(), g->fen());
  EXPECT_EQ(make_game("international")->start_fen().substr(0, 8), "W:W31,32");
}

TEST(CheckersNotation, FenWithKingsRoundTrips) {
  auto g = game_at("english", "W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29");
  EXPECT_EQ(g->fen(), "W:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29");
}

TEST(CheckersNotation, FenErrorsNameTheProblem) {
  EXPECT_EQ(fen_error("english", "B:W33:B1"), "FEN: square 33 is off the board (1-32)");
  EXPECT_EQ(fen_error("english", "B:W21,21:B1"), "FEN: square 21 is listed twice");
  EXPECT_EQ(fen_error("english", "B:W21:B21"), "FEN: square 21 is listed twice");
  EXPECT_EQ(fen_error("english", "B:W20-32:B1"), "FEN: White has more than 12 pieces");
  EXPECT_EQ(fen_error("international", "W:W51:B1"), "FEN: square 51 is off the board (1-50)");
  EXPECT_EQ(fen_error("english", "X:W21:B1"),
            "FEN: expected the side to move (W or B) before the first ':', found 'X'");
  EXPECT_EQ(fen_error("english", "B:Q21:B1"), "FEN: field 'Q21' should start with W or B");
  EXPECT_EQ(fen_error("english", "B:W21:W22"), "FEN: the W pieces are listed twice");
  EXPECT_EQ(fen_error("english", ""), "FEN: empty; expected something like B:W21-32:B1-12");
}

// A problem's FEN may put a man on its own crowning row: it stays a man, as
// CheckerBoard and the draughts libraries read it (docs/rules.md). In English
// it cannot move (men go forward only); a flying-king variant's man there
// still captures backwards.
TEST(CheckersNotation, ManOnItsCrowningRowStaysAMan) {
  auto english = game_at("english", "W:W1,22:B20");
  EXPECT_EQ(english->fen(), "W:W1,22:B20");
  EXPECT_EQ(testing::move_ids(*english), (std::vector<std::string>{"22-17", "22-18"}));
  EXPECT_EQ(english->board_cells()[0], 'w');
  auto black = game_at("english", "B:W5:B30");
  EXPECT_TRUE(testing::move_ids(*black).empty()) << "Black's man on 30 is on Black's crowning row";
  auto international = game_at("international", "W:W3:B9");
  EXPECT_EQ(testing::move_ids(*international), std::vector<std::string>{"3x14"});
  ASSERT_TRUE(international->play("3x14"));
  EXPECT_EQ(international->fen(), "B:W14:B") << "not crowned: it left the row";
}

// FENs as draughts programs write them (PDN 3.0's FEN section, CheckerBoard,
// the draughts libraries): ranges, kings in either case, an open side to
// move, a colour's list run on without its ':', a final '.' or ':', move
// counters.
TEST(CheckersNotation, FenReadsAsDraughtsProgramsWriteIt) {
  EXPECT_EQ(game_at("international", "W:W31-50:B1-20")->fen(), make_game("international")->start_fen());
  EXPECT_EQ(game_at("english", "B:W18,k22:B1.")->fen(), "B:W18,K22:B1");
  EXPECT_EQ(game_at("english", "?:W18:B1")->fen(), "B:W18:B1") << "open: the variant's first mover";
  EXPECT_EQ(game_at("russian", "?:W18:B1")->fen(), "W:W18:B1");
  EXPECT_EQ(game_at("english", "W:W18,19B1,K2")->fen(), "W:W18,19:B1,K2");
  EXPECT_EQ(game_at("english", "WW18:B1")->fen(), "W:W18:B1");
  EXPECT_EQ(game_at("english", "W:W18:B1:")->fen(), "W:W18:B1");
  EXPECT_EQ(game_at("english", "W:W18:B1:H0:F12")->fen(), "W:W18:B1");
  EXPECT_EQ(game_at("russian", "W:Wc3,e3:Bb8")->fen(), "W:W22,23:B1");
  EXPECT_EQ(fen_error("english", "W::."),
            "FEN: White has no pieces; a side without pieces has lost, so a "
            "position to play from gives each side at least one");
}

// A side without pieces has lost: a position to play from gives each side at
// least one (docs/rules.md).
TEST(CheckersNotation, FenWithASideWithoutPiecesIsRefused) {
  const std::string tail =
      " has no pieces; a side without pieces has lost, so a position to play from gives each side at least "
      "one";
  EXPECT_EQ(fen_error("english", "W:W:B"), "FEN: White" + tail);
  EXPECT_EQ(fen_error("english", "W:W:B12"), "FEN: White" + tail);
  EXPECT_EQ(fen_error("russian", "W:WK29:B"), "FEN: Black" + tail);
  EXPECT_EQ(fen_error("international", "W:W31"), "FEN: Black" + tail);
  EXPECT_EQ(fen_error("english", "B"), "FEN: White" + tail);
}

TEST(CheckersNotation, MoveTextErrors) {
  auto g = make_game("english");
  EXPECT_EQ(error_of(*g, "hello"), "hello: 'hello' is not a square: expected a number 1-32");
  EXPECT_EQ(error_of(*g, "11-40"), "11-40: square 40 is off the board (1-32)");
  EXPECT_EQ(error_of(*g, "11"),
            "'11' is not a move: expected squares joined by '-' or 'x', like 11-15 or 22x15");
  EXPECT_EQ(error_of(*g, "11-15x19"), "11-15x19: mixes '-' and 'x'");
  EXPECT_EQ(error_of(*g, "14-18"), "14-18: there is no piece on 14");
  EXPECT_EQ(error_of(*g, "22-18"), "22-18: the piece on 22 is White's; Black is to move");
  EXPECT_EQ(error_of(*g, "11x18"), "11x18: there is no capture to make here");
  EXPECT_EQ(error_of(*g, "1-5"), "1-5: square 5 is occupied");
}

TEST(CheckersNotation, PlainMoveAsFourDigitsIsAccepted) {
  auto g = make_game("english");
  Expected<MoveText> m = g->parse_move("1115");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->id, "11-15");
  EXPECT_EQ(error_of(*make_game("international"), "3228"), "(accepted as 32-28)");
  EXPECT_EQ(error_of(*make_game("russian"), "c3d4"), "(accepted as 22-18)");
}

// PDN 3.0's move strength after a move: "!", "?" and their pairs, the same
// in parentheses, and "*" for a forced move; and the dots some records glue
// before a second player's move.
TEST(CheckersNotation, MoveStrengthMarksAreRead) {
  auto g = make_game("english");
  for (const char* text : {"11-15!", "11-15?!", "11-15!!", "11-15*", "11-15(!?)", "11-15 (?)", "...11-15",
                           "\xE2\x80\xA6"
                           "11-15"})
    EXPECT_EQ(error_of(*g, text), "(accepted as 11-15)") << text;
  EXPECT_EQ(error_of(*g, "*"),
            "'*' is not a move: expected squares joined by '-' or 'x', like 11-15 or 22x15");
}

// A short capture written by its ends may fit several routes: parse_move
// refuses it naming the routes, moves_matching gives them all (a record
// reader chooses by the next move); a full path names one.
TEST(CheckersNotation, AmbiguousShortCaptureListsItsRoutes) {
  struct Case {
    const char *variant, *fen, *written;
    std::vector<std::string> routes;
  };
  const Case cases[] = {
      {"english", "B:W14,15,22,23:B10", "10x26", {"10x17x26", "10x19x26"}},
      {"russian", "W:WK32:B7,8,9,26,27,28,29", "32x30", {"32x14x3x12x30", "32x23x30"}},
      {"brazilian", "W:WK2,K29:B1,11,14,19,24,28", "2x5", {"2x16x23x5", "2x20x27x5"}},
      {"international", "W:WK30:B11,12,23,24,35", "30x6", {"30x8x17x6", "30x19x28x6"}},
  };
  for (const Case& c : cases) {
    auto g = game_at(c.variant, c.fen);
    std::vector<std::string> routes;
    for (const MoveText& m : g->moves_matching(c.written)) routes.push_back(m.id);
    EXPECT_EQ(testing::sorted(routes), testing::sorted(c.routes)) << c.variant;
    EXPECT_EQ(error_of(*g, c.written), std::string(c.written) + " is ambiguous: it could be " + c.routes[0] +
                                           ", " + c.routes[1] + "; give the full path")
        << c.variant;
    ASSERT_EQ(g->moves_matching(c.routes[1]).size(), 1u) << c.variant;
    EXPECT_EQ(g->moves_matching(c.routes[1])[0].id, c.routes[1]);
    EXPECT_TRUE(g->moves_matching("1-2").empty());
    EXPECT_TRUE(g->moves_matching("hello").empty());
  }
  // Routes are named as the move was written.
  EXPECT_EQ(error_of(*game_at("russian", "W:WK32:B7,8,9,26,27,28,29"), "g1:c1"),
            "g1:c1 is ambiguous: it could be g1:c5:f8:h6:c1, g1:e3:c1; give the full path");
}

TEST(CheckersNotation, RussianAcceptsAlgebraicSquares) {
  auto g = make_game("russian");
  Expected<MoveText> m = g->parse_move("c3-d4");
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_EQ(m->id, "22-18");
  EXPECT_EQ(error_of(*g, "c4-d5"), "c4-d5: c4 is a light square; play is on the dark squares");
  EXPECT_EQ(error_of(*g, "C3-D4"), "(accepted as 22-18)");
  EXPECT_EQ(error_of(*g, "d6-c5"), "d6-c5: the piece on d6 is Black's; White is to move")
      << "squares named as written";
  auto cap = game_at("russian", "W:W22:B18");
  Expected<MoveText> c = cap->parse_move("c3:e5");
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->id, "22x15");
}

TEST(CheckersNotation, ShortCaptureFormUnlessAmbiguous) {
  auto g = game_at("english", "W:W22,30:B18,11,25");
  Expected<MoveText> m = g->parse_move("22x8");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->id, "22x8");
  Expected<MoveText> full = g->parse_move("22x15x8");
  ASSERT_TRUE(full);
  EXPECT_EQ(full->id, "22x8");
}

TEST(CheckersPdn, ParsesSeveralGamesWithCommentsAndVariations) {
  const char* text = R"([Event "one"]
[GameType "21"]
1. 11-15 {a comment} 23-19 (22-18 15x22) 2. 8-11 $1 22-17! 1-0

[Event "two"]
[GameType "20"]
[FEN "W:W31-50:B1-20"]
1. 32-28 19-23 ; to the end of the line
2. 28x19 14x23 *
)";
  Expected<std::vector<GameRecord>> games = parse_pdn(text);
  ASSERT_TRUE(games) << games.error().message;
  ASSERT_EQ(games->size(), 2u);
  const GameRecord& one = (*games)[0];
  EXPECT_EQ(one.tag("Event"), "one");
  EXPECT_EQ(texts(one.moves), (std::vector<std::string>{"11-15", "23-19", "8-11", "22-17"}));
  EXPECT_EQ(one.moves[0].comments, std::vector<std::string>{"a comment"});
  ASSERT_EQ(one.moves[1].variations.size(), 1u);
  EXPECT_EQ(texts(one.moves[1].variations[0]), (std::vector<std::string>{"22-18", "15x22"}));
  EXPECT_EQ(one.moves[2].nags, std::vector<int>{1});
  EXPECT_EQ(one.moves[3].nags, std::vector<int>{1});  // "!" is $1
  EXPECT_EQ(one.result, "1-0");
  EXPECT_EQ((*games)[1].moves.size(), 4u);
  EXPECT_EQ((*games)[1].tag("FEN"), "W:W31-50:B1-20");
  EXPECT_EQ((*games)[1].result, "*");
  auto back = load_pdn(text);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ((*back)[1].referee->game().variant(), "international");
  EXPECT_EQ((*back)[0].record.moves[1].variations[0][1].id, "15x22");
}

TEST(CheckersPdn, ReportsUnclosedComment) {
  Expected<std::vector<GameRecord>> games = parse_pdn("1. 11-15 {never closed");
  ASSERT_FALSE(games);
  EXPECT_EQ(games.error().message,
            "record 1: line 1, column 10: unterminated comment (a '{' without its '}')");
}

TEST(CheckersPdn, ResultOneZeroIsTheFirstPlayersWin) {
  // PDN results go by turn order: in English checkers, where Black moves
  // first, Black's win is 1-0 (PDN 2.0, CheckerBoard, the OCA archive).
  auto g = game_at("english", "B:W16,19:B12");  // Black cannot move
  EXPECT_NE(record_text(*g).find("[Result \"0-1\"]"), std::string::npos);
  auto b = game_at("english", "B:W16:B12");
  ASSERT_TRUE(b->play("12x19"));  // White's last piece
  EXPECT_NE(record_text(*b).find("[Result \"1-0\"]"), std::string::npos);
  auto w = game_at("russian", "B:W16:B12");
  ASSERT_TRUE(w->play("12x19"));  // Black wins: the second player
  EXPECT_NE(record_text(*w).find("[Result \"0-1\"]"), std::string::npos);
  // And read back so.
  for (const char* variant : {"21", "25"}) {
    auto read = load_pdn(std::string("[GameType \"") + variant + "\"]\n[FEN \"B:W20,21:B12\"]\n1-0");
    ASSERT_TRUE(read) << read.error().message;
    const Referee& referee = *(*read)[0].referee;
    EXPECT_EQ(referee.game().side_name(referee.outcome().winner),
              variant == std::string("21") ? "Black" : "White");
  }
}

TEST(CheckersPdn, RecordReplaysToTheSameGame) {
  for (const char* variant : {"english", "russian", "brazilian", "international"}) {
    auto g = make_game(variant);
    for (int i = 0; i < 30 && !g->outcome().over(); ++i)
      ASSERT_TRUE(g->play(g->legal_moves()[i % g->legal_moves().size()].id));
    auto back = load_pdn(record_text(*g));
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->size(), 1u);
    const Game& replayed = (*back)[0].referee->game();
    EXPECT_EQ(replayed.variant(), variant);
    EXPECT_EQ(replayed.fen(), g->fen()) << variant;
    EXPECT_EQ(replayed.moves_played(), g->moves_played());
  }
}

TEST(CheckersPdn, RecordKeepsASetUpPosition) {
  auto g = game_at("russian", "B:W26,27:B22");
  ASSERT_TRUE(g->play("22x20"));
  std::string pdn = record_text(*g);
  EXPECT_NE(pdn.find("[FEN \"B:W26,27:B22\"]"), std::string::npos) << pdn;
  EXPECT_NE(pdn.find("1... c3:h4"), std::string::npos) << pdn;
  EXPECT_NE(pdn.find("[GameType \"25\"]"), std::string::npos) << pdn;
  auto back = load_pdn(pdn);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ((*back)[0].referee->game().fen(), g->fen());
}

// Each variant's record is written as its GameType's notation specifies
// (PDN 3.0): numbers with '-' and 'x' for English and international,
// algebraic squares for Russian (captures with ':') and Brazilian ('x').
TEST(CheckersPdn, EachVariantWritesItsGameTypesNotation) {
  struct Case {
    const char *variant, *game_type;
    std::vector<const char*> moves;
    const char* written;
  };
  const Case cases[] = {
      {"english", "21", {"11-15", "22-18", "15x22"}, "1. 11-15 22-18 2. 15x22"},
      {"russian", "25", {"22-18", "11-15", "18x11"}, "1. c3-d4 f6-e5 2. d4:f6"},
      {"brazilian", "26", {"22-18", "11-15", "18x11"}, "1. c3-d4 f6-e5 2. d4xf6"},
      {"international", "20", {"32-28", "19-23", "28x19"}, "1. 32-28 19-23 2. 28x19"},
  };
  for (const Case& c : cases) {
    auto g = make_game(c.variant);
    for (const char* m : c.moves) ASSERT_TRUE(g->play(m)) << c.variant << " " << m;
    const std::string pdn = record_text(*g);
    EXPECT_NE(pdn.find(std::string("[GameType \"") + c.game_type + "\"]"), std::string::npos) << pdn;
    EXPECT_NE(pdn.find(c.written), std::string::npos) << pdn;
    auto back = load_pdn(pdn);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ((*back)[0].referee->game().moves_played(), g->moves_played()) << pdn;
  }
}

// Russian and Brazilian records are read in numbers or in names, with
// either capture sign, even mixed.
TEST(CheckersPdn, RussianAndBrazilianReadNumbersAndNamesAlike) {
  for (const char* type : {"25", "26"}) {
    auto read = load_pdn(std::string("[GameType \"") + type + "\"]\n1. 22-18 f6-e5 2. d4xf6 g7:e5 *");
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_EQ(texts((*read)[0].record.moves),
              (std::vector<std::string>{"c3-d4", "f6-e5", type == std::string("25") ? "d4:f6" : "d4xf6",
                                        type == std::string("25") ? "g7:e5" : "g7xe5"}))
        << "read back in the variant's own notation";
  }
}

// Draughts archives score 2-0, 1-1 and 0-2 (two points a game); 1-1 is a
// draw.
TEST(CheckersPdn, TwoPointScoresAreResults) {
  auto read = load_pdn(
      "[GameType \"20\"]\n1. 32-28 2-0\n\n[GameType \"20\"]\n1. 32-28 0-2\n\n[GameType \"20\"]\n1. 32-28 "
      "1-1\n\n[GameType \"20\"]\n[Result \"1-1\"]\n1. 32-28");
  ASSERT_TRUE(read) << read.error().message;
  ASSERT_EQ(read->size(), 4u);
  const auto winner = [&](int i) {
    const Referee& r = *(*read)[i].referee;
    return r.outcome().verdict == Verdict::Draw ? std::string("draw")
                                                : r.game().side_name(r.outcome().winner);
  };
  EXPECT_EQ(winner(0), "White");
  EXPECT_EQ(winner(1), "Black");
  EXPECT_EQ(winner(2), "draw");
  EXPECT_EQ(winner(3), "draw") << "the Result tag's 1-1 where the movetext ends without one";
  EXPECT_EQ((*read)[2].record.result, "1/2-1/2");
}

// PDN 3.0 marks a forced move with "*" after it, which is also the
// unfinished game's result: glued to its move it is a move strength.
TEST(CheckersPdn, ForcedMoveStarIsAMoveStrength) {
  auto read = load_pdn("[GameType \"20\"]\n1. 32-28* 19-23! 2. 28x19?! 14x23 *");
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(texts((*read)[0].record.moves), (std::vector<std::string>{"32-28", "19-23", "28x19", "14x23"}));
  EXPECT_EQ((*read)[0].record.result, "*");
}

// A square written right-aligned after its move's sign, as old international
// archives print them ("17. 43-39  1- 6": the words "1-" and "6"), and the
// same with spaces on both sides ("1 - 6"), which CheckerBoard reads.
TEST(CheckersPdn, RightAlignedSquaresAreOneMove) {
  auto read = load_pdn("[GameType \"20\"]\n[FEN \"W:W31,32:B1,2\"]\n1. 31-27  1- 7 2. 32-28  2 - 8 *");
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(texts((*read)[0].record.moves), (std::vector<std::string>{"31-27", "1-7", "32-28", "2-8"}));
}

TEST(CheckersPdn, IllegalMoveNamesTheMove) {
  auto r = load_pdn("[GameType \"21\"]\n1. 11-15 22-18 2. 9-13 *");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "move 2 (Black): 9-13: capturing is compulsory: 15x22 must be played (line 2, column 19)");
}

TEST(CheckersPdn, DecidedResultWithoutRuleEndIsResignation) {
  auto r = load_pdn("[GameType \"21\"]\n1. 11-15 1-0");
  ASSERT_TRUE(r) << r.error().message;
  const Referee& referee = *(*r)[0].referee;
  Outcome o = referee.outcome();
  EXPECT_EQ(o.termination, Termination::Resignation);
  EXPECT_EQ(referee.game().side_name(o.winner), "Black");
}

TEST(CheckersPdn, GameTypeSelectsTheVariant) {
  auto variant_of_game_type = [](const char* type) {
    return variant_of_tags(descriptor(), {{"GameType", type}});
  };
  EXPECT_EQ(*variant_of_game_type("20"), "international");
  EXPECT_EQ(*variant_of_game_type("21,B,8,8,N,0"), "english");
  EXPECT_EQ(*variant_of_game_type("25"), "russian");
  EXPECT_EQ(*variant_of_game_type("26"), "brazilian");
  EXPECT_FALSE(variant_of_game_type("30"));
}

}  // namespace
}  // namespace qi::checkers
