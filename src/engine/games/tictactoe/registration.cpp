// Tic-tac-toe, registered: its descriptor and rules (src/games/tictactoe),
// its search (traits.h; the search sees every line to the end) and the
// rules of thumb its hints name.
#include "engine/game_backend.h"
#include "engine/games/tictactoe/traits.h"
#include "engine/registry.h"
#include "games/tictactoe/lessons.h"
#include "games/tictactoe/notation.h"
#include "games/tictactoe/solve_report.h"
#include "games/tictactoe/strategy.h"
#include "games/tictactoe/tictactoe_game.h"

namespace qi::engine {
namespace {

// The rule of thumb a move follows (board.h's strategy list), by its id.
std::optional<std::string> rule_of_thumb(const Game& game, const std::string& move_id) {
  Expected<tictactoe::Board> board = tictactoe::parse_position(game.fen());
  if (!board) return std::nullopt;
  Expected<tictactoe::Move> m = tictactoe::parse_move(*board, move_id);
  if (!m) return std::nullopt;
  return std::string(tictactoe::rule_name(tictactoe::classify(*board, *m)));
}

constexpr BenchPosition kBench[] = {{"", "startpos", 9}};

const GameRegistration kTictactoe{
    .descriptor = &tictactoe::descriptor,
    .make_game = [](std::string_view) { return tictactoe::make_game(); },
    .make_backend = [](std::string_view) -> std::unique_ptr<Backend> {
      return std::make_unique<GameBackend<TictactoeTraits>>();
    },
    .hint_note = &rule_of_thumb,
    // No engine has an Elo scale for it and every good player draws, so no
    // table was measured: its levels carry no Elo, and a rated game against
    // one rates nobody (docs/levels.md).
    .bench = kBench,
    .solve = &tictactoe::solve_report,
    .lessons = &tictactoe::kLessons,
};

}  // namespace
}  // namespace qi::engine

QI_REGISTER_GAME(qi::engine::kTictactoe)
