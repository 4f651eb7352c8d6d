// Move generation speed: perft from the start and from a middlegame, and
// legal move counting alone.
#include <benchmark/benchmark.h>

#include "core/perft.h"
#include "games/xiangqi/position.h"

namespace {

using qi::xiangqi::Position;

// A middlegame after a common opening, with both sides developed.
constexpr const char* kMiddlegame = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

void BM_PerftStart(benchmark::State& state) {
  Position pos;
  for (auto _ : state) benchmark::DoNotOptimize(qi::perft(pos, static_cast<int>(state.range(0))));
}
BENCHMARK(BM_PerftStart)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);

void BM_PerftMiddlegame(benchmark::State& state) {
  Position pos = *Position::from_fen(kMiddlegame);
  for (auto _ : state) benchmark::DoNotOptimize(qi::perft(pos, static_cast<int>(state.range(0))));
}
BENCHMARK(BM_PerftMiddlegame)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

void BM_CountLegal(benchmark::State& state) {
  Position pos;
  for (auto _ : state) benchmark::DoNotOptimize(pos.count_legal());
}
BENCHMARK(BM_CountLegal);

void BM_GenerateLegal(benchmark::State& state) {
  Position pos;
  Position::MoveList list;
  for (auto _ : state) {
    list.clear();
    pos.generate_legal(list);
    benchmark::DoNotOptimize(list.size());
  }
}
BENCHMARK(BM_GenerateLegal);

}  // namespace
