//! How alike two notes are: the signals (shared text, names, titles,
//! tags, headings), the score made of them, and the evidence they give.

use super::Signals;
use super::candidates::{clash_copy, copy_number, numbered_copy};
use super::compare::MOSTLY_SHARED;
use super::evidence::Evidence;
use super::facts::Facts;
use super::minhash::Common;
use std::cmp::Ordering;
use vaultlint_core::paths::folder_within;
use vaultlint_syntax::fingerprint::{self, Fingerprint};
use vaultlint_syntax::names::{Marker, Normalized};

/// Names or titles this alike count as the same document's.
pub(super) const STRONG_NAME: f64 = 0.85;
/// Name evidence needs at least this much shared text to count, so that a
/// translation or an unrelated note with the same title is not a version.
pub(super) const SOME_CONTENT: f64 = 0.02;
/// ...and this much beside a name that adds a day to the other's
/// (`analysis 2024-09-16` beside `analysis`): a copy made that day keeps
/// its text, where a note of the day on the subject (a lecture, a
/// meeting) shares a tag line or a link with it.
const DAY_COPY_CONTENT: f64 = 0.1;
/// ...and this much between notes in two places (folders apart from
/// marker, year and language folders).
const ELSEWHERE_CONTENT: f64 = 0.1;
/// A note with fewer distinctive shingles than this (a dozen words) is
/// too short for its text alone to say it is a version of another.
pub(super) const SHORT: usize = 24;
/// A note with fewer distinctive shingles than this (a heading, a line)
/// is a stub: what text it has is its title again.
const STUB: usize = SHORT / 2;
/// Two texts sharing this much are the same text: inside a series, that
/// is the skeleton alone, with nothing of either note's own.
pub(super) const SAME_TEXT: f64 = 0.98;
/// Text alone, with no name, title or place to say the two are one
/// document, scores 0.5 (the default threshold) at this much shared.
const CONTENT_ALONE: f64 = 0.5;
/// Two notes whose names share words and differ in others (`Sine Graphs`
/// and `Cosine Graphs`, `LPUSH` and `RPUSH`, `C++ Set` and `C++ Unordered
/// Set`) are sibling concepts, written from one skeleton, unless their
/// text is this much the same...
const SIBLING_CONTENT: f64 = MOSTLY_SHARED;
/// ...and the shorter has at least this many distinctive shingles (about
/// fifty words): two stubs copied from one another say nothing.
const SIBLING_SUBSTANCE: usize = 4 * SHORT;
/// A title two notes share, with names that differ, is evidence only with
/// this much text in common: a person's page and a plugin of that name
/// share a title and nothing else.
const TITLE_CONTENT: f64 = 0.2;
/// Names one only once a word is taken out of one (`3d-graph-new`) are
/// evidence only with this much text in common (see [`worded`]).
const WORDED_CONTENT: f64 = 0.5;
/// One name in two folders that share no other is one note moved with
/// this much text in common (edited since, its links rewritten for its
/// new place).
const MOVED_CONTENT: f64 = 0.7;

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

/// How many items two sorted sets share, and how many they hold between
/// them; `None` when either is empty.
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

/// How alike two notes' names and titles are, and what makes a name the
/// other's whatever its letters say.
#[derive(Clone, Copy)]
struct Names {
    name: f64,
    title: Option<f64>,
    /// A clash copy (`Name 1.md`) has its note's name.
    clash: bool,
    /// So has a dated copy filed in an archive folder under its note's
    /// name with words added (`archive/top-of-mind-before-pruning-2026-07-25.md`).
    snapshot: bool,
    /// And a note's path renamed by case only is its path.
    recased: bool,
}

