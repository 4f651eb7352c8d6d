#!/usr/bin/env bash
# The records measurement: every archive file of ARCHIVE_DIR/MANIFEST.tsv
# (gathered by gather.sh) read by Qi as an import would, without naming the
# variant (`qi records --json --game G`: only the game is given), and by the
# independent readers of compare.mjs; prints the per-game-and-variant table
# and the catalogue of what Qi refuses (docs/records.md).
#
#   bench/records/run.sh ARCHIVE_DIR [QI_BINARY]
#
# QI_BINARY defaults to build/qi. The reference libraries are installed from
# the committed package-lock.json (npm ci) on the first run. Qi's lines and
# the per-record details are left in ARCHIVE_DIR/results/.
#
# SCAN, when set, names a binary of Scan (the international draughts engine,
# built outside this repository), which then checks the international games
# move by move (scan.mjs); without it, draughts.js alone does, and it is no
# reference for flying kings.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[[ $# -ge 1 ]] || { echo "usage: $0 ARCHIVE_DIR [QI_BINARY]" >&2; exit 2; }
archive=$(cd "$1" && pwd)
qi=$(realpath "${2:-$here/../../build/qi}")
[[ -x $qi ]] || { echo "no qi at $qi: build it first (cmake --build build --target qi)" >&2; exit 2; }
[[ -f $archive/MANIFEST.tsv ]] || { echo "no MANIFEST.tsv in $archive: run gather.sh first" >&2; exit 2; }
[[ -d $here/node_modules ]] || (cd "$here" && npm ci --silent)

results="$archive/results"
mkdir -p "$results"
: >"$results/qi.jsonl"
while IFS= read -r line; do
  IFS=$'\t' read -r local _ _ _ _ game _ <<<"$line"
  [[ $local != local_path ]] || continue
  case $game in
    draughts) qi_game=checkers ;;
    *) qi_game=$game ;;
  esac
  # Exit status 1 means some records were refused: that is what is measured.
  (cd "$archive" && "$qi" records --json --game "$qi_game" "$local" 2>/dev/null) >>"$results/qi.jsonl" || [[ $? -eq 1 ]]
done <"$archive/MANIFEST.tsv"
node "$here/compare.mjs" "$archive" "$results/qi.jsonl" "$results/details.jsonl" | tee "$results/report.md"
