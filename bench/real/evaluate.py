#!/usr/bin/env python3
"""The real-vault evaluation: runs `check` and `suggest` on each repository
of bench/real/repos.tsv, checked out at its pinned commit, and scores what
they report against the labels in bench/real/labels/<name>.tsv.

usage: evaluate.py --checkouts DIR --bin PATH [--only NAME]... [--json | --markdown]

Findings are matched by code, path and line; pairs by their two paths in
either order, the label's order giving the direction it was judged in.
`suspected-version` findings repeat the pairs of `suggest` and are left to
the pairs. Nothing is fetched: a checkout that is missing or not at its
pinned commit is reported and skipped.
"""
import argparse
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
AS_OF = "2026-12-01"
FINDING_VERDICTS = ("true", "false")
PAIR_VERDICTS = ("version", "reversed", "not")
FLIP = {"version": "reversed", "reversed": "version", "not": "not"}


def read_tsv(path):
    with open(path, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f if line.strip()]
    header = lines[0].split("\t")
    rows = []
    for number, line in enumerate(lines[1:], 2):
        cells = line.split("\t")
        if len(cells) != len(header):
            sys.exit(f"{path}:{number}: {len(cells)} cells, the header has {len(header)}")
        rows.append(dict(zip(header, cells)))
    return rows


def load_labels(name):
    path = os.path.join(HERE, "labels", f"{name}.tsv")
    findings, pairs, misses = {}, {}, []
    if not os.path.exists(path):
        return findings, pairs, misses
    for row in read_tsv(path):
        kind = row["kind"]
        if kind == "finding":
            if row["verdict"] not in FINDING_VERDICTS:
                sys.exit(f"{path}: finding verdict {row['verdict']!r}")
            findings[(row["code"], row["path"], row["line"])] = row
        elif kind == "pair":
            if row["verdict"] not in PAIR_VERDICTS:
                sys.exit(f"{path}: pair verdict {row['verdict']!r}")
            pairs[frozenset((row["path"], row["other"]))] = row
        elif kind == "miss":
            misses.append(row)
        else:
            sys.exit(f"{path}: unknown kind {kind!r}")
    return findings, pairs, misses


def run_json(argv):
    """The command's JSON and its exit status. `suggest` exits 2 when some
    notes could not be read (bad frontmatter) but still prints its pairs."""
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0", NO_COLOR="1")
    p = subprocess.run(argv, capture_output=True, text=True, env=env)
    try:
        return json.loads(p.stdout), p.returncode
    except ValueError:
        sys.exit(f"{' '.join(argv)} exited {p.returncode}: {p.stderr.strip()[:500]}")


def head_of(checkout):
    p = subprocess.run(["git", "-C", checkout, "rev-parse", "HEAD"], capture_output=True, text=True)
    return p.stdout.strip() if p.returncode == 0 else None