impl Names {
    /// `released`: pages of two releases, where a name the vault repeats
    /// in many places (see [`Normalized::common`]) still names the page:
    /// a page moved between releases keeps its slot's name.
    /// A later numbered copy (`Name 2.md`) holding the same text is
    /// named as a clash copy is: the copy of one name, not a second note.
    fn of(a: &Facts, b: &Facts, same_place: bool, released: bool, content: f64) -> Names {
        let clash = copy_of(a, b, content).is_some();
        let snapshot = same_place && (snapshot_of(a, b) || snapshot_of(b, a));
        let recased = vaultlint_model::vault::one_path_but_case(a.note, b.note);
        let named_as = clash || snapshot || recased;
        let slot = released && !a.path.name.is_listed_generic() && !b.path.name.is_listed_generic();
        let name =
            if named_as { 1.0 } else { name_similarity(&a.path.name, &b.path.name, same_place || slot) };
        let name = if named_as {
            name
        } else {
            by_symbols(name, (&a.path.name, a.note.stem()), (&b.path.name, b.note.stem()))
        };
        // An alias is a name too: Obsidian links to either note by it.
        let name = if one_alias(a, b).is_some() { 1.0 } else { name };
        let title = (a.titled() && b.titled()).then(|| {
            let title = name_similarity(&a.title, &b.title, same_place);
            by_symbols(title, (&a.title, &a.note.title), (&b.title, &b.note.title))
        });
        let title = if clash { title.map(|t| t.max(name)) } else { title };
        Names { name, title, clash, snapshot, recased }
    }
}

/// The alias two notes answer to, under one title, that no third note
/// holds: one page made again under a new file name (an author's page
/// generated again for a renamed account), whatever the two file names.
/// Given as `a` writes it.
pub(super) fn one_alias<'f>(a: &Facts<'f>, b: &Facts) -> Option<&'f str> {
    // The alias itself, not only its name apart from markers: `Reply_1988`
    // and `Reply_1997` are two works' names, each linked to its own note.
    let held_by_b = |key: &String, written: &str| {
        let written = vaultlint_core::text::fold(written);
        b.rare_aliases.iter().any(|(theirs, w)| theirs == key && vaultlint_core::text::fold(w) == written)
    };
    let &(_, written) = a.rare_aliases.iter().find(|(key, written)| held_by_b(key, written))?;
    (!a.title.key.is_empty() && a.title.key == b.title.key).then_some(written)
}

/// Whether one note is the other's clash copy (`Name 1.md` beside
/// `Name.md`). A trailing ` 1` among numbered siblings (`RAID 1` beside
/// `RAID 0`) is the number of one of a series, not a clash copy's.
pub(super) fn clash_copy_of(a: &Facts, b: &Facts) -> bool {
    clash_copy(a.note, b.note) && !a.numbered && !b.numbered
}

/// The number of one note's copy of the other, sharing `content`: ` 1`
/// for a clash copy (see [`clash_copy_of`]); a later number (`Name 2`,
/// as Obsidian names a third note and sync services a conflicting copy)
/// only with the same text, as a second example has its own.
pub(super) fn copy_of(a: &Facts, b: &Facts, content: f64) -> Option<u8> {
    if clash_copy_of(a, b) {
        return Some(1);
    }
    copy_number(a.note, b.note).filter(|&n| n > 1 && content >= SAME_TEXT)
}

/// Name, title, tags and headings, each weighted, over those present. One
/// file name in parallel folders (one per team or project) is not a sign
/// of one document; a clash copy's name is its note's title again, as
/// Obsidian made it.
fn metadata_likeness(signals: &Signals, parallel: bool, clash: bool) -> f64 {
    let mut weighted = vec![(if parallel { 0.0 } else { signals.name }, 0.35)];
    weighted.extend(signals.title.or(clash.then_some(signals.name)).map(|t| (t, 0.35)));
    weighted.extend(signals.tags.map(|t| (t, 0.15)));
    weighted.extend(signals.headings.map(|h| (h, 0.15)));
    weighted.iter().map(|(v, w)| v * w).sum::<f64>() / weighted.iter().map(|(_, w)| w).sum::<f64>()
}

