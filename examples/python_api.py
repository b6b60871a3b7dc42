"""The Python API: the checks, the eligibility map, and one note's standing.

    pip install vaultlint
    python examples/python_api.py fixtures/rag-vault
"""

import sys

import vaultlint

vault_dir = sys.argv[1] if len(sys.argv) > 1 else "."

report = vaultlint.check(vault_dir)  # what `vaultlint check --format json` prints
for finding in report["diagnostics"]:
    print(f"{finding['path']}:{finding['line']}: {finding['severity']}[{finding['code']}] {finding['message']}")
print(report["summary"])

eligible = vaultlint.lineage(vault_dir)  # what `vaultlint lineage --all --format json` prints
retired = [note["path"] for note in eligible["notes"] if not note["in_force"]]
print(f"{len(retired)} of {len(eligible['notes'])} notes are out of force as of {eligible['as_of']}")

vault = vaultlint.Vault(vault_dir)  # one map, asked many times
for path in retired:
    print(f"{path}: superseded by {vault.superseded_by(path)}, read {vault.current(path)} instead")
