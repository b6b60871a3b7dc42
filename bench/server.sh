#!/usr/bin/env bash
# The language server's latency: from a keystroke to its diagnostics, less
# the debounce, on generated vaults (bench/server.py drives it over stdio).
#
# usage: bench/server.sh [NOTES...]   (default: 10000 100000)
# shellcheck source=bench/setup.sh
source "$(dirname "$0")/setup.sh"
[ $# -gt 0 ] || set -- 10000 100000
for n in "$@"; do
  vault="$work/vault-$n"
  python3 bench/generate.py "$vault" "$n" 7 "$work/planted-$n.tsv"
  python3 bench/server.py "$bin" "$vault" 20 150
done
