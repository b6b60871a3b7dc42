//! Finding unmarked versions: pairs of notes that are probably one
//! document at two times, which of the two is older, and the evidence.
//!
//! Candidates come from notes whose names or titles match once version
//! markers are taken out, and from MinHash/LSH over body shingles; each
//! candidate is then scored on the exact figures.

pub mod apply;
pub mod diff;
pub mod direction;
pub mod git;
pub mod minhash;

pub use apply::{Mark, link_style, mark, vault_style};
pub use vaultlint_syntax::link::LinkStyle;

use direction::{Age, Direction};
pub use minhash::Banded;
use minhash::{Common, Tally};
use rayon::prelude::*;
use serde::Serialize;
use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::HashMap;
use vaultlint_core::progress::{Progress, Silent};
use vaultlint_model::dismissals::Dismissals;
use vaultlint_model::graph::Graph;
use vaultlint_model::vault::{NoteId, Vault};
use vaultlint_model::version_roots::VersionRoots;
use vaultlint_syntax::fingerprint::{self, Fingerprint, Signature};
use vaultlint_syntax::names::{self, Marker, Normalized, PathInfo};
use vaultlint_syntax::note::Note;

/// Pairs scoring below this are not suggested unless asked for.
pub const DEFAULT_MIN_SCORE: f64 = 0.5;
/// Names or titles this alike count as the same document's.
const STRONG_NAME: f64 = 0.85;
/// Name evidence needs at least this much shared text to count, so that a
/// translation or an unrelated note with the same title is not a version.
const SOME_CONTENT: f64 = 0.02;
/// Notes sharing a name key in groups larger than this are a series or a
/// convention (`index`, `2026-03-05`), not candidates for each other.
const MAX_NAME_GROUP: usize = 32;
/// At least this many notes with a day or week in their names and the same
/// name otherwise make a periodic series.
const SERIES: usize = 3;
/// The score of the same page under two version roots, at least.
const SAME_PATH_SCORE: f64 = 0.9;
/// A pair is kept when it scores within this of each of its notes' best.
const PARTNER_MARGIN: f64 = 0.1;
/// A note with fewer distinctive shingles than this (a dozen words) is
/// too short for its text alone to say it is a version of another.
const SHORT: usize = 24;
/// Two members of a series (notes whose names differ only by an ordinal)
/// are one document at two times only with this much text in common:
/// more than the skeleton the series' notes are made from.
const SERIES_CONTENT: f64 = 0.5;
/// Two texts sharing this much are the same text: inside a series, that
/// is the skeleton alone, with nothing of either note's own.
const SAME_TEXT: f64 = 0.98;
/// At least this many byte-identical notes are copies of one file (a
/// vendored package, a generated page), never versions of each other
/// unless their dates or names say which came first.
const TWINS: usize = 3;
/// Notes sharing this much text are one document whatever their names.
const MOSTLY_SHARED: f64 = 0.75;
/// ...and two notes of one folder sharing this much (a note renamed in place).
const HALF_SHARED: f64 = 0.5;

/// How the similarity pass runs: the lowest score a pair is suggested at,
/// and whether the git history may order a pair.
#[derive(Debug, Clone)]
pub struct Options {
    pub min_score: f64,
    /// Read the git history for the direction.
    pub git: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { min_score: DEFAULT_MIN_SCORE, git: true }
    }
}

/// Per-signal figures, each in 0..1; `None` where a signal is absent
/// from one of the notes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Signals {
    pub title: f64,
    pub name: f64,
    pub tags: Option<f64>,
    pub headings: Option<f64>,
    pub content: f64,
}

/// Two notes that look like one document at two times: which is older,
/// how alike they are, and the evidence for both.
#[derive(Debug, Clone, PartialEq)]
pub struct Pair {
    pub older: NoteId,
    pub newer: NoteId,
    pub score: f64,
    pub direction: Direction,
    /// The evidence in words: similarity first, then direction.
    pub reasons: Vec<String>,
    /// How many of `reasons`, at the end, are the direction's verdict.
    pub verdict_reasons: usize,
    pub signals: Signals,
    /// The direction rests on words in the names (`new`, `old`) alone,
    /// which the content history overrules: it is read for this pair too.
    pub by_words: bool,
}

/// What the similarity pass found: the suspected pairs, and the release
/// folders a `[[supersede]]` table would settle at once.
pub struct Suggestions {
    /// Best first.
    pub pairs: Vec<Pair>,
    /// Sets of release folders no folder rule retires: one `[[supersede]]`
    /// table each, instead of a pair per page. Their pages' pairs are not
    /// in `pairs`.
    pub folders: Vec<FolderRuleSuggestion>,
}

/// A `[[supersede]]` table to add to the config.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FolderRuleSuggestion {
    /// The glob of the older roots.
    pub older: String,
    /// The newest root.
    pub newer: String,
    /// The older roots, oldest first.
    pub roots: Vec<String>,
    /// How many older copies the table retires.
    pub copies: usize,
}

impl FolderRuleSuggestion {
    /// `19 release folders (api/v1/ to api/v19/) hold 114 older copies of
    /// pages in api/latest/`.
    pub fn describe(&self) -> String {
        let roots = match &self.roots[..] {
            [one] => format!("{one}/ holds"),
            [a, b] => format!("2 release folders ({a}/, {b}/) hold"),
            [first, .., last] => format!("{} release folders ({first}/ to {last}/) hold", self.roots.len()),
            [] => String::new(),
        };
        format!("{roots} {} older copies of pages in {}/", self.copies, self.newer)
    }

    /// The table, as it goes into `vaultlint.toml`.
    pub fn table(&self) -> String {
        format!("[[supersede]]\nolder = {}\nnewer = {}\n", toml_string(&self.older), toml_string(&self.newer))
    }
}

/// A TOML basic string.
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// What the detector knows of a note from reading alone, made for every
/// note at the start of the pass (whether it looks at the note, and the
/// periodic series) and not kept. [`Facts`] are made for the candidates'
/// notes alone.
#[derive(Debug, PartialEq)]
struct Brief {
    /// The name key of a periodic note, to count its series by.
    periodic: Option<Box<str>>,
}

/// What the detector knows of one note.
struct Facts<'a> {
    note: &'a Note,
    path: PathInfo,
    title: Normalized,
    tags: Vec<String>,
    language: Option<String>,
    /// How many distinct shingles the body has (see [`Fingerprint::size`]).
    /// The fingerprint itself is fetched again for each pair scored: held
    /// for every candidate's note, at a million notes they took 80 MB.
    size: u32,
    /// The outline, less the templates' headings.
    headings: Vec<u32>,
    /// The configured periodic series the note belongs to, if any.
    series: Option<usize>,
    /// Where the note says it applies: two notes for different places are
    /// not versions of one document.
    scope: &'a vaultlint_syntax::scope::Scope,
}

