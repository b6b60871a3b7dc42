//! Finding unmarked versions: pairs of notes that are probably one
//! document at two times, which of the two is older, and the evidence.
//!
//! Candidates come from notes whose names or titles match once version
//! markers are taken out, and from MinHash/LSH over body shingles; each
//! candidate is then scored on the exact figures. This module runs the
//! pass; each step has a module of its own: what is known of the notes
//! (`facts`), how common each shingle is (`tally`), the candidates
//! (`candidates`), what rules a pair out (`exclusions`), the score
//! (`score`) and the order (`compare`, `direction`), the git history
//! (`settle`), and the `[[supersede]]` tables (`folder_rules`). What it
//! found is kept as [`Evidence`], put in words in one place.

pub mod apply;
mod candidates;
mod compare;
pub mod diff;
pub mod direction;
mod evidence;
pub(crate) mod exclusions;
pub use exclusions::MirroredFolders;
mod facts;
mod folder_rules;
mod frames;
pub mod git;
pub mod minhash;
mod score;
mod settle;
mod tally;

pub use apply::{Chains, Mark, in_force_status, link_style, mark, vault_style};
pub use evidence::Evidence;
pub use folder_rules::FolderRuleSuggestion;
pub use minhash::Banded;
pub use vaultlint_syntax::link::LinkStyle;

use candidates::{KeyHashes, candidates};
use compare::compare;
use direction::Direction;
use exclusions::{
    Links, Ordinals, RecordFolders, SERIES_CONTENT, VariantFolders, YearRecords, best_partners,
    community_file_and_page, compilation_and_part, entry_and_document, guides_of_two_upgrades, in_series,
    logged_apart, named_for_their_sources, next_in_series, note_and_child, pages_of_two_years,
    part_and_collection, records_of_two_releases, records_of_two_years, reports_of_two_periods, translation,
    tutorial_states,
};
use facts::{Boilerplate, Brief, Facts, facts_of_candidates};
use git::Remembered;
use minhash::{Common, Tally};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::HashMap;
use vaultlint_core::paths::folder_within;
use vaultlint_core::progress::{Progress, Silent};
use vaultlint_model::dismissals::Dismissals;
use vaultlint_model::graph::Graph;
use vaultlint_model::vault::{NoteId, Vault};
use vaultlint_model::version_roots::VersionRoots;
use vaultlint_syntax::note::Note;

/// Pairs scoring below this are not suggested unless asked for.
pub const DEFAULT_MIN_SCORE: f64 = 0.5;

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
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Signals {
    /// `None` unless both notes have a title of their own (not their file
    /// name, nor a title many notes share): a title that is only the name
    /// again is no second piece of evidence.
    pub title: Option<f64>,
    pub name: f64,
    pub tags: Option<f64>,
    pub headings: Option<f64>,
    pub content: f64,
    /// About how many distinctive shingles the shorter note has: a note of
    /// a sentence or two has no text of its own to share.
    #[serde(skip)]
    pub substance: usize,
}

/// Two notes that look like one document at two times: which is older,
/// how alike they are, and the evidence for both.
#[derive(Debug, Clone, PartialEq)]
pub struct Pair {
    pub older: NoteId,
    pub newer: NoteId,
    pub score: f64,
    pub direction: Direction,
    /// The evidence that the two are one document (or, for a pair
    /// suggested at any score, that they are not), and the markers that
    /// tell their names apart.
    pub evidence: Vec<Evidence>,
    /// The evidence for which is older: the direction's verdict, redone
    /// when the git history settles the pair.
    pub order_evidence: Vec<Evidence>,
    pub signals: Signals,
    /// The direction rests on words in the names (`new`, `old`) alone,
    /// which the content history overrules: it is read for this pair too.
    pub by_words: bool,
    /// Only the text joins the two: no name, title or place says they are
    /// one document (see [`exclusions::drop_unordered_by_text_alone`]).
    pub unnamed: bool,
}

