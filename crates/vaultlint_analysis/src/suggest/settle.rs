//! Pairs that dates and names leave uncertain, ordered by the git history
//! of their notes: read once a run, for those notes' paths alone.

use super::Pair;
use super::compare::{earned, earned_by};
use super::direction::{self, Direction};
use super::evidence::Evidence;
use super::facts::Facts;
use super::git::HistorySource;
use super::score::subject_words;
use std::cmp::Ordering;
use std::collections::HashSet;
use vaultlint_syntax::names::Normalized;

/// A day, in seconds: changes within it are one piece of work.
const DAY: i64 = 86_400;

/// The commits that must change two notes together before both are taken
/// for kept up: one may be a fix swept over both.
const KEPT_TOGETHER: usize = 2;

/// Orders the pairs that dates and names left uncertain by the git
/// history of their notes only (one `git log` limited to their paths, far
/// cheaper than the whole history's diffs): content history, then first
/// commits.
pub(super) fn settle_by_history(
    pairs: &mut [Pair],
    facts: &[Option<Box<Facts>>],
    source: &dyn HistorySource,
) {
    // Release folders' order stands whatever the history says: a frozen
    // copy is committed after the live page it copies. So does a copy's
    // name: committed after its original, a copy still identical is the
    // duplicate to retire, not the newer text.
    let open: Vec<usize> = (0..pairs.len())
        .filter(|&i| pairs[i].direction == Direction::Uncertain || pairs[i].by_words)
        .filter(|&i| !pairs[i].any_evidence(Evidence::from_release_folders))
        .filter(|&i| {
            !pairs[i].order_evidence.iter().any(|e| matches!(e, Evidence::ClashCopy { edited: false, .. }))
        })
        .collect();
    // Ordered by the dates of their last edits alone: where the two are
    // edited together, those dates say when they were last kept up, not
    // which one was replaced.
    let last_edited: Vec<usize> = (0..pairs.len())
        .filter(|&i| pairs[i].direction == Direction::Confident && !pairs[i].by_words)
        .filter(|&i| {
            let dates = |e: &Evidence| matches!(e, Evidence::Dates { older_key, .. } if super::direction::EDIT_KEYS.contains(older_key));
            matches!(&pairs[i].order_evidence[..], [only] if dates(only))
        })
        .collect();
    // Ordered by version markers in their names (`-v1`, `-v2`): where the
    // one marked older is still kept up long after the other was added,
    // the two are a page for each line of a product, both in force.
    let marked: Vec<usize> = (0..pairs.len())
        .filter(|&i| pairs[i].direction == Direction::Confident && !pairs[i].by_words)
        .filter(|&i| !pairs[i].any_evidence(Evidence::from_release_folders))
        .filter(|&i| pairs[i].order_evidence.iter().any(|e| matches!(e, Evidence::MarkersInOrder { .. })))
        .collect();
    if open.is_empty() && last_edited.is_empty() && marked.is_empty() {
        return;
    }
    let mut paths: Vec<&str> = open
        .iter()
        .chain(&last_edited)
        .chain(&marked)
        .flat_map(|&i| [pairs[i].older, pairs[i].newer])
        .filter_map(|id| facts[id].as_ref().map(|f| f.note.path.as_str()))
        .collect();
    paths.sort_unstable();
    paths.dedup();
    let history = source.history(&paths);
    for i in last_edited {
        let pair = &mut pairs[i];
        let Some((fa, fb)) = facts_of(facts, pair) else { continue };
        let commits = history.changed_together(&fa.note.path, &fb.note.path);
        if commits >= KEPT_TOGETHER {
            pair.doubt(Evidence::ChangedTogether { commits });
            continue;
        }
        // A last edit says when a note was touched, not when its text was
        // written: a page copied from another and edited since (a copy for
        // another channel) can carry the earlier stamp.
        let first = |f: &Facts| history.first.get(&f.note.path).copied();
        if let (Some(older), Some(newer)) = (first(fa), first(fb))
            && newer + DAY <= older
        {
            pair.doubt(Evidence::AddedTheOtherWay);
        }
    }
    for i in marked {
        let pair = &mut pairs[i];
        let Some((fa, fb)) = facts_of(facts, pair) else { continue };
        // Unless its text is one the newer once held: a snapshot moved
        // aside (into `archive/`) is committed after the page it froze.
        let made = history.first.get(&fb.note.path).copied();
        if made.is_some_and(|made| history.kept_up_since(&fa.note.path, made + DAY))
            && !history.earlier(&fa.note.path, &fb.note.path)
        {
            pair.doubt(Evidence::OlderChangedSince);
        }
    }
    for i in open {
        let pair = &mut pairs[i];
        let Some((fa, fb)) = facts_of(facts, pair) else { continue };
        let committed = |f: &Facts| history.first.get(&f.note.path).copied();
        let (pa, pb) = (&fa.note.path, &fb.note.path);
        let content = match (history.earlier(pa, pb), history.earlier(pb, pa)) {
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            _ => None,
        };
        // Two notes named as siblings (`Kube CPU Overcommit`, `Kube Memory
        // Overcommit`), added within a day of each other, neither ever
        // holding the other's text: a page for each of two subjects, made
        // from one skeleton together, not a page and its later rewrite.
        let together = match (committed(fa), committed(fb)) {
            (Some(x), Some(y)) => x.abs_diff(y) < DAY as u64,
            _ => false,
        };
        if together
            && content.is_none()
            && pair.direction == Direction::Uncertain
            && subjects_of_one_kind(fa, fb)
        {
            // Shown only to one who asks for every pair, with the reason.
            pair.by_words = false;
            pair.order_evidence = vec![Evidence::MadeTogether];
            continue;
        }
        let mut verdict =
            direction::decide_with(&fa.age(committed(fa), fb), &fb.age(committed(fb), fa), content);
        // A text the other path once held is one document's, whatever the
        // names; under one file name, however much it was rewritten since
        // (the old text moved aside as the page was written anew).
        let one_name = fa.note.stem() == fb.note.stem();
        pair.direction = match content {
            Some(_) if one_name => verdict.direction,
            Some(_) => earned(verdict.direction, pair.signals.content),
            None => earned_by(&verdict, &pair.signals, fa.note, fb.note),
        };
        // A word in a name (`current`, `old`) says which is older; a note
        // still changed well after the other was made is kept beside it.
        let (older, newer) = if verdict.order == Ordering::Greater { (pb, pa) } else { (pa, pb) };
        let changed_since = match (history.last.get(older.as_str()), history.first.get(newer.as_str())) {
            (Some(&last), Some(&made)) => last >= made + DAY,
            _ => false,
        };
        let snapshot = content == Some(verdict.order);
        if verdict.by_words && changed_since && !snapshot {
            pair.direction = Direction::Uncertain;
            verdict.evidence.push(Evidence::OlderChangedSince);
        }
        // Two notes still edited in one commit after another are both kept
        // up (a page for each release line): neither is the stale one.
        let commits = history.changed_together(pa, pb);
        if commits >= KEPT_TOGETHER {
            pair.direction = Direction::Uncertain;
            verdict.evidence.push(Evidence::ChangedTogether { commits });
        }
        pair.by_words = false;
        if verdict.order == Ordering::Greater {
            std::mem::swap(&mut pair.older, &mut pair.newer);
        }
        // The direction's evidence is redone; the rest stands.
        pair.order_evidence = verdict.evidence;
    }
}

