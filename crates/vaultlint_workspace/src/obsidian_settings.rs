//! Reading an Obsidian vault's settings from its `.obsidian/` folder; what
//! they mean is [`vaultlint_model::obsidian`]'s. Every file is optional,
//! and one that cannot be read or parsed is as if absent, as is one that
//! is a link out of the vault (its text is not read).

use std::path::Path;
use vaultlint_model::obsidian::Obsidian;

/// The settings under `root/.obsidian`.
pub fn read(root: &Path) -> Obsidian {
    let dir = root.join(".obsidian");
    let read_json = |name: &str| {
        let file = dir.join(name);
        if crate::files::leads_out(&file, root) {
            return None;
        }
        let text = crate::files::read_small(&file)?;
        serde_json::from_str(&text).ok()
    };
    Obsidian::from_files(&read_json, &|folder| root.join(folder).is_dir())
}
