#!/usr/bin/env bash
# Same-run A/B of two twilit builds: CPU seconds (user + system) of `simulate --jobs 1` on
# each bundled game, the two binaries interleaved, three runs each, and the new/old ratio.
# Give both the same cards (an older build may not read newer files).
#   benches/ab.sh OLD_BINARY NEW_BINARY [CARDS_DIR]
set -euo pipefail
old=$1 new=$2 cards=${3:-cards}
cpu() { local TIMEFORMAT='%U %S'; { time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ print $1 + $2 }'; }
run() {
  local game=$1; shift
  local o=0 n=0 a b
  for _ in 1 2 3; do
    a=$(cpu "$old" simulate "$cards/$game" --jobs 1 --format json "$@")
    b=$(cpu "$new" simulate "$cards/$game" --jobs 1 --format json "$@")
    o=$(awk -v x="$o" -v y="$a" 'BEGIN { print x + y }')
    n=$(awk -v x="$n" -v y="$b" 'BEGIN { print x + y }')
  done
  awk -v g="$game $*" -v o="$o" -v n="$n" 'BEGIN { printf "%s: old %.3fs new %.3fs new/old %.3f\n", g, o, n, n / o }'
}
run goofspiel --games 3000
run crazy_eights --games 600
run lotr --games 40
run root --games 20 --turns 40
run ti4 --games 3 --turns 3
