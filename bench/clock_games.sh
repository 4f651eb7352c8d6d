#!/usr/bin/env bash
# Clock games at 1+0.01 for every level of every game, through the arena:
# pairs 1v2, 3v4, 5v6, 7v8, 9v10 and 10v10, one match at a time, flags at
# zero (--margin 0). Losses on time, illegal moves and crashes are counted by
# bench/match_summary.py from the PGN files. GAMES chooses the games (two
# runs with different games can share a quiet 2-core machine, one per core).
# PAIRS chooses the pairs ("1 2,3 4,5 6,7 8,9 10" gives every level the same
# number of games).
#   GAMES="chess xiangqi checkers tictactoe" PAIRS="1 2,3 4,5 6,7 8,9 10,10 10" \
#     bench/clock_games.sh [GAMES_PER_PAIR] [OUT_DIR]
set -euo pipefail
qi=${QI:-build/qi}
n=${1:-50}
out=${2:-clock-games}
mkdir -p "$out"
for g in ${GAMES:-chess xiangqi checkers tictactoe}; do
  openings=()
  [ -f "bench/openings/$g.pgn" ] && openings=(--openings "bench/openings/$g.pgn")
  IFS=, read -ra pairs <<<"${PAIRS:-1 2,3 4,5 6,7 8,9 10,10 10}"
  for pair in "${pairs[@]}"; do
    set -- $pair
    echo "$g $1v$2: start $(uptime | sed 's/.*load/load/')"
    "$qi" match --game "$g" --player "qi:level=$1" --player "qi:level=$2 name=L$2b" --tc 1+0.01 \
      --games "$n" --concurrency 1 "${openings[@]}" --margin 0 --pgn "$out/$g-$1v$2.pgn" | tail -4
    echo "$g $1v$2: end $(uptime | sed 's/.*load/load/')"
  done
done
