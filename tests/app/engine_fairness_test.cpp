// Engine work under load: analysis (reviews, hints) has its own budget and a
// fair queue per client, so it never holds up the engine's moves in games;
// identical reviews are searched once; no engine search runs under a game's
// lock. Most tests use an opponent whose searches wait at a gate the test
// opens, so what runs when is decided by the test, not by the machine's speed.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <thread>

#include "../support/builtin_opponent_base.h"
#include "app/engine_opponent.h"
#include "app/session_manager.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "engine/registry.h"

namespace qi::app {
namespace {

using Action = SessionManager::Action;
using nlohmann::json;

// Polls until `condition` holds; false after 30 s (the test has hung).
bool eventually(const std::function<bool()>& condition) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

// The built-in player, whose reviews and draw answers wait at gates: each
// review waits for a permit, each draw answer until the draws are opened. It
// counts what it was asked and how many reviews ran at once.
class GatedOpponent final : public test::BuiltinOpponentBase {
 public:
  MoveText choose_move(const Game& game, const MoveRequest& request) override {
    {
      std::unique_lock lock(mutex_);
      ++moves_started_;
      changed_.notify_all();
      changed_.wait(lock, [&] { return moves_open_; });
    }
    return BuiltinOpponentBase::choose_move(game, request);
  }
  DrawDecision answer_draw(const Game& /*game*/, Side /*side*/) override {
    std::unique_lock lock(mutex_);
    ++draw_answers_started_;
    changed_.notify_all();
    changed_.wait(lock, [&] { return draws_open_; });
    return {true, {"Qi accepts the draw: the test says so", "Qi 同意和棋"}};
  }
  std::vector<PositionReview> review(const Game& game, const std::atomic<bool>* stop) override {
    {
      std::unique_lock lock(mutex_);
      ++reviews_started_;
      reviewed_.push_back(game.moves_played().size());
      max_running_ = std::max(max_running_, ++running_);
      changed_.notify_all();
      changed_.wait(lock, [&] { return permits_ > 0; });
      --permits_;
      --running_;
    }
    auto out = BuiltinOpponentBase::review(game, stop);
    std::lock_guard lock(mutex_);
    ++reviews_finished_;
    return out;
  }

  void permit_reviews(int n) {
    std::lock_guard lock(mutex_);
    permits_ += n;
    changed_.notify_all();
  }
  void open_draws() {
    std::lock_guard lock(mutex_);
    draws_open_ = true;
    changed_.notify_all();
  }
  void set_moves_open(bool open) {
    std::lock_guard lock(mutex_);
    moves_open_ = open;
    changed_.notify_all();
  }
  int reviews_started() const { return read(reviews_started_); }
  int reviews_finished() const { return read(reviews_finished_); }
  int max_running() const { return read(max_running_); }
  int draw_answers_started() const { return read(draw_answers_started_); }
  int moves_started() const { return read(moves_started_); }
  // The number of moves of each game reviewed, in the order they began.
  std::vector<std::size_t> reviewed() const {
    std::lock_guard lock(mutex_);
    return reviewed_;
  }

 private:
  int read(const int& counter) const {
    std::lock_guard lock(mutex_);
    return counter;
  }
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  int permits_ = 0, running_ = 0, max_running_ = 0;
  int reviews_started_ = 0, reviews_finished_ = 0, draw_answers_started_ = 0, moves_started_ = 0;
  bool draws_open_ = false, moves_open_ = true;
  std::vector<std::size_t> reviewed_;
};

ManagerOptions with_threads(std::size_t waiting_per_client) {
  ManagerOptions o;
  o.analysis.waiting_per_client = waiting_per_client;
  o.watch_delay_ms = 0;
  return o;
}

struct FairnessWorld {
  explicit FairnessWorld(ManagerOptions options = ManagerOptions::driven_by_caller())
      : manager(*store, engine, time, options) {}
  std::unique_ptr<SqliteStore> store = SqliteStore::open(":memory:").value();
  FakeClock time;
  GatedOpponent engine;
  SessionManager manager;

