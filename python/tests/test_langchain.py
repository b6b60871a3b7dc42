"""End to end with LangChain from PyPI: the notes of fixtures/rag-vault
loaded by ObsidianLoader and DirectoryLoader, searched with BM25Retriever
(rank_bm25) for the golden queries. Unfiltered, retired notes come back;
through `VaultlintFilter` (after the loader, or after the retriever), none
ever does, and every note in force is still found."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from langchain_community.document_loaders import DirectoryLoader, ObsidianLoader, TextLoader
from langchain_community.retrievers import BM25Retriever
from langchain_core.documents import Document
from langchain_core.runnables import RunnableLambda

import vaultlint
from conftest import TABLES
from retrieval import RETIRED, TOP_K, VAULT, assert_kept_in_force, judged_vault, notes, report, run, words
from vaultlint._documents import document_path
from vaultlint.langchain import VaultlintFilter, annotate

LOADERS: dict[str, Callable[[], list[Document]]] = {
    "ObsidianLoader": lambda: ObsidianLoader(str(VAULT)).load(),
    "DirectoryLoader": lambda: DirectoryLoader(str(VAULT), glob="**/*.md", loader_cls=TextLoader).load(),
}


@pytest.fixture(scope="module")
def vault() -> vaultlint.Vault:
    return judged_vault()


def bm25(documents: list[Document], k: int) -> BM25Retriever:
    return BM25Retriever.from_documents(documents, k=k, preprocess_func=words)


@pytest.mark.parametrize("loader", LOADERS)
def test_the_filter_keeps_retired_notes_out_of_the_index(loader: str, vault: vaultlint.Vault) -> None:
    loaded = LOADERS[loader]()
    kept = VaultlintFilter(vault).transform_documents(LOADERS[loader]())
    assert_kept_in_force(vault, loaded, kept)
    unfiltered = run(lambda q: notes(vault, bm25(loaded, TOP_K).invoke(q)))
    filtered = run(lambda q: notes(vault, bm25(kept, TOP_K).invoke(q)))
    report(f"LangChain, {loader}, BM25Retriever top {TOP_K}; filtered after loading", unfiltered, filtered)


@pytest.mark.parametrize("loader", LOADERS)
def test_the_filter_keeps_retired_notes_out_of_the_results(loader: str, vault: vaultlint.Vault) -> None:
    loaded = LOADERS[loader]()
    # Retired notes are dropped after ranking: ask for more, keep TOP_K.
    chain = bm25(loaded, TOP_K * 3) | RunnableLambda(VaultlintFilter(vault).transform_documents)
    unfiltered = run(lambda q: notes(vault, bm25(loaded, TOP_K).invoke(q)))
    filtered = run(lambda q: notes(vault, chain.invoke(q))[:TOP_K])
    report(f"LangChain, {loader}, BM25Retriever top {TOP_K}; filtered after the retriever", unfiltered, filtered)


def test_a_retired_note_read_by_path_says_what_replaced_it(vault: vaultlint.Vault) -> None:
    carried = 0
    for note in sorted(RETIRED):
        for documents in (TextLoader(str(VAULT / note)).load(), ObsidianLoader(str(VAULT / note).rsplit("/", 1)[0]).load()):
            documents = [d for d in annotate(documents, vault) if vault.relative(document_path(d.metadata)) == note]
            assert len(documents) == 1, note
            assert documents[0].metadata["verdict"] == "stale"
            assert documents[0].metadata["superseded_by"] == vault.superseded_by(note) != []
            assert documents[0].metadata["current"] == vault.current(note)
        carried += 1
    TABLES.append(f"LangChain: retired notes read by path that carry superseded_by: {carried} of {len(RETIRED)}")
    assert carried == len(RETIRED) == 7
