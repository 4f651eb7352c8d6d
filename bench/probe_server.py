#!/usr/bin/env python3
"""Hostile probes of `qi serve` and the command line, on this machine only.

Each probe starts its own server on a loopback port with a fresh database in
a temporary folder, tries one kind of abuse a few ways, and says whether the
server held: answered with a clear error (and kept working), refused to
start, or bounded what the client could take. Every probe is bounded in count
and time and stops its server; the whole run takes a few minutes.

    bench/probe_server.py [--qi build/qi] [--only REGEX] [--markdown] [--postgres]

Prints one line per probe (or a Markdown table with --markdown, the table of
docs/reliability.md) and exits 1 if any probe did not hold. The full-disk
probe mounts a small tmpfs and the read-only probe runs the server as the
user "nobody": both need root, and say "skipped" without it.
"""

import argparse
import http.client
import json
import os
import re
import resource
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

QI = "build/qi"
RESULTS = []  # (area, probe, cases, held, detail)
# With --postgres: the URI of a throwaway PostgreSQL server; every server of a
# probe is then two `qi serve` instances on a database of its own there (the
# probe talks to the first; the second shares the database, as behind a proxy).
PG_URI = None
PG_DATABASES = {}  # a probe's database path -> its PostgreSQL URI
HERE = os.path.dirname(os.path.abspath(__file__))


def pg_database(path):
    """The PostgreSQL database standing for the SQLite path `path` (made at its first use)."""
    if path not in PG_DATABASES:
        name = "p%d_%s" % (len(PG_DATABASES), re.sub(r"[^a-z0-9]", "_", os.path.basename(path).lower()))
        subprocess.run(["psql", PG_URI, "-qc", f"CREATE DATABASE {name}"], check=True, capture_output=True)
        PG_DATABASES[path] = PG_URI.replace("/qi?", f"/{name}?", 1)
    return PG_DATABASES[path]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A `qi serve` of its own, stopped on exit."""

    def __init__(self, db, extra=(), user=None, expect_start=True):
        self.port = free_port()
        self.sibling = None
        if PG_URI:
            db = pg_database(db)
            self.sibling_port = free_port()
            self.sibling = subprocess.Popen([QI, "serve", "--port", str(self.sibling_port), "--db", db, *extra],
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.db = db
        args = [QI, "serve", "--port", str(self.port), "--db", db, *extra]
        preexec = None
        if user is not None:
            def preexec():
                os.setgid(user)
                os.setuid(user)
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     preexec_fn=preexec)
        self.banner = ""
        self.started = False
        if expect_start:
            deadline = time.time() + 30
            while time.time() < deadline:
                line = self.proc.stdout.readline()
                if not line:
                    break
                self.banner += line
                if "serving on" in line:
                    self.started = True
                    break
            if not self.started:
                raise RuntimeError("qi serve did not start: " + self.proc.stderr.read())

    def rss_kib(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def wait_exit(self, timeout=20):
        if self.sibling is not None and self.sibling.poll() is None:
            self.sibling.kill()
            self.sibling.wait()
        try:
            out, err = self.proc.communicate(timeout=timeout)
            return self.proc.returncode, (self.banner + out), err
        except subprocess.TimeoutExpired:
            self.stop()
            return None, self.banner, ""

    def stop(self):
        if self.sibling is not None and self.sibling.poll() is None:
            self.sibling.send_signal(signal.SIGTERM)
            self.sibling.wait(timeout=20)
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def request(port, method, path, body=None, headers=None, timeout=30, source="127.0.0.1"):
    """(status, parsed JSON or None, headers dict lower-case); `source`: the loopback address to come from."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    hdrs = {"Content-Type": "application/json"} if body is not None else {}
    hdrs.update(headers or {})
    data = body if isinstance(body, (bytes, str)) or body is None else json.dumps(body)
    try:
        conn.request(method, path, body=data, headers=hdrs)
        r = conn.getresponse()
        raw = r.read()
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        return r.status, parsed, {k.lower(): v for k, v in r.getheaders()}
    finally:
        conn.close()


def record(area, probe, cases, held, detail=""):
    RESULTS.append((area, probe, cases, held, detail))
    mark = {True: "held", False: "NOT HELD", None: "skipped"}[held]
    print(f"[{mark:8}] {area}: {probe} -- {detail}", flush=True)


def new_game(port, body=None, headers=None):
    return request(port, "POST", "/api/games", body or {"game": "chess"}, headers)


# --- storage ---------------------------------------------------------------

def probe_read_only(tmp):
    if os.getuid() != 0:
        return record("storage", "read-only database", "run as nobody on root's file", None, "needs root")
    os.chmod(tmp, 0o755)
    db = os.path.join(tmp, "ro.db")
    with Server(db) as s:
        new_game(s.port)
    s = Server(db, user=65534, expect_start=False)
    code, out, err = s.wait_exit()
    record("storage", "read-only database", "qi serve as nobody on root's 0644 file",
           code == 2 and "read-only" in err, f"exit {code}: {err.strip()[:120]}")


def fill_disk(path):
    """Writes zeros to `path` until the disk is full."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while True:
            os.write(fd, b"\0" * 65536)
    except OSError:
        pass
    finally:
        os.close(fd)


def log_bytes(db):
    """The size of an SQLite database's write-ahead log (0 when there is none)."""
    try:
        return os.path.getsize(db + "-wal")
    except OSError:
        return 0