/// At least this many notes, and one in [`STAMPED_SHARE`] of those dated
/// under the key, stamped with one day make it a day of import.
const STAMPED: usize = 50;
const STAMPED_SHARE: usize = 20;

/// A pair ordered by dates, where the newer note's date is one that many
/// of the vault's notes carry under that key (an import from another tool,
/// a sync that wrote a clipping of each article anew): the copy arrived
/// later, which does not make it the one that replaced the other.
pub(super) fn stamped_on_many(pairs: &mut [Pair], vault: &vaultlint_model::vault::Vault) {
    use rayon::prelude::*;
    let stamped: Vec<(usize, &'static str, vaultlint_core::date::Day)> = (pairs.iter().enumerate())
        .filter(|(_, p)| p.direction == Direction::Confident)
        .filter_map(|(i, p)| match p.order_evidence.first() {
            Some(Evidence::Dates { newer_key, .. }) => {
                Some((i, *newer_key, vault.notes[p.newer].day(newer_key)?))
            }
            _ => None,
        })
        .collect();
    let mut keys: Vec<&'static str> = stamped.iter().map(|&(_, key, _)| key).collect();
    keys.sort_unstable();
    keys.dedup();
    for key in keys {
        let wanted: HashSet<_> = stamped.iter().filter(|s| s.1 == key).map(|s| s.2).collect();
        // The notes dated under the key, and each one's day where it is
        // one asked about. A date is read only where its text holds the
        // year of one: reading every note's date is most of the cost.
        let years: Vec<String> = wanted.iter().map(|d| d.year.to_string()).collect();
        let (dated, days): (Vec<bool>, Vec<Option<vaultlint_core::date::Day>>) = (vault.notes.par_iter())
            .map(|n| match n.field(key).and_then(|f| f.value.scalar_text()) {
                None => (false, None),
                Some(text) if !years.iter().any(|y| text.contains(y.as_str())) => (true, None),
                Some(text) => {
                    (true, vaultlint_core::date::parse(text).map(|w| w.day).filter(|d| wanted.contains(d)))
                }
            })
            .unzip();
        let dated = dated.iter().filter(|&&d| d).count();
        let mut notes: std::collections::HashMap<_, usize> = std::collections::HashMap::new();
        for day in days.into_iter().flatten() {
            *notes.entry(day).or_default() += 1;
        }
        for &(i, _, day) in stamped.iter().filter(|s| s.1 == key) {
            let count = notes.get(&day).copied().unwrap_or(0);
            if count >= STAMPED && count * STAMPED_SHARE >= dated {
                pairs[i].doubt(Evidence::StampedOnMany { key, notes: count });
            }
        }
    }
}

/// At least this many notes of a folder dated under a key, all on one
/// day, make that day the folder's rather than each note's.
const FOLDER_DATED: usize = 4;

/// A pair ordered by its notes' dates alone, where each note's date is the
/// one every dated note of its folder carries (the items of one issue of a
/// newsletter, a batch filed together): the dates say when each folder was
/// made, not which text replaced the other.
pub(super) fn dated_with_their_folder(pairs: &mut [Pair], vault: &vaultlint_model::vault::Vault) {
    // The day every dated note of the note's own folder carries under the
    // key, with how many carry it, where they are enough and all agree.
    let folder_day = |id: usize, key: &str| {
        let folder = vault.notes[id].folder();
        let in_folder = vault.notes_under(folder).iter().filter(|n| n.folder() == folder);
        let mut days = in_folder.filter_map(|n| n.day(key));
        let day = days.next()?;
        let count = 1 + days.try_fold(0, |count, other| (other == day).then_some(count + 1))?;
        (count >= FOLDER_DATED).then_some((day, count))
    };
    for pair in pairs.iter_mut().filter(|p| p.direction == Direction::Confident) {
        let [Evidence::Dates { older_key, newer_key, .. }] = pair.order_evidence[..] else { continue };
        if vault.notes[pair.older].folder() == vault.notes[pair.newer].folder() {
            continue;
        }
        let dated_by_folder = |id: usize, key: &'static str| {
            folder_day(id, key).filter(|&(day, _)| vault.notes[id].day(key) == Some(day)).map(|(_, n)| n)
        };
        if let (Some(a), Some(b)) =
            (dated_by_folder(pair.older, older_key), dated_by_folder(pair.newer, newer_key))
        {
            pair.doubt(Evidence::DatedWithTheirFolders { notes: a.min(b) });
        }
    }
}

