#!/usr/bin/env python3
"""Builds the hostile vaults of the robustness benchmark, one folder per
input, at a size factor: each input grows linearly with the factor, so the
time and memory of checking it should too. A vault's `.bench-args` holds
the options its check runs with (relative to the vault).

usage: bench/hostile.py OUT FACTOR
"""
import os
import sys


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def build(out, k):
    retired = ("old.md", "---\nsuperseded_by: new.md\n---\n# Old\n")
    current = ("new.md", "# New\n")

    def vault(name, files):
        for path, text in [retired, current] + files:
            write(os.path.join(out, name, path), text)

    # A finding far along a line: the line grows.
    vault("far-column", [("far.md", "x" * (65_540 * k) + " [[old]]\n")])
    # A one-line flow list in the frontmatter: the list grows.
    items = ",".join(["a"] * (50_000 * k))
    vault("flow-list", [("flow.md", f"---\nx: [{items}]\nsuperseded_by: gone.md\n---\n")])
    # Links on one line, each a finding with a snippet: the line grows.
    vault("links-on-a-line", [("many.md", "[[old]] " * (8_000 * k))])
    # Successors that fit many notes: the candidates grow.
    files = [(f"d{i:05}/index.md", "# Index\n") for i in range(200 * k)]
    files += [(f"n{i:05}.md", '---\nsuperseded_by: "[[index]]"\n---\n') for i in range(200 * k)]
    vault("ambiguous", files)
    # Frontmatter with many keys: the block grows.
    keys = "".join(f"k{i}: v\n" for i in range(20_000 * k))
    vault("wide-frontmatter", [("wide.md", f"---\n{keys}superseded_by: gone.md\n---\n")])
    # Comments, code spans and links interleaved: every link is checked
    # against the comments, every `%%` against the code.
    vault("comments-and-code", [("mixed.md", "%% [[old]] %% `x` [[old]] " * (10_000 * k))])
    # Unclosed link syntax by the thousand on one line: the line grows.
    junk = "".join(p * (5_000 * k) for p in ["[a", "[b](", "[[c", "`d", "![e]("])
    vault("unclosed-syntax", [("junk.md", junk + "\n[[old]]\n")])
    # Suppressions by the thousand, each over a link it silences, then
    # comments that never close: each finding meets the suppressions.
    lines = "<!-- vaultlint-disable-next-line links-to-superseded -->\n[[old]]\n" * (4_000 * k)
    vault("suppressions", [("quiet.md", lines + "<!-- vaultlint-" * (20_000 * k))])
    # Broken declarations by the thousand, each misspelling a note: each
    # looks for the closest note ("did you mean"), and must not compare
    # itself with every note.
    files = [(f"policy-{i:05}.md", f"---\nsuperseded_by: polcy-{i:05}.md\n---\n") for i in range(2_500 * k)]
    vault("broken-declarations", files)
    # The inputs beside the notes. A dismissal file of many lines, most
    # naming pairs that are gone, some malformed: each is a finding.
    lines = "".join(f"gone-{i}.md\tgone-{i}-v2.md\n" if i % 10 else f"only one path {i}\n" for i in range(20_000 * k))
    vault("dismissals", [(".vaultlint-dismissed", lines)])
    # A config of many excludes and folder rules: each path meets them all.
    excludes = ",".join(f'"drafts-{i}/**"' for i in range(2_000 * k))
    rules = "".join(f'[[supersede]]\nolder = "v{i}"\nnewer = "v{i + 1}"\n' for i in range(500 * k))
    notes = [(f"v{i}/page.md", f"# Page {i}\n") for i in range(200)]
    vault("config", [("vaultlint.toml", f"exclude = [{excludes}]\n{rules}")] + notes)
    # A baseline of many entries, few of them still found: each finding is
    # matched against it, each entry no finding matches listed as gone.
    entries = ",\n".join(
        f'{{"path":"n{i}.md","code":"missing-successor","fingerprint":"{i:016x}","text":"x{i}.md"}}'
        for i in range(20_000 * k)
    )
    files = [(f"n{i}.md", f"---\nsuperseded_by: x{i}.md\n---\n") for i in range(0, 20_000 * k, 100)]
    files.append(("baseline.json", f'{{"version": 1, "findings": [\n{entries}\n]}}\n'))
    vault("baseline", files)
    write(os.path.join(out, "baseline", ".bench-args"), "--baseline baseline.json\n")


if __name__ == "__main__":
    build(sys.argv[1], int(sys.argv[2]))
