// What the search needs to know about tic-tac-toe: the whole game is nine
// plies, so the search sees every line to the end and its values are exact;
// the evaluation only orders moves (open lines and forks) on the way.
#pragma once

#include <bit>
#include <string>
#include <string_view>

#include "core/expected.h"
#include "engine/score.h"
#include "engine/search_traits.h"
#include "games/tictactoe/board.h"
#include "games/tictactoe/notation.h"

namespace qi::engine {

struct TictactoeTraits : SearchTraitsDefaults {
  using State = tictactoe::Board;
  using Move = tictactoe::Move;
  using MoveList = tictactoe::Board::MoveList;

  static constexpr std::string_view kName = "tictactoe";
  static constexpr int kPawn = 100;
  static constexpr int kHistorySize = 9;
  static constexpr SearchFeatures kFeatures{};
  static constexpr double kWdlScale = 100, kWdlDrawWidth = 50;

  static State start() { return State(); }
  static Expected<State> from_fen(std::string_view fen) { return tictactoe::parse_position(fen); }
  static std::string move_text(const State&, Move m) { return tictactoe::square_name(m.square); }
  static Expected<Move> parse_move(const State& s, std::string_view text) {
    return tictactoe::parse_move(s, text);
  }

  static void generate(const State& s, MoveList& list) { s.generate_legal(list); }
  static void make(State& s, Move m) { s.make(m); }
  static void unmake(State& s, Move m) { s.unmake(m); }

  static std::uint32_t move_key(const State&, Move m) { return m.square + 1u; }
  static int history_index(Move m) { return m.square; }
  static bool is_tactical(const State&, Move) { return false; }
  static int capture_gain(const State&, Move) { return 0; }
  static int capture_order(const State&, Move) { return 0; }
  static bool in_check(const State&) { return false; }
  static bool gives_check(const State&, Move) { return false; }
  static bool irreversible(const State&, Move) { return true; }
  static bool generate_quiescence(const State& s, MoveList&, bool) { return s.game_over(); }

  static Score no_move_score(const State& s, int ply) {
    return s.result() == Result::Loss ? mated_in(ply) : kDraw;
  }
  static Score rule_score(const State&, int, int) { return kNone; }
  static Score repetition_score(State&, int, int) { return kDraw; }

  // Lines still open for one side and closed to the other, from the side to
  // move's view; a small number, never near a win or loss.
  static Score evaluate(const State& s) {
    const Side us = s.side_to_move();
    int score = 0;
    for (tictactoe::Mask line : tictactoe::kLines) {
      const int mine = std::popcount(static_cast<unsigned>(s.marks(us) & line));
      const int theirs = std::popcount(static_cast<unsigned>(s.marks(~us) & line));
      if (theirs == 0) score += mine * mine;
      if (mine == 0) score -= theirs * theirs;
    }
    return score;
  }
};

static_assert(check_search_traits<TictactoeTraits>());

}  // namespace qi::engine
