#!/usr/bin/env bash
# Times `vaultlint check` and `suggest` on generated vaults against `cat`
# reading the same files in the same run, reports peak memory, and scores
# the suggestions against the pairs the generator planted. Figures are
# ratios: the machine's speed varies from run to run.
#
# usage: bench/run.sh [NOTES...]   (default: 10000 100000)
# shellcheck source=bench/setup.sh
source "$(dirname "$0")/setup.sh"
peak() { # peak resident memory of one run, in MB
  /usr/bin/time -v -o "$work/time.txt" "$@" >/dev/null 2>&1 || true
  awk '/Maximum resident/ {printf "%.0f", $6 / 1024}' "$work/time.txt"
}
[ $# -gt 0 ] || set -- 10000 100000
for n in "$@"; do
  vault="$work/vault-$n"
  python3 bench/generate.py "$vault" "$n" 7 "$work/planted-$n.tsv"
  size=$(du -sm --apparent-size "$vault" | cut -f1)
  # Warm the page cache so every side reads from memory.
  find "$vault" -name '*.md' -print0 | xargs -0 cat >/dev/null
  cat_t=$(best sh -c "find '$vault' -name '*.md' -print0 | xargs -0 cat")
  python3 -c "print(f'$n notes ($size MB): cat {$cat_t:.3f}s')"
  for cmd in "check --no-suggest" "check" "suggest"; do
    # shellcheck disable=SC2086
    t=$(best "$bin" $cmd "$vault" --format json)
    # shellcheck disable=SC2086
    mem=$(peak "$bin" $cmd "$vault" --format json)
    python3 -c "print(f'  {\"$cmd\":<18} {$t:7.3f}s  {$t / $cat_t:5.2f}x cat  peak {$mem} MB')"
  done
  "$bin" suggest "$vault" --format json >"$work/suggest-$n.json"
  printf '  suggest: '
  python3 bench/recall.py "$work/planted-$n.tsv" "$work/suggest-$n.json"
done
