#!/usr/bin/env python3
"""Scores `vaultlint suggest --format json` output against a generator
manifest: recall of the planted pairs, how many were given the right
direction, pairs suggested inside the daily-note series, and other pairs.

usage: recall.py MANIFEST SUGGEST_JSON
"""
import json
import sys


def main():
    planted = {}
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            older, newer = line.rstrip("\n").split("\t")
            planted[frozenset((older, newer))] = older
    with open(sys.argv[2], encoding="utf-8") as f:
        pairs = json.load(f)["pairs"]
    found = right = confident = daily = other = 0
    for p in pairs:
        key = frozenset((p["older"], p["newer"]))
        if key in planted:
            found += 1
            right += planted[key] == p["older"]
            confident += p["direction"] == "confident"
        elif p["older"].startswith("journal/") and p["newer"].startswith("journal/"):
            daily += 1
        else:
            other += 1
    total = len(planted)
    print(f"recall {found / total if total else 1:.4f} ({found}/{total}), "
          f"direction right {right}/{found} ({confident} confident), "
          f"daily-series pairs {daily}, other pairs {other}")


if __name__ == "__main__":
    main()
