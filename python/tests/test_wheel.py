"""The wheel `.ci/python` built, installed into a new virtual environment
as a user installs it: its `vaultlint` command is the command line (same
output, same exit status, standard input read), and `import vaultlint`
works there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, cli

WHEEL = os.environ.get("VAULTLINT_WHEEL")


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not WHEEL:
        pytest.skip("VAULTLINT_WHEEL names no wheel: .ci/python sets it to the one it built")
    where = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    subprocess.run(
        [str(where / "bin" / "pip"), "install", "--quiet", "--disable-pip-version-check", "--no-index", "--no-deps", WHEEL],
        check=True,
    )
    return where


def run(program: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    return subprocess.run(program, input=stdin, capture_output=True, text=True, cwd=REPO, env=env, check=False)


def test_the_command_is_the_command_line(venv: Path) -> None:
    installed = str(venv / "bin" / "vaultlint")
    binary = cli()
    assert installed != binary
    note = (REPO / "fixtures/rag-vault/ops/oncall-2024.md").read_text()
    for args, stdin in (
        (["--version"], ""),
        (["check", "--no-cache", "--format", "concise", "fixtures/handbook"], ""),
        (["check", "--no-cache", "--format", "json", "fixtures/rag-vault"], ""),
        (["lineage", "--no-cache", "--as-of", "2026-06-01", "fixtures/rag-vault/ops/oncall.md"], ""),
        (["check", "--no-cache", "nowhere"], ""),
        (["check", "--no-such-flag"], ""),
        (["check", "--no-cache", "--stdin-filename", "fixtures/rag-vault/ops/oncall-2024.md", "-"], note),
    ):
        got, expected = run([installed, *args], stdin), run([binary, *args], stdin)
        assert (got.returncode, got.stdout, got.stderr) == (expected.returncode, expected.stdout, expected.stderr), args
    assert run([installed, "check", "--no-cache", "fixtures/handbook"]).returncode == 1
    assert run([installed, "--help"]).stdout.startswith("vaultlint")


def test_the_module_imports_from_the_new_environment(venv: Path) -> None:
    code = (
        "import vaultlint, sys; m = vaultlint.lineage('fixtures/rag-vault', no_cache=True);"
        "print(vaultlint.__file__.startswith(sys.prefix), len(m['notes']), vaultlint.__version__)"
    )
    out = run([str(venv / "bin" / "python"), "-c", code])
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "16", "0.1.0"]
    assert run([str(venv / "bin" / "python"), "-m", "vaultlint", "--version"]).stdout == "vaultlint 0.1.0\n"