impl<'a> Facts<'a> {
    /// What the detector knows of a note; `None` for a template, which is
    /// never a version of anything, and for a note without a fingerprint.
    fn of(vault: &'a Vault, id: NoteId, boilerplate: &Boilerplate) -> Option<Facts<'a>> {
        let note = &vault.notes[id];
        if note.print.is_none() || vault.is_template(id) {
            return None;
        }
        let fingerprint = vault.print(id)?;
        let path = names::path_info(&note.path, note.stem());
        // What a template gave the note tells nothing about which document it is.
        let mut tags: Vec<String> =
            note.tags().map(str::to_lowercase).filter(|t| !boilerplate.tags.contains(t)).collect();
        tags.sort();
        tags.dedup();
        let own = fingerprint.headings().iter().copied();
        let headings = own.filter(|h| boilerplate.headings.binary_search(h).is_err()).collect();
        let language = note
            .fields
            .iter()
            .find(|f| matches!(f.key.as_ref(), "lang" | "language"))
            .and_then(|f| f.value.scalar_text())
            .map(|l| l.trim().to_lowercase())
            .or_else(|| path.language.clone());
        let title = names::normalize(&note.title);
        Some(Facts {
            note,
            title,
            series: vault.config.obsidian.series_of(&note.path),
            scope: note.scope(),
            path,
            tags,
            language,
            size: fingerprint.size(),
            headings,
        })
    }

    /// What is known of the note's age beside `other`. A version marker
    /// is evidence only where the two names (or titles) are the same once
    /// markers are out, or a date or version in a file name beside a name
    /// with no marker at all (`deploy-2024` beside `deploy-build`): in `SNMP v1` beside
    /// `SNMP v3 traps`, or `Paper (ICB 2019)` beside `Other paper (ICCV
    /// 2020)`, the marker is the subject, not the time.
    fn age(&self, committed: Option<i64>, other: &Facts) -> Age<'_> {
        let dates = vaultlint_syntax::keys::version_dates()
            .filter_map(|key| Some((key, self.note.date(key)?)))
            .collect();
        let name = &self.path.name;
        let same = name.key == other.path.name.key;
        // Beside a name with no marker, a date or number in this one's
        // file name still tells; a word (`copy buttons`, `the new way`)
        // in a different name is the subject.
        let alone = other.path.name.markers.is_empty();
        let dated =
            |m: &&Marker| matches!(m, Marker::Date { .. } | Marker::Week { .. } | Marker::Version { .. });
        // A name that is nothing but markers (`old.md`) says only that.
        let bare = name.key.is_empty();
        let names = name
            .markers
            .iter()
            .enumerate()
            .filter(move |(i, m)| same || alone && *i < self.path.own_markers && (bare || dated(m)));
        let titles = !self.title.key.is_empty() && self.title.key == other.title.key;
        let markers = names.map(|(_, m)| m).chain(self.title.markers.iter().filter(|_| titles)).collect();
        Age { dates, markers, committed, modified: self.note.modified }
    }

    fn periodic(&self) -> bool {
        self.series.is_some() || self.path.name.markers.iter().any(Marker::is_period)
    }
}

impl Brief {
    /// What [`Facts::of`] would give of the note `id`, from what reading
    /// it kept: the name is read again only for a periodic note, to count
    /// its series by.
    fn of(vault: &Vault, id: NoteId) -> Option<Brief> {
        let note = &vault.notes[id];
        if note.print.is_none() || vault.is_template(id) {
            return None;
        }
        let periodic = note.grouping.dated() || vault.config.obsidian.series_of(&note.path).is_some();
        Some(Brief { periodic: periodic.then(|| names::path_info(&note.path, note.stem()).name.key.into()) })
    }

    /// The keys whose hashes the note keeps (its grouping's, which name
    /// groups are made by), made again.
    fn keys_of(vault: &Vault, id: NoteId) -> [Option<String>; 2] {
        let note = &vault.notes[id];
        names::group_keys(&names::path_info(&note.path, note.stem()), &names::normalize(&note.title))
    }
}

/// What the detector looks at: the vault, its graph (notes already linked
/// by declarations are not suggested) and the pairs a person dismissed.
#[derive(Clone, Copy)]
pub struct Input<'a> {
    pub vault: &'a Vault,
    pub graph: &'a Graph,
    pub dismissals: &'a Dismissals,
    /// The git history, read if some pair's order is not settled otherwise.
    pub history: &'a dyn git::HistorySource,
}

/// Finds the suspected version pairs of the whole vault.
pub fn find(input: Input, options: &Options) -> Suggestions {
    find_with(input, options, &Silent)
}

/// [`find`], reporting its progress.
pub fn find_with(input: Input, options: &Options, progress: &dyn Progress) -> Suggestions {
    find_tallied(input, options, progress, Carried::default(), None)
}

/// What the last run of the similarity pass left a cache: the shingles'
/// counts, and what banding found.
#[derive(Default)]
pub struct Carried<'a> {
    pub tally: Option<Tally>,
    pub banded: Option<Banded>,
    /// The fingerprints the last run held of the notes read anew since or
    /// gone, by their files' digests then: the tally takes them out.
    pub earlier_prints: &'a [vaultlint_model::vault::EarlierPrint],
}

/// What a run of the similarity pass gives a cache for the next, each
/// as soon as it is made and unless it is the last run's.
pub enum Carry {
    Tally(Tally),
    Banded(Banded),
}

/// [`find_with`] for a run with a cache: the shingles are counted from the
/// last run's tally, and the notes banded from what it found, where they
/// serve (`earlier`). This run's are given to `keep`, so that they need
/// not be held to the end of the pass, whose peak they would add to.
pub fn find_tallied(
    input: Input,
    options: &Options,
    progress: &dyn Progress,
    earlier: Carried<'_>,
    keep: Option<&dyn Fn(Carry)>,
) -> Suggestions {
    let Input { vault, graph, dismissals, history } = input;
    progress.start("fingerprinting notes", vault.notes.len() as u64);
    let boilerplate = Boilerplate::of_templates(vault);
    let roots = VersionRoots::find(vault);
    let facts_of = |id: NoteId| Facts::of(vault, id, &boilerplate);
    // Which notes the detector looks at, and the periodic series: what
    // it needs of every note's brief, and all it keeps.
    let briefs: Vec<Option<Brief>> = (0..vault.notes.len())
        .into_par_iter()
        .map(|id| {
            progress.advance(1);
            Brief::of(vault, id)
        })
        .collect();
    let series = series(&briefs);
    let looked_at: Vec<bool> = briefs.iter().map(Option::is_some).collect();
    drop(briefs);
    let ordinals = Ordinals::of(vault, &looked_at);
    let outlines = outlines(vault, &looked_at);
    let twins = twins(&outlines);
    let counted = once_per_document(&outlines, &roots);
    let (tally, changed) = tally(vault, &counted, &outlines, earlier.tally, earlier.earlier_prints);
    drop((outlines, counted));
    let mut common = tally.common();
    match keep {
        Some(keep) if changed => keep(Carry::Tally(tally)),
        _ => drop(tally),
    }
    common.mark(&boilerplate.shingles);
    let candidates = candidates(vault, &looked_at, &roots, &common, earlier.banded, keep);
    let facts = facts_of_candidates(&candidates, vault.notes.len(), &facts_of);
    let links = links(vault, graph);
    progress.start("comparing candidate pairs", candidates.len() as u64);
    let mut pairs: Vec<Pair> = candidates
        .par_iter()
        .filter_map(|&(a, b)| {
            progress.advance(1);
            let (a, b) = (a as usize, b as usize);
            let (fa, fb) = (facts[a].as_deref()?, facts[b].as_deref()?);
            if links.component[a] == links.component[b]
                || dismissals.contains(&fa.note.path, &fb.note.path)
                || in_series(fa, fb, &series)
                || translation(fa, fb)
            {
                return None;
            }
            let prints = (vault.print(a)?, vault.print(b)?);
            let pair = compare((a, fa), (b, fb), (&prints.0, &prints.1), &common, &roots, options.min_score)?;
            let content = pair.signals.content;
            // Members of a series: only two neighbours, and only with
            // their own text in common, beyond the skeleton.
            if ordinals.apart(a, b, content) && roots.order(a, b).is_none() {
                return None;
            }
            // Identical copies of one file, with nothing to order them.
            let identical = twins.get(&a).is_some_and(|k| twins.get(&b) == Some(k));
            (!identical || pair.direction == Direction::Confident).then_some(pair)
        })
        .collect();
    // A note marked already is never the older of a suggestion.
    pairs.retain(|p| !links.retired[p.older]);
    best_partners(&mut pairs, vault.notes.len());
    if options.git {
        settle_by_history(&mut pairs, &facts, history);
        pairs.retain(|p| !links.retired[p.older]);
    }
    let folders = folder_rules(&roots, &pairs);
    let proposed: std::collections::HashSet<usize> = folders.iter().map(|(set, _)| *set).collect();
    pairs.retain(|p| {
        roots.order(p.older, p.newer).is_none_or(|_| !proposed.contains(&set_of(&roots, p.older)))
    });
    let folders = folders.into_iter().map(|(_, f)| f).collect();
    pairs.sort_by(|x, y| {
        y.score
            .total_cmp(&x.score)
            .then_with(|| vault.notes[x.older].path.cmp(&vault.notes[y.older].path))
            .then_with(|| vault.notes[x.newer].path.cmp(&vault.notes[y.newer].path))
    });
    Suggestions { pairs, folders }
}