/// How alike two notes are, 0 to 1, with the signals, the evidence, and
/// whether their text alone joins them (no name, title or place says
/// they are one document). `copies`: the two are the same page under two
/// version roots, so a generic name counts as if in one place;
/// `released`: copies, or pages of two releases, which the release
/// folders order; `moved`: one name in two folders that share no other
/// (see [`super::facts::only_name_in_common`]).
pub(super) fn score(
    a: &Facts,
    b: &Facts,
    prints: (&Fingerprint, &Fingerprint),
    common: &Common,
    (copies, released, moved): (bool, bool, bool),
) -> (f64, Signals, Vec<Evidence>, bool) {
    let same_place = copies || a.path.place == b.path.place;
    let (content, shorter) = content(prints.0, prints.1, common);
    let names = Names::of(a, b, same_place, released, content);
    let Names { name, title, clash, snapshot, recased } = names;
    let tags = set_overlap(&a.tags, &b.tags);
    let headings = set_overlap(&a.headings, &b.headings);
    let ratio = |o: Option<(usize, usize)>| o.map(|(s, u)| s as f64 / u as f64);
    let signals =
        Signals { title, name, tags: ratio(tags), headings: ratio(headings), content, substance: shorter };
    let outlined =
        |tags: Option<f64>| tags.is_some_and(|t| t >= 0.5) && signals.headings.is_some_and(|h| h >= 0.5);
    // One name in two folders alike in nothing else is one note moved,
    // its first copy left, where most of its text is still the other's,
    // that text is more than a skeleton's few lines, and no title of
    // their own differs (a team's page copied for another team is
    // retitled for it).
    let moved = moved
        && content >= MOVED_CONTENT
        && shorter >= SIBLING_SUBSTANCE
        && title.is_none_or(|t| t >= STRONG_NAME);
    let places = (same_place || released, moved);
    let identity = Identity::of(a, b, &signals, places, clash, outlined(signals.tags), recased);
    // Tags many notes carry file a subject: beside less than half the text
    // and no dates of the notes' own to say one came after the other, they
    // do not join two notes (two concepts of one subject, the second
    // written from the first, as a Zettelkasten holds them).
    let subject_tags = (a.tags_common || b.tags_common) && content < CONTENT_ALONE && !dated_apart(a, b);
    let own_tags = signals.tags.filter(|_| !subject_tags);

    let meta = metadata_likeness(&signals, identity.parallel, clash);
    // Strong shared text (30% of the shingles or more scores 0.5: for
    // three-word shingles that is nearly half of each note's text, far
    // above what unrelated notes share), nudged up by matching names...
    let base = if content >= 0.3 { 0.5 + (content - 0.3) / 1.4 } else { content / 0.6 };
    // ...where a name, a title, a place, or the notes' tags and outline
    // together say the two are one document; text alone must be half
    // shared (notes of one subject, or made from one skeleton, share a
    // third)...
    let alone = !(released || identity.named || identity.moved || outlined(own_tags));
    let base = if alone { base * (content / CONTENT_ALONE).min(1.0).powi(2) } else { base };
    // ...a short note's few words say little on their own...
    let base = base * (shorter as f64 / SHORT as f64).min(1.0).powi(2);
    let by_content = base + (1.0 - base) * 0.25 * meta;
    // ...nor do sibling names, or one name in parallel folders (a page
    // for each team, made from one skeleton), unless the text is one text;
    // nor text alone, not even the notes' tags all the same: two notes
    // that nothing joins are one document only if their text corresponds
    // as a whole, both ways. A post made from an article, or a theme's
    // page made from another's, shares much of it.
    let one_text = content >= SIBLING_CONTENT && shorter >= SIBLING_SUBSTANCE;
    let unjoined = alone && own_tags.is_none_or(|t| t < 1.0) && !one_title(a, b) && !part_named(a, b);
    let apart = identity.siblings || identity.parallel || unjoined;
    let by_content = if apart && !one_text { by_content / 2.0 } else { by_content };
    // ...or a name that joins them (see `name_score`).
    let by_name = name_score((a, b), &names, &identity, (same_place, released, meta, content));
    let score = (by_content.max(by_name) * 1000.0).round() / 1000.0;
    let mut evidence = likeness(a, b, &signals, tags, headings, by_name > by_content);
    if snapshot {
        // Its name is not the note's apart from markers: words were added.
        evidence
            .iter_mut()
            .filter(|e| **e == Evidence::SameNameApartFromMarkers)
            .for_each(|e| *e = Evidence::ArchivedUnderItsName);
    }
    // Whether no name or title says the two are one document, nor a place
    // or a release: their text alone joins them, tags and outline aside
    // (which a copy of the text brings with it).
    let unnamed = !(released || identity.named || identity.moved || one_title(a, b) || part_named(a, b));
    (score, signals, evidence, unnamed)
}