def probe_full_disk(tmp):
    if os.getuid() != 0:
        return record("storage", "full disk", "small tmpfs", None, "needs root to mount")
    mnt = os.path.join(tmp, "small")
    os.makedirs(mnt)
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mnt]).returncode != 0:
        return record("storage", "full disk", "small tmpfs", None, "mount refused")
    try:
        db = os.path.join(mnt, "qi.db")
        acknowledged, refused, wrong = {}, 0, []
        created, created_refused = [], 0
        white = ["a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4"]
        black = ["a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6", "a5", "b5"]
        filler = os.path.join(mnt, "filler")
        player_status = None
        with Server(db) as s:
            games = []
            for _ in range(10):
                st, g, _ = new_game(s.port)
                games.append((g["id"], g["tokens"]["first"], g["tokens"]["second"]))
            for ply in range(20):
                if ply == 6:  # the disk fills
                    fill_disk(filler)
                if 6 <= ply < 14:
                    # New games too: the database must grow, which the space
                    # the log already holds cannot take for long.
                    for _ in range(10):
                        st, body, _ = new_game(s.port, {"game": "tictactoe"})
                        if st == 201:
                            created.append(body["id"])
                        elif st == 503 and body and body.get("code") == "not_saved":
                            created_refused += 1
                        else:
                            wrong.append(st)
                if ply == 13:
                    player_status, _, _ = request(s.port, "POST", "/api/players", {"name": "Ada"})
                if ply == 14:  # space returns
                    os.remove(filler)
                    time.sleep(0.5)
                for gid, t1, t2 in games:
                    move = white[ply // 2] if ply % 2 == 0 else black[ply // 2]
                    st, body, _ = request(s.port, "POST", f"/api/games/{gid}/move",
                                          {"token": t1 if ply % 2 == 0 else t2, "move": move})
                    if st == 200:
                        acknowledged[gid] = len(body["moves"])
                    elif st == 503 and body and body.get("code") == "not_saved":
                        refused += 1
                    else:
                        wrong.append(st)
        log_at_stop = log_bytes(db)
        lost, started, why = 0, True, ""
        try:
            with Server(db) as s:
                for gid, n in acknowledged.items():
                    st, body, _ = request(s.port, "GET", f"/api/games/{gid}")
                    if st != 200 or len(body["moves"]) < n:
                        lost += n - (len(body["moves"]) if st == 200 else 0)
                for gid in created:
                    if request(s.port, "GET", f"/api/games/{gid}")[0] != 200:
                        lost += 1
        except RuntimeError as e:
            started, why = False, f"; the restart failed: {str(e)[:120]}"
        total = sum(acknowledged.values())
        record("storage", "full disk", "10 games x 20 plies and 80 new games, disk full for plies 6-13, freed, "
               "restart",
               started and lost == 0 and refused + created_refused > 0 and not wrong,
               f"{total} moves and {len(created)} new games acknowledged, {refused} moves and {created_refused} "
               f"games refused 503 not_saved, {lost} lost after restart; the log at the stop: {log_at_stop // 1024} KiB"
               f"{why}{', other answers ' + str(wrong[:5]) if wrong else ''}")
        record("storage", "new profile on a full disk", "POST /api/players while full",
               player_status in (201, 503), f"answered {player_status} (409 would claim the name is taken)")
    finally:
        subprocess.run(["umount", "-l", mnt])


# Another writer's log fills the disk to its last 128 KiB: updates only (the
# database needs no more room to take them back), every one committed, and
# no checkpoint at its end, as when a process is killed.
LOG_FILLER = """
import os, sqlite3, sys
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("PRAGMA wal_autocheckpoint=0")
disk = os.statvfs(os.path.dirname(sys.argv[1]))
while os.statvfs(os.path.dirname(sys.argv[1])).f_bavail * disk.f_frsize > 128 * 1024:
    con.execute("UPDATE games SET updated_ms = updated_ms + 1")
os._exit(0)
"""


def probe_log_filled_disk(tmp):
    if os.getuid() != 0:
        return record("storage", "a log that filled the disk", "small tmpfs", None, "needs root to mount")
    mnt = os.path.join(tmp, "small")
    os.makedirs(mnt)
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mnt]).returncode != 0:
        return record("storage", "a log that filled the disk", "small tmpfs", None, "mount refused")
    try:
        db = os.path.join(mnt, "qi.db")
        ids = []
        with Server(db) as s:
            for _ in range(20):
                ids.append(new_game(s.port)[1]["id"])
        subprocess.run([sys.executable, "-c", LOG_FILLER, db], check=True, timeout=120)
        fill_disk(os.path.join(mnt, "filler"))  # and something else the rest
        log = log_bytes(db)
        free = os.statvfs(mnt).f_bavail * os.statvfs(mnt).f_frsize
        readable, why = 0, ""
        try:
            with Server(db) as s:
                readable = sum(request(s.port, "GET", f"/api/games/{gid}")[0] == 200 for gid in ids)
                after = log_bytes(db)
        except RuntimeError as e:
            why = str(e).strip().replace("\n", " ")[:140]
        record("storage", "a log that filled the disk", "20 games; another writer's log fills a 4 MiB disk "
               "(updates), a file the rest; qi serve starts on it", readable == len(ids),
               f"log {log // 1024} KiB, {free // 1024} KiB free: " +
               (f"started, log written back ({after // 1024} KiB left), {readable} of {len(ids)} games read"
                if not why else why))
    finally:
        subprocess.run(["umount", "-l", mnt])


