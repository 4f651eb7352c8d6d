// Chess for a page: the 8×8 board, a1 dark at White's left, the six pieces
// of each side, SAN and UCI, the four odds of rule document 002; and
// Chess960, the same board and pieces from 960 numbered starts, without
// odds, rated apart.
#include "games/chess/chess_game.h"
#include "games/chess/endings.h"
#include "games/chess/refusal_codes.h"
#include "games/chess/types.h"

namespace qi::chess {

const GameDescriptor& descriptor() {
  static const GameDescriptor d = [] {
    GameDescriptor g;
    g.name = "chess";
    g.title = {"Chess", "国际象棋"};
    g.order = 2;
    g.checkmate = true;
    VariantDescriptor v;
    v.title = g.title;
    v.sides = {Words{"White", "白方"}, Words{"Black", "黑方"}};
    v.board.files = v.board.ranks = 8;
    v.board.style = BoardLook::Style::Checkered;
    for (int s = 0; s < 64; ++s) {
      const Square sq = static_cast<Square>(s);
      v.board.squares.push_back({square_name(sq), file_of(sq), rank_of(sq)});
    }
    v.board.file_labels = {std::vector<std::string>{"a", "b", "c", "d", "e", "f", "g", "h"}, {}};
    v.board.rank_labels = {"1", "2", "3", "4", "5", "6", "7", "8"};
    struct Kind {
      char letter;
      const char* glyph;
      Words name;
    };
    const Kind kinds[] = {{'k', "♚", {"king", "王"}},   {'q', "♛", {"queen", "后"}},
                          {'r', "♜", {"rook", "车"}},   {'b', "♝", {"bishop", "象"}},
                          {'n', "♞", {"knight", "马"}}, {'p', "♟", {"pawn", "兵"}}};
    for (Side side : {Side::First, Side::Second})
      for (const Kind& k : kinds)
        v.pieces.push_back({side == Side::First ? static_cast<char>(k.letter - 'a' + 'A') : k.letter, side,
                            PieceLook::Shape::Figure, k.glyph, side == Side::First ? "white" : "black",
                            k.name});
    v.notations = {{"san", {"SAN", "SAN"}, {}}, {"uci", {"Coordinates (UCI)", "坐标 (UCI)"}, {}}};
    v.handicaps = {{"pawn", {"Pawn (the f-pawn)", "让兵（f 兵）"}, Side::Second, {}},
                   {"knight", {"Knight", "让马"}, Side::First, {}},
                   {"rook", {"Rook", "让车"}, Side::First, {}},
                   {"queen", {"Queen", "让后"}, Side::First, {}}};
    v.record.format = "PGN";
    VariantDescriptor chess960 = v;
    v.title = {"Standard", "标准"};
    g.variants.push_back(std::move(v));

    chess960.name = std::string(kChess960Name);
    chess960.title = {"Chess960", "960 国际象棋（菲舍尔任意制）"};
    chess960.handicaps.clear();
    // The values python-chess, lichess, xboard and ChessBase write.
    for (const char* value : {"Chess960", "Fischerandom", "Fischer Random", "Chess 960", "FRC"})
      chess960.record.identifying_tags.push_back({"Variant", value});
    chess960.numbered_starts = 960;
    chess960.rating_key = "chess960";
    g.variants.push_back(std::move(chess960));
    g.refusals.assign(kRefusalCodes.begin(), kRefusalCodes.end());
    g.endings.assign(endings::kAll.begin(), endings::kAll.end());
    return g;
  }();
  return d;
}

}  // namespace qi::chess
