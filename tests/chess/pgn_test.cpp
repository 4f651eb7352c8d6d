// PGN import and export (the 1994 PGN specification), through the one record
// model every game shares (core/record.h): RecordReader for the syntax,
// read_game to replay the moves with chess's move reader, write_record to
// write.
#include "core/record.h"
#include "games/chess/endings.h"

#include <gtest/gtest.h>

#include <sstream>

#include "engine/registry.h"
#include "games/chess/chess_game.h"
#include "notation_test_util.h"

namespace qi::chess {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Every record of the text read and replayed as chess; the error of the
// first that fails, named by its number as a caller reports it.
Expected<std::vector<ReadGame>> read_pgn(std::string_view text) {
  RecordReader reader(text);
  std::vector<ReadGame> out;
  while (true) {
    Expected<std::optional<GameRecord>> tags = reader.next_tags();
    if (!tags) return tags.error();
    if (!*tags) return out;
    GameRecord record = std::move(**tags);
    // The variant the tags name ([Variant "Chess960"]), as an import chooses it.
    std::unique_ptr<qi::Game> game = make_game(variant_of_tags(descriptor(), record.tags).value_or(""));
    if (Status s = reader.read_movetext(record, game->record_dialect()); !s) return s.error();
    Expected<ReadGame> read = read_game(std::move(record), std::move(game));
    if (!read)
      return make_error("record " + std::to_string(reader.records_started()) + ": " + read.error().message);
    out.push_back(std::move(*read));
  }
}

ReadGame only_game(std::string_view text) {
  Expected<std::vector<ReadGame>> games = read_pgn(text);
  EXPECT_TRUE(games.has_value()) << (games ? "" : games.error().message);
  if (!games || games->size() != 1) {
    ADD_FAILURE() << "expected one game";
    return {std::make_unique<Referee>(make_game()), {}};
  }
  return std::move(games->front());
}

std::vector<std::string> texts(const std::vector<RecordMove>& line) {
  std::vector<std::string> out;
  for (const RecordMove& m : line) out.push_back(m.text);
  return out;
}

std::vector<std::string> ids(const std::vector<RecordMove>& line) {
  std::vector<std::string> out;
  for (const RecordMove& m : line) out.push_back(m.id);
  return out;
}

// The moves of the main line as the game replayed them (SAN).
std::vector<std::string> sans(const ReadGame& game) {
  std::vector<std::string> out;
  for (const MoveText& m : game.referee->game().moves_played()) out.push_back(m.display);
  return out;
}

std::string write(const GameRecord& record) { return write_record(record, *make_game()); }

// A game's record as it stands, from its referee.
std::string write(const Referee& referee, const Tags& tags = {}) {
  return write_record(record_of(referee, tags), referee.game());
}

TEST(ChessPgn, SevenTagRosterFirstInOrder) {
  GameRecord game;
  game.set_tag("ECO", "C20");
  game.set_tag("White", "Anderssen");
  game.set_tag("Annotator", "Qi");
  game.set_tag("Black", "Kieseritzky");
  game.set_tag("Event", "London");
  game.result = "1-0";
  std::vector<std::string> lines = lines_of(write(game));
  ASSERT_GE(lines.size(), 10u);
  EXPECT_EQ(lines[0], "[Event \"London\"]");
  EXPECT_EQ(lines[1], "[Site \"?\"]");
  EXPECT_EQ(lines[2], "[Date \"????.??.??\"]");
  EXPECT_EQ(lines[3], "[Round \"?\"]");
  EXPECT_EQ(lines[4], "[White \"Anderssen\"]");
  EXPECT_EQ(lines[5], "[Black \"Kieseritzky\"]");
  EXPECT_EQ(lines[6], "[Result \"1-0\"]");
  EXPECT_EQ(lines[7], "[ECO \"C20\"]");
  EXPECT_EQ(lines[8], "[Annotator \"Qi\"]");
  EXPECT_EQ(lines[9], "");
  EXPECT_EQ(lines[10], "1-0");
}

TEST(ChessPgn, ImportPutsTheRosterFirst) {
  // The tags are kept as read; written again, the roster comes first.
  ReadGame game = only_game("[White \"A\"]\n[ECO \"B01\"]\n[Event \"E\"]\n\n1. e4 d5 *\n");
  ASSERT_EQ(game.record.tags.size(), 3u);
  EXPECT_EQ(game.record.tags[0], (std::pair<std::string, std::string>{"White", "A"}));
  std::vector<std::string> lines = lines_of(write(game.record));
  ASSERT_GE(lines.size(), 8u);
  EXPECT_EQ(lines[0], "[Event \"E\"]");
  EXPECT_EQ(lines[4], "[White \"A\"]");
  EXPECT_EQ(lines[5], "[Black \"?\"]");
  EXPECT_EQ(lines[6], "[Result \"*\"]");
  EXPECT_EQ(lines[7], "[ECO \"B01\"]");
}

TEST(ChessPgn, ReadsMovesNumbersAndResult) {
  ReadGame game =
      only_game("[Event \"Casual\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7# 1-0\n");
  EXPECT_EQ(sans(game), (std::vector<std::string>{"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"}));
  EXPECT_EQ(texts(game.record.moves), sans(game));
  EXPECT_EQ(game.record.moves[5].nags, std::vector<int>{4});  // "??"
  EXPECT_EQ(game.record.moves[6].id, "h5f7");
  EXPECT_EQ(game.record.result, "1-0");
  EXPECT_EQ(game.record.tag("Event"), "Casual");
  EXPECT_EQ(game.referee->outcome().termination, chess::endings::Checkmate);
}

TEST(ChessPgn, ReadsCommentsVariationsNagsAndSkipsEscapes) {
  ReadGame game = only_game(
      "% an escape line, ignored\n"
      "[Event \"x\"]\n"
      "{A comment before the moves} 1. e4 {best by test} e5 $1 2. Nf3 ( 2. d4 ; to the end of the line\n"
      "exd4 (2... Nc6 {nested (parens) in a comment}) 3. c3 ) 2... Nc6!? 3.Bb5 a6 4.Ba4 1/2-1/2\n");
  EXPECT_EQ(sans(game), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"}));
  EXPECT_EQ(game.record.result, "1/2-1/2");
  const GameRecord& r = game.record;
  EXPECT_EQ(r.opening_notes, std::vector<std::string>{"A comment before the moves"});
  EXPECT_EQ(r.moves[0].comments, std::vector<std::string>{"best by test"});
  EXPECT_EQ(r.moves[1].nags, std::vector<int>{1});
  EXPECT_EQ(r.moves[3].nags, std::vector<int>{5});  // "!?"
  ASSERT_EQ(r.moves[2].variations.size(), 1u);
  const std::vector<RecordMove>& d4 = r.moves[2].variations[0];
  EXPECT_EQ(texts(d4), (std::vector<std::string>{"d4", "exd4", "c3"}));
  EXPECT_EQ(ids(d4), (std::vector<std::string>{"d2d4", "e5d4", "c2c3"}));
  EXPECT_EQ(d4[0].comments, std::vector<std::string>{" to the end of the line"});
  ASSERT_EQ(d4[1].variations.size(), 1u);
  EXPECT_EQ(texts(d4[1].variations[0]), std::vector<std::string>{"Nc6"});
  EXPECT_EQ(d4[1].variations[0][0].comments, std::vector<std::string>{"nested (parens) in a comment"});
  // Written again, everything is still there.
  const std::string text = write(r);
  EXPECT_NE(text.find("{A comment before the moves} 1. e4 {best by test} 1... e5 $1 2. Nf3 (2. d4"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("(2... Nc6 {nested (parens) in a comment})"), std::string::npos) << text;
  ReadGame back = only_game(text);
  EXPECT_EQ(ids(back.record.moves), ids(r.moves));
  EXPECT_EQ(ids(back.record.moves[2].variations[0]), ids(d4));
}

TEST(ChessPgn, MultipleGames) {
  std::string text =
      "[Event \"one\"]\n\n1. d4 d5 1-0\n\n"
      "[Event \"two\"]\n\n1. e4 c5 2. Nf3 0-1\n\n"
      "[Event \"three\"]\n\n*\n";
  Expected<std::vector<ReadGame>> games = read_pgn(text);
  ASSERT_TRUE(games.has_value()) << games.error().message;
  ASSERT_EQ(games->size(), 3u);
  EXPECT_EQ((*games)[0].record.tag("Event"), "one");
  EXPECT_EQ((*games)[1].record.moves.size(), 3u);
  EXPECT_EQ((*games)[1].record.result, "0-1");
  EXPECT_TRUE((*games)[2].record.moves.empty());
  EXPECT_EQ((*games)[2].record.result, "*");
}

TEST(ChessPgn, MissingResultEndsAtTheNextGame) {
  Expected<std::vector<ReadGame>> games = read_pgn("[Result \"0-1\"]\n1. e4 e5\n[Event \"b\"]\n1. d4\n");
  ASSERT_TRUE(games.has_value()) << games.error().message;
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ((*games)[0].record.result, "0-1");  // no result after the moves: the Result tag's
  EXPECT_EQ((*games)[0].record.moves.size(), 2u);
  EXPECT_EQ((*games)[1].record.result, "*");
  EXPECT_EQ((*games)[1].record.moves.size(), 1u);
}

TEST(ChessPgn, OtherVariantsAreRefused) {
  Expected<std::vector<ReadGame>> games = read_pgn("[Variant \"Crazyhouse\"]\n1. e4 *\n");
  ASSERT_FALSE(games.has_value());
  EXPECT_NE(games.error().message.find("the variant 'Crazyhouse' is not chess"), std::string::npos)
      << games.error().message;
  EXPECT_TRUE(read_pgn("[Variant \"Standard\"]\n1. e4 *\n").has_value());
}

// What real archives hold besides SAN: coordinates, bracketed promotions,
// lower-case pieces, a capture sign on a quiet move, "Kg1" for castling.
TEST(ChessPgn, ReadsWhatArchivesWrite) {
  ReadGame game = only_game(
      "1. g1-f3 d7-d5 2. g2g3 nc6 3. f1g2 Bg4 4. Kg1 Qd6 5. d2-d4 O-O-O 6. Nxe5 Nxe5 7. dxe5 Qxe5 8. c4 dxc4 "
      "9. "
      "Qxd8+ Kxd8 *");
  EXPECT_EQ(game.record.moves.size(), 18u);
  EXPECT_EQ(sans(game),
            (std::vector<std::string>{"Nf3", "d5", "g3", "Nc6", "Bg2", "Bg4", "O-O", "Qd6", "d4", "O-O-O",
                                      "Ne5", "Nxe5", "dxe5", "Qxe5", "c4", "dxc4", "Qxd8+", "Kxd8"}));
  // The record is written back in SAN.
  EXPECT_NE(write(game.record).find("1. Nf3 d5 2. g3 Nc6 3. Bg2 Bg4 4. O-O Qd6"), std::string::npos);
  EXPECT_EQ(texts(only_game("[FEN \"7k/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n1. e8(Q)+ *").record.moves),
            std::vector<std::string>{"e8=Q+"});
}

// Null moves (python-chess's meaning: the turn passes, the en passant chance
// lapses, the halfmove clock counts on), in the main line and in variations;
// written "--".
TEST(ChessPgn, NullMovesInTheMainLineAndInVariations) {
  ReadGame game = only_game("1. e4 -- 2. d4 (2. Nf3 Z0 3. d4) d5 3. Nf3 0000 4. Bc4 @@@@ *");
  EXPECT_EQ(ids(game.record.moves),
            (std::vector<std::string>{"e2e4", "0000", "d2d4", "d7d5", "g1f3", "0000", "f1c4", "0000"}));
  ASSERT_EQ(game.record.moves[2].variations.size(), 1u);
  EXPECT_EQ(ids(game.record.moves[2].variations[0]), (std::vector<std::string>{"g1f3", "0000", "d2d4"}));
  EXPECT_EQ(game.referee->game().fen(), "rnbqkbnr/ppp1pppp/8/3p4/2BPP3/5N2/PPP2PPP/RNBQK2R w KQkq - 4 5");
  const std::string pgn = write(game.record);
  EXPECT_NE(pgn.find("1. e4 -- 2. d4 (2. Nf3 -- 3. d4) 2... d5 3. Nf3 -- 4. Bc4 -- *"), std::string::npos)
      << pgn;
  // It reads back the same.
  EXPECT_EQ(ids(only_game(pgn).record.moves), ids(game.record.moves));
  // The record's referee has it; a game in play never does.
  auto live = make_game();
  EXPECT_FALSE(live->play("--").has_value());
  EXPECT_FALSE(Referee(make_game()).play("0000", 0).has_value());
  Expected<std::vector<ReadGame>> in_check = read_pgn("1. e4 e5 2. Qh5 Nc6 3. Qxf7+ -- *");
  ASSERT_FALSE(in_check.has_value());
  EXPECT_NE(in_check.error().message.find("--: a null move cannot be made in check"), std::string::npos)
      << in_check.error().message;
}

// [Variant "Chess960"] chooses Chess960; its records carry the tag, SetUp
// and the FEN in X-FEN, and castling in SAN.
TEST(ChessPgn, Chess960RecordsReadAndWritten) {
  // The king on e1 castles with the rook on g1: the id "e1g1" is the king
  // taking its rook.
  ReadGame game = only_game(
      "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 "
      "1\"]\n"
      "1. d4 d5 2. O-O O-O-O *");
  EXPECT_EQ(game.referee->game().variant(), "chess960");
  EXPECT_EQ(ids(game.record.moves), (std::vector<std::string>{"d2d4", "d7d5", "e1g1", "e8b8"}));
  EXPECT_EQ(game.referee->game().fen(), "2kr2r1/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/1R3RK1 w - - 2 3");
  // The record as read keeps its tags as written; the game's own record
  // writes its start in X-FEN.
  EXPECT_NE(write_record(game.record, game.referee->game()).find("GBgb"), std::string::npos);
  const std::string pgn = write(*game.referee);
  for (const char* line : {"[Variant \"Chess960\"]", "[SetUp \"1\"]",
                           "[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1\"]"})
    EXPECT_NE(pgn.find(line), std::string::npos) << line << " in " << pgn;
  EXPECT_NE(pgn.find("1. d4 d5 2. O-O O-O-O *"), std::string::npos) << pgn;
  // Read back through the same path.
  EXPECT_EQ(ids(only_game(pgn).record.moves), ids(game.record.moves));
  // Standard chess does not take a Chess960 record.
  GameRecord record = game.record;
  Expected<ReadGame> as_standard = read_game(record, make_game());
  ASSERT_FALSE(as_standard.has_value());
  EXPECT_NE(as_standard.error().message.find("the variant 'Chess960' is not chess"), std::string::npos)
      << as_standard.error().message;
}

TEST(ChessPgn, ResultAfterTheMovesWins) {
  ReadGame game = only_game("[Result \"1-0\"]\n1. e4 e5 0-1\n");
  EXPECT_EQ(game.record.result, "0-1");
  EXPECT_EQ(game.referee->outcome().winner, Side::Second);
  EXPECT_NE(write(game.record).find("[Result \"0-1\"]"), std::string::npos);
}

TEST(ChessPgn, ErrorNamesGameMoveAndReason) {
  std::string text =
      "[Event \"fine\"]\n1. e4 e5 1-0\n\n"
      "[Event \"broken\"]\n"
      "1. d4 d5 2. c4 e6 3. Nc3 c6 4. e3 Bd6 5. Bd3 f5 6. Nf3 Qf6 7. O-O Bd7 8. b3 a6\n"
      "9. Bb2 a5 10. Qc2 b6 11. h3 Ra7 12. Rfe1 Kf7 13. a3 Kg6 14. b4 Nxe5 *\n";
  Expected<std::vector<ReadGame>> games = read_pgn(text);
  ASSERT_FALSE(games.has_value());
  EXPECT_EQ(games.error().message,
            "record 2: move 14 (Black): Nxe5: no knight can reach e5 (line 6, column 64)");
}

TEST(ChessPgn, AmbiguousMoveIsAnError) {
  Expected<std::vector<ReadGame>> games = read_pgn("1. d4 Nf6 2. c4 d6 3. Nc3 Nd7 *");
  ASSERT_FALSE(games.has_value());
  EXPECT_EQ(games.error().message,
            "record 1: move 3 (Black): Nd7 is ambiguous: Nbd7 or Nfd7 (line 1, column 27)");
}

TEST(ChessPgn, SyntaxErrorsGiveLineAndColumn) {
  Expected<std::vector<ReadGame>> unterminated = read_pgn("[Event \"x\"]\n1. e4 {never closed\n");
  ASSERT_FALSE(unterminated.has_value());
  EXPECT_EQ(unterminated.error().message,
            "record 1: line 2, column 7: unterminated comment (a '{' without its '}')");
  Expected<std::vector<ReadGame>> bad_tag = read_pgn("[Event x]\n1. e4 *\n");
  ASSERT_FALSE(bad_tag.has_value());
  EXPECT_EQ(bad_tag.error().message, "record 1: line 1, column 8: expected the tag's value in double quotes");
  Expected<std::vector<ReadGame>> paren = read_pgn("1. e4 ( 1. d4 *\n");
  ASSERT_FALSE(paren.has_value());
  EXPECT_EQ(paren.error().message, "record 1: line 1, column 15: the record ends inside a variation");
  Expected<std::vector<ReadGame>> close = read_pgn("1. e4 ) *\n");
  ASSERT_FALSE(close.has_value());
  EXPECT_EQ(close.error().message, "record 1: line 1, column 7: ')' without a '(' before it");
}

TEST(ChessPgn, StreamingReaderGoesOnAfterABadGame) {
  // A record whose move is illegal, one whose syntax is broken, then a good one.
  RecordReader reader("1. e4 e5 2. Ke3 *\n\n1. d4 ) d5 *\n\n[Event \"good\"]\n1. d4 *\n");
  Expected<std::optional<GameRecord>> first = reader.next_tags();
  ASSERT_TRUE(first.has_value() && first->has_value());
  ASSERT_TRUE(reader.read_movetext(**first, make_game()->record_dialect()).has_value());
  Expected<ReadGame> replayed = read_game(std::move(**first), make_game());
  ASSERT_FALSE(replayed.has_value());
  EXPECT_EQ(replayed.error().message.rfind("move 2 (White): Ke3: ", 0), 0u) << replayed.error().message;

  Expected<std::optional<GameRecord>> second = reader.next_tags();
  ASSERT_TRUE(second.has_value() && second->has_value());
  Status broken = reader.read_movetext(**second, make_game()->record_dialect());
  ASSERT_FALSE(broken.has_value());
  EXPECT_EQ(broken.error().message, "record 2: line 3, column 7: ')' without a '(' before it");

  Expected<std::optional<GameRecord>> third = reader.next_tags();
  ASSERT_TRUE(third.has_value()) << third.error().message;
  ASSERT_TRUE(third->has_value());
  EXPECT_EQ((*third)->tag("Event"), "good");
  ASSERT_TRUE(reader.read_movetext(**third, make_game()->record_dialect()).has_value());
  EXPECT_EQ(texts((*third)->moves), std::vector<std::string>{"d4"});
  EXPECT_EQ(reader.records_started(), 3);
  Expected<std::optional<GameRecord>> end = reader.next_tags();
  ASSERT_TRUE(end.has_value());
  EXPECT_FALSE(end->has_value());
}

TEST(ChessPgn, FenTagStartsTheGame) {
  ReadGame game =
      only_game("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n\n30... Kd7 31. e4 Kc6 *\n");
  EXPECT_EQ(game.referee->game().initial_fen(), "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30");
  EXPECT_EQ(sans(game), (std::vector<std::string>{"Kd7", "e4", "Kc6"}));
  std::string text = write(game.record);
  EXPECT_NE(text.find("[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\n30... Kd7 31. e4 Kc6 *\n"), std::string::npos) << text;
  // The record of the game itself says the same.
  EXPECT_EQ(write(*game.referee), text);
  ReadGame back = only_game(text);
  EXPECT_EQ(back.referee->game().initial_fen(), game.referee->game().initial_fen());
  EXPECT_EQ(ids(back.record.moves), ids(game.record.moves));
  EXPECT_EQ(back.record.result, game.record.result);
}

TEST(ChessPgn, BadFenTagIsAnError) {
  Expected<std::vector<ReadGame>> games = read_pgn("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*\n");
  ASSERT_FALSE(games.has_value());
  EXPECT_EQ(games.error().message.rfind("record 1: FEN tag: ", 0), 0u) << games.error().message;
}

TEST(ChessPgn, TagValuesEscapeQuotesAndBackslashes) {
  GameRecord game;
  game.set_tag("Event", "The \"Immortal\" game \\ London");
  std::string text = write(game);
  EXPECT_NE(text.find("[Event \"The \\\"Immortal\\\" game \\\\ London\"]"), std::string::npos) << text;
  EXPECT_EQ(only_game(text).record.tag("Event"), "The \"Immortal\" game \\ London");
}

TEST(ChessPgn, ExportWrapsLinesBefore80Columns) {
  // A long random game from the start.
  Referee referee(make_game());
  SplitMix64 rng(42);
  for (int ply = 0; ply < 300 && !referee.over(); ++ply) {
    std::vector<MoveText> moves = referee.legal_moves();
    ASSERT_TRUE(referee.play(moves[rng.below(moves.size())].id, 0).has_value());
  }
  GameRecord record = record_of(referee);
  record.moves.back().comments.push_back(
      "a long final comment that must also be wrapped at the width like everything else");
  std::string text = write(record);
  int movetext_lines = 0;
  for (const std::string& line : lines_of(text)) {
    EXPECT_LE(line.size(), 79u) << line;
    movetext_lines += !line.empty() && line[0] != '[';
  }
  EXPECT_GT(movetext_lines, 5);
  ReadGame back = only_game(text);
  EXPECT_EQ(back.referee->game().moves_played(), referee.game().moves_played());
}

TEST(ChessPgn, RoundTripsRandomGames) {
  SplitMix64 rng(9);
  std::string all;
  std::vector<std::unique_ptr<Referee>> written;
  for (int g = 0; g < 20; ++g) {
    auto referee = std::make_unique<Referee>(make_game());
    if (g % 3 == 1) {
      std::unique_ptr<qi::Game> from = make_game();
      ASSERT_TRUE(from->set_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17"));
      referee = std::make_unique<Referee>(std::move(from));
    }
    for (int ply = 0; ply < 120 && !referee->over(); ++ply) {
      std::vector<MoveText> moves = referee->legal_moves();
      ASSERT_TRUE(referee->play(moves[rng.below(moves.size())].id, 0).has_value());
    }
    // Endings the rules do not give: by a side's resignation or agreement.
    if (!referee->over() && g % 4 == 0) {
      ASSERT_TRUE(referee->resign(Side::Second, 0));
    }
    if (!referee->over() && g % 4 == 1) {
      ASSERT_TRUE(referee->resign(Side::First, 0));
    }
    if (!referee->over() && g % 4 == 2) {
      const Side to_move = referee->game().side_to_move();
      ASSERT_TRUE(referee->offer_draw_with_move(~to_move, 0));
      ASSERT_TRUE(referee->answer_draw(to_move, true, 0));
    }
    all += write(*referee, {{"Round", std::to_string(g + 1)}});
    written.push_back(std::move(referee));
  }
  Expected<std::vector<ReadGame>> read = read_pgn(all);
  ASSERT_TRUE(read.has_value()) << read.error().message;
  ASSERT_EQ(read->size(), written.size());
  for (std::size_t i = 0; i < written.size(); ++i) {
    const Referee& a = *written[i];
    const Referee& b = *(*read)[i].referee;
    EXPECT_EQ((*read)[i].record.tag("Round"), std::to_string(i + 1));
    EXPECT_EQ(b.game().initial_fen(), a.game().initial_fen()) << i;
    EXPECT_EQ(b.game().moves_played(), a.game().moves_played()) << i;
    EXPECT_EQ(b.outcome().verdict, a.outcome().verdict) << i;
    EXPECT_EQ(b.outcome().winner, a.outcome().winner) << i;
    EXPECT_EQ(b.outcome().termination, a.outcome().termination) << i;
  }
}

TEST(ChessPgn, EmptyTextHasNoGames) {
  Expected<std::vector<ReadGame>> games = read_pgn("  \n{just a comment}\n% escape\n");
  ASSERT_TRUE(games.has_value());
  EXPECT_TRUE(games->empty());
}

}  // namespace
}  // namespace qi::chess
