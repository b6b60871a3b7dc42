#!/usr/bin/env python3
"""Times `vaultlint.lineage` (in process, the map as Python objects) against
the command line (`vaultlint lineage --all --format json` in a
subprocess, its output read whole; and with `json.loads` of it, which is
what a Python program had to do) on one vault, cold (`no_cache`) and warm,
alternated run by run, and checks that both give the same map.

usage: python_lineage.py VAULT BINARY [RUNS]
(run with the Python the wheel is installed in; VAULT from bench/generate.py)
"""
import json
import statistics
import subprocess
import sys
import time

import vaultlint


def main() -> None:
    vault, binary = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    for label, no_cache in (("cold", True), ("warm", False)):
        if not no_cache:
            vaultlint.lineage(vault)  # fills the cache
        times = {"vaultlint.lineage": [], "command line": [], "command + loads": []}
        for _ in range(runs):
            start = time.perf_counter()
            in_process = vaultlint.lineage(vault, no_cache=no_cache)
            times["vaultlint.lineage"].append(time.perf_counter() - start)
            args = [binary, "lineage", "--all", "--format", "json", vault] + (["--no-cache"] if no_cache else [])
            start = time.perf_counter()
            printed = subprocess.run(args, capture_output=True, check=True).stdout
            times["command line"].append(time.perf_counter() - start)
            parsed = json.loads(printed)
            times["command + loads"].append(time.perf_counter() - start)
            assert parsed == in_process
        for name, seconds in times.items():
            print(f"{label:4}  {name:17}  best {min(seconds):.3f} s  median {statistics.median(seconds):.3f} s  "
                  f"runs: {' '.join(f'{s:.3f}' for s in seconds)}")
        print(f"{label:4}  notes in the map: {len(in_process['notes'])}")


if __name__ == "__main__":
    main()
