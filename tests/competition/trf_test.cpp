// The TRF reader: what it reads from a player's line, the errors it names
// by line and column, and the writer's round trip.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "competition/swiss/trf.h"

namespace qi::competition::swiss {
namespace {

// A TRF-2016 player line: rank, name, rating, points, then rounds as
// "OOOO c r" blocks at column 92.
std::string player_line(int id, const std::string& points, const std::vector<std::string>& rounds) {
  char head[128];
  std::snprintf(head, sizeof head, "001 %4d      %-33s %4d %27s%4s %4d  ", id,
                ("Player " + std::to_string(id)).c_str(), 2500 - 10 * id, "", points.c_str(), id);
  std::string line = head;
  for (const std::string& r : rounds) line += r + "  ";
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

const std::string kTwoRounds = "012 Club Swiss\nXXR 5\nXXC white1\n" +
                               player_line(1, "1.5", {"   2 w 1", "   3 b ="}) + "\n" +
                               player_line(2, "1.0", {"   1 b 0", "0000 - U"}) + "\n" +
                               player_line(3, "0.5", {"0000 - Z", "   1 w ="}) + "\n";

TEST(Trf, ReadsPlayersRoundsAndTheirPoints) {
  Expected<TrfTournament> t = read_trf(kTwoRounds);
  ASSERT_TRUE(t) << t.error().message;
  ASSERT_EQ(t->players.size(), 3u);
  EXPECT_EQ(t->total_rounds, 5);
  EXPECT_EQ(t->first_colour, 'w');
  EXPECT_EQ(t->players[0].name, "Player 1");
  EXPECT_EQ(t->players[0].rating, 2490);
  EXPECT_EQ(t->players[0].declared_points, 15);
  ASSERT_EQ(t->players[0].rounds.size(), 2u);
  EXPECT_EQ(t->players[0].rounds[1].opponent, 3);
  EXPECT_EQ(t->players[0].rounds[1].colour, 'b');
  EXPECT_EQ(t->players[0].rounds[1].result, '=');
  EXPECT_EQ(t->rounds_in_file(), 2);
  // 1 + ½; a loss and the pairing-allocated bye; the zero-point bye and ½.
  EXPECT_EQ(t->score(t->players[0], 2), 15);
  EXPECT_EQ(t->score(t->players[1], 2), 10);
  EXPECT_EQ(t->score(t->players[2], 2), 5);
}

TEST(Trf, PointsLinesChangeWhatAResultIsWorth) {
  Expected<TrfTournament> t = read_trf("BBW  3.0\nBBD  1.0\n" + kTwoRounds);
  ASSERT_TRUE(t) << t.error().message;
  EXPECT_EQ(t->score(t->players[0], 2), 40);
  EXPECT_EQ(t->score(t->players[1], 2), 30);  // the bye is worth a win unless BBU says
  EXPECT_EQ(t->score(t->players[2], 2), 10);
}

TEST(Trf, RoundTripsThroughTheWriter) {
  Expected<TrfTournament> t = read_trf(kTwoRounds);
  ASSERT_TRUE(t) << t.error().message;
  std::string written = write_trf(*t);
  Expected<TrfTournament> again = read_trf(written);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(write_trf(*again), written);
  ASSERT_EQ(again->players.size(), t->players.size());
  for (std::size_t i = 0; i < t->players.size(); ++i) {
    EXPECT_EQ(again->players[i].name, t->players[i].name);
    EXPECT_EQ(again->players[i].declared_points, t->players[i].declared_points);
    ASSERT_EQ(again->players[i].rounds.size(), t->players[i].rounds.size());
    for (std::size_t r = 0; r < t->players[i].rounds.size(); ++r) {
      EXPECT_EQ(again->players[i].rounds[r].opponent, t->players[i].rounds[r].opponent);
      EXPECT_EQ(again->players[i].rounds[r].colour, t->players[i].rounds[r].colour);
      EXPECT_EQ(again->players[i].rounds[r].result, t->players[i].rounds[r].result);
    }
  }
}

struct BadTrf {
  std::string text;
  std::string where;  // "line L, column C"
  std::string what;   // a word of the message
};

TEST(Trf, ErrorsNameTheLineAndColumn) {
  const std::string header = "012 Club Swiss\n";
  std::string bad_result = player_line(1, "1.0", {"   2 w 1"});
  bad_result[98] = 'Q';
  std::string bad_rank = player_line(1, "0.0", {});
  bad_rank.replace(4, 4, "  x1");
  const std::vector<BadTrf> cases = {
      {header + bad_result + "\n" + player_line(2, "0.0", {"   1 b 0"}) + "\n", "line 2, column 99",
       "result"},
      {header + bad_rank + "\n", "line 2, column 5", "starting rank"},
      {header + player_line(1, "1.0", {"   2 w 1"}) + "\n" + player_line(2, "0.0", {"   3 b 0"}) + "\n" +
           player_line(3, "0.0", {}) + "\n",
       "line 2, column 92", "does not name"},
      {header + player_line(1, "1.0", {"   2 w 1"}) + "\n" + player_line(2, "0.0", {"   1 w 0"}) + "\n",
       "line 2, column 97", "colours disagree"},
      {header + player_line(1, "0.0", {}) + "\n" + player_line(1, "0.0", {}) + "\n", "line 3, column 5",
       "twice"},
      {header + player_line(2, "0.0", {}) + "\n", "line 2, column 5", "missing"},
      {header + "XXR many\n", "line 2, column 5", "XXR"},
      {header + "BBW x\n", "line 2, column 5", "BBW"},
      {header + player_line(1, "1.x", {}) + "\n", "line 2, column 81", "points"},
  };
  for (const BadTrf& c : cases) {
    Expected<TrfTournament> t = read_trf(c.text);
    ASSERT_FALSE(t) << c.text;
    EXPECT_NE(t.error().message.find(c.where), std::string::npos) << t.error().message;
    EXPECT_NE(t.error().message.find(c.what), std::string::npos) << t.error().message;
  }
}

TEST(Trf, BoundsThePlayersAndRounds) {
  std::string many;
  for (int r = 0; r <= kMaxTrfRounds; ++r) many += "0000 - Z  ";
  Expected<TrfTournament> t = read_trf(player_line(1, "0.0", {}) + "  " + many + "\n");
  ASSERT_FALSE(t);
  EXPECT_NE(t.error().message.find("more than 99 rounds"), std::string::npos) << t.error().message;
}

}  // namespace
}  // namespace qi::competition::swiss
