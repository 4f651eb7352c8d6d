// `qi solve tictactoe`, run as a program: the figures it prints and how it
// refuses bad input.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct QiRun {
  std::string output;  // stdout, and stderr when asked
  int status = -1;
};

QiRun run_qi(const std::string& arguments, bool with_stderr = false) {
  const std::string command =
      std::string(QI_BINARY) + " " + arguments + (with_stderr ? " 2>&1" : " 2>/dev/null");
  QiRun run;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return run;
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) run.output.append(buffer, n);
  const int status = pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

// The "key value" lines; move lines (those starting with a square) go to moves.
std::map<std::string, std::string> figures(const std::string& output,
                                           std::vector<std::string>* moves = nullptr) {
  std::map<std::string, std::string> out;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    const std::size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const bool is_square =
        key.size() == 2 && key[0] >= 'a' && key[0] <= 'c' && key[1] >= '1' && key[1] <= '3';
    if (is_square && moves)
      moves->push_back(line);
    else
      out[key] = line.substr(space + 1);
  }
  return out;
}

TEST(SolveCommand, PrintsTheDocumentFiguresFromTheStart) {
  const QiRun run = run_qi("solve tictactoe");
  ASSERT_EQ(run.status, 0) << run.output;
  auto f = figures(run.output);
  EXPECT_EQ(f["games"], "255168");
  EXPECT_EQ(f["x_wins"], "131184");
  EXPECT_EQ(f["o_wins"], "77904");
  EXPECT_EQ(f["draws"], "46080");
  EXPECT_EQ(f["positions"], "5478");
  EXPECT_EQ(f["terminal_classes"], "138");
  EXPECT_EQ(f["terminal_classes_x"], "91");
  EXPECT_EQ(f["terminal_classes_o"], "44");
  EXPECT_EQ(f["terminal_classes_draw"], "3");
  EXPECT_EQ(f["board_fillings"], "19683");
  EXPECT_EQ(f["move_orders"], "362880");
  EXPECT_EQ(f["value"], "draw");
}

TEST(SolveCommand, FromAPositionWithMoves) {
  const QiRun run = run_qi("solve tictactoe --fen 'x../.o./..x o' --moves");
  ASSERT_EQ(run.status, 0) << run.output;
  std::vector<std::string> moves;
  auto f = figures(run.output, &moves);
  EXPECT_EQ(f.count("terminal_classes"), 0u) << "symmetry classes are for the start only";
  const std::uint64_t games = std::stoull(f["games"]);
  EXPECT_EQ(games, std::stoull(f["x_wins"]) + std::stoull(f["o_wins"]) + std::stoull(f["draws"]));
  EXPECT_EQ(moves, (std::vector<std::string>{"b1 draw block_fork", "a2 draw block_fork", "c2 draw block_fork",
                                             "b3 draw block_fork", "a1 loss in 2 empty_corner",
                                             "c3 loss in 2 empty_corner"}));
}

TEST(SolveCommand, StartMovesAllDraw) {
  const QiRun run = run_qi("solve tictactoe --moves");
  std::vector<std::string> moves;
  figures(run.output, &moves);
  ASSERT_EQ(moves.size(), 9u);
  EXPECT_EQ(moves.front(), "b2 draw centre");
  for (const std::string& m : moves) EXPECT_NE(m.find(" draw "), std::string::npos) << m;
}

TEST(SolveCommand, BadPositionIsOneLineAndStatus2) {
  const QiRun run = run_qi("solve tictactoe --fen 'xxx/ooo/... x'", true);
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.output,
            "qi: solve: position: both X and O have three in a row, but play stops at the first line\n");
}

TEST(SolveCommand, OnlyTicTacToeIsSolved) {
  const QiRun run = run_qi("solve chess", true);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find("only tictactoe"), std::string::npos) << run.output;
}

}  // namespace
