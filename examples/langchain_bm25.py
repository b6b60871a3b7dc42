"""LangChain over a vault, retired notes left out: the notes loaded by
ObsidianLoader, filtered by VaultlintFilter, searched with BM25Retriever.

    pip install 'vaultlint[langchain]' langchain-community rank-bm25
    python examples/langchain_bm25.py fixtures/rag-vault "how much is on-call pay"
"""

import re
import sys

from langchain_community.document_loaders import ObsidianLoader
from langchain_community.retrievers import BM25Retriever

import vaultlint
from vaultlint.langchain import VaultlintFilter

vault_dir, query = sys.argv[1], sys.argv[2]
vault = vaultlint.Vault(vault_dir)

# At load: only notes in force reach the index, each with its verdict.
documents = VaultlintFilter(vault).transform_documents(ObsidianLoader(vault_dir).load())
retriever = BM25Retriever.from_documents(documents, k=3, preprocess_func=lambda text: re.findall(r"\w+", text.lower()))
for document in retriever.invoke(query):
    print(f"{document.metadata['path']}  verdict={document.metadata['verdict']}")

# A note read by its path says what replaced it.
for note in ("ops/oncall-2024.md",):
    if note in vault:
        print(f"{note}: verdict={vault.verdict(note)}, superseded_by={vault.superseded_by(note)}, "
              f"read instead {vault.current(note)}")
