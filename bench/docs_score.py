#!/usr/bin/env python3
"""Scores `vaultlint suggest --format json` on a repository from docs.py
against its manifest of adjacent copies: recall (an older copy counts as
found when a suggested pair retires it towards a later copy of its page,
or a suggested `[[supersede]]` rule covers its folder and names its site's
live folder), precision over pairs and rules, direction, pairs that are
confident and wrong, and pairs that would mark a live page.

usage: docs_score.py MANIFEST SUGGEST_JSON
"""
import fnmatch
import json
import re
import sys


def expand(glob):
    """`a/{x,y}` as the globs `a/x` and `a/y`; fnmatch has no braces."""
    m = re.search(r"\{([^}]*)\}", glob)
    if not m:
        return [glob]
    return [g for part in m.group(1).split(",") for g in expand(glob[:m.start()] + part + glob[m.end():])]


def main():
    order = {}  # path -> (family, position)
    live = set()
    with open(sys.argv[1], encoding="utf-8") as f:
        adjacent = [line.rstrip("\n").split("\t") for line in f]
    families = {}
    for older, newer in adjacent:
        family = families.setdefault(older, len(families))
        families[newer] = family
    positions = {}
    for older, newer in adjacent:
        positions.setdefault(older, 0)
        positions[newer] = positions[older] + 1
    for path, family in families.items():
        order[path] = (family, positions[path])
    newest = {}
    for path, (family, pos) in order.items():
        if pos >= newest.get(family, ("", -1))[1]:
            newest[family] = (path, pos)
    live = {path.rsplit("/", 1)[0] for path, _ in newest.values()}
    with open(sys.argv[2], encoding="utf-8") as f:
        out = json.load(f)
    found, right_rules, wrong_rules = set(), 0, 0
    for rule in out.get("folder_rules", []):
        globs = expand(rule["older"])
        covered = [p for p in order if any(fnmatch.fnmatchcase(p.rsplit("/", 1)[0], g) for g in globs)]
        good = covered and rule["newer"] in live and all(p.rsplit("/", 1)[0] not in live for p in covered)
        right_rules += bool(good)
        wrong_rules += not good
        if good:
            found.update(covered)
    right = wrong = confident_wrong = marks_live = other = 0
    for p in out["pairs"]:
        a, b = order.get(p["older"]), order.get(p["newer"])
        if p["older"].rsplit("/", 1)[0] in live:
            marks_live += 1
        if a and b and a[0] == b[0]:
            if a[1] < b[1]:
                right += 1
                found.add(p["older"])
            else:
                wrong += 1
                confident_wrong += p["direction"] == "confident"
        else:
            other += 1
    older_copies = {older for older, _ in adjacent}
    recall = len(found & older_copies) / len(older_copies) if older_copies else 1
    suggested = right + wrong + other + right_rules + wrong_rules
    precision = (right + right_rules) / suggested if suggested else 1
    print(f"recall over adjacent copies {recall:.4f} ({len(found & older_copies)}/{len(older_copies)}), "
          f"precision {precision:.4f} ({right_rules} rules, {right} pairs right; {wrong_rules} rules, "
          f"{wrong} pairs reversed, {other} pairs between documents), "
          f"confident and wrong {confident_wrong}, pairs marking a live page {marks_live}")


if __name__ == "__main__":
    main()
