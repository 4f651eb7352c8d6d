// Relative notation, WXF and Chinese: the piece, where it stands (its file
// counted from the mover's right, or its place among like pieces on one
// file), the direction and the steps or file reached. What the writers
// (notation.cpp) and the reader (relative_reader.cpp) share.
#pragma once

#include <cstdint>
#include <vector>

#include "games/xiangqi/move_chars.h"
#include "games/xiangqi/move_reading.h"
#include "games/xiangqi/position.h"

namespace qi::xiangqi {

// Which of several like pieces on one file a text names.
enum class Place : std::uint8_t {
  None,        // the file alone names the piece
  Front,       // 前, or a WXF + beside a piece letter
  Middle,      // 中, or the WXF file digit for the middle of three (or five)
  Back,        // 后
  Index,       // the n-th from the front: 一二三四五, Fairy-Stockfish's "25"
  Foremost,    // WXF ++
  Rearmost,    // WXF --
  Second,      // WXF P+ among four or five soldiers (the foremost of three)
  SecondLast,  // WXF P- among four or five soldiers (the rearmost of three)
};

struct Description {
  PieceType type = kNoType;
  int file = 0;  // 1-9 from the mover's right; 0 if not given
  Place place = Place::None;
  int index = 0;  // Place::Index: 1 is the foremost
  char op = 0;    // '+', '-', '.'
  int number = 0;
};

// Files numbered from the mover's right, 1-9.
inline int file_number(Side side, int file) { return side == kRed ? 9 - file : file + 1; }
inline int file_index(Side side, int number) { return side == kRed ? 9 - number : number - 1; }
// How far a point is towards the enemy, for ordering pieces on a file.
inline int advance(Side side, Square s) { return side == kRed ? rank_of(s) : 9 - rank_of(s); }
// Pieces whose forward and backward moves count steps rather than name the
// file reached.
inline bool straight_mover(PieceType t) {
  return t == kGeneral || t == kChariot || t == kCannon || t == kSoldier;
}

// `side`'s pieces of kind t on a file (0-8), the foremost first.
std::vector<Square> on_file(const Position& pos, Side side, PieceType t, int file);
// The files (0-8) where `side` has two or more pieces of kind t.
std::vector<int> crowded_files(const Position& pos, Side side, PieceType t);

// The readings of a text in WXF or Chinese notation (any mix of ASCII,
// full-width and Chinese characters), or why it is neither.
Expected<Readings> read_relative(const Position& pos, const std::vector<MoveChar>& chars);

}  // namespace qi::xiangqi
