//! The vault as data: its notes and the indexes that resolve a name to a
//! note, the supersession graph built from their declarations, version
//! roots (release folders), each note's lifecycle, the verdict an indexer
//! acts on, and lineage. Everything here is computed from notes already
//! read; loading a vault from disk is `vaultlint_workspace`'s job.

pub mod dismissals;
pub mod focus;
pub mod folder_rule;
pub mod graph;
pub mod lifecycle;
pub mod lineage;
pub mod obsidian;
pub mod vault;
pub mod verdict;
pub mod version_roots;
