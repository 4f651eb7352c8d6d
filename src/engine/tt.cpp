#include "engine/tt.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace qi::engine {

void TranspositionTable::resize(std::size_t mib) {
  mib = std::clamp<std::size_t>(mib, 1, 1 << 16);
  count_ = mib * 1024 * 1024 / sizeof(Bucket);
  buckets_.reset();
  constexpr std::size_t kHugePage = 2 * 1024 * 1024;
  const std::size_t bytes = (count_ * sizeof(Bucket) + kHugePage - 1) / kHugePage * kHugePage;
  void* memory = std::aligned_alloc(kHugePage, bytes);
  if (!memory) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
  madvise(memory, bytes, MADV_HUGEPAGE);  // a hint: without huge pages the table still works
#endif
  buckets_.reset(static_cast<Bucket*>(memory));
  std::uninitialized_default_construct_n(buckets_.get(), count_);
  generation_ = 0;
}

void TranspositionTable::Free::operator()(Bucket* b) const {
  std::free(b);  // Bucket is trivially destructible: its atomics hold plain integers
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < count_; ++i)
    for (Slot& s : buckets_[i].slots) {
      s.check.store(0, std::memory_order_relaxed);
      s.data.store(0, std::memory_order_relaxed);
    }
  generation_ = 0;
}

namespace {

struct Unpacked {
  std::uint32_t move;
  Score score;
  int depth;
  Bound bound;
  std::uint8_t gen;
};

Unpacked unpack(std::uint64_t d) {
  return {static_cast<std::uint32_t>(d & ((1u << 22) - 1)), static_cast<std::int16_t>((d >> 22) & 0xFFFF),
          static_cast<int>((d >> 38) & 0xFF) - 1, static_cast<Bound>((d >> 46) & 3),
          static_cast<std::uint8_t>((d >> 48) & 63)};
}

}  // namespace

bool TranspositionTable::probe(std::uint64_t key, TtHit& out) const {
  const Bucket& b = buckets_[index(key)];
  for (const Slot& s : b.slots) {
    std::uint64_t data = s.data.load(std::memory_order_relaxed);
    std::uint64_t check = s.check.load(std::memory_order_relaxed);
    if ((check ^ data) != key || data == 0) continue;
    Unpacked u = unpack(data);
    out.move = u.move;
    out.score = u.score;
    out.depth = u.depth;
    out.bound = u.bound;
    return true;
  }
  return false;
}

void TranspositionTable::store(std::uint64_t key, std::uint32_t move, Score score, int depth, Bound bound) {
  Bucket& b = buckets_[index(key)];
  Slot* victim = nullptr;
  int worst = 1 << 30;
  for (Slot& s : b.slots) {
    std::uint64_t data = s.data.load(std::memory_order_relaxed);
    std::uint64_t check = s.check.load(std::memory_order_relaxed);
    if (data == 0 || (check ^ data) == key) {
      // Same position: keep a known move when the new result has none, and
      // keep a deeper exact result over a shallow bound.
      if (data != 0) {
        Unpacked old = unpack(data);
        if (move == 0) move = old.move;
        if (old.gen == generation_ && bound != Bound::Exact && old.depth > depth + 2) return;
      }
      victim = &s;
      break;
    }
    Unpacked u = unpack(data);
    int age = (generation_ - u.gen) & 63;
    int worth = u.depth - 2 * age;
    if (worth < worst) {
      worst = worth;
      victim = &s;
    }
  }
  depth = std::clamp(depth, -1, 254);
  std::uint64_t data =
      (move & kMoveMask) | (static_cast<std::uint64_t>(static_cast<std::uint16_t>(score)) << 22) |
      (static_cast<std::uint64_t>(depth + 1) << 38) | (static_cast<std::uint64_t>(bound) << 46) |
      (static_cast<std::uint64_t>(generation_) << 48);
  victim->data.store(data, std::memory_order_relaxed);
  victim->check.store(key ^ data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  int used = 0;
  const std::size_t sample = std::min<std::size_t>(count_, 250);
  for (std::size_t i = 0; i < sample; ++i)
    for (const Slot& s : buckets_[i].slots) {
      std::uint64_t data = s.data.load(std::memory_order_relaxed);
      if (data != 0 && unpack(data).gen == generation_) ++used;
    }
  return static_cast<int>(used * 1000 / (sample * kWays));
}

}  // namespace qi::engine
