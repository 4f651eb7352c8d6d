// Point and piece names for text: ICCS coordinates and English piece names.
#pragma once

#include <string>

#include "games/xiangqi/types.h"

namespace qi::xiangqi {

// "e0", "h7": ICCS file letter and rank digit.
inline std::string square_name(Square s) {
  return std::string{static_cast<char>('a' + file_of(s)), static_cast<char>('0' + rank_of(s))};
}

inline const char* piece_type_name(PieceType t) {
  switch (t) {
    case kGeneral:
      return "general";
    case kAdvisor:
      return "advisor";
    case kElephant:
      return "elephant";
    case kHorse:
      return "horse";
    case kChariot:
      return "chariot";
    case kCannon:
      return "cannon";
    case kSoldier:
      return "soldier";
    case kNoType:
      break;
  }
  return "nothing";
}

inline const char* side_word(Side side) { return side == kRed ? "red" : "black"; }
inline const char* side_title(Side side) { return side == kRed ? "Red" : "Black"; }

}  // namespace qi::xiangqi
