// Differential test against Stockfish: in a few hundred positions met along
// random games, the set of legal moves must be exactly Stockfish's (its
// "go perft 1" lists each legal move as "e2e4: 1"); in Chess960 too, with
// Stockfish told UCI_Chess960 (castling written as the king taking its
// rook), and perft with every first move's count. One Stockfish process
// serves each test; the tests skip themselves when the binary is missing.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "core/perft.h"
#include "games/chess/chess960.h"
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

  // Stockfish's perft to `depth`, by first move ("e2e4" -> leaves below it);
  // empty with ok == false if it stopped talking.
  std::map<std::string, std::uint64_t> divide(const std::string& fen, int depth, bool& ok) {
    send("position fen " + fen);
    send("go perft " + std::to_string(depth));
    std::map<std::string, std::uint64_t> moves;
    std::string line;
    while ((ok = read_line(line))) {
      if (line.rfind("Nodes searched", 0) == 0) break;
      std::size_t colon = line.find(": ");
      if (colon != std::string::npos && (colon == 4 || colon == 5))
        moves[line.substr(0, colon)] = std::stoull(line.substr(colon + 2));
    }
    return moves;
  }

  // The legal moves by Stockfish; empty with ok == false if it stopped talking.
  std::set<std::string> legal_moves(const std::string& fen, bool& ok) {
    std::set<std::string> moves;
    for (const auto& [move, count] : divide(fen, 1, ok)) moves.insert(move);
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

// Positions along random Chess960 games from random starts (and from start
// positions with castling right away: the back rank thinned out).
std::vector<Position> random_chess960_positions(std::uint64_t seed, int count, int max_plies) {
  SplitMix64 rng(seed);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count) {
    std::string fen = chess960_fen(static_cast<int>(rng.below(kChess960Starts)));
    // Half the games start with the knights, bishops and queens gone, so
    // that castling of every shape comes early and often.
    if (rng.below(2) == 0) {
      std::string rank;
      int empty = 0;
      for (char c : chess960_first_rank(static_cast<int>(rng.below(kChess960Starts)))) {
        if (c != 'R' && c != 'K') {
          ++empty;
          continue;
        }
        if (empty) rank += static_cast<char>('0' + empty);
        empty = 0;
        rank += c;
      }
      if (empty) rank += static_cast<char>('0' + empty);
      std::string black = rank;
      for (char& c : black) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      fen = black + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank + " w KQkq - 0 1";
    }
    Position pos = *Position::from_fen(fen, Variant::Chess960);
    for (int ply = 0; ply < max_plies && static_cast<int>(out.size()) < count; ++ply) {
      std::vector<Move> moves = testing::legal_moves(pos);
      if (moves.empty() || pos.result() != Result::None) break;
      out.push_back(pos);
      pos.make(moves[rng.below(moves.size())]);
    }
  }
  return out;
}

// Stockfish told it plays Chess960: X-FEN and Shredder-FEN in, castling
// written king takes rook.
void start_chess960(Engine& engine) {
  engine.send("uci");
  engine.send("setoption name UCI_Chess960 value true");
}

TEST(ChessStockfishDiff, Chess960LegalMovesMatchStockfish) {
  if (access(kStockfish, X_OK) != 0) GTEST_SKIP() << kStockfish << " is not installed";
  signal(SIGPIPE, SIG_IGN);
  Engine engine(kStockfish);
  ASSERT_TRUE(engine.running());
  start_chess960(engine);

  int positions = 0, castlings = 0;
  for (const Position& pos : random_chess960_positions(960, 400, 60)) {
    std::set<std::string> ours;
    for (Move m : testing::legal_moves(pos)) {
      ours.insert(to_uci(pos, m));
      castlings += m.kind() == Move::Castling;
    }
    bool ok = false;
    std::set<std::string> theirs = engine.legal_moves(pos.fen(), ok);
    ASSERT_TRUE(ok) << "Stockfish stopped answering at " << pos.fen();
    EXPECT_EQ(ours, theirs) << pos.fen();
    ++positions;
  }
  EXPECT_EQ(positions, 400);
  EXPECT_GT(castlings, 40);  // the test reaches castling of many shapes
}

// Perft to depth 4, move by move, from start positions and along games.
TEST(ChessStockfishDiff, Chess960PerftMatchesStockfish) {
  if (access(kStockfish, X_OK) != 0) GTEST_SKIP() << kStockfish << " is not installed";
  signal(SIGPIPE, SIG_IGN);
  Engine engine(kStockfish);
  ASSERT_TRUE(engine.running());
  start_chess960(engine);

  std::vector<Position> positions = random_chess960_positions(9600, 24, 30);
  for (int n : {0, 518, 959}) positions.push_back(*Position::from_fen(chess960_fen(n), Variant::Chess960));
  std::uint64_t leaves = 0;
  for (Position& pos : positions) {
    std::map<std::string, std::uint64_t> ours;
    for (const auto& [move, count] : perft_divide(pos, 4)) ours[to_uci(pos, move)] = count;
    bool ok = false;
    std::map<std::string, std::uint64_t> theirs = engine.divide(pos.fen(), 4, ok);
    ASSERT_TRUE(ok) << "Stockfish stopped answering at " << pos.fen();
    EXPECT_EQ(ours, theirs) << pos.fen();
    for (const auto& [move, count] : ours) leaves += count;
  }
  EXPECT_GT(leaves, 3000000u);
}

}  // namespace
}  // namespace qi::chess
