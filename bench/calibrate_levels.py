#!/usr/bin/env python3
"""Each game's level -> Elo table from the calibration matches of
bench/reference_matches.sh (files named chess-L<level>-SF<elo>.pgn against
Stockfish, xiangqi-L<level>-FSF<elo>.pgn against Fairy-Stockfish).

Each level's Elo on the anchor's scale is the UCI_Elo it played plus the
logistic difference of its score (a score of 0 or 1 counts as half a game),
with the 95 % interval from Wilson's interval of the score. A level that
played several settings gets one Elo from all its games (maximum
likelihood). The table is the weighted least-squares line through those
levels (weights from their standard errors), so it rises with the level as
the ladder says it must; levels below the lowest calibrated one are read off
the same line.
   bench/calibrate_levels.py DIR_OR_FILES..."""
import math, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match_summary import elo as logistic_elo, summarize  # noqa: E402

Z = 1.96


def wilson(score, n):
    centre = (score + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(score * (1 - score) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return centre - half, centre + half


def points(paths):
    files = []
    for p in paths:
        files += [os.path.join(p, f) for f in sorted(os.listdir(p))] if os.path.isdir(p) else [p]
    for f in files:
        m = re.search(r'(chess|xiangqi)-L(\d+)-F?SF(\d+)\.pgn$', f)
        if not m: continue
        game, level, sf = m.group(1), int(m.group(2)), int(m.group(3))
        r = summarize(f, player=f'qi:level={level}')
        if r is None or r['n'] == 0: continue
        n = r['n']
        s = min(max(r['score'], 0.5 / n), 1 - 0.5 / n)
        lo, hi = wilson(r['score'], n)
        # Elo needs a score strictly between 0 and 1.
        elo_lo, elo_hi = (sf + logistic_elo(min(max(x, 0.5 / n), 1 - 0.5 / n)) for x in (lo, hi))
        yield dict(game=game, level=level, sf=sf, n=n, w=r['w'], d=r['d'], l=r['l'], score=r['score'],
                   lo=lo, hi=hi, elo=sf + logistic_elo(s), elo_lo=elo_lo, elo_hi=elo_hi)


def combine(pts):
    """Each level's Elo from all its matches: the rating R at which the
    expected points against the settings it played equal the points it
    scored (maximum likelihood), with the standard error from the Fisher
    information. Perfect scores are pulled half a game in, as above."""
    by_level = {}
    for p in pts: by_level.setdefault(p['level'], []).append(p)
    out = []
    for level, ms in sorted(by_level.items(), reverse=True):
        n = sum(m['n'] for m in ms)
        scored = sum(m['score'] * m['n'] for m in ms)
        scored = min(max(scored, 0.5), n - 0.5)
        expected = lambda r: sum(m['n'] / (1 + 10 ** ((m['sf'] - r) / 400)) for m in ms)
        lo, hi = min(m['sf'] for m in ms) - 1500, max(m['sf'] for m in ms) + 1500
        for _ in range(100):  # bisection: expected() rises with r
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if expected(mid) < scored else (lo, mid)
        r = (lo + hi) / 2
        k = math.log(10) / 400
        info = sum(m['n'] * k * k * e * (1 - e) for m in ms for e in [1 / (1 + 10 ** ((m['sf'] - r) / 400))])
        out.append(dict(level=level, n=n, elo=r, se=1 / math.sqrt(info),
                        settings=', '.join(str(m['sf']) for m in ms)))
    return out


def fit(levels):
    # Weighted least squares, elo = a + b * level, weight 1 / se^2.
    ws = [1 / p['se'] ** 2 for p in levels]
    sw = sum(ws)
    mx = sum(w * p['level'] for w, p in zip(ws, levels)) / sw
    my = sum(w * p['elo'] for w, p in zip(ws, levels)) / sw
    sxx = sum(w * (p['level'] - mx) ** 2 for w, p in zip(ws, levels))
    sxy = sum(w * (p['level'] - mx) * (p['elo'] - my) for w, p in zip(ws, levels))
    b = sxy / sxx
    return my - b * mx, b


def report(game, pts):
    anchor = {'chess': 'Stockfish', 'xiangqi': 'Fairy-Stockfish'}[game]
    print(f'## {game}\n')
    print(f'| Qi | {anchor} UCI_Elo | games | +win =draw -loss | score [95 %] | Qi\'s Elo [95 %] |')
    print('| --- | ---: | ---: | --- | --- | --- |')
    for p in pts:
        print(f"| level {p['level']} | {p['sf']} | {p['n']} | +{p['w']} ={p['d']} -{p['l']} | "
              f"{100 * p['score']:.0f} % [{100 * p['lo']:.0f}, {100 * p['hi']:.0f}] | "
              f"{p['elo']:.0f} [{p['elo_lo']:.0f}, {p['elo_hi']:.0f}] |")
    levels = combine(pts)
    print('\n| Qi | games | against UCI_Elo | Elo [95 %] |')
    print('| --- | ---: | --- | --- |')
    for p in levels:
        print(f"| level {p['level']} | {p['n']} | {p['settings']} | "
              f"{p['elo']:.0f} [{p['elo'] - Z * p['se']:.0f}, {p['elo'] + Z * p['se']:.0f}] |")
    if len(levels) < 2:
        print('\n(a line needs two levels or more)\n')
        return
    a, b = fit(levels)
    print(f'\nline: Elo = {a:.0f} + {b:.1f} x level')
    table = [int(round((a + b * level) / 10)) * 10 for level in range(1, 11)]
    print('| level | ' + ' | '.join(str(i) for i in range(1, 11)) + ' |')
    print('| --- |' + ' ---: |' * 10)
    print(f'| Elo ({game}, 10+0.1) | ' + ' | '.join(str(e) for e in table) + ' |\n')


def main():
    pts = sorted(points(sys.argv[1:] or ['reference']), key=lambda p: -p['level'])
    if not pts:
        sys.exit('no calibration matches (chess-L<level>-SF<elo>.pgn, xiangqi-L<level>-FSF<elo>.pgn)')
    for game in ('chess', 'xiangqi'):
        of_game = [p for p in pts if p['game'] == game]
        if of_game: report(game, of_game)


if __name__ == '__main__':
    main()
