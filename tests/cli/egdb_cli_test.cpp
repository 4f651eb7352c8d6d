// `qi egdb`, which reaches a game's endgame tables through its registration
// (GameRegistration::endgame_tables): what it prints for build, probe and
// check, and a damaged file named with exit status 2.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "run_qi.h"

namespace qi {
namespace {

using test::run_qi;

class EgdbCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    // A folder of each test's own: ctest runs the tests of this suite at once.
    dir_ =
        std::filesystem::temp_directory_path() /
        ("qi_egdb_cli_test_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
         "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string dir() const { return dir_.string(); }

 private:
  std::filesystem::path dir_;
};

TEST_F(EgdbCommand, BuildsProbesAndChecksTables) {
  const test::Run built = run_qi("egdb build --pieces 3 --dir " + dir());
  ASSERT_EQ(built.status, 0) << built.out;
  EXPECT_NE(built.out.find("2 pieces: "), std::string::npos) << built.out;
  EXPECT_NE(built.out.find("3 pieces: "), std::string::npos) << built.out;
  EXPECT_NE(built.out.find("wrote "), std::string::npos) << built.out;
  EXPECT_NE(built.out.find(" to " + dir() + "; "), std::string::npos) << built.out;

  // Two kings against one, the weaker side to move: lost, in a number of plies.
  const test::Run lost = run_qi("egdb probe --fen \"B:WK32,K28:BK1\" --dir " + dir());
  EXPECT_EQ(lost.status, 0);
  EXPECT_EQ(lost.out.rfind("loss in ", 0), 0u) << lost.out;
  // One king each: a draw, without a distance.
  const test::Run drawn = run_qi("egdb probe --fen \"B:WK32:BK1\" --dir " + dir());
  EXPECT_EQ(drawn.out, "draw\n");
  // Beyond the tables: an error.
  const test::Run beyond = run_qi("egdb probe --fen \"B:WK32,K28,K24,K20:BK1\" --dir " + dir());
  EXPECT_EQ(beyond.status, 2);

  const test::Run checked = run_qi("egdb check --dir " + dir());
  EXPECT_EQ(checked.status, 0);
  EXPECT_EQ(checked.out, dir() + ": every table of up to 3 pieces, distances up to 3\n");
}

TEST_F(EgdbCommand, CheckNamesADamagedFile) {
  ASSERT_EQ(run_qi("egdb build --pieces 2 --dir " + dir()).status, 0);
  for (const auto& entry : std::filesystem::directory_iterator(dir())) {
    std::ofstream(entry.path(), std::ios::binary | std::ios::trunc) << "not a table";
    break;
  }
  const test::Run checked = run_qi("egdb check --dir " + dir(), "", true);
  EXPECT_EQ(checked.status, 2) << checked.out;
}

}  // namespace
}  // namespace qi
