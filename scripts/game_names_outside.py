#!/usr/bin/env python3
"""Counts, per game, the source files outside the game's own folders whose code
or strings (comments stripped) name the game.

A game's knowledge belongs to its folders (src/games/<game>,
src/engine/games/<game>); outside them only the list of built-in
registrations and the generated help text may name it. With --check the
script prints every file that names a game outside those places and exits
non-zero if there is one; tests/architecture keeps its counts from growing.

    scripts/game_names_outside.py [--list] [--check] [SOURCE_DIR]
"""
import os
import re
import sys

# The words that name each game in code and strings (case aside).
GAMES = {
    "chess": re.compile(r"chess", re.I),
    "xiangqi": re.compile(r"xiangqi", re.I),
    "checkers": re.compile(r"checkers|draughts", re.I),
    "tictactoe": re.compile(r"tic-?tac-?toe", re.I),
}

# Words that contain a game's name but name something else: xiangqi's English
# name, and chess's pieces that give check (in chess's own folders).
NOT_THE_GAME = {
    "chess": re.compile(r"chinese chess", re.I),
}
NOT_THE_GAME_IN = {
    "checkers": ("src/games/chess/", "src/engine/games/chess/"),
}

# Files outside the games' folders that may name games: the built-in
# registrations' list and the generated help text.
ALLOWED = {
    "src/games/CMakeLists.txt",
    "src/engine/games/CMakeLists.txt",
    "src/engine/games/builtin_games.cpp",
    "src/cli/help_text.cpp",
}

SOURCE_SUFFIXES = (".h", ".cpp", ".inc")


def strip_comments(text):
    """C++ text without its comments; string and character literals kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            out.append(" ")
        elif text.startswith('R"', i):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = text.find(")" + m.group(1) + '"', i)
            end = n if end < 0 else end + len(m.group(1)) + 2
            out.append(text[i:end])
            i = end
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def own_folders(game):
    return (f"src/games/{game}/", f"src/engine/games/{game}/")


def source_files(root):
    for folder, _, names in os.walk(os.path.join(root, "src")):
        for name in names:
            if name.endswith(SOURCE_SUFFIXES):
                path = os.path.join(folder, name)
                yield os.path.relpath(path, root).replace(os.sep, "/"), path


def naming_files(root):
    """{game: [files outside its folders that name it]}"""
    found = {game: [] for game in GAMES}
    for rel, path in sorted(source_files(root)):
        with open(path, encoding="utf-8", errors="replace") as f:
            code = strip_comments(f.read())
        for game, pattern in GAMES.items():
            if rel.startswith(own_folders(game) + NOT_THE_GAME_IN.get(game, ())):
                continue
            text = NOT_THE_GAME[game].sub("", code) if game in NOT_THE_GAME else code
            if pattern.search(text):
                found[game].append(rel)
    return found


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    found = naming_files(root)
    for game, files in found.items():
        print(f"{game}: {len(files)}")
        if "--list" in argv or "--check" in argv:
            for rel in files:
                mark = "  (allowed)" if rel in ALLOWED else ""
                print(f"  {rel}{mark}")
    if "--check" in argv:
        bad = sorted({rel for files in found.values() for rel in files if rel not in ALLOWED})
        if bad:
            print(f"{len(bad)} files name a game outside its folders and the allowed list")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
