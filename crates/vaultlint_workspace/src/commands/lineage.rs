//! `vaultlint lineage`: the versions of the named notes, or the map of
//! every note (`--all`), for one scope if asked; or, with `--since`, the
//! events that turn the map at a commit into the map now.

use crate::events::{self, Change, Event};
use crate::settings::{Settings, SettingsError};
use vaultlint_model::lineage::Analysis;
use vaultlint_model::vault::{NoteId, Vault};
use vaultlint_syntax::scope::Scope;

/// What `lineage` found: the vault, each note's standing, and the notes
/// asked about.
pub struct Lineage {
    pub vault: Vault,
    pub analysis: Analysis,
    /// The notes asked about; `None` with `--all`.
    pub notes: Option<Vec<NoteId>>,
}

/// How the map is made.
#[derive(Debug, Clone, Default)]
pub struct MapOptions {
    /// `--scope KEY=VALUE`: the map for one scope.
    pub scope: Option<Scope>,
    /// `--verdict-suspected`: suspected pairs of versions in force are conflicts.
    pub suspected: bool,
}

/// The map with `all`, else the notes the settings' paths name and those
/// `names` name as a wikilink would (a file name or an alias).
pub fn run(
    settings: &Settings,
    all: bool,
    names: &[String],
    map: &MapOptions,
) -> Result<Lineage, SettingsError> {
    let reading = settings.reading(map.suspected, false, false);
    let vault = super::load(settings, reading, &vaultlint_core::progress::Silent)?.vault;
    let analysis = analyse(&vault, settings, map, settings.rules.as_of);
    if all {
        return Ok(Lineage { vault, analysis, notes: None });
    }
    let named = names.iter().map(|name| named_note(&vault, name)).collect::<Result<Vec<NoteId>, _>>()?;
    let focus = settings.scope.focus.as_ref();
    if focus.is_some_and(|f| !f.folders.is_empty()) || (focus.is_none() && named.is_empty()) {
        return Err("lineage takes notes; name a note, or use --all for a whole vault or folder".into());
    }
    let mut notes: Vec<NoteId> = focus.iter().flat_map(|f| &f.notes).filter_map(|p| vault.id_of(p)).collect();
    notes.extend(named);
    notes.sort_unstable();
    notes.dedup();
    if notes.is_empty() {
        return Err("lineage takes notes of the vault (files with a note extension)".into());
    }
    Ok(Lineage { vault, analysis, notes: Some(notes) })
}

/// The note `name` stands for, as Obsidian resolves `[[name]]`; an error
/// that says why where none or several do.
fn named_note(vault: &Vault, name: &str) -> Result<NoteId, SettingsError> {
    use vaultlint_model::vault::Resolution;
    let shown = vaultlint_core::text::sanitize(name);
    match vault.note_named(name) {
        Resolution::Note(id) | Resolution::Template(id) => Ok(id),
        Resolution::Ambiguous { first, total } => {
            let paths: Vec<String> = first
                .iter()
                .map(|&id| format!("`{}`", vaultlint_core::text::sanitize(&vault.notes[id].path)))
                .collect();
            let more = if total > first.len() {
                format!(" and {} more", total - first.len())
            } else {
                String::new()
            };
            Err(format!(
                "`{shown}` names {total} notes ({}{more}); give the path of the one meant",
                paths.join(", ")
            )
            .into())
        }
        _ => Err(format!(
            "cannot open `{shown}`: no such file, and no note of the vault has that name or alias"
        )
        .into()),
    }
}

/// The map of `vault` on `as_of`, with the similarity pass when asked.
fn analyse(
    vault: &Vault,
    settings: &Settings,
    map: &MapOptions,
    as_of: vaultlint_core::date::Day,
) -> Analysis {
    let mut suspected = Vec::new();
    if map.suspected {
        let graph = vaultlint_model::graph::Graph::build(vault);
        let dismissals = settings.load_dismissals();
        let history = crate::git::GitHistory { root: &vault.root };
        let input = vaultlint_analysis::suggest::Input {
            vault,
            graph: &graph,
            dismissals: &dismissals,
            history: &history,
        };
        let found = vaultlint_analysis::suggest::find_with(
            input,
            &settings.suggest,
            &vaultlint_core::progress::Silent,
        );
        suspected = found.pairs.iter().map(|p| (p.older, p.newer)).collect();
    }
    Analysis::within(vault, as_of, map.scope.as_ref(), &suspected)
}

/// What `--since REF` prints: the commit compared with, and the events.
pub struct Since {
    pub commit: String,
    pub as_of: vaultlint_core::date::Day,
    pub events: Vec<Event>,
}

/// `lineage --all --since REF`: the map at the commit REF, read from git's
/// objects and judged as of the commit's day, against the map now.
pub fn since(settings: &Settings, reference: &str, map: &MapOptions) -> Result<Since, SettingsError> {
    let reading = settings.reading(map.suspected, false, false);
    let now = super::load(settings, reading, &vaultlint_core::progress::Silent)?.vault;
    let root = settings.root();
    let select = crate::walk::selector(root, &settings.walk).map_err(|e| e.0)?;
    let snapshot =
        events::snapshot(root, reference, &select, reading).map_err(|e| SettingsError::Usage(e.0))?;
    let git = |e: events::GitError| SettingsError::Usage(format!("--since needs a git work tree: {}", e.0));
    let mut then = Vault::from_notes(root.to_path_buf(), snapshot.notes);
    then.config = settings.vault_config();
    let as_of = settings.rules.as_of;
    let (then_map, now_map) =
        (analyse(&then, settings, map, snapshot.day), analyse(&now, settings, map, as_of));
    let moves = events::moves(root, &snapshot.commit).map_err(git)?;
    let removals = events::removals(root, &snapshot.commit).map_err(git)?;
    let focus = settings.scope.focus.as_ref();
    let keep = |path: &str| focus.is_none_or(|f| f.contains(path));
    let change =
        Change { then: (&then, &then_map), now: (&now, &now_map), moves: &moves, removals: &removals };
    Ok(Since { commit: snapshot.commit, as_of, events: events::events(&change, &keep) })
}
