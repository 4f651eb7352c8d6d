// What the search needs to know about chess beyond the GameState concept
// (engine/search_traits.h). The rules it asks (static exchange, captures,
// the fifty moves, dead positions) are chess's own (src/games/chess).
#pragma once

#include <bit>
#include <string>
#include <string_view>

#include "core/expected.h"
#include "engine/games/chess/eval.h"
#include "engine/games/chess/nnue.h"
#include "engine/network_evaluation.h"
#include "engine/score.h"
#include "engine/search_traits.h"
#include "games/chess/exchange.h"
#include "games/chess/movegen.h"
#include "games/chess/position.h"

namespace qi::engine {

// Levels 1-9 (and level 10 with `Use NNUE` off) evaluate by hand; level 10
// with the network (engine/network_evaluation.h).
struct ChessHandEvaluation {
  static Score evaluate(const chess::Position& s) { return chess_eval::evaluate(s); }
};

struct ChessTraits : SearchTraitsDefaults, NetworkEvaluation<chess_nnue::Inputs, ChessHandEvaluation> {
  using State = chess::Position;
  using Move = chess::Move;
  using MoveList = chess::Position::MoveList;

  static constexpr std::string_view kName = "chess";
  static constexpr int kPawn = 100;
  static constexpr int kHistorySize = 64 * 64;
  // Only checks that do not lose material by static exchange are extended:
  // a check that hangs the checking piece is refuted at once and needs no
  // extra ply (+26 [-10, +62] in 200 self-play games).
  static constexpr SearchFeatures kFeatures{.null_move = true,
                                            .late_move_reductions = true,
                                            .futility = true,
                                            .check_extension = true,
                                            .safe_checks_only = true,
                                            .singular_extension = true,
                                            .shallow_pruning = true,
                                            .correction_history = true,
                                            .continuation_history = true,
                                            .eval_stack = true,
                                            .network = true};
  static constexpr double kWdlScale = 220, kWdlDrawWidth = 60;

  static State start() { return State(); }
  static Expected<State> from_fen(std::string_view fen) { return State::from_fen(fen); }
  // Castling as the position's variant writes it (e1g1; in Chess960 e1h1).
  static std::string move_text(const State& s, Move m) { return chess::to_uci(s, m); }
  static Expected<Move> parse_move(const State& s, std::string_view text) { return s.parse_uci(text); }

  static void generate(const State& s, MoveList& list) { s.generate_legal(list); }
  static void make(State& s, Move m) { s.make(m); }
  static void unmake(State& s, Move m) { s.unmake(m); }
  static void make_null(State& s) { s.make_null(); }
  static void unmake_null(State& s) { s.unmake_null(); }

  static std::uint32_t move_key(const State&, Move m) { return m.bits(); }
  static int history_index(Move m) { return m.from() * 64 + m.to(); }
  // The continuation history's index: the moving piece (colour and type) and
  // its target square.
  static constexpr int kPieceToSize = 16 * 64;
  static int piece_to(const State& s, Move m) { return s.piece_on(m.from()) * 64 + m.to(); }
  static bool is_capture(const State& s, Move m) { return chess::is_capture(s, m); }
  static bool is_tactical(const State& s, Move m) {
    return is_capture(s, m) || (m.kind() == Move::Promotion && m.promotion() == chess::Queen);
  }
  // Most valuable victim first, then least valuable attacker.
  static int capture_order(const State& s, Move m) {
    return capture_gain(s, m) * 8 - chess_eval::piece_value(chess::type_of(s.piece_on(m.from()))) / 100;
  }
  static int capture_gain(const State& s, Move m) { return chess::capture_gain(s, m); }
  static bool see_ge(const State& s, Move m, int threshold) { return chess::see_ge(s, m, threshold); }

  static bool in_check(const State& s) { return s.in_check(); }
  static bool gives_check(const State& s, Move m) { return s.gives_check(m); }
  static bool irreversible(const State& s, Move m) {
    return is_capture(s, m) || chess::type_of(s.piece_on(m.from())) == chess::Pawn ||
           m.kind() == Move::Castling;
  }
  // Not in pawn endings, where zugzwang is common.
  static bool null_move_allowed(const State& s) {
    const chess::Color us = s.us();
    return (s.pieces(us) & ~s.pieces(us, chess::Pawn, chess::King)) != 0;
  }

  // In check: every evasion, and the side may not stand pat. Otherwise the
  // captures and queen promotions (chess::generate_captures).
  static bool generate_quiescence(const State& s, MoveList& list, bool in_check) {
    if (in_check) {
      s.generate_legal(list);
      return true;
    }
    chess::generate_captures(s, list);
    return false;
  }

  static Score no_move_score(const State& s, int ply) { return s.in_check() ? mated_in(ply) : kDraw; }

  // Fifty moves (a claim either side may make, so the value is a draw) and
  // dead positions, as the rules judge them.
  // A mate on the move that completes the count stands (9.3, 9.6.2): the
  // search then finds no move and scores the mate.
  static Score rule_score(const State& s, int /*ply*/, int /*reversible_plies*/) {
    if (s.fifty_moves_reached()) return s.is_checkmate() ? kNone : kDraw;
    if (s.insufficient_material()) return kDraw;
    return kNone;
  }
  static Score repetition_score(State&, int /*span*/, int /*ply*/) { return kDraw; }

  // The pawn structure, for the correction history: both sides' pawns mixed
  // into one 64-bit key; 0 (no correction) without pawns, where every
  // position would share one entry and the endings are about mates, which
  // a blurred evaluation hides.
  static std::uint64_t correction_key(const State& s) {
    if (!s.pieces(chess::Pawn)) return 0;
    std::uint64_t k = s.pieces(chess::White, chess::Pawn) * 0x9E3779B97F4A7C15ull;
    k ^= (s.pieces(chess::Black, chess::Pawn) + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    return k ^ (k >> 29) ^ (k >> 47);
  }
};

static_assert(check_search_traits<ChessTraits>());

// Chess960: the same search; positions are read as Chess960 (X-FEN and
// Shredder-FEN castling for any king and rook) and castling is written as
// the king taking its rook, as UCI_Chess960 has it.
struct Chess960Traits : ChessTraits {
  static constexpr std::string_view kName = "chess960";
  static State start() { return *State::from_fen(State::kStartFen, chess::Variant::Chess960); }
  static Expected<State> from_fen(std::string_view fen) {
    return State::from_fen(fen, chess::Variant::Chess960);
  }
};

static_assert(check_search_traits<Chess960Traits>());

}  // namespace qi::engine
