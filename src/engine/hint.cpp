#include "engine/hint.h"

#include "engine/score.h"
#include "games/tictactoe/notation.h"
#include "games/tictactoe/strategy.h"

namespace qi::engine {
namespace {

std::string pawns(Score s) {
  const int tenths = (std::abs(s) + 5) / 10;
  return std::string(s < 0 ? "-" : "+") + std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
}

std::string material_name(std::string_view game, int gain) {
  if (game == "checkers") return gain >= 200 ? "pieces" : "a piece";
  if (gain >= 850) return game == "xiangqi" ? "a chariot" : "the queen";
  if (gain >= 450) return game == "xiangqi" ? "a chariot or a big piece" : "a rook";
  if (gain >= 300) return game == "xiangqi" ? "a horse or cannon" : "a piece";
  return game == "xiangqi" ? "a pawn" : "a pawn";
}

std::string rule_reason(tictactoe::Rule rule) {
  switch (rule) {
    case tictactoe::Rule::Win:
      return "completes a line of three: it wins";
    case tictactoe::Rule::Block:
      return "blocks the line the opponent would complete";
    case tictactoe::Rule::Fork:
      return "makes two threats at once; only one can be blocked";
    case tictactoe::Rule::BlockFork:
      return "stops the opponent from making two threats at once";
    case tictactoe::Rule::Centre:
      return "takes the centre, which lies on four lines";
    case tictactoe::Rule::OppositeCorner:
      return "takes the corner opposite the opponent's";
    case tictactoe::Rule::EmptyCorner:
      return "takes a corner, which lies on three lines";
    case tictactoe::Rule::EmptySide:
      return "takes a side square";
  }
  return "";
}

}  // namespace

Hint explain_move(const Engine& engine, const SearchResult& result) {
  Hint h;
  h.move = result.best;
  const Game& game = engine.game();
  const std::vector<MoveText> legal = game.legal_moves();
  h.move_display = result.best;
  for (const MoveText& m : legal)
    if (m.id == result.best) h.move_display = m.display;
  const std::string_view name = game.name();

  if (legal.size() == 1) {
    h.kind = "only_move";
    h.reason = "it is the only legal move";
    return h;
  }
  if (result.score >= kMateBound) {
    const int n = mate_moves(result.score);
    h.kind = "mate";
    const bool mates = name == "chess" || name == "xiangqi";
    if (n <= 1)
      h.reason = mates ? "checkmate" : "it wins at once";
    else
      h.reason = (mates ? "mate in " : "wins in ") + std::to_string(n) + " moves";
    return h;
  }
  if (name == "tictactoe") {
    if (auto board = tictactoe::parse_position(game.fen()); board)
      if (auto m = tictactoe::parse_move(*board, result.best); m) {
        h.kind = "rule";
        h.reason = rule_reason(tictactoe::classify(*board, *m));
        return h;
      }
  }
  const Backend::MoveFacts facts = engine.backend().move_facts(result.best);
  const Score before = engine.static_eval();
  if (auto threat = engine.backend().threat(4);
      threat && threat->gain >= 150 && !(facts.capture && facts.gain >= threat->gain)) {
    h.kind = "stops_threat";
    h.reason = threat->gain >= kMateBound / 2 ? "stops the threat of mate (" + threat->move + ")"
                                              : "stops a threat: the opponent would play " + threat->move;
    return h;
  }
  if (facts.capture && result.score - before >= facts.gain / 2 && facts.gain >= 100) {
    h.kind = "wins_material";
    h.reason = "wins material: it takes " + material_name(name, facts.gain);
    return h;
  }
  if (facts.capture && result.score >= before - 50) {
    h.kind = "wins_material";
    h.reason = "takes " + material_name(name, facts.gain) + " safely";
    return h;
  }
  if (facts.check) {
    h.kind = "check";
    h.reason = "gives check and keeps the initiative";
    return h;
  }
  h.kind = "positional";
  h.reason = "the best plan here (assessment " + pawns(result.score) + ")";
  return h;
}

Hint hint(Engine& engine, int depth) {
  const int level = engine.options().level;
  engine.options().level = 10;
  SearchLimits limits;
  limits.depth = depth;
  SearchResult r = engine.think(limits);
  engine.options().level = level;
  return explain_move(engine, r);
}

}  // namespace qi::engine
