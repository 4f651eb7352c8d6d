// What qi reads from others is read within bounds. qi records: a file is read up to --max-bytes (256 MiB
// unless told) and no further, so /dev/zero ends in an error, not in all the
// memory there is; an error quotes a few dozen bytes of what it could not
// read, with where it is, so a line of garbage makes a short error line; and
// a line of many quotes costs its length, not its square. The protocols
// (qi uci, qi ucci) and qi play read a line up to a bound, so a line without
// an end costs that much memory, not all of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "run_qi.h"

namespace qi::test {
namespace {

std::size_t longest_line(const std::string& text) {
  std::istringstream in(text);
  std::size_t longest = 0;
  for (std::string line; std::getline(in, line);) longest = std::max(longest, line.size());
  return longest;
}

std::filesystem::path temp_file(const std::string& name, const std::string& contents) {
  const std::filesystem::path file = std::filesystem::temp_directory_path() / name;
  std::ofstream(file, std::ios::binary) << contents;
  return file;
}

TEST(RecordsBounds, DevZeroIsRefusedOnceTheBoundIsReadWithAShortError) {
  // Without a bound this reads until the memory runs out; the timeout turns
  // such a run into a failure (status 124) rather than a stalled test.
  const auto run = run_qi("records --game chess --max-bytes 1000000 /dev/zero", "", true, 60);
  EXPECT_EQ(run.status, 2) << run.out.substr(0, 200);
  EXPECT_NE(run.out.find("'/dev/zero' is larger than 1000000 bytes"), std::string::npos)
      << run.out.substr(0, 200);
  EXPECT_NE(run.out.find("--max-bytes"), std::string::npos) << run.out.substr(0, 200);
  EXPECT_LT(run.out.size(), 300u);
}

TEST(RecordsBounds, TheHelpStatesTheSizeBound) {
  const auto run = run_qi("records --help", "", true);
  EXPECT_NE(run.out.find("--max-bytes"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("256 MiB"), std::string::npos) << run.out;
}

TEST(RecordsBounds, AFileOfNulBytesIsRefusedWithErrorLinesOfAFewDozenBytes) {
  // 8 MB of NUL bytes: one "word" of 8 MB to a reader. It was quoted whole,
  // four bytes to each (\x00): a 32 MB error line.
  const std::filesystem::path file = temp_file("qi_cli_nul.pgn", std::string(8 << 20, '\0'));
  const auto run = run_qi("records --game chess " + file.string(), "", true, 60);
  std::filesystem::remove(file);
  EXPECT_EQ(run.status, 1) << run.out.substr(0, 300);
  EXPECT_NE(run.out.find("line 1, column 1"), std::string::npos) << run.out.substr(0, 300);
  EXPECT_NE(run.out.find("\\x00\\x00"), std::string::npos) << run.out.substr(0, 300);
  EXPECT_LE(longest_line(run.out), 300u) << run.out.substr(0, 300);
  EXPECT_LT(run.out.size(), 2000u);
}

TEST(RecordsBounds, AnIllegalLongWordIsQuotedByItsStartWithWhereItIs) {
  // Under the word bound, but still long: the move error quotes its start.
  const std::filesystem::path file =
      temp_file("qi_cli_long_word.pgn", "1. e4 " + std::string(200, 'Q') + " *\n");
  const auto run = run_qi("records --game chess " + file.string(), "", true, 60);
  std::filesystem::remove(file);
  EXPECT_EQ(run.status, 1);
  EXPECT_NE(run.out.find("QQQQ... (200 bytes)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("line 1, column 7"), std::string::npos) << run.out;
  EXPECT_LE(longest_line(run.out), 300u) << run.out;
}

TEST(RecordsBounds, ATagLineOfManyQuotesIsReadInOnePass) {
  // 300,000 quotes in one tag's value: each one looked along the rest of
  // the line for the tag's closing quote (minutes); now once a line.
  std::string tag = "[Event \"";
  for (int i = 0; i < 300000; ++i) tag += "a\"";
  const std::filesystem::path file = temp_file("qi_cli_quotes.pgn", tag + "]\n\n1. e4 *\n");
  const auto run = run_qi("records --game chess " + file.string(), "", true, 30);
  std::filesystem::remove(file);
  EXPECT_EQ(run.status, 0) << run.out.substr(0, 300);
  EXPECT_NE(run.out.find("read whole 1"), std::string::npos) << run.out.substr(0, 300);
}

// 200 MB without a line's end, then a command: with at most 150 MB of
// address space for qi, the line is dropped (it is no command) and the next
// one answered. Read whole into one string, it ended the program instead.
TEST(ProtocolInputBounds, ALineWithoutAnEndCostsABoundedAmountOfMemory) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "the sanitizer reserves more address space than the bound under test";
#else
  const std::string command =
      "bash -c 'ulimit -v 150000; { head -c 200000000 /dev/zero; printf \"\\nuci\\nquit\\n\"; } | " +
      std::string(QI_BINARY) + " uci' 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string out;
  std::array<char, 4096> buffer;
  while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
  const int raw = pclose(pipe);
  EXPECT_TRUE(WIFEXITED(raw) && WEXITSTATUS(raw) == 0) << out;
  EXPECT_NE(out.find("uciok"), std::string::npos) << out;
#endif
}

}  // namespace
}  // namespace qi::test
