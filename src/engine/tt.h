// The transposition table: what earlier searches learnt about positions,
// keyed by their Zobrist hash and shared by every search thread.
//
// An entry is two 64-bit words, stored as (key ^ data, data). A reader
// accepts an entry only when the XOR of its words gives back the key, so an
// entry half-written by another thread is simply a miss (the lockless
// scheme of Hyatt and Mann). Both words are relaxed atomics, so threads never
// race in the C++ sense.
//
// Buckets of four entries; a new result replaces the entry of the same key,
// else the one whose depth, less twice its age in searches, is lowest.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/score.h"

namespace qi::engine {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TtHit {
  std::uint32_t move = 0;  // the game's compact move key (22 bits); 0 for none
  Score score = kNone;     // relative to the storing node (see score.h)
  int depth = -1;
  Bound bound = Bound::None;
};

class TranspositionTable {
 public:
  TranspositionTable() { resize(16); }
  // Size in MiB (at least 1); clears the table. Not while searching.
  void resize(std::size_t mib);
  void clear();
  void new_search() { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 63); }

  bool probe(std::uint64_t key, TtHit& out) const;
  void store(std::uint64_t key, std::uint32_t move, Score score, int depth, Bound bound);
  // Permille of a sample of slots used in this search (UCI hashfull).
  int hashfull() const;
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[index(key)]); }

 private:
  struct Slot {
    std::atomic<std::uint64_t> check{0};  // key ^ data
    std::atomic<std::uint64_t> data{0};
  };
  static constexpr int kWays = 4;
  struct alignas(64) Bucket {
    Slot slots[kWays];
  };

  // data: move bits 0-21, score 22-37, depth 38-45, bound 46-47,
  // generation 48-53.
  static constexpr std::uint32_t kMoveMask = (1u << 22) - 1;
  std::size_t index(std::uint64_t key) const {
    __extension__ using Wide = unsigned __int128;
    return static_cast<std::size_t>((static_cast<Wide>(key) * count_) >> 64);
  }

  // The table is allocated on 2 MiB boundaries and the kernel asked for huge
  // pages: a probe is a random access to memory, and with 4 KiB pages most
  // of them would also miss the TLB.
  struct Free {
    void operator()(Bucket* b) const;
  };
  std::unique_ptr<Bucket[], Free> buckets_;
  std::size_t count_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace qi::engine
