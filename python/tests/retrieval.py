"""The golden queries of the end-to-end tests over fixtures/rag-vault, and
how their results are counted: by slice (how the retired versions of the
note a query is about are marked), whether a retired note came back,
and whether the note in force did."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import vaultlint
from vaultlint._documents import document_path

from conftest import FIXTURES, TABLES

VAULT = FIXTURES / "rag-vault"
#: The day the notes are judged as of: every note's `effective_from` has come.
AS_OF = "2026-06-01"
#: Results asked of each retriever per query.
TOP_K = 3


@dataclass(frozen=True)
class Query:
    text: str
    #: The note in force that answers it.
    current: str
    #: The retired versions of that note (none for a note with one version).
    retired: tuple[str, ...]
    #: How the retired versions are marked.
    slice: str


SLICES = (
    "superseded_by, a path",
    "superseded_by, a wikilink",
    "supersedes, on the newer note",
    "a chain of three",
    "one version only",
)

QUERIES = (
    Query("what is the per diem meal allowance when travelling", "policies/travel-expenses.md",
          ("policies/travel-expenses-2024.md",), SLICES[0]),
    Query("hotel price per night without approval", "policies/travel-expenses.md",
          ("policies/travel-expenses-2024.md",), SLICES[0]),
    Query("how often are laptops replaced", "it/laptop-refresh.md", ("it/laptop-refresh-2022.md",), SLICES[0]),
    Query("can I work from another country", "hr/remote-work.md", ("hr/remote-work-2023.md",), SLICES[1]),
    Query("home office budget for a chair and screen", "hr/remote-work.md", ("hr/remote-work-2023.md",), SLICES[1]),
    Query("how do I install the VPN client", "it/vpn-setup.md", ("it/vpn-setup-old.md",), SLICES[1]),
    Query("who approves purchases above the team lead limit", "finance/purchase-approvals.md",
          ("finance/purchase-approvals-2024.md",), SLICES[2]),
    Query("how much is on-call pay", "ops/oncall.md", ("ops/oncall-2024.md", "ops/oncall-2025.md"), SLICES[3]),
    Query("who is paged at night when on call", "ops/oncall.md", ("ops/oncall-2024.md", "ops/oncall-2025.md"),
          SLICES[3]),
    Query("how many weeks of parental leave", "hr/parental-leave.md", (), SLICES[4]),
    Query("what to do in a security incident", "security/incident-response.md", (), SLICES[4]),
    Query("password manager and second factor", "security/password-policy.md", (), SLICES[4]),
)

#: Every retired note of the vault, as the queries name them.
RETIRED = frozenset(path for query in QUERIES for path in query.retired)


def words(text: str) -> list[str]:
    """Lower-case words, for LangChain's BM25 (which splits at spaces only)."""
    return re.findall(r"\w+", text.lower())


@dataclass
class Outcome:
    """What one retriever gave for one query: the notes, vault-relative."""

    query: Query
    notes: list[str]

    @property
    def retired_found(self) -> bool:
        return any(note in RETIRED for note in self.notes)

    @property
    def current_found(self) -> bool:
        return self.query.current in self.notes


def run(search: Callable[[str], Iterable[str]]) -> list[Outcome]:
    """Each golden query's outcome; ``search`` gives a query's notes."""
    return [Outcome(query, list(search(query.text))) for query in QUERIES]


def table(title: str, unfiltered: list[Outcome], filtered: list[Outcome]) -> str:
    """The by-slice table: per slice, the queries that got a retired note
    back, unfiltered and filtered, and those whose note in force was found."""
    head = ("slice", "queries", "retired retrieved, unfiltered", "retired retrieved, filtered",
            "current found, filtered")
    rows = [head]
    for name in (*SLICES, "all"):
        plain = [o for o in unfiltered if name in ("all", o.query.slice)]
        kept = [o for o in filtered if name in ("all", o.query.slice)]
        n = len(plain)
        rows.append((
            name,
            str(n),
            f"{sum(o.retired_found for o in plain)} of {n}",
            f"{sum(o.retired_found for o in kept)} of {n}",
            f"{sum(o.current_found for o in kept)} of {n}",
        ))
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = [title] + ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    return "\n".join(lines)


def notes(vault: vaultlint.Vault, documents: Iterable[Any]) -> list[str]:
    """The notes the documents (or nodes) come from, vault-relative, first
    seen first."""
    found: list[str] = []
    for document in documents:
        path = document_path(document.metadata)
        note = vault.relative(path) if path else None
        assert note is not None, f"a document with no note: {document.metadata}"
        if note not in found:
            found.append(note)
    return found


def judged_vault() -> vaultlint.Vault:
    """The rag-vault as the end-to-end tests judge it: as of ``AS_OF``,
    read afresh."""
    return vaultlint.Vault(VAULT, as_of=AS_OF, no_cache=True)


def assert_kept_in_force(vault: vaultlint.Vault, loaded: Iterable[Any], kept: Iterable[Any]) -> None:
    """Loaded, every note came; kept, exactly those in force, each marked
    active with nothing replacing it."""
    kept = list(kept)
    in_force = {path for path, entry in vault.notes.items() if entry["in_force"]}
    assert set(notes(vault, loaded)) == set(vault.notes)
    assert set(notes(vault, kept)) == in_force
    for document in kept:
        assert document.metadata["verdict"] == "active"
        assert document.metadata["superseded_by"] == []


def report(title: str, unfiltered: list[Outcome], filtered: list[Outcome]) -> None:
    """Keeps the by-slice table for the end of the run, and checks what the
    end-to-end tests promise: unfiltered, a retired note comes back for
    some query; filtered, none ever does, and every note in force is found."""
    TABLES.append(table(title, unfiltered, filtered))
    assert any(o.retired_found for o in unfiltered), "the vault should tempt an unfiltered index"
    assert not any(o.retired_found for o in filtered)
    assert all(o.current_found for o in filtered)
