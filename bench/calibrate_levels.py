#!/usr/bin/env python3
"""The level -> Elo table from the calibration matches of
bench/reference_matches.sh (files named chess-L<level>-SF<elo>.pgn).

Each level's Elo on Stockfish's scale is the UCI_Elo it played plus the
logistic difference of its score (a score of 0 or 1 counts as half a game),
with the 95 % interval from Wilson's interval of the score. The table is the
weighted least-squares line through those points (weights from the
intervals), so it rises with the level as the ladder says it must; levels
below the lowest calibrated one are read off the same line.
   bench/calibrate_levels.py DIR_OR_FILES..."""
import math, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match_summary import summarize  # noqa: E402

Z = 1.96


def logistic_elo(score):
    return -400 * math.log10(1 / score - 1)


def wilson(score, n):
    centre = (score + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(score * (1 - score) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return centre - half, centre + half


def points(paths):
    files = []
    for p in paths:
        files += [os.path.join(p, f) for f in sorted(os.listdir(p))] if os.path.isdir(p) else [p]
    for f in files:
        m = re.search(r'chess-L(\d+)-SF(\d+)\.pgn$', f)
        if not m: continue
        level, sf = int(m.group(1)), int(m.group(2))
        r = summarize(f, player=f'qi:level={level}')
        if r['n'] == 0: continue
        n = r['n']
        s = min(max(r['score'], 0.5 / n), 1 - 0.5 / n)
        lo, hi = wilson(r['score'], n)
        # Elo needs a score strictly between 0 and 1.
        elo_lo, elo_hi = (sf + logistic_elo(min(max(x, 0.5 / n), 1 - 0.5 / n)) for x in (lo, hi))
        yield dict(level=level, sf=sf, n=n, w=r['w'], d=r['d'], l=r['l'], score=r['score'],
                   lo=lo, hi=hi, elo=sf + logistic_elo(s), elo_lo=elo_lo, elo_hi=elo_hi)


def fit(pts):
    # Weighted least squares, elo = a + b * level, weight 1 / sigma^2.
    ws = [1 / ((p['elo_hi'] - p['elo_lo']) / (2 * Z)) ** 2 for p in pts]
    sw = sum(ws)
    mx = sum(w * p['level'] for w, p in zip(ws, pts)) / sw
    my = sum(w * p['elo'] for w, p in zip(ws, pts)) / sw
    sxx = sum(w * (p['level'] - mx) ** 2 for w, p in zip(ws, pts))
    sxy = sum(w * (p['level'] - mx) * (p['elo'] - my) for w, p in zip(ws, pts))
    b = sxy / sxx
    return my - b * mx, b


def main():
    pts = sorted(points(sys.argv[1:] or ['reference']), key=lambda p: -p['level'])
    if len(pts) < 2:
        sys.exit('need calibration matches of two levels or more (chess-L<level>-SF<elo>.pgn)')
    print('| Qi | Stockfish UCI_Elo | games | +win =draw -loss | score [95 %] | Qi\'s Elo [95 %] |')
    print('| --- | ---: | ---: | --- | --- | --- |')
    for p in pts:
        print(f"| level {p['level']} | {p['sf']} | {p['n']} | +{p['w']} ={p['d']} -{p['l']} | "
              f"{100 * p['score']:.0f} % [{100 * p['lo']:.0f}, {100 * p['hi']:.0f}] | "
              f"{p['elo']:.0f} [{p['elo_lo']:.0f}, {p['elo_hi']:.0f}] |")
    a, b = fit(pts)
    print(f'\nline: Elo = {a:.0f} + {b:.1f} x level')
    table = [int(round((a + b * level) / 10)) * 10 for level in range(1, 11)]
    print('| level | ' + ' | '.join(str(i) for i in range(1, 11)) + ' |')
    print('| --- |' + ' ---: |' * 10)
    print('| Elo (chess, 10+0.1) | ' + ' | '.join(str(e) for e in table) + ' |')
    print('kElo = {' + ', '.join(str(e) for e in table) + '}')


if __name__ == '__main__':
    main()
