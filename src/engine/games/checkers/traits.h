// What the search needs to know about checkers and draughts beyond the
// GameState concept, for every variant V. Captures are compulsory, so the
// quiescence search follows every capture and never stands pat while one is
// on; there is no null move (zugzwang is the rule in checkers, not the
// exception). Draws: repetition, and the counts of each federation's rules,
// carried along the search line (checkers::DrawCounters, draw_rules.h) so
// that the search declares exactly the draws the rules declare.
//
// Evaluation: English checkers and international draughts have their own, in
// tuned weights (eval.h, international_eval.h). Russian and Brazilian
// draughts use the hand-written one below: material with the king's value, men guarding the back
// rank, centre control, tempo (how far the men have advanced, counted for the side with less material in the
// end game), runaway men (a man whose path to the crowning row no enemy piece can stop) and king mobility.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/expected.h"
#include "engine/games/checkers/endgame_tables.h"
#include "engine/games/checkers/eval.h"
#include "engine/games/checkers/international_eval.h"
#include "engine/score.h"
#include "engine/search_traits.h"
#include "games/checkers/draw_rules.h"
#include "games/checkers/notation.h"
#include "games/checkers/position.h"

namespace qi::engine {

template <class V>
struct CheckersTraits : SearchTraitsDefaults {
  using State = checkers::Position<V>;
  using Move = typename State::Move;
  using MoveList = typename State::MoveList;
  using Geo = typename State::Geo;
  using Bitboard = checkers::Bitboard;

  static constexpr std::string_view kName = "checkers";
  static constexpr int kPawn = 100;
  static constexpr int kHistorySize = 64 * 64;
  // Endgame tables: English checkers only (checkers/endgame.h).
  static constexpr bool kEnglish = std::is_same_v<V, checkers::English>;
  static constexpr SearchFeatures kFeatures{.late_move_reductions = true,
                                            .futility = true,
                                            .single_reply_extension = true,
                                            .singular_extension = true,
                                            .rule_state = true,
                                            .endgame_tables = kEnglish};
  static constexpr double kWdlScale = 200, kWdlDrawWidth = 60;
  static constexpr int kKingValue = V::flying_kings ? 300 : 140;
  using RuleState = checkers::DrawCounters;

  static State start() { return State::start(); }
  static Expected<State> from_fen(std::string_view fen) {
    Expected<checkers::Setup> setup = checkers::parse_fen(fen, shape());
    if (!setup) return setup.error();
    State p;
    p.set_side_to_move(State::side_of(setup->to_move));
    for (const checkers::PlacedPiece& piece : setup->pieces)
      p.put(State::side_of(piece.colour), piece.square, piece.king);
    return p;
  }

  // The squares of a move: start, landings, end.
  static checkers::MoveWords words_of(const Move& m, bool full) {
    checkers::MoveWords w;
    w.capture = m.is_capture();
    w.squares.push_back(Geo::square_of(m.from));
    if (full)
      for (int i = 0; i + 1 < m.jumps; ++i) w.squares.push_back(Geo::square_of(m.via[i]));
    w.squares.push_back(Geo::square_of(m.to));
    return w;
  }
  // The short form unless another legal move shares its start and end (the
  // convention of the checkers Game).
  static std::string move_text(const State& s, const Move& m) {
    MoveList list;
    s.generate_legal(list);
    bool ambiguous = false;
    for (const Move& o : list)
      if (!(o == m) && o.from == m.from && o.to == m.to) ambiguous = true;
    return checkers::format_move_words(words_of(m, ambiguous));
  }
  static Expected<Move> parse_move(const State& s, std::string_view text) {
    Expected<checkers::MoveWords> words = checkers::parse_move_words(text, shape());
    if (!words) return words.error();
    MoveList list;
    s.generate_legal(list);
    const Move* found = nullptr;
    int count = 0;
    for (const Move& m : list) {
      checkers::MoveWords full = words_of(m, true);
      bool match =
          full.squares.front() == words->squares.front() && full.squares.back() == words->squares.back();
      if (match && words->squares.size() > 2) match = full.squares == words->squares;
      if (match) {
        found = &m;
        ++count;
      }
    }
    if (count == 1) return *found;
    if (count > 1) return make_error(std::string(text) + " is ambiguous: give the full path");
    return make_error(std::string(text) + " is not a legal move here");
  }

  static void generate(const State& s, MoveList& list) { s.generate_legal(list); }
  static void make(State& s, const Move& m) { s.make(m); }
  static void unmake(State& s, const Move& m) { s.unmake(m); }

  static std::uint32_t move_key(const State&, const Move& m) {
    std::uint64_t c = m.captured * 0x9E3779B97F4A7C15ULL;
    return (1u << 21) | m.from | (static_cast<std::uint32_t>(m.to) << 6) |
           (static_cast<std::uint32_t>(c >> 55) << 12);
  }
  static int history_index(const Move& m) { return m.from * 64 + m.to; }
  static bool is_tactical(const State&, const Move& m) { return m.is_capture() || m.crowns; }
  static int capture_gain(const State& s, const Move& m) {
    return std::popcount(m.captured & ~s.kings()) * 100 + std::popcount(m.captured & s.kings()) * kKingValue;
  }
  static int capture_order(const State& s, const Move& m) { return capture_gain(s, m) + (m.crowns ? 50 : 0); }
  static bool in_check(const State&) { return false; }
  static bool gives_check(const State&, const Move&) { return false; }
  static bool irreversible(const State&, const Move& m) { return m.is_capture() || !m.king; }

