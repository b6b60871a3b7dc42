//! One file per subcommand. Each reads the vault as its settings say, runs
//! the analysis, and returns data for `output/` to render; none prints.

pub mod check;
pub mod graph;
pub mod lineage;
pub mod suggest;

use crate::settings::{Settings, SettingsError};
use crate::walk::Walked;
use vaultlint_analysis::rules;
use vaultlint_analysis::suggest::Carry;
use vaultlint_core::progress::Progress;
use vaultlint_model::vault::{EarlierPrint, Vault};
use vaultlint_syntax::note::Reading;

/// A vault read, with the rules that hold in each of its folders and what
/// the cache of warm runs carries from this reading to the similarity pass.
pub struct Loaded {
    pub vault: Vault,
    pub rules: rules::Options,
    pub cache: CacheState,
}

/// What the cache of warm runs knows of a vault just read, beside the vault.
#[derive(Debug, Default)]
pub struct CacheState {
    /// The fingerprints the last run held of notes read anew or gone.
    pub earlier_prints: Vec<EarlierPrint>,
    /// Whether this run writes the notes to the cache: what else it keeps
    /// there of the notes is kept only beside them.
    pub notes_written: bool,
}

/// Reads the vault at the settings' root, as `reading` says: the walk
/// finds the configs in subfolders, whose excludes leave notes out before
/// they are read and whose rules hold in their subtrees.
pub fn load(
    settings: &Settings,
    reading: Reading<'_>,
    progress: &dyn Progress,
) -> Result<Loaded, SettingsError> {
    let (walked, rules) = walk(settings, progress)?;
    Ok(read(settings, walked, rules, reading, progress))
}

/// The notes file is written again once more than one note in this many
/// had to be read.
const REWRITE_SHARE: usize = 100;

/// Finds the notes of the vault at the settings' root: the configs in
/// subfolders leave notes out before they are read, and give the rules
/// that hold in their subtrees.
pub fn walk(settings: &Settings, progress: &dyn Progress) -> Result<(Walked, rules::Options), SettingsError> {
    progress.start("finding notes", 0);
    // A note on standard input that is in no vault is checked alone.
    let mut walked = match settings.alone {
        true => Walked::default(),
        false => crate::walk::walk(settings.root(), &settings.walk).map_err(|e| e.0)?,
    };
    // Notes named on the command line are read whatever the ignore files
    // say; the config's excludes and Obsidian's still hold.
    if let Some(focus) = settings.scope.focus.as_ref().filter(|f| !settings.alone && !f.notes.is_empty()) {
        let selected = crate::walk::selector(settings.root(), &settings.walk).map_err(|e| e.0)?;
        let mut named: Vec<&String> = focus.notes.iter().collect();
        named.sort();
        for path in named {
            crate::walk::add_named(settings.root(), path, &selected, &mut walked);
        }
    }
    let nested = settings.nested(&walked.configs)?;
    walked.entries.retain(|e| !nested.excludes(&e.path));
    walked.problems.retain(|p| !nested.excludes(&p.path));
    Ok((walked, rules::Options { folders: nested.levels, ..settings.rules.clone() }))
}

/// Reads the notes a walk found, as `reading` says: with a cache, only
/// those whose files changed since the last run.
pub fn read(
    settings: &Settings,
    walked: Walked,
    rules: rules::Options,
    reading: Reading<'_>,
    progress: &dyn Progress,
) -> Loaded {
    read_then(settings, walked, None, rules, reading, progress, |_| ()).0
}