/// The score a name gives two notes, beside what their text gives:
/// `meta` is their [`metadata_likeness`], `content` the text they share;
/// `released`: the two are pages of release folders.
fn name_score(
    (a, b): (&Facts, &Facts),
    names: &Names,
    identity: &Identity,
    (same_place, released, meta, content): (bool, bool, f64, f64),
) -> f64 {
    let Names { name, clash, snapshot, .. } = *names;
    // The same name and title with some text in common: a rewrite;
    // with none, only where a version marker tells the two names apart.
    // In one of them only: two dated names with nothing in common are
    // two entries of a series (`notes 1950s`, `notes 1960s`). A clash copy
    // (`Name 1.md`: Obsidian's name for a second note given a taken name)
    // is one note written twice, however short and whatever its text,
    // unless the name says nothing (`Untitled 1`) or a note is empty.
    let generic = a.path.name.is_generic() || b.path.name.is_generic();
    let twice = clash && !generic && a.size.min(b.size) > 0;
    // A day in the one name (`Council 2023-06-21` beside `Council`) with
    // nothing in common is a note of that day on the subject, the minutes
    // of a meeting or a lecture's notes, not the note rewritten.
    let day_named =
        |f: &Facts| f.path.own_markers > 0 && super::exclusions::full_day(&f.path.name.markers).is_some();
    let marked = !identity.same_stem
        && (a.path.own_markers == 0) != (b.path.own_markers == 0)
        && !day_named(a)
        && !day_named(b);
    // So do release folders: one file name in two releases (a page moved
    // to another section there) is one page, however rewritten.
    let release_page = released
        && identity.same_stem
        && !a.path.name.is_listed_generic()
        && !b.path.name.is_listed_generic();
    let rewritten = twice
        || (marked && same_place || release_page) && name == 1.0 && a.size.min(b.size) as usize >= SHORT;
    // A name alike in another folder with next to no text in common is
    // another page on one subject: a dated post announcing what a page
    // documents, a showcase and the plugin it is named for.
    let some = if same_place { SOME_CONTENT } else { ELSEWHERE_CONTENT };
    let some = if day_named(a) || day_named(b) { some.max(DAY_COPY_CONTENT) } else { some };
    let named_score = |meta: f64, content: f64| 0.85 * meta * (0.7 + 0.3 * (content / 0.3).min(1.0));
    let by_name =
        if identity.named && (content >= some || rewritten) { named_score(meta, content) } else { 0.0 };
    // A dated copy archived under the note's name is its snapshot however
    // much the note, its outline included, has changed since: as strong as
    // a clash copy written again, all alike but the text.
    if snapshot && identity.named { by_name.max(named_score(1.0, 0.0)) } else { by_name }
}

/// What the two notes' names, titles and places say of whether they are
/// one document, before their text is weighed.
struct Identity {
    /// The same file name.
    same_stem: bool,
    /// The same file name, one note in a subfolder of the other's folder.
    moved: bool,
    /// The same file name in two folders neither of which holds the other.
    parallel: bool,
    /// Alike names with alike titles of their own, or, where a note has
    /// no title of its own, the same name (markers aside); or the same
    /// title of their own with some text in common. Never siblings.
    named: bool,
    /// Names that share a word and differ in another (see
    /// [`sibling_names`]), with no title of their own to say they are one.
    siblings: bool,
}

