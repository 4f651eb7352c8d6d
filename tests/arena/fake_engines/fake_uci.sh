#!/bin/sh
# A fake UCI engine for the arena's tests. It answers the handshake, then at
# its first "go" misbehaves as its argument says:
#   crash    exits with status 3
#   hang     never answers, not even "stop"
#   illegal  answers a move that is never legal ("a1a1")
#   none     answers "bestmove (none)" although moves remain
#   slowstart  never answers "uci" (a hang at start-up)
mode=$1
while IFS= read -r line; do
  case "$line" in
    uci)
      [ "$mode" = slowstart ] && continue
      echo "id name fake-$mode"
      echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    go*)
      case "$mode" in
        crash) exit 3 ;;
        hang) ;;
        illegal) echo "info depth 1 score cp 12 time 0"; echo "bestmove a1a1" ;;
        none) echo "bestmove (none)" ;;
      esac ;;
  esac
done
