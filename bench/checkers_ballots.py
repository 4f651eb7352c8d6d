#!/usr/bin/env python3
"""Three-move openings of English checkers, kept where Qi's search finds them balanced.

Checkers matches start from three-move ballots, as its tournaments do (the
American Checker Federation plays a deck of 156 of them). This writes every
legal three-ply start, found through `qi uci`'s perft lines, and keeps those
whose depth-D search from the position after them scores within the band, as
PDN games a match reads with --openings:

    bench/checkers_ballots.py build/qi 18 40 > ballots.pdn

Arguments: the qi binary, the search depth, the band in centipawns (a man is
100). The counts (starts, kept) go to standard error.
"""
import subprocess
import sys


class Engine:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.send("setoption name UCI_Variant value checkers")
        self.send("setoption name Hash value 64")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("qi closed its output")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def moves_after(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go perft 1")
        lines = self.wait_for("Nodes searched")
        return [l.split(":")[0] for l in lines if ":" in l and not l.startswith(("Nodes", "info"))]

    def score_after(self, moves, depth):
        self.send("ucinewgame")
        self.send("position startpos moves " + " ".join(moves))
        self.send("go depth %d" % depth)
        score = None
        for line in self.wait_for("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                if words[i + 1] == "cp":
                    score = int(words[i + 2])
                elif words[i + 1] == "mate":
                    score = 100000 if int(words[i + 2]) > 0 else -100000
        return score


def main():
    binary, depth, band = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    engine = Engine(binary)
    starts = [[]]
    for _ in range(3):
        starts = [s + [m] for s in starts for m in engine.moves_after(s)]
    kept = 0
    for number, moves in enumerate(starts, 1):
        score = engine.score_after(moves, depth)  # for White, to move after three plies
        if score is None or abs(score) > band:
            print("left out %s: %s" % (" ".join(moves), score), file=sys.stderr)
            continue
        kept += 1
        print('[Event "ballot %d"]' % kept)
        print('[GameType "21"]')
        print('[Annotator "depth %d: %+d for White"]' % (depth, score))
        print()
        print("1. %s %s 2. %s *" % tuple(moves))
        print()
    engine.send("quit")
    print("three-move starts: %d, kept within %d cp at depth %d: %d" % (len(starts), band, depth, kept),
          file=sys.stderr)


if __name__ == "__main__":
    main()
