// A hint in a quiet position sends its plan in the JSON: the piece, its
// squares and what the move aims at, each aim with its words.
#include <gtest/gtest.h>

#include "app/engine_opponent.h"
#include "app/session_json.h"
#include "engine/registry.h"

namespace qi::app {
namespace {

TEST(QuietHintJson, APositionalHintSendsItsPlan) {
  EngineOpponent engine(EngineOpponentOptions::minimal());
  for (const char* name : {"chess", "xiangqi", "checkers"}) {
    SCOPED_TRACE(name);
    const Hint h = engine.hint(*std::move(make_game(name).value()));
    ASSERT_EQ(h.kind, "positional");
    const nlohmann::json j = hint_json(h);
    ASSERT_TRUE(j.contains("plan"));
    const auto& plan = j["plan"];
    EXPECT_TRUE(plan["piece"].is_string());
    EXPECT_FALSE(plan["piece_name"]["en"].get<std::string>().empty());
    EXPECT_FALSE(plan["piece_name"]["zh"].get<std::string>().empty());
    EXPECT_EQ(plan["from"], h.move.squares.front());
    EXPECT_EQ(plan["to"], h.move.squares.back());
    ASSERT_FALSE(plan["aims"].empty());
    for (const auto& aim : plan["aims"]) {
      EXPECT_TRUE(aim["id"].is_string());
      EXPECT_TRUE(aim["squares"].is_array());
      EXPECT_TRUE(aim["words"]["en"].is_string());
      EXPECT_TRUE(aim["words"]["zh"].is_string());
    }
    EXPECT_TRUE(j["assessment_cp"].is_number());
  }
}

}  // namespace
}  // namespace qi::app
