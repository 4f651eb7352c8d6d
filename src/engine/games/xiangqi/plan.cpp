// Xiangqi's plans for hints (engine/plan.h), in the game's own terms: the
// central cannon (中炮) and what it aims at, bringing a chariot out (出车)
// and onto an open file, a horse out (跳马) and freed from its leg block, a
// soldier across the river (过河) or clearing a horse's path (挺兵), the
// elephant and advisor closing the palace (飞相, 上仕), and lines opened for
// the chariots and cannons. Red's pieces are 帅 仕 相 马 车 炮 兵, Black's
// 将 士 象 马 车 炮 卒: the descriptor's glyphs.
#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "engine/plan.h"

namespace qi::engine {
namespace {

char kind(char code) { return static_cast<char>(std::tolower(static_cast<unsigned char>(code))); }

int value(char code) {
  switch (kind(code)) {
    case 'r':
      return 900;
    case 'c':
      return 450;
    case 'n':
      return 400;
    case 'a':
    case 'b':
      return 200;
    case 'p':
      return 100;
    default:
      return 0;
  }
}

Words name(const PlanView& v, char code) {
  const PieceLook* look = v.look(code);
  if (!look) return {"piece", "子"};
  return {look->name.en, look->glyph};  // 兵 or 卒, 相 or 象, ...
}

void aims(const PlanView& v, std::vector<PlanAim>& out) {
  const char piece = kind(v.piece());
  const Words me = name(v, v.piece());
  const std::string& from = v.from();
  const std::string& to = v.to();
  const auto [fx, fy] = v.place(from);
  const auto [tx, ty] = v.place(to);
  const int home_from = v.row_from_home(from), home_to = v.row_from_home(to);
  const int centre = v.files() / 2;

  // What the moved piece aims at from its new point, when it moves again.
  auto first_target = [&]() -> std::string {
    std::vector<std::string> t = v.attacked_from_to();
    return t.empty() ? "" : t.front();
  };

  if (piece == 'c' && tx == centre && fx != centre && fy == ty) {
    const std::string t = first_target();
    const Words target = t.empty() ? Words{} : name(v, v.after_at(t));
    out.push_back(
        {"central_cannon", t.empty() ? std::vector<std::string>{to} : std::vector<std::string>{to, t},
         t.empty() ? "" : std::string(1, v.after_at(t)),
         t.empty()
             ? Words{"puts the cannon on the central file (中炮), aiming at the centre", "架中炮，瞄准中路"}
             : Words{"puts the cannon on the central file (中炮), aiming at the " + target.en + " on " + t,
                     "架中炮，瞄准" + t + "的" + target.zh}});
  }
  if (piece == 'r' && home_from == 0 && (fx == 0 || fx == v.files() - 1))
    out.push_back({"develops", {from, to}, "", {"brings the chariot out (出车)", "出" + me.zh}});
  if (piece == 'r' && fx != tx) {
    bool open = true;
    for (int y = 0; y < v.rows(); ++y)
      if (const char p = v.after_at(v.key_at(tx, y)); kind(p) == 'p' && v.ours(p)) open = false;
    if (open)
      out.push_back(
          {"open_file", {to}, "", {"puts the chariot on an open file", me.zh + "占据通路，直通对方阵地"}});
  }
  if (piece == 'n' && home_from == 0)
    out.push_back({"develops", {from, to}, "", {"brings the horse out (跳马)", "跳" + me.zh + "出动"}});
  if (piece == 'n' && v.again()) {
    const int was = PlanView::reach(v.moves_before(), from), now = PlanView::reach(v.moves_again(), to);
    if (now >= was + 2)
      out.push_back({"more_active",
                     {to},
                     "",
                     {"frees the horse from its leg blocks: from " + to + " it reaches " +
                          std::to_string(now) + " points instead of " + std::to_string(was),
                      me.zh + "摆脱蹩腿：在" + to + "可跳" + std::to_string(now) + "处，原来只有" +
                          std::to_string(was) + "处"}});
  }
  if (piece == 'p') {
    const int river = v.rows() / 2;  // rows from home 0-4 are its own half
    if (home_from < river && home_to >= river)
      out.push_back({"crosses_river",
                     {to},
                     "",
                     {"takes the soldier across the river (过河): now it may also move sideways",
                      me.zh + "过河，可以横走了"}});
    else if (home_to < river && fx == tx) {
      // The point it leaves is the leg of a horse's next jump: 挺兵活马.
      for (const MoveText& m : v.moves_before()) {
        if (m.squares.size() < 2 || kind(v.before_at(m.squares.front())) != 'n') continue;
        const auto [dx, dy] = v.place(m.squares.back());
        if (std::abs(dx - fx) + std::abs(dy - fy) == 1 && v.row_from_home(m.squares.back()) < home_from) {
          out.push_back(
              {"clears_path",
               {from},
               std::string(1, v.before_at(m.squares.front())),
               {"advances the soldier, clearing the way for the horse", "挺" + me.zh + "，为马让开道路"}});
          break;
        }
      }
      if (out.empty() || out.back().id != "clears_path")
        out.push_back({"advances", {to}, "", {"advances the soldier (挺" + me.zh + ")", "挺" + me.zh}});
    }
  }
  if (piece == 'b' && tx == centre)
    out.push_back({"guards_palace",
                   {to},
                   "",
                   {"brings the elephant to the centre, guarding the palace", "飞" + me.zh + "，巩固中防"}});
  else if (piece == 'b')
    out.push_back(
        {"guards_palace", {to}, "", {"moves the elephant to guard the palace", "飞" + me.zh + "护住九宫"}});
  if (piece == 'a')
    out.push_back({"guards_palace",
                   {to},
                   "",
                   {"brings an advisor up to guard the general", "上" + me.zh + "，加固九宫"}});

  // Lines opened for the chariots and cannons that stayed where they were,
  // and horses freed from their leg blocks (活马).
  if (v.again()) {
    int best_gain = 0;
    std::string best;
    for (const SquareCell& c : v.descriptor().board.squares) {
      const char p = v.after_at(c.key);
      if (c.key == to || !v.ours(p) || (kind(p) != 'r' && kind(p) != 'c' && kind(p) != 'n')) continue;
      const int gain = PlanView::reach(v.moves_again(), c.key) - PlanView::reach(v.moves_before(), c.key);
      if (gain > best_gain) best_gain = gain, best = c.key;
    }
    if (best_gain >= 1 && piece != 'r' && piece != 'c') {
      const char p = v.after_at(best);
      const Words freed = name(v, p);
      out.push_back({kind(p) == 'n' ? "frees_horse" : "opens_line",
                     {best},
                     std::string(1, p),
                     kind(p) == 'n' ? Words{"frees the horse on " + best + " from its leg block",
                                            "活通" + best + "的马（让开马腿）"}
                                    : Words{"opens the way for the " + freed.en + " on " + best,
                                            "为" + best + "的" + freed.zh + "让开通路"}});
    }
  }
}

const Planner kXiangqiPlanner{.name = &name, .value = &value, .aims = &aims};

}  // namespace
}  // namespace qi::engine

QI_REGISTER_PLANNER("xiangqi", qi::engine::kXiangqiPlanner)