/// What the similarity pass needs to know of a fingerprint before it
/// counts shingles: a key that tells identical bodies apart, whether the
/// body is empty, and how many shingles its sample holds (no more than
/// the fingerprint knows).
#[derive(Debug, Clone, Copy)]
struct Outline {
    key: u64,
    empty: bool,
    sample: u32,
}

impl Outline {
    fn of(print: &Fingerprint) -> Outline {
        // Shingles are hashes already, sorted: the length and a few of them
        // tell identical samples apart (all of them for a short one), at no cost.
        let step = |h: u64, s: &u32| (h.rotate_left(5) ^ u64::from(*s)).wrapping_mul(0x517c_c1b7_2722_0a95);
        let (set, size) = (print.sample(), u64::from(print.size()));
        let key = match set.len() {
            0..64 => set.iter().fold(size, step),
            n => [set[0], set[n / 3], set[n / 2], set[2 * n / 3], set[n - 1]].iter().fold(size, step),
        };
        Outline { key, empty: print.size() == 0, sample: set.len() as u32 }
    }
}

/// The [`Outline`] of each note the detector looks at (those with a
/// brief), in one pass over the fingerprints.
fn outlines(vault: &Vault, looked_at: &[bool]) -> Vec<Option<Outline>> {
    let mut outlines = vec![None; vault.notes.len()];
    let looked_at = (0..vault.notes.len()).filter(|&id| looked_at[id]);
    vault.scan_prints(looked_at, |batch| {
        let made: Vec<(NoteId, Outline)> =
            batch.par_iter().map(|(id, print)| (*id, Outline::of(print))).collect();
        for (id, outline) in made {
            outlines[id] = Some(outline);
        }
    });
    outlines
}

/// The counts of the shingles of the `counted` notes. From the last run's
/// tally (`earlier`) when every counted note has a digest and the
/// fingerprint of each note counted then and not now can be found (among
/// the notes, or those the cache kept of the last run): its counts less
/// those notes', plus the notes counted now and not then. Counted afresh
/// otherwise. Either way the counts are the same. Says whether they are
/// other than the last run's.
fn tally(
    vault: &Vault,
    counted: &[bool],
    outlines: &[Option<Outline>],
    earlier: Option<Tally>,
    earlier_prints: &[vaultlint_model::vault::EarlierPrint],
) -> (Tally, bool) {
    let digests: Option<Vec<u64>> = counted
        .iter()
        .zip(&vault.notes)
        .filter(|(counted, _)| **counted)
        .map(|(_, note)| note.digest)
        .collect();
    let notes = digests.map(|mut digests| {
        digests.par_sort_unstable();
        digests
    });
    let earlier = earlier.filter(Tally::is_sound);
    let updated = earlier.zip(notes.as_ref()).and_then(|(earlier, now)| {
        let (gone, came) = differences(&earlier.notes, now);
        if gone.is_empty() && came.is_empty() {
            return Some((earlier, false));
        }
        let wanted: std::collections::HashSet<u64> = gone.iter().chain(&came).copied().collect();
        // A note's fingerprint follows from its file's bytes: any note
        // with a digest serves for every note with it.
        let mut prints: std::collections::HashMap<u64, Cow<Fingerprint>> = std::collections::HashMap::new();
        let read = (0..vault.notes.len())
            .filter(|&id| vault.notes[id].digest.is_some_and(|d| wanted.contains(&d)))
            .filter_map(|id| Some((vault.notes[id].digest?, vault.print(id)?)));
        let kept = earlier_prints.iter().map(|(digest, print)| (*digest, Cow::Borrowed(print)));
        for (digest, print) in read.chain(kept.filter(|(digest, _)| wanted.contains(digest))) {
            prints.entry(digest).or_insert(print);
        }
        let shingles = |digests: Vec<u64>| -> Option<Vec<u32>> {
            let mut shingles = Vec::new();
            for digest in digests {
                shingles.extend(prints.get(&digest)?.known_shingles());
            }
            Some(shingles)
        };
        let mut tally = earlier.update(&shingles(gone)?, &shingles(came)?)?;
        tally.notes = now.clone();
        Some((tally, true))
    });
    updated.unwrap_or_else(|| {
        let ids = || (0..counted.len()).filter(|&id| counted[id]);
        let at_least = ids().filter_map(|id| outlines[id]).map(|o| u64::from(o.sample)).sum();
        let counter = minhash::Counter::for_at_least(at_least, || {
            let mut total = 0;
            let count = |batch: &[(NoteId, Cow<Fingerprint>)]| {
                batch.iter().map(|(_, print)| print.known_shingles().count() as u64).sum::<u64>()
            };
            vault.scan_prints(ids(), |batch| total += count(batch));
            total
        });
        vault.scan_prints(ids(), |batch| counter.add(batch, |(_, print)| &**print));
        let mut tally = counter.finish();
        tally.notes = notes.unwrap_or_default();
        (tally, true)
    })
}

/// What is in `then` and not in `now`, and what is in `now` and not in
/// `then`, of two sorted lists, repeats counted.
fn differences(then: &[u64], now: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let (mut gone, mut came) = (Vec::new(), Vec::new());
    let (mut a, mut b) = (then.iter().peekable(), now.iter().peekable());
    loop {
        match (a.peek(), b.peek()) {
            (Some(x), Some(y)) if x == y => {
                a.next();
                b.next();
            }
            (Some(x), Some(y)) if x < y => gone.extend(a.next()),
            (Some(_), Some(_)) | (None, Some(_)) => came.extend(b.next()),
            (Some(_), None) => gone.extend(a.next()),
            (None, None) => return (gone, came),
        }
    }
}

fn set_of(roots: &VersionRoots, id: NoteId) -> usize {
    roots.placed[id].as_ref().map_or(usize::MAX, |p| p.set)
}

/// Orders the pairs that dates and names left uncertain by the git
/// history of their notes only (one `git log` limited to their paths, far
/// cheaper than the whole history's diffs): content history, then first
/// commits.
fn settle_by_history(pairs: &mut [Pair], facts: &[Option<Box<Facts>>], source: &dyn git::HistorySource) {
    let open: Vec<usize> = (0..pairs.len())
        .filter(|&i| pairs[i].direction == Direction::Uncertain || pairs[i].by_words)
        .collect();
    if open.is_empty() {
        return;
    }
    let mut paths: Vec<&str> = open
        .iter()
        .flat_map(|&i| [pairs[i].older, pairs[i].newer])
        .filter_map(|id| facts[id].as_ref().map(|f| f.note.path.as_str()))
        .collect();
    paths.sort_unstable();
    paths.dedup();
    let history = source.history(&paths);
    for i in open {
        let pair = &mut pairs[i];
        let (Some(fa), Some(fb)) = (facts[pair.older].as_deref(), facts[pair.newer].as_deref()) else {
            continue;
        };
        let committed = |f: &Facts| history.first.get(&f.note.path).copied();
        let (pa, pb) = (&fa.note.path, &fb.note.path);
        let content = match (history.earlier(pa, pb), history.earlier(pb, pa)) {
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            _ => None,
        };
        let verdict = direction::decide_with(&fa.age(committed(fa), fb), &fb.age(committed(fb), fa), content);
        // The direction's reasons, at the end, are redone.
        pair.reasons.truncate(pair.reasons.len() - pair.verdict_reasons);
        pair.verdict_reasons = verdict.reasons.len();
        pair.reasons.extend(verdict.reasons.iter().cloned());
        // A text the other path once held is one document's, whatever the names.
        pair.direction = match content {
            Some(_) => earned(verdict.direction, pair.signals.content),
            None => earned_by(&verdict, &pair.signals, fa.note.folder() == fb.note.folder()),
        };
        pair.by_words = false;
        if verdict.order == Ordering::Greater {
            std::mem::swap(&mut pair.older, &mut pair.newer);
        }
    }
}

