// UCI and UCCI transcripts: commands in, replies checked.
#include <gtest/gtest.h>

#include <mutex>
#include <regex>
#include <string>
#include <vector>

#include "engine/registry.h"
#include "protocol/uci.h"

namespace qi::protocol {
namespace {

struct Transcript {
  std::mutex m;
  std::vector<std::string> lines;
  Protocol p;
  explicit Transcript(Dialect d)
      : p(d, [this](const std::string& line) {
          std::lock_guard lock(m);
          lines.push_back(line);
        }) {}
  void feed(std::initializer_list<const char*> commands) {
    for (const char* c : commands) p.handle(c);
    p.wait();
  }
  bool has(const std::string& line) {
    std::lock_guard lock(m);
    return std::find(lines.begin(), lines.end(), line) != lines.end();
  }
  std::string last() {
    std::lock_guard lock(m);
    return lines.empty() ? "" : lines.back();
  }
  bool any_starts_with(const std::string& prefix) {
    std::lock_guard lock(m);
    for (const auto& l : lines)
      if (l.rfind(prefix, 0) == 0) return true;
    return false;
  }
};

TEST(UciProtocol, HandshakeListsOptionsAndEndsWithUciok) {
  Transcript t(Dialect::Uci);
  t.feed({"uci"});
  EXPECT_TRUE(t.has("id name Qi"));
  EXPECT_TRUE(t.has("option name UCI_Variant type combo default chess var chess var xiangqi"));
  EXPECT_TRUE(t.any_starts_with("option name Skill Level"));
  EXPECT_EQ(t.last(), "uciok");
  t.feed({"isready"});
  EXPECT_EQ(t.last(), "readyok");
}

// `Use NNUE` (on by default) switches full strength between the learned
// chess evaluation and the hand-written one: static evaluations change with
// it (two evaluations may agree on one position by chance, not on three).
TEST(UciProtocol, UseNnueSwitchesTheChessEvaluation) {
  Transcript t(Dialect::Uci);
  t.feed({"uci"});
  EXPECT_TRUE(t.has("option name Use NNUE type check default true"));
  const char* positions[] = {"position startpos moves e2e4 c7c5 g1f3",
                             "position startpos moves d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",
                             "position fen 8/5pk1/6p1/8/3R4/6P1/5PK1/2r5 w - - 0 40"};
  int differ = 0;
  for (const char* position : positions) {
    t.feed({position, "eval"});
    const std::string network = t.last();
    t.feed({"setoption name Use NNUE value false", "eval"});
    const std::string hand = t.last();
    t.feed({"setoption name Use NNUE value true", "eval"});
    EXPECT_EQ(t.last(), network);
    EXPECT_TRUE(hand.rfind("info string static evaluation ", 0) == 0) << hand;
    EXPECT_TRUE(network.rfind("info string static evaluation ", 0) == 0) << network;
    if (hand != network) ++differ;
  }
  EXPECT_GE(differ, 2);
}

TEST(UciProtocol, GoDepthEndsWithALegalBestMove) {
  Transcript t(Dialect::Uci);
  t.feed({"ucinewgame", "position startpos moves e2e4 e7e5", "go depth 4"});
  EXPECT_TRUE(t.any_starts_with("info depth 4 "));
  EXPECT_TRUE(std::regex_match(t.last(), std::regex("bestmove [a-h][1-8][a-h][1-8][qrbn]?( ponder \\S+)?")))
      << t.last();
}

TEST(UciProtocol, MateInOneIsReportedAsMate) {
  Transcript t(Dialect::Uci);
  t.feed({"position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go depth 3"});
  EXPECT_TRUE(t.any_starts_with("info depth 3 seldepth"));
  bool mate = false;
  for (const auto& l : t.lines) mate = mate || l.find("score mate 1 ") != std::string::npos;
  EXPECT_TRUE(mate);
  EXPECT_EQ(t.last().substr(0, 13), "bestmove a1a8");
}

TEST(UciProtocol, InfiniteSearchWaitsForStop) {
  Transcript t(Dialect::Uci);
  t.p.handle("position startpos");
  t.p.handle("go infinite");
  t.p.handle("stop");
  t.p.wait();
  EXPECT_EQ(t.last().substr(0, 9), "bestmove ");
}

TEST(UciProtocol, GoPerftCountsNodes) {
  Transcript t(Dialect::Uci);
  t.feed({"position startpos", "go perft 2"});
  EXPECT_EQ(t.last(), "Nodes searched: 400");
}

TEST(UciProtocol, MultiPvReportsEveryLine) {
  Transcript t(Dialect::Uci);
  t.feed({"setoption name MultiPV value 3", "position startpos", "go depth 3"});
  EXPECT_TRUE(t.any_starts_with("info depth 3 seldepth"));
  bool third = false;
  for (const auto& l : t.lines) third = third || l.find(" multipv 3 ") != std::string::npos;
  EXPECT_TRUE(third);
}

TEST(UciProtocol, XiangqiThroughUciVariantUsesIccsMoves) {
  Transcript t(Dialect::Uci);
  t.feed({"setoption name UCI_Variant value xiangqi", "position startpos moves h2e2", "go depth 3"});
  EXPECT_TRUE(std::regex_match(t.last(), std::regex("bestmove [a-i][0-9][a-i][0-9]( ponder \\S+)?")))
      << t.last();
  t.feed({"go perft 1"});
  auto game = make_game("xiangqi");
  ASSERT_TRUE(game.has_value());
  ASSERT_TRUE((*game)->play("h2e2").has_value());
  EXPECT_EQ(t.last(), "Nodes searched: " + std::to_string((*game)->perft(1)));
}

TEST(UciProtocol, DisplayShowsTheFen) {
  Transcript t(Dialect::Uci);
  t.feed({"position startpos moves e2e4", "d"});
  EXPECT_EQ(t.last(), "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(UciProtocol, BadInputIsAnsweredNotObeyed) {
  Transcript t(Dialect::Uci);
  t.feed({"position startpos moves e2e5"});
  EXPECT_TRUE(t.any_starts_with("info string position: move e2e5"));
  t.feed({"d"});
  EXPECT_EQ(t.last(), "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  t.feed({"setoption name Hash value lots", "frobnicate", "go depth x", "position fen", "go nodes 1"});
  EXPECT_TRUE(t.any_starts_with("info string option hash"));
  EXPECT_TRUE(t.any_starts_with("info string unknown command 'frobnicate'"));
  EXPECT_EQ(t.last().substr(0, 9), "bestmove ");
}

TEST(UciProtocol, QuitEndsTheSession) {
  Transcript t(Dialect::Uci);
  EXPECT_TRUE(t.p.handle("isready"));
  EXPECT_FALSE(t.p.handle("quit"));
}

TEST(UcciProtocol, HandshakeAndSearch) {
  Transcript t(Dialect::Ucci);
  t.feed({"ucci"});
  EXPECT_EQ(t.last(), "ucciok");
  t.feed({"setoption hashsize 8", "position startpos moves h2e2 h9g7", "go depth 3"});
  EXPECT_TRUE(t.any_starts_with("info depth 3 score "));
  EXPECT_TRUE(std::regex_match(t.last(), std::regex("bestmove [a-i][0-9][a-i][0-9]( ponder \\S+)?")))
      << t.last();
}

TEST(UcciProtocol, BanmovesAreNotPlayed) {
  Transcript t(Dialect::Ucci);
  t.feed({"position fen 3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1", "go depth 2"});
  const std::string first = t.last();
  ASSERT_EQ(first.substr(0, 9), "bestmove ");
  const std::string banned = first.substr(9, 4);
  t.feed({(std::string("banmoves ") + banned).c_str(), "go depth 2"});
  EXPECT_EQ(t.last().find(banned), std::string::npos) << t.last();
}

TEST(UcciProtocol, QuitSaysBye) {
  Transcript t(Dialect::Ucci);
  EXPECT_FALSE(t.p.handle("quit"));
  EXPECT_EQ(t.last(), "bye");
}

}  // namespace
}  // namespace qi::protocol

namespace qi::protocol {
namespace {

// A deterministic stand-in for the fuzz target: lines built from protocol
// words, numbers and junk must never crash or hang the adapter.
TEST(ProtocolRobustness, RandomCommandLinesNeverCrash) {
  const char* words[] = {"uci",         "ucci",
                         "isready",     "position",
                         "startpos",    "fen",
                         "moves",       "go",
                         "depth",       "nodes",
                         "movetime",    "wtime",
                         "btime",       "winc",
                         "infinite",    "stop",
                         "ponder",      "ponderhit",
                         "setoption",   "name",
                         "value",       "MultiPV",
                         "Threads",     "Hash",
                         "UCI_Variant", "xiangqi",
                         "chess",       "d",
                         "e2e4",        "h2e2",
                         "-1",          "0",
                         "3",           "99999999999999999999",
                         "searchmoves", "mate",
                         "perft",       "banmoves",
                         "\x01\xff",    "8/8/8/8/8/8/8/8"};
  std::uint64_t state = 12345;
  auto next = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>(state >> 33);
  };
  for (Dialect d : {Dialect::Uci, Dialect::Ucci}) {
    Protocol p(d, [](const std::string&) {});
    p.cap_nodes(200);
    for (int line = 0; line < 400; ++line) {
      std::string text;
      const std::size_t n = 1 + next() % 6;
      for (std::size_t i = 0; i < n; ++i) text += std::string(words[next() % std::size(words)]) + ' ';
      if (text.find("perft") != std::string::npos) continue;  // slow by design at depth
      p.handle(text);
      p.wait();
    }
  }
}

}  // namespace
}  // namespace qi::protocol
