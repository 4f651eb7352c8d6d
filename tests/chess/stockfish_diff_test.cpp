// Differential test against Stockfish: in a few hundred positions met along
// random games, the set of legal moves must be exactly Stockfish's (its
// "go perft 1" lists each legal move as "e2e4: 1"). One Stockfish process
// serves the whole test; the test skips itself when the binary is missing.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <set>
#include <string>

#include "notation_test_util.h"

namespace qi::chess {
namespace {

constexpr const char* kStockfish = "/usr/games/stockfish";

// A child process spoken to through its standard input and output.
class Engine {
 public:
  explicit Engine(const char* path) {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0) return;
    if (pipe(from_child) != 0) {
      close(to_child[0]);
      close(to_child[1]);
      return;
    }
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to_child[0], STDIN_FILENO);
      dup2(from_child[1], STDOUT_FILENO);
      close(to_child[0]);
      close(to_child[1]);
      close(from_child[0]);
      close(from_child[1]);
      execl(path, path, static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    to_ = fdopen(to_child[1], "w");
    from_ = fdopen(from_child[0], "r");
  }
  ~Engine() {
    if (to_) {
      send("quit");
      fclose(to_);
    }
    if (from_) fclose(from_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
  }
  bool running() const { return pid_ > 0 && to_ && from_; }

  void send(const std::string& line) {
    fputs((line + "\n").c_str(), to_);
    fflush(to_);
  }
  bool read_line(std::string& line) {
    line.clear();
    for (int c; (c = fgetc(from_)) != EOF;) {
      if (c == '\n') return true;
      line += static_cast<char>(c);
    }
    return !line.empty();
  }

  // The legal moves by Stockfish; empty with ok == false if it stopped talking.
  std::set<std::string> legal_moves(const std::string& fen, bool& ok) {
    send("position fen " + fen);
    send("go perft 1");
    std::set<std::string> moves;
    std::string line;
    while ((ok = read_line(line))) {
      if (line.rfind("Nodes searched", 0) == 0) break;
      std::size_t colon = line.find(": ");
      if (colon != std::string::npos && (colon == 4 || colon == 5)) moves.insert(line.substr(0, colon));
    }
    return moves;
  }

 private:
  pid_t pid_ = -1;
  FILE* to_ = nullptr;
  FILE* from_ = nullptr;
};

TEST(ChessStockfishDiff, LegalMovesMatchStockfish) {
  if (access(kStockfish, X_OK) != 0) GTEST_SKIP() << kStockfish << " is not installed";
  signal(SIGPIPE, SIG_IGN);  // a dead engine shows up as a failed read, not a crash
  Engine engine(kStockfish);
  ASSERT_TRUE(engine.running());
  engine.send("uci");

  int positions = 0, moves_compared = 0;
  for (const Position& pos : testing::random_positions(20240601, 400, 120)) {
    std::set<std::string> ours;
    for (Move m : testing::legal_moves(pos)) ours.insert(to_uci(m));
    bool ok = false;
    std::set<std::string> theirs = engine.legal_moves(pos.fen(), ok);
    ASSERT_TRUE(ok) << "Stockfish stopped answering at " << pos.fen();
    EXPECT_EQ(ours, theirs) << pos.fen();
    ++positions;
    moves_compared += static_cast<int>(ours.size());
  }
  EXPECT_EQ(positions, 400);
  EXPECT_GT(moves_compared, 4000);
}

}  // namespace
}  // namespace qi::chess
