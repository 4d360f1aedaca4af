#!/usr/bin/env bash
# Builds `twilit` with profile-guided optimisation (PGO) and prints the binary's path.
#
# The interpreter's time is spread over many small, branchy steps (a node's match, a
# step's count, a value's kind): where the compiler lays out branches and what it inlines
# matter as much as any one function. PGO lets it decide from a real run. Measured with
# benches/side_by_side.sh (PGO=on): about a quarter less CPU on Goofspiel and a fifth less
# on Crazy Eights, with byte-identical outputs (PGO changes code layout, never behaviour).
#
# Training: every bundled game simulated, `check` and `test` of all of `cards/`. The gain
# is the interpreter's, not one game's: trained without Goofspiel at all, Goofspiel still
# gained 22 % (27 % with it). A designer may train on their own game instead:
#   TRAIN_DIRS="cards/mygame" benches/pgo.sh
#
#   benches/pgo.sh        # -> target/pgo-use/release/twilit (the last line printed)
#
# Needs the `llvm-tools` rustup component (for llvm-profdata); it is added if missing.
# Two release builds: about six minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."

sysroot=$(rustc --print sysroot)
host=$(rustc -vV | awk '/^host:/ { print $2 }')
profdata="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
  echo "adding the llvm-tools component (llvm-profdata) ..." >&2
  rustup component add llvm-tools >&2
fi

data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT

echo "building the instrumented twilit ..." >&2
RUSTFLAGS="-Cprofile-generate=$data" CARGO_TARGET_DIR=target/pgo-gen cargo build --release -q
gen=target/pgo-gen/release/twilit

# Games per training run: enough for every rule to run many times, a few seconds each.
games_for() {
  case "$(basename "$1")" in
    goofspiel) echo 3000 ;;
    crazy_eights) echo 500 ;;
    lotr) echo 100 ;;
    *) echo 10 ;;
  esac
}

echo "training ..." >&2
export LLVM_PROFILE_FILE="$data/twilit-%m-%p.profraw"
for dir in ${TRAIN_DIRS:-cards/*/}; do
  dir=${dir%/}
  [ -f "$dir/game.yaml" ] || continue
  games=$(games_for "$dir")
  "$gen" simulate "$dir" --games "$games" --format json >/dev/null
  # Again with its most players: other seatings take other paths.
  max=$(awk '/^players:/ { for (i = 1; i <= NF; i++) if ($i == "max:") { gsub(/[^0-9]/, "", $(i + 1)); print $(i + 1) } }' "$dir/game.yaml")
  if [ -n "$max" ]; then
    "$gen" simulate "$dir" --players "$max" --games "$games" --format json >/dev/null
  fi
done
# shellcheck disable=SC2086 # one word per directory
"$gen" check ${TRAIN_DIRS:-cards/} >/dev/null
# shellcheck disable=SC2086
"$gen" test ${TRAIN_DIRS:-cards/} >/dev/null
unset LLVM_PROFILE_FILE

"$profdata" merge -o "$data/merged.profdata" "$data"/*.profraw

echo "building the optimised twilit ..." >&2
RUSTFLAGS="-Cprofile-use=$data/merged.profdata" CARGO_TARGET_DIR=target/pgo-use cargo build --release -q
echo target/pgo-use/release/twilit
