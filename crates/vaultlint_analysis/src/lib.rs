//! What vaultlint finds in a loaded vault: the rules behind `check`, the
//! similarity pass behind `suggest` (with the git history handed in as
//! data), and baselines. It reads no file and runs no process.

pub mod baseline;
pub mod rules;
pub mod suggest;
