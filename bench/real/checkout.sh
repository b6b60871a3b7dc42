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
  # A local copy may lack a few large blobs (attachments): git leaves those
  # files out and checks out the rest, which is all the notes.
  git -C "$out" -c advice.detachedHead=false checkout -q --detach "$commit" 2>/dev/null ||
    { echo "$name: cannot check out $commit" >&2; continue; }
  echo "$name: $(git -C "$out" rev-parse HEAD)"
done
