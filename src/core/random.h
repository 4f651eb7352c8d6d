// Deterministic pseudo-random numbers for Zobrist tables and reproducible
// tests: the same seed gives the same keys on every machine and every run.
#pragma once

#include <cstdint>

namespace qi {

// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and every 64-bit output
// is equally likely, which is all Zobrist hashing asks for.
class SplitMix64 {
 public:
  constexpr explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

  constexpr std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  // Uniform in [0, bound) for bound > 0 (Lemire's multiply-shift; the tiny
  // bias is irrelevant for playouts and tests).
  constexpr std::uint64_t below(std::uint64_t bound) {
    __extension__ using Wide = unsigned __int128;
    return static_cast<std::uint64_t>((static_cast<Wide>(next()) * bound) >> 64);
  }

 private:
  std::uint64_t state_;
};

}  // namespace qi