  // While a capture is on the side must take; otherwise it stands pat.
  static bool generate_quiescence(const State& s, MoveList& list, bool) {
    if (!s.has_capture()) {
      if (!s.has_legal_move()) return true;  // blocked: lost, said by the empty list
      return false;
    }
    s.generate_legal(list);
    return true;
  }

  static Score no_move_score(const State&, int ply) { return mated_in(ply); }
  static RuleState start_rule_state(const State& s) { return checkers::start_counters(s); }
  static RuleState next_rule_state(const RuleState& before, const State& after, bool progress) {
    return checkers::next_counters(before, after, progress);
  }
  // A side left without a legal move has lost before any count draws (the
  // game judges so); the search then finds no move.
  static Score rule_score(const State& s, const RuleState& counts, int /*ply*/) {
    return checkers::draw_by_count(counts, s, checkers::DrawSettings{}) && s.has_legal_move() ? kDraw : kNone;
  }
  static Score repetition_score(State&, int, int) { return kDraw; }

  // --- Endgame tables (English) -----------------------------------------------
  using EndgameTables = checkers::endgame::Database;
  static std::shared_ptr<const EndgameTables> endgame_tables(std::string_view path) {
    if constexpr (kEnglish) {
      return checkers_tables::tables(path);
    } else {
      (void)path;
      return nullptr;
    }
  }
  static TableProbe probe_endgame(const EndgameTables& tables, const State& s) {
    if constexpr (kEnglish) {
      const std::optional<checkers::endgame::Probe> p = tables.probe(s);
      if (!p) return {};
      using checkers::endgame::Value;
      return {p->value == Value::Win    ? TableValue::Win
              : p->value == Value::Loss ? TableValue::Loss
                                        : TableValue::Draw,
              p->distance};
    } else {
      (void)tables, (void)s;
      return {};
    }
  }

  // --- Evaluation -----------------------------------------------------------
  static Bitboard forward_steps(Bitboard b, bool down) {
    if (down) return (checkers::shift<Geo::down_left>(b) | checkers::shift<Geo::down_right>(b)) & Geo::board;
    return (checkers::shift<Geo::up_left>(b) | checkers::shift<Geo::up_right>(b)) & Geo::board;
  }
  static Bitboard all_steps(Bitboard b) { return forward_steps(b, true) | forward_steps(b, false); }

  static int side_score(const State& s, Side side, int total_pieces) {
    const bool down = State::moves_down(side);
    const Bitboard own = s.pieces(side), opp = s.pieces(~side), kings = s.kings();
    const Bitboard men = own & ~kings, own_kings = own & kings;
    const Bitboard empty = Geo::board & ~(own | opp);
    int score = std::popcount(men) * 100 + std::popcount(own_kings) * kKingValue;
    // Back rank: men still on the row the enemy crowns on keep its kings out.
    const Bitboard back = down ? Geo::top_row : Geo::bottom_row;
    if (total_pieces > 10) score += std::popcount(men & back) * 8;
    // Centre: the middle squares of the middle rows.
    static constexpr Bitboard centre = [] {
      Bitboard c = 0;
      for (int sq = 1; sq <= Geo::squares; ++sq) {
        const int row = Geo::row_of(sq), col = Geo::column_of(sq);
        if (row >= V::size / 2 - 2 && row <= V::size / 2 + 1 && col >= 2 && col <= V::size - 3)
          c |= checkers::bit(Geo::bit_of(sq));
      }
      return c;
    }();
    score += std::popcount(men & centre) * 6 + std::popcount(own_kings & centre) * 4;
    // Tempo and runaways.
    for (Bitboard b = men; b; b &= b - 1) {
      const int bit = checkers::lsb(b);
      const int row = Geo::row_of(Geo::square_of(bit));
      const int advance = down ? row : V::size - 1 - row;
      score += advance * (total_pieces <= 12 ? 4 : 1);
      // Runaway: no enemy piece in the cone ahead, and the next step free.
      Bitboard cone = 0, frontier = checkers::bit(bit);
      for (int r = advance; r < V::size - 1; ++r) {
        frontier = forward_steps(frontier, down);
        cone |= frontier;
      }
      if (!(cone & opp) && (forward_steps(checkers::bit(bit), down) & empty)) score += 30 + advance * 8;
    }
    // King mobility.
    score += std::popcount(all_steps(own_kings) & empty) * 3;
    return score;
  }

  static Score evaluate(const State& s) {
    if constexpr (std::is_same_v<V, checkers::English>) return checkers_eval::evaluate(s);
    if constexpr (std::is_same_v<V, checkers::International>) return international_eval::evaluate(s);
    const int total = std::popcount(s.occupied());
    const Side us = s.side_to_move();
    int mine = side_score(s, us, total), theirs = side_score(s, ~us, total);
    int score = mine - theirs;
    // Ahead in material: trading down helps.
    const int a = std::popcount(s.pieces(us)), b = std::popcount(s.pieces(~us));
    if (a != b) score += (a > b ? 1 : -1) * (24 - total) * 2;
    return score;
  }

 private:
  static checkers::BoardShape shape() { return {V::size, V::size == 8 && V::name != "english"}; }
};

}  // namespace qi::engine
