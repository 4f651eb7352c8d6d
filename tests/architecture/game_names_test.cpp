// A game's knowledge lives in its own folders and reaches the rest of Qi
// through its registration (core/registry.h). scripts/game_names_outside.py
// counts, per game, the source files outside those folders whose code or
// strings name it. Every count is 0: outside its folders only the allowed
// list (the built-in registrations and the generated help) names a game, so
// a game's knowledge that leaks out again fails here.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>

namespace qi {
namespace {

// Where the counts stand, per game.
const std::map<std::string, int> kCeilings = {
    {"chess", 0},
    {"xiangqi", 0},
    {"checkers", 0},
    {"tictactoe", 0},
};

// The script's "game: N" lines, or nothing when it could not run.
std::map<std::string, int> counts() {
  const std::string command =
      "python3 " + std::string(QI_SOURCE_DIR) + "/scripts/game_names_outside.py " + QI_SOURCE_DIR + " 2>&1";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  std::map<std::string, int> out;
  if (!pipe) return out;
  char line[256];
  while (std::fgets(line, sizeof line, pipe.get())) {
    const std::string text(line);
    const std::size_t colon = text.find(": ");
    if (colon == std::string::npos) continue;
    out[text.substr(0, colon)] = std::stoi(text.substr(colon + 2));
  }
  return out;
}

TEST(GameNames, NoGameIsNamedOutsideItsFolders) {
  if (std::system("python3 --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "no python3 to run the script";
  const std::map<std::string, int> found = counts();
  ASSERT_EQ(found.size(), kCeilings.size()) << "the script's output changed shape";
  for (const auto& [game, ceiling] : kCeilings) {
    ASSERT_TRUE(found.contains(game)) << game;
    EXPECT_LE(found.at(game), ceiling) << game << " is named in more files outside its folders than allowed: "
                                       << "scripts/game_names_outside.py --list says which";
  }
}

}  // namespace
}  // namespace qi
