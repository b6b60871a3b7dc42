# Sourced by the benchmark scripts: from the repository root, a release
# build in $bin, a scratch folder in $work (removed on exit), and `best`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
bin=$PWD/target/release/vaultlint
work=$(mktemp -d)
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
