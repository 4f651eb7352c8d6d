#!/usr/bin/env bash
# Times `qi perft chess` against Stockfish's `go perft` on the same positions
# (start position depth 6, Kiwipete depth 5), several runs each, and prints
# the median times and the ratio qi/Stockfish (below 1.0: qi is faster).
#
# usage: bench/perft_vs_stockfish.sh [runs] [qi binary] [stockfish binary]
#
# qi is timed as a whole process (start-up included, which only counts
# against it); Stockfish from the moment `go perft` is sent, after it has
# started and answered readyok, until it prints its node count.
set -euo pipefail

runs=${1:-5}
qi=${2:-build/qi}
stockfish=${3:-$(command -v stockfish || echo /usr/games/stockfish)}

[ -x "$qi" ] || { echo "no qi binary at $qi (build first)"; exit 1; }
[ -x "$stockfish" ] || { echo "no stockfish binary at $stockfish"; exit 1; }

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.4f", b - a}'; }

# Prints "<seconds> <nodes>" for one qi run.
time_qi() {
  local depth=$1 fen=$2 start end out
  start=$(now)
  if [ "$fen" = startpos ]; then
    out=$("$qi" perft chess --depth "$depth" 2>/dev/null)
  else
    out=$("$qi" perft chess --fen "$fen" --depth "$depth" 2>/dev/null)
  fi
  end=$(now)
  echo "$(elapsed "$start" "$end") $(echo "$out" | awk '/^nodes /{print $2}' | tail -1)"
}

# Prints "<seconds> <nodes>" for one Stockfish run.
time_stockfish() {
  local depth=$1 fen=$2 line start end nodes=""
  coproc SF { "$stockfish" 2>/dev/null; }
  echo "isready" >&"${SF[1]}"
  while read -r line <&"${SF[0]}"; do [ "$line" = readyok ] && break; done
  if [ "$fen" = startpos ]; then
    echo "position startpos" >&"${SF[1]}"
  else
    echo "position fen $fen" >&"${SF[1]}"
  fi
  start=$(now)
  echo "go perft $depth" >&"${SF[1]}"
  while read -r line <&"${SF[0]}"; do
    case "$line" in "Nodes searched: "*) nodes=${line#Nodes searched: }; break ;; esac
  done
  end=$(now)
  echo "quit" >&"${SF[1]}"
  wait "$SF_PID" 2>/dev/null || true
  echo "$(elapsed "$start" "$end") $nodes"
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

compare() {
  local name=$1 depth=$2 fen=$3 qi_times="" sf_times="" qi_nodes="" sf_nodes="" r t n
  for ((r = 0; r < runs; ++r)); do
    read -r t n < <(time_qi "$depth" "$fen")
    qi_times+="$t"$'\n'
    qi_nodes=$n
    read -r t n < <(time_stockfish "$depth" "$fen")
    sf_times+="$t"$'\n'
    sf_nodes=$n
  done
  local qi_median sf_median
  qi_median=$(printf '%s' "$qi_times" | median)
  sf_median=$(printf '%s' "$sf_times" | median)
  printf '%-10s depth %d  qi %.3f s (nodes %s)  stockfish %.3f s (nodes %s)  ratio qi/stockfish %.2f\n' \
    "$name" "$depth" "$qi_median" "$qi_nodes" "$sf_median" "$sf_nodes" "$(awk -v a="$qi_median" -v b="$sf_median" 'BEGIN {print a / b}')"
  [ "$qi_nodes" = "$sf_nodes" ] || { echo "node counts differ"; return 1; }
}

echo "median of $runs runs"
compare start 6 startpos
compare kiwipete 5 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
