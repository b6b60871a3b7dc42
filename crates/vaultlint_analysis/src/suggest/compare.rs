//! One candidate pair made a [`Pair`]: scored, then ordered by release
//! folders, dates and names, and how sure that order is.

use super::direction::{self, Direction, Verdict};
use super::evidence::Evidence;
use super::facts::Facts;
use super::minhash::Common;
use super::score::{SAME_TEXT, SOME_CONTENT, copy_of, score};
use super::{Pair, Signals};
use std::cmp::Ordering;
use vaultlint_model::vault::NoteId;
use vaultlint_model::version_roots::VersionRoots;
use vaultlint_syntax::fingerprint::Fingerprint;
use vaultlint_syntax::names::normalize;
use vaultlint_syntax::note::Note;

/// The score of the same page under two version roots, at least.
const SAME_PATH_SCORE: f64 = 0.9;
/// Notes sharing this much text are one document whatever their names.
pub(super) const MOSTLY_SHARED: f64 = 0.75;
/// ...and two notes of one folder sharing this much (a note renamed in place).
pub(super) const HALF_SHARED: f64 = 0.5;
/// Below this much shared text, a year in one name only beside the same
/// name without it may be an edition's, not a copy's.
const QUARTER_SHARED: f64 = 0.25;
/// Below this much shared text, only one file name (a note and its copy
/// in an archive folder) lets a pair be ordered with confidence.
const SLIGHT_CONTENT: f64 = 0.1;
/// The distinctive shingles a note needs before half its text shared with
/// another says more than the pattern both were written from: a
/// definition of a few sentences has about forty.
const OWN_TEXT: usize = 64;

/// Scores one candidate pair and orders it by dates, release folders and
/// names (the history comes later, for the pairs still uncertain).
pub(super) fn compare(
    (a, fa): (NoteId, &Facts),
    (b, fb): (NoteId, &Facts),
    prints: (&Fingerprint, &Fingerprint),
    common: &Common,
    roots: &VersionRoots,
    min_score: f64,
    moved: bool,
) -> Option<Pair> {
    let copies = roots.order(a, b);
    // A post named by its day beside a copy frozen in a release: a page
    // that left the docs for the blog keeps its text, nearly all of it; a
    // post written from the docs (or the docs from a post) keeps less, and
    // is no later version of the page, whatever the release says. It is
    // scored as any two notes are.
    let one_side_frozen = roots.root_name(a).is_some() != roots.root_name(b).is_some();
    let post_beside_release = one_side_frozen && (dated_post(fa.note) || dated_post(fb.note));
    // Pages of release folders, ordered by them or not (`v2.3/x.md` and
    // `v3.2/guide/x.md` are one page, not a page of each of two teams).
    let released = copies.is_some()
        || roots.release_order(a, b).is_some() && !post_beside_release
        || fa.in_version_folder && fb.in_version_folder;
    let (score, signals, mut evidence, unnamed) =
        score(fa, fb, prints, common, (copies.is_some(), released, moved));
    let unordered = |older, newer, score, direction, evidence| Pair {
        older,
        newer,
        score,
        direction,
        evidence,
        order_evidence: Vec::new(),
        signals,
        by_words: false,
        unnamed,
    };
    let root = |id| roots.root_name(id).unwrap_or_default().to_string();
    let apart = if !fa.scope.overlaps(fb.scope) {
        Some(Evidence::ScopesApart { a: fa.scope.describe(), b: fb.scope.describe() })
    } else {
        variants(fa.note, fb.note)
            .map(|(a, b)| Evidence::VariantsApart { a: a.to_string(), b: b.to_string() })
    };
    if let Some(apart) = apart {
        // Shown only to one who asks for every pair, with the reason.
        evidence.insert(0, apart);
        let pair = unordered(a.min(b), a.max(b), 0.0, Direction::Uncertain, evidence);
        return (min_score <= 0.0).then_some(pair);
    }
    if let Some(order) = copies {
        // The same page under two version roots: one document, whatever
        // the text shares, and the roots say which is older.
        let score = score.max(SAME_PATH_SCORE);
        let (older, newer) = if order == Ordering::Less { (a, b) } else { (b, a) };
        evidence.insert(0, Evidence::SamePathUnderVersions { older: root(older), newer: root(newer) });
        let pair = unordered(older, newer, score, Direction::Confident, evidence);
        return (score >= min_score).then_some(pair);
    }
    if score < min_score {
        return None;
    }
    let post_of_its_own = post_beside_release && signals.content < super::exclusions::REPUBLISHED;
    if let Some(order) = roots.release_order(a, b).filter(|_| !post_of_its_own) {
        let pair = unordered(a, b, score, Direction::Confident, evidence);
        return Some(ordered_by_release(pair, (fa, fb), order, roots));
    }
    let pair = ordered_by_notes((a, fa), (b, fb), score, signals, evidence, unnamed);
    unless_nothing_orders(pair, (a, fa), (b, fb))
}

