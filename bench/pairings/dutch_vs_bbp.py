#!/usr/bin/env python3
"""Random Swiss tournaments paired round by round by two programs, compared.

Each tournament (5 to 200 players, random ratings, 1/½/0 or 3/1/0, random
results with draws, forfeits, requested byes, late entries and withdrawals) is
played round by round: the reference program (bbpPairings, --dutch -p) pairs
each round, `qi pair --system dutch` pairs the same file, the two answers are
compared, and the tournament goes on with the reference's pairings so that both
always see the same history. Prints a summary and writes every differing round
(its TRF and both answers) to --keep.

    bench/pairings/dutch_vs_bbp.py --qi build/qi --bbp PATH/bbpPairings.exe --count 2000
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter


def trf_text(t, rounds_shown, absent_next):
    """The file after `rounds_shown` rounds, with the next round's absences."""
    lines = ["012 Random tournament %d" % t["number"], "XXR %d" % t["rounds"], "XXC %s1" % t["first_colour"]]
    if t["three_one"]:
        lines += ["BBW  3.0", "BBD  1.0"]
    for p in t["players"]:
        score = sum(points_of(t, g) for g in p["games"][:rounds_shown])
        line = "001 %4d      %-33s %4d %27s%4s %4d  " % (p["id"], "Player %d" % p["id"], p["rating"], "",
                                                          tenths(score), p["id"])
        games = list(p["games"][:rounds_shown])
        if p["id"] in absent_next:
            games.append(absent_next[p["id"]])
        for g in games:
            line += "%s %s %s  " % ("%4d" % g[0] if g[0] else "0000", g[1], g[2])
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def tenths(score):
    return "%d.%d" % (score // 10, score % 10)


def points_of(t, game):
    win, draw = (30, 10) if t["three_one"] else (10, 5)
    result = game[2]
    if result in "1+FUW":
        return win
    if result in "=HD":
        return draw
    return 0


def read_pairs(text):
    lines = text.split()
    if not lines:
        return None
    count = int(lines[0])
    pairs = [(int(lines[1 + 2 * i]), int(lines[2 + 2 * i])) for i in range(count)]
    return pairs


def run(command):
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout, done.stderr


def make_tournament(rng, number, small):
    size = rng.randint(5, 30) if small else rng.randint(5, 200)
    rounds = rng.randint(3, min(11, size - 1))
    ratings = sorted((rng.randint(1000, 2700) for _ in range(size)), reverse=True)
    players = []
    for i in range(size):
        late = rng.randint(2, rounds) if rng.random() < 0.05 else 1
        withdraws = rng.randint(2, rounds) if rng.random() < 0.03 else rounds + 1
        players.append({"id": i + 1, "rating": ratings[i], "games": [], "late": late, "withdraws": withdraws})
    return {"number": number, "rounds": rounds, "players": players, "three_one": rng.random() < 0.2,
            "first_colour": rng.choice(["white", "black"])}


def play(rng, t, pairs, absent):
    by_id = {p["id"]: p for p in t["players"]}
    for pid, game in absent.items():
        by_id[pid]["games"].append(game)
    for white, black in pairs:
        if black == 0:
            by_id[white]["games"].append((0, "-", "U"))
            continue
        w, b = by_id[white], by_id[black]
        if rng.random() < 0.03:
            forfeit = rng.choice(["white", "black", "both"])
            rw, rb = {"white": ("-", "+"), "black": ("+", "-"), "both": ("-", "-")}[forfeit]
        else:
            expected = 1 / (1 + 10 ** ((b["rating"] - w["rating"]) / 400))
            x = rng.random()
            draw = 0.3
            if x < draw:
                rw, rb = "=", "="
            elif x < draw + (1 - draw) * expected:
                rw, rb = "1", "0"
            else:
                rw, rb = "0", "1"
        w["games"].append((black, "w", rw))
        b["games"].append((white, "b", rb))


def scores_in(trf):
    """Each player's score (tenths) in a TRF the script wrote."""
    win, draw = 10, 5
    lines = trf.splitlines()
    for line in lines:
        if line.startswith("BBW"):
            win = int(round(float(line[3:]) * 10))
        if line.startswith("BBD"):
            draw = int(round(float(line[3:]) * 10))
    scores = {}
    for line in lines:
        if line.startswith("001"):
            scores[int(line[4:8])] = int(round(float(line[80:84]) * 10))
    return scores


def classify(trf, reference, ours):
    """Which part of the pairing the two disagree on, the most general first."""
    if reference is None or ours is None:
        return "one could not pair"
    bye = lambda pairs: sorted(w for w, b in pairs if b == 0)
    if bye(reference) != bye(ours):
        return "the bye to another player"
    scores = scores_in(trf)
    floats = lambda pairs: sorted(tuple(sorted((w, b))) for w, b in pairs if b and scores[w] != scores[b])
    floaters = lambda pairs: sorted(p for pair in floats(pairs) for p in pair)
    if floaters(reference) != floaters(ours):
        return "other players float"
    unordered = lambda pairs: sorted(tuple(sorted(p)) for p in pairs)
    if unordered(reference) == unordered(ours):
        return "same pairs, other colours"
    return "same floaters, other pairs"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--qi", required=True)
    parser.add_argument("--bbp", required=True)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--small", action="store_true", help="5 to 30 players instead of 5 to 200")
    parser.add_argument("--keep", default=None, help="a folder for the differing rounds")
    parser.add_argument("--report-every", type=int, default=25, help="print the figures so far every N tournaments")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="dutch_vs_bbp_")
    rounds_compared = rounds_agreed = 0
    tournaments_agreed = 0
    kinds = Counter()
    for number in range(1, args.count + 1):
        t = make_tournament(rng, number, args.small)
        all_agreed = True
        for r in range(1, t["rounds"] + 1):
            absent = {}
            for p in t["players"]:
                if r < p["late"] or r >= p["withdraws"]:
                    absent[p["id"]] = (0, "-", "Z" if r >= p["withdraws"] or rng.random() < 0.5 else "H")
                elif rng.random() < 0.02:
                    absent[p["id"]] = (0, "-", rng.choice("HZ"))
            path = os.path.join(work, "t.trf")
            with open(path, "w") as f:
                f.write(trf_text(t, r - 1, absent))
            bbp_code, bbp_out, _ = run([args.bbp, "--dutch", path, "-p"])
            qi_code, qi_out, qi_err = run([args.qi, "pair", "--system", "dutch", path])
            rounds_compared += 1
            reference = read_pairs(bbp_out) if bbp_code == 0 else None
            ours = read_pairs(qi_out) if qi_code == 0 else None
            same = (reference is None and ours is None) or (
                reference is not None and ours is not None and sorted(reference) == sorted(ours))
            if same:
                rounds_agreed += 1
            else:
                all_agreed = False
                kind = classify(trf_text(t, r - 1, absent), reference, ours)
                kinds[kind] += 1
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    stem = os.path.join(args.keep, "t%04d_r%02d" % (number, r))
                    with open(stem + ".trf", "w") as f:
                        f.write(trf_text(t, r - 1, absent))
                    with open(stem + ".txt", "w") as f:
                        f.write("kind: %s\nbbp:\n%s\nqi:\n%s%s\n" % (kind, bbp_out, qi_out, qi_err))
            if reference is None:
                break
            play(rng, t, reference, absent)
        tournaments_agreed += all_agreed
        if number % args.report_every == 0 or number == args.count:
            report(number, tournaments_agreed, rounds_compared, rounds_agreed, kinds)


def report(tournaments, tournaments_agreed, rounds_compared, rounds_agreed, kinds):
    """The figures so far: a run stopped early still leaves its last report."""
    print("tournaments: %d, all rounds agree in %d (%.1f%%)" % (tournaments, tournaments_agreed,
                                                                100.0 * tournaments_agreed / tournaments))
    print("rounds compared: %d, agree: %d (%.1f%%)" % (rounds_compared, rounds_agreed,
                                                       100.0 * rounds_agreed / max(1, rounds_compared)))
    for kind, count in kinds.most_common():
        print("  %s: %d" % (kind, count))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
