// docs/rules.md names the test behind every rule. This keeps those names
// true: each `Suite.Test` the rule book cites must exist among the tests.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace qi {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every TEST / TEST_F / TEST_P in tests/, as "Suite.Name".
std::set<std::string> defined_tests() {
  std::set<std::string> names;
  const std::regex test(R"(TEST(?:_F|_P)?\(\s*(\w+)\s*,\s*(\w+)\s*\))");
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(QI_SOURCE_DIR) / "tests")) {
    if (entry.path().extension() != ".cpp") continue;
    const std::string text = read(entry.path());
    for (std::sregex_iterator it(text.begin(), text.end(), test), end; it != end; ++it)
      names.insert((*it)[1].str() + "." + (*it)[2].str());
  }
  return names;
}

TEST(RulesDoc, EveryCitedTestExists) {
  const std::string doc = read(fs::path(QI_SOURCE_DIR) / "docs" / "rules.md");
  ASSERT_FALSE(doc.empty());
  const std::set<std::string> tests = defined_tests();
  // A cited test looks like `ChessRules.CastlingIntoCheckIllegal` (a suite
  // name ending in a known word keeps file names such as `board.h` out).
  const std::regex cited(R"(`([A-Z][A-Za-z0-9]*)\.([A-Z][A-Za-z0-9_]*)`)");
  int count = 0;
  for (std::sregex_iterator it(doc.begin(), doc.end(), cited), end; it != end; ++it) {
    const std::string name = (*it)[1].str() + "." + (*it)[2].str();
    ++count;
    EXPECT_TRUE(tests.count(name)) << "docs/rules.md cites " << name << ", which no test defines";
  }
  EXPECT_GT(count, 100) << "the rule book should cite the tests of its rules";
}

}  // namespace
}  // namespace qi
