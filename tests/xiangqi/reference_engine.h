// Drives Fairy-Stockfish over UCI through pipes, for differential tests:
// one process serves every position of a test run.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace qi::xiangqi::testing {

inline constexpr const char* kFairyStockfish = "/usr/games/fairy-stockfish";

class ReferenceEngine {
 public:
  static std::optional<ReferenceEngine*> start() {
    if (access(kFairyStockfish, X_OK) != 0) return std::nullopt;
    auto* e = new ReferenceEngine();
    if (!e->spawn()) {
      delete e;
      return std::nullopt;
    }
    e->send("uci");
    e->wait_for("uciok");
    e->send("setoption name UCI_Variant value xiangqi");
    e->send("isready");
    e->wait_for("readyok");
    return e;
  }
  ~ReferenceEngine() {
    if (to_) {
      send("quit");
      std::fclose(to_);
    }
    if (from_) std::fclose(from_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
  }

  // Legal moves in ICCS (ranks 0-9), as Fairy-Stockfish's `go perft 1` lists them.
  std::vector<std::string> legal_moves(const std::string& fen) {
    send("position fen " + fen);
    send("go perft 1");
    std::vector<std::string> moves;
    std::string line;
    while (read_line(line)) {
      if (line.rfind("Nodes searched", 0) == 0) break;
      auto colon = line.find(':');
      if (colon == std::string::npos) continue;
      moves.push_back(to_iccs(line.substr(0, colon)));
    }
    return moves;
  }

  // Fairy-Stockfish's perft node count.
  std::uint64_t perft(const std::string& fen, int depth) {
    send("position fen " + fen);
    send("go perft " + std::to_string(depth));
    std::string line;
    while (read_line(line))
      if (line.rfind("Nodes searched", 0) == 0) return std::stoull(line.substr(line.find(':') + 1));
    return 0;
  }

 private:
  ReferenceEngine() = default;

  // "a10a9" (ranks 1-10) to "a9a8".
  static std::string to_iccs(const std::string& uci) {
    std::string out;
    std::size_t i = 0;
    for (int k = 0; k < 2 && i < uci.size(); ++k) {
      out += uci[i++];
      std::size_t start = i;
      while (i < uci.size() && uci[i] >= '0' && uci[i] <= '9') ++i;
      out += std::to_string(std::stoi(uci.substr(start, i - start)) - 1);
    }
    return out;
  }

  bool spawn() {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) return false;
    pid_ = fork();
    if (pid_ < 0) return false;
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[1]);
      close(out[0]);
      execl(kFairyStockfish, kFairyStockfish, static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    signal(SIGPIPE, SIG_IGN);
    to_ = fdopen(in[1], "w");
    from_ = fdopen(out[0], "r");
    return to_ && from_;
  }
  void send(const std::string& line) {
    std::fputs((line + "\n").c_str(), to_);
    std::fflush(to_);
  }
  bool read_line(std::string& line) {
    line.clear();
    int c;
    while ((c = std::fgetc(from_)) != EOF && c != '\n') line += static_cast<char>(c);
    return c != EOF || !line.empty();
  }
  void wait_for(const std::string& word) {
    std::string line;
    while (read_line(line))
      if (line.rfind(word, 0) == 0) return;
  }

  pid_t pid_ = -1;
  std::FILE* to_ = nullptr;
  std::FILE* from_ = nullptr;
};

}  // namespace qi::xiangqi::testing
