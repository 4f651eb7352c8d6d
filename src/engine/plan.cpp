#include "engine/plan.h"

#include <algorithm>
#include <map>
#include <set>

namespace qi::engine {
namespace {

std::map<std::string, Planner, std::less<>>& planners() {
  static std::map<std::string, Planner, std::less<>> all;
  return all;
}

bool has_aim(const std::vector<PlanAim>& aims, std::string_view id) {
  return std::any_of(aims.begin(), aims.end(), [&](const PlanAim& a) { return a.id == id; });
}

}  // namespace

void register_planner(std::string_view game, const Planner& planner) {
  planners()[std::string(game)] = planner;
}

const Planner* find_planner(std::string_view game) {
  auto it = planners().find(game);
  return it == planners().end() ? nullptr : &it->second;
}

PlanView::PlanView(const Game& before, const MoveText& move)
    : before_(before), after_(before.clone()), move_(move), us_(before.side_to_move()) {
  if (move_.squares.empty()) move_.squares = {move.id};
  before_cells_ = before.board_cells();
  moves_before_ = before.legal_moves();
  if (!after_->play(move.id)) return;  // the caller gives a legal move
  after_cells_ = after_->board_cells();
  became_ = after_at(to());
  piece_ = before_at(from());
  if (!piece_) piece_ = became_;  // a move that places a piece
  if (std::optional<std::string> fen = after_->fen_after_pass()) {
    std::unique_ptr<Game> again = before.clone();
    if (again->set_fen(*fen)) {
      moves_again_ = again->legal_moves();
      again_ = std::move(again);
    }
  }
}

int PlanView::index_of(const std::string& key) const {
  const auto& squares = descriptor().board.squares;
  for (std::size_t i = 0; i < squares.size(); ++i)
    if (squares[i].key == key) return static_cast<int>(i);
  return -1;
}

char PlanView::at(const std::string& cells, const std::string& key) const {
  const int i = index_of(key);
  if (i < 0 || i >= static_cast<int>(cells.size())) return 0;
  return look(cells[i]) ? cells[i] : 0;
}

const PieceLook* PlanView::look(char code) const {
  for (const PieceLook& p : descriptor().pieces)
    if (p.code == code) return &p;
  return nullptr;
}

bool PlanView::ours(char code) const {
  const PieceLook* p = look(code);
  return p && p->side == us_;
}

bool PlanView::theirs(char code) const {
  const PieceLook* p = look(code);
  return p && p->side != us_;
}

std::pair<int, int> PlanView::place(const std::string& key) const {
  const int i = index_of(key);
  if (i < 0) return {-1, -1};
  const SquareCell& c = descriptor().board.squares[i];
  return {c.x, c.y};
}

std::string PlanView::key_at(int x, int y) const {
  for (const SquareCell& c : descriptor().board.squares)
    if (c.x == x && c.y == y) return c.key;
  return "";
}

int PlanView::row_from_home(const std::string& key) const {
  const int y = place(key).second;
  if (y < 0) return -1;
  return us_ == descriptor().board.bottom_side ? y : rows() - 1 - y;
}

int PlanView::reach(const std::vector<MoveText>& moves, const std::string& key) {
  std::set<std::string> to;
  for (const MoveText& m : moves)
    if (!m.squares.empty() && m.squares.front() == key) to.insert(m.squares.back());
  return static_cast<int>(to.size());
}

std::vector<std::string> PlanView::attacked_from_to() const {
  std::vector<std::string> out;
  for (const MoveText& m : moves_again_)
    if (m.squares.size() >= 2 && m.squares.front() == to() && theirs(after_at(m.squares.back())) &&
        std::find(out.begin(), out.end(), m.squares.back()) == out.end())
      out.push_back(m.squares.back());
  return out;
}

bool PlanView::defended_after_capture(const std::string& target) const {
  if (!again_) return true;
  for (const MoveText& m : moves_again_)
    if (m.squares.size() >= 2 && m.squares.front() == to() && m.squares.back() == target) {
      std::unique_ptr<Game> g = again_->clone();
      if (!g->play(m.id)) continue;
      for (const MoveText& reply : g->legal_moves())
        if (!reply.squares.empty() && reply.squares.back() == target) return true;
      return false;
    }
  return true;
}

Words piece_words(const PlanView& view, char code) {
  if (const Planner* p = find_planner(view.before().name()); p && p->name) return p->name(view, code);
  const PieceLook* look = view.look(code);
  return look ? look->name : Words{"piece", "子"};
}

std::string list_en(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return out;
}

std::string list_zh(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i == 0 ? "" : "、") + items[i];
  return out;
}

