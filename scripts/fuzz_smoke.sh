#!/usr/bin/env bash
# Runs every libFuzzer target of a build for a short while, two at a time,
# starting from the seed inputs in fuzz/corpus/<target>/. Fails if any target
# finds a crash, a leak or a hang.
set -euo pipefail
build=${1:-build-fuzz}
seconds=${2:-20}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run_one() {
  local bin=$1 name
  name=$(basename "$bin")
  mkdir -p "$work/$name"
  [ -d "$root/fuzz/corpus/$name" ] && cp -r "$root/fuzz/corpus/$name/." "$work/$name/"
  if "$bin" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -artifact_prefix="$work/$name-" \
      "$work/$name" > "$work/$name.log" 2>&1; then
    echo "fuzz: $name ok ($(grep -c '' "$work/$name.log") log lines, $(ls "$work/$name" | wc -l) corpus inputs)"
  else
    echo "fuzz: $name FAILED"; tail -40 "$work/$name.log"; return 1
  fi
}
export -f run_one
export work seconds root

targets=$(find "$build/fuzz" -maxdepth 1 -type f -name 'fuzz_*' -perm -u+x | sort)
[ -n "$targets" ] || { echo "fuzz: no targets in $build/fuzz"; exit 1; }
echo "$targets" | xargs -P 2 -I{} bash -c 'run_one {}'
