#include "games/chess/draw_rules.h"
#include "games/chess/endings.h"

namespace qi::chess {
namespace {

Side side_of(Color c) { return c == White ? Side::First : Side::Second; }

}  // namespace

Outcome rules_outcome(const Position& pos) {
  const Color us = pos.us();
  if (pos.count_legal() == 0) {
    if (pos.in_check()) return Outcome::win(side_of(~us), endings::Checkmate);
    return Outcome::draw(endings::Stalemate, side_of(us));
  }
  if (pos.insufficient_material()) return Outcome::draw(endings::DeadPosition);
  if (pos.repetition_count() >= 5) return Outcome::draw(endings::FivefoldRepetition);
  if (pos.seventy_five_moves_reached()) return Outcome::draw(endings::SeventyFiveMoves);
  return Outcome::ongoing();
}

std::vector<Outcome> draw_claims(const Position& pos) {
  std::vector<Outcome> claims;
  if (rules_outcome(pos).over()) return claims;
  if (pos.repetition_count() >= 3) claims.push_back(Outcome::draw(endings::ThreefoldRepetition));
  if (pos.fifty_moves_reached()) claims.push_back(Outcome::draw(endings::FiftyMoves));
  return claims;
}

std::optional<Outcome> draw_claim_with_move(const Position& pos, Move m) {
  Position after = pos;
  after.make(m);
  // A move that ends the game (mate, stalemate, ...) leaves nothing to claim.
  if (rules_outcome(after).over()) return std::nullopt;
  if (after.repetition_count() >= 3) return Outcome::draw(endings::ThreefoldRepetition);
  if (after.fifty_moves_reached()) return Outcome::draw(endings::FiftyMoves);
  return std::nullopt;
}

}  // namespace qi::chess
