// The count of a game's spectators, here and on other instances
// (server/spectators.h).
#include "server/spectators.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

using qi::server::SpectatorCounts;

TEST(SpectatorCounts, LocalAndRemoteCountsAreSummedPerGame) {
  SpectatorCounts counts;
  EXPECT_EQ(counts.sum("a1"), 0);
  EXPECT_EQ(counts.add_local("a1", +1), 1);
  EXPECT_EQ(counts.add_local("a1", +1), 2);
  counts.set_remote("b", "a1", 3);
  counts.set_remote("c", "a1", 4);
  counts.set_remote("b", "ff", 5);
  EXPECT_EQ(counts.local("a1"), 2);
  EXPECT_EQ(counts.sum("a1"), 9);
  EXPECT_EQ(counts.sum("ff"), 5);
  counts.forget_instance("c");
  EXPECT_EQ(counts.sum("a1"), 5);
  counts.set_remote("b", "a1", 0);
  EXPECT_EQ(counts.sum("a1"), 2);
  EXPECT_EQ(counts.add_local("a1", -1), 1);
  EXPECT_EQ(counts.add_local("a1", -1), 0);
  // Never below zero.
  EXPECT_EQ(counts.add_local("a1", -1), 0);
}

TEST(SpectatorCounts, ListenersHearLocalAndRemoteChanges) {
  SpectatorCounts counts;
  std::vector<std::pair<std::string, int>> local, remote;
  counts.on_local_change([&](const std::string& g, int n) { local.emplace_back(g, n); });
  counts.on_remote_change([&](const std::string& g, int n) { remote.emplace_back(g, n); });
  counts.add_local("a1", +1);
  counts.set_remote("b", "a1", 2);
  counts.forget_instance("b");
  EXPECT_EQ(local, (std::vector<std::pair<std::string, int>>{{"a1", 1}}));
  EXPECT_EQ(remote, (std::vector<std::pair<std::string, int>>{{"a1", 3}, {"a1", 1}}));
}

}  // namespace
