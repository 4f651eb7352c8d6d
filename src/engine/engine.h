// The Engine facade: one object that every front end (the command line, UCI,
// UCCI, the arena, the app) drives the same way: choose a game, set a
// position, start a search that runs in the background (go), stop it, and
// hear about progress and the best move through callbacks. As Stockfish's
// uci.cpp sits over its Engine, Qi's protocol adapters sit over this.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "engine/backend.h"
#include "engine/levels.h"
#include "engine/limits.h"
#include "engine/options.h"
#include "engine/search_info.h"
#include "engine/time_manager.h"
#include "engine/tt.h"

namespace qi::engine {

class Engine {
 public:
  // A clock may be given for tests; by default the steady clock.
  explicit Engine(const Clock* clock = nullptr);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // The game ("chess", "xiangqi", "checkers", "tictactoe"), and the variant
  // for checkers. Sets the start position.
  Status set_game(std::string_view name, std::string_view variant = {});
  std::string_view game_name() const { return game_->name(); }
  // The position: a FEN ("" or "startpos" for the standard start, or a
  // handicap name, see handicap.h) and moves from there, in any notation the
  // game reads. On error nothing changes.
  Status set_position(std::string_view fen, const std::vector<std::string>& moves);
  // The same, except that a move that is not legal ends the list, as a UCI
  // engine must take it (Stockfish plays the moves up to the first it
  // cannot): the position is the one after the moves before it, and the
  // answer says which move was refused and why. A bad FEN is an error and
  // changes nothing.
  struct MovesPlayed {
    std::size_t count = 0;         // how many of the moves were played
    std::optional<Error> refused;  // why moves[count] was not (the game's words)
  };
  Expected<MovesPlayed> set_position_up_to_refusal(std::string_view fen,
                                                   const std::vector<std::string>& moves);
  // Plays more moves from the present position (cheaper than setting the
  // whole game again). On error the engine's position is unspecified: set
  // it again.
  Status push_moves(const std::vector<std::string>& moves);
  // The game as it stands (board text, FEN, legal moves, perft).
  const Game& game() const { return *game_; }

  EngineOptions& options() { return options_; }
  const EngineOptions& options() const { return options_; }
  void set_hash_mb(std::size_t mib);
  void new_game();    // clears the table and the move-ordering memory
  void clear_hash();  // clears the table only (UCI's Clear Hash)

  // What the transposition table holds for a position (UCCI's probe),
  // given as for set_position, without changing the engine's position; may
  // be called while a search runs (the table is lock-free). Nothing when the
  // table holds no entry for it; an error when the position is bad.
  Expected<std::optional<Backend::TableEntry>> probe(std::string_view fen,
                                                     const std::vector<std::string>& moves) const;

  // Starts searching in the background; callbacks run on the search thread.
  // An infinite or ponder search ends only after stop() or ponderhit().
  void go(const SearchLimits& limits, SearchCallbacks callbacks);
  void stop();
  void ponderhit();
  void wait();  // until the search has reported its best move
  bool searching() const;
  // go + wait, returning the result.
  SearchResult think(const SearchLimits& limits, SearchCallbacks callbacks = {});

  Score static_eval() const { return backend_->static_eval(options_.network_evaluation()); }
  const Backend& backend() const { return *backend_; }

 private:
  void run(SearchLimits limits, SearchCallbacks callbacks);
  // Level 10's move from Qi's own book (engine/own_book.h), when the search
  // is one that plays a move and the book knows the position.
  std::optional<SearchResult> book_answer(const SearchLimits& limits) const;
  // A game set up from `fen` (as set_position reads it) with the moves of
  // `moves` played up to the first it refuses: the game, its start FEN,
  // the ids of the moves played, and the refusal, if any.
  struct Line {
    std::unique_ptr<Game> game;
    std::string start;
    std::vector<std::string> ids;
    std::optional<Error> refused;
  };
  Expected<Line> play_line(std::string_view fen, const std::vector<std::string>& moves) const;
  // Makes the line the engine's position (the backend replays it).
  Status commit(Line line);

  SteadyClock steady_;
  const Clock* clock_;
  std::unique_ptr<Game> game_;
  std::unique_ptr<Backend> backend_;
  EngineOptions options_;
  TranspositionTable tt_;
  TimeManager time_;
  SharedSearch shared_;
  std::thread thread_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool running_ = false;
  bool stop_requested_ = false;
};

}  // namespace qi::engine
