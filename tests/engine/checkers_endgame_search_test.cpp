// English checkers with endgame tables in the search (engine/games/checkers/
// endgame_tables.h): level 10 wins won endings against a perfect defender
// within the 40-move rule, with the tables' distances and with their values
// alone, keeps the tables' value at the root, counts its
// table hits, leaves the tables alone below level 10, and finds the tables
// of a directory in the background.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "engine/engine.h"
#include "engine/games/checkers/endgame_tables.h"
#include "engine/games/checkers/traits.h"
#include "games/checkers/draw_rules.h"

namespace qi::engine {
namespace {

namespace eg = checkers::endgame;
using EgTraits = CheckersTraits<checkers::English>;

// Every table of up to 3 pieces and the 4-piece ones with at most one man.
std::shared_ptr<const eg::Database> egdb_search_tables() {
  static const auto db = std::make_shared<const eg::Database>(eg::Database::build(4, 4, {}, 1));
  return db;
}

std::unique_ptr<Engine> english_engine() {
  auto engine = std::make_unique<Engine>();
  EXPECT_TRUE(engine->set_game("checkers", "english").has_value());
  engine->options().seed = 1;
  return engine;
}

class EndgameSearch : public ::testing::Test {
 protected:
  void SetUp() override { checkers_tables::set_tables_for_tests(egdb_search_tables()); }
  void TearDown() override { checkers_tables::set_tables_for_tests(nullptr); }
};

// The defender's move: a draw if it has one, else the loss that lasts
// longest by the tables' distances.
EgTraits::Move egdb_defence(const eg::Database& db, EgTraits::State pos) {
  EgTraits::MoveList legal;
  pos.generate_legal(legal);
  EgTraits::Move best = legal[0];
  int best_rank = -1;
  for (const EgTraits::Move& m : legal) {
    pos.make(m);
    const std::optional<eg::Probe> p = db.probe(pos);
    pos.unmake(m);
    EXPECT_TRUE(p.has_value());
    if (!p) continue;
    const int rank = p->value == eg::Value::Loss ? 2000 : p->value == eg::Value::Draw ? 1000 : p->distance;
    if (rank > best_rank) {
      best_rank = rank;
      best = m;
    }
  }
  return best;
}

std::string egdb_fen_of(const EgTraits::State& pos) {
  checkers::Setup s;
  s.to_move = EgTraits::State::colour_of(pos.side_to_move());
  for (int sq = 1; sq <= 32; ++sq) {
    const checkers::Bitboard b = checkers::bit(checkers::Geometry<8>::bit_of(sq));
    for (Side side : {Side::First, Side::Second})
      if (pos.pieces(side) & b)
        s.pieces.push_back({EgTraits::State::colour_of(side), sq, (pos.kings() & b) != 0});
  }
  return checkers::format_fen(s);
}

// Plays `fen`, a win for the side to move by `db`, to its end: level 10 at
// `depth` for the winner (with `db` as its tables), egdb_defence for the
// loser. Fails on a repetition, the 40-move rule or 200 plies; the plies
// played otherwise.
int egdb_play_out(const eg::Database& db, const char* fen, int depth) {
  Expected<EgTraits::State> start = EgTraits::from_fen(fen);
  EXPECT_TRUE(start.has_value());
  if (!start) return -1;
  EgTraits::State pos = *start;
  const Side winner = pos.side_to_move();
  auto engine = english_engine();
  std::vector<std::string> moves;
  checkers::DrawCounters counters = checkers::start_counters(pos);
  std::vector<std::uint64_t> since_progress{pos.hash()};
  int plies = 0;
  while (true) {
    EgTraits::MoveList legal;
    pos.generate_legal(legal);
    if (legal.empty()) break;
    EXPECT_LT(plies, 200);
    if (plies >= 200) return -1;
    EgTraits::Move m;
    if (pos.side_to_move() == winner) {
      EXPECT_TRUE(engine->set_position(fen, moves).has_value());
      SearchLimits limits;
      limits.depth = depth;
      const SearchResult r = engine->think(limits);
      EXPECT_GT(r.tbhits, 0u);
      Expected<EgTraits::Move> parsed = EgTraits::parse_move(pos, r.best);
      EXPECT_TRUE(parsed.has_value()) << r.best;
      if (!parsed) return -1;
      m = *parsed;
    } else {
      m = egdb_defence(db, pos);
    }
    moves.push_back(EgTraits::move_text(pos, m));
    const bool progress = EgTraits::irreversible(pos, m);
    pos.make(m);
    ++plies;
    counters = checkers::next_counters(counters, pos, progress);
    const bool forty = checkers::draw_by_count(counters, pos, checkers::DrawSettings{}).has_value();
    EXPECT_FALSE(forty) << "40-move rule after " << plies << " plies";
    if (progress) since_progress.clear();
    since_progress.push_back(pos.hash());
    const bool repeated = checkers::threefold(since_progress);
    EXPECT_FALSE(repeated) << "repetition after " << plies << " plies";
    if (forty || repeated) return -1;
  }
  EXPECT_NE(pos.side_to_move(), winner) << "the winner is left without a move";
  return plies;
}

TEST_F(EndgameSearch, LevelTenWinsWonEndingsWithinTheFortyMoveRule) {
  const eg::Database& db = *egdb_search_tables();
  const char* endings[] = {
      "B:WK32:BK1,K2",       // two kings against one in the double corner
      "W:WK1,K2:BK32",       // the same for White
      "B:WK32:B10,K15",      // king and man against king
      "B:WK28:B6,K1",        //
      "W:WK1,K2,K3:BK28",    // three kings against one
      "W:WK5,K14,K18:BK32",  //
  };
  for (const char* fen : endings) {
    SCOPED_TRACE(fen);
    const std::optional<eg::Probe> value = db.probe(*EgTraits::from_fen(fen));
    ASSERT_TRUE(value.has_value());
    ASSERT_EQ(value->value, eg::Value::Win);
    // Perfect play on both sides: the win takes exactly the tables' distance.
    EXPECT_EQ(egdb_play_out(db, fen, 3), value->distance);
  }
}

// Tables that keep values only, as the 5-piece ones do: here every 4-piece
// table (with at most one man), the smaller ones with distances.
std::shared_ptr<const eg::Database> egdb_value_only_tables() {
  static const auto db = std::make_shared<const eg::Database>(eg::Database::build(4, 3, {}, 1));
  return db;
}

TEST_F(EndgameSearch, LevelTenWinsEndingsOfTablesWithoutDistances) {
  // Stopping at each position the tables called won, the search saw one ply
  // and shuffled a king until the loser could repeat (three games against
  // Cake); searched on after king moves, the wins below are played out.
  checkers_tables::set_tables_for_tests(egdb_value_only_tables());
  const eg::Database& db = *egdb_value_only_tables();
  const char* endings[] = {
      "W:WK1,K2,K3:BK28",    // three kings against one
      "W:WK5,K14,K18:BK32",  //
      "B:WK4:BK29,K30,K31",  // the same for Black
      "W:WK1,K2,20:BK28",    // two kings and a man against a king
      "B:WK32:BK1,K2,10",    //
      "W:WK6,K10:BK30,3",    // two kings against king and man
      "W:WK17,K22:BK28,3",   // the same, 81 plies with perfect play
  };
  for (const char* fen : endings) {
    SCOPED_TRACE(fen);
    Expected<EgTraits::State> start = EgTraits::from_fen(fen);
    ASSERT_TRUE(start.has_value());
    const std::optional<eg::Probe> value = db.probe(*start);
    ASSERT_TRUE(value.has_value());
    ASSERT_EQ(value->value, eg::Value::Win);
    ASSERT_EQ(value->distance, -1);
    EXPECT_GT(egdb_play_out(db, fen, 12), 0);
  }
}

TEST_F(EndgameSearch, KeepsTheTablesValueAtTheRoot) {
  const eg::Database& db = *egdb_search_tables();
  std::mt19937_64 rng(5);
  auto engine = english_engine();
  int checked = 0;
  for (int k = 0; k < 400 && checked < 150; ++k) {
    const std::vector<eg::Material> all = eg::materials(3);
    const eg::Table& t = *db.table(all[rng() % all.size()]);
    const std::uint64_t i = rng() % t.index.size();
    if (t.value(i) == eg::Value::Loss) continue;
    EgTraits::State pos = eg::position_of(t.index.unrank(i));
    EgTraits::MoveList legal;
    pos.generate_legal(legal);
    if (legal.size() < 2) continue;
    ++checked;
    ASSERT_TRUE(engine->set_position(egdb_fen_of(pos), {}).has_value());
    SearchLimits limits;
    limits.depth = 2;
    const SearchResult r = engine->think(limits);
    Expected<EgTraits::Move> m = EgTraits::parse_move(pos, r.best);
    ASSERT_TRUE(m.has_value());
    pos.make(*m);
    const eg::Value after = db.probe(pos)->value;
    EXPECT_EQ(after, t.value(i) == eg::Value::Win ? eg::Value::Loss : eg::Value::Draw)
        << t.index.material().name() << " " << i;
  }
  EXPECT_GE(checked, 100);
}

TEST_F(EndgameSearch, CountsHitsAtLevelTenOnlyAndNotForOtherVariants) {
  SearchLimits limits;
  limits.depth = 4;
  auto engine = english_engine();
  ASSERT_TRUE(engine->set_position("B:WK32:B10,K15", {}).has_value());
  EXPECT_GT(engine->think(limits).tbhits, 0u);
  engine->options().level = 9;
  EXPECT_EQ(engine->think(limits).tbhits, 0u);
  auto russian = std::make_unique<Engine>();
  ASSERT_TRUE(russian->set_game("checkers", "russian").has_value());
  ASSERT_TRUE(russian->set_position("W:WKa1:Bc7,Kh8", {}).has_value());
  EXPECT_EQ(russian->think(limits).tbhits, 0u);
  // No tables at all: none are probed.
  checkers_tables::set_tables_for_tests(nullptr);
  auto bare = english_engine();
  bare->options().egdb_path = "/nonexistent/qi-egdb";
  ASSERT_TRUE(bare->set_position("B:WK32:B10,K15", {}).has_value());
  EXPECT_EQ(bare->think(limits).tbhits, 0u);
}

TEST(EndgameTableStore, LoadsADirectoryInTheBackgroundAndNamesARefusedFile) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "qi_egdb_store_test";
  std::filesystem::remove_all(dir);
  ASSERT_TRUE(eg::Database::build(3, 3).write((dir / "good").string()).has_value());
  ASSERT_TRUE(eg::Database::build(3, 3).write((dir / "bad").string()).has_value());
  const std::filesystem::path damaged = dir / "bad" / eg::Database::file_name({1, 1, 0, 1});
  std::filesystem::resize_file(damaged, 100);

  auto wait_for = [](const std::string& path) {
    std::shared_ptr<const eg::Database> db;
    for (int k = 0; k < 500 && !(db = checkers_tables::tables(path)); ++k)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return db;
  };
  std::shared_ptr<const eg::Database> good = wait_for((dir / "good").string());
  ASSERT_TRUE(good);
  EXPECT_EQ(good->pieces(), 3);
  std::shared_ptr<const eg::Database> bad = wait_for((dir / "bad").string());
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->pieces(), 2);
  const std::vector<std::string> problems = checkers_tables::problems();
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find(damaged.string()), std::string::npos) << problems[0];
  EXPECT_EQ(checkers_tables::directory_for("x"), "x");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace qi::engine
