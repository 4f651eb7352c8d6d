#!/usr/bin/env bash
# Lazy SMP: time to the same depth with 1 and 2 threads (docs/performance.md),
# the median of RUNS runs per position, each from an empty table.
#   RUNS=3 bench/thread_speedup.sh
set -euo pipefail
qi=${QI:-build/qi}
runs=${RUNS:-3}
positions=(
  "chess|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|16|start"
  "chess|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|14|Kiwipete"
  "chess|r1bq1rk1/pp2bppp/2n1pn2/2pp4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 8|16|Queen's Gambit middle game"
  "chess|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|22|rook ending"
  "xiangqi|rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1|12|start"
)
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "| position | depth | 1 thread | 2 threads | speed-up |"
echo "| --- | ---: | ---: | ---: | ---: |"
for p in "${positions[@]}"; do
  IFS='|' read -r game fen depth name <<<"$p"
  declare -A ms=()
  for t in 1 2; do
    ms[$t]=$(for ((i = 0; i < runs; ++i)); do
      "$qi" go "$game" --fen "$fen" --depth "$depth" --threads "$t" 2>&1 | grep '^info depth' | tail -1 |
        sed 's/.* time \([0-9]*\).*/\1/'
    done | median)
  done
  awk -v g="$game" -v n="$name" -v d="$depth" -v a="${ms[1]}" -v b="${ms[2]}" \
    'BEGIN {printf "| %s, %s | %d | %.2f s | %.2f s | %.2f |\n", g, n, d, a/1000, b/1000, a/b}'
done
