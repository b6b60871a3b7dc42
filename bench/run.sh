#!/usr/bin/env bash
# Times `vaultlint check` and `suggest` on generated vaults against `cat`
# reading the same files in the same run, reports peak memory (and per
# note), and scores the suggestions against the pairs the generator
# planted. Cold runs leave the cache out (`--no-cache`); warm runs follow
# a run that filled it, with nothing changed and with one note changed.
# Figures are ratios: the machine's speed varies from run to run.
#
# usage: bench/run.sh [NOTES...]   (default: 10000 100000)
# shellcheck source=bench/setup.sh
source "$(dirname "$0")/setup.sh"
peak() { # peak resident memory of one run, in MiB
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
  python3 -c "print(f'$n notes ($size MiB): cat {$cat_t:.3f}s')"
  report() { # label, seconds, peak MiB
    python3 -c "print(f'  {\"$1\":<28} {$2:7.3f}s  {$2 / $cat_t:5.2f}x cat  peak {$3:>5} MiB  {$3 * 2**20 / $n:7.0f} bytes a note')"
  }
  for cmd in "check --no-suggest" "check" "suggest"; do
    # shellcheck disable=SC2086
    t=$(best "$bin" $cmd "$vault" --format json --no-cache)
    # shellcheck disable=SC2086
    report "$cmd" "$t" "$(peak "$bin" $cmd "$vault" --format json --no-cache)"
  done
  "$bin" check "$vault" --format json >/dev/null 2>&1 || true
  note=$(find "$vault" -name '*.md' | sort | sed -n 1p)
  for cmd in "check" "suggest"; do
    # shellcheck disable=SC2086
    "$bin" $cmd "$vault" --format json >/dev/null 2>&1 || true
    # shellcheck disable=SC2086
    report "$cmd, warm" "$(best "$bin" $cmd "$vault" --format json)" "$(peak "$bin" $cmd "$vault" --format json)"
    # Each run appends a line to the same note first.
    edited=(sh -c 'printf "\n" >>"$1" && exec "$2" $3 "$4" --format json' _ "$note" "$bin" "$cmd" "$vault")
    report "$cmd, warm, a note changed" "$(best "${edited[@]}")" "$(peak "${edited[@]}")"
  done
  "$bin" suggest "$vault" --format json --no-cache >"$work/suggest-$n.json"
  printf '  suggest: '
  python3 bench/recall.py "$work/planted-$n.tsv" "$work/suggest-$n.json"
done