def probe_log_bounded(tmp):
    db = os.path.join(tmp, "log.db")
    peak, moves = 0, 0
    with Server(db) as s:
        games = []
        for _ in range(20):
            st, g, _ = new_game(s.port)
            games.append((g["id"], g["tokens"]["first"], g["tokens"]["second"]))
        for ply in range(20):
            for gid, t1, t2 in games:
                move = WHITE[ply // 2] if ply % 2 == 0 else BLACK[ply // 2]
                st, _, _ = request(s.port, "POST", f"/api/games/{gid}/move",
                                   {"token": t1 if ply % 2 == 0 else t2, "move": move})
                moves += st == 200
                peak = max(peak, log_bytes(db))
    bound = 2 * 1024 * 1024
    record("storage", "write-ahead log bounded", f"20 games x 20 plies, the log's size after each move",
           moves == 400 and peak <= bound,
           f"{moves} moves, the log peaked at {peak // 1024} KiB (bound {bound // 1024} KiB)")


def probe_corruption(tmp):
    db = os.path.join(tmp, "corrupt.db")
    with Server(db) as s:
        for _ in range(100):
            new_game(s.port)
    size = os.path.getsize(db)
    with open(db, "r+b") as f:
        f.seek((size // 4096 // 2) * 4096)
        f.write(b"\xa5" * 4096)
    code, _, err = Server(db, expect_start=False).wait_exit()
    record("storage", "corrupted page", "one 4 KiB page overwritten in a 100-game database",
           code == 2 and "damaged" in err, f"exit {code}: {err.strip()[:120]}")
    db2 = os.path.join(tmp, "dropped.db")
    with Server(db2) as s:
        new_game(s.port)
    con = sqlite3.connect(db2)
    con.execute("DROP TABLE games")
    con.commit()
    con.close()
    code, _, err = Server(db2, expect_start=False).wait_exit()
    record("storage", "games table dropped", "DROP TABLE games, then start",
           code == 2 and "missing" in err, f"exit {code}: {err.strip()[:120]}")


def probe_backup(tmp):
    db = os.path.join(tmp, "live.db")
    copy = os.path.join(tmp, "copy.db")
    with Server(db) as s:
        stop = threading.Event()

        def writer():
            while not stop.is_set():
                new_game(s.port, {"game": "tictactoe"})
        t = threading.Thread(target=writer)
        t.start()
        time.sleep(0.5)
        r = subprocess.run([QI, "backup", "--db", db, copy], capture_output=True, text=True, timeout=60)
        stop.set()
        t.join()
    ok = r.returncode == 0
    games = 0
    if ok:
        con = sqlite3.connect(copy)
        ok = con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        games = con.execute("SELECT count(*) FROM games").fetchone()[0]
        con.close()
    record("storage", "backup of a live database", "qi backup while games are created",
           ok and games > 0, f"exit {r.returncode}, copy sound: {ok}, {games} games in it")


# --- several servers on PostgreSQL (--postgres) -------------------------------

WHITE = ["a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4"]
BLACK = ["a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6", "a5", "b5"]


def play_plies(port, games, plies, acknowledged, refused, wrong, on_ply=None):
    """Plays plies of the games in `games` (id, first token, second token), counting the answers."""
    for ply in plies:
        if on_ply:
            on_ply(ply)
        for gid, t1, t2 in games:
            move = WHITE[ply // 2] if ply % 2 == 0 else BLACK[ply // 2]
            try:
                st, body, _ = request(port, "POST", f"/api/games/{gid}/move",
                                      {"token": t1 if ply % 2 == 0 else t2, "move": move}, timeout=10)
            except OSError:
                st, body = 0, None
            if st == 200:
                acknowledged[gid] = len(body["moves"])
            elif st == 503 and body and body.get("code") == "not_saved":
                refused.append(ply)
            elif st in (409, 422) and body and body.get("code") in ("not_your_turn", "stale"):
                refused.append(ply)  # the move went in although its answer was lost: not a loss
            else:
                wrong.append(st)


def lost_moves(port, acknowledged):
    lost = 0
    for gid, n in acknowledged.items():
        st, body, _ = request(port, "GET", f"/api/games/{gid}")
        have = len(body["moves"]) if st == 200 else 0
        lost += max(0, n - have)
    return lost


def probe_database_down(tmp):
    if not PG_URI:
        return
    acknowledged, refused, wrong = {}, [], []
    with Server(os.path.join(tmp, "down.db")) as s:
        games = []
        for _ in range(10):
            st, g, _ = new_game(s.port)
            games.append((g["id"], g["tokens"]["first"], g["tokens"]["second"]))

        def outage(ply):
            if ply == 6:  # PostgreSQL goes away
                subprocess.run([os.path.join(HERE, "postgres_server.sh"), "halt", PG_URI], check=True)
            if ply == 14:  # and comes back
                subprocess.run([os.path.join(HERE, "postgres_server.sh"), "resume", PG_URI], check=True)
                time.sleep(1)
        play_plies(s.port, games, range(20), acknowledged, refused, wrong, outage)
        # Read back through the other instance.
        lost = lost_moves(s.sibling_port, acknowledged)
    total = sum(acknowledged.values())
    record("storage", "database server stopped", "10 games x 20 plies on two instances, PostgreSQL down for plies "
           "6-13, back", lost == 0 and refused and not wrong,
           f"{total} moves acknowledged, {len(refused)} refused, {lost} lost (read through the other instance)"
           f"{', other answers ' + str(wrong[:5]) if wrong else ''}")


def probe_instance_killed(tmp):
    if not PG_URI:
        return
    acknowledged, refused, wrong = {}, [], []
    with Server(os.path.join(tmp, "killed.db")) as s:
        games = []
        for _ in range(10):
            st, g, _ = new_game(s.port)
            games.append((g["id"], g["tokens"]["first"], g["tokens"]["second"]))
        play_plies(s.port, games, range(8), acknowledged, refused, wrong)
        s.proc.kill()  # SIGKILL: no goodbye
        s.proc.wait()
        play_plies(s.sibling_port, games, range(8, 20), acknowledged, refused, wrong)
        lost = lost_moves(s.sibling_port, acknowledged)
    total = sum(acknowledged.values())
    record("storage", "instance killed", "10 games x 20 plies; the first instance killed (SIGKILL) after 8, "
           "play goes on through the other", lost == 0 and not wrong and total == 200,
           f"{total} moves acknowledged, {lost} lost{', other answers ' + str(wrong[:5]) if wrong else ''}")


# --- a failing store ---------------------------------------------------------

def answered(r):
    """A request's status and code, as "503 not_saved"."""
    st, body, _ = r
    return f"{st} {body.get('code', '')}".strip() if isinstance(body, dict) else str(st)


def probe_failing_store(tmp):
    """Each kind of endpoint while the store fails: PostgreSQL stopped (--postgres), or a full disk."""
    if not PG_URI and os.getuid() != 0:
        return record("storage", "answers of a failing store", "small tmpfs", None, "needs root to mount")
    mnt = tmp
    if not PG_URI:
        mnt = os.path.join(tmp, "small")
        os.makedirs(mnt)
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mnt]).returncode != 0:
            return record("storage", "answers of a failing store", "small tmpfs", None, "mount refused")
    answers = {}
    try:
        with Server(os.path.join(mnt, "failing.db")) as s:
            password = "a long enough password"
            st, ada, _ = request(s.port, "POST", "/api/players", {"name": "Ada", "password": password})
            in_memory = new_game(s.port)[1]
            # A game this instance never loaded: made through the other one (or, with SQLite, before a restart).
            other = s.sibling_port if PG_URI else s.port
            stored = new_game(other)[1]
            if PG_URI:
                subprocess.run([os.path.join(HERE, "postgres_server.sh"), "halt", PG_URI], check=True)
            else:
                fill_disk(os.path.join(mnt, "filler"))
            try:
                answers["new game"] = answered(new_game(s.port))
                answers["move"] = answered(request(s.port, "POST", f"/api/games/{in_memory['id']}/move",
                                                   {"token": in_memory["tokens"]["first"], "move": "e4"}))
                if PG_URI:
                    answers["game not in memory"] = answered(request(s.port, "GET", f"/api/games/{stored['id']}"))
                    answers["player page"] = answered(request(s.port, "GET", f"/api/players/{ada['id']}"))
                    answers["right password"] = answered(request(s.port, "POST", "/api/login",
                                                                 {"name": "Ada", "password": password}))
                    answers["games list"] = answered(request(s.port, "GET", "/api/games"))
                    answers["players list"] = answered(request(s.port, "GET", "/api/players"))
            finally:
                if PG_URI:
                    subprocess.run([os.path.join(HERE, "postgres_server.sh"), "resume", PG_URI], check=True)
                    time.sleep(1)
                else:
                    os.remove(os.path.join(mnt, "filler"))
    finally:
        if not PG_URI:
            subprocess.run(["umount", "-l", mnt])
    # On a full disk a write may still fit in the space SQLite's log holds
    # already: stored and answered, which is right too.
    failing = [a for a in answers.values() if not a.startswith("20")]
    held = bool(failing) and all(a in ("503 not_saved", "503 store_unavailable") for a in failing)
    cases = ("PostgreSQL stopped: a new game, a move, a game not in memory, a player page, the right password, "
             "the lists" if PG_URI else "a full disk: a new game, a move")
    record("storage", "answers of a failing store", cases, held,
           ", ".join(f"{k}: {v}" for k, v in answers.items()))


def probe_stale_copy(tmp):
    """Moves alternating through the two instances, each sent as soon as the one before it is answered."""
    if not PG_URI:
        return
    played, refused, codes = 0, 0, {}
    with Server(os.path.join(tmp, "stale.db")) as s:
        for _ in range(10):
            g = new_game(s.port)[1]
            request(s.sibling_port, "GET", f"/api/games/{g['id']}")  # the other instance holds a copy
            for ply in range(20):
                port = s.port if ply % 2 == 0 else s.sibling_port
                move = WHITE[ply // 2] if ply % 2 == 0 else BLACK[ply // 2]
                st, body, _ = request(port, "POST", f"/api/games/{g['id']}/move",
                                      {"token": g["tokens"]["first" if ply % 2 == 0 else "second"], "move": move})
                if st == 200:
                    played += 1
                else:
                    refused += 1
                    code = f"{st} {(body or {}).get('code', '')}"
                    codes[code] = codes.get(code, 0) + 1
    record("several servers", "moves through both instances", "10 games x 20 plies, White through one instance "
           "and Black through the other, no pause", refused == 0,
           f"{played} played, {refused} refused" + (f" ({codes})" if codes else ""))


def probe_damaged_game(tmp):
    """A game row whose state is overwritten with {} while the server is stopped."""
    db = os.path.join(tmp, "damaged.db")
    with Server(db) as s:
        ids = [new_game(s.port)[1]["id"] for _ in range(3)]
    sql = f"UPDATE games SET state = '{{}}' WHERE id = '{ids[0]}'"
    if PG_URI:
        subprocess.run(["psql", pg_database(db), "-qc", sql], check=True, capture_output=True)
    else:
        con = sqlite3.connect(db)
        con.execute(sql)
        con.commit()
        con.close()
    with Server(db) as s:
        damaged = request(s.port, "GET", f"/api/games/{ids[0]}")
        others = [request(s.port, "GET", f"/api/games/{gid}")[0] for gid in ids[1:]]
        listed = request(s.port, "GET", "/api/games")
    err = s.proc.stderr.read() if s.proc.stderr else ""
    logged = ids[0] in err
    st, body, _ = damaged
    said = (body or {}).get("error", "")
    record("storage", "a damaged game row", "state overwritten with {}; the game, the others, the list, the log",
           st in (500, 503) and (body or {}).get("code") == "game_damaged" and ids[0] in said and logged
           and others == [200, 200] and listed[0] == 200 and len(listed[1]) == 3,
           f"answered {answered(damaged)}: {said[:90]!r}; logged: {logged}; the others: {others}; "
           f"listed: {len(listed[1]) if listed[0] == 200 else listed[0]}")


# --- owners ----------------------------------------------------------------

def probe_owners(tmp):
    db = os.path.join(tmp, "owners.db")
    with Server(db) as s:
        p = s.port
        st, _, _ = request(p, "POST", "/api/games", '{"game":"chess"}',
                           {"Content-Type": "text/plain", "Origin": "http://attacker.example"})
        st2, _, _ = request(p, "POST", "/api/games", '{"game":"chess"}', {"Content-Type": "text/plain"})
        st3, _, _ = request(p, "POST", "/api/games", {"game": "chess"}, {"Origin": "http://attacker.example"})
        listed = request(p, "GET", "/api/games")[1]
        record("owners", "cross-site POST", "text/plain from a foreign Origin; text/plain; JSON from a foreign Origin",
               st >= 400 and st2 >= 400 and st3 >= 400 and listed == [],
               f"answered {st}, {st2}, {st3}; games created: {len(listed or [])}")
        sts = [request(p, "GET", "/api/players", headers={"Host": h})[0]
               for h in ("attacker.example", f"attacker.example:{p}", "127.0.0.1.attacker.example")]
        own = request(p, "GET", "/api/players", headers={"Host": f"localhost:{p}"})[0]
        record("owners", "foreign Host (DNS rebinding)", "3 foreign Host headers; localhost still served",
               all(x >= 400 for x in sts) and own == 200, f"foreign: {sts}, localhost: {own}")
        st, ada, hdrs = request(p, "POST", "/api/players", {"name": "Ada", "password": "correct horse"})
        rated = {"game": "chess", "rated": True,
                 "seats": [{"kind": "human", "player_id": ada["id"]}, {"kind": "engine", "level": 1}],
                 "time_control": {"kind": "increment", "base_ms": 1000, "increment_ms": 0}}
        st_stranger = new_game(p, rated)[0]
        cookie = hdrs.get("set-cookie", "").split(";")[0]
        st_owner = new_game(p, rated, {"Cookie": cookie})[0]
        record("owners", "seat a protected profile", "rated game naming Ada without and with her login",
               st_stranger == 403 and st_owner == 201, f"stranger {st_stranger}, owner {st_owner}")
        st, g, _ = new_game(p)
        st_resign = request(p, "POST", f"/api/games/{g['id']}/resign", {"token": "0" * 32})[0]
        record("owners", "resign in another's name", "resign with a made-up token", st_resign == 403,
               f"answered {st_resign}")
        guesses = [request(p, "POST", "/api/login", {"name": "Ada", "password": f"guess {i}"})[0] for i in range(20)]
        record("owners", "password guessing", "20 wrong passwords from one address", 429 in guesses,
               f"401 x{guesses.count(401)}, 429 x{guesses.count(429)}")
    s = Server(os.path.join(tmp, "open.db"), ["--host", "0.0.0.0"], expect_start=False)
    code, out, err = s.wait_exit(timeout=10)
    s2 = Server(os.path.join(tmp, "open2.db"), ["--host", "0.0.0.0", "--accounts"], expect_start=False)
    time.sleep(2)
    s2.stop()
    banner = s2.proc.stdout.read() if s2.proc.stdout else ""
    record("owners", "listening beyond loopback", "--host 0.0.0.0 without and with --accounts",
           code == 2 and "127.0.0.1" not in banner.split("\n")[0] and "serving" in banner,
           f"without: exit {code}; with: {banner.strip()[:100]!r}")


def probe_claim(tmp):
    """A profile made without a password, then the server restarted with --accounts: a stranger may not
    give it one (the issue's takeover); its owner does, with a one-time claim code from the operator."""
    db = os.path.join(tmp, "claim.db")
    with Server(db) as s:
        st, carl, _ = request(s.port, "POST", "/api/players", {"name": "Carl"})
    with Server(db, ["--accounts"]) as s:
        path = f"/api/players/{carl['id']}/password"
        st_stranger, _, hdrs = request(s.port, "POST", path, {"new_password": "stolen profile"})
        taken = st_stranger == 200 or "set-cookie" in hdrs
        record("owners", "claim a profile without a password", "made without accounts, served with --accounts; "
               "a stranger sets its password", not taken,
               f"stranger: {st_stranger}{' with a login cookie' if 'set-cookie' in hdrs else ''}")
        r = subprocess.run([QI, "players", "claim-code", "--db", s.db, str(carl["id"])], capture_output=True, text=True,
                           timeout=30)
        m = re.search(r"([0-9A-Z]{4}(?:-[0-9A-Z]{4}){4})", r.stdout)
        if not m:
            record("owners", "the operator's claim code", "qi players claim-code, used twice", None,
                   f"no claim code (exit {r.returncode}: {(r.stderr or r.stdout).strip()[:80]})")
            return
        first = request(s.port, "POST", path, {"new_password": "carls own words", "claim_code": m.group(1)})[0]
        again = request(s.port, "POST", path, {"new_password": "stolen profile", "claim_code": m.group(1)})[0]
        record("owners", "the operator's claim code", "qi players claim-code, used twice",
               first == 200 and again == 403, f"first use: {first}, second: {again}")


def probe_proxied_clients(tmp):
    """Behind a trusted proxy: IPv6 clients limited per /64, one Host header, Secure cookies over TLS."""
    with Server(os.path.join(tmp, "proxied.db"), ["--accounts", "--trusted-proxy", "127.0.0.1"]) as s:
        p = s.port
        request(p, "POST", "/api/players", {"name": "Ada", "password": "correct horse"},
                {"X-Forwarded-For": "198.51.100.7"})
        logins = [request(p, "POST", "/api/login", {"name": "Ada", "password": f"guess {i}"},
                          {"X-Forwarded-For": f"2001:db8:1:2::{i}"})[0] for i in range(1, 41)]
        record("owners", "password guessing from one IPv6 /64", "40 logins from 2001:db8:1:2::N behind a trusted proxy",
               429 in logins, f"401 x{logins.count(401)}, 429 x{logins.count(429)}")
        with socket.create_connection(("127.0.0.1", p), timeout=10) as c:
            c.sendall(f"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:{p}\r\nHost: attacker.example\r\n"
                      f"Connection: close\r\n\r\n".encode())
            m = re.match(rb"HTTP/1\.[01] (\d+)", c.recv(200))
            twice = int(m.group(1)) if m else None
        with socket.create_connection(("127.0.0.1", p), timeout=10) as c:
            c.sendall(f"GET http://attacker.example/api/info HTTP/1.1\r\nHost: 127.0.0.1:{p}\r\n"
                      f"Connection: close\r\n\r\n".encode())
            m = re.match(rb"HTTP/1\.[01] (\d+)", c.recv(200))
            absolute = int(m.group(1)) if m else None
        record("owners", "two Host headers", "Host twice; an absolute target naming another host",
               twice == 400 and absolute == 400, f"answered {twice}, {absolute}")
        st, _, hdrs = request(p, "POST", "/api/login", {"name": "Ada", "password": "correct horse"},
                              {"X-Forwarded-For": "198.51.100.8", "X-Forwarded-Proto": "https"})
        cookie = hdrs.get("set-cookie", "")
        record("owners", "login cookie behind HTTPS", "the proxy says X-Forwarded-Proto: https",
               st == 200 and "secure" in cookie.lower().split("; "),
               f"{st}, Set-Cookie attributes: {'; '.join(a for a in cookie.split('; ')[1:])}")


def probe_names(tmp):
    """Names counted in characters, with nothing hidden, and none passing for another's."""
    with Server(os.path.join(tmp, "names.db")) as s:
        p = s.port
        cases = [("30 Chinese characters", "龍" * 30, (201,)),
                 ("only U+200B", "\u200b", (400,)),
                 ("with U+202E", "Bo\u202eb", (400,)),
                 ("Cyrillic А in Аda", "\u0410da", (400, 409)),
                 ("ADA after Ada", None, (400, 409))]
        request(p, "POST", "/api/players", {"name": "Ada"})
        out = []
        for label, name, wanted in cases:
            st = request(p, "POST", "/api/players", {"name": name if name is not None else "ADA"})[0]
            out.append((label, st, st in wanted))
        record("hygiene", "names", ", ".join(c[0] for c in out), all(c[2] for c in out),
               ", ".join(f"{c[1]}" for c in out))


def probe_slow_reader(tmp):
    """A client that asks for a large answer and reads none of it: when does it see its connection end?"""
    web = os.path.join(tmp, "web")
    os.makedirs(web)
    with open(os.path.join(web, "index.html"), "w") as f:
        f.write("<html></html>")
    with open(os.path.join(web, "big.txt"), "w") as f:
        f.write(("q" * 1023 + "\n") * 16384)  # 16 MiB
    with Server(os.path.join(tmp, "reader.db"), ["--web-root", web]) as s:
        c = socket.socket()
        c.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        c.connect(("127.0.0.1", s.port))
        c.sendall(f"GET /big.txt HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\n\r\n".encode())
        start = time.time()
        ended = None
        while time.time() - start < 75:
            state = c.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)[0]
            if state in (7, 8):  # TCP_CLOSE (reset), TCP_CLOSE_WAIT (closed)
                ended = time.time() - start
                break
            time.sleep(0.25)
        c.close()
        still = request(s.port, "GET", "/api/info")[0]
        record("bounds", "slow reader", "asks for 16 MiB and reads nothing", ended is not None and ended < 45 and still == 200,
               (f"its connection ended after {ended:.0f} s" if ended is not None else "its connection still open after 75 s")
               + f"; another request: {still}")


# --- bounded resources -----------------------------------------------------

def probe_headers(tmp):
    with Server(os.path.join(tmp, "headers.db")) as s:
        before = s.rss_kib()
        sent = 0
        status = None
        with socket.create_connection(("127.0.0.1", s.port), timeout=10) as c:
            c.sendall(f"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\n".encode())
            chunk = b"X-Filler: " + b"a" * 65536 + b"\r\n"
            try:
                while sent < 200 * 1024 * 1024:
                    c.sendall(chunk)
                    sent += len(chunk)
            except OSError:
                pass
            try:
                c.settimeout(5)
                reply = c.recv(200)
                m = re.match(rb"HTTP/1\.[01] (\d+)", reply)
                status = int(m.group(1)) if m else None
            except OSError:
                pass
        grown = (s.rss_kib() - before) // 1024
        still = request(s.port, "GET", "/api/info")[0]
        record("bounds", "200 MB of headers", "one request's headers streamed until refused",
               sent < 200 * 1024 * 1024 and grown < 50 and still == 200,
               f"refused after {sent // 1024} KiB (status {status}), server grew {grown} MB, still serving: {still}")


def probe_body(tmp):
    with Server(os.path.join(tmp, "body.db")) as s:
        # The headers announce 10 MB; the answer must come before the body is sent.
        status = None
        with socket.create_connection(("127.0.0.1", s.port), timeout=10) as c:
            c.sendall(f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\nContent-Type: application/json\r\n"
                      f"Content-Length: {10 * 1024 * 1024}\r\n\r\n".encode())
            try:
                m = re.match(rb"HTTP/1\.[01] (\d+)", c.recv(200))
                status = int(m.group(1)) if m else None
            except OSError:
                pass
        record("bounds", "10 MB body", "POST /api/games announcing 10 MB, body not sent", status == 413,
               f"answered {status} before the body")


def probe_many_games(tmp):
    with Server(os.path.join(tmp, "games.db")) as s:
        before = s.rss_kib()
        created = limited = 0
        start = time.time()
        conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=10)
        while time.time() - start < 21 and created + limited < 20000:
            conn.request("POST", "/api/games", body='{"game":"tictactoe"}',
                         headers={"Content-Type": "application/json"})
            r = conn.getresponse()
            r.read()
            created += r.status == 201
            limited += r.status == 429
        conn.close()
        grown = (s.rss_kib() - before) // 1024
        record("bounds", "20,000 games from one client", "create as fast as possible for 21 s",
               limited > 0 and created < 1000,
               f"{created} created, {limited} refused 429, server grew {grown} MB")


def probe_slow_clients(tmp):
    with Server(os.path.join(tmp, "slow.db")) as s:
        c = socket.create_connection(("127.0.0.1", s.port), timeout=5)
        c.sendall(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        start = time.time()
        closed_after = None
        while time.time() - start < 70:
            try:
                c.sendall(b"X")
                c.settimeout(1)
                if c.recv(100) == b"":
                    closed_after = time.time() - start
                    break
            except socket.timeout:
                continue
            except OSError:
                closed_after = time.time() - start
                break
        c.close()
        record("bounds", "slowloris", "headers one byte a second", closed_after is not None,
               f"closed after {closed_after:.0f} s" if closed_after else "still open after 70 s")
        socks = []
        refused = 0
        for _ in range(300):
            try:
                k = socket.create_connection(("127.0.0.1", s.port), timeout=2)
                k.sendall(f"GET /api/games/{'0' * 12}/events HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\n\r\n".encode())
                socks.append(k)
            except OSError:
                refused += 1
        time.sleep(1)
        served = 0
        for k in socks:
            try:
                k.settimeout(0.2)
                data = k.recv(64)
                served += data.startswith(b"HTTP/1.1 404") or data.startswith(b"HTTP/1.1 200")
            except OSError:
                pass
        same = request(s.port, "GET", "/api/info")[0]
        other = request(s.port, "GET", "/api/info", source="127.0.0.2")[0]
        for k in socks:
            k.close()
        record("bounds", "connections from one client", "300 connections at once, then a request from it and from another address",
               other == 200 and (refused > 0 or served < 300),
               f"{len(socks) - served} held back or refused of 300 ({refused} refused at connect); "
               f"the same client's next request: {same}, another client's: {other}")


# --- engine work -----------------------------------------------------------

PGN = ("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O "
       "9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 "
       "16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 *")


def probe_engine(tmp):
    with Server(os.path.join(tmp, "engine.db")) as s:
        p = s.port
        reviewed = new_game(p, {"game": "chess", "record": PGN})[1]["id"]
        statuses = []

        def review():
            try:
                statuses.append(request(p, "GET", f"/api/games/{reviewed}/review", timeout=120)[0])
            except OSError as e:
                statuses.append(repr(e)[:40])
        threads = [threading.Thread(target=review) for _ in range(16)]
        for t in threads:
            t.start()
        time.sleep(0.3)
        st, g, _ = new_game(p, {"game": "chess", "seats": [{"kind": "human"},
                                                         {"kind": "engine", "level": 5, "movetime_ms": 200}]})
        start = time.time()
        request(p, "POST", f"/api/games/{g['id']}/move", {"token": g["tokens"]["first"], "move": "e4"})
        waited = None
        while time.time() - start < 30:
            v = request(p, "GET", f"/api/games/{g['id']}")[1]
            if len(v["moves"]) >= 2:
                waited = time.time() - start - 0.2
                break
            time.sleep(0.01)
        for t in threads:
            t.join()
        alive = s.proc.poll() is None
        record("engine", "server alive after the reviews", "16 reviews and an engine game", alive,
               "running" if alive else f"exited {s.proc.returncode}")
        record("engine", "16 reviews from one client", "another game's engine reply (200 ms to think)",
               waited is not None and waited <= 0.5,
               f"waited {waited * 1000:.0f} ms beyond its thinking time" if waited is not None else "no reply in 30 s")
        record("engine", "reviews capped per client", "16 at once",
               all(x in (200, 429) for x in statuses),
               f"answers: 200 x{statuses.count(200)}, 429 x{statuses.count(429)}"
               f"{', others ' + str(sorted(set(map(str, statuses)) - {'200', '429'})) if any(x not in (200, 429) for x in statuses) else ''}")


def engine_reply_wait(port, source, thinking_ms=200, timeout=30):
    """Seconds another client's engine reply (level 5, `thinking_ms` a move) waited beyond its thinking
    time after e4, or None when it did not come within `timeout`."""
    seats = [{"kind": "human"}, {"kind": "engine", "level": 5, "movetime_ms": thinking_ms}]
    g = request(port, "POST", "/api/games", {"game": "chess", "seats": seats}, source=source)[1]
    start = time.time()
    request(port, "POST", f"/api/games/{g['id']}/move", {"token": g["tokens"]["first"], "move": "e4"},
            source=source)
    while time.time() - start < timeout:
        if len(request(port, "GET", f"/api/games/{g['id']}", source=source)[1]["moves"]) >= 2:
            return time.time() - start - thinking_ms / 1000
        time.sleep(0.01)
    return None


def long_engine_game(port, source="127.0.0.1"):
    """A level-10 game on a day's clock after e4 (its token and id): the engine plans 72 minutes."""
    seats = [{"kind": "human"}, {"kind": "engine", "level": 10}]
    day = {"kind": "sudden_death", "base_ms": 24 * 60 * 60 * 1000}
    g = request(port, "POST", "/api/games", {"game": "chess", "seats": seats, "time_control": day},
                source=source)[1]
    request(port, "POST", f"/api/games/{g['id']}/move", {"token": g["tokens"]["first"], "move": "e4"},
            source=source)
    return g


def probe_engine_bounds(tmp):
    """Two level-10 games on a day's clock from one client, then another client's 200 ms engine reply;
    the same after resigning them; then SIGTERM while such a search runs."""
    with Server(os.path.join(tmp, "bounds.db")) as s:
        p = s.port
        long_games = [long_engine_game(p), long_engine_game(p)]
        time.sleep(1)  # both searches under way
        waited = engine_reply_wait(p, "127.0.0.2")
        for g in long_games:
            request(p, "POST", f"/api/games/{g['id']}/resign", {"token": g["tokens"]["first"]})
        after_resign = engine_reply_wait(p, "127.0.0.3")

        def said(w):
            return f"{w:.2f} s" if w is not None else "no reply in 30 s"
        record("engine", "one client's long searches", "2 level-10 games on a day's clock, then another "
               "client's engine reply (200 ms to think)", waited is not None and waited <= 2,
               f"waited {said(waited)} beyond its thinking time")
        record("engine", "searches of resigned games", "the same after resigning both",
               after_resign is not None and after_resign <= 2,
               f"waited {said(after_resign)} beyond its thinking time")
        long_engine_game(p)
        time.sleep(1)
        start = time.time()
        s.proc.send_signal(signal.SIGTERM)
        try:
            s.proc.wait(timeout=30)
            ended = time.time() - start
        except subprocess.TimeoutExpired:
            ended = None
        record("engine", "SIGTERM while the engine thinks", "a level-10 search on a day's clock",
               ended is not None and ended <= 5,
               f"exited after {ended:.2f} s" if ended is not None else "still running after 30 s")


# --- long games: imports, memory, reviews ---------------------------------------

def xiangqi_shuffle(plies):
    """A xiangqi record of `plies` plies: both horses out and back, again and again."""
    return "[Game \"Chinese Chess\"]\n\n" + " ".join(["h0g2", "h9g7", "g2h0", "g7h9"][i % 4] for i in range(plies)) + " *"


def chess_shuffle(plies):
    return " ".join(["Nf3", "Nf6", "Ng1", "Ng8"][i % 4] for i in range(plies)) + " *"


def max_plies(port):
    """The most plies a game may have on this server (/api/info), or None (a server without the bound)."""
    info = request(port, "GET", "/api/info")[1] or {}
    return info.get("max_plies")


def probe_long_imports(tmp):
    with Server(os.path.join(tmp, "imports.db")) as s:
        p = s.port
        bound = max_plies(p)
        times = []
        for plies in (1000, 8000, 13000):
            start = time.time()
            st, body, _ = request(p, "POST", "/api/games", {"game": "xiangqi", "record": xiangqi_shuffle(plies)},
                                  timeout=300)
            code = (body or {}).get("code", "")
            times.append(f"{plies // 1000}k plies {time.time() - start:.2f} s ({st}{' ' + code if code else ''})")
        at_bound = None
        if bound:
            start = time.time()
            st, _, _ = request(p, "POST", "/api/games", {"game": "xiangqi", "record": xiangqi_shuffle(bound)},
                               timeout=300)
            at_bound = f"{bound} plies (the bound) {time.time() - start:.2f} s ({st})"
        # 16 of the longest imports a body holds (13,000 plies) at once from one address; meanwhile
        # another address makes a move in a game of its own.
        st, other, _ = request(p, "POST", "/api/games", {"game": "chess"}, source="127.0.0.2")
        waits = []

        def importer():
            try:
                request(p, "POST", "/api/games", {"game": "xiangqi", "record": xiangqi_shuffle(13000)}, timeout=300)
            except OSError:
                pass
        threads = [threading.Thread(target=importer) for _ in range(16)]
        for t in threads:
            t.start()
        time.sleep(0.3)
        start = time.time()
        moved = request(p, "POST", f"/api/games/{other['id']}/move", {"token": other["tokens"]["first"], "move": "e4"},
                        timeout=300, source="127.0.0.2")[0]
        waits.append(time.time() - start)
        for t in threads:
            t.join()
        held = moved == 200 and waits[0] < 2 and bound is not None
        record("bounds", "long imports", "xiangqi records of 1k, 8k and 13k plies; 16 imports of 13k plies at once "
               "and another address's move", held,
               "; ".join(times) + (f"; {at_bound}" if at_bound else "") +
               f"; the other address's move waited {waits[0]:.2f} s ({moved})")


def probe_long_game_memory(tmp):
    with Server(os.path.join(tmp, "memory.db")) as s:
        p = s.port
        bound = max_plies(p)
        plies = min(bound or 16000, 16000)  # 16,000 plies: the 64 KiB body of "Nf3 Nf6 Ng1 Ng8 " x 4000
        base = s.rss_kib()
        games = []
        count = 40
        for _ in range(count):
            st, g, _ = new_game(p, {"game": "chess", "record": chess_shuffle(plies)})
            if st == 201:
                games.append(g)
        after = s.rss_kib()
        per_game = (after - base) / max(1, len(games)) / 1024
        for g in games:
            request(p, "POST", f"/api/games/{g['id']}/remove", {"token": g["tokens"]["first"]})
        time.sleep(12)  # the allocator gives freed memory back after about 10 s
        removed = s.rss_kib()
        # A review of one long game: the server's peak while it runs (VmHWM, reset first).
        st, g, _ = new_game(p, {"game": "chess", "record": chess_shuffle(plies)})
        before_review = s.rss_kib()
        try:
            with open(f"/proc/{s.proc.pid}/clear_refs", "w") as f:
                f.write("5")
        except OSError:
            pass
        start = time.time()
        try:
            reviewed = request(p, "GET", f"/api/games/{g['id']}/review", timeout=60)[0]
        except OSError:
            reviewed = "no answer in 60 s"
        took = time.time() - start
        with open(f"/proc/{s.proc.pid}/status") as f:
            peak = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
        time.sleep(12)
        kept = s.rss_kib()
        held = bound is not None and per_game < 5 and (peak - before_review) < 200 * 1024 \
            and removed - base < 100 * 1024 and reviewed == 200
        record("bounds", "memory of long games", f"{count} chess imports of {plies} plies, removed; "
               "a review of one", held,
               f"{per_game:.1f} MB a game ({per_game * 1024 * 1024 / plies:.0f} bytes a ply; {base // 1024} -> "
               f"{after // 1024} MB), {removed // 1024} MB 12 s after "
               f"removing them; review: answered {reviewed} in {took:.1f} s, peak {peak // 1024} MB "
               f"({(peak - before_review) // 1024} MB above the {before_review // 1024} MB before), "
               f"{kept // 1024} MB 12 s after")


def probe_records_reader(tmp):
    cases = []
    held = True
    zeros = os.path.join(tmp, "zeros.pgn")
    with open(zeros, "wb") as f:
        f.write(b"\0" * (50 << 20))
    for name, path in (("/dev/zero", "/dev/zero"), ("50 MB of NUL bytes", zeros)):
        start = time.time()
        # At most 4 GiB of address space: a reader without a bound fails, not the machine.
        proc = subprocess.Popen(["/usr/bin/time", "-f", "%M", QI, "records", "--game", "chess", path],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30)))
        try:
            out, err = proc.communicate(timeout=30)
            took = time.time() - start
            lines = (out + err).splitlines()
            peak_mb = int(lines[-1]) // 1024 if lines and lines[-1].isdigit() else None
            longest = max((len(x) for x in lines[:-1]), default=0)
            cases.append(f"{name}: exit {proc.returncode} in {took:.1f} s, {peak_mb} MB, longest line {longest} bytes")
            held = held and proc.returncode in (1, 2) and longest <= 400 and peak_mb is not None and peak_mb < 400
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            cases.append(f"{name}: still reading after 30 s (killed)")
            held = False
    record("cli", "qi records on endless and NUL input", "/dev/zero; a 50 MB file of NUL bytes", held, "; ".join(cases))

