"""What the LlamaIndex and LangChain components share: finding a loaded
document's note in the eligibility map, whether to keep it, and the
metadata it gets."""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping
from typing import Any, Optional, Union

from vaultlint import StrPath, Vault

#: The metadata keys a document gets: its note's direct successors
#: (vault-relative paths), its verdict (``active``, ``stale``, ``conflict``,
#: ``unknown``, or ``None`` for a file the map does not hold) and the notes
#: in force to read instead.
SUPERSEDED_BY = "superseded_by"
VERDICT = "verdict"
CURRENT = "current"


def document_path(metadata: Mapping[str, Any]) -> Optional[str]:
    """The file a loaded document came from, as its loader records it:
    ``file_path`` (LlamaIndex's ``SimpleDirectoryReader``), ``path``
    (LangChain's ``ObsidianLoader``), ``folder_path`` and ``file_name``
    (LlamaIndex's ``ObsidianReader``), else ``source`` (LangChain's
    ``TextLoader`` and ``DirectoryLoader``; ``ObsidianLoader`` puts only the
    file's name there, which is why ``path`` comes first)."""
    for key in ("file_path", "path"):
        if isinstance(metadata.get(key), str):
            return metadata[key]
    folder, name = metadata.get("folder_path"), metadata.get("file_name")
    if isinstance(folder, str) and isinstance(name, str):
        return os.path.join(folder, name)
    source = metadata.get("source")
    return source if isinstance(source, str) else None


class Eligibility:
    """Which documents to keep, by the vault's eligibility map.

    A document is kept when its note is in force on the map's day
    (``verdicts=None``), or, given ``verdicts``, when its verdict is one of
    them (``{"active"}`` serves only what the book's Lineage chapter calls safe,
    leaving out conflicts and notes overdue for review). A document whose
    file the map does not hold (outside the vault, a template, unreadable,
    or with no path in its metadata) is dropped unless ``keep_unmapped``.
    """

    def __init__(
        self,
        vault: Union[Vault, StrPath],
        verdicts: Optional[Collection[str]] = None,
        keep_unmapped: bool = False,
        **options: Any,
    ) -> None:
        # A path is read as `vaultlint.lineage` reads it, with its options.
        self.vault = vault if isinstance(vault, Vault) else Vault(vault, **options)
        self.verdicts = None if verdicts is None else frozenset(verdicts)
        self.keep_unmapped = keep_unmapped

    def entry(self, metadata: Mapping[str, Any]) -> Optional[dict[str, Any]]:
        """The map's entry for the document's note, or ``None``."""
        path = document_path(metadata)
        return None if path is None else self.vault.entry(path)

    def keeps(self, entry: Optional[Mapping[str, Any]]) -> bool:
        """Whether a document whose note has this entry is kept."""
        if entry is None:
            return self.keep_unmapped
        if self.verdicts is None:
            return bool(entry["in_force"])
        return entry["verdict"] in self.verdicts

    def judged(self, metadata: dict[str, Any]) -> bool:
        """Adds the note's ``superseded_by``, ``verdict`` and ``current`` to
        a document's ``metadata``, and says whether to keep the document."""
        entry = self.entry(metadata)
        metadata.update(self.annotations(entry))
        return self.keeps(entry)

    @staticmethod
    def annotations(entry: Optional[Mapping[str, Any]]) -> dict[str, Any]:
        """The metadata a document with this entry gets."""
        if entry is None:
            return {SUPERSEDED_BY: [], VERDICT: None, CURRENT: []}
        return {
            SUPERSEDED_BY: list(entry["successors"]),
            VERDICT: entry["verdict"],
            CURRENT: list(entry["current"]),
        }
