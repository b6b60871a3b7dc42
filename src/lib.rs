//! The `vaultlint` command line: argument parsing, the renderers of each
//! output format, the interactive review of suggested pairs, and the files
//! generated from the command-line definitions (completions, man pages).
//! The work itself is done by the `vaultlint_*` library crates.

pub mod cli;
pub mod generate;
pub mod output;
pub mod review;