impl Pair {
    /// Leaves the pair's direction uncertain, saying why after the evidence
    /// it had: `--yes` never writes it.
    pub(crate) fn doubt(&mut self, why: Evidence) {
        self.direction = Direction::Uncertain;
        self.order_evidence.push(why);
    }

    /// Whether any of the pair's evidence, of identity or of order, is
    /// such as `what` asks.
    pub(crate) fn any_evidence(&self, what: impl Fn(&Evidence) -> bool) -> bool {
        self.evidence.iter().chain(&self.order_evidence).any(what)
    }

    /// The evidence in words, as a person is shown it: that the two are
    /// one document, then which is older.
    pub fn reasons(&self) -> impl Iterator<Item = String> + '_ {
        self.evidence.iter().chain(&self.order_evidence).map(ToString::to_string)
    }
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
    /// Pairs of folders that hold copies of many of the same notes: one
    /// finding each, their pairs not in `pairs`.
    pub mirrors: Vec<MirroredFolders>,
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
    let mut boilerplate = Boilerplate::of_templates(vault);
    let roots = VersionRoots::find(vault);
    // Which notes the detector looks at.
    let looked_at: Vec<bool> = (0..vault.notes.len())
        .into_par_iter()
        .map(|id| {
            progress.advance(1);
            facts::looked_at(vault, id)
        })
        .collect();
    let (series, ordinals, named) = read_names(vault, &roots, &looked_at, &mut boilerplate);
    let outlines = tally::outlines(vault, &looked_at);
    let twins = exclusions::twins(&outlines);
    let records = RecordFolders::of(vault, &looked_at);
    let variant_folders = VariantFolders::of(vault, &looked_at);
    let year_records = YearRecords::of(vault, &looked_at);
    let counts = tally::Earlier { tally: earlier.tally, prints: earlier.earlier_prints };
    let common = tally::common_shingles(vault, &roots, outlines, &boilerplate, counts, keep);
    let candidates = candidates(vault, &looked_at, named, &roots, &common, earlier.banded, keep);
    let facts_of = |id: NoteId| {
        Facts::of(vault, id, &boilerplate).map(|f| Facts { numbered: ordinals.numbered(id), ..f })
    };
    let facts = facts_of_candidates(&candidates, vault.notes.len(), &facts_of);
    let links = Links::of(vault, graph);
    let screening = Screening {
        vault,
        facts: &facts,
        links: &links,
        dismissals,
        series: &series,
        ordinals: &ordinals,
        records: &records,
        variant_folders: &variant_folders,
        year_records: &year_records,
        twins: &twins,
        common: &common,
        unshared: Common::none(),
        roots: &roots,
        // Above the default, the default's pairs are settled, and those
        // below the score asked for left out after (see below).
        min_score: options.min_score.min(DEFAULT_MIN_SCORE),
    };
    progress.start("comparing candidate pairs", candidates.len() as u64);
    let scored: Vec<Pair> = candidates
        .par_iter()
        .filter_map(|&(a, b)| {
            progress.advance(1);
            screening.suggestion(a as usize, b as usize)
        })
        .collect();
    let history = Remembered::new(history);
    let settling = Settling {
        vault,
        facts: &facts,
        links: &links,
        roots: &roots,
        ordinals: &ordinals,
        history: &history,
        git: options.git,
    };
    if options.min_score <= 0.0 {
        return settling.settle(scored, true);
    }
    // Which pairs are listed at or above a score is the same whatever
    // lower score was asked for: the steps that weigh a pair against the
    // others (a mirror is most of its folder's pairs, a note keeps its
    // best partners) weigh it against the pairs listed by default, never
    // against ones a lower threshold lets in. Those are settled among all
    // the pairs, and listed below the others.
    let listed = |p: &Pair| p.score >= DEFAULT_MIN_SCORE;
    let (mut pairs, low): (Vec<Pair>, Vec<Pair>) = if options.min_score < DEFAULT_MIN_SCORE {
        (scored.iter().filter(|p| listed(p)).cloned().collect(), scored)
    } else {
        (scored, Vec::new())
    };
    // The whole set first: its history asks for the more paths, which the
    // listed pairs' then reuse.
    let below = (!low.is_empty()).then(|| settling.settle(low, false));
    let mut found = settling.settle(std::mem::take(&mut pairs), false);
    found.pairs.retain(|p| p.score >= options.min_score);
    if let Some(below) = below {
        let one = |p: &Pair| (p.older.min(p.newer), p.older.max(p.newer));
        let shown: std::collections::HashSet<(NoteId, NoteId)> = found.pairs.iter().map(one).collect();
        found.pairs.extend(below.pairs.into_iter().filter(|p| !listed(p) && !shown.contains(&one(p))));
        found.pairs.sort_by(|x, y| by_score(vault, x, y));
    }
    found
}

