// Move text in the three notations xiangqi players use, both ways.
//
// - ICCS coordinates: from and to points, files a-i from Red's left, ranks
//   0-9 from Red's side: "h2e2"; "H2-E2" is accepted.
// - WXF: piece letter (K A E H R C P; B and N accepted), the file it stands
//   on counted 1-9 from the mover's right, the direction (+ forward, -
//   back, . sideways; = accepted), then the steps moved (straight moves) or
//   the file reached: "C2.5", "H8+7", "R1-1". Two chariots, horses or
//   cannons on one file are told apart by + (front) and - (rear) instead of
//   the file: "R+.3", "C--1"; soldiers follow the WXF rules for tandem
//   pawns ("P+.4", "P3.4" for the middle of three, "++.4" and "--.4" for
//   the foremost and rearmost of four or five, "3+.4" when two files hold
//   several).
// - Chinese: "炮二平五", "马８进７": piece, file (Red 一-九, Black 1-9 from
//   its own right), 进 / 退 / 平, steps or file; 前 / 中 / 后 for pieces
//   sharing a file ("前车进一"), 一二三四五 from the front for four or five
//   soldiers on a file, and 前 / 中 / 后 followed by the file when soldiers
//   are doubled on two files ("前三平四"). Traditional characters and both
//   sides' piece names are accepted (車 馬 砲 帥 將 仕 士 相 象 兵 卒),
//   digits in Chinese, ASCII or full width.
#pragma once

#include <string>
#include <string_view>

#include "core/expected.h"
#include "games/xiangqi/position.h"

namespace qi::xiangqi {

std::string to_iccs(Move m);                      // "h2e2"
std::string to_wxf(const Position& pos, Move m);  // m must be legal in pos
std::string to_chinese(const Position& pos, Move m);

// Any of the three notations. The error says, in words, why the text is
// not a legal move here: "马八进七: the horse's leg at b1 is blocked".
Expected<Move> parse_move(const Position& pos, std::string_view text);

// Why a move that follows the notation is not legal, with the rule's code
// (refusal_codes.h); an empty message if it is legal.
Error refusal_of(const Position& pos, Move m);
// refusal_of's words alone.
std::string why_illegal(const Position& pos, Move m);

}  // namespace qi::xiangqi
