// Qi's own opening book (engine/own_book.h): level 10 plays it in searches
// that play a move, never below level 10, in analysis, or when it is off;
// a move that is not legal is never played; every shipped entry is legal.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/engine.h"
#include "engine/own_book.h"
#include "engine/registry.h"
#include "protocol/uci.h"

namespace qi::engine {
namespace {

// Puts a book in place of a game's own for as long as it lives, so that a
// failed assertion cannot leave a test's entries (gone with its scope)
// registered for the tests after it.
class ScopedOwnBook {
 public:
  ScopedOwnBook(std::string game, std::string variant, std::span<const OwnBookEntry> entries)
      : game_(std::move(game)), variant_(std::move(variant)), saved_(own_book(game_, variant_)) {
    register_own_book(game_, variant_, entries);
  }
  ~ScopedOwnBook() { register_own_book(game_, variant_, saved_); }
  ScopedOwnBook(const ScopedOwnBook&) = delete;
  ScopedOwnBook& operator=(const ScopedOwnBook&) = delete;

 private:
  std::string game_, variant_;
  std::span<const OwnBookEntry> saved_;
};

// A book for tic-tac-toe's empty board that opens in a corner, in place of
// whatever the game has while the test runs.
class OwnBookTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(engine_.set_game("tictactoe"));
    ASSERT_TRUE(engine_.set_position("startpos", {}));
  }

  SearchResult play(SearchLimits limits = {}) {
    if (limits.nodes == 0 && limits.depth == 0 && !limits.infinite) limits.nodes = 20'000;
    return engine_.think(limits);
  }

  // The empty board's FEN as the game writes it, and its corner move.
  std::string start_fen_ = [] {
    auto g = make_game("tictactoe");
    return (*g)->fen();
  }();
  std::string corner_ = "a1";
  OwnBookEntry entries_[1] = {{start_fen_, corner_, 0, 9}};
  ScopedOwnBook book_{"tictactoe", "", entries_};
  Engine engine_;
};

TEST_F(OwnBookTest, LevelTenPlaysTheBookMoveWithoutSearching) {
  std::vector<SearchInfo> infos;
  SearchCallbacks callbacks;
  callbacks.on_info = [&](const SearchInfo& i) { infos.push_back(i); };
  SearchLimits limits;
  limits.move_time = 5'000;
  const SearchResult r = engine_.think(limits, callbacks);
  EXPECT_EQ(r.best, corner_);
  EXPECT_EQ(r.nodes, 0u);
  EXPECT_EQ(r.depth, 9);
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_EQ(infos[0].pv, std::vector<std::string>{corner_});
}

TEST_F(OwnBookTest, OnlyAtLevelTenAndOnlyWhenOn) {
  engine_.options().level = 9;
  EXPECT_GT(play().nodes, 0u);
  engine_.options().level = 10;
  engine_.options().own_book = false;
  EXPECT_GT(play().nodes, 0u);
  engine_.options().own_book = true;
  EXPECT_EQ(play().nodes, 0u);
}

TEST_F(OwnBookTest, AnalysisSearchesInsteadOfPlayingTheBook) {
  SearchLimits depth;
  depth.depth = 5;
  EXPECT_GT(play(depth).nodes, 0u);
  SearchLimits lines;
  lines.multipv = 3;
  EXPECT_GT(play(lines).nodes, 0u);
  SearchLimits some_moves;
  some_moves.search_moves = {"b2"};
  EXPECT_EQ(play(some_moves).best, "b2");
  EXPECT_EQ(play().best, corner_);  // the book again once nothing is asked
}

TEST_F(OwnBookTest, AMoveThatIsNotLegalThereIsNeverPlayed) {
  ASSERT_TRUE(engine_.set_position("startpos", {"a1", "b2"}));
  const std::string occupied_fen = engine_.game().fen();
  const OwnBookEntry bad[] = {{occupied_fen, "a1", 0, 9}};
  ScopedOwnBook bad_book("tictactoe", "", bad);
  const SearchResult r = play();
  EXPECT_GT(r.nodes, 0u);
  EXPECT_NE(r.best, "a1");
}

// Through UCI, with a book for English checkers' start whose entry says it
// was searched to depth 77: the info line shows whether the book answered.
TEST(OwnBook, UciOwnBookAndAnalyseModeTurnItOff) {
  auto game = make_game("checkers", "english");
  ASSERT_TRUE(game);
  const std::string start = (*game)->fen();
  const OwnBookEntry entry[] = {{start, "12-16", 0, 77}};
  ScopedOwnBook book("checkers", "english", entry);
  std::vector<std::string> lines;
  protocol::Protocol uci(protocol::Dialect::Uci, [&](const std::string& l) { lines.push_back(l); });
  auto from_book = [&](std::initializer_list<const char*> commands) {
    lines.clear();
    for (const char* c : commands) uci.handle(c);
    uci.wait();
    return std::any_of(lines.begin(), lines.end(),
                       [](const std::string& l) { return l.rfind("info depth 77 ", 0) == 0; }) &&
           !lines.empty() && lines.back() == "bestmove 12-16";
  };
  from_book({"uci"});
  EXPECT_NE(std::find(lines.begin(), lines.end(), "option name OwnBook type check default true"),
            lines.end());
  EXPECT_TRUE(
      from_book({"setoption name UCI_Variant value checkers", "position startpos", "go nodes 20000"}));
  EXPECT_FALSE(from_book({"setoption name OwnBook value false", "position startpos", "go nodes 20000"}));
  EXPECT_TRUE(from_book({"setoption name OwnBook value true", "position startpos", "go nodes 20000"}));
  EXPECT_FALSE(
      from_book({"setoption name UCI_AnalyseMode value true", "position startpos", "go nodes 20000"}));
}

// Every entry of every book Qi ships: a position the game reads back as
// the same FEN (so that the book finds it), and a move legal there.
TEST(OwnBook, EveryShippedEntryIsALegalMoveOfAPositionTheGameReads) {
  for (const GameRegistration* registration : registered_games()) {
    const GameDescriptor& d = registration->descriptor();
    std::vector<std::string> variants = {""};
    for (const auto& v : d.variants) variants.push_back(std::string(v.name));
    for (const std::string& variant : variants) {
      for (const OwnBookEntry& e : own_book(d.name, variant)) {
        auto game = registration->make_game(variant);
        ASSERT_TRUE(game->set_fen(e.position)) << e.position;
        EXPECT_EQ(game->fen(), e.position);
        const std::vector<MoveText> legal = game->legal_moves();
        EXPECT_TRUE(
            std::any_of(legal.begin(), legal.end(), [&](const MoveText& m) { return m.id == e.move; }))
            << d.name << ' ' << variant << ": " << e.move << " in " << e.position;
      }
    }
  }
}

}  // namespace
}  // namespace qi::engine
