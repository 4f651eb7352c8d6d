// What the program has allocated, counted by the replacement of operator
// new and delete in allocation_count_test.cpp (this test program only): the
// bytes ever allocated, and those held now and at most since a mark. The
// tests of this folder measure work and memory with it, never time.
#pragma once

#include <cstdint>

namespace qi::test {

// Bytes allocated since the program started, freed or not.
std::uint64_t allocated_bytes();
// Bytes allocated and not yet freed.
std::int64_t held_bytes();
// The most held_bytes() has been since the last reset_peak().
std::int64_t peak_held_bytes();
void reset_peak();

}  // namespace qi::test
