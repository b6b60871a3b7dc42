//! The vocabulary every vaultlint crate speaks: rule codes and severities,
//! diagnostics with their byte spans and edits, lines and columns from
//! byte offsets, text helpers, dates, vault paths, progress reporting, and
//! helpers for serialising fixed-width words.
//!
//! Nothing here reads a file or knows what a note is.

pub mod code;
pub mod date;
pub mod diagnostic;
pub mod lines;
pub mod paths;
pub mod progress;
pub mod serial;
pub mod text;
