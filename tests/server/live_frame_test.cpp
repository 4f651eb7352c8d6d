// The live connection's frames (server/live_frame.h): what each op carries,
// and a clear refusal, with its code, for anything else.
#include <gtest/gtest.h>

#include "server/live_frame.h"

namespace qi::server {
namespace {

std::string refusal(std::string_view text) {
  auto f = parse_live_frame(text);
  return f ? "" : f.error().code;
}

TEST(LiveFrame, AWatchCarriesTheGameTheVersionSeenAndTheSeatsToken) {
  auto f = parse_live_frame(R"({"op":"watch","id":"0123456789ab","seen":4,"token":"t0k"})");
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_EQ(f->op, LiveFrame::Op::Watch);
  EXPECT_EQ(f->game, "0123456789ab");
  EXPECT_EQ(f->seen, 4u);
  EXPECT_EQ(f->token, "t0k");
  auto spectator = parse_live_frame(R"({"op":"watch","id":"ab"})");
  ASSERT_TRUE(spectator);
  EXPECT_TRUE(spectator->token.empty());
  EXPECT_FALSE(spectator->seen);
}

TEST(LiveFrame, AnActCarriesItsReferenceActionAndBody) {
  auto f = parse_live_frame(R"({"op":"act","ref":12,"id":"ab","action":"offer-draw","body":{"token":"t"}})");
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_EQ(f->op, LiveFrame::Op::Act);
  EXPECT_EQ(f->ref, "12");
  EXPECT_EQ(f->action, "offer-draw");
  EXPECT_EQ(f->body["token"], "t");
}

TEST(LiveFrame, AnythingElseIsRefusedWithItsReason) {
  EXPECT_EQ(refusal("not json"), "bad_frame");
  EXPECT_EQ(refusal("[1,2]"), "bad_frame");
  EXPECT_EQ(refusal(R"({"op":"dance"})"), "unknown_op");
  EXPECT_EQ(refusal(R"({"op":"watch","id":"../etc"})"), "bad_frame");
  EXPECT_EQ(refusal(R"({"op":"watch","id":"ab","seen":-1})"), "bad_frame");
  EXPECT_EQ(refusal(R"({"op":"watch","id":"ab","token":7})"), "bad_frame");
  EXPECT_EQ(refusal(R"({"op":"watch","id":"ab","token":")" + std::string(200, 'a') + "\"}"), "bad_frame");
  EXPECT_EQ(refusal(R"({"op":"act","id":"ab","action":"move"})"), "bad_frame");  // no ref
  EXPECT_EQ(refusal(R"({"op":"act","ref":1.5,"id":"ab","action":"move"})"), "bad_frame");
  EXPECT_EQ(refusal(R"({"op":"act","ref":1,"id":"ab","action":"Move!"})"), "bad_frame");
  EXPECT_EQ(refusal(R"({"op":"act","ref":1,"id":"ab","action":"move","body":[]})"), "bad_frame");
  EXPECT_EQ(refusal(R"({"op":"ping"})"), "");
}

}  // namespace
}  // namespace qi::server
