// Standard Algebraic Notation, both ways (FIDE Laws, Appendix C).
#include "games/chess/san.h"

#include <gtest/gtest.h>

#include <set>

#include "notation_test_util.h"

namespace qi::chess {
namespace {

using testing::play;
using testing::position;

constexpr std::string_view kScholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
constexpr std::string_view kKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
// Black knights on b8 and f6 can both go to d7.
constexpr std::string_view kTwoKnights = "rnbqkb1r/ppp1pppp/3p1n2/8/2PP4/2N5/PP2PPPP/R1BQKBNR b KQkq - 1 3";

std::string san_of(std::string_view fen, std::string_view uci) {
  Position pos = position(fen);
  Expected<Move> m = pos.parse_uci(uci);
  EXPECT_TRUE(m.has_value()) << uci;
  return m ? to_san(pos, *m) : "";
}

std::string uci_of(std::string_view fen, std::string_view san) {
  Position pos = position(fen);
  Expected<Move> m = parse_san(pos, san);
  return m ? to_uci(*m) : "error: " + m.error().message;
}

MoveTextError error_of(std::string_view fen, std::string_view text) {
  Position pos = position(fen);
  MoveTextError why;
  Expected<Move> m = parse_move_text(pos, text, &why);
  EXPECT_FALSE(m.has_value()) << text;
  if (!m) {
    EXPECT_EQ(m.error().message, why.message());
  }
  return why;
}

TEST(ChessSan, PieceMovesAndPawnPushes) {
  EXPECT_EQ(san_of(Position::kStartFen, "g1f3"), "Nf3");
  EXPECT_EQ(san_of(Position::kStartFen, "e2e4"), "e4");
  EXPECT_EQ(san_of(Position::kStartFen, "b2b3"), "b3");
}

TEST(ChessSan, CapturesNameThePawnFile) {
  EXPECT_EQ(san_of("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");
  EXPECT_EQ(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
  EXPECT_EQ(san_of(kKiwipete, "e2a6"), "Bxa6");
}

TEST(ChessSan, Castling) {
  EXPECT_EQ(san_of(kKiwipete, "e1g1"), "O-O");
  EXPECT_EQ(san_of(kKiwipete, "e1c1"), "O-O-O");
}

TEST(ChessSan, PromotionWithCheck) {
  EXPECT_EQ(san_of("7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8q"), "e8=Q+");
  EXPECT_EQ(san_of("7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8n"), "e8=N");
  EXPECT_EQ(san_of("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7d8r"), "exd8=R+");
}

TEST(ChessSan, CheckmateSign) { EXPECT_EQ(san_of(kScholar, "h5f7"), "Qxf7#"); }

TEST(ChessSan, DisambiguationByFileFirst) {
  EXPECT_EQ(san_of(kTwoKnights, "b8d7"), "Nbd7");
  EXPECT_EQ(san_of(kTwoKnights, "f6d7"), "Nfd7");
}

TEST(ChessSan, DisambiguationByRankWhenFilesAgree) {
  EXPECT_EQ(san_of("6k1/8/8/8/8/4R3/8/4R1K1 w - - 0 1", "e1e2"), "R1e2");
  EXPECT_EQ(san_of("6k1/8/8/8/8/4R3/8/4R1K1 w - - 0 1", "e3e2"), "R3e2");
}

TEST(ChessSan, DisambiguationBySquareWhenBothAgree) {
  // Queens on e4, h4 and h1 all reach e1.
  constexpr std::string_view fen = "6k1/8/8/8/4Q2Q/8/8/K6Q w - - 0 1";
  EXPECT_EQ(san_of(fen, "h4e1"), "Qh4e1");
  EXPECT_EQ(san_of(fen, "e4e1"), "Qee1");
  EXPECT_EQ(san_of(fen, "h1e1"), "Q1e1");
}

TEST(ChessSan, NoDisambiguationAgainstAPinnedPiece) {
  // The knight on c3 is pinned, so only the g1 knight can go to e2.
  constexpr std::string_view fen = "4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1";
  EXPECT_EQ(san_of(fen, "g1e2"), "Ne2");
  EXPECT_EQ(uci_of(fen, "Ne2"), "g1e2");
}

TEST(ChessSan, ReadsCommonVariants) {
  for (std::string_view text : {"Nf3", "Ng1f3", "Ng1-f3", "Ngf3", "N1f3", "Nf3!", "Nf3?!", "Nf3+", " Nf3 "})
    EXPECT_EQ(uci_of(Position::kStartFen, text), "g1f3") << text;
  for (std::string_view text : {"e4", "Pe4", "e2-e4", "e2e4", "e4!!"})
    EXPECT_EQ(uci_of(Position::kStartFen, text), "e2e4") << text;
  for (std::string_view text : {"O-O", "0-0", "O-O+"}) EXPECT_EQ(uci_of(kKiwipete, text), "e1g1") << text;
  for (std::string_view text : {"O-O-O", "0-0-0"}) EXPECT_EQ(uci_of(kKiwipete, text), "e1c1") << text;
  for (std::string_view text : {"e8=Q", "e8Q", "e8=q", "e8/Q", "e8=Q+", "e8Q#"})
    EXPECT_EQ(uci_of("7k/4P3/8/8/8/8/8/K7 w - - 0 1", text), "e7e8q") << text;
}

TEST(ChessSan, CaptureSignOptionalButNeverFalse) {
  EXPECT_EQ(uci_of(kScholar, "Qxf7"), "h5f7");
  EXPECT_EQ(uci_of(kScholar, "Qf7"), "h5f7");
  EXPECT_EQ(uci_of(kScholar, "Qf7#"), "h5f7");
  EXPECT_EQ(uci_of(kScholar, "Q:f7"), "h5f7");
  MoveTextError e = error_of(Position::kStartFen, "Nxf3");
  EXPECT_EQ(e.kind, MoveTextError::Illegal);
  EXPECT_EQ(e.message(), "Nxf3 is illegal: there is nothing to capture on f3");
}

TEST(ChessSan, EnPassantSuffixes) {
  constexpr std::string_view fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
  for (std::string_view text : {"exd6", "exd6e.p.", "exd6 e.p.", "exd6ep", "ed6", "e5d6", "exd6 ep"})
    EXPECT_EQ(uci_of(fen, text), "e5d6") << text;
}

// What python-chess's parse_san and pgn-extract read besides standard SAN.
TEST(ChessSan, ReadsWhatPythonChessAndPgnExtractRead) {
  constexpr std::string_view promote = "7k/4P3/8/8/8/8/8/K7 w - - 0 1";
  for (std::string_view text : {"e8(Q)", "e8=(Q)", "e8(q)", "e8/q", "e8q", "e8=Q++", "e7-e8=Q", "e7e8(Q)"})
    EXPECT_EQ(uci_of(promote, text), "e7e8q") << text;
  EXPECT_EQ(uci_of(promote, "e8(N)"), "e7e8n");
  // Piece letters in lower case where they are no file letter.
  for (std::string_view text : {"nf3", "ng1f3", "ngf3", "n1f3", "ng1-f3"})
    EXPECT_EQ(uci_of(Position::kStartFen, text), "g1f3") << text;
  // A lower-case b is the b-pawn first, the bishop where no pawn move fits.
  constexpr std::string_view open = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
  EXPECT_EQ(uci_of(open, "bb5"), "f1b5");
  EXPECT_EQ(uci_of(open, "bc4"), "f1c4");
  EXPECT_EQ(uci_of(open, "b3"), "b2b3");
  EXPECT_EQ(uci_of("4k3/8/8/8/2p5/1P6/8/4K3 w - - 0 1", "bxc4"), "b3c4");
  EXPECT_EQ(uci_of("4k3/8/8/8/2p5/1P6/8/4K3 w - - 0 1", "bc4"), "b3c4");
  // Castling without dashes, with check marks.
  for (std::string_view text : {"OO", "00", "O-O+", "0-0#", "o-o"})
    EXPECT_EQ(uci_of(kKiwipete, text), "e1g1") << text;
  for (std::string_view text : {"OOO", "000", "O-O-O+"}) EXPECT_EQ(uci_of(kKiwipete, text), "e1c1") << text;
}

// A move written by its squares without a piece letter is the move of
// whatever piece stands on the first square, as UCI is read.
TEST(ChessSan, CoordinatesNameWhateverPieceStandsThere) {
  for (std::string_view text : {"g1-f3", "g1f3"})
    EXPECT_EQ(uci_of(Position::kStartFen, text), "g1f3") << text;
  EXPECT_EQ(uci_of(kKiwipete, "e1-g1"), "e1g1");
  EXPECT_EQ(uci_of(kKiwipete, "e1-h1"), "e1g1");
  EXPECT_EQ(uci_of(kScholar, "h5xf7"), "h5f7");
  EXPECT_EQ(error_of(Position::kStartFen, "g1-e2").message(),
            "g1-e2 is illegal: e2 is occupied by your own pawn");
  EXPECT_EQ(error_of(Position::kStartFen, "g1xf3").message(),
            "g1xf3 is illegal: there is nothing to capture on f3");
  EXPECT_EQ(error_of(Position::kStartFen, "e4-e5").message(),
            "e4-e5 is illegal: there is no piece of yours on e4");
}

// A record is read as python-chess reads it; a person playing is told what
// the text says instead.
TEST(ChessSan, RecordsReadPastWhatAPlayerIsToldOf) {
  auto record_uci = [](std::string_view fen, std::string_view text) {
    Position pos = position(fen);
    Expected<Move> m = parse_move_text(pos, text, nullptr, {}, Reading::Record);
    return m ? to_uci(*m) : "error: " + m.error().message;
  };
  // A capture sign where nothing is captured.
  EXPECT_EQ(record_uci(Position::kStartFen, "Nxf3"), "g1f3");
  EXPECT_EQ(record_uci(Position::kStartFen, "g1xf3"), "g1f3");
  EXPECT_EQ(error_of(Position::kStartFen, "Nxf3").reason, "there is nothing to capture on f3");
  // The king's two-square move for castling.
  EXPECT_EQ(record_uci(kKiwipete, "Kg1"), "e1g1");
  EXPECT_EQ(record_uci(kKiwipete, "Ke1-c1"), "e1c1");
  EXPECT_EQ(error_of(kKiwipete, "Kg1").reason,
            "a king moves one square in any direction (castling is written O-O)");
}

TEST(ChessSan, NullMovesOnlyInRecords) {
  for (std::string_view text : {"--", "Z0", "0000", "@@@@"}) {
    Position pos;
    Expected<Move> m = parse_move_text(pos, text, nullptr, {}, Reading::Record);
    ASSERT_TRUE(m.has_value()) << text << ": " << m.error().message;
    EXPECT_TRUE(m->is_none()) << text;
    MoveTextError why = error_of(Position::kStartFen, text);
    EXPECT_EQ(why.code, "null_move") << text;
    EXPECT_EQ(why.message(),
              std::string(text) +
                  " is illegal: a null move (passing the turn) stands only in records; in a game a "
                  "move must be made");
  }
  // Not in check: the king would be left to be taken.
  Position check = position("4k3/8/8/8/8/8/8/4K2r w - - 0 1");
  MoveTextError why;
  EXPECT_FALSE(parse_move_text(check, "--", &why, {}, Reading::Record).has_value());
  EXPECT_EQ(why.message(), "-- is illegal: a null move cannot be made in check");
  EXPECT_EQ(why.code, "null_move_in_check");
  EXPECT_EQ(to_san(check, Move::none()), "--");
  EXPECT_EQ(to_uci(Move::none()), "0000");
}

TEST(ChessSan, NotAMoveSaysWhere) {
  EXPECT_EQ(error_of(Position::kStartFen, "Nz3").message(),
            "Nz3 is not a move: expected a square such as e4 at character 2");
  EXPECT_EQ(error_of(Position::kStartFen, "Nf9").message(),
            "Nf9 is not a move: expected a rank (1-8) at character 3");
  EXPECT_EQ(error_of(Position::kStartFen, "Nf3x").kind, MoveTextError::NotAMove);
  EXPECT_EQ(error_of(Position::kStartFen, "e4=").message(),
            "e4= is not a move: expected a promotion piece (Q, R, B or N) at the end");
  EXPECT_EQ(error_of(Position::kStartFen, "Nf3 Nc6").kind, MoveTextError::NotAMove);
  EXPECT_EQ(error_of(Position::kStartFen, "").kind, MoveTextError::NotAMove);
  EXPECT_EQ(error_of(Position::kStartFen, "hello").kind, MoveTextError::NotAMove);
  EXPECT_EQ(error_of(Position::kStartFen, "N\nf3").message(),
            "N\\x0Af3 is not a move: expected a square such as e4 at character 2");
  EXPECT_EQ(error_of(Position::kStartFen, "Nf3\x01").message(),
            "Nf3\\x01 is not a move: unexpected '\\x01' at character 4");
  EXPECT_EQ(error_of(Position::kStartFen, std::string(100, 'a')).text, std::string(24, 'a') + "...");
}

TEST(ChessSan, IllegalSaysWhy) {
  MoveTextError e = error_of(Position::kStartFen, "Nf4");
  EXPECT_EQ(e.kind, MoveTextError::Illegal);
  EXPECT_EQ(e.message(), "Nf4 is illegal: no knight can reach f4");
  EXPECT_EQ(error_of(Position::kStartFen, "Bg5").message(),
            "Bg5 is illegal: the bishop on c1 is blocked by the pawn on d2");
  EXPECT_EQ(error_of("4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1", "Nce2").reason,
            "the knight on c3 is pinned by the bishop on b4 against the king");
}

TEST(ChessSan, AmbiguousNamesTheCandidates) {
  MoveTextError e = error_of(kTwoKnights, "Nd7");
  EXPECT_EQ(e.kind, MoveTextError::Ambiguous);
  EXPECT_EQ(e.message(), "Nd7 is ambiguous: Nbd7 or Nfd7");
  EXPECT_EQ(error_of("6k1/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "Qe1").message(),
            "Qe1 is ambiguous: Q1e1, Qee1 or Qh4e1");
}

TEST(ChessSan, PromotionMustBeNamed) {
  constexpr std::string_view fen = "7k/4P3/8/8/8/8/8/K7 w - - 0 1";
  EXPECT_EQ(error_of(fen, "e8").message(),
            "e8 is illegal: a pawn reaching the last rank must promote (add =Q, =R, =B or =N)");
  EXPECT_EQ(error_of(fen, "e8=K").reason, "a pawn promotes to a queen, rook, bishop or knight");
  EXPECT_EQ(error_of(Position::kStartFen, "e4=Q").reason, "only a pawn reaching the last rank can promote");
}

// Every legal move of many positions: its SAN reads back as the same move,
// and no two legal moves share a SAN.
TEST(ChessSan, RoundTripsEveryLegalMove) {
  int moves_checked = 0;
  for (const Position& pos : testing::random_positions(7, 400)) {
    std::set<std::string> seen;
    for (Move m : testing::legal_moves(pos)) {
      std::string san = to_san(pos, m);
      EXPECT_TRUE(seen.insert(san).second) << pos.fen() << " " << san;
      Expected<Move> back = parse_san(pos, san);
      ASSERT_TRUE(back.has_value()) << pos.fen() << " " << san << ": " << back.error().message;
      EXPECT_EQ(*back, m) << pos.fen() << " " << san;
      ++moves_checked;
    }
  }
  EXPECT_GT(moves_checked, 5000);
}

TEST(ChessSan, UciTextIsReadAsUci) {
  Position pos = position(kKiwipete);
  Expected<Move> castle = parse_move_text(pos, "e1h1");
  ASSERT_TRUE(castle.has_value());
  EXPECT_EQ(to_uci(*castle), "e1g1");
  play(pos, {"e1h1", "O-O-O"});
  EXPECT_EQ(pos.piece_on(G1), WhiteKing);
  EXPECT_EQ(pos.piece_on(F1), WhiteRook);
  EXPECT_EQ(pos.piece_on(C8), BlackKing);
  EXPECT_EQ(pos.piece_on(D8), BlackRook);
}

}  // namespace
}  // namespace qi::chess
