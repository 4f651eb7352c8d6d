// The counting allocator of this test program: operator new and delete
// replaced by malloc and free with counts beside (atomic: the app's threads
// allocate too). Sizes are malloc's usable sizes, so that a block is counted
// the same when it is freed as when it was allocated.
#include <gtest/gtest.h>
#include <malloc.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "allocation_count.h"

namespace {

std::atomic<std::uint64_t> g_allocated{0};
std::atomic<std::int64_t> g_held{0};
std::atomic<std::int64_t> g_peak{0};

void* counted_new(std::size_t size) {
  void* p = std::malloc(size == 0 ? 1 : size);
  if (!p) throw std::bad_alloc();
  const auto usable = static_cast<std::int64_t>(malloc_usable_size(p));
  g_allocated.fetch_add(static_cast<std::uint64_t>(usable), std::memory_order_relaxed);
  const std::int64_t held = g_held.fetch_add(usable, std::memory_order_relaxed) + usable;
  std::int64_t peak = g_peak.load(std::memory_order_relaxed);
  while (held > peak && !g_peak.compare_exchange_weak(peak, held, std::memory_order_relaxed)) {
  }
  return p;
}

void counted_delete(void* p) noexcept {
  if (!p) return;
  g_held.fetch_sub(static_cast<std::int64_t>(malloc_usable_size(p)), std::memory_order_relaxed);
  std::free(p);
}

}  // namespace

void* operator new(std::size_t size) { return counted_new(size); }
void* operator new[](std::size_t size) { return counted_new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return counted_new(size);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return counted_new(size);
  } catch (...) {
    return nullptr;
  }
}
void operator delete(void* p) noexcept { counted_delete(p); }
void operator delete[](void* p) noexcept { counted_delete(p); }
void operator delete(void* p, std::size_t) noexcept { counted_delete(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_delete(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { counted_delete(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { counted_delete(p); }

namespace qi::test {

std::uint64_t allocated_bytes() { return g_allocated.load(); }
std::int64_t held_bytes() { return g_held.load(); }
std::int64_t peak_held_bytes() { return g_peak.load(); }
void reset_peak() { g_peak.store(g_held.load()); }

namespace {

TEST(AllocationCount, CountsWhatIsAllocatedHeldAndFreed) {
  const std::uint64_t before = allocated_bytes();
  const std::int64_t held = held_bytes();
  reset_peak();
  {
    std::vector<char> block(100000);
    EXPECT_GE(allocated_bytes() - before, 100000u);
    EXPECT_GE(held_bytes() - held, 100000);
  }
  EXPECT_LT(held_bytes() - held, 1000);
  EXPECT_GE(peak_held_bytes() - held, 100000);
}

}  // namespace
}  // namespace qi::test
