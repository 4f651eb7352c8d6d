// Checkers and draughts for a page: the dark squares numbered as PDN numbers
// them (1 at the top left of the diagram, Black's side), White at the
// bottom, men and crowned kings.
#include "games/checkers/board.h"
#include "games/checkers/checkers_game.h"
#include "games/checkers/endings.h"
#include "games/checkers/notation.h"
#include "games/checkers/refusal_codes.h"
#include "games/checkers/variants.h"

namespace qi::checkers {
namespace {

template <class V>
VariantDescriptor describe(Words title) {
  using Geo = Geometry<V::size>;
  VariantDescriptor v;
  v.name = std::string(V::name);
  v.title = std::move(title);
  const Words white{"White", "白方"}, black{"Black", "黑方"};
  const Side white_side = V::first == Colour::White ? Side::First : Side::Second;
  v.sides =
      white_side == Side::First ? std::array<Words, 2>{white, black} : std::array<Words, 2>{black, white};
  BoardLook& b = v.board;
  b.files = b.ranks = V::size;
  b.style = BoardLook::Style::Checkered;
  b.bottom_side = white_side;
  b.numbered = true;
  for (int sq = 1; sq <= Geo::squares; ++sq)
    b.squares.push_back({std::to_string(sq), Geo::column_of(sq), V::size - 1 - Geo::row_of(sq)});
  v.pieces = {{'w', white_side, PieceLook::Shape::Man, "", "light", {"man", "兵"}},
              {'W', white_side, PieceLook::Shape::Man, "♛", "light", {"king", "王"}},
              {'b', ~white_side, PieceLook::Shape::Man, "", "dark", {"man", "兵"}},
              {'B', ~white_side, PieceLook::Shape::Man, "♛", "dark", {"king", "王"}}};
  v.notations = {{"pdn", {"PDN (11-15)", "PDN"}, {}}};
  if constexpr (V::pdn_algebraic) {
    // The edges' letters and digits as the notation names the squares
    // (square_text), so that the board reads as the moves are written.
    NotationInfo algebraic{"algebraic", {"Algebraic (c3-d4)", "字母坐标 (c3-d4)"}, {}};
    algebraic.file_labels.resize(V::size);
    algebraic.rank_labels.resize(V::size);
    for (int sq = 1; sq <= Geo::squares; ++sq) {
      const std::string name = square_text(sq, MoveStyle{V::size, true});
      algebraic.file_labels[Geo::column_of(sq)] = name.substr(0, 1);
      algebraic.rank_labels[V::size - 1 - Geo::row_of(sq)] = name.substr(1);
    }
    v.notations.push_back(std::move(algebraic));
  }
  v.handicaps = {{"one_man", {"One man", "让一子"}, white_side, {}},
                 {"two_men", {"Two men", "让两子"}, white_side, {}}};
  v.record.format = "PDN";
  v.record.identifying_tags = {{"GameType", std::to_string(V::pdn_game_type)}};
  // Each draughts game is rated apart: a Russian or international result
  // says nothing of a player's English checkers.
  if (V::name != English::name) v.rating_key = "draughts-" + std::string(V::name);
  return v;
}

}  // namespace

const GameDescriptor& descriptor() {
  static const GameDescriptor d = [] {
    GameDescriptor g;
    g.name = "checkers";
    g.title = {"Checkers / draughts", "跳棋 (国际跳棋)"};
    g.order = 1;
    g.variants = {describe<English>({"English", "英式"}), describe<Russian>({"Russian", "俄式"}),
                  describe<Brazilian>({"Brazilian", "巴西式"}),
                  describe<International>({"International", "国际 (10×10)"})};
    g.refusals.assign(kRefusalCodes.begin(), kRefusalCodes.end());
    g.endings.assign(endings::kAll.begin(), endings::kAll.end());
    return g;
  }();
  return d;
}

}  // namespace qi::checkers
