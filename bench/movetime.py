#!/usr/bin/env python3
"""How much of `go movetime T` a UCI engine uses: the time from sending `go`
to reading `bestmove`, as a share of T, over a few positions of chess and of
xiangqi (UCI_Variant xiangqi). UCI asks for a search of exactly T; Qi keeps
only its Move Overhead (10 ms by default) in hand.

    bench/movetime.py [--qi build/qi] [--times 200,1000] [--repeat 2]

Prints one line per game and T: the mean, lowest and highest share, and the
mean in milliseconds. The engine's standard input stays open throughout
(closing it would be a quit, which ends a search early)."""

import argparse
import statistics
import subprocess
import time

POSITIONS = {
    "chess": [
        "startpos",
        "startpos moves e2e4 e7e5 g1f3 b8c6 f1b5",
        "fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "fen 2r3k1/pp3ppp/2n5/3p4/3P4/2P2N2/P4PPP/R5K1 b - - 0 20",
        "fen 8/5pk1/6p1/8/3R4/6P1/5PK1/2r5 w - - 0 40",
    ],
    "xiangqi": [
        "startpos",
        "fen rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3",
        "fen r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3",
        "fen 3akab2/9/4b4/p3p3p/2p3p2/9/P1P1P1P1P/4C4/9/2BAKAB2 w - - 0 20",
    ],
}


class Engine:
    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, prefix):
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the engine closed its output")
            if line.startswith(prefix):
                return line.strip()

    def close(self):
        self.send("quit")
        self.process.wait(timeout=10)


def measure(qi, game, movetime, repeat):
    engine = Engine([qi, "uci"])
    engine.send("uci")
    engine.until("uciok")
    if game != "chess":
        engine.send("setoption name UCI_Variant value " + game)
    shares = []
    for _ in range(repeat):
        for position in POSITIONS[game]:
            engine.send("ucinewgame")
            engine.send("position " + position)
            engine.send("isready")
            engine.until("readyok")
            start = time.monotonic()
            engine.send("go movetime %d" % movetime)
            engine.until("bestmove")
            shares.append((time.monotonic() - start) * 1000 / movetime)
    engine.close()
    return shares


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--qi", default="build/qi")
    parser.add_argument("--times", default="200,1000", help="values of T in ms, comma-separated")
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    print("game     T (ms)  mean   lowest highest  mean ms")
    for game in POSITIONS:
        for movetime in (int(t) for t in args.times.split(",")):
            shares = measure(args.qi, game, movetime, args.repeat)
            print(
                "%-8s %6d  %4.0f %%  %4.0f %%  %4.0f %%  %7.0f"
                % (game, movetime, 100 * statistics.mean(shares), 100 * min(shares), 100 * max(shares),
                   statistics.mean(shares) * movetime)
            )


if __name__ == "__main__":
    main()