/// Whether the note is a post named by its day, in its file name or its
/// folder's (`blog/2025-09-02-signing/index.mdx`).
fn dated_post(note: &Note) -> bool {
    let dated = |name: &str| name.get(..10).is_some_and(|day| vaultlint_core::date::parse_day(day).is_some());
    dated(note.stem()) || note.folder().rsplit('/').next().is_some_and(dated)
}

/// The two qualifiers of one name qualified two ways in brackets
/// (`Tankard of Sobriety (DMG)` and `Tankard of Sobriety (XGE)`): a
/// variant for each source, platform or place, which the version
/// detector never pairs. A qualifier that holds a digit (a year, a clash
/// copy's `(1)`) or a version marker (`(old)`, `(final)`, `(copy)`) still
/// says which is a version, and is no variant's.
fn variants<'n>(a: &'n Note, b: &'n Note) -> Option<(&'n str, &'n str)> {
    fn split(stem: &str) -> Option<(&str, &str)> {
        let (name, rest) = stem.strip_suffix(')')?.rsplit_once(" (")?;
        let plain = !rest.is_empty() && !rest.bytes().any(|c| c.is_ascii_digit() || c == b'(');
        (plain && !name.trim().is_empty()).then_some((name.trim(), rest))
    }
    let ((na, qa), (nb, qb)) = (split(a.stem())?, split(b.stem())?);
    let (ka, kb) = (normalize(qa), normalize(qb));
    let plain = ka.markers.is_empty() && kb.markers.is_empty() && ka.key != kb.key;
    (plain && normalize(na).key == normalize(nb).key).then_some((qa, qb))
}

/// A page renamed between releases, or a live page beside a copy frozen
/// in a release folder (`pair`, its notes in the order `a`, `b`, which
/// `order` compares): the release order says which is older, whatever
/// dates, names or first commits say. The notes' own dates or markers may
/// point the other way (a page moved into a dated blog folder): the
/// release order is kept, and said to be uncertain, with both.
fn ordered_by_release(pair: Pair, (fa, fb): (&Facts, &Facts), order: Ordering, roots: &VersionRoots) -> Pair {
    let (a, b) = (pair.older, pair.newer);
    let root = |id| roots.root_name(id).unwrap_or_default().to_string();
    let (older, newer) = if order == Ordering::Less { (a, b) } else { (b, a) };
    let why = match roots.root_name(newer) {
        Some(name) => Evidence::ReleaseOrder { older: root(older), newer: name.to_string() },
        None => Evidence::FrozenInRelease { release: root(older) },
    };
    let (f_older, f_newer) = if older == a { (fa, fb) } else { (fb, fa) };
    // A notice that one copy is out of date says so of its release, and
    // orders no release before another.
    let (mut x, mut y) = (f_older.age(None, f_newer), f_newer.age(None, f_older));
    (x.says_retired, y.says_retired) = (false, false);
    let notes = direction::decide(&x, &y);
    let disputed = notes.direction == Direction::Confident && notes.order == Ordering::Greater;
    // A page renamed between releases is one document by its name, its
    // title or most of its text. Under another name with less than half
    // of it, the newer page may have taken a part only (a section page
    // whose text went into a shared snippet, a page split in two): the
    // release order says which is older, not that the two are one page.
    // A page named by its folder (`index.md`, `README.md`) whose folder
    // was renamed needs most of its text: such pages of sibling examples
    // share their imports and scaffolding, and half of that picks the
    // wrong new example as often as the right one.
    let renamed = normalize(page_name(fa)).key != normalize(page_name(fb)).key;
    let by_folder = fa.path.name.is_generic() && fb.path.name.is_generic();
    let needed = if by_folder { MOSTLY_SHARED } else { HALF_SHARED };
    let in_part = pair.signals.content < needed && pair.signals.title != Some(1.0) && renamed;
    let mut order_evidence = vec![why];
    let direction = if disputed {
        order_evidence.extend(notes.evidence);
        order_evidence.push(Evidence::DisagreesWithRelease);
        Direction::Uncertain
    } else if in_part {
        order_evidence.push(Evidence::RenamedWithPartOfTheText);
        Direction::Uncertain
    } else {
        earned(Direction::Confident, pair.signals.content)
    };
    Pair { older, newer, direction, order_evidence, ..pair }
}

