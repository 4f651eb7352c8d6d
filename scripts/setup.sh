#!/usr/bin/env bash
# Installs the Debian 12 packages Qi needs to build, test and run, and only
# those that are missing, so a second run costs nothing.
set -euo pipefail

packages=(
  cmake ninja-build g++ clang libclang-rt-14-dev  # build, and libFuzzer via clang
  libgtest-dev libgmock-dev libbenchmark-dev        # tests and benchmarks
  libcli11-dev                                      # command-line parsing
  stockfish                                         # chess reference engine for differential tests
  fairy-stockfish                                   # xiangqi reference engine for differential tests
  libsqlite3-dev libcpp-httplib-dev nlohmann-json3-dev pkg-config  # the web app: storage, HTTP, JSON
  chromium                                          # the browser of the end-to-end tests
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
