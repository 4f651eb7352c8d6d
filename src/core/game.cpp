#include "core/game.h"

#include "core/refusal_code.h"

namespace qi {

Expected<MoveText> Game::play(std::string_view text) {
  if (Outcome o = outcome(); o.over())
    return make_error(checked_code(kCommonRefusalCodes, "game_over"), "the game is over: " + o.reason);
  Expected<MoveText> move = parse_move(text);
  if (move) push(*move);
  return move;
}

bool Game::undo() {
  adjudication_.reset();
  return pop();
}

Outcome Game::outcome() const { return adjudication_ ? *adjudication_ : rules_outcome(); }

Status Game::claim_draw() {
  if (Outcome o = outcome(); o.over())
    return make_error(checked_code(kCommonRefusalCodes, "game_over"), "the game is over: " + o.reason);
  std::vector<DrawClaim> claims = draw_claims();
  if (claims.empty())
    return make_error(checked_code(kCommonRefusalCodes, "draw_claim_unavailable"),
                      "no draw can be claimed in this position");
  adjudication_ = Outcome::draw(claims.front().termination, claims.front().reason);
  return Ok{};
}

void Game::resign(Side side) {
  if (outcome().over()) return;
  adjudication_ =
      Outcome::win(~side, "resignation", side_name(side) + " resigns; " + side_name(~side) + " wins");
}

void Game::agree_draw() {
  if (outcome().over()) return;
  adjudication_ = Outcome::draw("agreement", "draw by agreement");
}

}  // namespace qi