std::optional<PlanFacts> plan_of(const Game& game, const std::string& move_id) {
  const std::vector<MoveText> legal = game.legal_moves();
  auto it = std::find_if(legal.begin(), legal.end(), [&](const MoveText& m) { return m.id == move_id; });
  if (it == legal.end()) return std::nullopt;
  const PlanView view(game, *it);
  const Planner* planner = find_planner(game.name());

  PlanFacts plan;
  plan.piece = view.piece() ? std::string(1, view.piece()) : "?";
  plan.piece_name = piece_words(view, view.piece());
  plan.from = view.from();
  plan.to = view.to();
  if (planner && planner->aims) planner->aims(view, plan.aims);

  const Words& name = plan.piece_name;
  // The enemy pieces it attacks: undefended ones, or worth more than itself.
  if (!has_aim(plan.aims, "attacks")) {
    for (const std::string& target : view.attacked_from_to()) {
      const char code = view.after_at(target);
      const bool worth_more =
          planner && planner->value && planner->value(code) > planner->value(view.piece());
      const bool loose = !view.defended_after_capture(target);
      if (!worth_more && !loose) continue;
      const Words what = piece_words(view, code);
      plan.aims.push_back(
          {"attacks",
           {target},
           std::string(1, code),
           loose ? Words{"attacks the undefended " + what.en + " on " + target,
                         "攻击" + target + "无保护的" + what.zh}
                 : Words{"attacks the " + what.en + " on " + target, "攻击" + target + "的" + what.zh}});
      break;
    }
  }
  // How much more of the board the piece reaches from its new square.
  if (plan.aims.empty() && view.again()) {
    const int was = PlanView::reach(view.moves_before(), view.from());
    const int now = PlanView::reach(view.moves_again(), view.to());
    if (now >= was + 2)
      plan.aims.push_back({"more_active",
                           {view.to()},
                           "",
                           {"makes the " + name.en + " more active: from " + view.to() + " it reaches " +
                                std::to_string(now) + " squares instead of " + std::to_string(was),
                            "让" + name.zh + "更灵活：在" + view.to() + "可走" + std::to_string(now) +
                                "处，原来只有" + std::to_string(was) + "处"}});
  }
  if (plan.aims.empty() && view.from() == view.to())  // a move that places a piece
    plan.aims.push_back({"places",
                         {view.to()},
                         "",
                         {"puts the " + name.en + " on " + view.to(), "在" + view.to() + "落" + name.zh}});
  if (plan.aims.empty())
    plan.aims.push_back({"improves",
                         {view.from(), view.to()},
                         "",
                         {"repositions the " + name.en + " from " + view.from() + " to " + view.to(),
                          "调动" + name.zh + "：从" + view.from() + "到" + view.to()}});
  return plan;
}

Words plan_words(const PlanFacts& plan) {
  std::vector<std::string> en, zh;
  for (std::size_t i = 0; i < plan.aims.size() && i < 3; ++i) {
    en.push_back(plan.aims[i].words.en);
    zh.push_back(plan.aims[i].words.zh);
  }
  // Phrases with commas of their own are set apart by semicolons.
  const bool commas = std::any_of(en.begin(), en.end(),
                                  [](const std::string& e) { return e.find(',') != std::string::npos; });
  Words out{"", ""};
  if (commas)
    for (std::size_t i = 0; i < en.size(); ++i) out.en += (i == 0 ? "" : "; ") + en[i];
  else
    out.en = list_en(en);
  const bool zh_commas = std::any_of(zh.begin(), zh.end(),
                                     [](const std::string& z) { return z.find("，") != std::string::npos; });
  for (std::size_t i = 0; i < zh.size(); ++i) out.zh += (i == 0 ? "" : zh_commas ? "；" : "，") + zh[i];
  // The piece is always named: "the pawn to c4: controls the centre (d5)".
  if (out.en.find(plan.piece_name.en) == std::string::npos)
    out.en = "the " + plan.piece_name.en + " to " + plan.to + ": " + out.en;
  if (out.zh.find(plan.piece_name.zh) == std::string::npos)
    out.zh = plan.piece_name.zh + "到" + plan.to + "：" + out.zh;
  return out;
}

}  // namespace qi::engine