/// The name a page goes by: its file's, or its folder's for a page that
/// stands for its folder (`README.md`, `_index.md`).
fn page_name<'a>(facts: &Facts<'a>) -> &'a str {
    if facts.path.name.is_generic() {
        let folder = facts.note.folder();
        folder.rsplit_once('/').map_or(folder, |(_, name)| name)
    } else {
        facts.note.stem()
    }
}

/// `pair` as its notes ordered it, unless nothing did: then two folders'
/// pages under a generic name are no pair, and two folders named as
/// releases still order it.
fn unless_nothing_orders(pair: Pair, (a, fa): (NoteId, &Facts), (b, fb): (NoteId, &Facts)) -> Option<Pair> {
    let nothing_orders =
        pair.direction == Direction::Uncertain && pair.order_evidence.iter().all(Evidence::only_times);
    // A page bundle in a folder of posts (`posts/2014/08/<slug>/index.md`)
    // is the post its folder names: two that share nearly all their text
    // are one post filed under two slugs.
    let in_posts = |f: &Facts| f.note.folder().split('/').any(super::exclusions::folder_of_posts);
    let one_post = || pair.signals.content >= super::exclusions::REPUBLISHED && in_posts(fa) && in_posts(fb);
    if nothing_orders
        && fa.path.name.is_generic()
        && fb.path.name.is_generic()
        && fa.path.place != fb.path.place
        && !one_post()
    {
        // `packages/a/README.md` and `packages/b/README.md`: a generic
        // name makes a note the page of its folder, and two folders' pages
        // saying the same are no versions unless something orders them.
        return None;
    }
    if nothing_orders
        && let Some((order, older, newer)) =
            vaultlint_model::version_roots::version_folders_order(&fa.note.path, &fb.note.path)
    {
        // Two release folders too unlike to make a set still say which
        // copy is the older, where nothing in the notes does.
        let (older_id, newer_id) = if order == Ordering::Less { (a, b) } else { (b, a) };
        let direction = earned(Direction::Confident, pair.signals.content);
        let why = Evidence::VersionFolders { older, newer };
        return Some(Pair { older: older_id, newer: newer_id, direction, order_evidence: vec![why], ..pair });
    }
    Some(pair)
}

/// A pair ordered by what its notes say: their dates and the markers in
/// their names, or else which is a clash copy. `evidence` and `unnamed`
/// are the score's.
fn ordered_by_notes(
    (a, fa): (NoteId, &Facts),
    (b, fb): (NoteId, &Facts),
    score: f64,
    signals: Signals,
    mut evidence: Vec<Evidence>,
    unnamed: bool,
) -> Pair {
    let mut verdict = direction::decide(&fa.age(None, fb), &fb.age(None, fa));
    if verdict.direction == Direction::Uncertain
        && let Some(number) = copy_of(fa, fb, signals.content)
    {
        // Obsidian adds ` 1` to the name of the note made second (and ` 2`
        // to the third, as sync services do to a conflicting copy): edited
        // since, it is the newer; still identical, it is the duplicate to
        // retire.
        let copy_is_a = fa.note.stem().len() > fb.note.stem().len();
        let edited = signals.content < SAME_TEXT;
        verdict.order = if copy_is_a == edited { Ordering::Greater } else { Ordering::Less };
        verdict.evidence = vec![Evidence::ClashCopy { number, edited }];
    }
    let (older, newer) = if verdict.order == Ordering::Greater { (b, a) } else { (a, b) };
    evidence.extend(one_sided_markers(fa, fb, &verdict.evidence));
    let direction = earned_by(&verdict, &signals, fa.note, fb.note);
    let by_words = verdict.by_words;
    let order_evidence = verdict.evidence;
    Pair { older, newer, score, direction, evidence, order_evidence, signals, by_words, unnamed }
}

/// A direction is `confident` only for two notes with text in common:
/// with none, nothing but their names says they are one document.
pub(super) fn earned(direction: Direction, content: f64) -> Direction {
    if content < SOME_CONTENT { Direction::Uncertain } else { direction }
}