  // A game between two people with `plies` moves from a short record.
  std::string game_with_moves(int plies) {
    static const char* const kMoves[] = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"};
    std::string record;
    for (int i = 0; i < plies; ++i)
      record += (i % 2 == 0 ? std::to_string(i / 2 + 1) + ". " : "") + kMoves[i] + " ";
    auto created = manager.create(SessionSetup{}, record + "*");
    EXPECT_TRUE(created) << created.error().message;
    return (*created)["id"];
  }
  json against_engine() {
    SessionSetup setup;
    setup.seats[1].kind = SeatKind::Engine;
    setup.seats[1].level = 1;
    auto created = manager.create(setup);
    EXPECT_TRUE(created) << created.error().message;
    return *created;
  }
};

TEST(EngineFairness, AnalysisRunsOneSearchAtATimeAndNeverHoldsUpAGamesMove) {
  FairnessWorld w(with_threads(16));
  std::vector<std::string> games;
  for (int i = 0; i < 16; ++i) games.push_back(w.game_with_moves(1 + i % 8));
  std::vector<std::future<Expected<json>>> reviews;
  for (const std::string& id : games)
    reviews.push_back(std::async(std::launch::async, [&, id] { return w.manager.review(id, "greedy"); }));
  // One search at a time: the rest wait in the client's queue.
  ASSERT_TRUE(eventually(
      [&] { return w.engine.reviews_started() == 1 && w.manager.analysis_counts().started == 1; }));

  // Another game's engine reply comes while every review is still waiting.
  json g = w.against_engine();
  auto moved = w.manager.act(g["id"], g["tokens"]["first"], Action::Move, "e2e4");
  ASSERT_TRUE(moved) << moved.error().message;
  const std::uint64_t after_move = (*moved)["version"];
  ASSERT_TRUE(eventually([&] { return w.manager.wait_for_change(g["id"], after_move, 100) > after_move; }));
  auto view = w.manager.view(g["id"]);
  ASSERT_TRUE(view);
  EXPECT_EQ((*view)["moves"].size(), 2u);
  EXPECT_EQ(w.engine.reviews_finished(), 0);

  w.engine.permit_reviews(16);
  for (auto& r : reviews) {
    auto answer = r.get();
    ASSERT_TRUE(answer) << answer.error().message;
  }
  EXPECT_EQ(w.engine.max_running(), 1);
  EXPECT_EQ(w.engine.reviews_started(), 16);
}

TEST(EngineFairness, AClientBeyondItsCapIsRefusedAsBusyAndAnotherClientIsServedNext) {
  FairnessWorld w(with_threads(4));
  std::vector<std::string> mine;
  for (int i = 0; i < 6; ++i) mine.push_back(w.game_with_moves(1));
  const std::string theirs = w.game_with_moves(5);
  std::vector<std::future<Expected<json>>> reviews;
  reviews.push_back(std::async(std::launch::async, [&] { return w.manager.review(mine[0], "greedy"); }));
  ASSERT_TRUE(eventually([&] { return w.engine.reviews_started() == 1; }));
  for (int i = 1; i < 5; ++i)
    reviews.push_back(std::async(std::launch::async, [&, i] { return w.manager.review(mine[i], "greedy"); }));
  // One being searched and four waiting: the sixth is refused at once.
  ASSERT_TRUE(eventually([&] { return w.manager.analysis_waiting() == 4; }));
  auto refused = w.manager.review(mine[5], "greedy");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, "busy");

