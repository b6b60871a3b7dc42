# Sourced by the benchmark scripts: from the repository root, a release
# build in $bin and a scratch folder in $work, removed on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
bin=$PWD/target/release/vaultlint
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
