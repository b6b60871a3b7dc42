//! The `vaultlint` command line: argument parsing, what each subcommand
//! does at the command line, the renderers of each output format, the
//! interactive review of suggested pairs, the terminal, and the files
//! generated from the command-line definitions (completions, man pages).
//! The work itself is done by the `vaultlint_*` library crates.

pub mod cli;
pub mod embed;
pub mod generate;
pub mod output;
pub mod review;
pub mod run;
pub mod terminal;
