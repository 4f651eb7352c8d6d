// How an engine protocol writes a game's moves, against the game's own move
// ids: a game's registration says it of each variant UCI speaks.
#pragma once

namespace qi {

enum class MoveCoordinates {
  GameIds,     // the game's ids as they are
  FairyRanks,  // ranks counted from 1 where the ids count from 0 (Fairy-Stockfish's xiangqi)
};

}  // namespace qi
