// What the search needs to know about chess beyond the GameState concept.
#pragma once

#include <bit>
#include <string>
#include <string_view>

#include "core/expected.h"
#include "engine/games/chess_eval.h"
#include "engine/games/chess_nnue.h"
#include "engine/score.h"
#include "games/chess/position.h"

namespace qi::engine {

struct ChessTraits {
  using State = chess::Position;
  using Move = chess::Move;
  using MoveList = chess::Position::MoveList;

  static constexpr std::string_view kName = "chess";
  static constexpr int kPawn = 100;
  static constexpr int kHistorySize = 64 * 64;
  static constexpr bool kNullMove = true;
  static constexpr bool kLateMoveReductions = true;
  static constexpr bool kFutility = true;
  static constexpr bool kCheckExtension = true;
  // Only checks that do not lose material by static exchange are extended:
  // a check that hangs the checking piece is refuted at once and needs no
  // extra ply (+26 [-10, +62] in 200 self-play games).
  static constexpr bool kExtendSafeChecksOnly = true;
  static constexpr bool kSingleReplyExtension = false;
  static constexpr bool kSingularExtension = true;
  // Futility and static-exchange pruning near the leaves (search.h).
  static constexpr bool kShallowPruning = true;
  // Threefold repetition: a repetition of a position from before the root
  // counts once it stood there twice.
  static constexpr int kRepetitionsBeforeRoot = 2;
  // Scale of the win/draw/loss model (see score.h).
  static constexpr double kWdlScale = 220, kWdlDrawWidth = 60;

  static State start() { return State(); }
  static Expected<State> from_fen(std::string_view fen) { return State::from_fen(fen); }
  static std::string move_text(const State&, Move m) { return chess::to_uci(m); }
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
  static bool is_capture(const State& s, Move m) {
    return m.kind() == Move::EnPassant ||
           (m.kind() != Move::Castling && s.piece_on(m.to()) != chess::NoPiece);
  }
  static bool is_tactical(const State& s, Move m) {
    return is_capture(s, m) || (m.kind() == Move::Promotion && m.promotion() == chess::Queen);
  }
  // Most valuable victim first, then least valuable attacker.
  static int capture_order(const State& s, Move m) {
    return capture_gain(s, m) * 8 - chess_eval::piece_value(chess::type_of(s.piece_on(m.from()))) / 100;
  }
  static int capture_gain(const State& s, Move m) {
    int gain = 0;
    if (m.kind() == Move::EnPassant)
      gain = 100;
    else if (m.kind() != Move::Castling && s.piece_on(m.to()) != chess::NoPiece)
      gain = chess_eval::piece_value(chess::type_of(s.piece_on(m.to())));
    if (m.kind() == Move::Promotion) gain += chess_eval::piece_value(m.promotion()) - 100;
    return gain;
  }
  // Static exchange evaluation: whether m, followed by the best sequence of
  // recaptures on its square (least valuable attacker first, x-rays
  // included, pins ignored), wins at least `threshold` centipawns for us.
  // Castling, en passant and promotions count as an even exchange.
  static bool see_ge(const State& s, Move m, int threshold) {
    using namespace chess;
    if (m.kind() != Move::Normal) return threshold <= 0;
    const Square from = m.from(), to = m.to();
    int swap = see_value(type_of(s.piece_on(to))) - threshold;
    if (swap < 0) return false;  // even taking for free falls short
    swap = see_value(type_of(s.piece_on(from))) - swap;
    if (swap <= 0) return true;  // even losing the mover reaches it
    Bitboard occ = s.pieces() ^ square_bb(from) ^ square_bb(to);
    const Bitboard diagonal = s.pieces(Bishop) | s.pieces(Queen);
    const Bitboard straight = s.pieces(Rook) | s.pieces(Queen);
    Bitboard attackers = s.attackers_to(to, occ);
    Color side = s.us();
    bool us_wins = true;
    while (true) {
      side = ~side;
      attackers &= occ;
      const Bitboard mine = attackers & s.pieces(side);
      if (!mine) break;
      us_wins = !us_wins;
      Bitboard b;
      if ((b = mine & s.pieces(Pawn))) {
        if ((swap = see_value(Pawn) - swap) < static_cast<int>(us_wins)) break;
        occ ^= square_bb(lsb(b));
        attackers |= bishop_attacks(to, occ) & diagonal;
      } else if ((b = mine & s.pieces(Knight))) {
        if ((swap = see_value(Knight) - swap) < static_cast<int>(us_wins)) break;
        occ ^= square_bb(lsb(b));
      } else if ((b = mine & s.pieces(Bishop))) {
        if ((swap = see_value(Bishop) - swap) < static_cast<int>(us_wins)) break;
        occ ^= square_bb(lsb(b));
        attackers |= bishop_attacks(to, occ) & diagonal;
      } else if ((b = mine & s.pieces(Rook))) {
        if ((swap = see_value(Rook) - swap) < static_cast<int>(us_wins)) break;
        occ ^= square_bb(lsb(b));
        attackers |= rook_attacks(to, occ) & straight;
      } else if ((b = mine & s.pieces(Queen))) {
        if ((swap = see_value(Queen) - swap) < static_cast<int>(us_wins)) break;
        occ ^= square_bb(lsb(b));
        attackers |= (bishop_attacks(to, occ) & diagonal) | (rook_attacks(to, occ) & straight);
      } else {
        // The king may take only if nothing of the other side still attacks.
        return (attackers & ~s.pieces(side)) ? !us_wins : us_wins;
      }
    }
    return us_wins;
  }
  static int see_value(chess::PieceType pt) {
    static constexpr int kValues[7] = {0, 100, 320, 330, 500, 950, 0};
    return kValues[pt];
  }

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

