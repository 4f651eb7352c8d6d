// Chess960 (FIDE Laws of Chess, Guidelines II): the 960 start positions by
// Scharnagl's numbers, castling from any of them, X-FEN and Shredder-FEN,
// castling written as the king taking its rook, and perft against the
// published Chess960 perft table.
#include "games/chess/chess960.h"

#include <gtest/gtest.h>

#include <set>

#include "core/perft.h"
#include "games/chess/san.h"
#include "notation_test_util.h"

namespace qi::chess {
namespace {

Position from960(std::string_view fen) {
  Expected<Position> pos = Position::from_fen(fen, Variant::Chess960);
  EXPECT_TRUE(pos.has_value()) << fen << ": " << (pos ? "" : pos.error().message);
  return pos ? *pos : Position();
}

// The legal move a UCI text names (as UCI_Chess960 writes castling), or
// Move::none().
Move uci(const Position& pos, std::string_view text) {
  Expected<Move> m = pos.parse_uci(text);
  return m ? *m : Move::none();
}

bool legal(const Position& pos, std::string_view text) { return !uci(pos, text).is_none(); }

std::string after(std::string_view fen, std::initializer_list<std::string_view> moves) {
  Position pos = from960(fen);
  for (std::string_view m : moves) {
    const Move move = uci(pos, m);
    EXPECT_FALSE(move.is_none()) << m << " in " << pos.fen();
    if (move.is_none()) break;
    pos.make(move);
  }
  return pos.fen();
}

TEST(Chess960, StartPositionsAreScharnaglsNumbering) {
  EXPECT_EQ(chess960_first_rank(518), "RNBQKBNR");
  EXPECT_EQ(chess960_first_rank(0), "BBQNNRKR");
  EXPECT_EQ(chess960_first_rank(959), "RKRNNQBB");
  EXPECT_EQ(chess960_fen(518), Position::kStartFen);
  std::set<std::string> seen;
  for (int n = 0; n < kChess960Starts; ++n) {
    const std::string rank = chess960_first_rank(n);
    seen.insert(rank);
    EXPECT_EQ(chess960_number(rank), n);
    // Bishops on squares of both colours, the king between the rooks.
    const std::size_t b1 = rank.find('B'), b2 = rank.rfind('B');
    EXPECT_NE(b1 % 2, b2 % 2) << rank;
    const std::size_t r1 = rank.find('R'), r2 = rank.rfind('R'), k = rank.find('K');
    EXPECT_TRUE(r1 < k && k < r2) << rank;
    EXPECT_EQ(std::multiset<char>(rank.begin(), rank.end()),
              std::multiset<char>({'R', 'N', 'B', 'Q', 'K', 'B', 'N', 'R'}));
    Expected<Position> pos = Position::from_fen(chess960_fen(n), Variant::Chess960);
    ASSERT_TRUE(pos.has_value()) << n;
    EXPECT_EQ(pos->castling_rights(), AllCastling) << n;
  }
  EXPECT_EQ(seen.size(), 960u);
  EXPECT_FALSE(chess960_number("KRRNNQBB").has_value());  // the king not between the rooks
  EXPECT_FALSE(chess960_number("BNBQKRNR").has_value());  // both bishops on dark squares
}

// Perft in the positions of the Chess960 perft table (Chess Programming
// Wiki, "Chess960 Perft Results"); depths 5 and 6 are in tests/slow.
struct Chess960PerftCase {
  const char* fen;
  std::vector<std::uint64_t> counts;
};

const std::vector<Chess960PerftCase>& published_960() {
  static const std::vector<Chess960PerftCase> cases = {
      {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", {21, 528, 12189, 326672}},
      {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", {21, 807, 18002, 667366}},
      {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", {20, 479, 10471, 273318}},
      {"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", {22, 593, 13440, 382958}},
      {"1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9", {28, 1120, 31058, 1171749}},
      {"qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9", {29, 899, 26578, 824055}},
      {"bqnr1kr1/pppppp1p/6p1/5n2/4B3/3N2PP/PbPPPP2/BQNR1KR1 w GDgd - 2 9", {31, 1132, 36559, 1261476}},
      {"nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w g - 3 9", {21, 461, 10608, 248069}},
  };
  return cases;
}

TEST(Chess960, PublishedPerftCounts) {
  for (const Chess960PerftCase& c : published_960()) {
    Position pos = from960(c.fen);
    for (std::size_t d = 0; d < c.counts.size(); ++d)
      EXPECT_EQ(perft(pos, static_cast<int>(d) + 1), c.counts[d]) << c.fen << " depth " << d + 1;
    EXPECT_EQ(pos.fen(CastlingLetters::Shredder), from960(c.fen).fen(CastlingLetters::Shredder));
  }
}

// Every node to depth 3: make and unmake restore FEN and hash, the hash
// after a move is the one computed afresh, and the FEN reads back to the
// same position.
void check_tree(Position& pos, int depth) {
  const std::string fen = pos.fen();
  const std::uint64_t hash = pos.hash();
  ASSERT_EQ(hash, pos.compute_hash()) << fen;
  if (depth == 0) {
    Position copy = from960(fen);
    ASSERT_EQ(copy.hash(), hash) << fen;
    ASSERT_EQ(copy.count_legal(), pos.count_legal()) << fen;
    return;
  }
  Position::MoveList moves;
  pos.generate_legal(moves);
  for (Move m : moves) {
    pos.make(m);
    check_tree(pos, depth - 1);
    pos.unmake(m);
    ASSERT_EQ(pos.fen(), fen) << "unmake " << to_uci(pos, m);
    ASSERT_EQ(pos.hash(), hash) << fen << " unmake " << to_uci(pos, m);
  }
}

TEST(Chess960, MakeUnmakeRestoresFenAndHash) {
  for (const Chess960PerftCase& c : published_960()) {
    Position pos = from960(c.fen);
    check_tree(pos, 3);
  }
  Position corner = from960("2r1k1r1/8/8/8/8/8/8/RK4R1 w KQkq - 0 1");
  check_tree(corner, 3);
}

// --- Castling (Guidelines II, 3) -----------------------------------------------

TEST(Chess960, CastlingKingLandsOnGFileRookOnF) {
  // Start 0 (BBQNNRKR) with the way cleared: the king stays on g1, the rook
  // goes from h1 to f1.
  EXPECT_EQ(after("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNN1KR w KQkq - 0 1", {"g1h1"}),
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRK1 b kq - 1 1");
  // King b1, rook h1: the king crosses to g1.
  EXPECT_EQ(after("1k5r/8/8/8/8/8/8/1K5R w Kk - 0 1", {"b1h1"}), "1k5r/8/8/8/8/8/8/5RK1 b k - 1 1");
}

TEST(Chess960, CastlingQueenSideLandsOnCAndD) {
  // King b1, rook a1: the king steps right to c1, the rook jumps to d1.
  EXPECT_EQ(after("rk6/8/8/8/8/8/8/RK6 w Qq - 0 1", {"b1a1"}), "rk6/8/8/8/8/8/8/2KR4 b q - 1 1");
  // King e1, rook d1: the rook stays, the king passes it.
  EXPECT_EQ(after("r3k3/8/8/8/8/8/8/3RK3 w Qq - 0 1", {"e1d1"}), "r3k3/8/8/8/8/8/8/2KR4 b q - 1 1");
  // King f1 and rook g1 swap places on the king's side.
  EXPECT_EQ(after("7k/8/8/8/8/8/8/5KR1 w K - 0 1", {"f1g1"}), "7k/8/8/8/8/8/8/5RK1 b - - 1 1");
}

TEST(Chess960, CastlingNeedsEmptySquaresButTheTwoPieces) {
  // The knight on d1 stands where the rook would land.
  Position blocked = from960("4k3/8/8/8/8/8/8/R2NK3 w Q - 0 1");
  EXPECT_FALSE(legal(blocked, "e1a1"));
  // The knight on b1 stands on the rook's way.
  EXPECT_FALSE(legal(from960("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1"), "e1a1"));
  // Nothing else in the way: the king may pass its own rook, the rook its king.
  EXPECT_TRUE(legal(from960("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), "e1a1"));
  EXPECT_TRUE(legal(from960("4k3/8/8/8/8/8/8/1KR5 w K - 0 1"), "b1c1"));
  // A piece on the king's target square blocks, even beyond the rook.
  EXPECT_FALSE(legal(from960("4k3/8/8/8/8/8/8/1KR3N1 w K - 0 1"), "b1c1"));
}

TEST(Chess960, CastlingKingPathNotAttacked) {
  // The bishop on a6 attacks f1, which the king crosses from b1 to g1.
  EXPECT_FALSE(legal(from960("4k3/8/b7/8/8/8/8/1K5R w K - 0 1"), "b1h1"));
  // Not in check.
  EXPECT_FALSE(legal(from960("1r2k3/8/8/8/8/8/8/1K5R w K - 0 1"), "b1h1"));
  // An attack on the rook's path alone does not matter (the knight on a3
  // attacks b1).
  EXPECT_TRUE(legal(from960("4k3/8/8/8/8/n7/8/R3K3 w Q - 0 1"), "e1a1"));
}

TEST(Chess960, CastlingRookDoesNotShieldTheKingsTarget) {
  // King c1 stays, the rook leaves b1 for d1, and the black rook on a1
  // would check the king: illegal.
  Position pos = from960("4k3/8/8/8/8/8/8/rRK5 w Q - 0 1");
  EXPECT_FALSE(pos.in_check());
  EXPECT_FALSE(legal(pos, "c1b1"));
}

TEST(Chess960, CastlingRightsLostWhenKingOrRookMoves) {
  EXPECT_EQ(after("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", {"h1h2"}), "rk5r/8/8/8/8/8/7R/RK6 b Qkq - 1 1");
  EXPECT_EQ(after("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", {"b1c1"}), "rk5r/8/8/8/8/8/8/R1K4R b kq - 1 1");
  // The rook captured at home.
  EXPECT_EQ(after("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", {"h1h8"}), "rk5R/8/8/8/8/8/8/RK6 b Qq - 0 1");
}

TEST(Chess960, CastlingIsWrittenAsTheKingTakingItsRook) {
  const Position pos = from960("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1");
  const Move short_castle = uci(pos, "b1h1");
  ASSERT_EQ(short_castle.kind(), Move::Castling);
  EXPECT_EQ(short_castle.to(), G1);
  EXPECT_EQ(to_uci(pos, short_castle), "b1h1");
  EXPECT_EQ(to_san(pos, short_castle), "O-O");
  EXPECT_EQ(to_san(pos, uci(pos, "b1a1")), "O-O-O");
  // The king's target reads as castling too where no plain king move goes
  // there; a one-square step stays a king move.
  EXPECT_EQ(uci(pos, "b1g1"), short_castle);
  EXPECT_EQ(uci(pos, "b1c1").kind(), Move::Normal);
  EXPECT_EQ(uci(pos, "b1a1").kind(), Move::Castling);
  // SAN, both ways.
  EXPECT_EQ(parse_san(pos, "O-O").value(), short_castle);
  EXPECT_EQ(parse_san(pos, "0-0-0").value(), uci(pos, "b1a1"));
  // In standard chess castling is written e1g1, and e1h1 reads as castling.
  const Position standard = testing::position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Move castle = *standard.parse_uci("e1h1");
  EXPECT_EQ(castle, *standard.parse_uci("e1g1"));
  EXPECT_EQ(to_uci(standard, castle), "e1g1");
}

// --- FEN ---------------------------------------------------------------------------

TEST(Chess960, XFenAndShredderFenInAndOut) {
  const std::string shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
  const std::string xfen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
  EXPECT_EQ(from960(shredder).fen(), xfen);
  EXPECT_EQ(from960(xfen).fen(CastlingLetters::Shredder), shredder);
  EXPECT_EQ(from960(xfen).hash(), from960(shredder).hash());
  // An inner rook castles: X-FEN names it by its file, K is the outer one.
  const Position inner = from960("4k3/8/8/8/8/8/8/4K1RR w G - 0 1");
  EXPECT_EQ(inner.fen(), "4k3/8/8/8/8/8/8/4K1RR w G - 0 1");
  EXPECT_EQ(inner.castling_rook_square(White, true), G1);
  EXPECT_EQ(from960("4k3/8/8/8/8/8/8/4K1RR w K - 0 1").castling_rook_square(White, true), H1);
  // Kings and rooks off the standard squares keep their rights in Chess960,
  // and lose them in standard chess.
  std::vector<std::string> warnings;
  const std::string start0 = chess960_fen(0);
  EXPECT_EQ(Position::from_fen(start0, Variant::Chess960, &warnings)->castling_rights(), AllCastling);
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(Position::from_fen(start0, Variant::Standard, &warnings)->castling_rights(), NoCastling);
  EXPECT_EQ(warnings.size(), 4u);
  EXPECT_EQ(warnings.front(), "FEN: castling right K dropped: the white king is not on e1");
}

TEST(Chess960, ImpossibleRightsAreDroppedWithAWarning) {
  std::vector<std::string> warnings;
  Expected<Position> pos =
      Position::from_fen("1k6/8/8/8/8/8/8/1K5R w KQkqC - 0 1", Variant::Chess960, &warnings);
  ASSERT_TRUE(pos.has_value());
  EXPECT_EQ(pos->castling_rights(), WhiteOO);
  EXPECT_EQ(warnings,
            (std::vector<std::string>{
                "FEN: castling right Q dropped: there is no white rook on the queen's side of the king",
                "FEN: castling right k dropped: there is no black rook on the king's side of the king",
                "FEN: castling right q dropped: there is no black rook on the queen's side of the king",
                "FEN: castling right C dropped: there is no white rook on c1",
            }));
}

}  // namespace
}  // namespace qi::chess
