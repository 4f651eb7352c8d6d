// Takebacks between two people through the API: from one seat's page a
// takeback is proposed and answered (propose-takeback, accept-takeback,
// decline-takeback, withdraw-takeback), and every step is in the view both
// pages and the watchers get; a page holding both seats sends the other
// seat's token with undo and redo.
#include <gtest/gtest.h>

#include "../support/api_answer.h"
#include "app/opponent.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "server/api.h"

namespace qi::server {
namespace {

using nlohmann::json;

class TakebackApi : public ::testing::Test {
 protected:
  TakebackApi()
      : store_(app::SqliteStore::open(":memory:").value()),
        manager_(*store_, opponent_, time_, app::ManagerOptions::driven_by_caller()),
        api_(manager_, *store_) {
    ApiResponse r = test::answer(api_.handle({"POST", "/api/games", {}, R"({"game":"chess"})"}));
    EXPECT_EQ(r.status, 201) << r.body.dump();
    id_ = r.body["id"];
    white_ = r.body["tokens"]["first"];
    black_ = r.body["tokens"]["second"];
  }

  ApiResponse act(const std::string& action, json body) {
    return test::answer(api_.handle({"POST", "/api/games/" + id_ + "/" + action, {}, body.dump()}));
  }
  ApiResponse act(const std::string& action, const std::string& token) {
    return act(action, {{"token", token}});
  }
  json view() { return test::answer(api_.handle({"GET", "/api/games/" + id_, {}, ""})).body; }
  void moves(std::initializer_list<const char*> list) {
    for (const char* m : list) {
      const std::string& token = view()["side_to_move"] == "first" ? white_ : black_;
      ASSERT_EQ(act("move", {{"token", token}, {"move", m}}).status, 200) << m;
    }
  }

  FakeClock time_;
  app::BuiltinOpponent opponent_;
  std::unique_ptr<app::SqliteStore> store_;
  app::SessionManager manager_;
  Api api_;
  std::string id_, white_, black_;
};

TEST_F(TakebackApi, UndoFromOneSeatNeedsConsentAndNothingVanishes) {
  moves({"e4", "e5", "Nf3", "Nc6"});
  // White's turn: Black presses Undo; White presses Undo.
  for (const std::string& token : {black_, white_}) {
    ApiResponse undo = act("undo", token);
    EXPECT_EQ(undo.status, 422);
    EXPECT_EQ(undo.body["code"], "takeback_needs_consent");
    EXPECT_FALSE(undo.body["words"]["zh"].get<std::string>().empty());
  }
  EXPECT_EQ(view()["moves"].size(), 4u);
  EXPECT_TRUE(view()["undo"]["second"]["needs_consent"].get<bool>());
  // A wrong token for the other seat is one seat only.
  EXPECT_EQ(act("undo", {{"token", white_}, {"other_token", white_}}).status, 422);
}

TEST_F(TakebackApi, AProposalIsShownToBothAndTheAcceptedOneIsMade) {
  moves({"e4", "e5", "Nf3"});
  ApiResponse proposed = act("propose-takeback", white_);
  ASSERT_EQ(proposed.status, 200) << proposed.body.dump();
  EXPECT_EQ(proposed.body["takeback"]["proposed_by"], "first");
  const json seen = view();  // what the opponent's page and the watchers see
  EXPECT_EQ(seen["takeback"]["proposed_by"], "first");
  EXPECT_EQ(seen["moves"].size(), 3u);
  EXPECT_EQ(act("accept-takeback", white_).body["code"], "no_takeback_proposed");
  ApiResponse accepted = act("accept-takeback", black_);
  ASSERT_EQ(accepted.status, 200) << accepted.body.dump();
  EXPECT_EQ(accepted.body["moves"].size(), 2u);
  EXPECT_EQ(accepted.body["takeback"]["answer"]["kind"], "accepted");
  EXPECT_EQ(accepted.body["takeback"]["answer"]["words"]["en"], "Black accepts the takeback");
  EXPECT_FALSE(accepted.body["can_redo"].get<bool>()) << "Black's page has no redo of White's move";
  EXPECT_EQ(act("redo", black_).body["code"], "nothing_to_redo");
}

TEST_F(TakebackApi, DeclinedWithdrawnOrMovedOnNothingIsTakenBack) {
  moves({"e4", "e5"});
  ASSERT_EQ(act("propose-takeback", black_).status, 200);
  ApiResponse declined = act("decline-takeback", white_);
  ASSERT_EQ(declined.status, 200);
  EXPECT_EQ(declined.body["takeback"]["answer"]["kind"], "declined");
  EXPECT_EQ(declined.body["moves"].size(), 2u);
  EXPECT_EQ(act("propose-takeback", black_).body["code"], "takeback_declined");
  // Withdrawn by its proposer.
  ASSERT_EQ(act("propose-takeback", white_).status, 200);
  ApiResponse withdrawn = act("withdraw-takeback", white_);
  ASSERT_EQ(withdrawn.status, 200);
  EXPECT_EQ(withdrawn.body["takeback"]["answer"]["kind"], "withdrawn");
  // Withdrawn by a move: the proposer's.
  ASSERT_EQ(act("propose-takeback", white_).status, 200);
  moves({"Nf3"});
  EXPECT_TRUE(view()["takeback"]["proposed_by"].is_null());
  EXPECT_EQ(act("accept-takeback", black_).body["code"], "no_takeback_proposed");
  EXPECT_EQ(view()["moves"].size(), 3u);
}

TEST_F(TakebackApi, APageHoldingBothSeatsTakesBackAndRedoesAtOnce) {
  moves({"e4", "e5"});
  ApiResponse undo = act("undo", {{"token", black_}, {"other_token", white_}});
  ASSERT_EQ(undo.status, 200) << undo.body.dump();
  EXPECT_EQ(undo.body["moves"].size(), 1u);
  EXPECT_EQ(act("redo", black_).body["code"], "redo_others_moves");
  ApiResponse redo = act("redo", {{"token", black_}, {"other_token", white_}});
  ASSERT_EQ(redo.status, 200) << redo.body.dump();
  EXPECT_EQ(redo.body["moves"].size(), 2u);
  EXPECT_EQ(act("propose-takeback", {{"token", white_}, {"other_token", black_}}).status, 400)
      << "other_token belongs to undo and redo only";
}

TEST_F(TakebackApi, ARatedGameAllowsNoTakeback) {
  json players = json::array();
  for (const char* name : {"Ann", "Bo"}) {
    ApiResponse p = test::answer(api_.handle({"POST", "/api/players", {}, json{{"name", name}}.dump()}));
    ASSERT_EQ(p.status, 201) << p.body.dump();
    players.push_back(p.body["id"]);
  }
  ApiResponse r = test::answer(api_.handle({"POST",
                                            "/api/games",
                                            {},
                                            json{{"game", "chess"},
                                                 {"rated", true},
                                                 {"seats",
                                                  {{{"kind", "human"}, {"player_id", players[0]}},
                                                   {{"kind", "human"}, {"player_id", players[1]}}}}}
                                                .dump()}));
  ASSERT_EQ(r.status, 201) << r.body.dump();
  id_ = r.body["id"];
  white_ = r.body["tokens"]["first"];
  black_ = r.body["tokens"]["second"];
  moves({"e4", "e5"});
  EXPECT_EQ(act("propose-takeback", white_).body["code"], "undo_rated");
  EXPECT_EQ(act("undo", {{"token", white_}, {"other_token", black_}}).body["code"], "undo_rated");
}

}  // namespace
}  // namespace qi::server
