#include "engine/hint.h"

#include <algorithm>
#include <map>
#include <memory>

#include "engine/registry.h"
#include "engine/score.h"

namespace qi::engine {
namespace {

std::string pawns(Score s) {
  const int tenths = (std::abs(s) + 5) / 10;
  return std::string(s < 0 ? "-" : "+") + std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
}

// The pieces a move takes: the opponent's pieces on the board before it that
// are gone after it, by code.
std::vector<std::string> captured_by(const Game& game, const std::string& id) {
  std::unique_ptr<Game> after = game.clone();
  if (!after->play(id)) return {};
  const VariantDescriptor& d = game.descriptor();
  const Side them = ~game.side_to_move();
  auto count = [&](const std::string& cells) {
    std::map<char, int> n;
    for (char c : cells)
      for (const PieceLook& p : d.pieces)
        if (p.code == c && p.side == them) ++n[c];
    return n;
  };
  std::map<char, int> before = count(game.board_cells()), now = count(after->board_cells());
  std::vector<std::string> out;
  for (const auto& [code, n] : before)
    for (int i = now[code]; i < n; ++i) out.emplace_back(1, code);
  return out;
}

// "the queen", "a chariot", "two men" / "后", "车", "两个兵".
Words material_words(const Game& game, const std::vector<std::string>& captured) {
  std::map<std::string, int> names_en;
  std::vector<std::pair<Words, int>> kinds;
  for (const std::string& code : captured)
    for (const PieceLook& p : game.descriptor().pieces)
      if (std::string(1, p.code) == code) {
        auto it = std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == p.name; });
        if (it == kinds.end())
          kinds.push_back({p.name, 1});
        else
          ++it->second;
      }
  static const char* const kNumbers[] = {"",     "a",   "two",   "three", "four",
                                         "five", "six", "seven", "eight", "nine"};
  static const char* const kChinese[] = {"",     "",     "两个", "三个", "四个",
                                         "五个", "六个", "七个", "八个", "九个"};
  Words out;
  for (const auto& [name, n] : kinds) {
    const int k = std::min(n, 9);
    std::string en = name.en;
    if (name.en == "queen" || name.en == "general" || name.en == "king")
      en = "the " + en;
    else if (k == 1)
      en = std::string(std::string("aeiou").find(en[0]) == std::string::npos ? "a " : "an ") + en;
    else
      en = std::string(kNumbers[k]) + " " + (en == "man" ? "men" : en + "s");
    out.en += (out.en.empty() ? "" : " and ") + en;
    out.zh += (out.zh.empty() ? "" : "和") + std::string(kChinese[k]) + name.zh;
  }
  if (out.en.empty()) out = {"material", "子"};
  return out;
}

// The opponent's threatened move in its notation for people: read in the
// position with the other side to move. The id when that fails.
std::string threat_display(const Game& game, const std::string& id) {
  std::optional<std::string> fen = game.fen_after_pass();
  if (!fen) return id;
  std::unique_ptr<Game> other = game.clone();
  if (!other->set_fen(*fen)) return id;
  Expected<MoveText> m = other->parse_move(id);
  return m ? m->display : id;
}

Hint make(Hint h, std::string kind, Words words) {
  h.kind = std::move(kind);
  h.words = std::move(words);
  h.reason = h.words.en;
  return h;
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
  const GameRegistration* registration = find_game(game.name());
  const GameDescriptor* descriptor = registration ? &registration->descriptor() : nullptr;

  HintFacts& f = h.facts;
  if (legal.size() == 1) return make(h, "only_move", {"it is the only legal move", "唯一合法着法"});
  if (result.score >= kMateBound) {
    const int n = mate_moves(result.score);
    f.mate_in = n < 1 ? 1 : n;
    const bool mates = descriptor && descriptor->checkmate;
    if (n <= 1)
      return make(h, "mate", mates ? Words{"checkmate", "将死"} : Words{"it wins at once", "立即获胜"});
    const std::string k = std::to_string(n);
    return make(h, "mate",
                mates ? Words{"mate in " + k + " moves", k + " 步杀"}
                      : Words{"wins in " + k + " moves", k + " 步内获胜"});
  }
  if (registration && registration->hint_note)
    if (std::optional<std::string> note = registration->hint_note(game, result.best))
      for (const auto& [id, words] : descriptor->hint_words)
        if (id == *note) {
          f.note = id;
          return make(h, "note", words);
        }
  const Backend::MoveFacts facts = engine.backend().move_facts(result.best);
  const Score before = engine.static_eval();
  if (auto threat = engine.backend().threat(4, engine.options().network_evaluation());
      threat && threat->gain >= 150 && !(facts.capture && facts.gain >= threat->gain)) {
    f.threat = threat->move;
    f.threat_display = threat_display(game, threat->move);
    f.threat_is_mate = threat->gain >= kMateBound / 2;
    const std::string& t = f.threat_display;
    return make(h, "stops_threat",
                f.threat_is_mate
                    ? Words{"stops the threat of mate (" + t + ")", "解除对方的杀棋威胁（" + t + "）"}
                    : Words{"stops a threat: the opponent would play " + t, "解除威胁：对方本想走 " + t});
  }
  const bool wins = facts.capture && result.score - before >= facts.gain / 2 && facts.gain >= 100;
  if (wins || (facts.capture && result.score >= before - 50)) {
    f.gain = facts.gain;
    f.captured = captured_by(game, result.best);
    f.safely = !wins;
    const Words what = material_words(game, f.captured);
    return make(h, "wins_material",
                f.safely ? Words{"takes " + what.en + " safely", "安全地吃掉" + what.zh}
                         : Words{"wins material: it takes " + what.en, "得子：吃掉" + what.zh});
  }
  if (facts.check) return make(h, "check", {"gives check and keeps the initiative", "将军，保持主动"});
  f.assessment_cp = result.score;
  const std::string a = pawns(result.score);
  if (std::optional<PlanFacts> plan = plan_of(game, result.best)) {
    f.plan = std::move(*plan);
    const Words w = plan_words(f.plan);
    return make(h, "positional", {w.en + " (assessment " + a + ")", w.zh + "（评估 " + a + "）"});
  }
  return make(h, "positional",
              {"the engine's choice (assessment " + a + ")", "引擎的选择（评估 " + a + "）"});
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
