"""`vaultlint.check` and `vaultlint.lineage` return what the command line
prints; `Vault` answers from one map; errors are `VaultlintError`s with the
command line's message; Python's lock is released while a run works."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import vaultlint
from conftest import FIXTURES, REPO

FIXTURE_DIRS = sorted(p for p in FIXTURES.iterdir() if p.is_dir())


def run_cli(cli: str, *args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    # The module's messages wrap at 100 columns, the command's width when
    # it writes to no terminal and `COLUMNS` is not set.
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    return subprocess.run([cli, *args], capture_output=True, text=True, cwd=cwd, check=False, env=env)


def test_every_fixture_is_compared() -> None:
    assert len(FIXTURE_DIRS) > 50


@pytest.mark.parametrize("fixture", FIXTURE_DIRS, ids=lambda p: p.name)
def test_check_and_lineage_match_the_command_line(fixture: Path, vaultlint_cli: str, monkeypatch) -> None:
    # Both run from the repository with a path relative to it, so `root`
    # and every path are the command line's own.
    monkeypatch.chdir(REPO)
    path = str(fixture.relative_to(REPO))
    as_of = "2026-06-01"
    command = run_cli(vaultlint_cli, "check", "--format", "json", "--no-cache", "--as-of", as_of, path)
    assert command.returncode in (0, 1, 2), command.stderr
    assert vaultlint.check(path, no_cache=True, as_of=as_of) == json.loads(command.stdout)
    command = run_cli(vaultlint_cli, "lineage", "--all", "--format", "json", "--no-cache", "--as-of", as_of, path)
    assert command.returncode in (0, 2), command.stderr
    assert vaultlint.lineage(path, as_of=datetime.date(2026, 6, 1), no_cache=True) == json.loads(command.stdout)


def test_options_reach_the_command(vaultlint_cli: str, monkeypatch) -> None:
    monkeypatch.chdir(REPO)
    args = ["--format", "json", "--no-cache", "--no-suggest", "--select", "declarations", "--statistics"]
    command = run_cli(vaultlint_cli, "check", *args, "fixtures/handbook")
    expected = json.loads(command.stdout)
    got = vaultlint.check("fixtures/handbook", no_cache=True, no_suggest=True, select=["declarations"], statistics=True)
    assert got == expected
    assert "slices" in got and got["diagnostics"]
    assert all(d["code"] != "suspected-version" for d in got["diagnostics"])
    scoped = vaultlint.lineage("fixtures/handbook", no_cache=True, exclude=["internal/**"])
    assert scoped["notes"] and all(not n["path"].startswith("internal/") for n in scoped["notes"])


def test_a_missing_path_raises_the_command_lines_message(vaultlint_cli: str, monkeypatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    command = run_cli(vaultlint_cli, "lineage", "--all", "--no-cache", "nowhere", cwd=tmp_path)
    assert command.returncode == 2
    with pytest.raises(vaultlint.UsageError) as raised:
        vaultlint.lineage("nowhere", no_cache=True)
    assert command.stderr.strip() == f"vaultlint: error: {raised.value}"
    with pytest.raises(vaultlint.VaultlintError, match="cannot open `nowhere`"):
        vaultlint.check("nowhere", no_cache=True)


def test_an_invalid_config_raises_config_error(vaultlint_cli: str, tmp_path: Path) -> None:
    (tmp_path / ".vaultlint.toml").write_text('root = true\nsuperseded-keys = "not a list"\n')
    (tmp_path / "a.md").write_text("# A\n")
    command = run_cli(vaultlint_cli, "lineage", "--all", "--no-cache", "--color", "never", str(tmp_path))
    assert command.returncode == 2
    with pytest.raises(vaultlint.ConfigError) as raised:
        vaultlint.lineage(tmp_path, no_cache=True)
    assert isinstance(raised.value, vaultlint.VaultlintError)
    assert command.stderr.strip() == f"vaultlint: error: {raised.value}".strip()


def test_a_bad_option_value_is_a_usage_error() -> None:
    with pytest.raises(vaultlint.UsageError, match="no rule or family is called `nonsense`"):
        vaultlint.check(FIXTURES / "handbook", no_cache=True, select=["nonsense"])
    with pytest.raises(vaultlint.UsageError, match="--as-of"):
        vaultlint.lineage(FIXTURES / "handbook", as_of="yesterday", no_cache=True)


def test_options_that_change_the_output_are_refused() -> None:
    for option in ("format", "fix", "output_file", "quiet"):
        with pytest.raises(TypeError, match=option):
            vaultlint.check(FIXTURES / "handbook", **{option: True})
    with pytest.raises(TypeError, match="since"):
        vaultlint.lineage(FIXTURES / "handbook", since="HEAD")


def test_vault_answers_by_any_path(monkeypatch) -> None:
    monkeypatch.chdir(REPO)
    vault = vaultlint.Vault("fixtures/rag-vault", as_of="2026-06-01", no_cache=True)
    assert vault.root == FIXTURES / "rag-vault"
    assert vault.as_of == "2026-06-01"
    assert len(vault) == 16 and not vault.errors
    stale = "ops/oncall-2024.md"
    for name in (stale, "fixtures/rag-vault/ops/oncall-2024.md", FIXTURES / "rag-vault" / stale):
        assert name in vault
        assert not vault.in_force(name)
        assert vault.verdict(name) == "stale"
        assert vault.superseded_by(name) == ["ops/oncall-2025.md"]
        assert vault.current(name) == ["ops/oncall.md"]
    assert vault.in_force("ops/oncall.md") and vault.current("ops/oncall.md") == ["ops/oncall.md"]
    # Declared on the newer note only, and as a wikilink.
    assert vault.superseded_by("finance/purchase-approvals-2024.md") == ["finance/purchase-approvals.md"]
    assert vault.superseded_by("hr/remote-work-2023.md") == ["hr/remote-work.md"]
    for outside in ("README.md", "fixtures/handbook/public/offices.md", "ops/no-such-note.md"):
        assert outside not in vault
        assert vault.entry(outside) is None and not vault.in_force(outside) and vault.verdict(outside) is None
    assert vault.path("ops/oncall.md").is_file()


def test_vault_reads_the_vault_once_until_reload(tmp_path: Path) -> None:
    (tmp_path / ".vaultlint.toml").write_text("root = true\n")
    (tmp_path / "old.md").write_text("# Old\n")
    (tmp_path / "new.md").write_text("# New\n")
    vault = vaultlint.Vault(tmp_path, no_cache=True)
    assert vault.in_force("old.md")
    (tmp_path / "old.md").write_text("---\nsuperseded_by: new.md\n---\n# Old\n")
    assert vault.in_force("old.md"), "answers come from the map read at first"
    vault.reload()
    assert not vault.in_force("old.md") and vault.current("old.md") == ["new.md"]


def test_a_run_releases_the_gil(tmp_path: Path) -> None:
    # A vault big enough that a run takes a while; a Python thread counts
    # while it runs. Holding the lock, the run would stop the thread for
    # the whole call: it must tick in the middle of it.
    vault = tmp_path / "generated"
    subprocess.run([sys.executable, str(REPO / "bench" / "generate.py"), str(vault), "1500", "7"],
                   check=True, capture_output=True)
    ticks: list[float] = []
    done = threading.Event()

    def count() -> None:
        while not done.is_set():
            ticks.append(time.perf_counter())

    thread = threading.Thread(target=count)
    thread.start()
    try:
        start = time.perf_counter()
        vaultlint.lineage(vault, no_cache=True)
        end = time.perf_counter()
    finally:
        done.set()
        thread.join()
    quarter = (end - start) / 4
    middle = [t for t in ticks if start + quarter < t < end - quarter]
    assert middle, f"no Python code ran during the {end - start:.2f} s run"


def test_the_package_is_typed() -> None:
    package = Path(vaultlint.__file__).parent
    assert (package / "py.typed").is_file()
    assert (package / "_vaultlint.pyi").is_file()
