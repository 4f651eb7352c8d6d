// Chess's plans for hints (engine/plan.h): castling and preparing it,
// development (出子), the centre (控制中心), lines opened for the bishops,
// rooks and queen, rooks on open files, passed pawns, promotion, and f7/f2,
// the square next to the king that only the king defends at the start.
#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "engine/plan.h"

namespace qi::engine {
namespace {

char kind(char code) { return static_cast<char>(std::tolower(static_cast<unsigned char>(code))); }

int value(char code) {
  switch (kind(code)) {
    case 'p':
      return 100;
    case 'n':
    case 'b':
      return 300;
    case 'r':
      return 500;
    case 'q':
      return 900;
    default:
      return 0;
  }
}

int file(const std::string& key) { return key.empty() ? -1 : key[0] - 'a'; }
int rank(const std::string& key) { return key.size() < 2 ? -1 : key[1] - '1'; }
std::string square(int f, int r) {
  if (f < 0 || f > 7 || r < 0 || r > 7) return "";
  return std::string{static_cast<char>('a' + f), static_cast<char>('1' + r)};
}

bool is_central(const std::string& key) {
  const int f = file(key), r = rank(key);
  return (f == 3 || f == 4) && (r == 3 || r == 4);
}

// The squares a piece on `key` controls in the position after the move: a
// pawn's two diagonals, any other piece's moves when it moves again.
std::vector<std::string> controlled(const PlanView& v, const std::string& key) {
  std::vector<std::string> out;
  if (kind(v.became()) == 'p') {
    const int dir = v.us() == Side::First ? 1 : -1;
    for (int df : {-1, 1})
      if (std::string s = square(file(key) + df, rank(key) + dir); !s.empty()) out.push_back(s);
    return out;
  }
  for (const MoveText& m : v.moves_again())
    if (m.squares.size() >= 2 && m.squares.front() == key &&
        std::find(out.begin(), out.end(), m.squares.back()) == out.end())
      out.push_back(m.squares.back());
  return out;
}

// `after`: a move of moves_again(), read on the board after the move.
bool is_castling(const PlanView& v, const MoveText& m, bool after) {
  if (m.squares.size() < 2) return false;
  auto at = [&](const std::string& key) { return after ? v.after_at(key) : v.before_at(key); };
  if (kind(at(m.squares.front())) != 'k' || !v.ours(at(m.squares.front()))) return false;
  const int df = std::abs(file(m.squares.back()) - file(m.squares.front()));
  return df >= 2 || v.ours(at(m.squares.back()));  // onto its own rook, where the id says so
}

void aims(const PlanView& v, std::vector<PlanAim>& out) {
  const char piece = kind(v.piece());
  const Words name = piece_words(v, v.piece());
  const std::string& from = v.from();
  const std::string& to = v.to();
  const int home = v.us() == Side::First ? 0 : 7;

  if (is_castling(v, v.move(), false)) {
    out.push_back({"castles",
                   {from, to},
                   "",
                   {"castles, bringing the king to safety and the rook towards the centre",
                    "王车易位，把王转到安全处，车也出动了"}});
    return;
  }
  if (v.became() != v.piece() && piece == 'p') {
    const Words now = piece_words(v, v.became());
    out.push_back({"promotes",
                   {to},
                   std::string(1, v.became()),
                   {"promotes the pawn to a " + now.en, "兵升变为" + now.zh}});
  }
  if ((piece == 'n' || piece == 'b') && rank(from) == home &&
      (piece == 'n' ? file(from) == 1 || file(from) == 6 : file(from) == 2 || file(from) == 5))
    out.push_back({"develops",
                   {from, to},
                   "",
                   {"develops the " + name.en + " from " + from + " to " + to,
                    "出子：" + name.zh + "从" + from + "出动到" + to}});

  // The centre: standing on it, or controlling its squares.
  if (piece == 'p' && is_central(to)) {
    out.push_back(
        {"centre", {to}, "", {"takes the centre with the pawn on " + to, "兵占中心（" + to + "）"}});
  } else {
    std::vector<std::string> centre;
    for (const std::string& s : controlled(v, to))
      if (is_central(s)) centre.push_back(s);
    std::sort(centre.begin(), centre.end());
    if (!centre.empty())
      out.push_back(
          {"centre",
           centre,
           "",
           {"controls the centre (" + list_en(centre) + ")", "控制中心（" + list_zh(centre) + "）"}});
  }

  // f7 / f2: next to the king, defended by the king alone at the start.
  const std::string weak = v.us() == Side::First ? "f7" : "f2";
  const char king = v.us() == Side::First ? 'k' : 'K';
  if (piece != 'p' && v.after_at(weak) && v.theirs(v.after_at(weak)) && kind(v.after_at(weak)) == 'p') {
    const std::vector<std::string> c = controlled(v, to);
    bool king_near = false;
    for (const std::string& s : {square(4, 7 - home), square(6, 7 - home)})
      if (v.after_at(s) == king) king_near = true;
    if (king_near && std::find(c.begin(), c.end(), weak) != c.end())
      out.push_back(
          {"weak_point",
           {weak},
           std::string(1, v.after_at(weak)),
           {"aims at " + weak + ", the weak point next to the king", "瞄准" + weak + "——王身边的弱点"}});
  }

  // Lines opened for the long-range pieces that stayed where they were.
  {
    int best_gain = 0;
    std::string best;
    for (const SquareCell& c : v.descriptor().board.squares) {
      const char p = v.after_at(c.key);
      if (c.key == to || !v.ours(p) || (kind(p) != 'b' && kind(p) != 'r' && kind(p) != 'q')) continue;
      const int gain = PlanView::reach(v.moves_again(), c.key) - PlanView::reach(v.moves_before(), c.key);
      if (gain > best_gain) best_gain = gain, best = c.key;
    }
    if (best_gain >= 2) {
      const Words freed = piece_words(v, v.after_at(best));
      out.push_back({"opens_line",
                     {best},
                     std::string(1, v.after_at(best)),
                     {"opens the line for the " + freed.en + " on " + best,
                      "为" + best + "的" + freed.zh + "打开线路"}});
    }
  }

  // A rook on a file without pawns.
  if (piece == 'r' && file(from) != file(to)) {
    int own = 0, theirs = 0;
    for (int r = 0; r < 8; ++r)
      if (const char p = v.after_at(square(file(to), r)); kind(p) == 'p') (v.ours(p) ? own : theirs)++;
    const std::string f(1, static_cast<char>('a' + file(to)));
    if (own == 0)
      out.push_back(
          {theirs == 0 ? "open_file" : "half_open_file",
           {to},
           "",
           theirs == 0
               ? Words{"puts the rook on the open " + f + "-file", "车占据开放的" + f + "线"}
               : Words{"puts the rook on the half-open " + f + "-file", "车占据半开放的" + f + "线"}});
  }

  // A passed pawn: no enemy pawn ahead of it on its file or the next.
  if (piece == 'p' && v.became() == v.piece()) {
    const int dir = v.us() == Side::First ? 1 : -1;
    bool passed = true;
    for (int r = rank(to) + dir; r >= 0 && r < 8 && passed; r += dir)
      for (int df = -1; df <= 1; ++df)
        if (const char p = v.after_at(square(file(to) + df, r)); kind(p) == 'p' && v.theirs(p))
          passed = false;
    if (passed)
      out.push_back({"passed_pawn", {to}, "", {"advances the passed pawn to " + to, "推进通路兵到" + to}});
  }

  // Castling made possible by this move.
  auto can_castle = [&](const std::vector<MoveText>& moves, bool after) {
    return std::any_of(moves.begin(), moves.end(),
                       [&](const MoveText& m) { return is_castling(v, m, after); });
  };
  if (piece != 'k' && !can_castle(v.moves_before(), false) && can_castle(v.moves_again(), true))
    out.push_back({"prepares_castling", {}, "", {"prepares castling", "准备王车易位"}});
}

const Planner kChessPlanner{.name = nullptr, .value = &value, .aims = &aims};

}  // namespace
}  // namespace qi::engine

QI_REGISTER_PLANNER("chess", qi::engine::kChessPlanner)
