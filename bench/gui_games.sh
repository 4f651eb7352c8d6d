#!/usr/bin/env bash
# Qi under real GUIs: XBoard, under Xvfb in its two-machine match mode, plays
# chess with Qi through PolyGlot (`qi uci`) and xiangqi through UCI2WB in
# its UCCI mode (`qi ucci`), Qi against itself. Each game's PGN, as XBoard
# saves it, must end with a result and a termination that is no illegal or
# invalid move, forfeit or crash, and XBoard's log must hold no illegal move.
#   bench/gui_games.sh [QI] [GAMES]        (QI: build/qi; GAMES a game: 1)
# TC is XBoard's time control, minutes:seconds (0:02) and INC its increment
# in seconds (0.05). Each match is stopped after LIMIT seconds a game (90).
# OUT=dir keeps the PGN and logs (a temporary directory otherwise).
# INSTALL=1 installs the missing Debian packages (xboard polyglot uci2wb
# xvfb) with apt-get; without it, a missing one makes the script exit 77
# (the skip status of ctest). Exit 0: every game ended properly; 1: not.
set -uo pipefail
qi=$(realpath "${1:-build/qi}")
games=${2:-1}
tc=${TC:-0:02}
inc=${INC:-0.05}
limit=$((${LIMIT:-90} * games))

packages=(xboard polyglot uci2wb xvfb xauth)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "${INSTALL:-0}" != 1 ]; then
    echo "gui_games: missing ${missing[*]} (INSTALL=1 installs them)"
    exit 77
  fi
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" > /dev/null
fi

out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
[ -n "${OUT:-}" ] || trap 'rm -rf "$out"' EXIT
status=0

# match NAME VARIANT ENGINE_COMMAND [XBOARD_OPTION...]: GAMES games of the
# engine against itself; prints each game's result and termination.
match() {
  local name=$1 variant=$2 engine=$3
  shift 3
  local pgn="$out/$name.pgn" log="$out/$name.xboard.log"
  rm -f "$pgn" "$log"
  # timeout kills the whole process group (XBoard, the adapters, Qi) if the
  # match outlives its limit.
  timeout -k 5 "$limit" xvfb-run -a /usr/games/xboard -noGUI -variant "$variant" \
    -fcp "$engine" -scp "$engine" -matchGames "$games" -tc "$tc" -inc "$inc" \
    -saveGameFile "$pgn" -autoCallFlag true -popupExitMessage false -popupMoveErrors false \
    -adjudicateDrawMoves 200 -debugMode true -nameOfDebugFile "$log" "$@" > "$out/$name.out" 2>&1
  local rc=$?
  local results
  results=$(grep -c '^\[Result "\(1-0\|0-1\|1/2-1/2\)"\]' "$pgn" 2>/dev/null)
  results=${results:-0}
  echo "$name: $results of $games games ended$([ $rc -eq 124 ] && echo ", stopped after ${limit} s")"
  # Each game's last comment (its termination) and result.
  [ -f "$pgn" ] && tr '\n' ' ' < "$pgn" | grep -o '{[^}]*} *\(1-0\|0-1\|1/2-1/2\)' | sed 's/^/  /'
  if [ "$results" -ne "$games" ] ||
    tr '\n' ' ' < "$pgn" | grep -o '{[^}]*} *\(1-0\|0-1\|1/2-1/2\|\*\)' | grep -qiE 'illegal|invalid|forfeit|crash|died|disconnect|\*$' ||
    grep -qiE 'illegal move|tellusererror' "$log"; then
    echo "$name: FAILED$([ -n "${OUT:-}" ] && echo " (files in $out)" || echo " (OUT=dir keeps the files)")"
    status=1
  fi
}

# Chess with XBoard's default, pondering on. Xiangqi without it: with UCI2WB
# pondering, some games at these short clocks were lost on time with both
# engines pondering (docs/protocols.md); PONDER=1 turns it on.
match chess normal "/usr/games/polyglot -noini -ec '$qi uci'"
match xiangqi xiangqi "/usr/games/uci2wb -x '$qi ucci'" $([ "${PONDER:-0}" = 1 ] || echo -xponder)
exit $status