impl Identity {
    /// `places`: whether the notes are in one place (or in releases), and
    /// whether they are one name in two folders that share no other;
    /// `outlined`: the notes' tags and headings mostly agree.
    fn of(
        a: &Facts,
        b: &Facts,
        signals: &Signals,
        (same_place, moved_alone): (bool, bool),
        clash: bool,
        outlined: bool,
        recased: bool,
    ) -> Identity {
        let Signals { name, title, content, substance, .. } = *signals;
        let same_stem = a.note.stem().eq_ignore_ascii_case(b.note.stem());
        // A note moved into a subfolder (or out of one), its copy left
        // behind, is one document in two places, not a page of each of two
        // teams: same-named notes in parallel folders (one per team or
        // region) are not versions for their names alone.
        let inside = |x: &Facts, y: &Facts| folder_within(x.note.folder(), y.note.folder());
        // So is a note whose path was renamed by case only: one file where
        // names ignore case, as on macOS and Windows; here, a folder renamed
        // by case and the old one left behind.
        let moved = same_stem && (inside(a, b) || inside(b, a) || recased);
        // So are `Name.md` and a numbered copy, `Name 2.md`, in another
        // folder: a copy's number is given beside the name it copies.
        let numbered = numbered_copy(a.note.stem(), b.note.stem()).is_some();
        let moved = moved || moved_alone;
        let parallel = !same_place && (same_stem || numbered) && !moved;
        // (A sign sets them apart in their titles too, which read the same
        // without it.)
        let siblings = !clash
            && (sibling_names(&a.path.name, &b.path.name) && title.is_none_or(|t| t < 1.0)
                || typed_apart(a.note.stem(), b.note.stem()));
        // A title alone joins two names only with text to share: two stubs
        // under one title (`Tutorial`, a heading and nothing else) are
        // placeholders of two subjects.
        let same_title = title == Some(1.0) && content >= TITLE_CONTENT && substance >= STUB;
        // Names a few letters apart are one name retyped (`sneaky-foxes`,
        // `sneakyfoxes`) or two subjects (`strcpy`, `strncpy`): only a
        // title of their own tells which.
        let alike = match title {
            Some(t) => name >= STRONG_NAME && t >= STRONG_NAME,
            None => name == 1.0,
        } && !siblings;
        // A word that makes the names one once taken out may be the
        // subject (`3d-graph-new` is another plugin, `copy-publish-url` one
        // that copies, `Go copy` a page on Go's `copy`): the names join the
        // two only with half their text in common, or their own title, or
        // their tags and outline.
        let subject = worded(a, b) && content < WORDED_CONTENT && title.is_none_or(|t| t < 1.0) && !outlined;
        let named = a.language == b.language && !parallel && (alike || same_title) && !subject;
        Identity { same_stem, moved, parallel, named, siblings }
    }
}

/// Whether the two notes' frontmatter gives them different dates under
/// one key that dates a version (`updated`, `date`).
fn dated_apart(a: &Facts, b: &Facts) -> bool {
    vaultlint_syntax::keys::version_dates().any(|key| match (a.note.day(key), b.note.day(key)) {
        (Some(x), Some(y)) => x != y,
        _ => false,
    })
}

/// Whether `copy` is a dated snapshot of `note` filed in an archive
/// folder: under such a folder (which `note` is not), with a date in its
/// own name, and its name `note`'s with words added after it.
fn snapshot_of(copy: &Facts, note: &Facts) -> bool {
    let in_archive = |f: &Facts| {
        f.path.folder_markers().iter().any(|m| matches!(m, Marker::Older { text } if text.ends_with('/')))
    };
    let dated = copy.path.name_markers().iter().any(|m| matches!(m, Marker::Date { .. }));
    let (key, base) = (&copy.path.name.key, &note.path.name.key);
    in_archive(copy)
        && !in_archive(note)
        && dated
        && !base.is_empty()
        && !note.path.name.is_generic()
        && key.strip_prefix(base.as_str()).is_some_and(|rest| rest.starts_with(' '))
}

/// Whether the two notes have one title that names them: the same
/// title, or one's title the other's file name (`hours-of-support.md`
/// opening with `# Support hours`, beside `support-hours.md`).
fn one_title(a: &Facts, b: &Facts) -> bool {
    a.title_counts && b.title_counts && !a.title.key.is_empty() && a.title.key == b.title.key
}

