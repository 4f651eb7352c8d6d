#include "games/chess/draw_rules.h"

#include "games/chess/san.h"

namespace qi::chess {
namespace {

const char* color_name(Color c) { return c == White ? "White" : "Black"; }
Side side_of(Color c) { return c == White ? Side::First : Side::Second; }

constexpr int kFiftyMovePlies = 100;
constexpr int kSeventyFiveMovePlies = 150;

DrawClaim threefold_claim() {
  return {"threefold_repetition", "draw: threefold repetition (the same position has appeared three times)"};
}

DrawClaim fifty_claim() {
  return {"fifty_moves", "draw: fifty-move rule (50 moves by each side without a capture or a pawn move)"};
}

}  // namespace

Outcome rules_outcome(const Position& pos) {
  const Color us = pos.us();
  if (pos.count_legal() == 0) {
    if (pos.in_check())
      return Outcome::win(side_of(~us), "checkmate", std::string(color_name(~us)) + " wins: checkmate");
    return Outcome::draw("stalemate", std::string("draw: stalemate (") + color_name(us) +
                                          " has no legal move and is not in check)");
  }
  if (pos.insufficient_material())
    return Outcome::draw("dead_position", "draw: dead position (neither side has the pieces to checkmate)");
  if (pos.repetition_count() >= 5)
    return Outcome::draw("fivefold_repetition",
                         "draw: fivefold repetition (the same position has appeared five times)");
  if (pos.halfmove_clock() >= kSeventyFiveMovePlies)
    return Outcome::draw(
        "seventy_five_moves",
        "draw: seventy-five-move rule (75 moves by each side without a capture or a pawn move)");
  return Outcome::ongoing();
}

std::vector<DrawClaim> draw_claims(const Position& pos) {
  std::vector<DrawClaim> claims;
  if (rules_outcome(pos).over()) return claims;
  if (pos.repetition_count() >= 3) claims.push_back(threefold_claim());
  if (pos.halfmove_clock() >= kFiftyMovePlies) claims.push_back(fifty_claim());
  return claims;
}

std::optional<DrawClaim> draw_claim_with_move(const Position& pos, Move m) {
  Position after = pos;
  after.make(m);
  // A move that ends the game (mate, stalemate, ...) leaves nothing to claim.
  if (rules_outcome(after).over()) return std::nullopt;
  if (after.repetition_count() >= 3) return threefold_claim();
  if (after.halfmove_clock() >= kFiftyMovePlies) return fifty_claim();
  return std::nullopt;
}

}  // namespace qi::chess
