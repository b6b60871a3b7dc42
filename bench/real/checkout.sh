#!/usr/bin/env bash
# Checks out every repository of bench/real/repos.tsv at its pinned commit.
#
# usage: bench/real/checkout.sh [DEST] [--from DIR]
#   DEST        where the checkouts go, one folder per name (default: target/real)
#   --from DIR  clone from local git directories instead of GitHub: DIR/<owner>+<name>
#               (or DIR/<owner>+<name>/repo), else DIR/<name>
set -euo pipefail
cd "$(dirname "$0")/../.."
dest=target/real from=
while [ $# -gt 0 ]; do
  case $1 in
    --from) from=$2; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) dest=$1; shift ;;
  esac
done
mkdir -p "$dest"
tail -n +2 bench/real/repos.tsv | while IFS=$'\t' read -r name repo commit _; do
  out=$dest/$name
  if [ "$(git -C "$out" rev-parse HEAD 2>/dev/null)" = "$commit" ]; then echo "$name: at $commit"; continue; fi
  if [ -z "$from" ]; then src=https://github.com/$repo.git
  else
    src=
    for c in "$from/${repo/\//+}/repo" "$from/${repo/\//+}" "$from/$name"; do
      [ -d "$c" ] && { src=$c; break; }
    done
    [ -n "$src" ] || { echo "$name: nothing for $repo in $from" >&2; continue; }
  fi
  [ -d "$out/.git" ] || git clone -q --no-checkout "$src" "$out"
  git -C "$out" fetch -q origin "$commit" 2>/dev/null || true
  # A copy may lack some large blobs (attachments): check out what it has.
  if ! git -C "$out" -c advice.detachedHead=false checkout -q --detach "$commit" 2>/dev/null; then
    git -C "$out" reset -q --soft "$commit" 2>/dev/null || git -C "$out" update-ref --no-deref HEAD "$commit"
    git -C "$out" read-tree "$commit"
    git -C "$out" ls-tree -r "$commit" | awk '{print $3}' | git -C "$out" cat-file --batch-check |
      paste - <(git -C "$out" ls-tree -r --name-only -z "$commit" | tr '\0' '\n') |
      awk -F'\t' '$1 !~ /missing$/ {print $2}' | tr '\n' '\0' |
      git -C "$out" checkout-index -q -f -z --stdin 2>/dev/null || true
    echo "$name: some files were missing from $src and are left out"
  fi
  echo "$name: $(git -C "$out" rev-parse HEAD)"
done
