#!/usr/bin/env bash
# English checkers perft 12 from the start (388,623,673 nodes), three runs,
# median speed. Uses `qi perft` when the command is available, else the
# Google Benchmark program.
set -euo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if "$build/qi" perft checkers --depth 1 >/dev/null 2>&1; then
  for run in 1 2 3; do
    start=$(date +%s.%N)
    nodes=$("$build/qi" perft checkers --depth 12 | awk '/^nodes/ {print $2}')
    end=$(date +%s.%N)
    echo "$nodes $(echo "$end - $start" | bc -l)"
  done | sort -k2 -n | sed -n 2p | awk '{printf "english perft 12: %d nodes, %.3f s, %.1f Mnps (median of 3)\n", $1, $2, $1 / $2 / 1e6}'
else
  "$build/bench/bench_checkers" --benchmark_filter='English' --benchmark_counters_tabular=true
fi
