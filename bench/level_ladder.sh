#!/usr/bin/env bash
# Each level against the level below at movetime=50, through the arena, one
# match at a time (docs/levels.md); CONC=2 plays two games at once (one per
# core, on a quiet machine only).
#   bench/level_ladder.sh [GAMES_PER_PAIR] [OUT_DIR] [GAME ...]
set -euo pipefail
qi=${QI:-build/qi}
n=${1:-100}
out=${2:-ladder}
shift $(($# < 2 ? $# : 2))
games=${*:-chess xiangqi checkers}
mkdir -p "$out"
for g in $games; do
  for hi in 2 3 4 5 6 7 8 9 10; do
    lo=$((hi - 1))
    echo "$g $hi v $lo: start $(uptime | sed 's/.*load/load/')"
    "$qi" match --game "$g" --player "qi:level=$hi" --player "qi:level=$lo" --tc movetime=50 --games "$n" \
      --concurrency "${CONC:-1}" --openings "bench/openings/$g.pgn" --pgn "$out/$g-$hi-$lo.pgn" | tail -5
    echo "$g $hi v $lo: end $(uptime | sed 's/.*load/load/')"
  done
done