  // Another client's review goes ahead of the greedy one's waiting four.
  reviews.push_back(std::async(std::launch::async, [&] { return w.manager.review(theirs, "polite"); }));
  ASSERT_TRUE(eventually([&] { return w.manager.analysis_waiting() == 5; }));
  w.engine.permit_reviews(1);
  ASSERT_TRUE(eventually([&] { return w.engine.reviews_started() == 2; }));
  EXPECT_EQ(w.engine.reviewed()[1], 5u) << "the other client's game (5 moves) is reviewed second";
  w.engine.permit_reviews(10);
  for (auto& r : reviews) ASSERT_TRUE(r.get());
}

TEST(EngineFairness, TwoRequestsForTheSameReviewSearchOnce) {
  FairnessWorld w(with_threads(4));
  const std::string id = w.game_with_moves(4);
  auto first = std::async(std::launch::async, [&] { return w.manager.review(id, "one"); });
  ASSERT_TRUE(eventually([&] { return w.engine.reviews_started() == 1; }));
  auto second = std::async(std::launch::async, [&] { return w.manager.review(id, "two"); });
  ASSERT_TRUE(eventually([&] { return w.manager.analysis_counts().merged == 1; }));
  w.engine.permit_reviews(1);
  auto a = first.get(), b = second.get();
  ASSERT_TRUE(a);
  ASSERT_TRUE(b);
  EXPECT_EQ(*a, *b);
  EXPECT_EQ(w.engine.reviews_started(), 1);
  ASSERT_TRUE(w.manager.review(id, "three"));  // finished: from the cache
  EXPECT_EQ(w.engine.reviews_started(), 1);
}

TEST(EngineFairness, TheEnginesDrawAnswerIsSearchedWithoutTheGamesLock) {
  FairnessWorld w;
  json g = w.against_engine();
  const std::string id = g["id"];
  const std::uint64_t before = g["version"];
  auto offered = std::async(std::launch::async, [&] {
    return w.manager.act(id, g["tokens"]["first"], Action::Move, "e2e4", /*offer_draw_with_move=*/true);
  });
  ASSERT_TRUE(eventually([&] { return w.engine.draw_answers_started() == 1; }));
  // While the engine judges, the game answers; the move and its offer are not
  // shown until they can be shown with the engine's answer.
  auto view = std::async(std::launch::async, [&] { return w.manager.view(id); });
  const bool answered = view.wait_for(std::chrono::seconds(30)) == std::future_status::ready;
  w.engine.open_draws();
  ASSERT_TRUE(answered) << "the view waited for the engine's search";
  auto shown = view.get();
  ASSERT_TRUE(shown);
  EXPECT_EQ((*shown)["version"], before);
  EXPECT_TRUE((*shown)["moves"].empty());

  auto done = offered.get();
  ASSERT_TRUE(done) << done.error().message;
  EXPECT_EQ((*done)["moves"].size(), 1u);
  EXPECT_EQ((*done)["outcome"]["verdict"], "draw");
  EXPECT_EQ((*done)["draw_offer"]["answer"]["words"]["en"], "Qi accepts the draw: the test says so");
  EXPECT_EQ(w.engine.draw_answers_started(), 1);
}

TEST(EngineFairness, AHintIsAnalysisInTheClientsTurnToo) {
  FairnessWorld w(with_threads(1));
  const std::string running = w.game_with_moves(2), waiting = w.game_with_moves(3);
  auto review = std::async(std::launch::async, [&] { return w.manager.review(running, "greedy"); });
  ASSERT_TRUE(eventually([&] { return w.engine.reviews_started() == 1; }));
  auto next_review = std::async(std::launch::async, [&] { return w.manager.review(waiting, "greedy"); });
  ASSERT_TRUE(eventually([&] { return w.manager.analysis_waiting() == 1; }));
  json g = w.against_engine();
  // The greedy client has one review searched and one waiting: its hint may
  // not wait too.
  auto refused = w.manager.act(g["id"], g["tokens"]["first"], Action::Hint, {}, false, {}, "greedy");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, "busy");
  // Another client's hint is answered before the greedy one's next review.
  auto hint = std::async(std::launch::async, [&] {
    return w.manager.act(g["id"], g["tokens"]["first"], Action::Hint, {}, false, {}, "polite");
  });
  ASSERT_TRUE(eventually([&] { return w.manager.analysis_waiting() == 2; }));
  w.engine.permit_reviews(1);
  auto answer = hint.get();
  ASSERT_TRUE(answer) << answer.error().message;
  EXPECT_TRUE(answer->contains("move"));
  EXPECT_EQ(w.engine.reviews_finished(), 1) << "the hint waited for the greedy client's next review";
  w.engine.permit_reviews(1);
  ASSERT_TRUE(review.get());
  ASSERT_TRUE(next_review.get());
}

// The real engine: however many reviews are running or waiting for the
// analysis slot, a game's move takes a move slot of its own.
TEST(EngineFairness, TheEnginesMoveNeverWaitsForAnalysisSlots) {
  EngineOpponentOptions options = EngineOpponentOptions::minimal();
  options.review_depth = 0;
  options.review_nodes = 20'000;
  EngineOpponent engine(options);
  auto game = make_game("chess", "").value();
  for (int ply = 0; ply < 30 && !game->outcome().over(); ++ply)
    ASSERT_TRUE(game->play(builtin_move(*game).id));
  std::atomic<int> finished{0};
  std::vector<std::thread> reviewers;
  // As many as the whole pool had slots when every part shared it.
  for (int i = 0; i < 4; ++i)
    reviewers.emplace_back([&] {
      (void)engine.review(*game, nullptr);
      ++finished;
    });
  ASSERT_TRUE(eventually([&] { return engine.busy_slots(EngineWork::Analysis) == 1; }));
  MoveRequest quick;
  quick.movetime_ms = 10;
  MoveText move = engine.choose_move(*game, quick);
  EXPECT_FALSE(move.id.empty());
  EXPECT_EQ(finished.load(), 0) << "the move waited for a review";
  EXPECT_LE(engine.busy_slots(EngineWork::Analysis), 1);
  for (std::thread& t : reviewers) t.join();
}

}  // namespace
}  // namespace qi::app
