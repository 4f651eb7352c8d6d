#!/usr/bin/env python3
"""Drives a UCI engine directly, without the arena, to give the baseline for
the arena's overhead: self-play at a fixed movetime, restarting from the
start position every 80 plies, printing the wall time a move from "go" to
"bestmove" and the time the engine itself reported.

usage: scripts/uci_direct_timing.py [ENGINE] [MOVES] [MOVETIME_MS]
"""
import subprocess
import sys
import time

engine = sys.argv[1] if len(sys.argv) > 1 else "/usr/games/stockfish"
moves_wanted = int(sys.argv[2]) if len(sys.argv) > 2 else 300
movetime = int(sys.argv[3]) if len(sys.argv) > 3 else 10

proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def send(line):
    proc.stdin.write(line + "\n")
    proc.stdin.flush()


def wait_for(word):
    while True:
        line = proc.stdout.readline()
        if not line:
            sys.exit("engine closed its output")
        if line.startswith(word):
            return line


send("uci")
wait_for("uciok")
send("setoption name Threads value 1")
send("setoption name Hash value 16")
send("isready")
wait_for("readyok")
wall = 0.0
reported = 0
moves = []
for _ in range(moves_wanted):
    send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
    start = time.perf_counter()
    send("go movetime %d" % movetime)
    last_time = 0
    while True:
        line = proc.stdout.readline()
        if line.startswith("info") and " time " in line:
            last_time = int(line.split(" time ")[1].split()[0])
        if line.startswith("bestmove"):
            break
    wall += time.perf_counter() - start
    reported += last_time
    moves.append(line.split()[1])
    if len(moves) >= 80 or moves[-1] == "(none)":
        moves = []
print("direct: %d moves, %.3f ms a move from go to bestmove, engine reported %.3f ms, %.3f ms beyond it"
      % (moves_wanted, wall * 1000 / moves_wanted, reported / moves_wanted,
         (wall * 1000 - reported) / moves_wanted))
send("quit")
