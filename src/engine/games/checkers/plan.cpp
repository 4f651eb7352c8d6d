// Checkers' plans for hints (engine/plan.h), for every variant: crowning a
// man (成王), heading for the king row, backing up a man so it cannot be
// jumped from behind, an exchange the opponent must accept (兑子: it must
// take, and the mover takes back), the centre squares, a man safe on the
// side, and, when nothing more telling, the back rank kept whole against
// crowning. Men are 兵, kings 王棋.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>

#include "engine/plan.h"

namespace qi::engine {
namespace {

bool is_king(char code) { return std::isupper(static_cast<unsigned char>(code)) != 0; }

Words name(const PlanView& v, char code) {
  if (!v.look(code)) return {"piece", "子"};
  return is_king(code) ? Words{"king", "王棋"} : Words{"man", "兵"};
}

int value(char code) { return is_king(code) ? 250 : 100; }

int pieces_of(const Game& game, Side side) {
  int n = 0;
  for (char c : game.board_cells())
    for (const PieceLook& p : game.descriptor().pieces)
      if (p.code == c && p.side == side) ++n;
  return n;
}

// Whether a move in `game` takes something.
bool takes(const Game& game, const MoveText& m) {
  std::unique_ptr<Game> g = game.clone();
  const int before = pieces_of(*g, ~g->side_to_move());
  if (!g->play(m.id)) return false;
  return pieces_of(*g, ~game.side_to_move()) < before;
}

void aims(const PlanView& v, std::vector<PlanAim>& out) {
  const Words me = name(v, v.piece());
  const std::string& from = v.from();
  const std::string& to = v.to();
  const int last = v.rows() - 1;
  const auto [tx, ty] = v.place(to);
  const bool man = !is_king(v.piece());

  if (man && is_king(v.became()))
    out.push_back({"crowns",
                   {to},
                   "",
                   {"reaches the king row and crowns the man: a new king", "兵到底线升变为王棋（成王）"}});
  else if (man && v.row_from_home(to) >= last - 2)
    out.push_back(
        {"king_row",
         {to},
         "",
         {"heads for the king row: " + std::to_string(last - v.row_from_home(to)) + " rows from crowning",
          "兵向底线挺进，离成王还差" + std::to_string(last - v.row_from_home(to)) + "行"}});

  // Backing up: a man of ours just ahead of it cannot be jumped from the
  // opposite side, for the jump would land where this piece stands.
  {
    const int forward = v.us() == v.descriptor().board.bottom_side ? 1 : -1;
    for (int dx : {-1, 1}) {
      const std::string front = v.key_at(tx + dx, ty + forward);
      if (front.empty() || front == from) continue;
      const char p = v.after_at(front);
      if (!v.ours(p)) continue;
      out.push_back(
          {"backs_up",
           {front},
           std::string(1, p),
           {"backs up the " + name(v, p).en + " on " + front + ", so it cannot be jumped from behind",
            "支援" + front + "的" + name(v, p).zh + "，使它不会被从后面跳吃"}});
      break;
    }
  }

  // The exchange: every reply takes, and after each the mover takes back.
  const std::vector<MoveText> replies = v.after().legal_moves();
  if (!replies.empty() && std::all_of(replies.begin(), replies.end(), [&](const MoveText& r) {
        if (!takes(v.after(), r)) return false;
        std::unique_ptr<Game> g = v.after().clone();
        if (!g->play(r.id)) return false;
        const std::vector<MoveText> back = g->legal_moves();
        return std::any_of(back.begin(), back.end(), [&](const MoveText& b) { return takes(*g, b); });
      }))
    out.push_back({"exchange",
                   {to},
                   "",
                   {"offers an exchange (the opponent must jump the " + me.en + " and is jumped back)",
                    "兑子（对方必须吃，随后吃回）"}});

  // The centre: the two middle rows, away from the sides.
  if (tx >= 2 && tx <= v.files() - 3 && (ty == v.rows() / 2 || ty == v.rows() / 2 - 1))
    out.push_back({"centre",
                   {to},
                   "",
                   {"puts the " + me.en + " on the centre square " + to, me.zh + "占据中心格" + to}});
  else if (tx == 0 || tx == v.files() - 1)
    out.push_back(
        {"side",
         {to},
         "",
         {"goes to the side, where the " + me.en + " cannot be jumped", me.zh + "走到边线，不会被吃"}});

  // The back rank kept whole, so the opponent's men cannot crown there:
  // told when the move does nothing more telling.
  if (out.empty() && v.row_from_home(from) != 0) {
    int home = 0, kept = 0;
    for (const SquareCell& c : v.descriptor().board.squares)
      if (v.row_from_home(c.key) == 0) {
        ++home;
        if (const char p = v.after_at(c.key); v.ours(p) && !is_king(p)) ++kept;
      }
    if (home > 0 && kept == home)
      out.push_back({"back_rank",
                     {},
                     "",
                     {"keeps the back rank whole against crowning", "保持底线完整，防止对方成王"}});
  }
}

const Planner kCheckersPlanner{.name = &name, .value = &value, .aims = &aims};

}  // namespace
}  // namespace qi::engine

QI_REGISTER_PLANNER("checkers", qi::engine::kCheckersPlanner)
