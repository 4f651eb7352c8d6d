// A child process spoken to line by line through pipes, as engines are: the
// arena writes commands to its standard input and reads its standard output
// with a deadline, so a hung engine cannot stall a match.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"

namespace qi::arena {

class Process {
 public:
  Process() = default;
  ~Process();
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  // Starts argv[0] (searched in PATH) in `dir` (empty: the current one). The
  // child's standard error goes to /dev/null so its chatter cannot fill a pipe.
  Status start(const std::vector<std::string>& argv, const std::string& dir = {});

  bool running() const { return pid_ > 0; }
  // False once the child has closed its input or died.
  bool write_line(std::string_view line);

  enum class Read : std::uint8_t { Line, Timeout, Closed };
  // Waits up to `timeout_ms` (counted from the call) for a whole line.
  Read read_line(std::string& line, std::int64_t timeout_ms);

  // Waits up to `grace_ms` for the child to exit by itself, then kills it.
  void stop(std::int64_t grace_ms);
  // How the child ended ("exited with status 1", "killed by signal 11"), once
  // read_line has returned Closed; empty while it runs.
  std::string exit_description();

 private:
  bool reap(bool wait);
  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;
  std::string exit_text_;
};

// Splits a command line into words the way a shell does for plain words,
// 'single' and "double" quotes and backslash escapes (no expansions).
Expected<std::vector<std::string>> split_command(std::string_view command);

}  // namespace qi::arena
