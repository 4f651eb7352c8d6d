// Properties every game must have, checked for each registered game and
// variant (the test-only pawn race of tests/support included): random
// playouts, exact undo, notation round trips, records that read back, a
// board the descriptor can draw, the referee's endings, the engine, the
// API, and bad input that changes nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "../support/api_answer.h"
#include "app/opponent.h"
#include "app/session_manager.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "core/random.h"
#include "core/record.h"
#include "core/referee.h"
#include "engine/level_player.h"
#include "engine/registry.h"
#include "server/api.h"

namespace qi {
namespace {

struct GameCase {
  std::string name;
  std::string variant;
};

void PrintTo(const GameCase& c, std::ostream* os) {
  *os << c.name << (c.variant.empty() ? "" : " " + c.variant);
}

std::vector<GameCase> all_games() {
  std::vector<GameCase> cases;
  for (const engine::GameRegistration* game : engine::registered_games())
    for (const VariantDescriptor& v : game->descriptor().variants)
      cases.push_back({game->descriptor().name, v.name});
  return cases;
}

class EveryGame : public ::testing::TestWithParam<GameCase> {
 protected:
  std::unique_ptr<Game> make() const {
    Expected<std::unique_ptr<Game>> game = make_game(GetParam().name, GetParam().variant);
    EXPECT_TRUE(game) << game.error().message;
    return std::move(*game);
  }
};

constexpr int kPlayouts = 20;
constexpr int kMaxPlies = 300;

TEST_P(EveryGame, RandomPlayoutsUndoExactly) {
  auto game = make();
  SplitMix64 rng(12345);
  for (int playout = 0; playout < kPlayouts; ++playout) {
    game->reset();
    std::vector<std::string> fens{game->fen()};
    for (int ply = 0; ply < kMaxPlies && !game->outcome().over(); ++ply) {
      std::vector<MoveText> moves = game->legal_moves();
      ASSERT_FALSE(moves.empty()) << "no legal move but the game goes on: " << game->fen();
      const MoveText& pick = moves[rng.below(moves.size())];
      Expected<MoveText> played = game->play(pick.id);
      ASSERT_TRUE(played) << pick.id << " at " << game->fen() << ": " << played.error().message;
      fens.push_back(game->fen());
    }
    EXPECT_EQ(game->moves_played().size() + 1, fens.size());
    while (fens.size() > 1) {
      fens.pop_back();
      ASSERT_TRUE(game->undo());
      ASSERT_EQ(game->fen(), fens.back());
    }
    EXPECT_FALSE(game->undo());
  }
}

TEST_P(EveryGame, EveryLegalMoveParsesInBothNotations) {
  auto game = make();
  SplitMix64 rng(777);
  for (int ply = 0; ply < 60 && !game->outcome().over(); ++ply) {
    std::vector<MoveText> moves = game->legal_moves();
    for (const MoveText& m : moves) {
      Expected<MoveText> by_id = game->parse_move(m.id);
      ASSERT_TRUE(by_id) << m.id << ": " << by_id.error().message;
      EXPECT_EQ(by_id->id, m.id);
      Expected<MoveText> by_display = game->parse_move(m.display);
      ASSERT_TRUE(by_display) << m.display << ": " << by_display.error().message;
      EXPECT_EQ(by_display->id, m.id);
    }
    ASSERT_TRUE(game->play(moves[rng.below(moves.size())].id));
  }
}

TEST_P(EveryGame, FenRoundTripsThroughSetFen) {
  auto game = make();
  auto copy = make();
  SplitMix64 rng(99);
  for (int ply = 0; ply < 80 && !game->outcome().over(); ++ply) {
    ASSERT_TRUE(copy->set_fen(game->fen())) << game->fen();
    EXPECT_EQ(copy->fen(), game->fen());
    EXPECT_EQ(copy->side_to_move(), game->side_to_move());
    std::vector<MoveText> moves = game->legal_moves();
    ASSERT_TRUE(game->play(moves[rng.below(moves.size())].id));
  }
}

TEST_P(EveryGame, PerftOneCountsLegalMoves) {
  auto game = make();
  EXPECT_EQ(game->perft(1), game->legal_moves().size());
  std::uint64_t sum = 0;
  for (const auto& [move, count] : game->perft_divide(2)) sum += count;
  EXPECT_EQ(sum, game->perft(2));
}

TEST_P(EveryGame, BadInputChangesNothing) {
  auto game = make();
  const std::string before = game->fen();
  for (std::string_view junk : {"", "   ", "zz9", "\xff\xfe", "e2e4e4e4e4", "0-0-0-0", "11-99", "炮十平五"}) {
    Expected<MoveText> played = game->play(junk);
    if (!played) {
      EXPECT_FALSE(played.error().message.empty());
      EXPECT_EQ(game->fen(), before);
    } else {
      game->undo();
    }
  }
  for (std::string_view junk : {"", "not a fen", "8/8/8/8", "x:y:z", "rnbqkbnr/pppppppp w"}) {
    Status set = game->set_fen(junk);
    EXPECT_FALSE(set) << junk;
    if (!set) {
      EXPECT_FALSE(set.error().message.empty());
    }
    EXPECT_EQ(game->fen(), before);
  }
}

// Resignation and agreement are the referee's (core/referee.h).
TEST_P(EveryGame, ResignationAndAgreementEndTheGame) {
  Referee resigned(make());
  const std::string first_move = resigned.game().legal_moves().front().id;
  ASSERT_TRUE(resigned.resign(resigned.game().side_to_move(), 0));
  ASSERT_TRUE(resigned.outcome().over());
  EXPECT_EQ(resigned.outcome().termination, Termination::Resignation);
  EXPECT_EQ(resigned.outcome().winner, Side::Second);
  EXPECT_FALSE(resigned.play(first_move, 0));
  EXPECT_TRUE(resigned.legal_moves().empty());
  const Words words = resigned.game().words(resigned.outcome());
  EXPECT_NE(words.en.find(resigned.game().side_name(Side::First)), std::string::npos) << words.en;
  EXPECT_FALSE(words.zh.empty());

  Referee agreed(make());
  ASSERT_TRUE(agreed.play(first_move, 0));
  ASSERT_TRUE(agreed.offer_draw_with_move(Side::First, 0));
  ASSERT_TRUE(agreed.answer_draw(Side::Second, true, 0));
  EXPECT_EQ(agreed.outcome().verdict, Verdict::Draw);
  EXPECT_EQ(agreed.outcome().termination, Termination::Agreement);
  EXPECT_FALSE(agreed.play(agreed.game().legal_moves().front().id, 0));
}

// The built-in player (engine::LevelPlayer::builtin) in every game.
TEST_P(EveryGame, BuiltinPlayerPlaysLegalMoves) {
  auto game = make();
  auto builtin = engine::LevelPlayer::builtin();
  for (int ply = 0; ply < 12 && !game->outcome().over(); ++ply) {
    Expected<std::string> m = builtin->choose(*game);
    ASSERT_TRUE(m) << m.error().message;
    ASSERT_TRUE(game->play(*m)) << *m;
  }
}

// A game written as its record (PGN or PDN, core/record.h) reads back as the
// same game: the start, every move and the result.
TEST_P(EveryGame, RecordReadsBackAsTheSameGame) {
  SplitMix64 rng(4242);
  for (int playout = 0; playout < 5; ++playout) {
    Referee referee(make());
    for (int ply = 0; ply < 100 && !referee.over(); ++ply) {
      std::vector<MoveText> moves = referee.legal_moves();
      ASSERT_TRUE(referee.play(moves[rng.below(moves.size())].id, 0));
    }
    if (!referee.over() && playout % 2 == 0) {
      ASSERT_TRUE(referee.resign(referee.game().side_to_move(), 0));
    }
    const std::string text = write_record(record_of(referee, {{"Event", "test"}}), referee.game());
    RecordReader reader(text);
    Expected<std::optional<GameRecord>> tags = reader.next_tags();
    ASSERT_TRUE(tags && *tags) << text;
    EXPECT_EQ(variant_of_tags(engine::find_game(GetParam().name)->descriptor(), (*tags)->tags).value_or(""),
              GetParam().variant)
        << "the record names its game's variant";
    ASSERT_TRUE(reader.read_movetext(**tags, referee.game().record_dialect())) << text;
    Expected<ReadGame> read = read_game(std::move(**tags), make());
    ASSERT_TRUE(read) << read.error().message << "\n" << text;
    const Referee& back = *read->referee;
    EXPECT_EQ(back.game().initial_fen(), referee.game().initial_fen());
    EXPECT_EQ(back.game().moves_played(), referee.game().moves_played()) << text;
    EXPECT_EQ(back.outcome().verdict, referee.outcome().verdict) << text;
    EXPECT_EQ(back.outcome().winner, referee.outcome().winner) << text;
    EXPECT_EQ(back.outcome().termination, referee.outcome().termination) << text;
  }
}

// A record of a game as played is numbered without playing its moves again
// (GameRecord::played): the text is the one a replay numbers, from the
// start or from a set-up position with the second side to move, with
// comments between the moves.
TEST_P(EveryGame, APlayedRecordIsNumberedAsAReplayNumbersIt) {
  SplitMix64 rng(777);
  for (int playout = 0; playout < 6; ++playout) {
    std::unique_ptr<Game> start = make();
    if (playout % 2 == 1) {  // a set-up position, the second side to move
      std::vector<MoveText> first = start->legal_moves();
      ASSERT_TRUE(start->play(first[rng.below(first.size())].id));
      std::unique_ptr<Game> set_up = make();
      ASSERT_TRUE(set_up->set_fen(start->fen()));
      start = std::move(set_up);
    }
    Referee referee(std::move(start));
    std::vector<std::string> comments;
    for (int ply = 0; ply < 80 && !referee.over(); ++ply) {
      std::vector<MoveText> moves = referee.legal_moves();
      ASSERT_TRUE(referee.play(moves[rng.below(moves.size())].id, 0));
      comments.push_back(rng.below(5) == 0 ? "a note" : "");
    }
    const std::vector<MoveText> played = referee.game().moves_played();
    GameRecord record = record_of(referee, {{"Event", "test"}}, comments, std::nullopt, &played);
    ASSERT_TRUE(record.played);
    const std::string numbered = write_record(record, referee.game());
    record.played = false;
    EXPECT_EQ(numbered, write_record(record, referee.game()));
  }
}

// What a page needs: a cell for every square of the descriptor, each empty
// or a piece the descriptor draws, and every move named by its squares.
TEST_P(EveryGame, TheDescriptorDrawsTheBoardAndItsMoves) {
  auto game = make();
  const VariantDescriptor& d = game->descriptor();
  SplitMix64 rng(31);
  for (int ply = 0; ply < 40 && !game->outcome().over(); ++ply) {
    const std::string cells = game->board_cells();
    ASSERT_EQ(cells.size(), d.board.squares.size());
    for (char c : cells)
      EXPECT_TRUE(c == '.' || std::any_of(d.pieces.begin(), d.pieces.end(),
                                          [&](const PieceLook& p) { return p.code == c; }))
          << "cell '" << c << "' in " << game->fen();
    std::vector<MoveText> moves = game->legal_moves();
    std::map<std::vector<std::string>, int> sharing;
    for (const MoveText& m : moves) ++sharing[m.squares];
    for (const MoveText& m : moves) {
      ASSERT_FALSE(m.squares.empty()) << m.id;
      for (const std::string& sq : m.squares)
        EXPECT_TRUE(std::any_of(d.board.squares.begin(), d.board.squares.end(),
                                [&](const SquareCell& c) { return c.key == sq; }))
            << m.id << ": " << sq;
      if (sharing[m.squares] == 1) {
        Expected<MoveText> by_squares = game->parse_squares(m.squares);
        ASSERT_TRUE(by_squares) << m.id << ": " << by_squares.error().message;
        EXPECT_EQ(by_squares->id, m.id);
      }
      EXPECT_EQ(m.notations.size(), d.notations.size()) << m.id;
    }
    ASSERT_TRUE(game->play(moves[rng.below(moves.size())].id));
  }
}

// On a board of numbered squares (draughts), each notation names a move's
// squares by their numbers or by the labels /api/info gives it for the
// board's edges (the page draws them while it is chosen): a reader of c3-d4
// finds c and 3 on the edges.
TEST_P(EveryGame, ANumberedBoardsNotationsNameSquaresByTheirNumbersOrByTheEdgesLabels) {
  auto game = make();
  if (!game->descriptor().board.numbered) GTEST_SKIP() << "squares not numbered";
  FakeClock time;
  app::BuiltinOpponent opponent;
  std::unique_ptr<app::SqliteStore> store = app::SqliteStore::open(":memory:").value();
  app::SessionManager manager(*store, opponent, time, app::ManagerOptions::driven_by_caller());
  server::Api api(manager, *store);
  const nlohmann::json info = test::answer(api.handle({"GET", "/api/info", {}, ""})).body;
  nlohmann::json variant;
  for (const nlohmann::json& g : info["games"])
    for (const nlohmann::json& v : g["variants"])
      if (g["name"] == GetParam().name && v["name"] == GetParam().variant) variant = v;
  ASSERT_TRUE(variant.is_object());
  std::map<std::string, std::pair<int, int>> cells;
  for (const nlohmann::json& c : variant["board"]["squares"]) cells[c["key"]] = {c["x"], c["y"]};
  SplitMix64 rng(7);
  for (int ply = 0; ply < 12 && !game->outcome().over(); ++ply) {
    std::vector<MoveText> moves = game->legal_moves();
    for (const MoveText& m : moves)
      for (const nlohmann::json& notation : variant["notations"]) {
        const std::string id = notation["id"];
        const auto written = std::find_if(m.notations.begin(), m.notations.end(),
                                          [&](const auto& n) { return n.first == id; });
        ASSERT_NE(written, m.notations.end()) << m.id << " in " << id;
        for (const std::string& key : {m.squares.front(), m.squares.back()}) {
          const auto [x, y] = cells.at(key);
          std::string name = key;
          if (notation.contains("labels")) {
            const nlohmann::json& files = notation["labels"]["files"];
            const nlohmann::json& ranks = notation["labels"]["ranks"];
            ASSERT_LT(static_cast<std::size_t>(x), files.size()) << id;
            ASSERT_LT(static_cast<std::size_t>(y), ranks.size()) << id;
            name = files[x].get<std::string>() + ranks[y].get<std::string>();
          }
          EXPECT_NE(written->second.find(name), std::string::npos)
              << id << " writes " << m.id << " as " << written->second << ", which does not name square "
              << key << " as " << name << " (the board's number, or its edges' labels)";
        }
      }
    ASSERT_TRUE(game->play(moves[rng.below(moves.size())].id));
  }
}

// Through the server's API, as a page meets the game: /api/info describes it,
// a game against the built-in engine is created and a move played by its
// squares, and the view's boards and moves are what the descriptor draws.
TEST_P(EveryGame, TheApiDescribesAndPlaysIt) {
  FakeClock time;
  app::BuiltinOpponent opponent;
  std::unique_ptr<app::SqliteStore> store = app::SqliteStore::open(":memory:").value();
  app::SessionManager manager(*store, opponent, time, app::ManagerOptions::driven_by_caller());
  server::Api api(manager, *store);
  const server::ApiResponse info = test::answer(api.handle({"GET", "/api/info", {}, ""}));
  ASSERT_EQ(info.status, 200);
  const nlohmann::json* described = nullptr;
  for (const nlohmann::json& g : info.body["games"])
    if (g["name"] == GetParam().name) described = &g;
  ASSERT_TRUE(described) << "/api/info lists " << GetParam().name;
  const nlohmann::json* variant = nullptr;
  for (const nlohmann::json& v : (*described)["variants"])
    if (v["name"] == GetParam().variant) variant = &v;
  ASSERT_TRUE(variant);
  const std::size_t squares = (*variant)["board"]["squares"].size();
  ASSERT_GT(squares, 0u);

  const nlohmann::json request = {{"game", GetParam().name},
                                  {"variant", GetParam().variant},
                                  {"seats", {{{"kind", "human"}}, {{"kind", "engine"}, {"level", 1}}}}};
  server::ApiResponse created = test::answer(api.handle({"POST", "/api/games", {}, request.dump()}));
  ASSERT_EQ(created.status, 201) << created.body.dump();
  const nlohmann::json& view = created.body;
  ASSERT_EQ(view["boards"][0].get<std::string>().size(), squares);
  ASSERT_FALSE(view["legal_moves"].empty());
  const nlohmann::json move = view["legal_moves"][0];
  EXPECT_EQ(move["notations"].size(), (*variant)["notations"].size());
  const nlohmann::json body = {{"token", view["tokens"]["first"]}, {"squares", move["squares"]}};
  server::ApiResponse played = test::answer(
      api.handle({"POST", "/api/games/" + view["id"].get<std::string>() + "/move", {}, body.dump()}));
  ASSERT_EQ(played.status, 200) << played.body.dump();
  EXPECT_EQ(played.body["moves"][0]["id"], move["id"]);
  manager.run_engine_moves();  // the engine's reply
  server::ApiResponse seen =
      test::answer(api.handle({"GET", "/api/games/" + view["id"].get<std::string>(), {}, ""}));
  ASSERT_EQ(seen.status, 200);
  EXPECT_TRUE(seen.body["moves"].size() == 2 || seen.body["outcome"]["verdict"] != "ongoing")
      << seen.body.dump();
  EXPECT_EQ(seen.body["boards"].size(), seen.body["moves"].size() + 1);
}

INSTANTIATE_TEST_SUITE_P(Registered, EveryGame, ::testing::ValuesIn(all_games()),
                         [](const ::testing::TestParamInfo<GameCase>& param_info) {
                           const GameCase& c = param_info.param;
                           return c.name + (c.variant.empty() ? "" : "_" + c.variant);
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(EveryGame);

TEST(Registry, UnknownGameIsNamed) {
  Expected<std::unique_ptr<Game>> game = make_game("go");
  ASSERT_FALSE(game);
  EXPECT_NE(game.error().message.find("unknown game 'go'"), std::string::npos);
}

}  // namespace
}  // namespace qi
