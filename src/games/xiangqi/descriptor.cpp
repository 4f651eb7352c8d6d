// Xiangqi for a page: 90 points, the river between ranks 4 and 5, the two
// palaces, files numbered from each side's right (Red 九..一, Black 1..9),
// the pieces as discs with their Chinese names.
#include "games/xiangqi/endings.h"
#include "games/xiangqi/refusal_codes.h"
#include "games/xiangqi/square_names.h"
#include "games/xiangqi/xiangqi_game.h"

namespace qi::xiangqi {

const GameDescriptor& descriptor() {
  static const GameDescriptor d = [] {
    GameDescriptor g;
    g.name = "xiangqi";
    g.title = {"Xiangqi (Chinese chess)", "中国象棋"};
    g.order = 3;
    g.checkmate = true;
    VariantDescriptor v;
    v.title = g.title;
    v.sides = {Words{"Red", "红方"}, Words{"Black", "黑方"}};
    BoardLook& b = v.board;
    b.files = kFiles;
    b.ranks = kRanks;
    b.style = BoardLook::Style::Intersections;
    for (Square s = 0; s < kSquares; ++s) b.squares.push_back({square_name(s), file_of(s), rank_of(s)});
    b.file_labels = {std::vector<std::string>{"九", "八", "七", "六", "五", "四", "三", "二", "一"},
                     std::vector<std::string>{"1", "2", "3", "4", "5", "6", "7", "8", "9"}};
    b.river = 4;
    b.river_text = {"楚 河", "漢 界"};
    b.palaces = {{3, 0, 5, 2}, {3, 7, 5, 9}};
    struct Kind {
      char letter;
      const char *red, *black;
      Words name;
    };
    const Kind kinds[] = {{'k', "帅", "将", {"general", "将帅"}},    {'a', "仕", "士", {"advisor", "士"}},
                          {'b', "相", "象", {"elephant", "象"}},     {'n', "马", "马", {"horse", "马"}},
                          {'r', "车", "车", {"chariot", "车"}},      {'c', "炮", "炮", {"cannon", "炮"}},
                          {'p', "兵", "卒", {"soldier", "兵（卒）"}}};
    for (Side side : {kRed, kBlack})
      for (const Kind& k : kinds)
        v.pieces.push_back({side == kRed ? static_cast<char>(k.letter - 'a' + 'A') : k.letter, side,
                            PieceLook::Shape::Disc, side == kRed ? k.red : k.black,
                            side == kRed ? "red" : "black", k.name});
    v.notations = {{"chinese", {"Chinese (炮二平五)", "中文"}, {"zh"}},
                   {"wxf", {"WXF (C2=5)", "WXF"}, {"en"}},
                   {"iccs", {"ICCS (h2e2)", "ICCS"}, {}}};
    v.handicaps = {{"one_horse", {"One horse", "让单马"}, kRed, {}},
                   {"two_horses", {"Two horses", "让双马"}, kRed, {}},
                   {"one_chariot", {"One chariot", "让单车"}, kRed, {}},
                   {"chariot_horse", {"Chariot and horse", "让车马"}, kRed, {}}};
    v.record.format = "PGN";
    v.record.identifying_tags = {{"Game", "Chinese Chess"}, {"Variant", "xiangqi"}, {"Game", "xiangqi"}};
    g.variants.push_back(std::move(v));
    g.refusals.assign(kRefusalCodes.begin(), kRefusalCodes.end());
    g.endings.assign(endings::kAll.begin(), endings::kAll.end());
    return g;
  }();
  return d;
}

}  // namespace qi::xiangqi
