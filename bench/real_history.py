#!/usr/bin/env python3
"""Writes a `git fast-import` stream of a docs repository with a history
shaped like real ones, for bench/real_history.sh.

The shape, from what real docs sites and vaults show:
- a live docs folder (`docs/latest/`) of sections and pages, and a notes area beside it;
- most commits change 1 to 5 pages, some sweep 100 to 300 (a reformat,
  a link rewrite), and a few move pages between sections;
- at each release the live folder is copied whole into `docs/vX.Y/`,
  in one commit per section (so no commit passes 300 files);
- side branches of a few commits merged back;
- a live page put back to the text it had before a release was cut, and
  a release copy patched after its release;
- notes copied into another folder and edited there, the old copy left
  behind, which only the history orders.

usage: real_history.py NOTES COMMITS RELEASES SEED > stream
"""

import random
import sys

WORDS = (
    "cluster node member lease token request quorum leader follower snapshot "
    "compaction revision watch range key value store proxy gateway client server "
    "certificate rotation backup restore upgrade downgrade metric alert latency "
    "throughput disk memory network partition election timeout heartbeat config "
    "flag option default limit quota role user permission audit log trace span "
    "index query shard replica primary secondary failover recovery maintenance"
).split()


def sentence(rng):
    words = [rng.choice(WORDS) for _ in range(rng.randint(8, 18))]
    return " ".join(words).capitalize() + "."


def page(rng, title, paragraphs):
    body = [f"---\ntitle: {title}\nweight: {rng.randint(1, 99)}\n---\n", f"# {title}\n"]
    for n in range(paragraphs):
        if n % 3 == 0:
            body.append(f"## {rng.choice(WORDS).capitalize()} {rng.choice(WORDS)}\n")
        body.append(" ".join(sentence(rng) for _ in range(rng.randint(2, 5))) + "\n")
    return "\n".join(body)


def edit(rng, text):
    """One paragraph of `text` rewritten, another added."""
    lines = text.split("\n")
    prose = [i for i, line in enumerate(lines) if line and not line.startswith(("#", "---", "title:", "weight:"))]
    if prose:
        lines[rng.choice(prose)] = " ".join(sentence(rng) for _ in range(3))
    lines.append(sentence(rng))
    return "\n".join(lines)


def edit_some(rng, out, stores, count, message):
    """Edits `count` pages of `stores` (live pages, notes) in one commit."""
    live, others = stores
    changes = []
    for p in rng.sample(sorted(live) + sorted(others), count):
        store = live if p in live else others
        store[p] = edit(rng, store[p])
        changes.append((p, store[p]))
    out.commit("main", message, changes)


class Stream:
    def __init__(self, out):
        self.out = out
        self.time = 1_500_000_000
        self.mark = 0

    def blob(self, text):
        data = text.encode()
        self.out.write(b"data %d\n" % len(data) + data + b"\n")

    def commit(self, branch, message, changes, merge=None):
        """`changes`: (path, text) to write, or (path, None) to delete."""
        self.time += 3_600
        self.mark += 1
        self.out.write(b"commit refs/heads/%s\nmark :%d\n" % (branch.encode(), self.mark))
        self.out.write(b"committer Docs <docs@example.com> %d +0000\n" % self.time)
        self.blob(message)
        if merge is not None:
            self.out.write(b"merge :%d\n" % merge)
        for path, text in changes:
            if text is None:
                self.out.write(b"D %s\n" % path.encode())
            else:
                self.out.write(b"M 100644 inline %s\n" % path.encode())
                self.blob(text)
        return self.mark


def main():
    notes, commits, releases, seed = (int(a) for a in sys.argv[1:5])
    rng = random.Random(seed)
    out = Stream(sys.stdout.buffer)
    # A tenth of the notes are live pages, copied at every release; the
    # rest are notes beside them.
    live_count = max(20, min(notes // 10, (notes - 100) // (releases + 1)))
    sections = [f"{w}-{i}" for i, w in enumerate(rng.sample(WORDS, 12))]
    live = {}
    for n in range(live_count):
        path = f"docs/latest/{rng.choice(sections)}/{rng.choice(WORDS)}-{n}.md"
        live[path] = page(rng, f"{rng.choice(WORDS).capitalize()} {n}", rng.randint(4, 12))
    others = {}
    for n in range(notes - live_count * (releases + 1)):
        path = f"notes/{rng.choice(WORDS)}/{rng.choice(WORDS)}-note-{n}.md"
        others[path] = page(rng, f"Note {n}", rng.randint(3, 10))
    # The first commit holds everything but the releases, 300 files at a time.
    first = list(live.items()) + list(others.items())
    for at in range(0, len(first), 300):
        out.commit("main", "import", first[at : at + 300])
    made = (len(first) + 299) // 300
    release_at = {made + (commits - made) * (r + 1) // (releases + 1): r for r in range(releases)}
    released = []  # (folder, {path: text}) of each release cut
    before_release = {}
    done = made
    while done < commits:
        if done in release_at:
            folder = f"docs/v1.{release_at[done]}"
            copies = {}
            for section in sections:
                changes = [
                    (p.replace("docs/latest/", f"{folder}/"), t) for p, t in live.items() if f"/{section}/" in p
                ]
                if changes:
                    out.commit("main", f"cut {folder}: {section}", changes)
                    done += 1
                    copies.update(changes)
            released.append((folder, copies))
            before_release = dict(live)
            continue
        kind = rng.random()
        if kind < 0.02 and len(live) > 1:
            # A sweep over many pages.
            edit_some(rng, out, (live, others), rng.randint(100, 300), "sweep")
        elif kind < 0.04:
            # A page moved to another section.
            old = rng.choice(sorted(live))
            new = f"docs/latest/{rng.choice(sections)}/{old.rsplit('/', 1)[1]}"
            if new not in live:
                live[new] = edit(rng, live.pop(old))
                out.commit("main", "move a page", [(old, None), (new, live[new])])
        elif kind < 0.06:
            # A side branch of a few commits, merged back.
            out.out.write(b"reset refs/heads/side\nfrom :%d\n\n" % out.mark)
            merged = {}
            for _ in range(rng.randint(2, 4)):
                p = rng.choice(sorted(others))
                others[p] = merged[p] = edit(rng, others[p])
                out.commit("side", "side work", [(p, others[p])])
                done += 1
            # The merge's tree is main's with the branch's pages.
            out.commit("main", "merge side", sorted(merged.items()), merge=out.mark)
        elif kind < 0.065 and before_release:
            # A live page put back to its text before the last release.
            p = rng.choice(sorted(set(before_release) & set(live)) or sorted(live))
            live[p] = before_release.get(p, live[p])
            out.commit("main", "revert a page", [(p, live[p])])
        elif kind < 0.07 and released:
            # A release copy patched after its release.
            folder, copies = rng.choice(released)
            p = rng.choice(sorted(copies))
            copies[p] = edit(rng, copies[p])
            out.commit("main", f"patch {folder}", [(p, copies[p])])
        elif kind < 0.075:
            # A note copied into another folder and edited there, the old
            # copy left behind: only the history tells which is older.
            old = rng.choice(sorted(others))
            new = f"notes/{rng.choice(WORDS)}/{old.rsplit('/', 1)[1]}"
            if new not in others:
                others[new] = edit(rng, others[old])
                out.commit("main", "copy a note", [(new, others[new])])
        else:
            edit_some(rng, out, (live, others), rng.randint(1, 5), "edit")
        done += 1


if __name__ == "__main__":
    main()