/// One page of two sibling year folders (see
/// [`super::exclusions::records_of_two_years`]) is ordered by its years
/// without confidence, whatever its history: the page of each year may be
/// that year's own record, and nothing in the notes says the later year's
/// replaced it.
pub(super) fn records_of_their_years(pairs: &mut [Pair], facts: &[Option<Box<Facts>>]) {
    for pair in pairs.iter_mut().filter(|p| p.direction == Direction::Confident) {
        let Some((older, newer)) = facts_of(facts, pair) else { continue };
        if let Some((older, newer)) = super::exclusions::records_of_two_years(older, newer) {
            pair.doubt(Evidence::RecordsOfTheirYears { older, newer });
        }
    }
}

/// A pair whose newer note is in a folder of drafts that the older is not
/// in: a draft left beside the published note (edited once since, so its
/// text is the later), or a placeholder kept in each of two folders of
/// drafts, does not replace the other.
pub(super) fn drafts_beside_notes(pairs: &mut [Pair], vault: &vaultlint_model::vault::Vault) {
    /// The folder of drafts on `folder`'s path, up to and with its name.
    fn drafts(folder: &str) -> Option<&str> {
        let mut end = 0;
        for name in folder.split('/') {
            end += name.len();
            if vaultlint_syntax::names::drafts_folder(name) {
                return Some(&folder[..end]);
            }
            end += 1;
        }
        None
    }
    for pair in pairs.iter_mut().filter(|p| p.direction == Direction::Confident) {
        let (older, newer) = (&vault.notes[pair.older], &vault.notes[pair.newer]);
        if let Some(folder) = drafts(newer.folder())
            && !older.path.starts_with(&format!("{folder}/"))
        {
            pair.doubt(Evidence::NewerIsADraft { folder: format!("{folder}/") });
        }
    }
}

/// The facts of a pair's two notes, older first, where both have them.
fn facts_of<'f, 'a>(
    facts: &'f [Option<Box<Facts<'a>>>],
    pair: &Pair,
) -> Option<(&'f Facts<'a>, &'f Facts<'a>)> {
    Some((facts[pair.older].as_deref()?, facts[pair.newer].as_deref()?))
}

