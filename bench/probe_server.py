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
                    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
                    try:
                        while True:
                            os.write(fd, b"\0" * 65536)
                    except OSError:
                        pass
                    finally:
                        os.close(fd)
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
        lost = 0
        with Server(db) as s:
            for gid, n in acknowledged.items():
                st, body, _ = request(s.port, "GET", f"/api/games/{gid}")
                if st != 200 or len(body["moves"]) < n:
                    lost += n - (len(body["moves"]) if st == 200 else 0)
        total = sum(acknowledged.values())
        record("storage", "full disk", "10 games x 20 plies, disk full for plies 6-13, freed, restart",
               lost == 0 and refused > 0 and not wrong,
               f"{total} moves acknowledged, {refused} refused 503 not_saved, {lost} lost after restart"
               f"{', other answers ' + str(wrong[:5]) if wrong else ''}")
        record("storage", "new profile on a full disk", "POST /api/players while full",
               player_status == 503, f"answered {player_status} (409 would claim the name is taken)")
    finally:
        subprocess.run(["umount", "-l", mnt])


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


PROBES = [probe_read_only, probe_full_disk, probe_corruption, probe_backup, probe_database_down,
          probe_instance_killed, probe_owners, probe_headers, probe_body, probe_many_games, probe_slow_clients,
          probe_engine, probe_hygiene, probe_cli, probe_long_imports, probe_long_game_memory,
          probe_records_reader]
# Probes of the SQLite file itself: in --postgres runs, the database's own
# probes stand for them.
SQLITE_ONLY = {probe_read_only, probe_full_disk, probe_corruption, probe_backup}


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
