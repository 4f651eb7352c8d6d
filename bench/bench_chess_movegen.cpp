// Chess move generation speed: perft (bulk-counted last ply) on well-known
// positions, and legal move generation alone on a middlegame position.
#include <benchmark/benchmark.h>

#include "core/perft.h"
#include "games/chess/position.h"

namespace {

using qi::chess::Position;

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* kKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
constexpr const char* kPosition3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
constexpr const char* kPosition4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";

void perft_bench(benchmark::State& state, const char* fen, int depth) {
  Position pos = Position::from_fen(fen).value();
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = qi::perft(pos, depth);
    benchmark::DoNotOptimize(nodes);
  }
  state.counters["leaves"] = static_cast<double>(nodes);
  state.counters["leaves/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

BENCHMARK_CAPTURE(perft_bench, start_4, kStart, 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft_bench, start_5, kStart, 5)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft_bench, kiwipete_4, kKiwipete, 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft_bench, position3_5, kPosition3, 5)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft_bench, position4_4, kPosition4, 4)->Unit(benchmark::kMillisecond);

void generate_legal_bench(benchmark::State& state) {
  Position pos = Position::from_fen(kKiwipete).value();
  Position::MoveList moves;
  for (auto _ : state) {
    moves.clear();
    pos.generate_legal(moves);
    benchmark::DoNotOptimize(moves.data());
  }
  state.counters["moves"] = static_cast<double>(moves.size());
}
BENCHMARK(generate_legal_bench);

void count_legal_bench(benchmark::State& state) {
  Position pos = Position::from_fen(kKiwipete).value();
  for (auto _ : state) benchmark::DoNotOptimize(pos.count_legal());
}
BENCHMARK(count_legal_bench);

void make_unmake_bench(benchmark::State& state) {
  Position pos = Position::from_fen(kKiwipete).value();
  Position::MoveList moves;
  pos.generate_legal(moves);
  for (auto _ : state)
    for (auto m : moves) {
      pos.make(m);
      pos.unmake(m);
    }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * moves.size()));
}
BENCHMARK(make_unmake_bench);

}  // namespace