  // Whether moving from f to t, taking what stands on cap (t for an
  // ordinary capture, the passed pawn's square en passant), leaves our king
  // safe.
  static bool keeps_king_safe(const State& s, chess::Square f, chess::Square t, chess::Square cap) {
    using namespace chess;
    const Color us = s.us();
    const Bitboard occ = (s.pieces() ^ square_bb(f) ^ square_bb(cap)) | square_bb(t);
    const Square king = f == s.king_square(us) ? t : s.king_square(us);
    return !(s.attackers_to(king, occ) & s.pieces(~us) & ~square_bb(cap));
  }

  // In check: every evasion, and the side may not stand pat. Otherwise the
  // captures and queen promotions, generated from the targets (not from
  // every legal move) and tested for king safety one by one.
  static bool generate_quiescence(const State& s, MoveList& list, bool in_check) {
    using namespace chess;
    if (in_check) {
      s.generate_legal(list);
      return true;
    }
    const Color us = s.us(), them = ~us;
    const Bitboard occ = s.pieces();
    const int last_rank = us == White ? 7 : 0;
    for (Bitboard targets = s.pieces(them) & ~s.pieces(them, King); targets;) {
      const Square t = pop_lsb(targets);
      for (Bitboard from = s.attackers_to(t, occ) & s.pieces(us); from;) {
        const Square f = pop_lsb(from);
        if (!keeps_king_safe(s, f, t, t)) continue;
        const bool promotes = type_of(s.piece_on(f)) == Pawn && rank_of(t) == last_rank;
        list.push_back(promotes ? Move(f, t, Move::Promotion, Queen) : Move(f, t));
      }
    }
    if (s.has_legal_en_passant()) {
      const Square ep = s.en_passant_square();
      const Square cap = static_cast<Square>(ep - pawn_push(us));
      for (Bitboard from = pawn_attacks(them, ep) & s.pieces(us, Pawn); from;) {
        const Square f = pop_lsb(from);
        if (keeps_king_safe(s, f, ep, cap)) list.push_back(Move(f, ep, Move::EnPassant));
      }
    }
    const Bitboard seventh = rank_bb(us == White ? 6 : 1);
    for (Bitboard pawns = s.pieces(us, Pawn) & seventh; pawns;) {
      const Square f = pop_lsb(pawns);
      const Square t = static_cast<Square>(f + pawn_push(us));
      if (!(occ & square_bb(t)) && keeps_king_safe(s, f, t, t))
        list.push_back(Move(f, t, Move::Promotion, Queen));
    }
    return false;
  }

  static Score no_move_score(const State& s, int ply) { return s.in_check() ? mated_in(ply) : kDraw; }

  // Fifty moves (a claim any engine makes) and dead positions.
  static Score rule_score(const State& s, int /*ply*/, int /*reversible_plies*/) {
    if (s.halfmove_clock() >= 100) return kDraw;  // a mate on the 100th ply is rare enough
    if (std::popcount(s.pieces()) <= 4 && s.insufficient_material()) return kDraw;
    return kNone;
  }
  static Score repetition_score(State&, int /*span*/, int /*ply*/) { return kDraw; }

  // The hand-written evaluation, or with `Use NNUE` at level 10 the
  // network (levels 1-9 keep the evaluation docs/levels.md measured them
  // with). Per thread: every search thread sets it when it starts.
  static inline thread_local bool network = false;
  static void use_network(bool on) { network = on; }
  // Where set, sees every position the search evaluates: bench/selfplay.cpp
  // samples them to train the network on. Null in the engine.
  static inline void (*on_evaluate)(const State&) = nullptr;
  static Score evaluate(const State& s) {
    if (on_evaluate) [[unlikely]]
      on_evaluate(s);
    return network ? chess_nnue::evaluate(s) : chess_eval::evaluate(s);
  }
  // In a search: the network's accumulators follow the line, updated by each
  // move's change instead of summed afresh (search.h calls these).
  using EvalStack = chess_nnue::AccumulatorStack;
  static void eval_root(EvalStack& stack, const State& root) { stack.set_root(root); }
  static void eval_push(EvalStack& stack, const State& before, Move m, int ply) {
    if (network) stack.push(ply, chess_nnue::change_of(before, m));
  }
  static void eval_push_null(EvalStack& stack, int ply) {
    if (network) stack.push(ply, {});
  }
  static Score evaluate(const State& s, EvalStack& stack, int ply) {
    if (on_evaluate) [[unlikely]]
      on_evaluate(s);
    return network ? stack.evaluate(s, ply) : chess_eval::evaluate(s);
  }
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

}  // namespace qi::engine
