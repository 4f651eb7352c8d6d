// Long games for the tests of this folder, in every game that has them: a
// position where pieces can go back and forth (each game's start, or kings
// in draughts) and four plies that come back to it, found among the legal
// moves (a move and its way back for each side), repeated as often as asked.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/registry.h"

namespace qi::test {

struct LongGame {
  std::string game, variant;
  std::string fen;  // empty: the start
  std::array<std::string, 4> cycle;
  // The record of `plies` plies (a whole number of cycles), with its FEN tag.
  std::string record(std::size_t plies) const {
    std::string text = fen.empty() ? "" : "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n";
    text += "\n";
    for (std::size_t i = 0; i < plies; ++i) text += cycle[i % 4] + " ";
    return text + "*\n";
  }
  std::vector<std::string> moves(std::size_t plies) const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < plies; ++i) out.push_back(cycle[i % 4]);
    return out;
  }
};

// Where pieces can move back: the start, or a few kings in draughts.
inline std::string shuffle_fen(const Game& game) {
  if (game.name() != "checkers") return {};
  if (game.variant() == "english") return "B:WK32,K31:BK1,K2";
  if (game.variant() == "international") return "W:WK46,K47:BK1,K2";
  return "W:WK29,K30:BK1,K2";  // Russian and Brazilian
}

// The move among the legal ones that takes `m`'s piece straight back.
inline std::optional<MoveText> way_back(const Game& game, const MoveText& m) {
  if (m.squares.size() != 2) return std::nullopt;
  for (const MoveText& back : game.legal_moves())
    if (back.squares.size() == 2 && back.squares[0] == m.squares[1] && back.squares[1] == m.squares[0])
      return back;
  return std::nullopt;
}

// Four plies from `start` back to it, if the game has them there.
inline std::optional<std::array<std::string, 4>> cycle_from(const Game& start) {
  for (const MoveText& a : start.legal_moves()) {
    std::unique_ptr<Game> g = start.clone();
    if (!g->play(a.id)) continue;
    for (const MoveText& b : g->legal_moves()) {
      std::unique_ptr<Game> h = g->clone();
      if (!h->play(b.id)) continue;
      std::optional<MoveText> c = way_back(*h, a);
      if (!c || !h->play(c->id)) continue;
      std::optional<MoveText> d = way_back(*h, b);
      if (!d || !h->play(d->id)) continue;
      if (h->board_cells() == start.board_cells() && h->side_to_move() == start.side_to_move())
        return std::array<std::string, 4>{a.id, b.id, c->id, d->id};
    }
  }
  return std::nullopt;
}

// One long game for each game and variant that has one (tic-tac-toe, whose
// games end within nine plies, has none).
inline std::vector<LongGame> long_games() {
  std::vector<LongGame> out;
  for (const engine::GameRegistration* g : engine::registered_games())
    for (const VariantDescriptor& v : g->descriptor().variants) {
      std::unique_ptr<Game> game = g->make_game(v.name);
      LongGame lg{g->descriptor().name, v.name, shuffle_fen(*game), {}};
      if (!lg.fen.empty() && !game->set_fen(lg.fen)) continue;
      if (std::optional<std::array<std::string, 4>> cycle = cycle_from(*game)) {
        lg.cycle = *cycle;
        out.push_back(lg);
      }
    }
  return out;
}

}  // namespace qi::test
