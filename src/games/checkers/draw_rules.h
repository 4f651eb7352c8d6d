// The draws each federation declares from the course of a game: repetition,
// no-progress counts and endgame move limits (docs/rules.md gives the source
// of each rule). The counts are kept move by move in DrawCounters, which the
// game (CheckersGame) and the engine's search both carry, so the two apply
// the same numbers: one rule, one place.
//
//   english        40 moves each without a capture or a man's move (a setting)
//   international  25 moves each with only kings moved and no capture;
//                  16 moves each with three pieces against a lone king,
//                  5 with two or fewer (FMJD Annex 1, art. 6)
//   brazilian      20 moves each with only kings moved and no capture
//   russian        15 moves each with only kings moved and no capture;
//                  three kings against a lone king: the stronger side's 15th
//                  move; kings on both sides with the material unchanged:
//                  5, 30 or 60 moves each for 2-3, 4-5 or 6-7 pieces
// and in every variant the same position for the third time.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/outcome.h"
#include "core/work_count.h"
#include "games/checkers/endings.h"
#include "games/checkers/position.h"

namespace qi::checkers {

struct DrawSettings {
  // English checkers: the 40-move rule (moves by each side without a capture
  // or a man's move); 0 turns it off.
  int english_no_progress_moves = 40;
};

// What the count rules remember of a game: plies since the last capture or
// man's move, and for each endgame class of the variant the plies since the
// position entered it.
struct DrawCounters {
  int quiet = 0;
  std::uint32_t ending[2] = {0, 0};  // the class now (0: none)
  int ending_plies[2] = {0, 0};
  friend bool operator==(const DrawCounters&, const DrawCounters&) = default;
};

namespace draw_detail {

struct Material {
  int men[2], kings[2];  // by Colour (White 0, Black 1)
  int total(int c) const { return men[c] + kings[c]; }
  bool lone_king(int c) const { return men[c] == 0 && kings[c] == 1; }
};

template <class V>
Material material_of(const Position<V>& p) {
  Material m{};
  for (Side s : {Side::First, Side::Second}) {
    const int c = static_cast<int>(Position<V>::colour_of(s));
    m.men[c] = std::popcount(p.pieces(s) & ~p.kings());
    m.kings[c] = std::popcount(p.pieces(s) & p.kings());
  }
  return m;
}

// FMJD: 16 moves for three pieces (one a king at least) against a lone king,
// 5 moves for two pieces or fewer (with a king) against a lone king.
inline int fmjd_limit(const Material& m) {
  for (int c = 0; c < 2; ++c) {
    if (!m.lone_king(c) || m.kings[1 - c] == 0) continue;
    const int strong = m.total(1 - c);
    if (strong == 3) return 16;
    if (strong <= 2) return 5;
  }
  return 0;
}

// Russian: the colour with a lone king against three kings or more, plus 1.
inline std::uint32_t three_kings_class(const Material& m) {
  for (int c = 0; c < 2; ++c)
    if (m.lone_king(c) && m.kings[1 - c] >= 3) return static_cast<std::uint32_t>(c + 1);
  return 0;
}

// Russian: both sides with kings, by the exact material (0 when it has no
// move limit).
inline int king_ending_limit(const Material& m) {
  if (m.kings[0] == 0 || m.kings[1] == 0) return 0;
  const int pieces = m.total(0) + m.total(1);
  return pieces <= 3 ? 5 : pieces <= 5 ? 30 : pieces <= 7 ? 60 : 0;
}
inline std::uint32_t king_ending_class(const Material& m) {
  if (!king_ending_limit(m)) return 0;
  return 1u | static_cast<std::uint32_t>(m.men[0]) << 4 | static_cast<std::uint32_t>(m.kings[0]) << 8 |
         static_cast<std::uint32_t>(m.men[1]) << 12 | static_cast<std::uint32_t>(m.kings[1]) << 16;
}

template <class V>
void classes_of(const Material& m, std::uint32_t (&out)[2]) {
  out[0] = out[1] = 0;
  if constexpr (V::name == "international") out[0] = static_cast<std::uint32_t>(fmjd_limit(m));
  if constexpr (V::name == "russian") {
    out[0] = three_kings_class(m);
    out[1] = king_ending_class(m);
  }
}

}  // namespace draw_detail

// The counters of a position a game starts from (nothing counted yet).
template <class V>
DrawCounters start_counters(const Position<V>& p) {
  DrawCounters c;
  draw_detail::classes_of<V>(draw_detail::material_of(p), c.ending);
  return c;
}

// The counters after a move that led to `after`; `progress` when it was a
// capture or a man's move.
template <class V>
DrawCounters next_counters(const DrawCounters& before, const Position<V>& after, bool progress) {
  DrawCounters c;
  c.quiet = progress ? 0 : before.quiet + 1;
  draw_detail::classes_of<V>(draw_detail::material_of(after), c.ending);
  for (int i = 0; i < 2; ++i)
    c.ending_plies[i] = c.ending[i] != 0 && c.ending[i] == before.ending[i] ? before.ending_plies[i] + 1 : 0;
  return c;
}

// The draw a count rule declares in `now`, reached with counters `c`.
template <class V>
std::optional<Outcome> draw_by_count(const DrawCounters& c, const Position<V>& now,
                                     const DrawSettings& settings) {
  const Side stm = now.side_to_move();
  if constexpr (V::name == "english") {
    const int limit = settings.english_no_progress_moves;
    if (limit > 0 && c.quiet >= 2 * limit) return Outcome::draw(endings::FortyMoveRule, stm, limit);
  } else if constexpr (V::name == "international") {
    if (c.quiet >= 50) return Outcome::draw(endings::TwentyFiveMoveRule, stm);
    if (const int limit = static_cast<int>(c.ending[0]); limit && c.ending_plies[0] >= 2 * limit)
      return Outcome::draw(limit == 16 ? endings::SixteenMoveRule : endings::FiveMoveRule, stm);
  } else if constexpr (V::name == "brazilian") {
    if (c.quiet >= 40) return Outcome::draw(endings::TwentyMoveRule, stm);
  } else if constexpr (V::name == "russian") {
    if (c.quiet >= 30) return Outcome::draw(endings::FifteenMoveRule, stm);
    // Three kings against a lone king: the stronger side's 15th move in this
    // ending has not taken the king.
    if (c.ending[0]) {
      const int lone = static_cast<int>(c.ending[0]) - 1;
      const int to_move = static_cast<int>(Position<V>::colour_of(stm));
      const int plies = c.ending_plies[0];
      const int strong_moves = to_move == lone ? (plies + 1) / 2 : plies / 2;
      if (strong_moves >= 15) return Outcome::draw(endings::ThreeKingsRule, stm);
    }
    if (c.ending[1]) {
      const draw_detail::Material m = draw_detail::material_of(now);
      const int limit = draw_detail::king_ending_limit(m);
      if (c.ending_plies[1] >= 2 * limit)
        return Outcome::draw(endings::KingEndingRule, stm, limit, m.total(0) + m.total(1));
    }
  }
  return std::nullopt;
}

// The plies without progress (a capture or a man's move) after which a
// count rule of the variant draws the game, whatever else happens: 0 when
// it has none (English with the 40-move rule turned off).
template <class V>
int no_progress_plies(const DrawSettings& settings) {
  if constexpr (V::name == "english") return 2 * std::max(0, settings.english_no_progress_moves);
  if constexpr (V::name == "international") return 50;
  if constexpr (V::name == "brazilian") return 40;
  if constexpr (V::name == "russian") return 30;
  return 0;
}

// Whether the position now, with the keys of the positions since the last
// capture or man's move (oldest first, the present one last), stands for
// the third time.
inline bool threefold(std::span<const std::uint64_t> keys_since_progress) {
  if (keys_since_progress.empty()) return false;
  history_work += keys_since_progress.size();
  int seen = 0;
  for (std::uint64_t k : keys_since_progress) seen += k == keys_since_progress.back();
  return seen >= 3;
}

}  // namespace qi::checkers
