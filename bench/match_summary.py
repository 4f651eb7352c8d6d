#!/usr/bin/env python3
"""Results and failures from arena PGN files: for each file, the first
player's score (+win =draw -loss), the Elo difference with its 95 % interval,
and the games lost by time forfeit, rules infraction or crash, by player;
and how each player used its clock (from the seconds in the arena's move
comments and the TimeControl tag): seconds a move, the clock left at the
end of a game on average, and the lowest it fell.
   bench/match_summary.py FILE.pgn ..."""
import re, sys, math, collections

def games(path):
    text = open(path, encoding='utf-8').read()
    for block in re.split(r'\n(?=\[Event )', text):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
        if 'Result' not in tags: continue
        # Xiangqi records name Red, who moves first, where chess names White.
        if 'Red' in tags and 'White' not in tags: tags['White'] = tags['Red']
        m = re.search(r'\{([^}]*)\}\s*(1-0|0-1|1/2-1/2|\*)\s*$', block.strip())
        tags['Reason'] = m.group(1) if m else ''
        tags['Movetext'] = re.sub(r'^\[.*\]\s*$', '', block, flags=re.M)
        yield tags

def move_seconds(movetext):
    """The seconds each timed move took, as (side, seconds): side 0 is the
    first mover. A move's comment follows it; opening moves carry none."""
    side, out = 0, []
    for tok in re.findall(r'\{[^}]*\}|\S+', movetext):
        if tok.startswith('{'):
            m = re.search(r'(\d+\.\d+)s\b', tok)
            if m: out.append((1 - side, float(m.group(1))))
        elif re.fullmatch(r'\d+\.\.\.', tok): side = 1
        elif re.fullmatch(r'\d+\.', tok): side = 0
        elif not re.fullmatch(r'1-0|0-1|1/2-1/2|\*', tok): side = 1 - side
    return out

def clock_use(path):
    """Per player: timed moves, seconds a move, the clock left at the end on
    average and the lowest it fell (base + increment a move - time used)."""
    use = collections.defaultdict(lambda: dict(moves=0, seconds=0.0, ends=[], lowest=float('inf')))
    for g in games(path):
        m = re.fullmatch(r'(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)', g.get('TimeControl', ''))
        if not m: continue
        base, inc = float(m.group(1)), float(m.group(2))
        one, two = (('White', 'Black') if first_mover(g) == 'White' else ('Black', 'White'))
        clock = [base, base]
        for side, sec in move_seconds(g['Movetext']):
            u = use[g[(one, two)[side]]]
            u['moves'] += 1
            u['seconds'] += sec
            clock[side] -= sec
            u['lowest'] = min(u['lowest'], clock[side])
            clock[side] += inc
        for side in (0, 1): use[g[(one, two)[side]]]['ends'].append(clock[side])
    return {name: dict(moves=u['moves'], per_move=u['seconds'] / max(1, u['moves']),
                       end=sum(u['ends']) / max(1, len(u['ends'])), lowest=u['lowest'])
            for name, u in use.items()}

def first_mover(tags):
    """The colour whose win is 1-0: results go by turn order, and in English
    checkers (PDN GameType 21) Black moves first."""
    return 'Black' if tags.get('GameType', '').split(',')[0].strip() == '21' else 'White'

def elo(score):
    if score <= 0 or score >= 1: return float('inf') * (1 if score >= 1 else -1)
    return -400 * math.log10(1 / score - 1)

def summarize(path, player=None):
    gs = list(games(path))
    if not gs: return None
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
        if r is None:
            print(f"{p}: no finished game yet")
            continue
        print(f"{p}: {r['first']} n={r['n']} +{r['w']} ={r['d']} -{r['l']} {100*r['score']:.1f}% Elo {r['elo']} [{r['lo']}, {r['hi']}] failures={r['bad']}")
        for name, c in sorted(clock_use(p).items()):
            print(f"  {name}: {c['moves']} timed moves, {c['per_move']:.3f} s a move, "
                  f"clock at the end {c['end']:.2f} s on average, lowest {c['lowest']:.2f} s")
