#include "app/opponent.h"

#include "app/engine_opponent.h"
#include "engine/level_player.h"

#include <cstdlib>

namespace qi::app {

MoveText builtin_move(const Game& game) {
  std::unique_ptr<engine::LevelPlayer> player = engine::LevelPlayer::builtin();
  Expected<std::string> id = player->choose(game);
  if (!id) return {};
  return move_text(game, *id);
}

MoveText BuiltinOpponent::choose_move(const Game& game, const MoveRequest& /*request*/) {
  return builtin_move(game);
}

Hint BuiltinOpponent::hint(const Game& game) {
  return {builtin_move(game), "positional", {"the built-in player's choice", "内置棋手的选择"}, {}};
}

std::optional<DrawDecision> draw_decision_without_search(const Game& game, Side engine, int from_move) {
  if (!game.can_win(engine))
    return DrawDecision{true, {"Qi accepts the draw: it can no longer win", "Qi 同意和棋：它已不可能取胜"}};
  if (game.moves_played().size() < 2 * static_cast<std::size_t>(from_move)) {
    const std::string n = std::to_string(from_move);
    return DrawDecision{
        false,
        {"Qi declines the draw: it accepts no draw before each side has played " + n + " moves",
         "Qi 拒绝和棋：双方各走满 " + n + " 步之前，它不同意和棋"}};
  }
  return std::nullopt;
}

namespace {

// A score in the game's unit with its sign: "+1.25", "-0.40".
std::string signed_units(int cp) {
  const int a = std::abs(cp);
  std::string frac = std::to_string(a % 100);
  if (frac.size() < 2) frac = "0" + frac;
  return (cp < 0 ? "-" : "+") + std::to_string(a / 100) + "." + frac;
}

}  // namespace

DrawDecision draw_decision_from_score(const Game& /*game*/, int score_cp, int margin_cp) {
  const std::string score = signed_units(score_cp);
  if (score_cp > margin_cp)
    return {false,
            {"Qi declines the draw: it thinks it stands better (" + score + ")",
             "Qi 拒绝和棋：它认为自己占优（" + score + "）"}};
  if (score_cp < -margin_cp)
    return {true,
            {"Qi accepts the draw: it thinks it stands worse (" + score + ")",
             "Qi 同意和棋：它认为自己处于劣势（" + score + "）"}};
  return {true,
          {"Qi accepts the draw: the position is level (" + score + ")",
           "Qi 同意和棋：局面均势（" + score + "）"}};
}

DrawDecision BuiltinOpponent::answer_draw(const Game& game, Side side) {
  if (auto early = draw_decision_without_search(game, side)) return *early;
  return draw_decision_from_score(game, 0, 0);
}

std::vector<PositionReview> BuiltinOpponent::review(const Game& game, const std::atomic<bool>* stop) {
  std::vector<PositionReview> out;
  for_each_position(game, [&](const Game& position, std::size_t) {
    if (stop && *stop) return;
    if (position.outcome().over()) {
      out.push_back(final_position_review(position));
      return;
    }
    PositionReview r;
    r.cp = 0;
    r.best = builtin_move(position);
    out.push_back(r);
  });
  return out;
}

std::unique_ptr<Opponent> make_default_opponent() { return std::make_unique<EngineOpponent>(); }

void for_each_position(const Game& game,
                       const std::function<void(const Game& position, std::size_t ply)>& visit) {
  std::unique_ptr<Game> position = game.clone();
  (void)position->set_fen(game.initial_fen());
  visit(*position, 0);
  std::size_t ply = 0;
  for (const MoveText& m : game.moves_played()) {
    if (!position->play(m.id)) break;  // cannot happen: the same moves from the same start
    visit(*position, ++ply);
  }
}

PositionReview final_position_review(const Game& position) {
  Outcome o = position.outcome();
  PositionReview r;
  r.mate = 0;
  if (o.verdict == Verdict::Win) {
    bool first = o.winner == Side::First;
    r.win = first ? 1 : 0;
    r.loss = first ? 0 : 1;
    r.draw = 0;
  } else {
    r.mate.reset();
    r.cp = 0;
  }
  return r;
}

}  // namespace qi::app