def evaluate(repo, checkouts, binary):
    name = repo["name"]
    checkout = os.path.join(checkouts, name)
    if not os.path.isdir(checkout):
        return {"name": name, "skipped": f"no checkout at {checkout}"}
    head = head_of(checkout)
    if head != repo["commit"]:
        return {"name": name, "skipped": f"HEAD is {head or 'unreadable'}, not the pinned {repo['commit']}"}
    target = os.path.normpath(os.path.join(checkout, repo["path"]))
    # `path` is the vault root the labels were written against: named with
    # --root, since a folder inside a git work tree is otherwise part of the
    # vault the whole work tree holds.
    common = ["--format", "json", "--no-cache", "--root", target]
    check, check_exit = run_json([binary, "check", target, *common, "--as-of", AS_OF, "--exit-zero"])
    suggest, suggest_exit = run_json([binary, "suggest", target, *common])
    findings, pairs, misses = load_labels(name)
    r = {
        "name": name, "kind": repo["kind"], "notes": check["summary"]["notes"],
        "exits": {"check": check_exit, "suggest": suggest_exit},
        "findings": collections.Counter(), "by_code": collections.defaultdict(collections.Counter),
        "by_finding_class": collections.defaultdict(collections.Counter),
        "pairs": collections.Counter(), "by_pair_class": collections.defaultdict(collections.Counter),
        "confident": 0, "confident_wrong": 0, "misses": len(misses), "misses_found": 0,
        "misses_found_right_way": 0, "misses_by_rule": 0, "suspected_version": 0, "folder_rules": len(suggest.get("folder_rules", [])),
        "gone_findings": collections.Counter(), "gone_pairs": collections.Counter(), "unlabelled": [],
        "missed": [],
    }
    seen = set()
    for d in check["diagnostics"]:
        if d["code"] == "suspected-version":
            r["suspected_version"] += 1
            continue
        key = (d["code"], d["path"], "" if d["line"] is None else str(d["line"]))
        seen.add(key)
        label = findings.get(key)
        verdict = label["verdict"] if label else "unlabelled"
        r["findings"][verdict] += 1
        r["by_code"][d["code"]][verdict] += 1
        if label:
            r["by_finding_class"][label["class"]][verdict] += 1
        else:
            r["unlabelled"].append("finding\t%s\t%s\t%s" % key)
    for key, label in findings.items():
        if key not in seen:
            r["gone_findings"][label["verdict"]] += 1
    reported = {}
    for p in suggest["pairs"]:
        key = frozenset((p["older"], p["newer"]))
        reported[key] = p
        label = pairs.get(key)
        if label is None:
            verdict = "unlabelled"
            r["unlabelled"].append(f"pair\t{p['older']}\t{p['newer']}")
        else:
            same_way = label["path"] == p["older"]
            verdict = label["verdict"] if same_way else FLIP[label["verdict"]]
            r["by_pair_class"][label["class"]][verdict] += 1
        r["pairs"][verdict] += 1
        if p["direction"] == "confident":
            r["confident"] += 1
            if verdict in ("reversed", "not"):
                r["confident_wrong"] += 1
    for key, label in pairs.items():
        if key not in reported:
            r["gone_pairs"][label["verdict"]] += 1
    rules = suggest.get("folder_rules", [])
    for m in misses:
        p = reported.get(frozenset((m["path"], m["other"])))
        if p is not None:
            r["misses_found"] += 1
            r["misses_found_right_way"] += p["older"] == m["path"]
            continue
        # A suggested folder rule that covers the pair marks it when applied.
        way = covered_by_rule(rules, m["path"], m["other"])
        if way is not None:
            r["misses_found"] += 1
            r["misses_by_rule"] += 1
            r["misses_found_right_way"] += way
        else:
            r["missed"].append(f"miss {m['class']}: {m['path']} -> {m['other']}")
    return r


def covered_by_rule(rules, path, other):
    """True when a suggested folder rule makes `path` the older copy of
    `other` (one relative path under an older root and the newer root),
    False when it makes it the newer, None when no rule covers the two."""
    for rule in rules:
        newer = rule["newer"].rstrip("/") + "/"
        for root in rule["roots"]:
            root = root.rstrip("/") + "/"
            if path.startswith(root) and other == newer + path[len(root):]:
                return True
            if other.startswith(root) and path == newer + other[len(root):]:
                return False
    return None


def of(n, total):
    return f"{n:,} of {total:,} ({100 * n / total:.0f}%)" if total else f"{n:,} of 0"


def lines_for(r):
    f, p = r["findings"], r["pairs"]
    nf, np_ = sum(f.values()), sum(p.values())
    out = [
        f"  findings: true {of(f['true'], nf)}, false {of(f['false'], nf)}, unlabelled {of(f['unlabelled'], nf)}",
        f"  pairs: version {of(p['version'], np_)}, reversed {of(p['reversed'], np_)}, "
        f"not {of(p['not'], np_)}, unlabelled {of(p['unlabelled'], np_)}",
        f"  confident and wrong: {of(r['confident_wrong'], r['confident'])} confident pairs",
        f"  misses found: {of(r['misses_found'], r['misses'])}, "
        f"the right way round {of(r['misses_found_right_way'], r['misses_found'])}"
        + (f", {r['misses_by_rule']:,} through a suggested folder rule" if r["misses_by_rule"] else ""),
    ]
    gf, gp = r["gone_findings"], r["gone_pairs"]
    if sum(gf.values()) or sum(gp.values()):
        out.append(f"  labelled but no longer reported: findings true {gf['true']:,}, false {gf['false']:,}; "
                   f"pairs version {gp['version']:,}, reversed {gp['reversed']:,}, not {gp['not']:,}")
    if any(r.get("exits", {}).values()):
        out.append("  exit statuses: " + ", ".join(f"{k} {v}" for k, v in r["exits"].items()))
    if r["folder_rules"]:
        out.append(f"  folder rules suggested (not labelled): {r['folder_rules']:,}")
    return out


def slice_lines(title, table, verdicts):
    out = [title]
    for key in sorted(table, key=lambda k: (-sum(table[k].values()), k)):
        c = table[key]
        total = sum(c.values())
        parts = ", ".join(f"{v} {of(c[v], total)}" for v in verdicts if c[v])
        out.append(f"  {key}: {total:,}: {parts}")
    return out


