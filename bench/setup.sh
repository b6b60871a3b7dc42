# Sourced by the benchmark scripts: from the repository root, a release
# build in $bin (or VAULTLINT_BIN), a scratch folder in $work (removed on exit), and `best`.
set -euo pipefail
cd "$(dirname "$0")/.."
# VAULTLINT_BIN measures another build (an earlier release, say) instead.
if [ -n "${VAULTLINT_BIN:-}" ]; then
  bin=$(realpath "$VAULTLINT_BIN")
else
  cargo build --release --locked --quiet
  bin=$PWD/target/release/vaultlint
fi
# BENCH_DIR puts the generated vaults elsewhere than the temporary folder:
# in memory (/dev/shm) on a machine whose disk cannot keep a large vault in
# its page cache, so that neither side's time is the disk's. vaultlint
# keeps its own temporary files in TMPDIR.
work=$(mktemp -d -p "${BENCH_DIR:-${TMPDIR:-/tmp}}")
trap 'rm -rf "$work"' EXIT

best() { # wall seconds, best of 3
  python3 - "$@" <<'PY'
import subprocess, sys, time
best = None
for _ in range(3):
    start = time.perf_counter()
    subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t = time.perf_counter() - start
    best = t if best is None else min(best, t)
print(f"{best:.3f}")
PY
}