/// Best first, then by the notes' paths.
fn by_score(vault: &Vault, x: &Pair, y: &Pair) -> std::cmp::Ordering {
    y.score
        .total_cmp(&x.score)
        .then_with(|| vault.notes[x.older].path.cmp(&vault.notes[y.older].path))
        .then_with(|| vault.notes[x.newer].path.cmp(&vault.notes[y.newer].path))
}

/// What the scored pairs are settled with: the steps that weigh each pair
/// against the others, order it, and take what a folder settles at once.
struct Settling<'a> {
    vault: &'a Vault,
    facts: &'a [Option<Box<Facts<'a>>>],
    links: &'a Links,
    roots: &'a VersionRoots,
    ordinals: &'a Ordinals,
    history: &'a dyn git::HistorySource,
    git: bool,
}

impl Settling<'_> {
    /// The suggestions `pairs` make; `every` for one who asked for every
    /// pair, who is shown those the other steps leave out.
    fn settle(&self, mut pairs: Vec<Pair>, every: bool) -> Suggestions {
        let Settling { vault, facts, links, roots, ordinals, history, .. } = *self;
        // A note marked already is never the older of a suggestion.
        pairs.retain(|p| !links.retired[p.older]);
        exclusions::drop_near_twins(&mut pairs);
        if !every {
            frames::drop_subjects_of_one_frame(&mut pairs, vault, facts);
        }
        let mirrors = exclusions::drop_mirrors(&mut pairs, vault, facts);
        exclusions::renamed_where_kept(&mut pairs, roots);
        exclusions::one_copy_per_release(&mut pairs, roots, vault);
        // Revisions next to each other, and the last with the note of the
        // name alone, keep their pair beside each note's other neighbour.
        best_partners(&mut pairs, vault.notes.len(), |p| {
            let head = || {
                ordinals.last_version(p.older)
                    && !ordinals.numbered(p.newer)
                    && p.any_evidence(|e| *e == Evidence::SameNameApartFromMarkers)
            };
            ordinals.chain(p.older, p.newer) || ordinals.neighbours(p.older, p.newer) || head()
        });
        if self.git {
            settle::settle_by_history(&mut pairs, facts, history);
            pairs.retain(|p| !links.retired[p.older]);
        }
        settle::agree_across_languages(&mut pairs, facts);
        settle::stamped_on_many(&mut pairs, vault);
        settle::dated_with_their_folder(&mut pairs, vault);
        settle::records_of_their_years(&mut pairs, facts);
        settle::successors_unclear(&mut pairs, vault);
        settle::drafts_beside_notes(&mut pairs, vault);
        // A pair too weak to be listed unless asked for (a post and the page
        // it announced, two release notes of one product) is shown without a
        // confident direction, which `--yes` would write, unless most of its
        // text is one (a dozen words or more) or release folders order it.
        let text_is_one = |s: &Signals| s.content >= compare::HALF_SHARED && s.substance >= score::SHORT;
        for p in pairs.iter_mut().filter(|p| p.score < DEFAULT_MIN_SCORE && !text_is_one(&p.signals)) {
            if !p.any_evidence(Evidence::from_release_folders) {
                p.direction = Direction::Uncertain;
            }
        }
        if !every {
            // Shown only to one who asks for every pair.
            exclusions::drop_between_copies_of_one_successor(&mut pairs);
            exclusions::drop_unordered_by_text_alone(&mut pairs);
            exclusions::drop_kept_together(&mut pairs);
            exclusions::drop_unordered_copies_filed_twice(&mut pairs, vault);
            exclusions::drop_copies_kept_in_packages(&mut pairs, vault);
        }
        let folders = folder_rules::take_folder_rules(&mut pairs, vault, roots, &vault.config.folder_rules);
        // After the rules: a copy paired with its unreleased successor is
        // evidence of the set's copies all the same.
        exclusions::into_unreleased(&mut pairs, roots);
        // After the rules have taken the copies they cover, whose count they give.
        exclusions::nearest_release_copies(&mut pairs, roots);
        pairs.sort_by(|x, y| by_score(vault, x, y));
        Suggestions { pairs, folders, mirrors }
    }
}

