#!/usr/bin/env bash
# Twilit beside the hand-written floor (benches/floor.rs) and, where it can be installed,
# OpenSpiel 2.0.2's C++ playouts (../shared/bench/peers/run.sh), in ONE run so that the
# ratios are taken under the same machine load. Prints games per CPU-second on one core.
#
#   benches/side_by_side.sh            # GS_GAMES=100000 C8_GAMES=20000 by default
#   PEERS=off benches/side_by_side.sh  # without the peers (no Python/npm install)
#   PGO=on benches/side_by_side.sh     # also the PGO build (benches/pgo.sh), beside the plain one
#   PGO_BIN=target/pgo-use/release/twilit benches/side_by_side.sh   # a PGO build made before
set -euo pipefail
cd "$(dirname "$0")/.."
# About a second of games per run: loading and checking the game (some 5 ms) is then
# well under 1 % of the time. The peers' figure times the rollouts alone, the game
# loaded before (`cpp_rollouts`: `perf_counter` around `bot.step`).
gs_games=${GS_GAMES:-100000}
c8_games=${C8_GAMES:-20000}
peers=${PEERS_SCRIPT:-../shared/bench/peers/run.sh}

cargo build --release -q
twilit=target/release/twilit
pgo=${PGO_BIN:-}  # a PGO build already made, to measure as it is
if [ -z "$pgo" ] && [ "${PGO:-off}" = on ]; then
  echo "building twilit with PGO (benches/pgo.sh) ..." >&2
  pgo=$(benches/pgo.sh | tail -1)
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Games per CPU-second of `twilit simulate --jobs 1` (user + system time of the whole
# process, loading the rules included), the best of three runs: the peers' script also
# reports the best of three (`max(cpp_rollouts(...) for k in range(3))`), so that a
# moment of load on this shared machine costs neither side more than the other.
rate() {
  local bin=$1 dir=$2 players=$3 games=$4
  local TIMEFORMAT='%U %S'
  for _ in 1 2 3; do
    { time "$bin" simulate "$dir" --players "$players" --games "$games" --jobs 1 --format json \
        >"$out/sim.json"; } 2>"$out/time"
    awk -v n="$games" '{ printf "%.0f\n", n / ($1 + $2) }' "$out/time"
  done | sort -n | tail -1
}

echo "measuring twilit (simulate --jobs 1) ..." >&2
tw_gs=$(rate "$twilit" cards/goofspiel 2 "$gs_games")
tw_c8=$(rate "$twilit" cards/crazy_eights 5 "$c8_games")
pgo_gs="" pgo_c8=""
if [ -n "$pgo" ]; then
  pgo_gs=$(rate "$pgo" cards/goofspiel 2 "$gs_games")
  pgo_c8=$(rate "$pgo" cards/crazy_eights 5 "$c8_games")
fi
# One LOTR game of 200 turns takes about 10 ms, short enough for the machine's load to
# swing it by half: the best of five.
lotr=$(for _ in 1 2 3 4 5; do
  # "random game: 200 turns in 7.9 ms (25320 turns/s)": the figure before `turns/s`.
  "$twilit" bench --game cards/lotr --turns 200 | sed -n 's/^random game:.*(\([0-9]*\) turns\/s).*/\1/p'
done | sort -n | tail -1)

echo "measuring the hand-written floor ..." >&2
cargo bench -q --bench floor -- --games-per-second >"$out/floor"
fl_gs=$(awk '$1 == "floor" && $2 == "goofspiel13" { print $3 }' "$out/floor")
fl_c8=$(awk '$1 == "floor" && $2 == "crazy_eights" { print $3 }' "$out/floor")
# The same Crazy Eights written by hand over Twilit's engine (`State`): what the rules
# would cost compiled to straight Rust, the interpreter taken away.
en_c8=$(awk '$1 == "engine" && $2 == "crazy_eights" { print $3 }' "$out/floor")

os_gs="" os_c8=""
if [ "${PEERS:-on}" != off ] && [ -x "$peers" ]; then
  echo "measuring the peers ($peers) ..." >&2
  if "$peers" >"$out/peers" 2>"$out/peers.err"; then
    os_gs=$(awk '$1 == "openspiel-cpp" && $2 == "goofspiel13" { print $3 }' "$out/peers")
    os_c8=$(awk '$1 == "openspiel-cpp" && $2 == "crazy_eights" { print $3 }' "$out/peers")
  else
    echo "the peers did not run: $(tail -1 "$out/peers.err")" >&2
  fi
fi

# "1/3.1" when twilit is slower, "1.20x" when it is faster.
ratio() {
  if [ -n "$1" ] && [ -n "$2" ]; then
    awk -v a="$1" -v b="$2" 'BEGIN { if (a < b) printf "1/%.1f", b / a; else printf "%.2fx", a / b }'
  else echo "-"; fi
}
row() {
  printf '%-20s %12s %12s %14s %14s %16s\n' "$1" "$2" "$3" "${4:--}" "$(ratio "$2" "$3")" "$(ratio "$2" "$4")"
}
printf '%-20s %12s %12s %14s %14s %16s\n' game twilit floor openspiel-cpp twilit/floor twilit/openspiel
row goofspiel13 "$tw_gs" "$fl_gs" "$os_gs"
[ -n "$pgo" ] && row "goofspiel13 (pgo)" "$pgo_gs" "$fl_gs" "$os_gs"
row crazy_eights "$tw_c8" "$fl_c8" "$os_c8"
[ -n "$pgo" ] && row "crazy_eights (pgo)" "$pgo_c8" "$fl_c8" "$os_c8"
echo "crazy_eights by hand over twilit's engine: $en_c8 games/s (twilit runs $(ratio "$tw_c8" "$en_c8") of it, openspiel-cpp $(ratio "${os_c8:-}" "$en_c8"))"
echo "lotr random play: $lotr turns/s (wall, one core, best of five)"
