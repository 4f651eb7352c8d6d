// The UCI and UCCI text protocols over the Engine facade, as the reference
// engines speak them (Stockfish 15.1 and Fairy-Stockfish for UCI, the UCCI
// 3.0 specification and ElephantEye for UCCI). docs/protocols.md tells the
// same for GUI authors, with the games played through real GUIs.
//
// UCI (chess; xiangqi through the UCI_Variant option, as Fairy-Stockfish
// does): uci, isready, ucinewgame, setoption, position startpos|fen ...
// moves ..., go (wtime btime winc binc movestogo depth nodes mate movetime
// infinite ponder searchmoves, and "go perft N"), stop, ponderhit, debug,
// register, quit, and Qi's d and eval. Options: Hash, Clear Hash, Threads,
// MultiPV, Ponder, Move Overhead, Use NNUE, Skill Level (Qi's levels 1-10),
// the check options the games register (UCI_Chess960, which switches chess
// to Chess960, castling written king-takes-rook), UCI_AnalyseMode (full
// strength whatever Skill Level says), UCI_LimitStrength, UCI_Elo,
// UCI_ShowWDL, UCI_Variant (the registered games' UCI variants; before a GUI
// names one, the default game's), EGDB Path (where a game has endgame tables). Times are milliseconds. Moves
// are the game's UCI coordinates, except that with UCI_Variant xiangqi they
// are Fairy-Stockfish's, ranks 1-10 (h3e3, h10g8), both ways: position,
// searchmoves, bestmove, ponder, pv, currmove and perft's lines. FENs are
// Fairy-Stockfish's too (the same as Qi's).
//
// UCCI (xiangqi GUIs): ucci, isready, setoption <name> [<value>], position,
// banmoves, go [ponder | draw] (depth N | infinite | nodes N | time T
// [movestogo M | increment I] [opptime T' [oppmovestogo M' | oppincrement
// I']]), stop, ponderhit [draw], probe (answered by pophash), quit
// (answered by bye). Options: usemillisec (times are seconds until the GUI
// sets it true, as the specification says), batch, debug, ponder, hashsize,
// threads, newgame, level. Moves are ICCS, ranks 0-9 (h2e2). A draw offered
// with go draw or ponderhit draw is accepted by "bestmove ... draw" when
// Qi's score is at most kAcceptDrawAtMostCp in its favour. While thinking,
// only stop, ponderhit, isready, probe and quit are obeyed, as the
// specification says; other commands are answered "ignored" (in batch
// mode they wait for the search to end instead). Texts for people are
// "info string" lines in UCI and "info message" lines in UCCI.
//
// One line in, any number of lines out through the output function, which
// may be called from the search thread (the adapter serialises it). Bad
// input is answered with an info line and otherwise ignored, except that a
// go with bad numbers still answers bestmove (go_request.h); a position
// whose move list holds a move that is not legal is played up to that move,
// as Stockfish does, and the info line says which move and why.
//
// A search goes on through the commands that need no idle engine: isready
// (answered at once), debug, register, d, unknown commands, and setoption of
// any option that takes effect at the next go (all but Hash, Clear Hash,
// UCI_Variant, the games' check options and UCCI's hashsize and newgame). In UCI, the
// commands that do need it (position, go, ucinewgame, those options, eval)
// stop the search first.
//
// "go perft N" counts on a thread of its own, as a search does: isready is
// answered while it counts, and stop or quit (or, in UCI, any command that
// needs the engine idle) ends it early, with "perft stopped" in place of the
// total.
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

#include "core/clock.h"
#include "engine/engine.h"
#include "protocol/coordinates.h"
#include "protocol/dialect.h"

namespace qi::protocol {

// UCCI: a draw offer is accepted when Qi's score for itself is at most this
// (hundredths of a pawn; the app's engine accepts at the same margin).
inline constexpr int kAcceptDrawAtMostCp = 20;

class Protocol {
 public:
  using Output = std::function<void(const std::string&)>;

  // `clock` drives the engine's time (tests pass a FakeClock); by default
  // the steady clock.
  Protocol(Dialect dialect, Output out, const Clock* clock = nullptr);
  ~Protocol();

  // Handles one command line; false once the GUI said quit.
  bool handle(std::string_view line);
  // Waits for a running search or perft to finish (after stop, or on its own).
  void wait();

  // For tests and fuzzing: every search stops after about this many nodes.
  void cap_nodes(std::uint64_t nodes) { node_cap_ = nodes; }

 private:
  struct PositionText {
    std::string fen;  // empty for startpos
    std::vector<std::string> moves;
  };

  void send(const std::string& line);
  // A line for people: "info string ..." (UCI) or "info message ..." (UCCI).
  void say(const std::string& text);
  bool busy() const;
  void stop_and_wait();
  bool needs_idle(const std::vector<std::string>& words) const;

  void command_uci();
  void command_setoption(const std::vector<std::string>& words);
  void set_option(const std::string& name, const std::string& value);
  void set_uci_option(const std::string& name, const std::string& value);
  void set_ucci_option(const std::string& name, const std::string& value);
  void set_variant(const std::string& variant);
  std::optional<PositionText> read_position(const std::vector<std::string>& words, std::size_t from,
                                            const char* command);
  // The moves in the game's notation, up to the first the coordinates
  // refuse (whose error is then set).
  std::vector<std::string> game_moves(const std::vector<std::string>& moves,
                                      std::optional<Error>& refused) const;
  void command_position(const std::vector<std::string>& words);
  void report_refusal(const PositionText& position, std::size_t played, const std::string& reason);
  void command_banmoves(const std::vector<std::string>& words);
  void command_go(const std::vector<std::string>& words);
  std::vector<std::string> root_moves(const std::vector<std::string>& search_moves);
  void command_stop();
  void command_probe(const std::vector<std::string>& words);
  void command_perft(int depth);
  void run_perft(std::unique_ptr<Game> game, int depth);
  std::optional<std::uint64_t> count_until_stopped(Game& game, int depth);
  void stop_perft();
  void command_display();
  engine::EngineOptions search_options() const;

  Dialect dialect_;
  Output out_;
  std::mutex out_mutex_;
  engine::Engine engine_;
  std::uint64_t node_cap_ = 0;
  Coordinates coordinates_ = Coordinates::GameIds;
  std::vector<std::string> banned_;  // UCCI banmoves (move ids), for the next go
  // What takes effect at the next go (the search reads the engine's own
  // options while it runs, so setoption never writes those).
  engine::EngineOptions options_;
  bool limit_strength_ = false;
  int elo_ = 2850;
  int skill_ = 10;
  bool analyse_mode_ = false;
  std::atomic<bool> show_wdl_{false};        // read by the search thread's reports
  std::string variant_;                      // the UCI_Variant value
  std::vector<std::string_view> checks_on_;  // the check options set true (UciCheckOption::name)
  bool debug_ = false;
  bool batch_ = false;                     // UCCI: nothing is read while thinking
  bool milliseconds_ = false;              // UCCI usemillisec
  std::atomic<bool> draw_offered_{false};  // UCCI go draw, ponderhit draw
  std::atomic<bool> thinking_{false};      // from go until its bestmove is written
  std::thread perft_thread_;
  std::atomic<bool> perft_stop_{false};
  std::atomic<bool> perft_running_{false};
};

}  // namespace qi::protocol
