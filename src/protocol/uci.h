// The UCI and UCCI text protocols over the Engine facade.
//
// UCI (chess; xiangqi through the UCI_Variant option, as Fairy-Stockfish
// does, with moves in ICCS coordinates, ranks 0-9): uci, isready,
// ucinewgame, setoption, position startpos|fen ... moves ..., go (wtime
// btime winc binc movestogo depth nodes mate movetime infinite ponder
// searchmoves, and "go perft N"), stop, ponderhit, quit, d, eval. Options:
// Hash, Threads, MultiPV, Ponder, Move Overhead, Skill Level (Qi's levels
// 1-10), UCI_LimitStrength, UCI_Elo, UCI_ShowWDL, UCI_Variant.
//
// UCCI (xiangqi GUIs): ucci, isready, setoption <name> <value>, position,
// banmoves, go [ponder|draw] [depth N | nodes N | time T [movestogo M |
// increment I] [opptime ...]], stop, ponderhit, quit (answered by "bye").
//
// One line in, any number of lines out through the output function, which
// may be called from the search thread (the adapter serialises it). Bad
// input is answered with an "info string" line and otherwise ignored.
//
// "go perft N" counts on a thread of its own, as a search does: isready is
// answered while it counts, and stop or quit (or any command that changes
// the position) ends it early, with "info string perft stopped" in place of
// the total.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/engine.h"

namespace qi::protocol {

enum class Dialect { Uci, Ucci };

class Protocol {
 public:
  using Output = std::function<void(const std::string&)>;

  Protocol(Dialect dialect, Output out);
  ~Protocol();

  // Handles one command line; false once the GUI said quit.
  bool handle(std::string_view line);
  // Waits for a running search or perft to finish (after stop, or on its own).
  void wait();

  // For tests and fuzzing: every search stops after about this many nodes.
  void cap_nodes(std::uint64_t nodes) { node_cap_ = nodes; }

 private:
  void send(const std::string& line);
  void command_uci();
  void command_setoption(const std::vector<std::string>& words);
  void set_option(const std::string& name, const std::string& value);
  void command_position(const std::vector<std::string>& words);
  void command_go(const std::vector<std::string>& words);
  void command_perft(int depth);
  void run_perft(std::unique_ptr<Game> game, int depth);
  std::optional<std::uint64_t> count_until_stopped(Game& game, int depth);
  void stop_perft();
  void command_display();
  std::string info_line(const engine::SearchInfo& info) const;
  void apply_strength();

  Dialect dialect_;
  Output out_;
  std::mutex out_mutex_;
  engine::Engine engine_;
  std::uint64_t node_cap_ = 0;
  std::vector<std::string> banned_;  // UCCI banmoves, for the next go
  bool show_wdl_ = false;
  bool limit_strength_ = false;
  int elo_ = 2850;
  int skill_ = 10;
  std::string variant_ = "chess";
  std::thread perft_thread_;
  std::atomic<bool> perft_stop_{false};
};

}  // namespace qi::protocol
