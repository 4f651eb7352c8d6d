#!/usr/bin/env python3
"""Results and failures from arena PGN files: for each file, the first
player's score (+win =draw -loss), the Elo difference with its 95 % interval,
and the games lost by time forfeit, rules infraction or crash, by player.
   bench/match_summary.py FILE.pgn ..."""
import re, sys, math, collections

def games(path):
    text = open(path, encoding='utf-8').read()
    for block in re.split(r'\n(?=\[Event )', text):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
        if 'Result' not in tags: continue
        m = re.search(r'\{([^}]*)\}\s*(1-0|0-1|1/2-1/2|\*)\s*$', block.strip())
        tags['Reason'] = m.group(1) if m else ''
        yield tags

def first_mover(tags):
    """The colour whose win is 1-0: results go by turn order, and in English
    checkers (PDN GameType 21) Black moves first."""
    return 'Black' if tags.get('GameType', '').split(',')[0].strip() == '21' else 'White'

def elo(score):
    if score <= 0 or score >= 1: return float('inf') * (1 if score >= 1 else -1)
    return -400 * math.log10(1 / score - 1)

def summarize(path, player=None):
    gs = list(games(path))
    names = collections.Counter()
    for g in gs: names[g['White']] += 1; names[g['Black']] += 1
    first = player or gs[0]['White']
    w = d = l = 0
    bad = collections.Counter()
    for g in gs:
        r = g['Result']
        one, two = (('White', 'Black') if first_mover(g) == 'White' else ('Black', 'White'))
        if r == '1/2-1/2': d += 1
        elif (r == '1-0') == (g[one] == first): w += 1
        else: l += 1
        t = g.get('Termination', '')
        if t not in ('normal', 'adjudication', ''):
            loser = g[one] if r == '0-1' else g[two]
            bad[(loser, t)] += 1
    n = w + d + l
    s = (w + d / 2) / n if n else 0
    # 95 % interval from the per-game variance (trinomial)
    var = ((w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * (0 - s) ** 2) / n) if n else 0
    se = math.sqrt(var / n) if n else 0
    lo, hi = max(1e-9, s - 1.96 * se), min(1 - 1e-9, s + 1.96 * se)
    def f(x): return ('%+.0f' % x) if math.isfinite(x) else ('+inf' if x > 0 else '-inf')
    return dict(first=first, n=n, w=w, d=d, l=l, score=s, elo=f(elo(s)), lo=f(elo(lo)), hi=f(elo(hi)), bad=dict(bad))

if __name__ == '__main__':
    for p in sys.argv[1:]:
        r = summarize(p)
        print(f"{p}: {r['first']} n={r['n']} +{r['w']} ={r['d']} -{r['l']} {100*r['score']:.1f}% Elo {r['elo']} [{r['lo']}, {r['hi']}] failures={r['bad']}")
