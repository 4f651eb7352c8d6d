// Tic-tac-toe speed: move generation and make/unmake (perft), the census of
// every game, and solving from the start.
#include <benchmark/benchmark.h>

#include "core/perft.h"
#include "games/tictactoe/census.h"
#include "games/tictactoe/solver.h"

namespace {

using qi::tictactoe::Board;

void BM_TicTacToePerft9(benchmark::State& state) {
  for (auto _ : state) {
    Board board;
    benchmark::DoNotOptimize(qi::perft(board, 9));
  }
  state.SetItemsProcessed(state.iterations() * 127872);
}
BENCHMARK(BM_TicTacToePerft9);

void BM_TicTacToeCountGames(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(qi::tictactoe::count_games(Board{}).games);
  state.SetItemsProcessed(state.iterations() * 255168);
}
BENCHMARK(BM_TicTacToeCountGames);

void BM_TicTacToeSolveStart(benchmark::State& state) {
  for (auto _ : state) {
    qi::tictactoe::Solver solver;
    benchmark::DoNotOptimize(solver.score(Board{}));
  }
}
BENCHMARK(BM_TicTacToeSolveStart);

}  // namespace
