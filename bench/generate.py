#!/usr/bin/env python3
"""Writes a synthetic vault, deterministic from a seed, for benchmarks.

- NOTES notes in nested folders, bodies from 0.2 to 20 KB (log-uniform), in
  sections of Zipf-distributed words, with frontmatter (title, tags, dates).
- Planted version pairs (2% of the notes are the older half of one): a copy
  with a year, `old`, `v1`/`v2` or `archive/` in its path, or a renamed and
  retitled note, each with realistic edits: numbers changed, sentences
  rewritten, a paragraph added or dropped.
- Declared chains (3%): older versions that already say `superseded_by`, in
  each accepted value form, and a few broken declarations.
- A daily-note series (3%) from one template, in `journal/`.
- A disclaimer footer shared by a fifth of the notes.

The planted pairs are written to MANIFEST (outside the vault), one
`older<TAB>newer` per line, for measuring recall.

usage: generate.py DIR NOTES [SEED] [MANIFEST]
"""
import datetime
import math
import os
import random
import sys

SYLLABLES = ("ka lo mi ra ne to sa vi du pe ro la fi mo ta ri be no ga se ku "
             "pa li vo de na mu ze ti ho").split()
TAGS = [f"topic-{i}" for i in range(200)]
FOOTER = ("This page is internal. Do not forward it outside the company, and do not paste its "
          "content into external tools without the owner's written approval. Figures may change "
          "without notice.")


class Writer:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        rng = self.rng
        words = set()
        while len(words) < 20000:
            words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 4))))
        self.vocab = sorted(words)
        rng.shuffle(self.vocab)
        self.cum = list(_cumulative(len(self.vocab)))
        self.headings = [" ".join(self.words(rng.randint(1, 3))).capitalize() for _ in range(300)]

    def words(self, k):
        return self.rng.choices(self.vocab, cum_weights=self.cum, k=k)

    def sentence(self):
        rng = self.rng
        words = self.words(rng.randint(8, 20))
        if rng.random() < 0.3:
            words.insert(rng.randrange(len(words)), str(rng.randint(2, 9999)))
        return " ".join(words).capitalize() + "."

    def paragraph(self):
        return " ".join(self.sentence() for _ in range(self.rng.randint(2, 6)))

    def body(self, size):
        """Sections of paragraphs and lists, about `size` bytes."""
        rng = self.rng
        sections, total = [], 0
        while total < size:
            heading = rng.choice(self.headings)
            parts = []
            for _ in range(rng.randint(1, 4)):
                if rng.random() < 0.2:
                    parts.append("\n".join(f"- {self.sentence()}" for _ in range(rng.randint(2, 5))))
                else:
                    parts.append(self.paragraph())
            sections.append([heading, parts])
            total += sum(len(p) for p in parts) + len(heading)
        return sections


def _cumulative(n):
    total = 0.0
    for rank in range(1, n + 1):
        total += 1.0 / rank
        yield total


def render(title, tags, sections, extra=(), footer=False):
    lines = ["---", f"title: {title}", f"tags: [{', '.join(tags)}]", *extra, "---", f"# {title}", ""]
    for heading, parts in sections:
        lines.append(f"## {heading}")
        lines.append("")
        for part in parts:
            lines.append(part)
            lines.append("")
    if footer:
        lines += ["## Confidentiality", "", FOOTER, ""]
    return "\n".join(lines)


def edit(w, sections, heavy=False):
    """Another version of `sections`: numbers changed, some paragraphs
    rewritten (two in five when `heavy`), and a paragraph added or dropped,
    always keeping at least one of the original paragraphs."""
    rng = w.rng
    out = [[heading, []] for heading, _ in sections]
    kept = []
    for s, (_, parts) in enumerate(sections):
        for part in parts:
            if rng.random() < (0.4 if heavy else 0.1):
                out[s][1].append(w.paragraph())
                continue
            words = part.split(" ")
            for j, word in enumerate(words):
                if word.rstrip(".").isdigit() and rng.random() < 0.7:
                    words[j] = str(rng.randint(2, 9999)) + ("." if word.endswith(".") else "")
            out[s][1].append(" ".join(words))
            kept.append((s, len(out[s][1]) - 1))
    if not kept:
        out[0][1][0] = sections[0][1][0]
        kept.append((0, 0))
    paragraphs = sum(len(parts) for _, parts in out)
    if rng.random() < 0.5 or paragraphs < 3 or len(kept) < 2:
        out[rng.randrange(len(out))][1].append(w.paragraph())
    else:
        s, p = rng.choice(kept)
        del out[s][1][p]
    return out


