#!/usr/bin/env bash
# The robustness benchmark: each hostile input at sizes 1x, 2x and 4x,
# checked in full format (the one that draws snippets); wall time and peak
# memory per size, and their growth from 1x to 4x, which should be near 4x
# (linear) and certainly under 6x.
#
# usage: bench/hostile.sh   (INPUTS="a b" runs only those inputs)
# shellcheck source=bench/setup.sh
source "$(dirname "$0")/setup.sh"
for k in 1 2 4; do python3 bench/hostile.py "$work/x$k" "$k"; done
run() { # wall seconds and peak MB of one full-format check, best of 3
  python3 - "$bin" "$1" <<'PY'
import os, resource, subprocess, sys, time
vault = sys.argv[2]
args_file = os.path.join(vault, ".bench-args")
extra = open(args_file).read().split() if os.path.exists(args_file) else []
best = None
for _ in range(3):
    start = time.perf_counter()
    subprocess.run([sys.argv[1], "check", "--no-suggest", "--no-cache", "--color", "never", *extra, "."],
                   cwd=vault, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t = time.perf_counter() - start
    best = t if best is None else min(best, t)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"{best:.3f} {peak:.0f}")
PY
}
printf '%-18s %22s %22s %22s %12s %12s\n' input "1x (s, MB)" "2x (s, MB)" "4x (s, MB)" "time 4x/1x" "mem 4x/1x"
for input in ${INPUTS:-far-column flow-list links-on-a-line ambiguous wide-frontmatter comments-and-code unclosed-syntax suppressions broken-declarations dismissals config baseline}; do
  read -r t1 m1 <<<"$(run "$work/x1/$input")"
  read -r t2 m2 <<<"$(run "$work/x2/$input")"
  read -r t4 m4 <<<"$(run "$work/x4/$input")"
  python3 -c "
t1, t4, m1, m4 = max($t1, 0.001), max($t4, 0.001), $m1, $m4
print(f'{\"$input\":<18} {$t1:>12.3f} s {$m1:>5} MB {$t2:>12.3f} s {$m2:>5} MB {$t4:>12.3f} s {$m4:>5} MB {t4 / t1:>11.1f}x {m4 / m1:>11.1f}x')"
done