/// The sets of version roots whose copies were paired, and that no folder
/// rule covers yet: a `[[supersede]]` table for each (with its set).
fn folder_rules(roots: &VersionRoots, pairs: &[Pair]) -> Vec<(usize, FolderRuleSuggestion)> {
    let mut copies: std::collections::BTreeMap<usize, usize> = std::collections::BTreeMap::new();
    for p in pairs.iter().filter(|p| roots.order(p.older, p.newer).is_some()) {
        *copies.entry(set_of(roots, p.older)).or_default() += 1;
    }
    copies
        .into_iter()
        .filter_map(|(set, copies)| {
            let all = &roots.sets[set].roots;
            let newest = all.last()?.trim_end_matches('/').to_string();
            let older: Vec<String> =
                all[..all.len() - 1].iter().map(|r| r.trim_end_matches('/').to_string()).collect();
            let glob = glob_for(&older, &newest);
            // A rule that would also retire the newest copies is no rule.
            let rule = vaultlint_model::folder_rule::FolderRule::new(&glob, &newest).ok()?;
            rule.successor_path(&format!("{newest}/x.md"))
                .is_none()
                .then_some((set, FolderRuleSuggestion { older: glob, newer: newest, roots: older, copies }))
        })
        .collect()
}

/// A glob that matches the older roots and not the newest: their shared
/// name prefix and `*` (`versioned_docs/version-*`), `[0-9]*` for bare
/// numbers, else the names listed (`site/{1.0,2.0}`).
fn glob_for(older: &[String], newest: &str) -> String {
    let (parents, names): (Vec<&str>, Vec<&str>) =
        older.iter().map(|r| r.rsplit_once('/').unwrap_or(("", r.as_str()))).unzip();
    let parent = parents[0];
    let prefix = |p: &str| if p.is_empty() { String::new() } else { format!("{p}/") };
    let escape = |n: &str| globset::escape(n);
    let newest_name = newest.rsplit_once('/').map_or(newest, |(_, n)| n);
    if parents.iter().any(|p| *p != parent) {
        return format!("{{{}}}", older.iter().map(|r| escape(r)).collect::<Vec<_>>().join(","));
    }
    let common: String = names[0]
        .chars()
        .enumerate()
        .take_while(|(i, c)| names.iter().all(|n| n.chars().nth(*i) == Some(*c)))
        .map(|(_, c)| c)
        .take_while(|c| !c.is_ascii_digit())
        .collect();
    let fits = |glob: &str| {
        let matcher = globset::Glob::new(glob).map(|g| g.compile_matcher());
        matcher.is_ok_and(|m| names.iter().all(|n| m.is_match(n)) && !m.is_match(newest_name))
    };
    let candidates = [format!("{}*", escape(&common)), "[0-9]*".to_string()];
    match candidates.iter().find(|g| !g.starts_with('*') && fits(g)) {
        Some(glob) => format!("{}{glob}", prefix(parent)),
        None => {
            format!("{}{{{}}}", prefix(parent), names.iter().map(|n| escape(n)).collect::<Vec<_>>().join(","))
        }
    }
}

/// The pairs worth scoring: those LSH finds, notes of one name group, and
/// each copy of a page under release folders with its newest copy; never
/// two copies of a page otherwise, nor two pages of one set of roots.
/// What banding found is given to `keep`, for the next run, unless it is
/// what the last run found (`earlier`), from which it is taken where that
/// serves.
fn candidates(
    vault: &Vault,
    looked_at: &[bool],
    roots: &VersionRoots,
    common: &Common,
    earlier: Option<Banded>,
    keep: Option<&dyn Fn(Carry)>,
) -> Vec<(u32, u32)> {
    // The signatures are read in passes over the fingerprints, a batch at
    // a time; those in memory are found once for every pass.
    let prints = vault.prints_of((0..vault.notes.len()).filter(|&id| looked_at[id]));
    fn signatures_of<'a>(batch: &'a [(NoteId, Cow<Fingerprint>)]) -> Vec<(NoteId, &'a Signature)> {
        batch.iter().filter_map(|(id, print)| Some((*id, print.signature()?))).collect()
    }
    let held = signatures_of(&prints.held);
    let scan = |each: minhash::Each| {
        if !held.is_empty() {
            each(&held);
        }
        prints.scan_filed(|batch| each(&signatures_of(batch)));
    };
    let mut candidates = band(vault, looked_at, common, scan, earlier, keep);
    candidates.extend(name_groups(vault, looked_at));
    candidates.extend(clash_copies(vault, looked_at));
    candidates.retain(|&(a, b)| {
        let (a, b) = (a as usize, b as usize);
        roots.order(a, b).is_none() && !roots.different_pages(a, b)
    });
    for family in &roots.families() {
        let last = *family.last().expect("two or more") as u32;
        candidates
            .extend(family[..family.len() - 1].iter().map(|&id| (last.min(id as u32), last.max(id as u32))));
    }
    candidates.par_sort_unstable();
    candidates.dedup();
    candidates
}

/// The pairs LSH finds, `scan` giving the signatures of the notes looked
/// at: taken from what the last run's banding found (`earlier`) where it
/// serves, and given to `keep` for the next run unless it is that.
fn band(
    vault: &Vault,
    looked_at: &[bool],
    common: &Common,
    scan: impl Fn(minhash::Each) + Copy,
    earlier: Option<Banded>,
    keep: Option<&dyn Fn(Carry)>,
) -> Vec<(u32, u32)> {
    // A note's signature follows from its file's bytes (and the settings,
    // which key the cache): banding is carried over by the digests, 0
    // marking a note not banded.
    let sources: Option<Vec<u64>> = keep.and_then(|_| {
        (0..vault.notes.len())
            .map(|id| match looked_at[id] {
                true => vault.notes[id].digest.map(|d| d.max(1)),
                false => Some(0),
            })
            .collect()
    });
    let notes = keep.map_or(0, |_| {
        let mut paths = xxhash_rust::xxh3::Xxh3Default::new();
        for note in &vault.notes {
            paths.update(note.path.as_bytes());
            paths.update(&[0]);
        }
        paths.digest()
    });
    let signature = |id: u32| vault.print(id as usize)?.signature().copied();
    let updated = (earlier.as_ref().zip(sources.as_ref()))
        .and_then(|(earlier, sources)| earlier.update(notes, sources, common, scan, signature));
    // Let go of before banding every note, which is the similarity
    // pass's peak at a million notes.
    let earlier = earlier.map(|earlier| earlier.digest());
    let found = updated.unwrap_or_else(|| minhash::candidates(vault.notes.len(), scan, common));
    let pairs = found.pairs.clone();
    if let (Some(keep), Some(sources)) = (keep, sources) {
        let banded = Banded::new(notes, sources, common, found);
        if Some(banded.digest()) != earlier {
            keep(Carry::Banded(banded));
        }
    }
    pairs
}

