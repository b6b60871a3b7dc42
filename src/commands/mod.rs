//! One file per subcommand. Each reads the vault as its settings say, runs
//! the analysis, and returns data for `output/` to render; none prints.

pub mod check;
pub mod generate;
pub mod graph;
pub mod lineage;
pub mod suggest;

use crate::note::Reading;
use crate::progress::Progress;
use crate::settings::Settings;
use crate::vault::Vault;

/// Reads the vault at the settings' root, as `reading` says.
pub fn load(settings: &Settings, reading: Reading<'_>, progress: &dyn Progress) -> Result<Vault, String> {
    let mut vault = Vault::load_with(settings.root(), &settings.walk, reading, progress).map_err(|e| e.0)?;
    vault.obsidian = settings.obsidian.clone();
    vault.extensions = settings.walk.extensions.clone();
    Ok(vault)
}