/// [`read`], then `then` on the vault read, while the cache's notes file
/// is written beside it. The file is written again when more than a few
/// notes had to be read; until then the few edited notes are read again
/// on each run, which costs less than writing the whole file. (A cache
/// that cannot be written, in a read-only checkout say, only costs the
/// next run its speed.) `stamps`: the stamps of the walk's files, in its
/// order, when the run took them already, so they are not taken twice.
pub fn read_then<R>(
    settings: &Settings,
    walked: Walked,
    stamps: Option<Vec<Option<crate::cache::Stamp>>>,
    rules: rules::Options,
    reading: Reading<'_>,
    progress: &dyn Progress,
    then: impl FnOnce(&Loaded) -> R,
) -> (Loaded, R) {
    let config = settings.vault_config();
    let (vault, earlier_prints, write) = match &settings.cache {
        None => (crate::load::read(settings.root(), walked, reading, config, progress), Vec::new(), None),
        Some(cache) => {
            let started = crate::cache::now();
            let read = crate::load::read_known(
                settings.root(),
                walked,
                reading,
                config,
                Some(cache),
                stamps,
                progress,
            );
            // Every note opened: there was no notes file to trust, or
            // every note changed.
            let fresh = read.opened == read.vault.notes.len();
            let rewrite = fresh || read.opened > read.vault.notes.len() / REWRITE_SHARE;
            (read.vault, read.earlier_prints, rewrite.then_some((cache, read.stored, started)))
        }
    };
    let cache = CacheState { earlier_prints, notes_written: write.is_some() };
    let loaded = Loaded { vault, rules, cache };
    let done = std::thread::scope(|scope| {
        if let Some((cache, keys, started)) = write {
            let vault = &loaded.vault;
            let store = move || {
                let stored = vault.notes.iter().zip(&keys).filter_map(|(note, key)| Some((note, (*key)?)));
                let print = |note| vault.print_of(note);
                let _ = crate::cache::store_notes(cache, &reading, started, stored, print);
            };
            // A vault large enough to file its fingerprints writes the file
            // first, not beside `then`, so that the writer's buffers do not
            // come on top of the similarity pass's peak. It costs that run
            // time; most runs write nothing.
            if vaultlint_syntax::prints::Prints::files_for(vault.notes.len()) {
                store();
            } else {
                scope.spawn(store);
            }
        }
        then(&loaded)
    });
    (loaded, done)
}

/// The cache's file of the similarity pass's counts.
const TALLY: &str = "tally";
/// The cache's file of what banding found.
const BANDED: &str = "banded";

/// Finds the suspected version pairs, with the counts the last run left in
/// the cache (when there is one) and leaving this run's for the next.
pub fn find_pairs(
    input: vaultlint_analysis::suggest::Input,
    settings: &Settings,
    state: &CacheState,
    progress: &dyn Progress,
) -> vaultlint_analysis::suggest::Suggestions {
    let Some(cache) = &settings.cache else {
        return vaultlint_analysis::suggest::find_with(input, &settings.suggest, progress);
    };
    // The counts follow from the notes' fingerprints, which the version
    // and the settings of reading make.
    let key = crate::cache::notes_key(&settings.reading(true, false, true));
    let limit = crate::cache::limit(input.vault.notes.len(), 0);
    let earlier = vaultlint_analysis::suggest::Carried {
        tally: cache.load(TALLY, key, limit),
        banded: cache.load(BANDED, key, limit),
        earlier_prints: &state.earlier_prints,
    };
    // A tally that could not be read (none yet, damaged, crafted) is
    // replaced by this run's, even when the notes file is not rewritten:
    // kept, it would be counted again on every run.
    let rebuild = earlier.tally.is_none();
    // A cache that cannot be written only costs the next run its speed.
    let keep = |carry| {
        let _ = match carry {
            // The tally is kept with the notes it was counted from: a later
            // run takes out of it the notes changed since, as the cache
            // has them.
            Carry::Tally(tally) if (state.notes_written || rebuild) && !tally.notes.is_empty() => {
                cache.store(TALLY, key, &tally)
            }
            Carry::Tally(_) => Ok(()),
            Carry::Banded(banded) => cache.store(BANDED, key, &banded),
        };
    };
    vaultlint_analysis::suggest::find_tallied(input, &settings.suggest, progress, earlier, Some(&keep))
}