/// Scores one candidate pair and orders it by dates, release folders and
/// names (the history comes later, for the pairs still uncertain).
fn compare(
    (a, fa): (NoteId, &Facts),
    (b, fb): (NoteId, &Facts),
    prints: (&Fingerprint, &Fingerprint),
    common: &Common,
    roots: &VersionRoots,
    min_score: f64,
) -> Option<Pair> {
    let copies = roots.order(a, b);
    let (mut score, signals, mut reasons) = score(fa, fb, prints, common, copies.is_some());
    if !fa.scope.overlaps(fb.scope) {
        // Shown only to one who asks for every pair, with the reason.
        let (sa, sb) = (fa.scope.describe(), fb.scope.describe());
        reasons.insert(0, format!("not versions: their scopes do not overlap ({sa} and {sb})"));
        let (older, newer) = (a.min(b), a.max(b));
        let pair = Pair {
            older,
            newer,
            score: 0.0,
            direction: Direction::Uncertain,
            reasons,
            verdict_reasons: 0,
            signals,
            by_words: false,
        };
        return (min_score <= 0.0).then_some(pair);
    }
    if let Some(order) = copies {
        // The same page under two version roots: one document, whatever
        // the text shares, and the roots say which is older.
        score = score.max(SAME_PATH_SCORE);
        let (older, newer) = if order == Ordering::Less { (a, b) } else { (b, a) };
        let name = |id| roots.root_name(id).unwrap_or_default();
        reasons.insert(0, format!("same path under versions {} and {}", name(older), name(newer)));
        let direction = Direction::Confident;
        let pair =
            Pair { older, newer, score, direction, reasons, verdict_reasons: 0, signals, by_words: false };
        return (score >= min_score).then_some(pair);
    }
    if score < min_score {
        return None;
    }
    if let Some(order) = roots.release_order(a, b) {
        // A page renamed between releases, or a live page beside a copy
        // frozen in a release folder: the release order says which is
        // older, whatever dates, names or first commits say.
        let (older, newer) = if order == Ordering::Less { (a, b) } else { (b, a) };
        let reason = match roots.root_name(newer) {
            Some(name) => format!("release {} before {name}", roots.root_name(older).unwrap_or_default()),
            None => format!("the copy in release {} is frozen", roots.root_name(older).unwrap_or_default()),
        };
        reasons.push(reason);
        let direction = earned(Direction::Confident, signals.content);
        return Some(Pair {
            older,
            newer,
            score,
            direction,
            reasons,
            verdict_reasons: 1,
            signals,
            by_words: false,
        });
    }
    let mut verdict = direction::decide(&fa.age(None, fb), &fb.age(None, fa));
    if verdict.direction == Direction::Uncertain && clash_copy(fa.note, fb.note) {
        // Obsidian adds ` 1` to the name of the note made second: edited
        // since, it is the newer; still identical, it is the duplicate to
        // retire.
        let copy_is_a = fa.note.stem().len() > fb.note.stem().len();
        let edited = signals.content < SAME_TEXT;
        verdict.order = if copy_is_a == edited { Ordering::Greater } else { Ordering::Less };
        let why = if edited {
            "the copy made when the name was taken, edited since"
        } else {
            "an identical copy made when the name was taken"
        };
        verdict.reasons = vec![format!("\" 1\": {why}")];
    }
    let (older, newer) = if verdict.order == Ordering::Greater { (b, a) } else { (a, b) };
    reasons.extend(marker_reasons(fa, fb, &verdict.reasons));
    let verdict_reasons = verdict.reasons.len();
    reasons.extend(verdict.reasons.iter().cloned());
    let direction = earned_by(&verdict, &signals, fa.note.folder() == fb.note.folder());
    let by_words = verdict.by_words;
    Some(Pair { older, newer, score, direction, reasons, verdict_reasons, signals, by_words })
}

/// A direction is `confident` only for two notes with text in common:
/// with none, nothing but their names says they are one document.
fn earned(direction: Direction, content: f64) -> Direction {
    if content < SOME_CONTENT { Direction::Uncertain } else { direction }
}

/// What the notes' dates say of the order is `confident` only for notes
/// that are plainly one document: the same name or title (markers
/// aside), most of their text, or half of it in one folder (a note
/// renamed where it was). Two notes on one subject, or one quoting the
/// other from elsewhere, have dates, but they may be no versions at all.
/// (A marker in a name is a person saying the note is a version.)
fn earned_by(verdict: &direction::Verdict, signals: &Signals, one_folder: bool) -> Direction {
    let named = signals.name == 1.0 || signals.title == 1.0;
    let shared = if one_folder { HALF_SHARED } else { MOSTLY_SHARED };
    if verdict.by_dates && !named && signals.content < shared {
        Direction::Uncertain
    } else {
        earned(verdict.direction, signals.content)
    }
}

/// A page and its translation: notes in two languages with one file
/// name (`docs/intro.md` and `i18n/fr/.../intro.md`, `en/intro.md` and
/// `de/intro.md`), however much text an untranslated page shares.
fn translation(a: &Facts, b: &Facts) -> bool {
    a.language != b.language && a.note.stem().eq_ignore_ascii_case(b.note.stem())
}

/// For each note of a group of [`TWINS`] or more byte-identical notes,
/// the group's key.
fn twins(outlines: &[Option<Outline>]) -> HashMap<NoteId, u64> {
    let mut count: HashMap<u64, usize> = HashMap::new();
    for outline in outlines.iter().flatten().filter(|o| !o.empty) {
        *count.entry(outline.key).or_default() += 1;
    }
    count.retain(|_, n| *n >= TWINS);
    if count.is_empty() {
        return HashMap::new();
    }
    (outlines.iter().enumerate())
        .filter_map(|(id, o)| o.filter(|o| !o.empty && count.contains_key(&o.key)).map(|o| (id, o.key)))
        .collect()
}

/// Series: notes in one place whose names differ only by ordinals (a
/// number, a year, a decade, a date, a version: `Chapter 7`, `notes
/// 1950s`, `4-1-2`, `Summary 2024`).
struct Ordinals {
    /// Per note whose name shares its words with another's: its group,
    /// its position in it, whether its name says `v2` or `version 2`, and
    /// whether it is filed in the folder of a year its name holds (a
    /// yearly note: `2024/2024 Summary`).
    member: HashMap<NoteId, (u32, u32, bool, bool)>,
    /// Per group, how many notes it has.
    sizes: Vec<u32>,
}

impl Ordinals {
    fn of(vault: &Vault, looked_at: &[bool]) -> Ordinals {
        // The keys' hashes, not the keys: most names hold no number, but
        // a vault of numbered notes would hold a key for every note.
        let keyed: Vec<(u64, Vec<u64>, NoteId)> = (0..vault.notes.len())
            .into_par_iter()
            .filter(|&id| looked_at[id])
            .filter_map(|id| {
                let note = &vault.notes[id];
                let (key, numbers) = names::ordinal_key(&note.path, note.stem())?;
                Some((names::key_hash(&key), numbers, id))
            })
            .collect();
        let mut by_key: HashMap<u64, Vec<(&[u64], NoteId)>> = HashMap::new();
        for (key, numbers, id) in &keyed {
            by_key.entry(*key).or_default().push((numbers.as_slice(), *id));
        }
        let (mut member, mut sizes) = (HashMap::new(), Vec::new());
        let mut keys: Vec<_> = by_key.into_iter().filter(|(_, m)| m.len() >= 2).collect();
        keys.sort_unstable_by_key(|x| x.0);
        for (group, (_, mut members)) in keys.into_iter().enumerate() {
            members.sort_unstable();
            sizes.push(members.len() as u32);
            for (position, (numbers, id)) in members.into_iter().enumerate() {
                let note = &vault.notes[id];
                let info = names::path_info(&note.path, note.stem());
                let version = info.name.markers.iter().any(|m| matches!(m, Marker::Version { .. }));
                let year = |folder: &str| {
                    folder.len() == 4 && folder.parse::<u64>().is_ok_and(|y| numbers.contains(&y))
                };
                let filed = note.folder().split('/').any(year);
                member.insert(id, (group as u32, position as u32, version, filed));
            }
        }
        Ordinals { member, sizes }
    }

