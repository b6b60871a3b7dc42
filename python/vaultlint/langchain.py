"""A LangChain document transformer that keeps retired notes out of an
index and out of a retriever's results (the ``langchain`` extra:
``pip install 'vaultlint[langchain]'``).

``VaultlintFilter`` takes the documents of ``ObsidianLoader``,
``DirectoryLoader`` or ``TextLoader`` (``langchain_community``), or a
retriever's results, and keeps those whose notes are in force, with
``superseded_by``, ``verdict`` and ``current`` in their metadata (over the
``superseded_by`` ``ObsidianLoader`` copies from the frontmatter as
written: the map's are vault-relative paths, resolved). ``annotate`` adds
the metadata and drops nothing. See ``vaultlint._documents.Eligibility``
for which documents are kept.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, Optional, Union

from langchain_core.documents import BaseDocumentTransformer, Document

from vaultlint import StrPath, Vault
from vaultlint._documents import Eligibility

__all__ = ["VaultlintFilter", "annotate"]



def annotate(
    documents: Sequence[Document], vault: Union[Vault, StrPath], keep_unmapped: bool = True
) -> list[Document]:
    """The documents, each with ``superseded_by``, ``verdict`` and ``current``
    added to its metadata; none is dropped."""
    eligibility = Eligibility(vault, keep_unmapped=keep_unmapped)
    for document in documents:
        eligibility.judged(document.metadata)
    return list(documents)


class VaultlintFilter(BaseDocumentTransformer):
    """Keeps the documents whose notes are in force (or whose verdict is in
    ``verdicts``), with their note's ``superseded_by``, ``verdict`` and
    ``current`` in their metadata. After a loader: ``VaultlintFilter(vault)
    .transform_documents(loader.load())``; after a retriever: ``retriever |
    RunnableLambda(VaultlintFilter(vault).transform_documents)``.

    ``vault`` is a ``vaultlint.Vault``, or the path to read one from (then
    ``as_of`` and ``options`` are ``vaultlint.lineage``'s).
    """

    def __init__(
        self,
        vault: Union[Vault, StrPath],
        verdicts: Optional[Collection[str]] = None,
        keep_unmapped: bool = False,
        **options: Any,
    ) -> None:
        self.eligibility = Eligibility(vault, verdicts, keep_unmapped, **options)

    @property
    def vault(self) -> Vault:
        """The map the documents are judged by."""
        return self.eligibility.vault

    def transform_documents(self, documents: Sequence[Document], **kwargs: Any) -> list[Document]:
        return [document for document in documents if self.eligibility.judged(document.metadata)]
