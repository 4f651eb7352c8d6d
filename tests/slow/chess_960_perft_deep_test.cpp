// Deep Chess960 perft against the published counts (Chess Programming Wiki,
// "Chess960 Perft Results"): depths 5 and 6, where depth 4 runs in the
// unit tests. About ten seconds in Release; excluded from the default test run.
#include <gtest/gtest.h>

#include "../support/positions.h"
#include "core/perft.h"
#include "games/chess/position.h"

namespace qi::chess {
namespace {

struct Deep {
  const char* fen;
  std::uint64_t depth5, depth6;  // depth6 0: not published with the position
};

constexpr Deep kPublished[] = {
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 8146062, 227689589},
    {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 16253601, 590751109},
    {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", 6417013, 177654692},
    {"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", 9183776, 274103539},
    {"1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9", 34030312, 1250970898},
    {"qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9", 24851983, 775718317},
    {"bqnr1kr1/pppppp1p/6p1/5n2/4B3/3N2PP/PbPPPP2/BQNR1KR1 w GDgd - 2 9", 43256823, 0},
    {"nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w g - 3 9", 6194124, 0},
    {"nnr1kqbr/pp1pp1p1/2p5/b4p1p/P7/1PNP4/2P1PPPP/N1RBKQBR w HChc - 1 9", 4266410, 0},
    {"1rqkbnrb/pp1ppp1p/1n4p1/B1p5/3PP3/4N3/PPP2PPP/NRQK2RB w GBgb - 0 9", 19715083, 0},
    {"nrkq1rbb/pp1ppp1p/2pn4/8/PP3Pp1/7P/2PPP1P1/NRKQNRBB w FBfb - 0 9", 19867117, 0},
    {"rbqnbknr/pp1pppp1/8/2p5/3P3p/5N1P/PPP1PPPR/RBQNBK2 w Aha - 0 9", 26363334, 0},
    {"rbnnkr1q/1ppp2pp/p4p2/P2bp3/4P2P/8/1PPP1PP1/RBNNKRBQ w FAfa - 1 9", 21591790, 0},
};

TEST(Chess960PerftDeep, PublishedDepth5) {
  for (const Deep& d : kPublished)
    EXPECT_EQ(test::checked_perft<Position>(d.fen, 5, Variant::Chess960), d.depth5) << d.fen;
}

TEST(Chess960PerftDeep, PublishedDepth6) {
  for (const Deep& d : kPublished)
    if (d.depth6) {
      EXPECT_EQ(test::checked_perft<Position>(d.fen, 6, Variant::Chess960), d.depth6) << d.fen;
    }
}

}  // namespace
}  // namespace qi::chess