    /// Whether `a` and `b`, sharing `content`, are two entries of a
    /// series rather than one document: names that differ only by their
    /// ordinals sharing less than half their text (two names saying `v2`
    /// or `version 2` need that only in a series of three or more); or,
    /// in a series of three or more, or of yearly notes filed in their
    /// years' folders, not next to each other, or sharing nothing but
    /// their skeleton (all their text).
    fn apart(&self, a: NoteId, b: NoteId, content: f64) -> bool {
        let (Some(x), Some(y)) = (self.member.get(&a), self.member.get(&b)) else { return false };
        if x.0 != y.0 {
            return false;
        }
        let series = self.sizes[x.0 as usize] as usize >= SERIES || x.3 && y.3;
        if x.2 && y.2 {
            // `guide-v1`, `guide-v2`, `guide-v3`: versions by name, but
            // `SNMP v1` to `v3` are three subjects sharing a paragraph.
            return series && content < SERIES_CONTENT;
        }
        if !series {
            return content < SERIES_CONTENT;
        }
        x.1.abs_diff(y.1) != 1 || !(SERIES_CONTENT..SAME_TEXT).contains(&content)
    }
}

/// The notes whose fingerprints count towards how common a shingle is:
/// one per document, so the copies of a page in twenty release folders,
/// or twenty identical copies anywhere, do not make the page's own text
/// boilerplate.
fn once_per_document(outlines: &[Option<Outline>], roots: &VersionRoots) -> Vec<bool> {
    let mut seen: std::collections::HashSet<u64> = std::collections::HashSet::with_capacity(outlines.len());
    let mut families: std::collections::HashSet<(usize, &str)> = std::collections::HashSet::new();
    outlines
        .iter()
        .enumerate()
        .map(|(id, outline)| {
            let Some(outline) = outline else { return false };
            match roots.family(id) {
                Some(family) => families.insert(family),
                None => outline.empty || seen.insert(outline.key),
            }
        })
        .collect()
}

/// Keeps each pair only if, for both its notes, it is the best pair of
/// that note or within [`PARTNER_MARGIN`] of it: sibling pages made from
/// one template fall away beside each page's own older version, and a
/// note split in two keeps both halves.
fn best_partners(pairs: &mut Vec<Pair>, notes: usize) {
    let mut best = vec![0.0f64; notes];
    for p in pairs.iter() {
        best[p.older] = best[p.older].max(p.score);
        best[p.newer] = best[p.newer].max(p.score);
    }
    pairs.retain(|p| p.score + PARTNER_MARGIN >= best[p.older] && p.score + PARTNER_MARGIN >= best[p.newer]);
}

/// The markers only one of the two names carries, as reasons, unless the
/// direction's reasons already quote them. A marker both names carry
/// (`new-starter-…`) tells nothing.
fn marker_reasons(a: &Facts, b: &Facts, quoted: &[String]) -> Vec<String> {
    let one_sided = |f: &Facts, other: &Facts| -> Vec<String> {
        let theirs = &other.path.name.markers;
        f.path
            .name
            .markers
            .iter()
            .map(|m| m.text().to_string())
            .filter(|t| !theirs.iter().any(|o| o.text().eq_ignore_ascii_case(t)))
            .collect()
    };
    one_sided(a, b)
        .into_iter()
        .chain(one_sided(b, a))
        .filter(|text| !quoted.iter().any(|r| r.contains(text.as_str())))
        .map(
            |text| if text.ends_with('/') { format!("in {text}") } else { format!("\"{text}\" in the name") },
        )
        .collect()
}

/// What the vault's templates give the notes made from them: their text,
/// headings and tags, which are boilerplate wherever they appear.
#[derive(Default)]
struct Boilerplate {
    /// Sorted.
    shingles: Vec<u32>,
    /// Sorted.
    headings: Vec<u32>,
    tags: Vec<String>,
}

impl Boilerplate {
    fn of_templates(vault: &Vault) -> Boilerplate {
        let mut out = Boilerplate::default();
        for id in (0..vault.notes.len()).filter(|&id| vault.is_template(id)) {
            if let Some(f) = vault.print(id) {
                out.shingles.extend(f.known_shingles());
                out.headings.extend(f.headings());
            }
            out.tags.extend(vault.notes[id].tags().map(str::to_lowercase));
        }
        out.shingles.sort_unstable();
        out.headings.sort_unstable();
        out
    }
}

/// The facts of every note in a candidate pair, by note; `None` elsewhere.
fn facts_of_candidates<'a>(
    candidates: &[(u32, u32)],
    notes: usize,
    facts_of: &(dyn Fn(NoteId) -> Option<Facts<'a>> + Sync),
) -> Vec<Option<Box<Facts<'a>>>> {
    let mut ids: Vec<NoteId> = candidates.iter().flat_map(|&(a, b)| [a as NoteId, b as NoteId]).collect();
    ids.par_sort_unstable();
    ids.dedup();
    let made: Vec<(NoteId, Option<Facts>)> = ids.into_par_iter().map(|id| (id, facts_of(id))).collect();
    let mut facts: Vec<Option<Box<Facts>>> = std::iter::repeat_with(|| None).take(notes).collect();
    for (id, f) in made {
        facts[id] = f.map(Box::new);
    }
    facts
}

/// `Name 1.md` beside `Name.md` in one folder: the copy Obsidian makes
/// when a name is taken. (`Example 2` beside `Example` is a second
/// example more often than a copy.)
fn clash_suffix(stem: &str, other: &str) -> bool {
    stem.len() == other.len() + 2 && stem.starts_with(other) && stem.ends_with(" 1")
}

/// Whether two notes are a name and its clash copy, in one folder.
fn clash_copy(a: &Note, b: &Note) -> bool {
    a.folder() == b.folder() && (clash_suffix(a.stem(), b.stem()) || clash_suffix(b.stem(), a.stem()))
}

/// The pairs of a note and its clash copy (see [`clash_suffix`]).
fn clash_copies(vault: &Vault, looked_at: &[bool]) -> Vec<(u32, u32)> {
    (0..vault.notes.len())
        .into_par_iter()
        .filter(|&id| looked_at[id])
        .filter_map(|id| {
            let note = &vault.notes[id];
            let stem = note.stem();
            let bytes = stem.as_bytes();
            let n = bytes.len();
            if n < 3 || &bytes[n - 2..] != b" 1" {
                return None;
            }
            let (base, file) = (&stem[..n - 2], note.path.rsplit('/').next()?);
            let ext = &file[n..];
            let other = match note.folder() {
                "" => format!("{base}{ext}"),
                folder => format!("{folder}/{base}{ext}"),
            };
            let other = vault.id_of(&other).filter(|&o| looked_at[o])?;
            Some(((id.min(other)) as u32, (id.max(other)) as u32))
        })
        .collect()
}

/// Pairs of notes whose names or titles are the same once markers are out.
/// Notes are grouped by the keys' hashes, and each group of two or more
/// again by the keys themselves, made anew, so that no two keys that
/// merely hash alike are taken for one.
fn name_groups(vault: &Vault, looked_at: &[bool]) -> Vec<(u32, u32)> {
    // A sorted list of (hash, note), not a table of lists: nearly every
    // hash is one note's, and a list for each took 180 MB at a million
    // notes.
    let mut by_hash: Vec<(u64, u32)> = (0..vault.notes.len())
        .filter(|&id| looked_at[id])
        .flat_map(|id| vault.notes[id].grouping.keys().into_iter().flatten().map(move |h| (h, id as u32)))
        .collect();
    by_hash.par_sort_unstable();
    let groups: Vec<&[(u64, u32)]> = by_hash.chunk_by(|a, b| a.0 == b.0).filter(|g| g.len() >= 2).collect();
    groups
        .par_iter()
        .flat_map_iter(|group| {
            let hash = group[0].0;
            // Each note's key with this group's hash, made again.
            let mut by_key: HashMap<String, Vec<u32>> = HashMap::new();
            for &(_, id) in group.iter() {
                for key in Brief::keys_of(vault, id as NoteId).into_iter().flatten() {
                    if names::key_hash(&key) == hash {
                        by_key.entry(key).or_default().push(id);
                    }
                }
            }
            let mut pairs = Vec::new();
            for ids in by_key.values().filter(|ids| (2..=MAX_NAME_GROUP).contains(&ids.len())) {
                for (i, &a) in ids.iter().enumerate() {
                    pairs.extend(ids[i + 1..].iter().map(|&b| (a.min(b), a.max(b))));
                }
            }
            pairs
        })
        .collect()
}

