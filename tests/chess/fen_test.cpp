// FEN reading and writing: round trips, and a clear message for every way a
// FEN can be wrong.
#include <gtest/gtest.h>

#include <string>

#include "core/fen_text.h"
#include "games/chess/position.h"

namespace qi::chess {
namespace {

std::string error_of(std::string_view fen) {
  Expected<Position> pos = Position::from_fen(fen);
  return pos ? std::string("accepted") : pos.error().message;
}

TEST(ChessFen, DefaultIsTheStartPosition) {
  Position pos;
  EXPECT_EQ(pos.fen(), Position::kStartFen);
  EXPECT_EQ(pos.us(), White);
  EXPECT_EQ(pos.side_to_move(), Side::First);
  EXPECT_EQ(pos.castling_rights(), AllCastling);
  EXPECT_EQ(pos.piece_on(E1), WhiteKing);
  EXPECT_EQ(pos.piece_on(D8), BlackQueen);
  EXPECT_EQ(popcount(pos.pieces()), 32);
  EXPECT_EQ(pos.ply_count(), 0);
  EXPECT_EQ(pos.last_move(), Move::none());
}

TEST(ChessFen, RoundTrips) {
  for (const char* fen : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
           "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
           "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
           "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
           "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
           "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 99 250",
       }) {
    Expected<Position> pos = Position::from_fen(fen);
    ASSERT_TRUE(pos.has_value()) << fen << ": " << pos.error().message;
    EXPECT_EQ(pos->fen(), fen);
  }
}

TEST(ChessFen, FourFieldsDefaultTheClocks) {
  Expected<Position> pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3");
  ASSERT_TRUE(pos.has_value());
  EXPECT_EQ(pos->halfmove_clock(), 0);
  EXPECT_EQ(pos->fullmove_number(), 1);
  EXPECT_EQ(pos->fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(ChessFen, ExtraSpacesAreFine) {
  Expected<Position> pos = Position::from_fen("  8/8/8/8/8/8/8/K6k   w  -  -  3 9 ");
  ASSERT_TRUE(pos.has_value());
  EXPECT_EQ(pos->fen(), "8/8/8/8/8/8/8/K6k w - - 3 9");
}

TEST(ChessFen, EnPassantSquareWrittenOnlyWhenCaptureIsLegal) {
  // Plausible (a pawn just stepped past it) but no capture: accepted, kept
  // as the en passant square, left out of the FEN written back.
  Expected<Position> pos = Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
  ASSERT_TRUE(pos.has_value());
  EXPECT_EQ(pos->en_passant_square(), E3);
  EXPECT_FALSE(pos->has_legal_en_passant());
  EXPECT_EQ(pos->fen(), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
}

TEST(ChessFen, FullmoveZeroReadsAsOne) {
  EXPECT_EQ(Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 0")->fullmove_number(), 1);
}

TEST(ChessFen, ErrorsNameTheProblem) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "FEN: empty"},
      {"   ", "FEN: empty"},
      {"8/8/8/8/8/8/8/K6k", "FEN: 1 field, expected at least 2 (the board and the side to move)"},
      {"8/8/8/8/8/8/8/K6k w - - 0 1 extra", "FEN: 7 fields, expected at most 6"},
      {"8/8/8/8/8/8/K6k w - - 0 1", "FEN: board has 7 ranks, expected 8"},
      {"8/8/8/8/8/8/8/8/K6k w - - 0 1", "FEN: board has 9 ranks, expected 8"},
      {"8/8/8/8/8/ppp6/8/K6k w - - 0 1", "FEN: rank 3 has 9 squares"},
      {"8/8/8/8/8/8/7/K6k w - - 0 1", "FEN: rank 2 has 7 squares"},
      {"8/8/8/x7/8/8/8/K6k w - - 0 1", "FEN: unknown piece letter 'x' in rank 5"},
      {"8/8/8/8/8/8/8/K5k1 w - - 0 1", "accepted"},
      {"8/8/8/8/8/8/8/K51k w - - 0 1", "FEN: two digits in a row in rank 1"},
      {"8/8/8/8/8/8/8/K0k6 w - - 0 1", "FEN: digit '0' in rank 1"},
      {"8/8/8/8/8/8/8/K9 w - - 0 1", "FEN: digit '9' in rank 1"},
      {"8/8/8/8/8/8/8/K2K3k w - - 0 1", "FEN: two white kings"},
      {"k1k5/8/8/8/8/8/8/K7 w - - 0 1", "FEN: two black kings"},
      {"8/8/8/8/8/8/8/K7 w - - 0 1", "FEN: no black king"},
      {"8/8/8/8/8/8/8/7k w - - 0 1", "FEN: no white king"},
      {"8/8/8/8/8/8/8/KP5k w - - 0 1", "FEN: pawn on rank 1"},
      {"3p4/8/8/8/8/8/8/K6k w - - 0 1", "FEN: pawn on rank 8"},
      {"k7/8/8/8/8/8/PPPPPPPP/KQQQQQQQ w - - 0 1",
       "FEN: white has 6 pieces beyond the starting set but only 0 missing pawns"},
      {"k7/pppppppp/p7/8/8/8/8/K7 w - - 0 1", "FEN: black has 9 pawns"},
      {"k7/8/8/8/8/8/PPPPPPP1/KQQ5 w - - 0 1", "accepted"},
      {"k7/8/8/8/8/8/PPPPPPPP/KQQ5 w - - 0 1",
       "FEN: white has 1 piece beyond the starting set but only 0 missing pawns"},
      {"8/8/8/8/8/8/8/K6k x - - 0 1", "FEN: side to move must be 'w' or 'b', not 'x'"},
      {"8/8/8/8/8/8/8/K5rk b - - 0 1", "FEN: the side not to move is in check"},
      {"8/8/8/8/8/8/8/Kk6 w - - 0 1", "FEN: the side not to move is in check"},
      {"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "accepted"},
      {"4k3/8/8/8/8/8/8/4K2R w X - 0 1", "FEN: unknown castling letter 'X'"},
      {"4k3/8/8/8/8/8/8/4K2R w K- - 0 1", "FEN: unknown castling letter '-'"},
      {"4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "FEN: en passant square e3 does not fit the side to move"},
      {"4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1", "FEN: en passant square e4 does not fit the side to move"},
      {"4k3/8/8/8/8/8/8/4K3 b - e3 0 1", "FEN: en passant square e3 but no white pawn on e4"},
      {"4k3/8/8/8/4P3/8/4N3/4K3 b - e3 0 1",
       "FEN: en passant square e3 but the pawn on e4 cannot have just come from e2"},
      {"4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1",
       "FEN: en passant square e3 but the pawn on e4 cannot have just come from e2"},
      {"4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "FEN: en passant square 'z9' is not a square"},
      {"4k3/8/8/8/8/8/8/4K3 w - - x 1", "FEN: halfmove clock 'x' is not a number from 0 to 1000000"},
      {"4k3/8/8/8/8/8/8/4K3 w - - -1 1", "FEN: halfmove clock '-1' is not a number from 0 to 1000000"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 99999999 1",
       "FEN: halfmove clock '99999999' is not a number from 0 to 1000000"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1x", "FEN: fullmove number '1x' is not a number from 1 to 1000000"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0", "accepted"},
  };
  for (const auto& [fen, message] : cases) EXPECT_EQ(error_of(fen), message) << fen;
}

// chess.js and chessops read a FEN from its first two fields on; the rest
// defaults: no castling, no en passant square, clocks 0 and 1.
TEST(ChessFen, TwoOrThreeFieldsDefaultTheRest) {
  const std::pair<const char*, const char*> cases[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b",
       "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1"},
  };
  for (const auto& [fen, read] : cases) {
    Expected<Position> pos = Position::from_fen(fen);
    ASSERT_TRUE(pos.has_value()) << fen << ": " << pos.error().message;
    EXPECT_EQ(pos->fen(), read);
  }
}

// A castling right the board cannot have is dropped, as chess.js and
// chessops drop it, and the reader says so.
TEST(ChessFen, ImpossibleCastlingRightsAreDroppedWithAWarning) {
  struct Case {
    const char* fen;
    const char* castling;  // as read back
    std::vector<std::string> warnings;
  };
  const Case cases[] = {
      {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "-", {"FEN: castling right K dropped: there is no white rook on h1"}},
      {"4k3/8/8/8/8/8/8/R2K4 w Q - 0 1", "-", {"FEN: castling right Q dropped: the white king is not on e1"}},
      {"4k2r/8/8/8/8/8/8/4K3 w kq - 0 1",
       "k",
       {"FEN: castling right q dropped: there is no black rook on a8"}},
      {"r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1",
       "Qkq",
       {"FEN: castling right K dropped: there is no white rook on h1"}},
      {"r3k2r/8/8/8/8/8/8/R3K1RR w G - 0 1",
       "-",
       {"FEN: castling right G dropped: in standard chess only the rooks on a1 and h1 castle"}},
      {"4k3/8/8/8/8/8/8/4K2R w KK - 0 1", "K", {}},
      {"4k3/8/8/8/8/8/8/4K2R w KH - 0 1", "K", {}},
  };
  for (const Case& c : cases) {
    std::vector<std::string> warnings;
    Expected<Position> pos = Position::from_fen(c.fen, Variant::Standard, &warnings);
    ASSERT_TRUE(pos.has_value()) << c.fen << ": " << pos.error().message;
    EXPECT_EQ(std::string(split_fields(pos->fen())[2]), c.castling) << c.fen;
    EXPECT_EQ(warnings, c.warnings) << c.fen;
  }
}

// Shredder-FEN (the rooks' files) and X-FEN letters read in standard chess
// too; written as KQkq.
TEST(ChessFen, ShredderAndXFenCastlingInStandardChess) {
  const std::string standard(Position::kStartFen);
  for (const char* castling : {"HAha", "AHah", "KQha", "HAkq", "KQkq"}) {
    const std::string fen =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w " + std::string(castling) + " - 0 1";
    std::vector<std::string> warnings;
    Expected<Position> pos = Position::from_fen(fen, Variant::Standard, &warnings);
    ASSERT_TRUE(pos.has_value()) << fen << ": " << pos.error().message;
    EXPECT_EQ(pos->fen(), standard) << castling;
    EXPECT_TRUE(warnings.empty()) << castling;
  }
  EXPECT_EQ(Position().fen(CastlingLetters::Shredder),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
}

TEST(ChessFen, TooManyPieces) {
  EXPECT_EQ(error_of("k7/8/8/8/8/1P6/PPPPPPPP/K7 w - - 0 1"), "FEN: white has 9 pawns");
  // Sixteen is the most pieces a side ever has.
  EXPECT_EQ(error_of("k7/8/8/8/8/NNNNNNNN/PPPPPPPP/KNB5 w - - 0 1"), "FEN: white has 19 pieces");
}

TEST(ChessFen, ErrorLeavesNothingBehind) {
  // from_fen builds a new position; a failure returns only the error.
  Expected<Position> bad = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().message, "FEN: fullmove number 'x' is not a number from 1 to 1000000");
}

}  // namespace
}  // namespace qi::chess
