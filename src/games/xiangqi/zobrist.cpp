#include "games/xiangqi/zobrist.h"

#include "core/random.h"

namespace qi::xiangqi::zobrist {
namespace {

Keys build() {
  Keys k{};
  SplitMix64 rng(0x58696e6771693a31ULL);
  for (auto& row : k.piece)
    for (auto& key : row) key = rng.next();
  k.black_to_move = rng.next();
  return k;
}

}  // namespace

const Keys keys = build();

}  // namespace qi::xiangqi::zobrist
