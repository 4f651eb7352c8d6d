#!/usr/bin/env bash
# Qi against reference engines at 10+0.1, one thread, one match at a time
# (docs/strength.md): chess level 10 against Stockfish 15.1 at UCI_Elo 2400,
# chess levels 4-10 against UCI_Elo settings near them (bench/calibrate_levels.py
# turns those into the level -> Elo table), xiangqi level 10 against MaxQi
# (package fairymax, xboard) and Fairy-Stockfish at full strength, and chess
# level 10 against Toga II 3.0 and Ethereal 12 at full strength (packages
# toga2 and ethereal-chess, installed here when missing). A count of
# 0 skips a match; CONC=2 plays two games at once (one per core, on a quiet
# machine only). CAL lists chess's calibration pairs, "level UCI_Elo,...";
# XCAL xiangqi's, against Fairy-Stockfish's UCI_Elo (none by default). A match
# whose PGN is in OUT_DIR goes on from it (--resume) to its count of games.
#   N2400=200 NCAL=20 NMAXQI=100 NFSF=100 NTOGA=100 NETHEREAL=100 CONC=1 \
#     bench/reference_matches.sh [OUT_DIR]
set -euo pipefail
# The two chess engines make test does not need (its setup has the rest).
"$(dirname "$0")/../scripts/setup.sh" toga2 ethereal-chess
qi=${QI:-build/qi}
out=${1:-reference}
mkdir -p "$out"
sf="cmd=/usr/games/stockfish option.Threads=1 option.Hash=16 option.UCI_LimitStrength=true"
run() { # name game games player...
  local name=$1 g=$2 n=$3
  shift 3
  [ "$n" -gt 0 ] || return 0
  echo "$name: start $(uptime | sed 's/.*load/load/')"
  "$qi" match --game "$g" --tc 10+0.1 --games "$n" --concurrency "${CONC:-1}" --openings "bench/openings/$g.pgn" \
    --pgn "$out/$name.pgn" --resume "$@" | tail -5
  echo "$name: end $(uptime | sed 's/.*load/load/')"
}
run chess-L10-SF2400 chess "${N2400:-200}" --player qi:level=10 --player "$sf name=SF2400 option.UCI_Elo=2400"
IFS=, read -ra pairs <<<"${CAL:-10 2200,9 2000,8 1850,7 1700,6 1550,5 1400,4 1350}"
for pair in "${pairs[@]}"; do
  set -- $pair
  [ $# -eq 2 ] || continue # CAL=" " skips chess's calibration
  run "chess-L$1-SF$2" chess "${NCAL:-20}" --player "qi:level=$1" --player "$sf name=SF$2 option.UCI_Elo=$2"
done
fsf="cmd=/usr/games/fairy-stockfish option.Threads=1 option.Hash=16"
IFS=, read -ra pairs <<<"${XCAL:-}"
for pair in "${pairs[@]}"; do
  set -- $pair
  [ $# -eq 2 ] || continue # CAL=" " skips chess's calibration
  run "xiangqi-L$1-FSF$2" xiangqi "${NCAL:-20}" --player "qi:level=$1" \
    --player "$fsf name=FSF$2 option.UCI_LimitStrength=true option.UCI_Elo=$2"
done
run xiangqi-L10-MaxQi xiangqi "${NMAXQI:-100}" --player qi:level=10 \
  --player "cmd=/usr/games/maxqi proto=xboard name=MaxQi"
run xiangqi-L10-FSF xiangqi "${NFSF:-100}" --player qi:level=10 \
  --player "$fsf name=FairyStockfish"
run chess-L10-Toga chess "${NTOGA:-100}" --player qi:level=10 \
  --player "cmd=/usr/games/toga2 option.Hash=16 option.OwnBook=false name=TogaII"
run chess-L10-Ethereal chess "${NETHEREAL:-100}" --player qi:level=10 \
  --player "cmd=/usr/games/ethereal-chess option.Threads=1 option.Hash=16 name=Ethereal"
