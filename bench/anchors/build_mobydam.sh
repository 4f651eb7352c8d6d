#!/usr/bin/env bash
# Builds Moby Dam behind bench/anchors/mobydam_uci.c, for measurement only:
#   bench/anchors/build_mobydam.sh MOBYDAM_SOURCE_DIR OUTPUT_BINARY
# MOBYDAM_SOURCE_DIR is a checkout of Moby Dam's source (core/ and main/, the
# 2019-05-19 release); nothing of it enters this repository. The flags are
# those of Moby Dam's own Makefile.
set -euo pipefail
src=${1:?usage: build_mobydam.sh MOBYDAM_SOURCE_DIR OUTPUT_BINARY}
out=${2:?usage: build_mobydam.sh MOBYDAM_SOURCE_DIR OUTPUT_BINARY}
here=$(cd "$(dirname "$0")" && pwd)
gcc -O3 -mpopcnt -flto -DPF -DETC -DLMR -DKIL -DCUT -w \
  -I"$src/main" -I"$src/core" \
  "$here/mobydam_uci.c" "$src/main/search.c" \
  "$src"/core/{move,book,break,end,eval,tt,util}.c \
  -o "$out"
echo "built $out"
