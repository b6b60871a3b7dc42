#!/usr/bin/env bash
# Times two or more builds of vaultlint on one generated vault, in the same
# run, as ratios to `cat` reading the same notes: `check --no-suggest`,
# `check` and `suggest`, cold (`--no-cache`). Every build runs every
# command in each round, in the order given, and each figure is its best
# round. Give the base build twice (as two copies of the binary) to see
# this machine's noise in the run: the gap between the two is it.
#
# usage: bench/speed.sh NOTES BIN BIN...   (ROUNDS, default 7)
set -euo pipefail
cd "$(dirname "$0")/.."
notes=$1
shift
work=$(mktemp -d -p "${BENCH_DIR:-${TMPDIR:-/tmp}}")
trap 'rm -rf "$work"' EXIT
python3 bench/generate.py "$work/vault" "$notes" >/dev/null
python3 - "$work/vault" "${ROUNDS:-7}" "$@" <<'PY'
import os, subprocess, sys, time
vault, rounds, bins = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
commands = [["check", "--no-suggest"], ["check"], ["suggest"]]
cat = f"find '{vault}' -name '*.md' -print0 | xargs -0 cat"
def timed(args, shell=False):
    start = time.perf_counter()
    subprocess.run(args, shell=shell, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start
timed(cat, shell=True)  # the page cache holds the notes before any round
best = {}
for _ in range(rounds):
    runs = [("cat", "", lambda: timed(cat, shell=True))]
    for b in bins:
        for c in commands:
            runs.append((b, " ".join(c), lambda b=b, c=c: timed([b, *c, vault, "--format", "json", "--no-cache"])))
    for build, command, run in runs:
        t = run()
        best[(build, command)] = min(t, best.get((build, command), t))
base = best[("cat", "")]
print(f"{vault}: cat {base:.3f}s, best of {rounds}")
for b in bins:
    for c in commands:
        t = best[(b, " ".join(c))]
        print(f"  {os.path.basename(b):<20} {' '.join(c):<20} {t:7.3f}s  {t / base:5.2f}x cat")
PY