def markdown(rows):
    out = ["| repository | notes | findings true | findings false | pairs version | pairs reversed | pairs not "
           "| confident and wrong | misses found |", "|" + " --- |" * 9]
    for r in rows:
        f, p = r["findings"], r["pairs"]
        nf, np_ = sum(f.values()), sum(p.values())
        name = r["name"] if r["name"] == "total" else f"{r['name']} ({r['kind']})"
        cells = [name, f"{r['notes']:,}", of(f["true"], nf), of(f["false"], nf), of(p["version"], np_),
                 of(p["reversed"], np_), of(p["not"], np_), of(r["confident_wrong"], r["confident"]),
                 of(r["misses_found"], r["misses"])]
        out.append("| " + " | ".join(cells) + " |")
    return out


def merge(results):
    total = {"name": "total", "findings": collections.Counter(), "pairs": collections.Counter(),
             "gone_findings": collections.Counter(), "gone_pairs": collections.Counter(),
             "by_code": collections.defaultdict(collections.Counter),
             "by_finding_class": collections.defaultdict(collections.Counter),
             "by_pair_class": collections.defaultdict(collections.Counter), "notes": 0,
             "confident": 0, "confident_wrong": 0, "misses": 0, "misses_found": 0,
             "misses_found_right_way": 0, "misses_by_rule": 0, "suspected_version": 0, "folder_rules": 0}
    for r in results:
        for k in ("findings", "pairs", "gone_findings", "gone_pairs"):
            total[k].update(r[k])
        for k in ("by_code", "by_finding_class", "by_pair_class"):
            for key, c in r[k].items():
                total[k][key].update(c)
        for k in ("notes", "confident", "confident_wrong", "misses", "misses_found",
                  "misses_found_right_way", "misses_by_rule", "suspected_version", "folder_rules"):
            total[k] += r[k]
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--checkouts", required=True, help="folder holding one checkout per repository, by name")
    ap.add_argument("--bin", required=True, help="the vaultlint binary")
    ap.add_argument("--only", action="append", help="only this repository (repeatable)")
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    ap.add_argument("--markdown", action="store_true", help="the per-repository table of README.md")
    ap.add_argument("--show-unlabelled", action="store_true", help="list what no label matches")
    ap.add_argument("--show-misses", action="store_true", help="list the labelled misses not found")
    args = ap.parse_args()
    repos = read_tsv(os.path.join(HERE, "repos.tsv"))
    if args.only:
        unknown = set(args.only) - {r["name"] for r in repos}
        if unknown:
            sys.exit(f"not in repos.tsv: {', '.join(sorted(unknown))}")
        repos = [r for r in repos if r["name"] in args.only]
    binary = os.path.abspath(args.bin)
    results, skipped = [], []
    for repo in repos:
        r = evaluate(repo, args.checkouts, binary)
        if "skipped" in r:
            skipped.append(r)
            if not args.json:
                print(f"{r['name']}: skipped: {r['skipped']}", file=sys.stderr)
            continue
        results.append(r)
    total = merge(results)
    if args.json:
        json.dump({"as_of": AS_OF, "repositories": results, "total": total, "skipped": skipped},
                  sys.stdout, indent=1, sort_keys=True, default=lambda o: dict(o))
        print()
        return
    if args.markdown:
        print("\n".join(markdown(results + [total])))
        return
    for r in results:
        print(f"{r['name']} ({r['kind']}, {r['notes']:,} notes)")
        print("\n".join(lines_for(r)))
        if args.show_unlabelled:
            print("\n".join("    " + u for u in r["unlabelled"]))
        if args.show_misses:
            print("\n".join("    " + m for m in r["missed"]))
    print(f"total ({len(results)} repositories, {total['notes']:,} notes)")
    print("\n".join(lines_for(total)))
    print(f"  suspected-version findings, scored as pairs: {total['suspected_version']:,}")
    print("\n".join(slice_lines("findings by rule code", total["by_code"], FINDING_VERDICTS + ("unlabelled",))))
    print("\n".join(slice_lines("findings by class", total["by_finding_class"], FINDING_VERDICTS)))
    print("\n".join(slice_lines("pairs by class", total["by_pair_class"], PAIR_VERDICTS)))
    if skipped:
        print(f"skipped: {', '.join(s['name'] for s in skipped)}")


if __name__ == "__main__":
    main()
