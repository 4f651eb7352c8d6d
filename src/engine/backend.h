// The game-specific half of the Engine: the position in the game's own
// state type, and the search over it. One GameBackend<Traits> per game;
// Engine (engine.h) talks to it through this interface, so the protocols
// never see a template.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "engine/options.h"
#include "engine/search.h"
#include "engine/search_info.h"

namespace qi::engine {

class Backend {
 public:
  virtual ~Backend() = default;
  // fen must be the game's FEN (the caller has checked it with the Game);
  // moves are move ids. On error nothing changes.
  virtual Status set_position(std::string_view fen, const std::vector<std::string>& moves) = 0;
  // Plays more moves (ids, already checked by the Game) from the position.
  virtual Status push_moves(const std::vector<std::string>& moves) = 0;
  // Runs the search in the calling thread (helper threads for Lazy SMP) and
  // returns when it is done or shared.stop is set.
  virtual SearchResult search(SharedSearch& shared, const EngineOptions& options,
                              const SearchCallbacks& callbacks) = 0;
  // Forget histories between games.
  virtual void new_game() = 0;
  // The score the search gives the present position by the game's rules
  // alone, were it met inside a search (a draw by a count rule or by
  // repetition, or the verdict on a forbidden repetition), from the side to
  // move's view; kNone when the rules say nothing. What a test compares with
  // the rules' own verdict.
  virtual Score rules_score() const = 0;
  // The static evaluation of the position, side to move's view (for `eval`).
  // `network`: with the learned evaluation, where the game has one.
  virtual Score static_eval(bool network) const = 0;

  // What a table holds for the present position (UCCI's probe): its move
  // in the game's notation (empty when it keeps none), score (side to
  // move's view), depth and bound; nothing when it has no entry.
  struct TableEntry {
    std::string move;
    Score score = 0;
    int depth = 0;
    Bound bound = Bound::None;
  };
  virtual std::optional<TableEntry> table_entry(const TranspositionTable& tt) const = 0;

  // Facts about a legal move of the root, for hints.
  struct MoveFacts {
    bool capture = false;
    int gain = 0;  // the material it takes, in the game's centipawns
    bool check = false;
  };
  virtual MoveFacts move_facts(const std::string& move_id) const = 0;
  // What the opponent would do if it were its turn now: its best move after
  // a shallow search and how much better that is for it than the static
  // evaluation says (a threat when large). None where the game has no null
  // move or the side to move is in check. `network` as for static_eval.
  struct Threat {
    std::string move;
    Score gain = 0;
  };
  virtual std::optional<Threat> threat(int depth, bool network) const = 0;
};

}  // namespace qi::engine
