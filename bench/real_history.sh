#!/usr/bin/env bash
# The cost of the git history on a repository shaped like real docs
# repositories (bench/real_history.py): 6,000 notes and 8,000 commits by
# default, commits of 1 to 300 files, pages moved between sections, ten
# release folders copied from the live docs, merged side branches, a live
# page put back to its text before a release, release copies patched
# after it. Prints `check` and `suggest`, cold, with and without the
# history, as ratios to `cat` of the same notes in the same run (best of 3
# each), and the time of git's own log over the whole history.
#
# usage: bench/real_history.sh [NOTES] [COMMITS] [RELEASES]   (default: 6000 8000 10)
# shellcheck source=bench/setup.sh
source "$(dirname "$0")/setup.sh"
notes=${1:-6000}
commits=${2:-8000}
releases=${3:-10}
repo="$work/repo"
git init -q "$repo"
python3 bench/real_history.py "$notes" "$commits" "$releases" 7 | git -C "$repo" fast-import --quiet
git -C "$repo" checkout -q main
echo "$(git -C "$repo" rev-list --count HEAD) commits ($(git -C "$repo" rev-list --count --merges HEAD) merges), $(git -C "$repo" ls-files | wc -l) notes"
cat_t=$(best sh -c "git -C '$repo' ls-files -z | (cd '$repo' && xargs -0 cat)")
log_t=$(best git -C "$repo" log --raw --no-abbrev --no-renames --relative -z --format=format:%x01%ct)
echo "cat ${cat_t}s; git log --raw over the whole history ${log_t}s"
for command in check suggest; do
  with=$(best "$bin" "$command" --no-cache --format json "$repo")
  without=$(best "$bin" "$command" --no-cache --no-git --format json "$repo")
  python3 -c "print(f'  {\"$command\":<8} {$with:.3f}s ({$with / $cat_t:.2f}x cat), --no-git {$without:.3f}s ({$without / $cat_t:.2f}x cat): the history costs {$with / $without:.2f}x')"
done
