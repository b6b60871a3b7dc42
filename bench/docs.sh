#!/usr/bin/env bash
# The versioned-docs benchmark: a repository of docs sites with release
# folders of 2 to 25 copies and snapshot-style git history (bench/docs.py),
# scored with bench/docs_score.py (recall over adjacent copies, precision,
# pairs confident and wrong, pairs that would mark a live page), and
# `suggest` timed against `cat` of the same files, best of 3.
#
# usage: bench/docs.sh [SITES]   (default: 12)
# shellcheck source=bench/setup.sh
source "$(dirname "$0")/setup.sh"
sites=${1:-12}
repo="$work/docs"
python3 bench/docs.py "$repo" "$sites" 7 "$work/adjacent.tsv"
notes=$(find "$repo" -name '*.md' | wc -l)
find "$repo" -name '*.md' -print0 | xargs -0 cat >/dev/null
cat_t=$(best sh -c "find '$repo' -name '*.md' -print0 | xargs -0 cat")
suggest_t=$(best "$bin" suggest "$repo" --format json --no-cache)
python3 -c "print(f'$notes notes in $sites sites: cat {$cat_t:.3f}s, suggest {$suggest_t:.3f}s ({$suggest_t / $cat_t:.2f}x cat)')"
"$bin" suggest "$repo" --format json >"$work/suggest.json"
python3 bench/docs_score.py "$work/adjacent.tsv" "$work/suggest.json"
