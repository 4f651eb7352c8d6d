// Perft from the start positions against published counts. Every jump path is
// its own move in English checkers (Aart Bik's counts); the FMJD family counts
// one move per (start, end, captured pieces).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "core/perft.h"
#include "games/checkers/checkers_game.h"
#include "games/checkers/position.h"

namespace qi::checkers {
namespace {

template <class V>
void expect_perft(const std::vector<std::uint64_t>& published) {
  Position<V> p = Position<V>::start();
  for (std::size_t d = 1; d <= published.size(); ++d)
    EXPECT_EQ(perft(p, static_cast<int>(d)), published[d - 1]) << V::name << " depth " << d;
  EXPECT_EQ(p, Position<V>::start()) << "perft must leave the position as it found it";
}

TEST(CheckersPerft, EnglishStartMatchesAartBik) {
  expect_perft<English>({7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680});
}

TEST(CheckersPerft, BrazilianStartMatchesPublished) {
  expect_perft<Brazilian>({7, 49, 302, 1469, 7473, 37628, 187302});
}

TEST(CheckersPerft, InternationalStartMatchesPublishedWithDuplicatesRemoved) {
  expect_perft<International>({9, 81, 658, 4265, 27117, 167140, 1049442});
}

// Kodra (Sochima Biereagu, 2017) counts every jump path as its own move.
TEST(CheckersPerft, RussianStartCountingEveryPathMatchesKodra) {
  expect_perft<RussianPaths>({7, 49, 302, 1469, 7482, 37986, 190146, 929905});
}

// Counting each path or each (start, end, captured set) differs only where two
// routes take the same pieces: the first such capture appears at depth 8.
TEST(CheckersPerft, RussianMergesOnlyCapturesWithTheSameStartEndAndPieces) {
  Position<Russian> merged = Position<Russian>::start();
  Position<RussianPaths> paths = Position<RussianPaths>::start();
  for (int d = 1; d <= 7; ++d) EXPECT_EQ(perft(merged, d), perft(paths, d)) << "depth " << d;
  EXPECT_LT(perft(merged, 8), perft(paths, 8));
}

// Russian rules differ from Brazilian ones only in captures (free choice,
// crowning during a capture); before the first capture choice arises the
// trees are the same.
TEST(CheckersPerft, RussianMatchesBrazilianUntilCaptureRulesDiffer) {
  Position<Russian> r = Position<Russian>::start();
  Position<Brazilian> b = Position<Brazilian>::start();
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(perft(r, d), perft(b, d)) << "depth " << d;
  EXPECT_GT(perft(r, 5), perft(b, 5)) << "free capture choice gives Russian more moves at depth 5";
}

TEST(CheckersPerft, CountLegalAgreesWithGeneration) {
  // Bulk counting at the last ply must equal the generated list size.
  Position<English> p = Position<English>::start();
  Position<English>::MoveList list;
  p.generate_legal(list);
  EXPECT_EQ(p.count_legal(), list.size());
}

TEST(CheckersPerft, GameAdapterDividesInPdnNotation) {
  auto g = make_game("");
  auto divide = g->perft_divide(3);
  std::uint64_t total = 0;
  bool saw = false;
  for (const auto& [id, n] : divide) {
    total += n;
    if (id == "11-15") saw = true;
  }
  EXPECT_TRUE(saw);
  EXPECT_EQ(total, 302u);
  EXPECT_EQ(g->perft(4), 1469u);
}

}  // namespace
}  // namespace qi::checkers