/// What the notes' names tell before any text is compared: the periodic
/// series (their name keys), the numbered series, and the pairs of notes
/// of one name group; and, into `boilerplate`, the titles so many notes
/// share that they are headings, and the tag sets so many carry that they
/// file a subject. Each name is read once for them all, and only where
/// one of them needs it, and let go of before banding, the pass's peak:
/// the candidates' [`Facts`] read their names again rather than every
/// name read being held until the candidates are known.
fn read_names(
    vault: &Vault,
    roots: &VersionRoots,
    looked_at: &[bool],
    boilerplate: &mut Boilerplate,
) -> (HashMap<String, usize>, Ordinals, Vec<(u32, u32)>) {
    let hashes = KeyHashes::of(vault, looked_at);
    boilerplate.titles = hashes.common_titles(vault, facts::COMMON_TITLE);
    boilerplate.names = hashes.common_names(vault, roots, facts::COMMON_NAME);
    boilerplate.tag_sets = facts::common_tag_sets(vault, looked_at, boilerplate);
    let grouped = hashes.shared(vault.notes.len());
    let briefs: Vec<Brief> = (0..vault.notes.len())
        .into_par_iter()
        .map(|id| if looked_at[id] { Brief::of(vault, id, grouped[id]) } else { Brief::default() })
        .collect();
    let named = hashes.name_groups(&briefs);
    (exclusions::series(&briefs), Ordinals::of(vault, &briefs), named)
}

/// Whether `a` and `b` are one file name (or a name and its numbered
/// copy) in two folders, neither within the other, that share no other
/// name: a note moved or copied to another folder.
fn one_name_moved(vault: &Vault, a: &Note, b: &Note) -> bool {
    let one_name =
        a.stem().eq_ignore_ascii_case(b.stem()) || candidates::numbered_copy(a.stem(), b.stem()).is_some();
    let (fa, fb) = (a.folder(), b.folder());
    one_name && !folder_within(fa, fb) && !folder_within(fb, fa) && facts::only_name_in_common(vault, a, b)
}

/// What a candidate pair is screened against, and scored with: made once
/// a run, shared by the threads that compare the pairs.
struct Screening<'a> {
    vault: &'a Vault,
    facts: &'a [Option<Box<Facts<'a>>>],
    links: &'a Links,
    dismissals: &'a Dismissals,
    /// The periodic series' name keys.
    series: &'a HashMap<String, usize>,
    ordinals: &'a Ordinals,
    records: &'a RecordFolders,
    variant_folders: &'a VariantFolders,
    year_records: &'a YearRecords,
    /// The groups of identical notes, by note.
    twins: &'a HashMap<NoteId, u64>,
    common: &'a Common,
    /// No shingle common: the text revisions of one chain share is
    /// theirs (see [`Ordinals::chain`]).
    unshared: Common,
    roots: &'a VersionRoots,
    min_score: f64,
}

