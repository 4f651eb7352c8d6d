// A UCI engine in a child process, for matches against reference engines
// (Stockfish with UCI_LimitStrength / UCI_Elo) in the self-play harness.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace qi::bench {

class UciEngine {
 public:
  explicit UciEngine(const std::string& path) {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      close(to_child[1]);
      close(from_child[0]);
      execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = fdopen(to_child[1], "w");
    out_ = fdopen(from_child[0], "r");
    send("uci");
    wait_for("uciok");
  }
  ~UciEngine() {
    if (in_) {
      send("quit");
      fclose(in_);
    }
    if (out_) fclose(out_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
  }
  bool ok() const { return in_ && out_; }

  void send(const std::string& line) {
    std::fputs((line + "\n").c_str(), in_);
    std::fflush(in_);
  }
  // Reads until a line starting with `prefix`; returns it ("" at EOF).
  std::string wait_for(const std::string& prefix) {
    char buf[8192];
    while (std::fgets(buf, sizeof buf, out_)) {
      std::string line(buf);
      while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
      if (line.rfind(prefix, 0) == 0) return line;
    }
    return "";
  }
  void set_option(const std::string& name, const std::string& value) {
    send("setoption name " + name + " value " + value);
  }
  void new_game() {
    send("ucinewgame");
    send("isready");
    wait_for("readyok");
  }
  // The best move for the position (FEN and moves), or "" on failure.
  std::string best_move(const std::string& fen, const std::vector<std::string>& moves,
                        const std::string& go) {
    std::string pos = "position fen " + fen;
    if (!moves.empty()) {
      pos += " moves";
      for (const auto& m : moves) pos += " " + m;
    }
    send(pos);
    send(go);
    std::string line = wait_for("bestmove");
    if (line.size() < 10) return "";
    std::string move = line.substr(9);
    return move.substr(0, move.find(' '));
  }

 private:
  pid_t pid_ = -1;
  FILE* in_ = nullptr;
  FILE* out_ = nullptr;
};

}  // namespace qi::bench
