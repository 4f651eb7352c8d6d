// Runs the built qi executable in a shell and captures what it prints, for
// tests of the command-line contract (output format, exit status).
#pragma once

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <string>

namespace qi::test {

struct Run {
  std::string out;  // stdout, and stderr too when asked for
  int status = -1;  // exit status
};

// `args` is appended to the qi path as shell words; `input` is a printf format
// (write "\\n" for a newline) fed on stdin. With `timeout_seconds`, a qi
// still running then is killed (status 124): a hang fails instead of
// stalling the tests.
inline Run run_qi(const std::string& args, const std::string& input = "", bool with_stderr = false,
                  int timeout_seconds = 0) {
  std::string command = "printf '" + input + "' | ";
  if (timeout_seconds > 0) command += "timeout " + std::to_string(timeout_seconds) + " ";
  command += std::string(QI_BINARY) + " " + args;
  command += with_stderr ? " 2>&1" : " 2>/dev/null";
  Run run;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return run;
  std::array<char, 4096> buffer;
  while (size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) run.out.append(buffer.data(), n);
  int raw = pclose(pipe);
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return run;
}

}  // namespace qi::test
