#!/usr/bin/env bash
# The cost of reading a git history for the direction of a pair: a
# repository of 2,000 notes in 50 folders and 10,000 commits (made with git
# fast-import), each changing one note, with one pair that only the history
# can order. Prints `suggest` with the
# history against `suggest --no-git` on the same repository, best of 3.
#
# usage: bench/history.sh [COMMITS]   (default: 10000)
# shellcheck source=bench/setup.sh
source "$(dirname "$0")/setup.sh"
commits=${1:-10000}
repo="$work/repo"
git init -q "$repo"
python3 - "$commits" <<'PY' | git -C "$repo" fast-import --quiet
import sys
commits = int(sys.argv[1])
notes = 2000
def blob(text):
    data = text.encode()
    return b"data %d\n" % len(data) + data + b"\n"
out = sys.stdout.buffer
body = ("The support desk answers from 8 to 18 on working days. Outside those hours urgent tickets "
        "page the duty engineer, and everything else waits for the next morning. ")
for c in range(commits):
    when = 1_600_000_000 + c * 600
    out.write(b"commit refs/heads/main\n")
    out.write(b"committer Docs <docs@example.com> %d +0000\n" % when)
    # A branch's next commit follows its last: no `from` needed.
    out.write(blob(f"change {c}"))
    if c == 0:
        for n in range(notes):
            out.write(b"M 100644 inline notes/area-%02d/note-%04d.md\n" % (n % 50, n))
            out.write(blob(f"# Note {n}\n\nNote {n} says {n * 7919 % 10007} things about topic {n}.\n"))
        out.write(b"M 100644 inline notes/support-hours.md\n" + blob("# Support hours\n\n" + body * 3))
    elif c == commits - 1:
        out.write(b"M 100644 inline notes/hours-of-support.md\n" + blob("# Support hours\n\n" + body * 3 + "Weekends too.\n"))
    else:
        n = c % notes
        out.write(b"M 100644 inline notes/area-%02d/note-%04d.md\n" % (n % 50, n))
        out.write(blob(f"# Note {n}\n\nNote {n} says {c} things about topic {n}.\n"))
PY
git -C "$repo" checkout -q main
with=$(best "$bin" suggest --no-cache "$repo")
without=$(best "$bin" suggest --no-cache --no-git "$repo")
log=$(best git -C "$repo" log --raw --no-abbrev --no-renames --format=format:%x01%ct -z --relative -- .)
paths=$(best git -C "$repo" log --raw --no-abbrev --no-renames --format=format:%x01%ct -z --relative -- notes/support-hours.md notes/hours-of-support.md)
echo "$(git -C "$repo" rev-list --count HEAD) commits, $(git -C "$repo" ls-files | wc -l) notes"
python3 -c "print(f'suggest {$with:.3f}s, suggest --no-git {$without:.3f}s: the history costs {$with - $without:.3f}s')"
python3 -c "print(f'git log --raw over the whole history {$log:.3f}s; limited to the pair, as vaultlint runs it, {$paths:.3f}s')"
"$bin" suggest "$repo" | head -3
