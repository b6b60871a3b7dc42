//! `vaultlint suggest`: the pairs of notes that look like two versions of
//! one document, best first, for the notes in focus; and `--dismiss`.

use crate::settings::{Settings, SettingsError};
use std::path::{Path, PathBuf};
use vaultlint_analysis::suggest::{self, Pair};
use vaultlint_core::progress::Progress;
use vaultlint_core::text::sanitize;
use vaultlint_model::graph::Graph;
use vaultlint_model::vault::Vault;
use vaultlint_syntax::link::LinkStyle;

/// The pairs found, with what deciding them needs.
pub struct Suggested {
    pub vault: Vault,
    /// The vault's declarations, as the pairs were found against them: a
    /// mark names the current note of the chain they make.
    pub graph: Graph,
    /// Best first, those in focus, at most the limit.
    pub pairs: Vec<Pair>,
    /// Folder rules to add to the config, for release folders.
    pub folders: Vec<suggest::FolderRuleSuggestion>,
    /// The config file the folder rules go into.
    pub config: PathBuf,
    /// How a written successor names its note.
    pub style: LinkStyle,
    /// The dismissal file.
    pub dismissals: PathBuf,
}

impl Suggested {
    /// The config file's path from the vault root, as output names it.
    pub fn config_name(&self) -> String {
        vaultlint_core::paths::relative(&self.vault.root, &self.config)
    }
}

/// Finds the pairs. `editing` reads a digest of every note, so that an
/// edit can confirm its note has not changed since.
pub fn run(
    settings: &Settings,
    limit: Option<usize>,
    editing: bool,
    progress: &dyn Progress,
) -> Result<Suggested, SettingsError> {
    let super::Loaded { vault, cache, .. } =
        super::load(settings, settings.reading(true, editing, false), progress)?;
    let graph = Graph::build(&vault);
    let dismissals = settings.load_dismissals();
    let history = crate::git::GitHistory { root: &vault.root };
    let input = suggest::Input { vault: &vault, graph: &graph, dismissals: &dismissals, history: &history };
    let found = super::find_pairs(input, settings, &cache, progress);
    progress.finish();
    let focus = settings.scope.focus.as_ref();
    let folders = found.folders;
    let pairs: Vec<Pair> = found
        .pairs
        .into_iter()
        .filter(|p| {
            focus.is_none_or(|f| {
                f.contains(&vault.notes[p.older].path) || f.contains(&vault.notes[p.newer].path)
            })
        })
        // What a note's suppression keeps out of `check` is kept out here.
        .filter(|p| !vaultlint_analysis::rules::suppressed::pair_silenced(&vault, p.older, p.newer))
        .take(limit.unwrap_or(usize::MAX))
        .collect();
    let style = suggest::link_style(&vault, settings.rules.link_style);
    let config = settings.config_file.clone().unwrap_or_else(|| settings.root().join("vaultlint.toml"));
    Ok(Suggested { vault, graph, pairs, folders, config, style, dismissals: settings.dismissals.clone() })
}

/// `suggest --dismiss A B`: records that two notes of the vault are not
/// versions of one another. The message says what was done.
pub fn dismiss(settings: &Settings, notes: &[PathBuf], cwd: &Path) -> Result<String, SettingsError> {
    let vault =
        super::load(settings, settings.reading(false, false, false), &vaultlint_core::progress::Silent)?
            .vault;
    let root = settings.root();
    let mut paths = Vec::new();
    for note in notes {
        let full = cwd.join(note).canonicalize().map_err(|e| format!("{}: {e}", note.display()))?;
        let path = full
            .strip_prefix(root)
            .ok()
            .map(|rel| vaultlint_core::paths::relative(Path::new(""), rel))
            .filter(|p| vault.id_of(p).is_some())
            .ok_or_else(|| format!("{} is not a note of the vault at {}", note.display(), root.display()))?;
        paths.push(path);
    }
    if paths[0] == paths[1] {
        return Err("--dismiss needs two different notes".into());
    }
    let added = crate::edit::dismiss(root, &settings.dismissals, &paths[0], &paths[1])?;
    let verb = if added { "dismissed" } else { "already dismissed" };
    let (a, b) = (sanitize(&paths[0]), sanitize(&paths[1]));
    Ok(format!("{verb}: {a} and {b} (in {})\n", sanitize(&settings.dismissals_name())))
}