# --- error hygiene ---------------------------------------------------------

def probe_hygiene(tmp):
    with Server(os.path.join(tmp, "hygiene.db")) as s:
        p = s.port
        cases = []
        for method, path, body in [
                ("GET", "/api/games/%FF", None),
                ("POST", "/api/games", {"game": "xiangqi", "fen": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR 中"}),
                ("POST", "/api/games", {"game": "chess", "seats": [{"kind": "human"}, {"kind": "engine", "level": 4294967301}]}),
                ("POST", "/api/games", {"game": "xiangqi", "time_control": {"kind": "increment", "base_ms": 60000, "max_overruns": 4294967297}}),
                ("POST", "/api/players", {"name": "Ada\u0000Lovelace"}),
                ("POST", "/api/players", {"name": "Ada\u001b[31m"}),
        ]:
            st, parsed, hdrs = request(p, method, path, body)
            ok = 400 <= st < 500 and isinstance(parsed, dict) and "error" in parsed \
                and not any(k.startswith("exception") for k in hdrs)
            cases.append((path if body is None else json.dumps(body)[:40], st, ok))
        record("hygiene", "bad bytes and numbers", "%FF id, FEN ending in 中, level 2^32+5, overruns 2^32+1, NUL and ESC in names",
               all(c[2] for c in cases), ", ".join(f"{c[1]}" for c in cases))
        players = request(p, "GET", "/api/players")[1]
        record("hygiene", "names listed as stored", "no name cut at a NUL", all("\u0000" not in x["name"] for x in players),
               f"{len(players)} players")


# --- command line and protocols --------------------------------------------

def run_qi(args, timeout=10, stdin=None):
    try:
        r = subprocess.run([QI, *args], capture_output=True, text=True, timeout=timeout, input=stdin)
        return r.returncode, r.stderr
    except subprocess.TimeoutExpired:
        return None, "timed out"


def probe_cli(tmp):
    cases = [(["go", "chess", "--nodes", "-1"], "--nodes -1"),
             (["go", "chess", "--movetime", "-5"], "--movetime -5"),
             (["go", "chess", "--fen", ""], "--fen ''"),
             (["go", "checkers", "--fen", "W:W:B"], "checkers W:W:B"),
             (["perft", "chess", "--depth", "99999999999999999999"], "perft depth 1e20")]
    out = []
    for args, name in cases:
        code, err = run_qi(args)
        out.append((name, code))
    record("cli", "numbers that wrap, empty and pieceless FENs", ", ".join(n for n, _ in out),
           all(c == 2 for _, c in out), ", ".join(f"{n}: exit {c}" for n, c in out))
    for proto, init in (("uci", "uci\n"), ("ucci", "ucci\n")):
        proc = subprocess.Popen([QI, proto], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        proc.stdin.write(init + "position startpos\ngo perft 7\nisready\n" if proto == "uci"
                         else init + "position startpos\ngo perft 7\nisready\n")
        proc.stdin.flush()
        start = time.time()
        ready = None
        lines = []

        def reader():
            for line in proc.stdout:
                lines.append((time.time() - start, line.strip()))
        t = threading.Thread(target=reader, daemon=True)
        t.start()
        while time.time() - start < 10 and ready is None:
            for at, line in list(lines):
                if line == "readyok":
                    ready = at
            time.sleep(0.05)
        proc.stdin.write("stop\nquit\n")
        proc.stdin.flush()
        try:
            proc.wait(timeout=10)
            ended = time.time() - start
        except subprocess.TimeoutExpired:
            proc.kill()
            ended = None
        record("cli", f"go perft 7 in qi {proto}", "isready, then stop and quit while it runs",
               ready is not None and ready < 2 and ended is not None,
               f"readyok after {ready:.2f} s" if ready is not None else "no readyok in 10 s")
    bad_goes = {"uci": ["go movetime 1e9", "go depth", "go nodes abc", "go mate -3"],
                "ucci": ["go depth 0", "go depth", "go nodes abc", "go time abc"]}
    for proto, goes in bad_goes.items():
        answers = [protocol_answer(proto, go) for go in goes]
        record("cli", f"go with bad numbers in qi {proto}", ", ".join(goes),
               all(a is not None and a.startswith("bestmove ") for a in answers),
               ", ".join(f"{go}: {a or 'no answer in 5 s'}" for go, a in zip(goes, answers)))
    answer = protocol_answer("uci", "go depth 3 searchmoves a1a1 z9z9")
    record("cli", "searchmoves none of them legal", "qi uci: go depth 3 searchmoves a1a1 z9z9 at the start",
           answer is not None and answer.startswith("bestmove ") and "(none)" not in answer,
           answer or "no answer in 5 s")


def protocol_answer(proto, go, timeout=5):
    """The bestmove (or nobestmove) line `qi uci` or `qi ucci` answers `go` with at the start position, or
    None when none comes within `timeout` seconds."""
    proc = subprocess.Popen([QI, proto], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    proc.stdin.write(f"{proto}\nposition startpos\n{go}\n")
    proc.stdin.flush()
    found = []

    def reader():
        for line in proc.stdout:
            if line.startswith(("bestmove", "nobestmove")):
                found.append(line.strip())
                return
    t = threading.Thread(target=reader, daemon=True)
    t.start()
    t.join(timeout)
    answer = found[0] if found else None  # what came by itself, not after the stop below
    try:
        proc.stdin.write("stop\nquit\n")
        proc.stdin.flush()
    except BrokenPipeError:
        pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    return answer


PROBES = [probe_read_only, probe_full_disk, probe_log_filled_disk, probe_log_bounded, probe_failing_store,
          probe_stale_copy, probe_damaged_game, probe_corruption, probe_backup, probe_database_down,
          probe_instance_killed, probe_owners, probe_claim, probe_proxied_clients, probe_headers, probe_body,
          probe_many_games, probe_slow_clients, probe_slow_reader, probe_engine, probe_engine_bounds, probe_hygiene,
          probe_names, probe_cli, probe_long_imports, probe_long_game_memory, probe_records_reader]
# Probes of the SQLite file itself: in --postgres runs, the database's own
# probes stand for them.
SQLITE_ONLY = {probe_read_only, probe_full_disk, probe_log_filled_disk, probe_log_bounded, probe_corruption,
               probe_backup}


def main():
    global QI
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--qi", default=QI)
    ap.add_argument("--only", default="")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--postgres", action="store_true",
                    help="every server is two instances on a throwaway PostgreSQL server")
    a = ap.parse_args()
    QI = os.path.abspath(a.qi)
    global PG_URI
    if a.postgres:
        PG_URI = subprocess.run([os.path.join(HERE, "postgres_server.sh"), "start"], check=True,
                                capture_output=True, text=True).stdout.strip()
    try:
        run_probes(a)
    finally:
        if PG_URI:
            subprocess.run([os.path.join(HERE, "postgres_server.sh"), "stop", PG_URI])
    if a.markdown:
        print("\n| area | probe | cases tried | held | what happened |\n| --- | --- | --- | --- | --- |")
        for area, probe, cases, held, detail in RESULTS:
            mark = {True: "yes", False: "**no**", None: "skipped"}[held]
            print(f"| {area} | {probe} | {cases} | {mark} | {detail.replace('|', '/')} |")
    sys.exit(0 if all(r[3] is not False for r in RESULTS) else 1)


def run_probes(a):
    for probe in PROBES:
        if a.only and not re.search(a.only, probe.__name__):
            continue
        if PG_URI and probe in SQLITE_ONLY:
            continue
        tmp = tempfile.mkdtemp(prefix="qi-probe-")
        try:
            probe(tmp)
        except Exception as e:  # a probe that breaks is a probe that did not hold
            record(probe.__name__.replace("probe_", ""), "probe failed to run", "-", False, repr(e)[:200])
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
