// The command line's contract: output formats other tools rely on, and a
// one-line error with exit status 2 for every kind of bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "run_qi.h"

namespace qi {
namespace {

using test::run_qi;

std::string last_line(const std::string& text) {
  std::string line, last;
  std::istringstream in(text);
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  return last;
}

int count_lines(const std::string& text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

TEST(Cli, PerftLastLineStartsWithNodes) {
  auto run = run_qi("perft chess --depth 3");
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(last_line(run.out), "nodes 8902");
}

TEST(Cli, PerftDivideListsEachMoveThenTheTotal) {
  auto run = run_qi("perft chess --depth 2 --divide");
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(count_lines(run.out), 21);  // 20 moves and the total
  EXPECT_NE(run.out.find("e2e4 20\n"), std::string::npos);
  EXPECT_EQ(last_line(run.out), "nodes 400");
}

TEST(Cli, PerftFromFen) {
  auto run = run_qi("perft chess --fen '8/8/8/8/8/8/8/K6k w - - 0 1' -d 1");
  EXPECT_EQ(last_line(run.out), "nodes 3");
}

// --start names one of a variant's numbered starts (Chess960: 518 is the
// standard position); a number outside them, or a variant without them, is
// one line of error.
TEST(Cli, StartNamesANumberedStartPosition) {
  auto standard = run_qi("perft chess --variant chess960 --start 518 -d 3");
  EXPECT_EQ(last_line(standard.out), "nodes 8902");
  auto first =
      run_qi("perft chess --variant chess960 --start 0 --fen '8/8/8/8/8/8/8/K6k w - - 0 1' -d 1", "", true);
  EXPECT_EQ(first.status, 2) << "--start and --fen exclude each other: " << first.out;
  for (const char* bad : {"perft chess --variant chess960 --start 960 -d 1", "perft chess --start 5 -d 1",
                          "perft chess --variant chess960 --start x -d 1"}) {
    auto run = run_qi(bad, "", true);
    EXPECT_EQ(run.status, 2) << bad;
    EXPECT_NE(run.out.find("--start"), std::string::npos) << bad << ": " << run.out;
  }
}

TEST(Cli, PerftTicTacToeCountsGamesOfNinePlies) {
  // Perft counts leaves at exactly the given depth: the games that fill the
  // board (255168 complete games in all end at depths 5 to 9).
  auto run = run_qi("perft tictactoe --depth 9");
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(last_line(run.out), "nodes 127872");
}

void expect_bad_input(const std::string& args, const std::string& fragment) {
  auto run = run_qi(args, "", true);
  EXPECT_EQ(run.status, 2) << args;
  EXPECT_EQ(count_lines(run.out), 1) << args << ": " << run.out;
  EXPECT_NE(run.out.find(fragment), std::string::npos) << args << ": " << run.out;
}

TEST(Cli, BadInputIsOneLineAndStatusTwo) {
  expect_bad_input("perft chess --fen 'rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' -d 1",
                   "rank");
  expect_bad_input("perft go -d 1", "unknown game 'go'");
  expect_bad_input("perft chess -d x", "depth");
  expect_bad_input("perft chess", "depth");
  expect_bad_input("perft chess -d 1 --bogus", "bogus");
  expect_bad_input("perft tictactoe --variant klingon -d 1", "klingon");
  expect_bad_input("play chess --side purple", "purple");
  expect_bad_input("frobnicate", "unknown command 'frobnicate'");
}

TEST(Cli, PlayRefusesAnIllegalMoveWithItsReason) {
  auto run = run_qi("play chess --opponent human", "e2e5\\nquit\\n");
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("e2e5: "), std::string::npos) << run.out;
}

TEST(Cli, PlayAgainstTheComputerAnswersMoves) {
  auto run = run_qi("play chess", "e4\\nfen\\nquit\\n");
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("Qi plays "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(" w KQkq - "), std::string::npos)
      << run.out;  // White to move again after Qi's reply
}

TEST(Cli, PlayWithAHandicapTheComputerGivesTheOdds) {
  auto run = run_qi("play chess --fen queen", "fen\\nquit\\n");  // the person is White
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"), std::string::npos) << run.out;
  auto black = run_qi("play xiangqi --fen one_horse --side black", "quit\\n");
  EXPECT_EQ(black.status, 0);
  EXPECT_NE(black.out.find("Qi plays "), std::string::npos) << black.out;  // Red, without a horse, starts
}

TEST(Cli, PlayDrawOfferAcceptedEndsTheGame) {
  auto run = run_qi("play chess --opponent human", "draw\\ne4\\naccept\\nquit\\n");
  EXPECT_NE(run.out.find("draw by agreement"), std::string::npos) << run.out;
}

TEST(Cli, PlayUndoTakesBackAMove) {
  auto run = run_qi("play tictactoe --opponent human", "b2\\nundo\\nfen\\nquit\\n");
  EXPECT_NE(run.out.find(".../.../... x"), std::string::npos) << run.out;
}

// qi records --json: one JSON line per record, the variant and where it came
// from, the plies and final FEN of a record read whole, the error of one
// refused; the summary stays off stdout (bench/records/compare.mjs reads it).
TEST(Cli, RecordsJsonPrintsOneLinePerRecord) {
  const std::filesystem::path file = std::filesystem::temp_directory_path() / "qi_cli_records_json.pgn";
  std::ofstream(file) << "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke2 Kd9 *\n";
  auto run = run_qi("records --json --game chess " + file.string());
  std::filesystem::remove(file);
  EXPECT_EQ(run.status, 1);  // one record refused
  ASSERT_EQ(count_lines(run.out), 2) << run.out;
  const std::string first = run.out.substr(0, run.out.find('\n'));
  EXPECT_NE(first.find("\"record\":1,"), std::string::npos) << first;
  EXPECT_NE(first.find("\"variant_from\":\"default\""), std::string::npos) << first;
  EXPECT_NE(first.find("\"plies\":3,"), std::string::npos) << first;
  EXPECT_NE(first.find("\"fen\":\"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\""),
            std::string::npos)
      << first;
  const std::string second = last_line(run.out);
  EXPECT_NE(second.find("\"record\":2,"), std::string::npos) << second;
  EXPECT_NE(second.find("\"error\":"), std::string::npos) << second;
  EXPECT_NE(second.find("Kd9"), std::string::npos) << second;
  EXPECT_EQ(second.find("\"fen\""), std::string::npos) << second;
}

}  // namespace
}  // namespace qi
