// Perft speed of the checkers rules engine from the start positions (bulk
// counting at the last ply). English depth 12 is the figure the project
// tracks; see bench/perft_checkers.sh for the command-line run.
#include <benchmark/benchmark.h>

#include "core/perft.h"
#include "games/checkers/position.h"

namespace {

template <class V>
void BM_Perft(benchmark::State& state) {
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    qi::checkers::Position<V> p = qi::checkers::Position<V>::start();
    nodes = qi::perft(p, depth);
    benchmark::DoNotOptimize(nodes);
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nps"] = benchmark::Counter(
      static_cast<double>(nodes) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_Perft<qi::checkers::English>)
    ->Arg(12)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3);
BENCHMARK(BM_Perft<qi::checkers::Russian>)->Arg(10)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_Perft<qi::checkers::Brazilian>)->Arg(10)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_Perft<qi::checkers::International>)->Arg(9)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
