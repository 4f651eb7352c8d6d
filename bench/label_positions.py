#!/usr/bin/env python3
"""Adds a reference engine's evaluation to positions for the tuner.

    bench/label_positions.py ENGINE IN OUT [--nodes N] [--every K] [--jobs J] [--variant V]

IN holds "FEN;result" lines (qi_selfplay --dump). Each K-th line is searched
by ENGINE (a UCI engine: Stockfish for chess; Fairy-Stockfish with
--variant xiangqi, its UCI_Variant, for xiangqi; for English checkers a
deeper search of Qi's own, a script that runs `qi uci`, with --variant
checkers) for N nodes and written to OUT as
"FEN;result;score", score in centipawns from the first player's view (a
mate as +-3000). qi_tune blends such scores with the game results
(--oracle-weight): a game result is one noisy label shared by every position
of the game, an evaluation is a label of each position's own.
"""
import argparse
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

MATE = 3000


class Engine:
    def __init__(self, command, variant=None):
        self.proc = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")
        if variant:
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, word):
        lines = []
        for line in self.proc.stdout:
            lines.append(line)
            if line.split()[:1] == [word]:
                return lines
        raise RuntimeError("engine ended")

    def score(self, fen, nodes):
        """The last reported score, from the side to move's view."""
        self.send("position fen " + fen)
        self.send(f"go nodes {nodes}")
        score = None
        for line in self.wait_for("bestmove"):
            words = line.split()
            if "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
                score = value if kind == "cp" else (MATE if value > 0 else -MATE)
        return score

    def close(self):
        self.send("quit")
        self.proc.wait()


def first_to_move(fen):
    """Whether the first player is to move: White in chess, Red in xiangqi
    (" w "), Black in a PDN FEN of English checkers ("B:W...:B...")."""
    if ":" in fen.split()[0]:
        return fen.startswith("B")
    return fen.split()[1] == "w"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--nodes", type=int, default=4000)
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--variant", help="UCI_Variant to set (xiangqi for Fairy-Stockfish)")
    args = ap.parse_args()

    with open(args.input) as f:
        lines = [line.strip() for i, line in enumerate(f) if i % args.every == 0 and ";" in line]
    chunks = [lines[j :: args.jobs] for j in range(args.jobs)]

    def label(chunk):
        engine, out = Engine(args.engine, args.variant), []
        for line in chunk:
            fen = line.split(";")[0]
            score = engine.score(fen, args.nodes)
            if score is None:
                continue
            out.append(f"{line};{score if first_to_move(fen) else -score}")
        engine.close()
        return out

    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(label, chunks))
    with open(args.output, "w") as f:
        for chunk in results:
            f.write("\n".join(chunk) + "\n")
    print(f"{sum(map(len, results))} positions labelled", file=sys.stderr)


if __name__ == "__main__":
    main()