def main():
    out, count = sys.argv[1], int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    manifest = sys.argv[4] if len(sys.argv) > 4 else None
    w = Writer(seed)
    rng = w.rng
    folders = sorted({"/".join(w.words(rng.randint(1, 3))) for _ in range(60)})
    used = set()
    files = {}
    planted = []

    def fresh_name():
        while True:
            name = "-".join(w.vocab[rng.randrange(2000, 20000)] for _ in range(rng.randint(2, 3)))
            if name not in used:
                used.add(name)
                return name

    def size():
        return int(math.exp(rng.uniform(math.log(200), math.log(20000))))

    def date(day):
        return (datetime.date(2022, 1, 1) + datetime.timedelta(days=day)).isoformat()

    daily = count * 3 // 100
    for day in range(daily):
        d = date(day)
        log = "\n".join(f"- {w.sentence()}" for _ in range(rng.randint(1, 4)))
        files[f"journal/{d[:4]}/{d}.md"] = (
            f"---\ntitle: Daily note {d}\ntags: [daily, journal]\n---\n# {d}\n\n"
            "## Focus for today\n\nWhat is the one thing that would make today a good day?\n\n"
            f"## Log\n\n{log}\n\n## Tomorrow\n\n- {w.sentence()}\n\n"
            "## Gratitude\n\nOne thing that went well, however small.\n"
        )
    pairs = count * 2 // 100
    chains = count * 3 // 100
    remaining = count - daily - 2 * pairs - 2 * chains
    kinds = ["year", "old", "version", "archive", "renamed", "rewrite"]
    for i in range(pairs + chains + remaining):
        folder = rng.choice(folders)
        name = fresh_name()
        title = name.replace("-", " ").capitalize()
        tags = rng.sample(TAGS, rng.randint(1, 3))
        sections = w.body(size())
        footer = rng.random() < 0.2
        newer_updated = date(rng.randint(400, 1400))
        path = f"{folder}/{name}.md"
        if i < pairs + chains:
            kind = kinds[i % len(kinds)]
            older_sections = edit(w, sections, heavy=(kind == "rewrite"))
            older_updated = date(rng.randint(0, 399))
            older_title = title
            if kind == "year":
                older = f"{folder}/{name}-{2020 + rng.randint(0, 4)}.md"
            elif kind == "old":
                older = f"{folder}/{name}-old.md"
            elif kind == "version":
                older, path = f"{folder}/{name}-v1.md", f"{folder}/{name}-v2.md"
            elif kind == "archive":
                older = f"{folder}/archive/{name}.md"
            elif kind == "renamed":
                older_name = fresh_name()
                older = f"{folder}/{older_name}.md"
                older_title = older_name.replace("-", " ").capitalize()
            else:
                older = f"{folder}/{name}-{2020 + rng.randint(0, 4)}.md"
            extra = [f"updated: {older_updated}"]
            if i >= pairs:
                # Already declared: in one of the accepted forms, or broken.
                form = i % 5
                target = path[:-3]
                extra.append([
                    f"superseded_by: {path}",
                    f"superseded_by: \"[[{target}]]\"",
                    f"superseded_by: /{target}",
                    f"superseded_by: \"[{title}](/{path})\"",
                    "superseded_by: nowhere/missing.md",
                ][form])
                if form == 4:
                    # A broken declaration leaves the pair unlinked: it should be suggested.
                    planted.append((older, path))
            else:
                planted.append((older, path))
            files[older] = render(older_title, tags, older_sections, extra, footer)
        files[path] = render(title, tags, sections, [f"updated: {newer_updated}"], footer)
    # Links between notes, some to the older notes of pairs and chains, so
    # `links-to-superseded` resolves links at a realistic rate. A separate
    # generator keeps the rest of the vault as it was for a given seed.
    linker = random.Random(seed * 31 + 1)
    paths = sorted(files)
    for path in paths:
        if path.startswith("journal/"):
            continue
        links = [linker.choice(paths)[:-3] for _ in range(linker.randint(0, 3))]
        if links:
            files[path] += "\n## See also\n\n" + "".join(f"- [[{target}]]\n" for target in links)
    for path, text in files.items():
        full = os.path.join(out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write(text)
    if manifest:
        with open(manifest, "w", encoding="utf-8") as f:
            for older, newer in planted:
                f.write(f"{older}\t{newer}\n")


if __name__ == "__main__":
    main()
