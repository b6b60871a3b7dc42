#!/usr/bin/env python3
"""Writes a synthetic vault, deterministic from a seed: notes in nested
folders with frontmatter, chains of superseded versions in each accepted
value form, and a few broken declarations.

usage: generate.py DIR NOTES [SEED]
"""
import os
import random
import sys

WORDS = ("policy budget deploy runbook travel expenses onboarding review incident widget "
         "pricing roadmap hiring security backup vendor laptop access quarterly release").split()


def main():
    out, count = sys.argv[1], int(sys.argv[2])
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    folders = [f"{a}/{b}" for a in ("public", "internal", "restricted") for b in WORDS[:12]]
    paths = []
    for i in range(count):
        name = "-".join(rng.sample(WORDS, 2)) + f"-{i}"
        paths.append(f"{rng.choice(folders)}/{name}.md")
    for i, path in enumerate(paths):
        lines = ["---", f"title: {path.rsplit('/', 1)[1][:-3].replace('-', ' ').title()}",
                 f"tags: [{', '.join(rng.sample(WORDS, 3))}]", f"updated: 2026-{1 + i % 12:02d}-{1 + i % 28:02d}"]
        roll = rng.random()
        if i + 1 < count and roll < 0.15:
            target = paths[i + 1]
            form = rng.randrange(4)
            if form == 0:
                lines.append(f"superseded_by: {target}")
            elif form == 1:
                lines.append(f"superseded_by: \"[[{target[:-3]}]]\"")
            elif form == 2:
                lines.append(f"superseded_by: /{target[:-3]}")
            else:
                lines.append(f"superseded_by: \"[{target}](/{target})\"")
        elif roll < 0.16:
            lines.append("superseded_by: internal/missing/nowhere.md")
        lines.append("---")
        lines.append(f"# {path}")
        body_words = rng.randint(40, 3000)
        lines.append(" ".join(rng.choice(WORDS) for _ in range(body_words)))
        full = os.path.join(out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
