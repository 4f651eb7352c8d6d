# The two commands of the README: `make run` and `make test`. Both set up the
# machine first (scripts/setup.sh installs missing Debian packages).
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
FUZZ_SECONDS ?= 15

.PHONY: setup build build-web run test test-unit test-web test-asan test-fuzz test-e2e test-slow bench egdb format clean
PORT ?= 8080

setup:
	@scripts/setup.sh

build: setup
	@cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) > /dev/null
	@cmake --build build -j $(JOBS)
	@scripts/build_web.sh

# The front end alone: npm ci from the lockfile, then vite build into build/web
# (skipped when nothing under web/ changed).
build-web:
	@scripts/build_web.sh

run: build
	./build/qi serve --port $(PORT)

test: build test-unit test-web test-asan test-fuzz test-e2e

# The page in a real browser (Debian's chromium driven by playwright-core),
# and a game the page has never seen (tests/support/pawnrace, registered only
# in qi_with_test_game) played by the same generic check.
test-e2e: build
	cd web && QI_BINARY=$(CURDIR)/build/qi QI_EXTRA_GAMES_BINARY=$(CURDIR)/build/qi_with_test_game node e2e/run.mjs

test-unit: build
	ctest --test-dir build --output-on-failure -j $(JOBS) -LE slow

# The page's pure modules (web/test: clicks, notation, records, reviews, the
# game page's state) in Node by vitest, installed from the lockfile by build-web.
test-web: build-web
	cd web && npx vitest run

# -O1 -g1: sanitizers want little optimisation and line tables, not full debug
# information; this halves the build, the largest part of `make test`.
SANITIZE_FLAGS = -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG"

test-asan: setup
	@cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo $(SANITIZE_FLAGS) -DQI_SANITIZE=ON -DQI_BENCH=OFF > /dev/null
	@cmake --build build-asan -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir build-asan --output-on-failure -j $(JOBS) -LE slow

test-fuzz: setup
	@cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo $(SANITIZE_FLAGS) -DCMAKE_CXX_COMPILER=clang++ \
	  -DQI_FUZZ=ON -DQI_TESTS=OFF -DQI_BENCH=OFF > /dev/null
	@cmake --build build-fuzz -j $(JOBS)
	scripts/fuzz_smoke.sh build-fuzz $(FUZZ_SECONDS)

# Deep perft and long differential runs: minutes, not part of `make test`.
test-slow: build
	ctest --test-dir build --output-on-failure -j $(JOBS) -L slow

bench: build
	bench/perft_vs_stockfish.sh

# English checkers endgame tables of up to 5 pieces into build/egdb, where
# build/qi finds them (docs/checkers-endgame.md): about 1.5 minutes, 41 MiB.
egdb: build
	@build/qi egdb build --pieces 5 --dir build/egdb
	@du -sh build/egdb

format:
	find src tests bench fuzz -name '*.h' -o -name '*.cpp' | xargs clang-format -i

clean:
	rm -rf build build-asan build-fuzz
