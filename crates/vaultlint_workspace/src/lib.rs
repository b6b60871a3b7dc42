//! Vaults on disk: walking a folder as Obsidian reads it, finding the
//! vault root, configs and the settings they resolve to, the cache of warm
//! runs, git, edits and fixes written back to notes, and the commands
//! (`check`, `suggest`, `lineage`, `graph`) that tie them to the analysis,
//! and the change events since a commit that indexers read.
//! This is the crate a program embedding vaultlint calls.

pub mod cache;
pub mod commands;
pub mod config;
pub mod edit;
pub mod events;
pub mod files;
pub mod fix;
pub mod git;
pub mod load;
pub mod obsidian_settings;
pub mod root;
pub mod settings;
pub mod sources;
pub mod walk;