/// Name keys shared by a periodic series: daily notes, weekly reviews.
fn series(briefs: &[Option<Brief>]) -> HashMap<String, usize> {
    let mut count: HashMap<String, usize> = HashMap::new();
    for key in briefs.iter().flatten().filter_map(|b| b.periodic.as_deref()) {
        *count.entry(key.to_string()).or_default() += 1;
    }
    count.retain(|key, n| *n >= SERIES || key.is_empty() && *n >= 2);
    count
}

fn in_series(a: &Facts, b: &Facts, series: &HashMap<String, usize>) -> bool {
    if a.series.is_some() && a.series == b.series {
        return true;
    }
    a.periodic()
        && b.periodic()
        && a.path.name.key == b.path.name.key
        && series.contains_key(&a.path.name.key)
}

/// Notes linked by resolved declarations.
struct Links {
    /// For each note, a representative of the notes it is linked to,
    /// directly or through a chain.
    component: Vec<usize>,
    /// Whether a resolved declaration, on either side, makes the note the
    /// older one: it is marked already, so it is never the older note of
    /// a suggestion.
    retired: Vec<bool>,
}

fn links(vault: &Vault, graph: &Graph) -> Links {
    let mut retired = vec![false; vault.notes.len()];
    for (older, _) in graph.pairs() {
        retired[older] = true;
    }
    Links { component: graph.chains(), retired }
}

/// Jaccard similarity of two notes' shingles, leaving out common ones,
/// and about how many distinctive shingles the shorter of the two has.
/// Both are measured on the two samples cut to the higher of their
/// levels: exact for short notes, an estimate for long ones.
fn content(a: &Fingerprint, b: &Fingerprint, common: &Common) -> (f64, usize) {
    let level = a.level().max(b.level());
    let (a, b) = (fingerprint::below(a.sample(), level), fingerprint::below(b.sample(), level));
    let (mut i, mut j) = (0, 0);
    let (mut only_a, mut only_b, mut shared) = (0usize, 0usize, 0usize);
    while i < a.len() || j < b.len() {
        let order = match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) => x.cmp(y),
            (Some(_), None) => Ordering::Less,
            _ => Ordering::Greater,
        };
        match order {
            Ordering::Less => {
                only_a += usize::from(!common.is_common(a[i]));
                i += 1;
            }
            Ordering::Greater => {
                only_b += usize::from(!common.is_common(b[j]));
                j += 1;
            }
            Ordering::Equal => {
                shared += usize::from(!common.is_common(a[i]));
                i += 1;
                j += 1;
            }
        }
    }
    let union = only_a + only_b + shared;
    let shorter = ((only_a + shared).min(only_b + shared)) << level;
    (if union == 0 { 0.0 } else { shared as f64 / union as f64 }, shorter)
}

fn set_overlap<T: Ord>(a: &[T], b: &[T]) -> Option<(usize, usize)> {
    if a.is_empty() || b.is_empty() {
        return None;
    }
    let shared = a.iter().filter(|x| b.binary_search(x).is_ok()).count();
    Some((shared, a.len() + b.len() - shared))
}

/// How alike two normalised names are; generic ones only count in the
/// same place.
fn name_similarity(a: &Normalized, b: &Normalized, same_place: bool) -> f64 {
    if a.key.is_empty() || b.key.is_empty() || (a.is_generic() || b.is_generic()) && !same_place {
        return 0.0;
    }
    if a.key == b.key { 1.0 } else { strsim::normalized_levenshtein(&a.key, &b.key) }
}

/// How alike two notes are, 0 to 1, with the signals and the reasons.
/// `copies`: the two are the same page under two version roots, so a
/// generic name counts as if in one place.
fn score(
    a: &Facts,
    b: &Facts,
    prints: (&Fingerprint, &Fingerprint),
    common: &Common,
    copies: bool,
) -> (f64, Signals, Vec<String>) {
    let same_place = copies || a.path.place == b.path.place;
    let same_language = a.language == b.language;
    let (content, shorter) = content(prints.0, prints.1, common);
    // A clash copy (`Name 1.md`) has its note's name.
    let clash = clash_copy(a.note, b.note);
    let name = if clash { 1.0 } else { name_similarity(&a.path.name, &b.path.name, same_place) };
    let title = name_similarity(&a.title, &b.title, same_place);
    let title = if clash { title.max(name) } else { title };
    let tags = set_overlap(&a.tags, &b.tags);
    let headings = set_overlap(&a.headings, &b.headings);
    let ratio = |o: Option<(usize, usize)>| o.map(|(s, u)| s as f64 / u as f64);
    let signals = Signals { title, name, tags: ratio(tags), headings: ratio(headings), content };

    // Name, title, tags and headings, each weighted, over those present.
    let mut weighted = [(name, 0.35), (title, 0.35)].to_vec();
    weighted.extend(signals.tags.map(|t| (t, 0.15)));
    weighted.extend(signals.headings.map(|h| (h, 0.15)));
    let meta =
        weighted.iter().map(|(v, w)| v * w).sum::<f64>() / weighted.iter().map(|(_, w)| w).sum::<f64>();
    // Strong shared text (30% of the shingles or more scores 0.5: for
    // three-word shingles that is nearly half of each note's text, far
    // above what unrelated notes share), nudged up by matching names...
    let base = if content >= 0.3 { 0.5 + (content - 0.3) / 1.4 } else { content / 0.6 };
    // ...a short note's few words say little on their own...
    let base = base * (shorter as f64 / SHORT as f64).min(1.0).powi(2);
    let by_content = base + (1.0 - base) * 0.25 * meta;
    // ...or the same name and title with some text in common: a rewrite;
    // with none, only where a version marker tells the two names apart.
    // Same-named notes in parallel folders (one per team or region) are
    // not versions for their names alone.
    let same_stem = a.note.stem().eq_ignore_ascii_case(b.note.stem());
    // A note moved into a subfolder (or out of one), its copy left behind,
    // is one document in two places, not a page of each of two teams.
    let inside = |x: &Facts, y: &Facts| {
        let (fx, fy) = (x.note.folder(), y.note.folder());
        fx.is_empty() || fy.len() > fx.len() && fy.starts_with(fx) && fy.as_bytes()[fx.len()] == b'/'
    };
    let moved = same_stem && (inside(a, b) || inside(b, a));
    let parallel = !same_place && same_stem && !moved;
    let named = same_language && !parallel && name >= STRONG_NAME && title >= STRONG_NAME;
    // A rewrite with no text in common: the names differ only by a
    // version marker in one of them, and both have text.
    // In one of them only: two dated names with nothing in common are
    // two entries of a series (`notes 1950s`, `notes 1960s`).
    let marked = !same_stem && (a.path.own_markers == 0) != (b.path.own_markers == 0);
    let rewritten = marked && same_place && name == 1.0 && a.size.min(b.size) as usize >= SHORT;
    let by_name = if named && (content >= SOME_CONTENT || rewritten) {
        0.85 * meta * (0.7 + 0.3 * (content / 0.3).min(1.0))
    } else {
        0.0
    };
    let score = (by_content.max(by_name) * 1000.0).round() / 1000.0;
    (score, signals, reasons(a, b, &signals, tags, headings, by_name > by_content))
}

