#!/usr/bin/env bash
# The robustness benchmark: each hostile input at sizes 1x, 2x and 4x,
# checked in full format (the one that draws snippets); wall time and peak
# memory per size, and their growth from 1x to 4x, which should be near 4x
# (linear) and certainly under 6x. The inputs are the notes, the files
# beside them (dismissals, config, baseline), the git history (checked
# with the similarity pass, which reads it), the cache files (`cache-*`:
# warm runs over a growing vault, and damaged, oversized or crafted files,
# which should cost no more than a cold run: near 1x where the vault
# stays), and a language client's stream of messages (`lsp-*`, measured on
# the server).
#
# usage: bench/hostile.sh   (INPUTS="a b" runs only those inputs)
# shellcheck source=bench/setup.sh
source "$(dirname "$0")/setup.sh"
for k in 1 2 4; do python3 bench/hostile.py "$work/x$k" "$k"; done
run() { # wall seconds and peak MB of one input, best of 3 (see bench/hostile_run.py)
  python3 bench/hostile_run.py "$bin" "$1"
}
printf '%-22s %22s %22s %22s %12s %12s\n' input "1x (s, MB)" "2x (s, MB)" "4x (s, MB)" "time 4x/1x" "mem 4x/1x"
all="far-column flow-list links-on-a-line ambiguous wide-frontmatter comments-and-code unclosed-syntax
  suppressions broken-declarations dismissals config baseline git-history
  cache-warm-check cache-warm-suggest cache-damaged cache-oversized cache-bad-tag
  lsp-open lsp-changes lsp-change-and-ask lsp-requests lsp-findings-on-a-line lsp-actions-on-a-line
  lsp-short-body lsp-huge-length"
for input in ${INPUTS:-$all}; do
  read -r t1 m1 <<<"$(run "$work/x1/$input")"
  read -r t2 m2 <<<"$(run "$work/x2/$input")"
  read -r t4 m4 <<<"$(run "$work/x4/$input")"
  python3 -c "
t1, t4, m1, m4 = max($t1, 0.001), max($t4, 0.001), $m1, $m4
print(f'{\"$input\":<22} {$t1:>12.3f} s {$m1:>5} MB {$t2:>12.3f} s {$m2:>5} MB {$t4:>12.3f} s {$m4:>5} MB {t4 / t1:>11.1f}x {m4 / m1:>11.1f}x')"
done
