//! vaultlint keeps Markdown vaults honest about which notes are current: it
//! validates `superseded_by` declarations and the frontmatter they live in,
//! and finds notes that look like unmarked versions of one another.
//!
//! The library does the work and returns data; the binary prints it.

pub mod check;
pub mod cli;
pub mod config;
pub mod diagnostic;
pub mod edit;
pub mod fix;
pub mod frontmatter;
pub mod generate;
pub mod graph;
pub mod lifecycle;
pub mod lineage;
pub mod link;
pub mod note;
pub mod output;
pub mod progress;
pub mod review;
pub mod root;
pub mod rules;
pub mod suggest;
pub mod text;
pub mod vault;
pub mod walk;
