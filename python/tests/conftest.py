"""Shared by the Python tests: where the repository's fixtures are, which
command line to compare the module with, and the by-slice tables of the
end-to-end tests, printed at the end of the run."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures"

#: The tables the end-to-end tests made, in the order they ran.
TABLES: list[str] = []


def cli() -> str:
    """The command line to compare with: ``VAULTLINT_CLI`` (CI sets the
    binary `cargo test` built), else the ``vaultlint`` command installed
    beside this Python."""
    given = os.environ.get("VAULTLINT_CLI")
    if given:
        return given
    found = shutil.which("vaultlint", path=str(Path(sys.executable).parent))
    assert found, "no `vaultlint` command beside this Python: is the package installed?"
    return found


@pytest.fixture(scope="session")
def vaultlint_cli() -> str:
    return cli()


def pytest_terminal_summary(terminalreporter) -> None:  # noqa: ANN001 (pytest's own type)
    if TABLES:
        terminalreporter.section("retired notes in retrieval, by slice")
        for table in TABLES:
            terminalreporter.write_line(table)
            terminalreporter.write_line("")