/// What the notes' dates say of the order is `confident` only for notes
/// that are plainly one document: the same name or title (markers
/// aside), most of their text, or half of it in one folder under alike
/// names or with text enough of its own (a note renamed where it was). Two notes on one subject, or one quoting the
/// other from elsewhere, have dates, but they may be no versions at all.
/// (A marker in a name is a person saying the note is a version.)
pub(super) fn earned_by(verdict: &Verdict, signals: &Signals, a: &Note, b: &Note) -> Direction {
    let one_folder = a.folder() == b.folder();
    let one_name = a.stem().eq_ignore_ascii_case(b.stem());
    let named = signals.name == 1.0 || signals.title == Some(1.0);
    // Half the text makes a note renamed where it was, under a name like
    // its own or long enough to have text of its own; two short notes
    // under names with nothing alike (`standard_deviation` and
    // `variance`) are two concepts written from one pattern, unless most
    // of the text is one.
    let alike = signals.name >= HALF_SHARED || signals.title.is_some_and(|t| t >= HALF_SHARED);
    let shared =
        if one_folder && (alike || signals.substance >= OWN_TEXT) { HALF_SHARED } else { MOSTLY_SHARED };
    // A word in a file name (`new`, `copy`) may be the subject
    // (`3d-graph-new` is another plugin, `copy-publish-url` one that
    // copies): it orders two notes with confidence only if they are mostly
    // one text. One file name in an archive folder is placed there.
    let subject = verdict.by_words && !one_name && signals.content < HALF_SHARED;
    // Two names that differ, with a few words in common (a dated post
    // announcing what a page documents), are not plainly one document.
    let slight = !one_name && (signals.name < 1.0 || !one_folder) && signals.content < SLIGHT_CONTENT;
    // One title under two names in two folders, with less than half the
    // text in common, is as often an edition made for another place (a
    // post condensed for a newsletter) as a rewrite: the dates say which
    // was written first, not that it was replaced.
    let edition = !one_folder && signals.name < 1.0 && signals.content < HALF_SHARED;
    // Names told apart by their years or numbers alone, in two folders,
    // with less than half the text in common: a work of each year (two
    // papers' citation keys, `smithLoop2023` and `smithLoop2024`) as
    // often as one note written again.
    let numbered_apart = !one_folder
        && !verdict.by_dates
        && signals.content < HALF_SHARED
        && matches!(verdict.evidence.first(), Some(Evidence::MarkersInOrder { .. }));
    // A year in brackets in one name only (`Ultra-Imperialism (1914)`), as
    // notes on a work cite its year, beside another name, with less than
    // most of the text in common: the year the work appeared, not the day
    // a copy was made (a literature note beside the idea drawn from it).
    // A year alone written plain (`Windows Home Server 2011` beside
    // `Windows Home Server`), with less than a quarter of the text in
    // common, names an edition as often as the year a copy was made (a
    // dated page split in two keeps half of it in each); a day
    // (`Codex_Sep-15-2025`) is a snapshot's.
    let year_alone = |marker: &str| marker.trim_matches(|c: char| !c.is_ascii_digit()).len() == 4;
    let dated_apart = |e: &Evidence| match e {
        Evidence::DateInOlderName { marker } if marker.trim().starts_with(['(', '[']) => {
            signals.content < MOSTLY_SHARED
        }
        Evidence::DateInOlderName { marker } => year_alone(marker) && signals.content < QUARTER_SHARED,
        _ => false,
    };
    let dated_beside_another = !one_name && verdict.evidence.first().is_some_and(dated_apart);
    if verdict.by_dates && (!named || edition) && signals.content < shared
        || subject
        || slight
        || numbered_apart
        || dated_beside_another
    {
        Direction::Uncertain
    } else {
        earned(verdict.direction, signals.content)
    }
}

/// The markers only one of the two names carries, unless the verdict's
/// evidence quotes them already. A marker both names carry
/// (`new-starter-…`) tells nothing.
fn one_sided_markers(a: &Facts, b: &Facts, verdict: &[Evidence]) -> Vec<Evidence> {
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
        .filter(|text| !verdict.iter().any(|e| e.quotes_marker(text)))
        .map(|text| match text.strip_suffix('/') {
            // A folder's marker is written with its slash.
            Some(folder) => Evidence::FolderMarker { folder: folder.to_string() },
            None => Evidence::NameMarker { text },
        })
        .collect()
}
