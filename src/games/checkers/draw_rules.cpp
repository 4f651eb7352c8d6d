#include "games/checkers/draw_rules.h"

#include <string>

namespace qi::checkers {
namespace {

// Plies played since the last capture or man's move.
int quiet_plies(const std::vector<PlyFacts>& h) {
  int n = 0;
  for (std::size_t i = h.size(); i-- > 0 && !h[i].resets_progress;) ++n;
  return n;
}

// Plies played since the last position for which `same` was false, counting
// from the position where the current run began.
template <class Same>
int plies_while(const std::vector<PlyFacts>& h, Same same) {
  int n = 0;
  for (std::size_t i = h.size() - 1; i > 0 && same(h[i - 1]); --i) ++n;
  return n;
}

bool lone_king(const PlyFacts& f, int c) { return f.men[c] == 0 && f.kings[c] == 1; }
int total(const PlyFacts& f, int c) { return f.men[c] + f.kings[c]; }

// FMJD article 6: 16 moves for three pieces (one a king at least) against a
// lone king, 5 moves for two pieces or fewer (with a king) against a lone king.
int fmjd_endgame_limit(const PlyFacts& f) {
  for (int c = 0; c < 2; ++c) {
    if (!lone_king(f, c) || f.kings[1 - c] == 0) continue;
    int strong = total(f, 1 - c);
    if (strong == 3) return 16;
    if (strong <= 2) return 5;
  }
  return 0;
}

bool same_material(const PlyFacts& a, const PlyFacts& b) {
  return a.men[0] == b.men[0] && a.men[1] == b.men[1] && a.kings[0] == b.kings[0] && a.kings[1] == b.kings[1];
}

Outcome draw(const char* termination, const std::string& reason) {
  return Outcome::draw(termination, reason);
}

}  // namespace

std::optional<Outcome> draw_by_rule(std::string_view variant, const std::vector<PlyFacts>& h,
                                    const DrawSettings& settings) {
  if (h.empty()) return std::nullopt;
  const PlyFacts& now = h.back();

  // Threefold repetition, every variant. Positions before the last capture or
  // man's move cannot recur, so the search stops there.
  int seen = 0;
  for (std::size_t i = h.size(); i-- > 0;) {
    if (h[i].hash == now.hash) ++seen;
    if (h[i].resets_progress) break;
  }
  if (seen >= 3)
    return draw("threefold_repetition",
                "draw: the same position occurred three times with the same side to move");

  const int quiet = quiet_plies(h);
  if (variant == "english") {
    int limit = settings.english_no_progress_moves;
    if (limit > 0 && quiet >= 2 * limit)
      return draw("forty_move_rule",
                  "draw: " + std::to_string(limit) + " moves each without a capture or a man's move");
    return std::nullopt;
  }
  if (variant == "international") {
    if (quiet >= 50)
      return draw("twenty_five_move_rule", "draw: 25 moves each with only kings moved and no capture");
    if (int limit = fmjd_endgame_limit(now)) {
      int plies = plies_while(h, [&](const PlyFacts& f) { return fmjd_endgame_limit(f) == limit; });
      if (plies >= 2 * limit)
        return draw(limit == 16 ? "sixteen_move_rule" : "five_move_rule",
                    "draw: " + std::to_string(limit) + " moves each in this ending against a lone king");
    }
    return std::nullopt;
  }
  if (variant == "brazilian") {
    if (quiet >= 40)
      return draw("twenty_move_rule", "draw: 20 moves each with only kings moved and no capture");
    return std::nullopt;
  }
  if (variant == "russian") {
    if (quiet >= 30)
      return draw("fifteen_move_rule", "draw: 15 moves each with only kings moved and no capture");
    // Three kings or more against a lone king: drawn if the stronger side's
    // 15th move in this ending does not take the king.
    for (int c = 0; c < 2; ++c) {
      if (lone_king(now, c) && now.kings[1 - c] >= 3) {
        int plies = plies_while(h, [&](const PlyFacts& f) { return lone_king(f, c) && f.kings[1 - c] >= 3; });
        int strong_moves = now.to_move == c ? (plies + 1) / 2 : plies / 2;
        if (strong_moves >= 15)
          return draw("three_kings_rule", "draw: three kings failed to catch the lone king in 15 moves");
      }
    }
    // Both sides with kings and the material unchanged: 5, 30 or 60 moves by
    // the number of pieces on the board.
    if (now.kings[0] > 0 && now.kings[1] > 0) {
      int pieces = total(now, 0) + total(now, 1);
      int limit = pieces <= 3 ? 5 : pieces <= 5 ? 30 : pieces <= 7 ? 60 : 0;
      if (limit) {
        int plies = plies_while(
            h, [&](const PlyFacts& f) { return same_material(f, now) && f.kings[0] > 0 && f.kings[1] > 0; });
        if (plies >= 2 * limit)
          return draw("king_ending_rule", "draw: " + std::to_string(limit) + " moves each in a " +
                                              std::to_string(pieces) + "-piece king ending without a change");
      }
    }
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace qi::checkers