/// Whether one name's words are all in the other's (`deploy-2024` and
/// `deploy-build`: a document and a part of it), markers and numbers
/// aside (`Post 11 - protocol reversing` and `Post 13 - reversing a
/// protocol`); a generic name (`Notes`) is in too many.
fn part_named(a: &Facts, b: &Facts) -> bool {
    let (x, y) = (&a.path.name, &b.path.name);
    !x.is_generic() && !y.is_generic() && (x.within_but_numbers(y) || y.within_but_numbers(x))
}

/// Whether the two names differ in a word marker (`new`, `copy`, `old`,
/// `final`) of the file name itself: not a date, a number, a clash copy's
/// `(1)` or a folder.
fn worded(a: &Facts, b: &Facts) -> bool {
    let words = |f: &Facts| -> Vec<String> {
        (f.path.name_markers().iter())
            .map(|m| m.text().trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
            .filter(|t| !t.is_empty() && t.chars().all(char::is_alphabetic))
            .collect()
    };
    let (wa, wb) = (words(a), words(b));
    wa.iter().any(|w| !wb.contains(w)) || wb.iter().any(|w| !wa.contains(w))
}

/// The likeness of two names or titles, `alike` as their keys say, scored
/// by their letters instead where the keys are one and no markers are
/// taken out but the texts differ in a symbol, which a key leaves out:
/// `Bash &` and `Bash &&`, `C++` and `C#`, "C# language" and "C language".
fn by_symbols(alike: f64, (a, a_text): (&Normalized, &str), (b, b_text): (&Normalized, &str)) -> f64 {
    let unmarked = a.markers.is_empty() && b.markers.is_empty();
    if alike == 1.0 && unmarked && symbols_differ(a_text, b_text) {
        strsim::normalized_levenshtein(a_text, b_text)
    } else {
        alike
    }
}

/// Whether two texts with the same words differ in a symbol. Only the
/// symbols that name things count (`+`, `#`, `&`, ...): separators and
/// punctuation of any script (`expenses_policy`, `expenses-policy`,
/// `RedShift: OLED`, `RedShift – OLED`, `Don’t`, `Don't`) are not.
fn symbols_differ(a: &str, b: &str) -> bool {
    const SYMBOLS: &[char] = &['+', '#', '&', '@', '*', '%', '$', '=', '<', '>', '|', '~', '^'];
    let plain = |text: &str| -> String {
        let text = text.to_lowercase();
        let words = text.split(|c: char| !c.is_alphanumeric() && !SYMBOLS.contains(&c));
        words.filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
    };
    plain(a) != plain(b)
}

/// The words of a name that say what it is about: words that join others
/// say nothing of the subject (`hours-of-support` is `support-hours`
/// reworded).
pub(super) fn subject_words(n: &Normalized) -> impl Iterator<Item = &str> {
    const JOINING: &[&str] = &["a", "an", "and", "for", "in", "of", "on", "or", "the", "to", "with"];
    n.key.split(' ').filter(|w| !w.is_empty() && !JOINING.contains(w))
}

/// Whether two names share a word and each has a word the other has not
/// (`Sine Graphs` and `Cosine Graphs`), or, with no version marker in
/// either, one adds a word to the other (`C++ Set` and `C++ Unordered
/// Set`). Notes named so are siblings, two concepts, more often than one
/// document renamed. (`deploy-2024` beside `deploy-build` is a dated
/// document and a part of it.)
fn sibling_names(a: &Normalized, b: &Normalized) -> bool {
    if a.key == b.key {
        return false;
    }
    let words = |n: &Normalized| -> Vec<String> {
        let mut w: Vec<String> = subject_words(n).map(String::from).collect();
        w.sort();
        w.dedup();
        w
    };
    let (wa, wb) = (words(a), words(b));
    let only = |x: &[String], y: &[String]| x.iter().any(|w| y.binary_search(w).is_err());
    let shared = wa.iter().any(|w| wb.binary_search(w).is_ok());
    let unmarked = a.markers.is_empty() && b.markers.is_empty();
    shared && (only(&wa, &wb) && only(&wb, &wa) || unmarked && wa != wb)
}

/// Whether two names are one subject under two signs a vault puts before
/// its notes' names to say what kind of note each is (`∑ Concurrency`, a
/// folder's summary, and `§ Concurrency`, its outline): two notes on one
/// subject, as sibling names are.
fn typed_apart(a: &str, b: &str) -> bool {
    let sign = |name: &str| -> (String, String) {
        let rest = name.trim_start_matches(|c: char| !c.is_alphanumeric() && !c.is_ascii());
        let sign = name[..name.len() - rest.len()].trim().to_string();
        (sign, rest.trim_start().to_lowercase())
    };
    let ((sa, ra), (sb, rb)) = (sign(a), sign(b));
    !sa.is_empty() && !sb.is_empty() && sa != sb && !ra.is_empty() && ra == rb
}

/// The evidence that two notes are one document; none states what its
/// signal contradicts. `by_name`: the names, not the text, made the score.
fn likeness(
    a: &Facts,
    b: &Facts,
    signals: &Signals,
    tags: Option<(usize, usize)>,
    headings: Option<(usize, usize)>,
    by_name: bool,
) -> Vec<Evidence> {
    let Signals { title, name, content, .. } = *signals;
    let own_titles = title.is_some();
    let title = title.unwrap_or(0.0);
    let mut evidence = Vec::new();
    if title == 1.0 {
        evidence.push(Evidence::SameTitle);
    } else if title >= STRONG_NAME {
        evidence.push(Evidence::SimilarTitles);
    } else if own_titles && content >= 0.5 {
        evidence.push(Evidence::Retitled);
    }
    if a.note.stem().eq_ignore_ascii_case(b.note.stem()) && name > 0.0 {
        evidence.push(Evidence::SameFileName);
    } else if let Some(alias) = one_alias(a, b) {
        evidence.push(Evidence::SameAlias { alias: alias.to_string() });
    } else if name == 1.0 && a.path.name.markers.is_empty() && b.path.name.markers.is_empty() {
        evidence.push(Evidence::SameNameApartFromSpelling);
    } else if name == 1.0 {
        evidence.push(Evidence::SameNameApartFromMarkers);
    } else if name >= STRONG_NAME {
        evidence.push(Evidence::SimilarNames);
    }
    if let Some((shared, union)) = tags {
        evidence.push(Evidence::Tags { shared, union });
    }
    if let Some((shared, union)) = headings.filter(|(s, _)| *s > 0) {
        evidence.push(Evidence::Headings { shared, union });
    }
    if by_name && content < SOME_CONTENT {
        evidence.push(Evidence::RewrittenWithNoSharedText);
    } else {
        evidence.push(Evidence::SharedText { share: content });
    }
    evidence
}

#[cfg(test)]
mod tests {
    use super::*;
    use vaultlint_syntax::names;

    #[test]
    fn sibling_names_share_a_word_and_differ_in_another() {
        let siblings = |a: &str, b: &str| sibling_names(&names::normalize(a), &names::normalize(b));
        assert!(siblings("Graphing Sine Graphs", "Graphing Cosine Graphs"));
        assert!(siblings("C++ Set", "C++ Unordered Set"));
        assert!(siblings("deploy-api", "deploy-web"));
        // A dated document and a part of it; one name retyped; markers.
        assert!(!siblings("deploy-2024", "deploy-build"));
        assert!(!siblings("sneaky-foxes", "sneakyfoxes"));
        assert!(!siblings("expenses-policy-2025", "expenses-policy"));
        assert!(!siblings("Minimal", "Oxygen"));
        assert!(!siblings("hours-of-support", "support-hours"));
    }

    #[test]
    fn signs_that_type_notes_set_them_apart() {
        assert!(typed_apart("∑ Concurrency", "§ Concurrency"));
        assert!(typed_apart("📚 Dune", "✅ dune"));
        // A sign added or dropped, or none, is a rename; so is a new subject.
        assert!(!typed_apart("📚 Dune", "Dune"));
        assert!(!typed_apart("Dune", "Dune"));
        assert!(!typed_apart("∑ Concurrency", "§ Parallelism"));
        assert!(!typed_apart("_Concurrency", "-Concurrency"));
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
