#include "arena/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "core/clock.h"

namespace qi::arena {
namespace {

// Waits are measured on the program's one steady clock (core/clock.h).
const SteadyClock kSteady;

std::int64_t ms_since(std::int64_t start_ms) { return kSteady.now_ms() - start_ms; }

// Engines that die while the arena writes must not kill the arena.
void ignore_sigpipe_once() {
  static const bool done = [] {
    signal(SIGPIPE, SIG_IGN);
    return true;
  }();
  (void)done;
}

}  // namespace

Process::~Process() { stop(0); }

Status Process::start(const std::vector<std::string>& argv, const std::string& dir) {
  ignore_sigpipe_once();
  if (argv.empty()) return make_error("empty engine command");
  stop(0);
  int in_pipe[2];
  int out_pipe[2];
  int exec_pipe[2];  // closed on a successful exec; carries errno otherwise
  if (pipe2(in_pipe, O_CLOEXEC) != 0) return make_error(std::string("pipe: ") + std::strerror(errno));
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    close(in_pipe[0]), close(in_pipe[1]);
    return make_error(std::string("pipe: ") + std::strerror(errno));
  }
  if (pipe2(exec_pipe, O_CLOEXEC) != 0) {
    close(in_pipe[0]), close(in_pipe[1]), close(out_pipe[0]), close(out_pipe[1]);
    return make_error(std::string("pipe: ") + std::strerror(errno));
  }
  // Everything the child needs is prepared before fork: after it, only
  // async-signal-safe calls are allowed in a threaded program.
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], exec_pipe[0], exec_pipe[1]}) close(fd);
    return make_error(std::string("fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    int null_fd = open("/dev/null", O_WRONLY);
    if (null_fd >= 0) dup2(null_fd, STDERR_FILENO);
    if (!dir.empty() && chdir(dir.c_str()) != 0) {
      int err = errno;
      (void)!write(exec_pipe[1], &err, sizeof err);
      _exit(127);
    }
    execvp(args[0], args.data());
    int err = errno;
    (void)!write(exec_pipe[1], &err, sizeof err);
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(exec_pipe[1]);
  int child_errno = 0;
  ssize_t n;
  do n = read(exec_pipe[0], &child_errno, sizeof child_errno);
  while (n < 0 && errno == EINTR);
  close(exec_pipe[0]);
  pid_ = pid;
  to_child_ = in_pipe[1];
  from_child_ = out_pipe[0];
  buffer_.clear();
  exit_text_.clear();
  if (n > 0) {
    stop(0);
    return make_error("cannot start '" + argv[0] + "'" + (dir.empty() ? "" : " in " + dir) + ": " +
                      std::strerror(child_errno));
  }
  return Ok{};
}

bool Process::write_line(std::string_view line) {
  if (to_child_ < 0) return false;
  std::string data(line);
  data += '\n';
  std::size_t done = 0;
  while (done < data.size()) {
    ssize_t n = write(to_child_, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

Process::Read Process::read_line(std::string& line, std::int64_t timeout_ms) {
  const std::int64_t start = kSteady.now_ms();
  while (true) {
    if (std::size_t nl = buffer_.find('\n'); nl != std::string::npos) {
      line.assign(buffer_, 0, nl);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      buffer_.erase(0, nl + 1);
      return Read::Line;
    }
    if (from_child_ < 0) return Read::Closed;
    const std::int64_t left = timeout_ms - ms_since(start);
    if (left <= 0) return Read::Timeout;
    pollfd fd{from_child_, POLLIN, 0};
    int ready = poll(&fd, 1, static_cast<int>(std::min<std::int64_t>(left, 1 << 30)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return Read::Timeout;
    char chunk[4096];
    ssize_t n = read(from_child_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      close(from_child_);
      from_child_ = -1;
      // A last line without its newline still counts.
      if (!buffer_.empty()) buffer_ += '\n';
      continue;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
    // A child that writes without ever ending a line must not exhaust memory.
    if (buffer_.size() > (1u << 20) && buffer_.find('\n') == std::string::npos) buffer_.clear();
  }
}

bool Process::reap(bool wait) {
  if (pid_ <= 0) return true;
  int status = 0;
  pid_t r;
  do r = waitpid(pid_, &status, wait ? 0 : WNOHANG);
  while (r < 0 && errno == EINTR);
  if (r == 0) return false;
  if (r == pid_) {
    if (WIFEXITED(status))
      exit_text_ = "exited with status " + std::to_string(WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
      exit_text_ =
          "killed by signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
  }
  pid_ = -1;
  return true;
}

std::string Process::exit_description() {
  if (pid_ > 0) {
    // The pipe closes a moment before the process is gone.
    const std::int64_t start = kSteady.now_ms();
    while (!reap(false) && ms_since(start) < 1000) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return pid_ > 0 ? "closed its output" : exit_text_;
}

void Process::stop(std::int64_t grace_ms) {
  if (to_child_ >= 0) close(to_child_), to_child_ = -1;
  if (pid_ > 0) {
    const std::int64_t start = kSteady.now_ms();
    while (!reap(false)) {
      if (ms_since(start) >= grace_ms) {
        kill(pid_, SIGKILL);
        reap(true);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
  if (from_child_ >= 0) close(from_child_), from_child_ = -1;
  buffer_.clear();
}

Expected<std::vector<std::string>> split_command(std::string_view command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(word), word.clear(), in_word = false;
    } else if (c == '\'' || c == '"') {
      std::size_t close = command.find(c, i + 1);
      if (close == std::string_view::npos)
        return make_error("command: unclosed " + std::string(1, c) + " at column " + std::to_string(i + 1));
      word.append(command.substr(i + 1, close - i - 1));
      in_word = true;
      i = close;
    } else if (c == '\\') {
      if (i + 1 == command.size()) return make_error("command: a backslash ends the command");
      word += command[++i];
      in_word = true;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(word);
  if (words.empty()) return make_error("command: empty");
  return words;
}

}  // namespace qi::arena
