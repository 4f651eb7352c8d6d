#!/usr/bin/env python3
"""Puts every player of a set of match files on one Elo scale (docs/levels.md, English checkers).

    bench/bradley_terry.py --zero NAME [--resamples N] GAMES.pgn ...

A Bradley-Terry fit by Hunter's MM algorithm: a draw counts half a win each way, and one virtual
draw is added to each pairing, so that a pairing won or lost whole stays finite. NAME is the
player put at 0. With --resamples, 95 % intervals from resampling the games. Prints each
pairing's result (first player's view) and each player's rating, lowest first. Reads the
arena's PGN/PDN as bench/match_summary.py does ("1-0" is a win for whoever moves first).
"""
import argparse
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match_summary import first_mover, games as records  # noqa: E402


def read_games(paths):
    """(first mover, second mover, the first mover's score) of every finished game."""
    games = []
    for path in paths:
        for tags in records(path):
            score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(tags["Result"])
            if score is not None:
                first = first_mover(tags)
                second = "White" if first == "Black" else "Black"
                games.append((tags[first], tags[second], score))
    return games


def fit(games, zero, iterations=2000):
    pairs = {}
    for a, b, s in games:
        key, sa = ((a, b), s) if a < b else ((b, a), 1 - s)
        t = pairs.setdefault(key, [0.5, 1])  # the virtual draw
        t[0] += sa
        t[1] += 1
    names = sorted({n for key in pairs for n in key})
    wins = dict.fromkeys(names, 0.0)
    for (a, b), (sa, n) in pairs.items():
        wins[a] += sa
        wins[b] += n - sa
    gamma = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        den = dict.fromkeys(names, 0.0)
        for (a, b), (_, n) in pairs.items():
            d = n / (gamma[a] + gamma[b])
            den[a] += d
            den[b] += d
        gamma = {n: wins[n] / den[n] for n in names}
        ref = gamma[zero]
        gamma = {n: g / ref for n, g in gamma.items()}
    return {n: 400 * math.log10(g) for n, g in gamma.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--zero", required=True, help="the player put at 0")
    parser.add_argument("--resamples", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    o = parser.parse_args()
    games = read_games(o.files)
    results = {}
    for a, b, s in games:
        r = results.setdefault((a, b) if a < b else (b, a), [0, 0, 0])
        first = s if a < b else 1 - s
        r[0 if first == 1 else 1 if first == 0.5 else 2] += 1
    for (a, b), (w, d, l) in sorted(results.items()):
        print(f"{a} vs {b}: +{w} ={d} -{l} ({100 * (w + d / 2) / (w + d + l):.1f} %)")
    rating = fit(games, o.zero)
    random.seed(o.seed)
    samples = [fit([random.choice(games) for _ in games], o.zero, 1000) for _ in range(o.resamples)]
    for name in sorted(rating, key=rating.get):
        line = f"{name}: {rating[name]:+.0f}"
        if samples:
            v = sorted(s.get(name, float("nan")) for s in samples)
            line += f" [{v[int(0.025 * len(v))]:+.0f}, {v[int(0.975 * len(v)) - 1]:+.0f}]"
        print(line)


if __name__ == "__main__":
    main()
