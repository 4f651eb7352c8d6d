// `qi match` and `qi tournament` from the command line: output that people
// and scripts read, and a one-line error with exit status 2 for bad input.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

#include "../cli/run_qi.h"

namespace qi {
namespace {

using test::run_qi;

int lines_of(const std::string& text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

void expect_one_line_error(const std::string& args, const std::string& words) {
  test::Run run = run_qi(args, "", true);
  EXPECT_EQ(run.status, 2) << args;
  EXPECT_EQ(lines_of(run.out), 1) << args << "\n" << run.out;
  EXPECT_NE(run.out.find(words), std::string::npos) << args << "\n" << run.out;
}

TEST(MatchCli, PrintsProgressAndSummary) {
  test::Run run =
      run_qi("match --game tictactoe --player qi:random --player qi:builtin --games 4 --tc depth=1");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("Finished game 4"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Score of qi:random vs qi:builtin: 0 - "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Elo difference:"), std::string::npos);
  EXPECT_NE(run.out.find("LOS:"), std::string::npos);
  EXPECT_NE(run.out.find("DrawRatio:"), std::string::npos);
}

TEST(MatchCli, SprtLineWhenAsked) {
  test::Run run = run_qi(
      "match --game tictactoe --player qi:random --player qi:random --games 2 --tc depth=1 --sprt elo0=0 "
      "elo1=10");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("SPRT: LLR"), std::string::npos) << run.out;
}

TEST(MatchCli, WritesPgnWithResultAndTermination) {
  const std::string path = testing::TempDir() + "qi_match_cli_test.pgn";
  std::remove(path.c_str());
  test::Run run = run_qi(
      "match --game tictactoe --player qi:random --player qi:random --games 2 --tc depth=1 --pgn " + path);
  ASSERT_EQ(run.status, 0);
  std::ifstream in(path);
  std::string pgn((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(pgn.find("[Result \""), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Termination \"normal\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Round \"2\"]"), std::string::npos) << pgn;
  std::remove(path.c_str());
}

// Chess960 matches play each pair of games from one start drawn by the seed
// (colours swapped), and a UCI engine is told UCI_Chess960: Stockfish, where
// installed, castles king-takes-rook and makes no illegal move.
TEST(MatchCli, Chess960PairsPlayFromStartsDrawnByTheSeed) {
  const std::string path = testing::TempDir() + "qi_match_chess960_test.pgn";
  std::remove(path.c_str());
  const bool stockfish = std::ifstream("/usr/games/stockfish").good();
  const std::string opponent =
      stockfish ? "'cmd=/usr/games/stockfish option.Threads=1 option.Hash=16'" : "qi:builtin";
  test::Run run = run_qi("match --game chess --variant chess960 --player qi:random --player " + opponent +
                         " --games 4 --tc depth=1 --maxmoves 40 --seed 7 --pgn " + path);
  ASSERT_EQ(run.status, 0) << run.out;
  std::ifstream in(path);
  std::vector<std::string> fens, terminations;
  int variants = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("[FEN \"")) fens.push_back(line);
    if (line.starts_with("[Termination \"")) terminations.push_back(line);
    if (line == "[Variant \"Chess960\"]") ++variants;
  }
  ASSERT_EQ(fens.size(), 4u) << run.out;
  EXPECT_EQ(variants, 4);
  EXPECT_EQ(fens[0], fens[1]) << "a pair shares its start";
  EXPECT_EQ(fens[2], fens[3]) << "a pair shares its start";
  EXPECT_NE(fens[0], fens[2]) << "each pair has its own start";
  for (const std::string& t : terminations) {
    EXPECT_EQ(t.find("rules infraction"), std::string::npos) << t << "\n" << run.out;
    EXPECT_EQ(t.find("abandoned"), std::string::npos) << t << "\n" << run.out;
  }
  std::remove(path.c_str());
}

TEST(MatchCli, BadInputIsOneLineAndStatusTwo) {
  const std::string base = "match --game tictactoe --tc depth=1 ";
  expect_one_line_error(base + "--player qi:random", "exactly two");
  expect_one_line_error(base + "--player qi:random --player qi:level=11", "from 1 to 10");
  expect_one_line_error(base + "--player qi:random --player /usr/games/stockfish",
                        "UCI has no variant for tictactoe");
  expect_one_line_error(base + "--player qi:random --player 'cmd=x colour=red'", "unknown key");
  expect_one_line_error("match --game tictactoe --tc 40/x --player qi:random --player qi:random",
                        "base time");
  expect_one_line_error("match --game go --tc depth=1 --player qi:random --player qi:random", "go");
  expect_one_line_error(base + "--player qi:random --player qi:random --openings /nonexistent/file",
                        "cannot read");
  expect_one_line_error(base + "--player qi:random --player qi:random --sprt elo0=5 elo1=1", "elo1");
  expect_one_line_error(base + "--player qi:random --player qi:random --games 0", "games");
  expect_one_line_error(base + "--player qi:random --player qi:random --draw movecount=3", "movenumber");
}

TEST(MatchCli, MissingEngineIsOneLineAndStatusTwo) {
  expect_one_line_error("match --game chess --tc depth=1 --player qi:random --player /nonexistent/engine",
                        "cannot start");
}

TEST(TournamentCli, RoundRobinPrintsCrossTable) {
  test::Run run = run_qi(
      "tournament --game tictactoe --player qi:random --player qi:builtin --player 'qi:random name=R2' --tc "
      "depth=1 "
      "--format double-round-robin --scoring 3-1-0");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("Cross-table (3 / 1 / 0"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Finished game 6"), std::string::npos) << run.out;
}

TEST(TournamentCli, JsonOnStdout) {
  test::Run run = run_qi(
      "tournament --game tictactoe --player qi:builtin --player qi:random --tc depth=1 --format knockout "
      "--json");
  ASSERT_EQ(run.status, 0) << run.out;
  nlohmann::json j = nlohmann::json::parse(run.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << run.out;
  EXPECT_EQ(j["format"], "knockout");
  EXPECT_EQ(j["matches"].size(), 1u);
  EXPECT_EQ(j["standings"][0]["rank"], 1);
}

TEST(TournamentCli, BadInputIsOneLineAndStatusTwo) {
  const std::string base = "tournament --game tictactoe --tc depth=1 --player qi:random ";
  expect_one_line_error(base, "at least two");
  expect_one_line_error(base + "--player qi:random --format swiss", "swiss");
  expect_one_line_error(base + "--player qi:random --scoring 4-2-0", "4-2-0");
  expect_one_line_error(base + "--player qi:random --tie-breaks de,koya", "koya");
  expect_one_line_error(base + "--player qi:random --decider coin", "coin");
}

}  // namespace
}  // namespace qi
