//! What vaultlint finds in a loaded vault: the rules behind `check`, the
//! similarity pass behind `suggest` (with the git history handed in as
//! data), baselines, and the change events indexers read.

pub mod baseline;
pub mod events;
pub mod rules;
pub mod suggest;
