// Every numeric option refuses what is not a whole number in its range, and
// every --fen refuses an empty position: one line, exit status 2. Before,
// `--nodes -1` became the largest unsigned number and searched for ever,
// and `--fen ''` quietly meant the start position.
#include <gtest/gtest.h>

#include <fstream>

#include "core/utf8.h"
#include "run_qi.h"

namespace qi {
namespace {

using test::run_qi;

// A qi that hangs fails after this many seconds instead of stalling the tests.
constexpr int kHung = 30;

void expect_refused(const std::string& args, const std::string& fragment) {
  const test::Run run = run_qi(args, "", true, kHung);
  EXPECT_EQ(run.status, 2) << args << ": " << run.out;
  EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 1) << args << ": " << run.out;
  EXPECT_EQ(run.out.rfind("qi: ", 0), 0u) << args << ": " << run.out;
  EXPECT_NE(run.out.find(fragment), std::string::npos) << args << ": " << run.out;
  EXPECT_TRUE(is_valid_utf8(run.out)) << args;
}

TEST(CliArguments, NegativeAndOverflowingNumbersAreRefused) {
  const std::string big = "99999999999999999999";
  for (const std::string& value : {std::string("-1"), big, std::string("0x10"), std::string("1.5")}) {
    expect_refused("go chess --nodes " + value, "--nodes");
    expect_refused("go chess --depth " + value, "--depth");
    expect_refused("go chess --movetime " + value, "--movetime");
    expect_refused("go chess --level " + value, "--level");
    expect_refused("go chess --multipv " + value, "--multipv");
    expect_refused("go chess --threads " + value, "--threads");
    expect_refused("go chess --hash " + value, "--hash");
    expect_refused("perft chess --depth " + value, "--depth");
    expect_refused("play chess --level " + value, "--level");
    if (value != "-1") expect_refused("bench --depth-change " + value, "--depth-change");  // -1 is in range
    const std::string match = "match --game tictactoe --player qi:random --player qi:random --tc depth=1 ";
    expect_refused(match + "--games " + value, "--games");
    expect_refused(match + "--seed " + value, "--seed");
    expect_refused(match + "--concurrency " + value, "--concurrency");
    expect_refused(match + "--margin " + value, "--margin");
    expect_refused(match + "--hang-timeout " + value, "--hang-timeout");
    expect_refused(match + "--maxmoves " + value, "--maxmoves");
    const std::string tournament =
        "tournament --game tictactoe --player qi:random --player qi:random --tc depth=1 ";
    expect_refused(tournament + "--seed " + value, "--seed");
    expect_refused("records " + std::string(QI_SOURCE_DIR) + "/README.md --errors " + value, "--errors");
  }
}

TEST(CliArguments, TheMessageNamesTheRange) {
  expect_refused("go chess --nodes -1", "'-1' is not a whole number from 1 to 1099511627776");
  expect_refused("perft chess --depth 65", "'65' is not a whole number from 0 to 64");
  expect_refused("bench --depth-change -11", "'-11' is not a whole number from -10 to 10");
}

TEST(CliArguments, NumbersInRangeStillWork) {
  const test::Run run = run_qi("go tictactoe --nodes 500 --quiet", "", false, kHung);
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out.rfind("bestmove ", 0), 0u) << run.out;
  // Leading zeros are decimal, not octal ("09" is no octal number at all).
  EXPECT_NE(run_qi("perft tictactoe --depth 09", "", false, kHung).out.find("nodes 127872"),
            std::string::npos);
}

TEST(CliArguments, AnEmptyFenIsRefused) {
  const std::string why = "an empty FEN is no position";
  expect_refused("perft chess --fen '' --depth 1", why);
  expect_refused("perft checkers --fen '   ' --depth 1", why);
  expect_refused("go chess --fen '' --depth 1", why);
  expect_refused("play chess --fen ''", why);
  expect_refused("solve tictactoe --fen ''", why);
}

TEST(CliArguments, ACheckersPositionWithoutPiecesIsRefused) {
  expect_refused("perft checkers --fen W:W:B --depth 1", "White has no pieces");
  expect_refused("perft checkers --fen W:W21:B --depth 1", "Black has no pieces");
}

TEST(CliArguments, MessagesQuotingBadBytesAreValidUtf8) {
  expect_refused("perft xiangqi --fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN中 w' -d 1",
                 "'中' is not a xiangqi piece");
  expect_refused(
      "perft xiangqi --fen \"$(printf 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN\\377 w')\" "
      "-d 1",
      "'\\xFF' is not a xiangqi piece");
  expect_refused("go chess --nodes \"$(printf '\\377')\"", "--nodes");
  expect_refused("\"$(printf 'frob\\377')\"", "unknown command 'frob\\xFF'");
}

}  // namespace
}  // namespace qi
