#!/usr/bin/env bash
# Xiangqi perft speed: Qi against Fairy-Stockfish in the same run, on the
# start position (depth 5) and a middlegame (depth 4). Prints the median of
# several runs of each and the time ratio. Node counts must agree.
#
#   bench/perft_vs_fairy_stockfish.sh [build-dir] [runs]
set -euo pipefail
build=${1:-build}
runs=${2:-3}
fsf=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}
[ -x "$fsf" ] || { echo "fairy-stockfish not found ($fsf)"; exit 1; }

start="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
middle="r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"

now() { date +%s.%N; }

# Qi through `qi perft` when the command exists, else the tiny helper below
# built from the library (the same code path: qi::perft over Position).
qi_perft() {  # fen depth -> "nodes seconds"
  local t0 t1 nodes
  t0=$(now)
  if "$build/qi" perft xiangqi --fen "$1" --depth "$2" > "$helper_dir/out" 2>/dev/null; then
    nodes=$(awk '/^nodes/ {print $2}' "$helper_dir/out")
  else
    nodes=$("$helper" "$1" "$2")
  fi
  t1=$(now)
  rm -f "$helper_dir/out"
  echo "$nodes $(echo "$t1 - $t0" | bc -l)"
}

fsf_perft() {  # fen depth -> "nodes seconds"
  local t0 t1 line nodes=""
  coproc FSF { "$fsf"; }
  echo "uci" >&"${FSF[1]}"
  echo "setoption name UCI_Variant value xiangqi" >&"${FSF[1]}"
  echo "position fen $1" >&"${FSF[1]}"
  echo "isready" >&"${FSF[1]}"
  while read -r line <&"${FSF[0]}"; do [[ $line == readyok* ]] && break; done
  t0=$(now)
  echo "go perft $2" >&"${FSF[1]}"
  while read -r line <&"${FSF[0]}"; do
    if [[ $line == Nodes\ searched* ]]; then nodes=${line##*: }; break; fi
  done
  t1=$(now)
  echo "quit" >&"${FSF[1]}"
  wait "$FSF_PID" 2>/dev/null || true
  echo "$nodes $(echo "$t1 - $t0" | bc -l)"
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# The fallback helper: a few lines over the library, compiled once.
helper_dir=$(mktemp -d)
trap 'rm -rf "$helper_dir"' EXIT
helper=$helper_dir/qi_perft
root=$(cd "$(dirname "$0")/.." && pwd)
if ! "$build/qi" perft xiangqi --depth 1 > /dev/null 2>&1; then
  cat > "$helper.cpp" <<'CPP'
#include <cstdio>
#include <cstdlib>
#include "core/perft.h"
#include "games/xiangqi/position.h"
int main(int, char** argv) {
  auto pos = qi::xiangqi::Position::from_fen(argv[1]);
  if (!pos) return 2;
  std::printf("%llu\n", static_cast<unsigned long long>(qi::perft(*pos, std::atoi(argv[2]))));
}
CPP
  g++ -O3 -march=native -std=c++20 -I"$root/src" "$helper.cpp" "$build/src/games/xiangqi/libqi_xiangqi.a" \
    "$build/src/core/libqi_core.a" -o "$helper"
  echo "(qi perft command not available: timing the library through a helper)"
fi

printf "%-12s %5s %12s %10s %10s %7s\n" position depth nodes qi_s fsf_s ratio
for spec in "start|$start|5" "middlegame|$middle|4"; do
  IFS='|' read -r name fen depth <<< "$spec"
  qi_times=() fsf_times=()
  for _ in $(seq "$runs"); do
    read -r qn qt <<< "$(qi_perft "$fen" "$depth")"
    read -r fn ft <<< "$(fsf_perft "$fen" "$depth")"
    [ "$qn" = "$fn" ] || { echo "node counts differ on $name: qi $qn, fairy-stockfish $fn"; exit 1; }
    qi_times+=("$qt") fsf_times+=("$ft")
  done
  q=$(printf '%s\n' "${qi_times[@]}" | median)
  f=$(printf '%s\n' "${fsf_times[@]}" | median)
  printf "%-12s %5s %12s %10.3f %10.3f %6.2fx\n" "$name" "$depth" "$qn" "$q" "$f" "$(echo "$f / $q" | bc -l)"
done
