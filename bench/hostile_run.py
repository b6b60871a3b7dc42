#!/usr/bin/env python3
"""Measures one hostile input of bench/hostile.sh: the best wall time of
three runs, and the highest peak memory (resident set) of those three
runs, each taken from `wait4` for that process alone (a run made only to
fill the cache is not counted). Prints `SECONDS MEGABYTES`.

What a run is depends on the vault (bench/hostile.py builds them):
- `.bench-stream`: `vaultlint server` in the vault, its standard input the
  stream of messages in that file, its output thrown away.
- `.bench-cache` (`MODE COMMAND [SIZE]`): `vaultlint COMMAND` with the
  cache in its default folder. Before each run, the cache is filled by a
  run not measured, then left as it is (`warm`), or each of its files is
  damaged (`damaged`: a byte of its payload flipped), replaced by a sparse
  file of SIZE bytes (`oversized`), or given a right header for a payload
  of SIZE bytes and a wrong tag (`bad-tag`).
- otherwise `vaultlint check --no-cache`, with the options `.bench-args`
  holds, and `--no-suggest` unless there is a `.bench-suggest`.

usage: bench/hostile_run.py BINARY VAULT
"""
import glob
import os
import subprocess
import sys
import time

MAGIC = b"vaultlint cache\n"
HEADER = len(MAGIC) + 4 + 8 + 8 + 8


def measured(args, cwd, stdin=None):
    """Runs `args` in `cwd`: its wall seconds and peak resident MB."""
    start = time.perf_counter()
    child = subprocess.Popen(args, cwd=cwd, stdin=stdin or subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = 0  # reaped by wait4
    return seconds, usage.ru_maxrss / 1024


def cache_files(vault):
    return sorted(glob.glob(os.path.join(vault, ".vaultlint_cache", "*.bin")))


def damage(mode, vault, size):
    """Leaves each cache file as `mode` says."""
    for path in cache_files(vault):
        with open(path, "r+b") as f:
            if mode == "damaged":
                f.seek(0, os.SEEK_END)
                at = HEADER + (f.tell() - HEADER) // 2
                f.seek(at)
                byte = f.read(1)
                f.seek(at)
                f.write(bytes([byte[0] ^ 0x40]))
            elif mode == "oversized":
                f.truncate(size)
            elif mode == "bad-tag":
                # The magic, format and key as written; a length that the
                # size bears out; a tag that is wrong. The payload's first
                # words, for a notes file: a time, one part, and a part of
                # (nearly) all the rest; all zeros after that.
                head = f.read(HEADER - 16)
                length = size - HEADER
                f.seek(0)
                f.truncate(0)
                f.write(head + length.to_bytes(8, "little") + (12345).to_bytes(8, "little"))
                f.write((0).to_bytes(8, "little") + (1).to_bytes(8, "little"))
                f.write((length - 24).to_bytes(8, "little"))
                f.truncate(size)


def main():
    binary, vault = sys.argv[1], sys.argv[2]
    # The cache rows use the vault's own cache folder.
    os.environ.pop("VAULTLINT_CACHE_DIR", None)
    at = lambda name: os.path.join(vault, name)
    times, peaks = [], []
    for _ in range(3):
        if os.path.exists(at(".bench-stream")):
            with open(at(".bench-stream"), "rb") as stream:
                seconds, peak = measured([binary, "server"], vault, stdin=stream)
        elif os.path.exists(at(".bench-cache")):
            mode, command, *size = open(at(".bench-cache")).read().split()
            args = [binary, command, "--color", "never", "."]
            subprocess.run(args, cwd=vault, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if mode != "warm":
                damage(mode, vault, int(size[0]) if size else 0)
            seconds, peak = measured(args, vault)
        else:
            extra = open(at(".bench-args")).read().split() if os.path.exists(at(".bench-args")) else []
            if not os.path.exists(at(".bench-suggest")):
                extra.append("--no-suggest")
            seconds, peak = measured([binary, "check", "--no-cache", "--color", "never", *extra, "."], vault)
        times.append(seconds)
        peaks.append(peak)
    print(f"{min(times):.3f} {max(peaks):.0f}")


if __name__ == "__main__":
    main()
