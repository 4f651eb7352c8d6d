// UCI and UCCI transcripts: commands in, replies checked.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <mutex>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/clock.h"
#include "engine/registry.h"
#include "engine/search.h"
#include "games/checkers/endgame.h"
#include "protocol/coordinates.h"
#include "protocol/go_request.h"
#include "protocol/uci.h"

namespace qi::protocol {
namespace {

struct Transcript {
  std::mutex m;
  std::vector<std::string> lines;
  // Called with each line as it is written (on the search thread for a
  // search's lines), before it is kept.
  std::function<void(const std::string&)> on_line;
  Protocol p;
  explicit Transcript(Dialect d, const Clock* clock = nullptr)
      : p(
            d,
            [this](const std::string& line) {
              if (on_line) on_line(line);
              std::lock_guard lock(m);
              lines.push_back(line);
            },
            clock) {}
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
  bool any_starts_with(const std::string& prefix) { return !starting_with(prefix).empty(); }
  std::vector<std::string> starting_with(const std::string& prefix) {
    std::lock_guard lock(m);
    std::vector<std::string> out;
    for (const auto& l : lines)
      if (l.rfind(prefix, 0) == 0) out.push_back(l);
    return out;
  }
  void clear() {
    std::lock_guard lock(m);
    lines.clear();
  }
};

// The word after `key` in an info line, or "".
std::string field(const std::string& line, const std::string& key) {
  std::istringstream words(line);
  for (std::string w; words >> w;)
    if (w == key && words >> w) return w;
  return "";
}

// The moves of an info line's pv.
std::vector<std::string> pv_of(const std::string& line) {
  std::vector<std::string> out;
  const std::size_t at = line.find(" pv ");
  if (at == std::string::npos) return out;
  std::istringstream words(line.substr(at + 4));
  for (std::string w; words >> w;) out.push_back(w);
  return out;
}

std::unique_ptr<Game> game_after(const char* name, std::initializer_list<const char*> moves) {
  Expected<std::unique_ptr<Game>> game = make_game(name);
  EXPECT_TRUE(game.has_value());
  for (const char* m : moves) EXPECT_TRUE((*game)->play(m).has_value()) << m;
  return std::move(*game);
}

TEST(UciProtocol, HandshakeListsOptionsAndEndsWithUciok) {
  Transcript t(Dialect::Uci);
  t.feed({"uci"});
  EXPECT_TRUE(t.has("id name Qi"));
  // The variants in the order of the games' menus, chess the default.
  EXPECT_TRUE(
      t.any_starts_with("option name UCI_Variant type combo default chess var checkers var russian var "
                        "brazilian var international var chess var xiangqi"));
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

// With UCI_Variant xiangqi, moves are Fairy-Stockfish's (ranks 1-10) both
// ways: the GUI's h3e3 h10g8 are ICCS h2e2 h9g7, and every move Qi writes
// (bestmove, ponder, pv, perft) is legal when read back that way.
TEST(UciProtocol, XiangqiThroughUciVariantSpeaksFairyStockfishCoordinates) {
  Transcript t(Dialect::Uci);
  t.feed({"setoption name UCI_Variant value xiangqi", "position startpos moves h3e3 h10g8", "d"});
  const std::unique_ptr<Game> game = game_after("xiangqi", {"h2e2", "h9g7"});
  EXPECT_EQ(t.last(), "Fen: " + game->fen());
  t.feed({"go depth 4"});
  ASSERT_TRUE(std::regex_match(t.last(), std::regex("bestmove [a-i](10|[1-9])[a-i](10|[1-9]) ponder \\S+")))
      << t.last();
  for (const std::string& info : t.starting_with("info depth ")) {
    std::unique_ptr<Game> line = game->clone();
    for (const std::string& m : pv_of(info))
      ASSERT_TRUE(line->play(uci_ranks_to_iccs(m)).has_value()) << m << " in " << info;
  }
  std::istringstream best(t.last());
  std::string word, move, ponder;
  best >> word >> move >> word >> ponder;
  std::unique_ptr<Game> after = game->clone();
  ASSERT_TRUE(after->play(uci_ranks_to_iccs(move)).has_value()) << move;
  EXPECT_TRUE(after->play(uci_ranks_to_iccs(ponder)).has_value()) << ponder;
  // searchmoves in the same coordinates: only the horse's h1g3 (ICCS h0g2)
  // may be played.
  t.feed({"go depth 2 searchmoves h1g3"});
  EXPECT_EQ(t.last().substr(0, 13), "bestmove h1g3");
  t.clear();
  t.feed({"go perft 1"});
  EXPECT_EQ(t.last(), "Nodes searched: " + std::to_string(game->perft(1)));
  std::lock_guard lock(t.m);
  std::size_t divided = 0;
  for (const std::string& l : t.lines) {
    const std::size_t colon = l.find(':');
    if (colon == std::string::npos || l.rfind("Nodes", 0) == 0) continue;
    ++divided;
    EXPECT_TRUE(game->parse_move(uci_ranks_to_iccs(l.substr(0, colon))).has_value()) << l;
  }
  EXPECT_EQ(divided, game->legal_moves().size());
}

// The checkers family through UCI_Variant: PDN squares and PDN FEN both
// ways (position, bestmove, pv, perft's lines), each variant by its name.
TEST(UciProtocol, CheckersThroughUciVariantSpeaksPdn) {
  if (!engine::find_game("checkers")) GTEST_SKIP() << "checkers is not registered in this build";
  Transcript t(Dialect::Uci);
  t.feed({"uci"});
  EXPECT_TRUE(t.any_starts_with(
      "option name UCI_Variant type combo default chess var checkers var russian var brazilian "
      "var international var chess var xiangqi"));
  t.feed({"setoption name UCI_Variant value checkers", "position startpos moves 11-15 23-19", "d"});
  Expected<std::unique_ptr<Game>> made = make_game("checkers", "english");
  ASSERT_TRUE(made);
  std::unique_ptr<Game> game = std::move(*made);
  for (const char* m : {"11-15", "23-19"}) ASSERT_TRUE(game->play(m).has_value());
  EXPECT_EQ(t.last(), "Fen: " + game->fen());
  t.feed({"go depth 4"});
  ASSERT_TRUE(std::regex_match(t.last(), std::regex("bestmove \\d+[-x]\\d+(x\\d+)*( ponder \\S+)?")))
      << t.last();
  for (const std::string& info : t.starting_with("info depth ")) {
    std::unique_ptr<Game> line = game->clone();
    for (const std::string& m : pv_of(info)) ASSERT_TRUE(line->play(m).has_value()) << m << " in " << info;
  }
  t.clear();
  t.feed({"go perft 2"});
  EXPECT_EQ(t.last(), "Nodes searched: " + std::to_string(game->perft(2)));
  // A PDN FEN with kings and White to move; each legal move written with
  // every landing square, as a checkers program would send it.
  const std::string fen = "W:WK19,27,32:B15,8,K24,22";
  Expected<std::unique_ptr<Game>> from_fen = make_game("checkers", "english");
  ASSERT_TRUE(from_fen);
  ASSERT_TRUE((*from_fen)->set_fen(fen).has_value());
  const std::vector<MoveText> legal = (*from_fen)->legal_moves();
  ASSERT_GE(legal.size(), 2u);
  for (const MoveText& m : legal) {
    std::string full;
    for (const std::string& square : m.squares)
      full += (full.empty() ? "" : m.id.find('x') == std::string::npos ? "-" : "x") + square;
    const std::string position = "position fen " + fen + " moves " + full;
    t.feed({position.c_str(), "d"});
    std::unique_ptr<Game> after = (*from_fen)->clone();
    ASSERT_TRUE(after->play(m.id).has_value());
    EXPECT_EQ(t.last(), "Fen: " + after->fen()) << full;
  }
  t.feed({"setoption name UCI_Variant value international", "position startpos", "go perft 1"});
  EXPECT_EQ(t.last(), "Nodes searched: 9");
  t.clear();
  t.feed({"setoption name UCI_Variant value shogi"});
  EXPECT_TRUE(t.any_starts_with(
      "info string UCI_Variant: 'shogi' is not a variant Qi plays (checkers, russian, brazilian, "
      "international, chess, xiangqi"));
}

// EGDB Path names a directory of English checkers endgame tables; a search
// of an ending they hold then says how often they answered (tbhits), and one
// without the option, or with a directory holding none, never says it.
TEST(UciProtocol, EgdbPathGivesCheckersSearchesTheTables) {
  if (!engine::find_game("checkers")) GTEST_SKIP() << "checkers is not registered in this build";
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "qi_uci_egdb_path_test";
  std::filesystem::remove_all(dir);
  ASSERT_TRUE(checkers::endgame::Database::build(3, 3).write(dir.string()).has_value());
  Transcript t(Dialect::Uci);
  t.feed({"uci"});
  EXPECT_TRUE(t.has("option name EGDB Path type string default <empty>"));
  // The tables load on a thread of their own: search again until they have.
  auto searched_with_tables = [&](const std::string& path) {
    const std::string set = "setoption name EGDB Path value " + path;
    t.feed({"setoption name UCI_Variant value checkers", set.c_str(), "position fen W:WK19,K27:BK15"});
    for (int attempt = 0; attempt < 50; ++attempt) {
      t.clear();
      t.feed({"go depth 6"});
      for (const std::string& info : t.starting_with("info depth "))
        if (!field(info, "tbhits").empty()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  };
  EXPECT_TRUE(searched_with_tables(dir.string()));
  const std::filesystem::path empty = dir / "none";
  std::filesystem::create_directories(empty);
  EXPECT_FALSE(searched_with_tables(empty.string()));
  std::filesystem::remove_all(dir);
}

// A square outside Fairy-Stockfish's ranks is refused as such: "h0h1" is
// never read as another move.
TEST(UciProtocol, XiangqiRankZeroIsRefusedUnderUciVariant) {
  Transcript t(Dialect::Uci);
  t.feed({"setoption name UCI_Variant value xiangqi", "position startpos moves h3e3 h0h1", "d"});
  const std::vector<std::string> said = t.starting_with("info string position: move 2 (h0h1) is not legal: ");
  ASSERT_EQ(said.size(), 1u);
  EXPECT_NE(said[0].find("rank 1-10"), std::string::npos) << said[0];
  EXPECT_EQ(t.last(), "Fen: " + game_after("xiangqi", {"h2e2"})->fen());
}

// Stockfish keeps the legal prefix of a move list: after e2e4, e1g1 is not
// White's move (it is Black's turn), so the position is the one after
// e2e4, and go answers for Black. The info line names the move and why.
TEST(UciProtocol, IllegalMoveKeepsTheLegalPrefixAndSaysWhy) {
  Transcript t(Dialect::Uci);
  t.feed({"position startpos moves e2e4 e1g1", "d"});
  const std::unique_ptr<Game> game = game_after("chess", {"e2e4"});
  EXPECT_EQ(t.last(), "Fen: " + game->fen());
  const std::vector<std::string> said = t.starting_with("info string position: ");
  ASSERT_EQ(said.size(), 1u);
  EXPECT_EQ(said[0], "info string position: move 2 (e1g1) is not legal: " +
                         game->parse_move("e1g1").error().message.substr(6) +
                         "; the 1 move before it was played (Black to move)");
  t.feed({"go depth 2"});
  const std::string best = t.last().substr(9, 4);
  EXPECT_TRUE(game->parse_move(best).has_value()) << t.last();
}

// What the reference engines do not stop for: debug, register, harmless
// options, unknown commands and isready leave an infinite search running
// (it reports its move only after stop).
TEST(UciProtocol, HarmlessCommandsDoNotEndASearch) {
  Transcript t(Dialect::Uci);
  t.p.handle("position startpos");
  t.p.handle("go infinite");
  for (const char* c : {"debug on", "register later", "setoption name UCI_ShowWDL value true",
                        "setoption name MultiPV value 2", "setoption name Skill Level value 3",
                        "setoption name UCI_AnalyseMode value true", "frobnicate", "d", "isready"})
    t.p.handle(c);
  EXPECT_TRUE(t.has("readyok"));
  EXPECT_FALSE(t.any_starts_with("bestmove")) << "a harmless command ended the search";
  t.p.handle("stop");
  t.p.wait();
  EXPECT_EQ(t.starting_with("bestmove").size(), 1u);
  // What needs the engine idle still gets it: position stops the search.
  t.p.handle("go infinite");
  t.p.handle("position startpos moves e2e4");
  t.p.wait();
  EXPECT_EQ(t.starting_with("bestmove").size(), 2u);
}

// MultiPV lines come best first, numbered 1..N, at every depth (as
// Stockfish prints them), in positions where a later line used to outscore
// an earlier one.
TEST(UciProtocol, MultiPvLinesComeBestFirst) {
  for (const char* position :
       {"position startpos moves e2e4 e7e5 g1f3",
        "position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "position fen 2r3k1/pp3ppp/2n5/3p4/3P4/2P2N2/P4PPP/R5K1 b - - 0 20"}) {
    Transcript t(Dialect::Uci);
    t.feed({"setoption name MultiPV value 4", position, "go depth 7"});
    int expected = 1, depth = 0;
    long previous = 0;
    for (const std::string& l : t.starting_with("info depth ")) {
      const int d = std::stoi(field(l, "depth"));
      if (d != depth) {
        ASSERT_EQ(expected, 1) << "depth " << depth << " ended after multipv " << expected - 1;
        depth = d;
      }
      ASSERT_EQ(std::stoi(field(l, "multipv")), expected) << l;
      const long score = std::stol(field(l, "cp").empty() ? "0" : field(l, "cp"));
      if (expected > 1) {
        EXPECT_LE(score, previous) << position << ": " << l;
      }
      previous = score;
      expected = expected == 4 ? 1 : expected + 1;
    }
    EXPECT_EQ(depth, 7);
  }
}

// After the first seconds of a search, each root move is told as it starts
// (Stockfish: "info depth D currmove M currmovenumber N"), in the
// protocol's coordinates. The clock is a fake one, moved on by hand once
// the first iteration has been reported.
TEST(UciProtocol, CurrentMoveIsToldAfterTheFirstSeconds) {
  FakeClock clock;
  Transcript t(Dialect::Uci, &clock);
  std::atomic<bool> advanced{false};
  t.on_line = [&](const std::string& line) {
    if (!advanced && line.rfind("info depth 1 ", 0) == 0) {
      advanced = true;
      clock.advance(engine::kCurrentMoveAfterMs);
    }
  };
  t.feed({"setoption name UCI_Variant value xiangqi", "position startpos", "go depth 3"});
  EXPECT_FALSE(t.any_starts_with("info depth 1 currmove")) << "told before the first seconds";
  const std::vector<std::string> told = t.starting_with("info depth 2 currmove ");
  const std::unique_ptr<Game> game = game_after("xiangqi", {});
  ASSERT_EQ(told.size(), game->legal_moves().size());
  for (std::size_t i = 0; i < told.size(); ++i) {
    EXPECT_EQ(field(told[i], "currmovenumber"), std::to_string(i + 1)) << told[i];
    EXPECT_TRUE(game->parse_move(uci_ranks_to_iccs(field(told[i], "currmove"))).has_value()) << told[i];
  }
}

// Stockfish's options beside Qi's: Clear Hash (a button), UCI_AnalyseMode,
// and UCI_Chess960, announced and obeyed where chess's registration declares
// it (with its chess960 variant), and otherwise an option Qi does not know.
TEST(UciProtocol, ClearHashAnalyseModeAndChess960) {
  Transcript t(Dialect::Uci);
  t.feed({"uci"});
  EXPECT_TRUE(t.has("option name Clear Hash type button"));
  EXPECT_TRUE(t.has("option name UCI_AnalyseMode type check default false"));
  const bool chess960 = make_game("chess", "chess960").has_value();
  EXPECT_EQ(t.has("option name UCI_Chess960 type check default false"), chess960);
  t.feed({"setoption name Clear Hash", "setoption name UCI_AnalyseMode value true",
          "setoption name UCI_Chess960 value true", "position startpos", "d"});
  if (chess960) {
    EXPECT_FALSE(t.any_starts_with("info string unknown option"));
    t.feed({"go depth 2"});
    EXPECT_EQ(t.last().substr(0, 9), "bestmove ");
  } else {
    EXPECT_TRUE(t.any_starts_with("info string unknown option 'uci_chess960'"));
    EXPECT_EQ(t.last(), "Fen: " + game_after("chess", {})->fen());
  }
}

// UCI_Chess960 plays Chess960 only where UCI_Variant names chess, and is
// kept across a change of game; set false, chess is standard again.
TEST(UciProtocol, Chess960OptionOutlastsAChangeOfVariant) {
  if (!make_game("chess", "chess960")) GTEST_SKIP() << "no chess960 variant";
  // A Chess960 start whose king on f1 castles with the rook beside it at
  // once, written king takes rook (f1g1): no move of standard chess.
  const std::string position =
      "position fen rbnqbkrn/pppppppp/8/8/8/8/PPPPPPPP/RBNQBKRN w GAga - 0 1 moves f1g1";
  Transcript t(Dialect::Uci);
  t.feed({"setoption name UCI_Chess960 value true", "setoption name UCI_Variant value xiangqi",
          "setoption name UCI_Variant value chess", position.c_str(), "d"});
  EXPECT_FALSE(t.any_starts_with("info string")) << t.last();
  EXPECT_EQ(t.last().substr(0, 50), "Fen: rbnqbkrn/pppppppp/8/8/8/8/PPPPPPPP/RBNQBRKN b");
  t.feed({"setoption name UCI_Chess960 value false", position.c_str()});
  EXPECT_TRUE(t.any_starts_with("info string")) << "standard chess castled f1g1";
}

TEST(UciProtocol, DisplayShowsTheFen) {
  Transcript t(Dialect::Uci);
  t.feed({"position startpos moves e2e4", "d"});
  EXPECT_EQ(t.last(), "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(UciProtocol, BadInputIsAnsweredNotObeyed) {
  Transcript t(Dialect::Uci);
  t.feed({"position startpos moves e2e5"});
  EXPECT_TRUE(t.any_starts_with("info string position: move 1 (e2e5) is not legal: "));
  t.feed({"d"});
  EXPECT_EQ(t.last(), "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  t.feed({"setoption name Hash value lots", "frobnicate", "go depth x", "position fen", "go nodes 1"});
  EXPECT_TRUE(t.any_starts_with("info string option hash"));
  EXPECT_TRUE(t.any_starts_with("info string unknown command 'frobnicate'"));
  EXPECT_EQ(t.last().substr(0, 9), "bestmove ");
}

// Sends `command` and waits for a line starting with `answer`: true when
// it comes. A watchdog, not a measure: after 60 s the search is stopped
// and the answer did not come by itself.
bool answered(Transcript& t, const std::string& command, const std::string& answer) {
  t.clear();
  t.p.handle(command);
  for (int i = 0; i < 6000; ++i) {
    if (t.any_starts_with(answer)) {
      t.p.wait();
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  t.p.handle("stop");
  t.p.wait();
  return false;
}

// A go whose numbers are not read says which word and why, and still
// answers bestmove: the GUI that sent it waits for one.
TEST(UciProtocol, AMalformedGoSaysWhyAndStillAnswersBestmove) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"go movetime 1e9", "info string go: movetime '1e9': not a whole decimal number (0 to "},
      {"go depth", "info string go: depth: no number follows (1 to "},
      {"go nodes abc", "info string go: nodes 'abc': not a whole decimal number (1 to "},
      {"go mate -3", "info string go: mate '-3': out of range (1 to 100 moves)"},
      {"go depth 0", "info string go: depth '0': out of range (1 to "},
      {"go wtime 10s btime 10s", "info string go: wtime '10s': not a whole decimal number"},
      {"go frobnicate", "info string go: 'frobnicate': not a word of UCI's go"},
  };
  for (const auto& [go, told] : cases) {
    Transcript t(Dialect::Uci);
    t.feed({"position startpos moves e2e4"});
    ASSERT_TRUE(answered(t, go, "bestmove ")) << go << ": no bestmove";
    EXPECT_TRUE(std::regex_match(t.last(), std::regex("bestmove [a-h][1-8][a-h][1-8]( ponder \\S+)?")))
        << go << ": " << t.last();
    EXPECT_TRUE(t.any_starts_with(told)) << go;
    EXPECT_TRUE(t.any_starts_with("info string go: searching 100000 nodes instead")) << go;
  }
}

// Moves of searchmoves that are not legal are told; when none is legal the
// search takes every legal move (never "bestmove (none)" in a position
// that has moves); the legal ones listed are kept.
TEST(UciProtocol, SearchmovesThatAreNotLegalAreToldAndNeverLeaveNoMove) {
  Transcript t(Dialect::Uci);
  t.feed({"position startpos", "go depth 3 searchmoves a1a1 z9z9"});
  EXPECT_EQ(t.starting_with("info string go: searchmoves: a1a1").size(), 1u);
  EXPECT_EQ(t.starting_with("info string go: searchmoves: z9z9").size(), 1u);
  EXPECT_TRUE(
      t.has("info string go: searchmoves: none of its moves is legal here; searching every legal move"));
  EXPECT_TRUE(std::regex_match(t.last(), std::regex("bestmove [a-h][1-8][a-h][1-8]( ponder \\S+)?")))
      << t.last();
  t.feed({"go depth 3 searchmoves a1a1 g1f3"});
  EXPECT_EQ(t.last().substr(0, 13), "bestmove g1f3");
  // Without a limit it searches until stop, as any go without one.
  t.p.handle("go searchmoves z9z9");
  t.p.handle("stop");
  t.p.wait();
  EXPECT_NE(t.last(), "bestmove (none)");
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

// UCCI's go, the same: every number checked, told in UCCI's own info
// message, and bestmove answered.
TEST(UcciProtocol, AMalformedGoSaysWhyAndStillAnswersBestmove) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"go depth 0", "info message go: depth '0': out of range (1 to "},
      {"go depth", "info message go: depth: no number follows (1 to "},
      {"go nodes abc", "info message go: nodes 'abc': not a whole decimal number (1 to "},
      {"go time abc", "info message go: time 'abc': not a whole decimal number (0 to "},
      {"go movetime 1e9", "info message go: movetime '1e9': not a whole decimal number (0 to "},
      {"go time -5", "info message go: time '-5': out of range (0 to "},
  };
  for (const auto& [go, told] : cases) {
    Transcript t(Dialect::Ucci);
    t.feed({"position startpos moves h2e2"});
    ASSERT_TRUE(answered(t, go, "bestmove ")) << go << ": no bestmove";
    EXPECT_TRUE(std::regex_match(t.last(), std::regex("bestmove [a-i][0-9][a-i][0-9]( ponder \\S+)?")))
        << go << ": " << t.last();
    EXPECT_TRUE(t.any_starts_with(told)) << go;
    EXPECT_TRUE(t.any_starts_with("info message go: searching 100000 nodes instead")) << go;
  }
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

// UCCI's times are seconds until the GUI sets usemillisec (the option is
// announced off): "go time 2" is two seconds on the clock, not 2 ms.
TEST(UcciProtocol, TimesAreSecondsUntilUsemillisec) {
  Transcript t(Dialect::Ucci);
  t.feed({"ucci"});
  EXPECT_TRUE(t.has("option usemillisec type check default false"));
  GoContext seconds{Dialect::Ucci, Side::First, false};
  const std::vector<std::string> go{"go", "time", "2", "increment", "1", "opptime", "300"};
  const GoRequest in_seconds = parse_go(go, seconds);
  EXPECT_EQ(in_seconds.limits.time_left, 2000);
  EXPECT_EQ(in_seconds.limits.increment, 1000);
  EXPECT_EQ(in_seconds.limits.opponent_time, 300000);
  GoContext millis{Dialect::Ucci, Side::First, true};
  EXPECT_EQ(parse_go(go, millis).limits.time_left, 2);
  EXPECT_EQ(parse_go({"go", "movetime", "3"}, seconds).limits.move_time, 3000);
  // Through the protocol: the option is obeyed (what a fake clock would
  // show is the plan; here only that the search is timed and ends).
  t.feed({"setoption usemillisec true", "setoption usemillisec false", "position startpos", "go time 2"});
  EXPECT_EQ(t.last().substr(0, 9), "bestmove ");
}

TEST(UcciProtocol, ProbeDepthZeroStopAndIgnoredCommands) {
  Transcript t(Dialect::Ucci);
  t.feed({"stop"});  // no search: still an answer
  EXPECT_EQ(t.last(), "nobestmove");
  t.feed({"probe startpos moves h2e2"});
  EXPECT_EQ(t.last(), "pophash");  // nothing searched yet
  t.feed({"position startpos moves h2e2", "go depth 5"});
  const std::string best = t.last().substr(9, 4);
  t.feed({"probe startpos moves h2e2"});
  EXPECT_TRUE(std::regex_match(t.last(), std::regex("pophash bestmove " + best +
                                                    " lowerbound -?\\d+ depth 5 upperbound -?\\d+ depth 5")))
      << t.last();
  t.feed({"probe startpos moves h2e5"});
  EXPECT_EQ(t.last(), "pophash");
  EXPECT_TRUE(t.any_starts_with("info message probe: move h2e5"));
  // Depth 0 is no depth (the static evaluation is the eval command): a
  // GUI that sent go still gets its bestmove.
  t.feed({"go depth 0"});
  EXPECT_TRUE(t.any_starts_with("info message go: depth '0': out of range (1 to "));
  EXPECT_EQ(t.last().substr(0, 9), "bestmove ");
  // While thinking, only stop, ponderhit, isready, probe and quit count.
  t.p.handle("go infinite");
  t.p.handle("position startpos moves b0c2");
  t.p.handle("isready");
  EXPECT_TRUE(t.any_starts_with("info message position ignored while thinking"));
  t.p.handle("stop");
  t.p.wait();
  t.feed({"d"});
  EXPECT_EQ(t.last(), "Fen: " + game_after("xiangqi", {"h2e2"})->fen());
}

// A GUI answers bestmove at once, perhaps before the search thread has
// quite ended: the engine is idle for it from the moment bestmove is
// written (here the next command comes within the writing of bestmove).
TEST(UcciProtocol, ACommandRightAfterBestmoveIsObeyed) {
  Transcript t(Dialect::Ucci);
  std::string banned;
  t.on_line = [&](const std::string& line) {
    if (banned.empty() && line.rfind("bestmove ", 0) == 0) {
      banned = line.substr(9, 4);
      t.p.handle("banmoves " + banned);  // writes nothing when obeyed
    }
  };
  t.feed({"position startpos", "go depth 3"});
  ASSERT_FALSE(banned.empty());
  EXPECT_FALSE(t.any_starts_with("info message banmoves ignored")) << "bestmove was written while thinking";
  t.feed({"go depth 3"});
  EXPECT_EQ(t.last().find(banned), std::string::npos) << t.last();
}

// A draw offered with "go draw" is accepted ("bestmove ... draw") when Qi
// stands no better than kAcceptDrawAtMostCp, and declined when it is
// winning.
TEST(UcciProtocol, DrawOffersAreAnsweredByTheScore) {
  Transcript t(Dialect::Ucci);
  // Red has a lone general against two chariots.
  t.feed({"position fen 3k5/9/9/9/9/9/9/r8/r8/4K4 w - - 0 1", "go draw depth 3"});
  EXPECT_TRUE(std::regex_match(t.last(), std::regex("bestmove \\S+( ponder \\S+)? draw"))) << t.last();
  t.feed({"position fen 3k5/9/9/9/9/9/9/R8/R8/4K4 w - - 0 1", "go draw depth 3"});
  EXPECT_EQ(t.last().find(" draw"), std::string::npos) << t.last();
  t.feed({"go depth 3"});
  EXPECT_EQ(t.last().find(" draw"), std::string::npos) << "no offer, no answer: " << t.last();
  // Pondering: no move until ponderhit, whose draw offer is answered too.
  t.p.handle("position fen 3k5/9/9/9/9/9/9/r8/r8/4K4 w - - 0 1");
  t.p.handle("go ponder depth 3");
  t.p.handle("isready");
  EXPECT_EQ(t.starting_with("bestmove").size(), 3u) << "a move before ponderhit";
  t.p.handle("ponderhit draw");
  t.p.wait();
  EXPECT_TRUE(std::regex_match(t.last(), std::regex("bestmove \\S+( ponder \\S+)? draw"))) << t.last();
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
