"""LlamaIndex components that keep retired notes out of an index and out of
its results (the ``llama-index`` extra: ``pip install 'vaultlint[llama-index]'``).

- ``VaultlintReader`` wraps a reader (``ObsidianReader``,
  ``SimpleDirectoryReader``, any ``BaseReader``): what it loads is filtered
  before it reaches an index.
- ``VaultlintPostprocessor`` filters a retriever's or a query engine's
  nodes, for an index built before (or without) the reader.
- ``annotate`` only adds the metadata, dropping nothing: for a note read by
  its path, which should still say what replaced it.

Kept documents and nodes get ``superseded_by``, ``verdict`` and
``current`` in their metadata; see ``vaultlint._documents.Eligibility``
for which are kept.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any, Optional, Union

from llama_index.core.bridge.pydantic import PrivateAttr
from llama_index.core.postprocessor.types import BaseNodePostprocessor
from llama_index.core.readers.base import BaseReader
from llama_index.core.schema import BaseNode, Document, NodeWithScore, QueryBundle

from vaultlint import StrPath, Vault
from vaultlint._documents import Eligibility

__all__ = ["VaultlintPostprocessor", "VaultlintReader", "annotate"]



def annotate(
    documents: Sequence[BaseNode], vault: Union[Vault, StrPath], keep_unmapped: bool = True
) -> list[BaseNode]:
    """The documents (or nodes), each with ``superseded_by``, ``verdict`` and
    ``current`` added to its metadata; none is dropped."""
    eligibility = Eligibility(vault, keep_unmapped=keep_unmapped)
    for document in documents:
        eligibility.judged(document.metadata)
    return list(documents)


class VaultlintReader(BaseReader):
    """A reader that loads with ``reader`` and keeps only the documents whose
    notes are in force (or whose verdict is in ``verdicts``), with their
    note's ``superseded_by``, ``verdict`` and ``current`` in their metadata.

    ``vault`` is a ``vaultlint.Vault``, or the path to read one from (then
    ``as_of`` and ``options`` are ``vaultlint.lineage``'s).
    """

    def __init__(
        self,
        reader: BaseReader,
        vault: Union[Vault, StrPath],
        verdicts: Optional[Collection[str]] = None,
        keep_unmapped: bool = False,
        **options: Any,
    ) -> None:
        self.reader = reader
        self.eligibility = Eligibility(vault, verdicts, keep_unmapped, **options)

    @property
    def vault(self) -> Vault:
        """The map the documents are judged by."""
        return self.eligibility.vault

    def lazy_load_data(self, *args: Any, **load_kwargs: Any) -> Iterable[Document]:
        # A reader that loads lazily is kept lazy; one that only loads
        # at once (ObsidianReader) is asked for its list.
        try:
            documents: Iterable[Document] = self.reader.lazy_load_data(*args, **load_kwargs)
        except NotImplementedError:
            documents = self.reader.load_data(*args, **load_kwargs)
        for document in documents:
            if self.eligibility.judged(document.metadata):
                yield document

    def load_data(self, *args: Any, **load_kwargs: Any) -> list[Document]:
        documents = self.reader.load_data(*args, **load_kwargs)
        return [document for document in documents if self.eligibility.judged(document.metadata)]


class VaultlintPostprocessor(BaseNodePostprocessor):
    """A node postprocessor that drops the nodes whose notes are out of force
    (or whose verdict is not in ``verdicts``) and adds their note's
    ``superseded_by``, ``verdict`` and ``current`` to the metadata of the
    rest. Give it to a query engine's ``node_postprocessors``, or call
    ``postprocess_nodes`` on a retriever's results.
    """

    _eligibility: Eligibility = PrivateAttr()

    def __init__(
        self,
        vault: Union[Vault, StrPath],
        verdicts: Optional[Collection[str]] = None,
        keep_unmapped: bool = False,
        **options: Any,
    ) -> None:
        super().__init__()
        self._eligibility = Eligibility(vault, verdicts, keep_unmapped, **options)

    @classmethod
    def class_name(cls) -> str:
        return "VaultlintPostprocessor"

    @property
    def vault(self) -> Vault:
        """The map the nodes are judged by."""
        return self._eligibility.vault

    def _postprocess_nodes(
        self, nodes: list[NodeWithScore], query_bundle: Optional[QueryBundle] = None
    ) -> list[NodeWithScore]:
        return [scored for scored in nodes if self._eligibility.judged(scored.node.metadata)]
