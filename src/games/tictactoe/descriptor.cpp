// Tic-tac-toe for a page: a 3×3 grid of squares a1-c3, X's and O's marks.
#include "games/tictactoe/board.h"
#include "games/tictactoe/endings.h"
#include "games/tictactoe/notation.h"
#include "games/tictactoe/refusal_codes.h"
#include "games/tictactoe/tictactoe_game.h"

namespace qi::tictactoe {

const GameDescriptor& descriptor() {
  static const GameDescriptor d = [] {
    GameDescriptor g;
    g.name = "tictactoe";
    g.title = {"Tic-tac-toe", "井字棋"};
    g.order = 0;
    VariantDescriptor v;
    v.title = g.title;
    v.sides = {Words{"X", "X 方"}, Words{"O", "O 方"}};
    v.board.files = v.board.ranks = 3;
    v.board.style = BoardLook::Style::Plain;
    for (int s = 0; s < kSquares; ++s) v.board.squares.push_back({square_name(s), file_of(s), rank_of(s)});
    v.board.file_labels = {std::vector<std::string>{"a", "b", "c"}, {}};
    v.board.rank_labels = {"1", "2", "3"};
    v.pieces = {{'x', Side::First, PieceLook::Shape::Mark, "×", "x", {"X", "X"}},
                {'o', Side::Second, PieceLook::Shape::Mark, "○", "o", {"O", "O"}}};
    v.notations = {{"square", {"Square", "格子"}, {}}};
    v.handicaps = {{"no_centre",
                    {"No centre (Qi moves second, away from the centre)", "让中心（Qi 后走，不占中心）"},
                    Side::Second,
                    {"b2"}}};
    v.record.format = "PGN";
    v.record.identifying_tags = {{"Game", "Tic-tac-toe"}};
    g.variants.push_back(std::move(v));
    g.refusals.assign(kRefusalCodes.begin(), kRefusalCodes.end());
    g.endings.assign(endings::kAll.begin(), endings::kAll.end());
    g.hint_words = {
        {"win", {"completes a line of three: it wins", "连成三子，获胜"}},
        {"block", {"blocks the line the opponent would complete", "堵住对方即将连成的线"}},
        {"fork",
         {"makes two threats at once; only one can be blocked", "同时形成两个威胁，对方只能堵住一个"}},
        {"block_fork", {"stops the opponent from making two threats at once", "阻止对方同时形成两个威胁"}},
        {"centre", {"takes the centre, which lies on four lines", "占中心：中心位于四条线上"}},
        {"opposite_corner", {"takes the corner opposite the opponent's", "占对方所占角的对角"}},
        {"empty_corner", {"takes a corner, which lies on three lines", "占角：角位于三条线上"}},
        {"empty_side", {"takes a side square", "占边"}},
    };
    return g;
  }();
  return d;
}

}  // namespace qi::tictactoe
