// "go perft N" in UCI and UCCI counts on a thread of its own: isready is
// answered while it counts, stop and quit end it early, and the counts are
// the game's own perft.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

#include "../cli/run_qi.h"
#include "engine/registry.h"
#include "protocol/uci.h"

namespace qi::protocol {
namespace {

// Liveness bound: long enough for any slow machine, far shorter than a
// perft 7 (minutes), so a blocking perft fails rather than passes.
constexpr auto kPrompt = std::chrono::seconds(10);

struct Session {
  std::mutex m;
  std::condition_variable changed;
  std::vector<std::string> lines;
  Protocol p;
  explicit Session(Dialect d)
      : p(d, [this](const std::string& line) {
          {
            std::lock_guard lock(m);
            lines.push_back(line);
          }
          changed.notify_all();
        }) {}
  bool await(const std::string& line) {
    std::unique_lock lock(m);
    return changed.wait_for(lock, kPrompt,
                            [&] { return std::find(lines.begin(), lines.end(), line) != lines.end(); });
  }
  bool has_prefix(const std::string& prefix) {
    std::lock_guard lock(m);
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string& l) { return l.rfind(prefix, 0) == 0; });
  }
};

void expect_perft_answers_isready_and_stops(Dialect dialect, const char* position) {
  // Words for people: UCI's "info string", UCCI's "info message".
  const std::string stopped =
      dialect == Dialect::Ucci ? "info message perft stopped" : "info string perft stopped";
  Session s(dialect);
  s.p.handle(position);
  s.p.handle("go perft 7");
  s.p.handle("isready");
  EXPECT_TRUE(s.await("readyok")) << "isready waited for the perft";
  s.p.handle("stop");
  EXPECT_TRUE(s.await(stopped)) << "stop did not end the perft";
  s.p.wait();
  EXPECT_FALSE(s.has_prefix("Nodes searched")) << "a stopped perft has no total";
  // The session goes on: a new command is answered.
  s.p.handle("isready");
  s.p.handle("go perft 1");
  s.p.wait();
  EXPECT_TRUE(s.has_prefix("Nodes searched: "));
}

TEST(UciPerft, IsreadyIsAnsweredWhileItCountsAndStopEndsIt) {
  expect_perft_answers_isready_and_stops(Dialect::Uci, "position startpos");
}

TEST(UcciPerft, IsreadyIsAnsweredWhileItCountsAndStopEndsIt) {
  expect_perft_answers_isready_and_stops(Dialect::Ucci, "position startpos");
}

TEST(UciPerft, QuitEndsARunningPerft) {
  Session s(Dialect::Uci);
  s.p.handle("position startpos");
  s.p.handle("go perft 7");
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(s.p.handle("quit"));
  EXPECT_LT(std::chrono::steady_clock::now() - start, kPrompt) << "quit waited for the perft";
  EXPECT_TRUE(s.await("info string perft stopped"));
}

// Split by hand above a few plies, the count must still be the game's.
TEST(UciPerft, CountsMatchTheGamesOwnDivide) {
  const char* fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
  Session s(Dialect::Uci);
  s.p.handle(std::string("position fen ") + fen);
  s.p.handle("go perft 6");
  s.p.wait();
  Expected<std::unique_ptr<Game>> game = make_game("chess");
  ASSERT_TRUE(game);
  ASSERT_TRUE((*game)->set_fen(fen));
  std::vector<std::string> expected;
  for (const auto& [move, nodes] : (*game)->perft_divide(6))
    expected.push_back(move + ": " + std::to_string(nodes));
  expected.push_back("");
  expected.push_back("Nodes searched: 11030083");
  std::lock_guard lock(s.m);
  EXPECT_EQ(s.lines, expected);
}

// Through `qi uci` itself: the reading thread answers isready at once, and
// the end of input (a quit) ends the perft. `timeout` bounds a qi that
// blocks.
TEST(UciPerft, QiAnswersIsreadyDuringAPerft) {
  const test::Run run = test::run_qi("uci", "position startpos\\ngo perft 7\\nisready\\n", false, 30);
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("readyok\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("info string perft stopped\n"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace qi::protocol