/// The evidence in words; none states what its signal contradicts.
fn reasons(
    a: &Facts,
    b: &Facts,
    signals: &Signals,
    tags: Option<(usize, usize)>,
    headings: Option<(usize, usize)>,
    by_name: bool,
) -> Vec<String> {
    let Signals { title, name, content, .. } = *signals;
    let mut reasons = Vec::new();
    if title == 1.0 {
        reasons.push("same title".to_string());
    } else if title >= STRONG_NAME {
        reasons.push("similar titles".into());
    } else if !a.note.title.is_empty() && !b.note.title.is_empty() && content >= 0.5 {
        reasons.push("retitled".into());
    }
    if a.note.stem().eq_ignore_ascii_case(b.note.stem()) && name > 0.0 {
        reasons.push("same file name".into());
    } else if name == 1.0 {
        reasons.push("same name apart from version markers".into());
    } else if name >= STRONG_NAME {
        reasons.push("similar names".into());
    }
    if let Some((shared, union)) = tags {
        reasons.push(format!("tags {shared}/{union}"));
    }
    if let Some((shared, union)) = headings.filter(|(s, _)| *s > 0) {
        reasons.push(format!("headings {shared}/{union}"));
    }
    if by_name && content < SOME_CONTENT {
        reasons.push("rewritten: no text in common".into());
    } else {
        reasons.push(format!("{:.0}% shared text", content * 100.0));
    }
    reasons
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn vault(files: &[(&str, &str)]) -> Vault {
        let notes = files.iter().map(|(p, t)| Note::parse(p.to_string(), t)).collect();
        Vault::from_notes(PathBuf::from("/nonexistent"), notes)
    }

    fn found(v: &Vault) -> Vec<Pair> {
        let graph = Graph::build(v);
        let dismissals = Dismissals::default();
        let input = Input { vault: v, graph: &graph, dismissals: &dismissals, history: &git::NoHistory };
        find(input, &Options { git: false, ..Options::default() }).pairs
    }

    fn pairs(v: &Vault) -> Vec<(NoteId, NoteId)> {
        found(v).iter().map(|p| (p.older, p.newer)).collect()
    }

    #[test]
    fn a_brief_from_reading_is_what_the_facts_give() {
        let v = vault(&[
            ("handbook/archive/expenses-policy-2025.md", "---\ntitle: Expenses policy (2025)\n---\nText.\n"),
            ("handbook/expenses-policy.md", "# Expenses policy\n\nText.\n"),
            ("journal/2026-03-05.md", "Met the auditors.\n"),
            ("reviews/weekly review 2026-W10.md", "# Week 10\n\nShipped.\n"),
            ("fr/guide.fr.md", "---\ntitle: Guide\n---\nTexte.\n"),
            ("teams/a/index.md", "Team A.\n"),
            ("no-title-no-body.md", ""),
        ]);
        let boilerplate = Boilerplate::of_templates(&v);
        for id in 0..v.notes.len() {
            let facts = Facts::of(&v, id, &boilerplate);
            let made = facts
                .as_ref()
                .map(|f| Brief { periodic: f.periodic().then(|| f.path.name.key.as_str().into()) });
            assert!(made.is_some(), "{}", v.notes[id].path);
            assert_eq!(Brief::of(&v, id), made, "{}", v.notes[id].path);
            // The hashes reading kept are those of the keys the facts give.
            let keys = facts.map(|f| names::group_keys(&f.path, &f.title));
            let hashes = keys.map(|k| k.each_ref().map(|k| k.as_deref().map(names::key_hash)));
            assert_eq!(Some(v.notes[id].grouping.keys()), hashes, "{}", v.notes[id].path);
        }
        let periodic = (0..v.notes.len()).filter(|&id| Brief::of(&v, id).unwrap().periodic.is_some());
        assert_eq!(periodic.count(), 2);
    }

    const BODY: &str = "The support desk answers from 8 to 18 on working days. Outside those hours \
                        urgent tickets page the duty engineer, and the rest waits for the morning.\n";

    #[test]
    fn a_note_already_marked_is_never_the_older() {
        let marked = format!("---\nupdated: 2024-01-01\nsuperseded_by: c.md\n---\n{BODY}");
        let twin = format!("---\nupdated: 2025-01-01\n---\n{BODY}");
        let v = vault(&[("a.md", &marked), ("b.md", &twin), ("c.md", "Something else entirely.\n")]);
        assert_eq!(pairs(&v), []);
        // A broken declaration leaves the note unmarked: still suggested.
        let broken = marked.replace("c.md", "gone.md");
        let v = vault(&[("a.md", &broken), ("b.md", &twin), ("c.md", "Something else entirely.\n")]);
        assert_eq!(pairs(&v), [(0, 1)]);
    }

    #[test]
    fn long_versions_are_measured_on_their_samples() {
        // Words no vocabulary repeats, 3,000 of them: far more shingles
        // than a sample keeps. The newer version changes every tenth word,
        // which changes three shingles in ten: 70% shared of 130% in all.
        let old = fingerprint::distinct_words(0..3000);
        let new = fingerprint::distinct_words((0..3000).map(|n| if n % 10 == 5 { n + 100_000 } else { n }));
        let v = vault(&[
            ("a.md", &format!("---\nupdated: 2024-01-01\n---\n{old}\n")),
            ("b.md", &format!("---\nupdated: 2025-01-01\n---\n{new}\n")),
        ]);
        let print = v.print(0).unwrap();
        assert!(print.level() > 0 && print.sample().len() <= fingerprint::SAMPLE);
        let found = found(&v);
        assert_eq!(found.iter().map(|p| (p.older, p.newer)).collect::<Vec<_>>(), [(0, 1)]);
        let content = found[0].signals.content;
        assert!((content - 0.7 / 1.3).abs() < 0.1, "{content}");
    }

    /// Fingerprints filed in the scratch file give what they give held by
    /// their notes: the passes over them read every one, in batches.
    #[test]
    fn filed_prints_find_what_held_prints_find() {
        let text = |n: usize, changed: bool| {
            let words = fingerprint::distinct_words(
                (0..400).map(|w| if changed && w % 9 == 0 { w + 50_000 } else { w + n * 1000 }),
            );
            format!("# Policy {n}\n\n{words}\n")
        };
        let mut files: Vec<(String, String)> = Vec::new();
        for n in 0..12 {
            files.push((
                format!("policies/p{n}-2024.md"),
                format!("---\nupdated: 2024-01-01\n---\n{}", text(n, false)),
            ));
            files.push((
                format!("policies/p{n}.md"),
                format!("---\nupdated: 2025-01-01\n---\n{}", text(n, true)),
            ));
            files.push((format!("copies/p{n}.md"), text(n, false)));
        }
        let files: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), t.as_str())).collect();
        let held = vault(&files);
        let mut filed = vault(&files);
        let prints = vaultlint_syntax::prints::Prints::new(0);
        filed.notes.iter_mut().for_each(|note| note.file_print(&prints));
        filed.prints = prints;
        assert!(filed.notes.iter().all(|n| matches!(n.print, Some(vaultlint_syntax::note::Print::Filed(_)))));
        let expected = found(&held);
        assert!(expected.len() >= 12, "{expected:?}");
        assert_eq!(format!("{:?}", found(&filed)), format!("{expected:?}"));
    }

    #[test]
    fn generic_names_only_match_in_one_place() {
        let a = names::normalize("Overview");
        assert_eq!(name_similarity(&a, &a, false), 0.0);
        assert_eq!(name_similarity(&a, &a, true), 1.0);
        let b = names::normalize("expenses-policy-2025");
        let c = names::normalize("Expenses policy");
        assert_eq!(name_similarity(&b, &c, false), 1.0);
    }
}
