"""LlamaIndex over a vault, retired notes left out: the notes loaded by
ObsidianReader through VaultlintReader, searched with the BM25 retriever.

    pip install 'vaultlint[llama-index]' llama-index-readers-obsidian llama-index-retrievers-bm25
    python examples/llama_index_bm25.py fixtures/rag-vault "how much is on-call pay"
"""

import sys

from llama_index.readers.obsidian import ObsidianReader
from llama_index.retrievers.bm25 import BM25Retriever

import vaultlint
from vaultlint.llama_index import VaultlintReader

vault_dir, query = sys.argv[1], sys.argv[2]
vault = vaultlint.Vault(vault_dir)

# At load: only notes in force reach the index, each with its verdict.
documents = VaultlintReader(ObsidianReader(vault_dir), vault).load_data()
retriever = BM25Retriever.from_defaults(nodes=documents, similarity_top_k=3)
for result in retriever.retrieve(query):
    meta = result.node.metadata
    print(f"{result.score:.2f}  {meta['folder_path']}/{meta['file_name']}  verdict={meta['verdict']}")