impl Screening<'_> {
    /// Whether one note is a frozen copy that a newer copy of its own set
    /// replaces ([`VersionRoots::outlived`]) and the other is under no
    /// release folder at all.
    fn outlived_outside(&self, a: NoteId, b: NoteId) -> bool {
        let roots = self.roots;
        roots.outlived(a) && roots.unversioned(b) || roots.outlived(b) && roots.unversioned(a)
    }

    /// Whether the two notes are pages of two sets of release folders (a
    /// site's English releases and its Chinese ones): each set orders its
    /// own copies, and a page of one tree is no version of another's, even
    /// where a translation left the text as it was.
    fn two_trees(&self, a: NoteId, b: NoteId) -> bool {
        match (self.roots.family(a), self.roots.family(b)) {
            (Some((x, _)), Some((y, _))) => x != y,
            _ => false,
        }
    }

    /// The pair the notes `a` and `b` make, if it is suggested: notes
    /// linked already, dismissed, of one series, or a page and its
    /// translation are not compared at all.
    fn suggestion(&self, a: NoteId, b: NoteId) -> Option<Pair> {
        let (fa, fb) = (self.facts[a].as_deref()?, self.facts[b].as_deref()?);
        // One path but for case is one note, whatever series its name is
        // of: asked only of pairs a series rule would drop.
        let recased = || self.vault.case_variant(a, b);
        if self.links.component[a] == self.links.component[b]
            || self.dismissals.contains(&fa.note.path, &fb.note.path)
            || (in_series(fa, fb, self.series) && !recased())
            || entry_and_document(fa, fb, self.series)
            || reports_of_two_periods(fa, fb)
            || records_of_two_releases(fa, fb)
            || guides_of_two_upgrades(fa, fb)
            || named_for_their_sources(fa, fb) && self.roots.order(a, b).is_none()
            || part_and_collection(fa, fb)
            || note_and_child(fa, fb)
            || translation(fa, fb)
            || community_file_and_page(fa, fb)
            || self.records.two_records(fa, fb)
            || self.variant_folders.variants(&fa.note.path, &fb.note.path)
            || tutorial_states(&fa.note.path, &fb.note.path)
            || self.outlived_outside(a, b)
            || self.two_trees(a, b)
        {
            return None;
        }
        let prints = (self.vault.print(a)?, self.vault.print(b)?);
        if compilation_and_part(&prints.0, &prints.1) {
            return None;
        }
        let common = if self.ordinals.chain(a, b) { &self.unshared } else { self.common };
        let moved = one_name_moved(self.vault, fa.note, fb.note);
        let pair =
            compare((a, fa), (b, fb), (&prints.0, &prints.1), common, self.roots, self.min_score, moved)?;
        // A dated log's entries, and a post beside the page made from it,
        // unless release folders order them (a page frozen in a release
        // that left the docs for the blog), or one says in its text that
        // it is retired (a post rewritten under a new date, pointing to
        // the rewrite).
        let one_says_retired = fa.note.retired_in_text().is_some() || fb.note.retired_in_text().is_some();
        if logged_apart(fa, fb, &pair.signals)
            && !pair.any_evidence(Evidence::from_release_folders)
            && !one_says_retired
        {
            return None;
        }
        // Two pages clipped from two addresses whose text in common is a
        // few words: what the site showed instead of each (its error page,
        // its sign-in wall), not one document.
        if exclusions::two_pages_captured_alike(fa, fb, &pair.signals) && self.roots.order(a, b).is_none() {
            return None;
        }
        // One page of two years' folders, as two members of a series: the
        // text carried into the next year is suggested, uncertain, as
        // nothing says which year is in force; a page each year wrote
        // for itself is its year's record, and so is one left a skeleton
        // (the year's page not filled in yet: its text is no one's). Where
        // most notes of the years are the year's own, every page is
        // (unless a folder rule makes the years releases).
        // (Its order is doubted once the history has settled it, see
        // [`settle::records_of_their_years`].)
        let skeleton = pair.signals.content < SERIES_CONTENT || pair.signals.substance < score::SHORT;
        if records_of_two_years(fa, fb).is_some() && skeleton
            || pages_of_two_years(fa, fb, pair.signals.content)
            || next_in_series(fa, fb, pair.signals.content)
            || self.year_records.two_records(fa, fb, pair.signals.content) && self.roots.order(a, b).is_none()
            || self.year_records.year_page_and_the_page_above(fa, fb, pair.signals.content)
        {
            return None;
        }
        // Members of a series: only two neighbours, and only with
        // their own text in common, beyond the skeleton. A member and its
        // numbered copy with its text (`2026-05-08 session 2` beside
        // `2026-05-08 session`, as a sync service names a conflicting
        // copy) are one entry twice, however long the series.
        let copied =
            candidates::copy_number(fa.note, fb.note).is_some() && pair.signals.content >= score::SAME_TEXT;
        let apart = !copied && self.ordinals.apart(a, b, pair.signals.content, pair.signals.substance);
        if apart && self.roots.order(a, b).is_none() && !recased() {
            return None;
        }
        // Identical copies of one file, with nothing to order them; and
        // copies whose names do not join them (an index note whose whole
        // text is a query, made again for each course): a folder or a date
        // orders two copies of a skeleton, not two versions.
        let identical = self.twins.get(&a).is_some_and(|k| self.twins.get(&b) == Some(k));
        let joined = || {
            pair.any_evidence(Evidence::names_one_document)
                || pair.any_evidence(Evidence::from_release_folders)
        };
        (!identical || pair.direction == Direction::Confident && joined()).then_some(pair)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;
    use vaultlint_syntax::fingerprint;
    use vaultlint_syntax::note::Note;

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

    /// The evidence is data: a marker the order quotes is not listed again
    /// on its own, and one it does not quote is.
    #[test]
    fn markers_are_listed_once() {
        let v = vault(&[("prices-2024.md", BODY), ("prices-2025.md", BODY)]);
        let dated = found(&v);
        assert_eq!((dated[0].older, dated[0].newer), (0, 1));
        let quoted = Evidence::MarkersInOrder { older: "-2024".into(), newer: "-2025".into() };
        assert_eq!(dated[0].order_evidence, [quoted]);
        assert!(!dated[0].evidence.iter().any(|e| matches!(e, Evidence::NameMarker { .. })), "{dated:?}");
        let old = format!("---\nupdated: 2024-01-01\n---\n{BODY}");
        let new = format!("---\nupdated: 2025-01-01\n---\n{BODY}");
        let v = vault(&[("archive/prices.md", &old), ("prices.md", &new)]);
        let archived = found(&v);
        let folder = Evidence::FolderMarker { folder: "archive".into() };
        assert!(archived[0].evidence.contains(&folder), "{archived:?}");
        let reasons: Vec<String> = archived[0].reasons().collect();
        assert_eq!(reasons[reasons.len() - 2..], ["in archive/", "updated 2024-01-01 < 2025-01-01"]);
    }

    #[test]
    fn long_versions_are_measured_on_their_samples() {
        // Words no vocabulary repeats, 3,000 of them: far more shingles
        // than a sample keeps. The newer version changes every tenth word,
        // which changes three shingles in ten: 70% shared of 130% in all.
        let old = fingerprint::distinct_words(0..3000);
        let new = fingerprint::distinct_words((0..3000).map(|n| if n % 10 == 5 { n + 100_000 } else { n }));
        let v = vault(&[
            ("prices-2024.md", &format!("---\nupdated: 2024-01-01\n---\n{old}\n")),
            ("prices-2025.md", &format!("---\nupdated: 2025-01-01\n---\n{new}\n")),
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
}
