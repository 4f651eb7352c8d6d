#!/usr/bin/env bash
# Load and failover of several servers on one database: two `qi serve`
# instances on a throwaway PostgreSQL server (bench/postgres_server.sh), and
# `qi_live_load` (bench/live_load.cpp) playing GAMES games between two people
# over WebSockets, each player of a game on a different instance, a move every
# 2 s, for SECONDS. With KILL_AFTER > 0 the first instance is killed with
# SIGKILL that many seconds in: its players reconnect to the other, which
# takes its games over; the client checks at the end that every move it was
# answered 200 for is in its game. Everything it starts is stopped at the end.
#
#   bench/cluster_load.sh [GAMES=1000] [SECONDS=60] [KILL_AFTER=0]
#   QI=build/qi CLIENT=build/qi_live_load bench/cluster_load.sh 1000 60 30
#
# Prints the client's JSON (latencies at the client: act -> reply, and move ->
# the opponent's socket on the other instance sees it), then each instance's
# /api/stats (requests, store health, games taken over).
set -euo pipefail
cd "$(dirname "$0")/.."
QI=${QI:-build/qi}
CLIENT=${CLIENT:-build/qi_live_load}
games=${1:-1000}
seconds=${2:-60}
kill_after=${3:-0}
[ -x "$QI" ] && [ -x "$CLIENT" ] || { echo "build $QI and $CLIENT first (cmake -DQI_BENCH=ON)" >&2; exit 2; }

work=$(mktemp -d)
uri=""
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2> /dev/null || true; done
  [ -z "$uri" ] || bench/postgres_server.sh stop "$uri"
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
uri=$(bench/postgres_server.sh start)
ports=()
for name in a b; do
  port=$(free_port)
  "$QI" serve --port "$port" --db "$uri" --web-root /nonexistent > "$work/$name.out" 2> "$work/$name.err" &
  pids+=($!)
  ports+=("$port")
done
for port in "${ports[@]}"; do
  for _ in $(seq 300); do
    curl -sf "http://127.0.0.1:$port/api/info" > /dev/null && break
    sleep 0.1
  done
done
echo "# two instances on ports ${ports[*]}, PostgreSQL at $uri; $games games for $seconds s" >&2

"$CLIENT" --server "http://127.0.0.1:${ports[0]}" --server "http://127.0.0.1:${ports[1]}" --games "$games" \
  --interval-ms 2000 --duration-s "$seconds" --sources 128 --clock-minutes "${CLOCK_MINUTES:-10}" > "$work/client.json" &
client=$!
pids+=($client)
if [ "$kill_after" -gt 0 ]; then
  sleep "$kill_after"
  kill -9 "${pids[0]}"
  killed_at=$(date +%s.%N)
  echo "# killed the instance on port ${ports[0]} (SIGKILL) at ${kill_after} s" >&2
  # How long until the survivor has taken the killed instance's games over.
  # The count is read every 0.1 s; the takeover is over once it has not
  # moved for 2 s (a takeover check runs every second).
  last=-1
  changed_at=$killed_at
  for _ in $(seq 300); do
    n=$(curl -sf "http://127.0.0.1:${ports[1]}/api/stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["storage"]["cluster"]["games_taken_over"])')
    now=$(date +%s.%N)
    if [ "$n" != "$last" ]; then
      last=$n
      changed_at=$now
    elif [ "$n" -gt 0 ] && python3 -c "import sys; sys.exit(0 if $now - $changed_at > 2 else 1)"; then
      break
    fi
    sleep 0.1
  done
  echo "# the survivor took over $n games; the last within $(python3 -c "print(round($changed_at - $killed_at, 2))") s of the kill" >&2
fi
wait "$client" || true
cat "$work/client.json"
for i in 0 1; do
  echo "# instance ${ports[$i]}:" >&2
  curl -sf "http://127.0.0.1:${ports[$i]}/api/stats" >&2 || echo "(not running)" >&2
  echo >&2
done
