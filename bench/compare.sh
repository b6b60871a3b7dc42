#!/usr/bin/env bash
# Proves that two builds of vaultlint give the same output: runs both on
# copies of every fixture folder, the demo vault (when present) and a
# generated vault of 10,000 notes, with the same commands, and compares
# standard output, standard error and exit status byte for byte. Each
# vault command runs with `--no-cache`, then into an empty cache and again
# warm; each build has a cache of its own, swapped in at the same path, so
# neither serves the other and the paths printed are the same. Runs go from
# the same folder with relative paths, `--as-of 2026-06-01` where a command
# takes it and `--color never`. Each difference is shown as the first lines
# of a unified diff; the last line counts comparisons and differences, and
# the script exits 1 when there is any.
#
# usage: bench/compare.sh BASE_BIN NEW_BIN
#   DEMO_VAULT   the demo vault (default /work/shared/corpora/grounded-demo-vault)
#   NOTES        notes in the generated vault (default 10000; 0 leaves it out)
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: bench/compare.sh BASE_BIN NEW_BIN" >&2
  exit 2
fi
repo=$(cd "$(dirname "$0")/.." && pwd)
declare -A bin
for side in base new; do
  [ "$side" = base ] && b=$1 || b=$2
  [ -x "$b" ] || { echo "compare.sh: $b is not an executable" >&2; exit 2; }
  bin[$side]=$(realpath "$b")
done
demo=${DEMO_VAULT:-/work/shared/corpora/grounded-demo-vault}
notes=${NOTES:-10000}
as_of=(--as-of 2026-06-01)
work=$(mktemp -d -p "${BENCH_DIR:-${TMPDIR:-/tmp}}")
trap 'rm -rf "$work"' EXIT
# The environment that changes output: the same, and fixed, for both.
unset NO_COLOR VAULTLINT_CACHE_DIR VAULTLINT_PROGRESS_AFTER_MS
export COLUMNS=100 TZ=UTC LC_ALL=C.UTF-8

# The vaults, copied with their files' times (a pair's direction may rest
# on them) and writable; a cache left in a fixture stays out.
mkdir "$work/v"
copy() { # source folder, name
  cp -R --preserve=timestamps "$1" "$work/v/$2"
  find "$work/v/$2" -name .vaultlint_cache -prune -exec rm -rf {} +
  chmod -R u+w "$work/v/$2"
}
vaults=()
for dir in "$repo"/fixtures/*/; do
  name=$(basename "$dir")
  copy "$dir" "$name"
  vaults+=("$name")
done
if [ -d "$demo" ]; then
  copy "$demo" demo-vault
  vaults+=(demo-vault)
else
  echo "compare.sh: no demo vault at $demo, left out" >&2
fi
if [ "$notes" -gt 0 ]; then
  python3 "$repo/bench/generate.py" "$work/v/generated-$notes" "$notes" 7 "$work/planted.tsv" >/dev/null
  vaults+=("generated-$notes")
fi

comparisons=0
differences=0
declare -A statuses
run() { # side, folder to run from, vaultlint's arguments
  local side=$1 dir=$2
  shift 2
  [ -e "$work/cache-$side" ] && mv "$work/cache-$side" "$work/cache"
  local status=0
  # Both run as `vaultlint` (clap's usage errors name argv[0]).
  (cd "$dir" && VAULTLINT_CACHE_DIR="$work/cache" exec -a vaultlint "${bin[$side]}" --color never "$@") \
    >"$work/$side.stdout" 2>"$work/$side.stderr" </dev/null || status=$?
  echo "$status" >"$work/$side.status"
  [ -e "$work/cache" ] && mv "$work/cache" "$work/cache-$side"
  return 0
}
compare() { # label, folder to run from, vaultlint's arguments
  local label=$1 dir=$2 stream differ=0
  shift 2
  run base "$dir" "$@"
  run new "$dir" "$@"
  comparisons=$((comparisons + 1))
  statuses[$(cat "$work/base.status")]=$((${statuses[$(cat "$work/base.status")]:-0} + 1))
  for stream in stdout stderr status; do
    if ! cmp -s "$work/base.$stream" "$work/new.$stream"; then
      [ $differ = 1 ] || printf 'DIFFERENT: %s: vaultlint %s\n' "$label" "$*"
      differ=1
      diff -u --label "base $stream" --label "new $stream" \
        "$work/base.$stream" "$work/new.$stream" | head -n 20 || true
    fi
  done
  differences=$((differences + differ))
}
forget() { # empties both builds' caches
  rm -rf "$work/cache" "$work/cache-base" "$work/cache-new"
}
three() { # label, vaultlint's arguments: without the cache, filling it, warm
  local label=$1
  shift
  compare "$label, --no-cache" "$work" "$@" --no-cache
  forget
  compare "$label, filling the cache" "$work" "$@"
  compare "$label, warm" "$work" "$@"
}

for vault in "${vaults[@]}"; do
  start=$comparisons
  path=v/$vault
  for format in full concise json github sarif; do
    three "$vault" check "$path" "${as_of[@]}" --format "$format"
  done
  for format in full concise json; do
    three "$vault" check "$path" "${as_of[@]}" --statistics --format "$format"
  done
  for format in full json; do
    three "$vault" check "$path" "${as_of[@]}" --no-suggest --format "$format"
    three "$vault" suggest "$path" --format "$format"
    three "$vault" suggest "$path" --min-score 0 --format "$format"
  done
  three "$vault" suggest "$path" --dry-run
  for format in json jsonl; do
    three "$vault" lineage --all --format "$format" "$path" "${as_of[@]}"
  done
  for format in dot mermaid; do
    three "$vault" graph "$path" --format "$format" "${as_of[@]}"
  done
  forget
  echo "$vault: $((comparisons - start)) comparisons"
done

# Single notes, from inside the vault, as a reader would ask.
for note in policies/expenses.md policies/expenses-2023.md policies/ai-use.md; do
  for format in full json; do
    compare "lineage of $note" "$work/v/lineage" lineage "$note" --format "$format" "${as_of[@]}" --no-cache
  done
done
for format in full json; do
  compare "rules" "$work" rule --all --format "$format"
done

for status in $(printf '%s\n' "${!statuses[@]}" | sort -n); do
  printf 'exit %s: %d comparisons\n' "$status" "${statuses[$status]}"
done
echo "$comparisons comparisons, $differences differences"
[ "$differences" -eq 0 ]
