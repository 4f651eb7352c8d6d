// Move text in the notations xiangqi players and programs use.
//
// Written:
// - ICCS coordinates: from and to points, files a-i from Red's left, ranks
//   0-9 from Red's side: "h2e2".
// - WXF as Fairy-Stockfish writes it: piece letter (K A E H R C P), the
//   file it stands on counted 1-9 from the mover's right, the direction
//   (+ forward, - back, = sideways), then the steps moved (straight moves)
//   or the file reached: "C2=5", "H8+7", "R1-1". Two like pieces on a file
//   are told apart by + (front) and - (rear) in place of the file where
//   the other could make the same move ("R+=3", "H-+7"); three or more
//   soldiers on a file, or soldiers doubled on two files, by their place
//   from the front and the file ("15+1", "25=6").
// - Chinese: "炮二平五", "马８进７": piece, file (Red 一-九, Black's in
//   full-width digits, from its own right), 进 / 退 / 平, steps or file;
//   前 / 中 / 后 for pieces sharing a file ("前车进一"), 一二三四五 from the
//   front for four or five soldiers on a file, and 前 / 中 / 后 followed by
//   the file when soldiers are doubled on two files ("前三平四").
//
// Read: all of these, and what records and programs write besides: ICCS
// as "H2-E2"; WXF by the WXF rules ('.' sideways, "P+.4" "P3.4" "P-.4" for
// three soldiers on a file, "++.4" and "--.4" for the foremost and
// rearmost of four or five, "3+.4" and "33.4" when two files hold several,
// "+R" as well as "R+"), N and B for the horse and elephant, a sideways
// move without its sign ("C25"); Chinese with traditional characters and
// both sides' piece names (車 馬 傌 俥 砲 包 帥 將 仕 士 相 象 兵 卒 進 後),
// digits in Chinese, ASCII or full width; WinBoard's SAN ("Che2",
// san_notation.h); and every one of them in full-width characters
// ("Ｃ２＝５", "ｈ２ｅ２"). move_chars.h says how characters are folded.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "games/xiangqi/position.h"

namespace qi::xiangqi {

std::string to_iccs(Move m);                      // "h2e2"
std::string to_wxf(const Position& pos, Move m);  // m must be legal in pos
std::string to_chinese(const Position& pos, Move m);

// Any of the notations. The error quotes the text and says, in words, why
// it is not a legal move here: "马八进七: the horse's leg at b1 is
// blocked", "Ｃ２＝Ｘ: 'Ｘ' has no meaning in move notation".
Expected<Move> parse_move(const Position& pos, std::string_view text);

// Every legal move the text may stand for, parse_move's first: more than
// one where the notations read it differently (move_reading.h) or it is
// ambiguous here.
std::vector<Move> moves_named(const Position& pos, std::string_view text);

// Why a move that follows the notation is not legal, with the rule's code
// (refusal_codes.h); an empty message if it is legal.
Error refusal_of(const Position& pos, Move m);
// refusal_of's words alone.
std::string why_illegal(const Position& pos, Move m);

}  // namespace qi::xiangqi
