// Facts about a position the run-time qi::Game does not offer but the app
// needs: whether the side to move is in check (to highlight the king or
// general) and whether a side could still win (a fallen flag is a draw when
// the opponent could not possibly mate: FIDE 6.9, and the same idea in the
// xiangqi documents).
#pragma once

#include "core/game.h"

namespace qi::app {

bool side_to_move_in_check(const Game& game);

// Whether `side` has enough material that some series of legal moves could
// let it win. An approximation from material alone, erring towards "yes":
// chess: a bare king, a king and one minor piece against a bare king, or
// bishops all on one colour against a bare king cannot mate; xiangqi: a side
// with no rook, horse, cannon or soldier cannot give check; checkers and
// tic-tac-toe: always yes.
bool could_still_win(const Game& game, Side side);

}  // namespace qi::app