/// Whether two notes' names, or their own titles, name two subjects of
/// one kind: they share words, and each has a word of its own that is no
/// number (`Kube CPU Overcommit` and `Kube Memory Overcommit`), with no
/// version marker. A word added to a name (`Scrum`, `0 Scrum`; a copy's
/// ` 1`) or numbers alone (`Q1`, `Q2`) are not that.
fn subjects_of_one_kind(a: &Facts, b: &Facts) -> bool {
    substituted(&a.path.name, &b.path.name) || a.titled() && b.titled() && substituted(&a.title, &b.title)
}

fn substituted(a: &Normalized, b: &Normalized) -> bool {
    if !a.markers.is_empty() || !b.markers.is_empty() {
        return false;
    }
    let (wa, wb): (Vec<&str>, Vec<&str>) = (subject_words(a).collect(), subject_words(b).collect());
    let own = |x: &[&str], y: &[&str]| x.iter().any(|w| !y.contains(w) && w.chars().any(char::is_alphabetic));
    wa.iter().any(|w| wb.contains(w)) && own(&wa, &wb) && own(&wb, &wa)
}

/// A note with two successors that nothing orders between them (two
/// variants of a page made from it, one per channel or trial) has no one
/// successor to declare: each of its pairs is uncertain, naming the other.
/// Where the two are ordered (a release chain), the newest is the one.
pub(super) fn successors_unclear(pairs: &mut [Pair], vault: &vaultlint_model::vault::Vault) {
    let key = |a: usize, b: usize| (a.min(b), a.max(b));
    let unordered: HashSet<(usize, usize)> =
        pairs.iter().filter(|p| p.direction == Direction::Uncertain).map(|p| key(p.older, p.newer)).collect();
    if unordered.is_empty() {
        return;
    }
    let mut by_older: std::collections::BTreeMap<usize, Vec<usize>> = std::collections::BTreeMap::new();
    for (i, p) in pairs.iter().enumerate().filter(|(_, p)| p.direction == Direction::Confident) {
        by_older.entry(p.older).or_default().push(i);
    }
    let mut unclear: Vec<(usize, usize)> = Vec::new();
    for successors in by_older.values().filter(|s| s.len() > 1) {
        for (n, &i) in successors.iter().enumerate() {
            for &j in &successors[n + 1..] {
                if unordered.contains(&key(pairs[i].newer, pairs[j].newer)) {
                    unclear.extend([(i, pairs[j].newer), (j, pairs[i].newer)]);
                }
            }
        }
    }
    for (i, other) in unclear {
        let pair = &mut pairs[i];
        if pair.direction == Direction::Confident {
            pair.doubt(Evidence::SuccessorUnclear { other: vault.notes[other].path.to_string() });
        }
    }
}

/// One pair written in several languages (`en/download/index.md` and
/// `en/download/current.md`, and the same two pages under `fr/`, `ja/`) is
/// one decision: where the order of one language's copies is uncertain
/// (the history shows them kept side by side), so is every other's, whose
/// translations were often all made in one commit that says nothing.
pub(super) fn agree_across_languages(pairs: &mut [Pair], facts: &[Option<Box<Facts>>]) {
    // A note's path with its language folder taken out, and the language.
    let unlocalized = |id: usize| -> Option<(String, &str)> {
        let f = facts[id].as_deref()?;
        let language = f.language.as_deref()?;
        let mut kept = Vec::new();
        let mut found = false;
        for part in f.note.path.split('/') {
            let lower = part.to_lowercase();
            let is_it =
                lower == language || lower.strip_prefix(language).is_some_and(|r| r.starts_with(['-', '_']));
            if !found && is_it {
                found = true;
                continue;
            }
            kept.push(part);
        }
        found.then(|| (kept.join("/"), language))
    };
    let mut uncertain: HashSet<(String, String)> = HashSet::new();
    let mut kept_up: HashSet<(String, String)> = HashSet::new();
    let keys: Vec<Option<(String, String)>> = pairs
        .iter()
        .map(|p| match (unlocalized(p.older), unlocalized(p.newer)) {
            (Some((a, la)), Some((b, lb))) if la == lb => Some((a, b)),
            _ => None,
        })
        .collect();
    for (pair, key) in pairs.iter().zip(&keys) {
        let Some(key) = key else { continue };
        if pair.direction == Direction::Uncertain {
            uncertain.insert(key.clone());
        }
        if pair.any_evidence(|e| matches!(e, Evidence::ChangedTogether { .. })) {
            kept_up.insert(key.clone());
        }
    }
    for (pair, key) in pairs.iter_mut().zip(&keys) {
        let Some(key) = key else { continue };
        if uncertain.contains(key) && pair.direction == Direction::Confident {
            pair.doubt(Evidence::UncertainInAnotherLanguage);
        }
        if kept_up.contains(key) && !pair.any_evidence(Evidence::kept_together) {
            pair.order_evidence.push(Evidence::ChangedTogetherInAnotherLanguage);
        }
    }
}
