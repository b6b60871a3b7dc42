//! `vaultlint lineage`: the versions of the named notes, or the map of
//! every note (`--all`).

use crate::lineage::Analysis;
use crate::settings::{Settings, SettingsError};
use crate::vault::{NoteId, Vault};

pub struct Lineage {
    pub vault: Vault,
    pub analysis: Analysis,
    /// The notes asked about; `None` with `--all`.
    pub notes: Option<Vec<NoteId>>,
}

pub fn run(settings: &Settings, all: bool) -> Result<Lineage, SettingsError> {
    let vault = super::load(settings, settings.reading(false, false, false), &crate::progress::Silent)?.vault;
    let analysis = Analysis::new(&vault, settings.rules.as_of);
    if all {
        return Ok(Lineage { vault, analysis, notes: None });
    }
    let Some(focus) = settings.scope.focus.as_ref().filter(|f| f.folders.is_empty()) else {
        return Err("lineage takes notes; name a note, or use --all for a whole vault or folder".into());
    };
    let mut notes: Vec<NoteId> = focus.notes.iter().filter_map(|p| vault.id_of(p)).collect();
    notes.sort_unstable();
    if notes.is_empty() {
        return Err("lineage takes notes of the vault (files with a note extension)".into());
    }
    Ok(Lineage { vault, analysis, notes: Some(notes) })
}
