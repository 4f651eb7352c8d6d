#include "engine/hint.h"

#include <memory>
#include <vector>

#include "engine/score.h"
#include "games/tictactoe/notation.h"
#include "games/tictactoe/strategy.h"

namespace qi::engine {
namespace {

std::string pawns(Score s) {
  const int tenths = (std::abs(s) + 5) / 10;
  return std::string(s < 0 ? "-" : "+") + std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
}

// The kind of material a gain stands for, as an id and in English.
struct Material {
  const char* id;
  const char* words;
};
Material material_of(std::string_view game, int gain) {
  if (game == "checkers") return gain >= 200 ? Material{"pieces", "pieces"} : Material{"piece", "a piece"};
  if (game == "xiangqi") {
    if (gain >= 850) return {"chariot", "a chariot"};
    if (gain >= 450) return {"chariot_or_big_piece", "a chariot or a big piece"};
    if (gain >= 300) return {"horse_or_cannon", "a horse or cannon"};
    return {"soldier", "a soldier"};
  }
  if (gain >= 850) return {"queen", "the queen"};
  if (gain >= 450) return {"rook", "a rook"};
  if (gain >= 300) return {"minor_piece", "a piece"};
  return {"pawn", "a pawn"};
}

struct Strategy {
  const char* id;
  const char* words;
};
Strategy strategy_of(tictactoe::Rule rule) {
  switch (rule) {
    case tictactoe::Rule::Win:
      return {"win", "completes a line of three: it wins"};
    case tictactoe::Rule::Block:
      return {"block", "blocks the line the opponent would complete"};
    case tictactoe::Rule::Fork:
      return {"fork", "makes two threats at once; only one can be blocked"};
    case tictactoe::Rule::BlockFork:
      return {"block_fork", "stops the opponent from making two threats at once"};
    case tictactoe::Rule::Centre:
      return {"centre", "takes the centre, which lies on four lines"};
    case tictactoe::Rule::OppositeCorner:
      return {"opposite_corner", "takes the corner opposite the opponent's"};
    case tictactoe::Rule::EmptyCorner:
      return {"empty_corner", "takes a corner, which lies on three lines"};
    case tictactoe::Rule::EmptySide:
      return {"empty_side", "takes a side square"};
  }
  return {"", ""};
}

// The opponent's threatened move in its notation for people: read in the
// position with the other side to move (a null move in FEN: the side field
// turned, chess's en passant square cleared). The id when that fails.
std::string threat_display(const Game& game, const std::string& id) {
  std::string fen = game.fen();
  std::vector<std::string> fields;
  for (std::size_t at = 0; at <= fen.size();) {
    std::size_t space = fen.find(' ', at);
    if (space == std::string::npos) space = fen.size();
    fields.push_back(fen.substr(at, space - at));
    at = space + 1;
  }
  if (fields.size() < 2) return id;
  fields[1] = fields[1] == "w" ? "b" : "w";
  if (game.name() == "chess" && fields.size() > 3) fields[3] = "-";
  std::string turned;
  for (const std::string& f : fields) turned += (turned.empty() ? "" : " ") + f;
  std::unique_ptr<Game> other = game.clone();
  if (!other->set_fen(turned)) return id;
  Expected<MoveText> m = other->parse_move(id);
  return m ? m->display : id;
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

  HintFacts& f = h.facts;
  if (legal.size() == 1) {
    h.kind = "only_move";
    h.reason = "it is the only legal move";
    return h;
  }
  if (result.score >= kMateBound) {
    const int n = mate_moves(result.score);
    h.kind = "mate";
    f.mate_in = n < 1 ? 1 : n;
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
        Strategy s = strategy_of(tictactoe::classify(*board, *m));
        h.kind = "strategy";
        f.strategy = s.id;
        h.reason = s.words;
        return h;
      }
  }
  const Backend::MoveFacts facts = engine.backend().move_facts(result.best);
  const Score before = engine.static_eval();
  if (auto threat = engine.backend().threat(4, engine.options().network_evaluation());
      threat && threat->gain >= 150 && !(facts.capture && facts.gain >= threat->gain)) {
    h.kind = "stops_threat";
    f.threat = threat->move;
    f.threat_display = threat_display(game, threat->move);
    f.threat_is_mate = threat->gain >= kMateBound / 2;
    h.reason = f.threat_is_mate ? "stops the threat of mate (" + f.threat_display + ")"
                                : "stops a threat: the opponent would play " + f.threat_display;
    return h;
  }
  if (facts.capture && result.score - before >= facts.gain / 2 && facts.gain >= 100) {
    h.kind = "wins_material";
    f.gain = facts.gain;
    f.material = material_of(name, facts.gain).id;
    h.reason = std::string("wins material: it takes ") + material_of(name, facts.gain).words;
    return h;
  }
  if (facts.capture && result.score >= before - 50) {
    h.kind = "wins_material";
    f.gain = facts.gain;
    f.material = material_of(name, facts.gain).id;
    f.safely = true;
    h.reason = std::string("takes ") + material_of(name, facts.gain).words + " safely";
    return h;
  }
  if (facts.check) {
    h.kind = "check";
    h.reason = "gives check and keeps the initiative";
    return h;
  }
  h.kind = "positional";
  f.assessment_cp = result.score;
  h.reason = "the best plan here (assessment " + pawns(result.score) + ")";
  return h;
}

Hint hint(Engine& engine, int depth) {
  const int level = engine.options().level;
  engine.options().level = 10;
  SearchLimits limits;
  limits.depth = depth;
  SearchResult r = engine.think(limits);
  // Explained at level 10 as well, so the reasons judge the position with the
  // evaluation the search used.
  Hint h = explain_move(engine, r);
  engine.options().level = level;
  return h;
}

}  // namespace qi::engine
