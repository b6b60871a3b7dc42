#!/usr/bin/env python3
"""Writes a versioned docs repository, deterministic from a seed, as a real
git repository made the way docs sites make theirs: the live pages are
written and edited over time, and each release folder is copied from them
later, so git first sees every frozen copy after the live page.

- SITES sites, each with 20 to 120 pages and 2 to 25 releases; release
  folders named as the sites name them (`1.4`, `v3`, `version-2.0` under
  `versioned_docs/` beside `docs/`), the live folder `_dev`, `latest`,
  `next` or `docs`. `_dev` and `next` hold the release being prepared, as
  such folders do on real sites: the latest release is the copy in force,
  and the live copy is no newer version of it.
- Between releases a third of the live pages change (numbers, a sentence,
  a paragraph); a few pages are added, and a few cut to a removal stub.
- Each site has two platform guides from one template, and the repository
  parallel team folders with one note name and different text.

MANIFEST (outside the repository) gets one `older<TAB>newer` line per pair
of copies of one page in adjacent releases (the live folder last, where it
is released), for measuring recall and direction.

usage: docs.py DIR SITES [SEED] [MANIFEST]
"""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from generate import Writer  # noqa: E402

# (release folder, live folder, release name, whether the live folder
# holds an unreleased version)
LAYOUTS = [
    ("{site}/{v}", "{site}/_dev", "{major}.{minor}", True),
    ("{site}/{v}", "{site}/latest", "v{major}", False),
    ("{site}/versioned_docs/{v}", "{site}/docs", "version-{major}.{minor}", False),
    ("{site}/{v}", "{site}/next", "{major}.{minor}", True),
]


def git(repo, *args, when):
    env = dict(os.environ, GIT_AUTHOR_DATE=f"@{when} +0000", GIT_COMMITTER_DATE=f"@{when} +0000")
    subprocess.run(["git", "-c", "user.name=Docs", "-c", "user.email=docs@example.com",
                    "-c", "commit.gpgsign=false", *args], cwd=repo, env=env, check=True,
                   stdout=subprocess.DEVNULL)


def commit(repo, message, when):
    git(repo, "add", "-A", when=when)
    git(repo, "commit", "-qm", message, when=when)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def page(title, body):
    if not isinstance(body, str):
        body = "\n\n".join(f"## {heading}\n\n" + "\n\n".join(parts) for heading, parts in body)
    return f"---\ntitle: {title}\n---\n# {title}\n\n{body}\n"


def edit(w, text):
    """A live page's change between releases: a number, a sentence, a paragraph."""
    rng = w.rng
    lines = text.split("\n")
    # After the frontmatter and the title.
    i = rng.randrange(6, len(lines)) if len(lines) > 6 else len(lines)
    choice = rng.random()
    if choice < 0.4 and i < len(lines):
        lines[i] = lines[i] + f" Since this release the limit is {rng.randint(2, 9999)}."
    elif choice < 0.8:
        lines.insert(i, w.sentence())
    else:
        lines.append(w.paragraph())
    return "\n".join(lines)


def site(repo, w, index, when, manifest):
    rng = w.rng
    older_pattern, live_pattern, version, unreleased = LAYOUTS[index % len(LAYOUTS)]
    name = f"site{index:02}"
    live = live_pattern.format(site=name)
    releases = rng.randint(2, 25)
    pages = {}
    for p in range(rng.randint(20, 120)):
        pages[f"page-{p:03}.md"] = page(" ".join(w.words(rng.randint(1, 4))).capitalize(),
                                        w.body(rng.randint(600, 6000)))
    steps = page("", w.body(2000)).split("\n", 5)[-1]
    for platform in ("android", "ios"):
        pages[f"install-{platform}.md"] = page(f"Install on {platform}", steps + "\n" + w.paragraph())
    copies = {}  # page name -> [path of each copy, oldest first]
    for r in range(releases):
        for file, text in pages.items():
            write(os.path.join(repo, live, file), text)
        when += 86_400
        commit(repo, f"{name}: docs", when)
        folder = older_pattern.format(site=name, v=version.format(major=1 + r // 10, minor=r % 10))
        for file, text in pages.items():
            write(os.path.join(repo, folder, file), text)
            copies.setdefault(file, []).append(f"{folder}/{file}")
        when += 86_400
        commit(repo, f"{name}: release {folder}", when)
        for file in list(pages):
            if rng.random() < 0.33:
                pages[file] = edit(w, pages[file])
            elif rng.random() < 0.01:
                pages[file] = page("Removed", "This page was removed; see the overview.")
        for _ in range(rng.randint(0, 3)):
            pages[f"page-{len(pages):03}-new.md"] = page(" ".join(w.words(3)).capitalize(), w.body(2000))
    for file, text in pages.items():
        write(os.path.join(repo, live, file), text)
        if not unreleased:
            copies.setdefault(file, []).append(f"{live}/{file}")
    when += 86_400
    commit(repo, f"{name}: after the last release", when)
    for paths in copies.values():
        for older, newer in zip(paths, paths[1:]):
            manifest.append((older, newer))
    return when


def main():
    out, sites = sys.argv[1], int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    manifest_path = sys.argv[4] if len(sys.argv) > 4 else None
    w = Writer(seed)
    os.makedirs(out, exist_ok=True)
    git(out, "init", "-q", when=1_700_000_000)
    when = 1_700_000_000
    manifest = []
    for index in range(sites):
        when = site(out, w, index, when, manifest)
    for team in ("east", "west", "north"):
        write(os.path.join(out, "teams", team, "onboarding.md"), page("Onboarding", w.body(3000)))
    commit(out, "teams", when + 86_400)
    if manifest_path:
        with open(manifest_path, "w", encoding="utf-8") as f:
            f.writelines(f"{a}\t{b}\n" for a, b in manifest)


if __name__ == "__main__":
    main()
