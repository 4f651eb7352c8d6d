#!/usr/bin/env bash
# Installs the Debian 12 packages Qi needs to build, test and run, and only
# those that are missing, so a second run costs nothing.
set -euo pipefail

packages=(
  cmake ninja-build g++ clang libclang-rt-14-dev  # build, and libFuzzer via clang
  libgtest-dev libgmock-dev libbenchmark-dev        # tests and benchmarks
  libcli11-dev                                      # command-line parsing
  libsodium-dev                                     # password hashing (Argon2id) for profiles
  libicu-dev                                        # people's names: NFKC, confusables (UTS #39)
  nlohmann-json3-dev                                # JSON (arena output, the web app's API)
  stockfish                                         # chess reference engine for differential tests
  fairy-stockfish                                   # xiangqi reference engine for differential tests
  fairymax                                          # MaxQi, an xboard xiangqi engine (strength matches)
  libsqlite3-dev libboost-dev                       # the web app: storage and HTTP (Beast, Asio)
  libpq-dev postgresql                              # PostgreSQL storage, and the server its tests start
  libjemalloc-dev                                   # the server's allocator (docs/performance.md)
  chromium fonts-wqy-microhei                       # the end-to-end tests' browser, with CJK glyphs
  xboard polyglot uci2wb xvfb xauth                 # Qi under real GUIs (bench/gui_games.sh, the gui test)
)

# Named packages instead of the list: what a bench script needs beyond make
# test (bench/reference_matches.sh: toga2 ethereal-chess).
only_named=$#
[ "$only_named" -eq 0 ] || packages=("$@")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# The front end's build needs Node.js and npm; a machine may already have
# them from elsewhere than Debian, so look for the commands, not the packages.
if [ "$only_named" -eq 0 ]; then
  command -v node > /dev/null || missing+=(nodejs)
  command -v npm > /dev/null || missing+=(npm)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
