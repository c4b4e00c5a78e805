#!/usr/bin/env bash
# Issue 16's proof of stability: N clean clones of one commit, each running the README's
# test command (`CI=true .ci/run`), all at once, so that each has the others beside it as
# busy processes. Usage: build_scripts/bench/stability.sh COMMIT [N=5] [DIR=/tmp/stability]
# Prints one line per run: exit code, wall time, pytest's summary; the logs stay in DIR.
set -uo pipefail
commit=$1; runs=${2:-5}; dir=${3:-/tmp/stability}
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
mkdir -p "$dir"
one() {
  local at="$dir/run-$1"
  rm -rf "$at" && git clone -q "$repo" "$at" && git -C "$at" checkout -q "$commit" || return
  local t0=$SECONDS
  (cd "$at" && CI=true nice -n 5 .ci/run > "$at.log" 2>&1)
  local rc=$?
  echo "run $1: exit $rc, $((SECONDS - t0)) s, $(grep -E '[0-9]+ passed' "$at.log" | tail -1)"
}
for i in $(seq 1 "$runs"); do one "$i" & done
wait
