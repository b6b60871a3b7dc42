//! vaultlint keeps Markdown vaults honest about which notes are current: it
//! validates `superseded_by` declarations and the frontmatter they live in,
//! and finds notes that look like unmarked versions of one another.
//!
//! The library does the work and returns data; the binary prints it. The
//! modules form layers, each importing only from the layers below it (a
//! test holds them to it):
//!
//! 1. leaves: [`code`], [`date`], [`text`], [`diagnostic`], [`progress`]
//! 2. reading: [`walk`], [`root`], [`frontmatter`], [`markdown`], [`link`],
//!    [`names`], [`fingerprint`], [`prints`], [`suppression`], [`note`], [`scope`], [`splice`],
//!    [`obsidian`]
//! 3. the model: [`vault`], [`version_roots`], [`dismissals`], [`graph`], [`lifecycle`],
//!    [`verdict`], [`lineage`]
//! 4. analysis: [`rules`], [`suggest`], [`baseline`], [`events`]
//! 5. edits: [`edit`], [`fix`]
//! 6. settings: [`config`], [`cli`], [`settings`]
//! 7. [`commands`]
//! 8. [`output`]
//! 9. [`review`], the interactive session, which draws and edits; [`server`],
//!    the language server

pub mod baseline;
pub mod cache;
pub mod cli;
pub mod code;
pub mod commands;
pub mod config;
pub mod date;
pub mod diagnostic;
pub mod dismissals;
pub mod edit;
pub mod events;
pub mod fingerprint;
pub mod fix;
pub mod frontmatter;
pub mod graph;
pub mod lifecycle;
pub mod lineage;
pub mod link;
pub mod markdown;
pub mod names;
pub mod note;
pub mod obsidian;
pub mod output;
pub mod prints;
pub mod progress;
pub mod review;
pub mod root;
pub mod rules;
pub mod scope;
pub mod server;
pub mod settings;
pub mod splice;
pub mod suggest;
pub mod suppression;
pub mod text;
pub mod vault;
pub mod verdict;
pub mod version_roots;
pub mod walk;
