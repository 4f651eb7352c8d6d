#include "games/xiangqi/board_text.h"

namespace qi::xiangqi {
namespace {

const char* glyph(Piece p) {
  static constexpr const char* kRedGlyphs[] = {"＋", "帅", "仕", "相", "傌", "俥", "炮", "兵"};
  static constexpr const char* kBlackGlyphs[] = {"＋", "将", "士", "象", "馬", "車", "砲", "卒"};
  return color_of(p) == kRed ? kRedGlyphs[type_of(p)] : kBlackGlyphs[type_of(p)];
}

}  // namespace

std::string board_text(const Position& pos, bool flipped, bool colour) {
  std::string files = "  ";
  for (int k = 0; k < kFiles; ++k) {
    int f = flipped ? kFiles - 1 - k : k;
    files += static_cast<char>('a' + f);
    files += k + 1 < kFiles ? "  " : "";
  }
  std::string out = files + "\n";
  for (int k = 0; k < kRanks; ++k) {
    int r = flipped ? k : kRanks - 1 - k;
    out += static_cast<char>('0' + r);
    out += ' ';
    for (int j = 0; j < kFiles; ++j) {
      int f = flipped ? kFiles - 1 - j : j;
      Piece p = pos.piece_on(make_square(f, r));
      bool red = p != kEmpty && color_of(p) == kRed;
      if (red && colour) out += "\x1b[31m";
      out += p == kEmpty ? "＋" : glyph(p);
      if (red && colour) out += "\x1b[0m";
      if (j + 1 < kFiles) out += ' ';
    }
    out += ' ';
    out += static_cast<char>('0' + r);
    out += '\n';
    if (k == 4)
      out += flipped ? "  ～～～～ 汉 界      楚 河 ～～～～\n" : "  ～～～～ 楚 河      汉 界 ～～～～\n";
  }
  out += files + "\n";
  out += std::string(pos.side_to_move() == kRed ? "Red" : "Black") + " to move\n";
  return out;
}

}  // namespace qi::xiangqi
