// `qi pair`: the output of the pairing programs' -p (the number of pairs,
// then WHITE BLACK by starting rank, a bye as ID 0) and its errors.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "run_qi.h"

namespace qi {
namespace {

std::string write_file(const std::string& name, const std::string& text) {
  std::filesystem::path folder = std::filesystem::path(::testing::TempDir()) / "pair_cli_test";
  std::filesystem::create_directories(folder);
  std::filesystem::path path = folder / name;
  std::ofstream(path) << text;
  return path.string();
}

std::string player_line(int id, const std::string& points, const std::string& round) {
  char line[160];
  std::snprintf(line, sizeof line, "001 %4d      %-33s %4d %27s%4s %4d  %s\n", id,
                ("Player " + std::to_string(id)).c_str(), 2000 - id, "", points.c_str(), id, round.c_str());
  return line;
}

std::string players(int count) {
  std::string text = "012 Five\nXXR 3\nXXC white1\n";
  for (int id = 1; id <= count; ++id) text += player_line(id, "0.0", "");
  return text;
}

TEST(PairCommand, PrintsTheCountThenWhiteBlackAndTheByeAsZero) {
  const test::Run run = test::run_qi("pair --system dutch " + write_file("five.trf", players(5)));
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out, "3\n1 3\n4 2\n5 0\n");
}

TEST(PairCommand, AMalformedFileNamesTheLineAndExitsTwo) {
  std::string text = players(3);
  text += "XXR lots\n";
  const test::Run run = test::run_qi("pair --system dutch " + write_file("bad.trf", text), "", true);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.out.find("TRF line 7, column 5"), std::string::npos) << run.out;
}

TEST(PairCommand, ATournamentThatCannotBePairedExitsTwo) {
  const std::string text = "XXR 3\n" + player_line(1, "1.0", "   2 w 1") + player_line(2, "0.0", "   1 b 0");
  const test::Run run = test::run_qi("pair --system dutch " + write_file("done.trf", text), "", true);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.out.find("cannot be paired"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace qi
