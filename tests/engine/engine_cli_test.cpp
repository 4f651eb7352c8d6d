// The command-line contract of qi go, qi bench, qi uci and qi ucci.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <regex>

#include "../cli/run_qi.h"
#include "games/checkers/endgame.h"

namespace qi::test {
namespace {

std::string last_line(const std::string& out) {
  std::string s = out;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s.substr(s.rfind('\n') == std::string::npos ? 0 : s.rfind('\n') + 1);
}

TEST(GoCommand, LastLineIsBestmoveInTheGamesNotation) {
  qi::test::Run chess = run_qi("go chess --depth 4");
  EXPECT_EQ(chess.status, 0);
  EXPECT_TRUE(
      std::regex_match(last_line(chess.out), std::regex("bestmove [a-h][1-8][a-h][1-8]( ponder \\S+)?")));
  EXPECT_NE(chess.out.find("info depth 4 "), std::string::npos);
  qi::test::Run xiangqi = run_qi("go xiangqi --depth 3 --quiet");
  EXPECT_TRUE(
      std::regex_match(last_line(xiangqi.out), std::regex("bestmove [a-i][0-9][a-i][0-9]( ponder \\S+)?")));
  qi::test::Run checkers = run_qi("go checkers --depth 4 --quiet");
  EXPECT_TRUE(std::regex_match(last_line(checkers.out), std::regex("bestmove \\d+[-x]\\d+( ponder \\S+)?")));
  qi::test::Run tictactoe = run_qi("go tictactoe --depth 9 --quiet");
  EXPECT_TRUE(std::regex_match(last_line(tictactoe.out), std::regex("bestmove [a-c][1-3]( ponder \\S+)?")));
}

TEST(GoCommand, MovesAndHandicapsSetThePosition) {
  qi::test::Run r = run_qi("go chess --fen knight --moves e2e4 e7e5 --depth 3 --quiet");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(last_line(r.out).substr(0, 9), "bestmove ");
}

TEST(GoCommand, HintExplainsTheMove) {
  qi::test::Run r = run_qi("go chess --fen '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' --depth 3 --hint --quiet");
  EXPECT_NE(r.out.find("hint Ra8#: checkmate"), std::string::npos) << r.out;
  EXPECT_EQ(last_line(r.out).substr(0, 13), "bestmove a1a8");
}

TEST(GoCommand, BadPositionIsAnErrorWithStatusTwo) {
  qi::test::Run r = run_qi("go chess --fen 'not a fen' --depth 2", "", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("qi: "), std::string::npos);
  qi::test::Run m = run_qi("go chess --moves e2e5 --depth 2", "", true);
  EXPECT_EQ(m.status, 2);
}

TEST(BenchCommand, PrintsASignatureAndSpeed) {
  qi::test::Run r = run_qi("bench --depth-change -6");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("Nodes searched  : "), std::string::npos);
  EXPECT_NE(r.out.find("Nodes/second    : "), std::string::npos);
  // The signature is reproducible.
  qi::test::Run again = run_qi("bench --depth-change -6");
  auto signature = [](const std::string& out) { return out.substr(out.find("Nodes searched"), 40); };
  EXPECT_EQ(signature(r.out), signature(again.out));
}

// Endgame tables beside qi (or named by QI_EGDB) load in the background, so a
// bench that used them would count different nodes depending on when the
// load finished, and on whether tables are installed at all.
TEST(BenchCommand, SignatureDoesNotDependOnInstalledEndgameTables) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "qi_bench_egdb_test";
  std::filesystem::remove_all(dir);
  ASSERT_TRUE(checkers::endgame::Database::build(3, 3).write(dir.string()).has_value());
  auto signature = [](const std::string& out) { return out.substr(0, out.find("\nTotal time")); };
  setenv("QI_EGDB", dir.c_str(), 1);
  const qi::test::Run with_tables = run_qi("bench --depth-change -6");
  setenv("QI_EGDB", (dir / "none").c_str(), 1);
  const qi::test::Run without_tables = run_qi("bench --depth-change -6");
  unsetenv("QI_EGDB");
  std::filesystem::remove_all(dir);
  ASSERT_EQ(with_tables.status, 0);
  EXPECT_EQ(signature(with_tables.out), signature(without_tables.out));
}

TEST(UciCommand, AnswersOnStandardOutput) {
  qi::test::Run r = run_qi("uci", "uci\\nisready\\nposition startpos\\ngo depth 3\\n");
  EXPECT_NE(r.out.find("uciok"), std::string::npos);
  EXPECT_NE(r.out.find("readyok"), std::string::npos);
  qi::test::Run u = run_qi("ucci", "ucci\\nquit\\n");
  EXPECT_NE(u.out.find("ucciok"), std::string::npos);
  EXPECT_EQ(last_line(u.out), "bye");
}

}  // namespace
}  // namespace qi::test
