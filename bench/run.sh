#!/usr/bin/env bash
# Times `vaultlint check` on generated vaults against `cat` reading the same
# files in the same run, and reports peak memory. Figures are ratios: the
# machine's speed varies from run to run.
#
# usage: bench/run.sh [NOTES...]   (default: 10000)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
bin=target/release/vaultlint
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
best() { # best of 5 wall times, in seconds
  local best=
  for _ in 1 2 3 4 5; do
    local start end
    start=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; end=$(date +%s.%N)
    best=$(python3 -c "import sys; t=$end-$start; b='$best'; print(t if not b else min(t, float(b)))")
  done
  echo "$best"
}
for n in "${@:-10000}"; do
  vault="$work/vault-$n"
  python3 bench/generate.py "$vault" "$n" 7
  size=$(du -sm "$vault" | cut -f1)
  # Warm the page cache so both sides read from memory.
  find "$vault" -name '*.md' -print0 | xargs -0 cat >/dev/null
  cat_t=$(best sh -c "find '$vault' -name '*.md' -print0 | xargs -0 cat")
  check_t=$(best "$bin" check "$vault" --format json)
  mem=$( { /usr/bin/time -v "$bin" check "$vault" --format json >/dev/null; } 2>&1 | awk '/Maximum resident/ {print $6}' || true)
  python3 - "$n" "$size" "$cat_t" "$check_t" "${mem:-0}" <<'PY'
import sys
n, size, cat, check, mem = sys.argv[1:]
cat, check = float(cat), float(check)
print(f"{int(n):>7} notes ({size} MB): cat {cat:.3f}s  check {check:.3f}s  "
      f"check/cat {check / cat:.2f}x  peak memory {int(mem) / 1024:.0f} MB")
PY
done
