#!/usr/bin/env python3
"""Xiangqi games between `qi uci` and Fairy-Stockfish, both with UCI_Variant
xiangqi, through a referee that passes each engine's bestmove text unchanged
to the other in "position startpos moves ...": Qi must read and write
Fairy-Stockfish's coordinates (ranks 1-10) for the games to go on. Every
move (and every ponder move) is checked against the legal moves a third
process, Fairy-Stockfish itself, lists with "go perft 1"; nothing of Qi's
judges Qi.

    bench/fairy_referee.py [--qi build/qi] [--games 6] [--movetime 100]

A game ends when the side to move has no legal move (it loses: mate and
stalemate alike in xiangqi), or by the referee's adjudication as a draw: a
position standing for the third time (the referee does not judge perpetual
check or chase), 120 plies without a capture, or 400 plies in all. An
illegal move loses at once and is counted. Prints each game and the
totals; the exit status is 1 when any move was illegal."""

import argparse
import collections
import subprocess
import sys

FAIRY = "/usr/games/fairy-stockfish"


class Engine:
    def __init__(self, name, command):
        self.name = name
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read(self):
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(self.name + " closed its output")
        return line.rstrip("\n")

    def until(self, prefix):
        while True:
            line = self.read()
            if line.startswith(prefix):
                return line

    def start(self, options):
        self.send("uci")
        self.until("uciok")
        for name, value in options:
            self.send("setoption name %s value %s" % (name, value))
        self.ready()

    def ready(self):
        self.send("isready")
        self.until("readyok")

    def close(self):
        try:
            self.send("quit")
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()


class Judge(Engine):
    """Fairy-Stockfish as the rule book: the legal moves and the FEN."""

    def position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def legal_moves(self, moves):
        self.position(moves)
        self.send("go perft 1")
        legal = []
        while True:
            line = self.read()
            if line.startswith("Nodes searched"):
                return legal
            if ": " in line:
                legal.append(line.split(":")[0])

    def fen(self, moves):
        self.position(moves)
        self.send("d")
        fen = self.until("Fen: ")[5:]
        self.ready()
        return fen


def play(judge, red, black, movetime, log):
    """One game; returns (result for red: 1, 0.5 or 0, how it ended, illegal moves)."""
    moves = []
    seen = collections.Counter()
    quiet = 0
    for engine in (red, black):
        engine.send("ucinewgame")
        engine.ready()
    while True:
        side, other = (red, black) if len(moves) % 2 == 0 else (black, red)
        legal = judge.legal_moves(moves)
        if not legal:
            return (0 if side is red else 1), "%s has no legal move" % side.name, 0
        fen = judge.fen(moves)
        board = " ".join(fen.split()[:2])
        seen[board] += 1
        if seen[board] >= 3:
            return 0.5, "the position stood a third time (adjudicated)", 0
        if quiet >= 120:
            return 0.5, "120 plies without a capture (adjudicated)", 0
        if len(moves) >= 400:
            return 0.5, "400 plies (adjudicated)", 0
        side.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        side.send("go movetime %d" % movetime)
        words = side.until("bestmove").split()
        move = words[1] if len(words) > 1 else "(none)"
        if move not in legal:
            log("  %s played %s after %s: not legal (legal: %s)" % (side.name, move, " ".join(moves), " ".join(legal)))
            return (0 if side is red else 1), "%s played an illegal move, %s" % (side.name, move), 1
        if "ponder" in words:
            ponder = words[words.index("ponder") + 1]
            if ponder not in judge.legal_moves(moves + [move]):
                log("  %s's ponder move %s after %s is not legal" % (side.name, ponder, move))
                return (0 if side is red else 1), "%s named an illegal ponder move, %s" % (side.name, ponder), 1
        pieces_before = sum(c.isalpha() for c in fen.split()[0])
        moves.append(move)
        pieces_after = sum(c.isalpha() for c in judge.fen(moves).split()[0])
        quiet = 0 if pieces_after < pieces_before else quiet + 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--qi", default="build/qi")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--movetime", type=int, default=100, help="ms a move, for both engines")
    args = parser.parse_args()

    xiangqi = [("UCI_Variant", "xiangqi")]
    qi = Engine("Qi", [args.qi, "uci"])
    fairy = Engine("Fairy-Stockfish", [FAIRY])
    judge = Judge("judge", [FAIRY])
    qi.start(xiangqi)
    fairy.start(xiangqi + [("Threads", "1"), ("Hash", "16")])
    judge.start(xiangqi)
    score = 0.0
    illegal = 0
    results = collections.Counter()
    try:
        for game in range(args.games):
            red, black = (qi, fairy) if game % 2 == 0 else (fairy, qi)
            result, how, bad = play(judge, red, black, args.movetime, print)
            illegal += bad
            qi_points = result if red is qi else 1 - result
            score += qi_points
            results[{1: "win", 0.5: "draw", 0: "loss"}[qi_points]] += 1
            print("game %d: %s (Red) - %s (Black) %s, %s" %
                  (game + 1, red.name, black.name, {1: "1-0", 0.5: "1/2-1/2", 0: "0-1"}[result], how),
                  flush=True)
    finally:
        for engine in (qi, fairy, judge):
            engine.close()
    print("Qi against Fairy-Stockfish: %d games, %d won, %d drawn, %d lost (%.1f points); illegal moves: %d" %
          (args.games, results["win"], results["draw"], results["loss"], score, illegal))
    return 1 if illegal else 0


if __name__ == "__main__":
    sys.exit(main())
