"""End to end with LlamaIndex from PyPI: the notes of fixtures/rag-vault
loaded by ObsidianReader and SimpleDirectoryReader, searched with the BM25
retriever for the golden queries. Unfiltered, retired notes come back;
through `VaultlintReader` (at load) or `VaultlintPostprocessor` (at
retrieval), none ever does, and every note in force is still found."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from llama_index.core import SimpleDirectoryReader
from llama_index.core.readers.base import BaseReader
from llama_index.core.schema import BaseNode
from llama_index.readers.obsidian import ObsidianReader
from llama_index.retrievers.bm25 import BM25Retriever

import vaultlint
from conftest import TABLES
from retrieval import RETIRED, TOP_K, VAULT, assert_kept_in_force, judged_vault, notes, report, run
from vaultlint.llama_index import VaultlintPostprocessor, VaultlintReader, annotate

READERS: dict[str, Callable[[], BaseReader]] = {
    "ObsidianReader": lambda: ObsidianReader(str(VAULT)),
    "SimpleDirectoryReader": lambda: SimpleDirectoryReader(str(VAULT), recursive=True, required_exts=[".md"]),
}


@pytest.fixture(scope="module")
def vault() -> vaultlint.Vault:
    return judged_vault()


def bm25(nodes: list[BaseNode], top_k: int) -> BM25Retriever:
    return BM25Retriever.from_defaults(nodes=nodes, similarity_top_k=top_k)


@pytest.mark.parametrize("reader", READERS)
def test_the_reader_keeps_retired_notes_out_of_the_index(reader: str, vault: vaultlint.Vault) -> None:
    loaded = READERS[reader]().load_data()
    kept = VaultlintReader(READERS[reader](), vault).load_data()
    assert_kept_in_force(vault, loaded, kept)
    unfiltered = run(lambda q: notes(vault, [n.node for n in bm25(loaded, TOP_K).retrieve(q)]))
    filtered = run(lambda q: notes(vault, [n.node for n in bm25(kept, TOP_K).retrieve(q)]))
    report(f"LlamaIndex, {reader}, BM25 top {TOP_K}; filtered by VaultlintReader", unfiltered, filtered)


@pytest.mark.parametrize("reader", READERS)
def test_the_postprocessor_keeps_retired_notes_out_of_the_results(reader: str, vault: vaultlint.Vault) -> None:
    loaded = READERS[reader]().load_data()
    postprocessor = VaultlintPostprocessor(vault)
    # Retired notes are dropped after ranking: ask for more, keep TOP_K.
    wide = bm25(loaded, TOP_K * 3)
    unfiltered = run(lambda q: notes(vault, [n.node for n in bm25(loaded, TOP_K).retrieve(q)]))

    def filtered_search(query: str) -> list[str]:
        kept = postprocessor.postprocess_nodes(wide.retrieve(query), query_str=query)
        assert all(n.node.metadata["verdict"] == "active" for n in kept)
        return notes(vault, [n.node for n in kept])[:TOP_K]

    filtered = run(filtered_search)
    report(f"LlamaIndex, {reader}, BM25 top {TOP_K}; filtered by VaultlintPostprocessor", unfiltered, filtered)


def test_a_retired_note_read_by_path_says_what_replaced_it(vault: vaultlint.Vault) -> None:
    carried = 0
    for note in sorted(RETIRED):
        documents = annotate(SimpleDirectoryReader(input_files=[str(VAULT / note)]).load_data(), vault)
        assert documents, note
        for document in documents:
            assert document.metadata["verdict"] == "stale"
            assert document.metadata["superseded_by"] == vault.superseded_by(note) != []
            assert document.metadata["current"] == vault.current(note)
        carried += 1
    TABLES.append(f"LlamaIndex: retired notes read by path that carry superseded_by: {carried} of {len(RETIRED)}")
    assert carried == len(RETIRED) == 7
