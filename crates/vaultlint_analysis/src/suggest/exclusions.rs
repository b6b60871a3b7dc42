//! What rules a candidate pair out however alike its notes are: entries
//! of a periodic or numbered series, a page and its translation, a
//! compilation and one of the texts it holds,
//! identical copies of one file, notes already linked by declarations,
//! and a pair far below the best pairs of its notes.

use super::Pair;
use super::Signals;
use super::candidates::copy_number;
use super::direction::Direction;
use super::evidence::Evidence;
use super::facts::{Brief, Facts};
use super::score::{SAME_TEXT, SHORT, STRONG_NAME};
use super::tally::Outline;
use std::cmp::Ordering;
use std::collections::HashMap;
use vaultlint_core::paths::folder_within;
use vaultlint_model::graph::Graph;
use vaultlint_model::vault::{NoteId, Vault};
use vaultlint_model::version_roots::{Placed, VersionRoots};
use vaultlint_syntax::fingerprint::Fingerprint;
use vaultlint_syntax::names::Marker;

/// At least this many notes with a day or week in their names and the same
/// name otherwise make a periodic series.
const SERIES: usize = 3;
/// Two members of a series (notes whose names differ only by an ordinal)
/// are one document at two times only with this much text in common:
/// more than the skeleton the series' notes are made from.
pub(super) const SERIES_CONTENT: f64 = 0.5;
/// At least this many byte-identical notes are copies of one file (a
/// vendored package, a generated page), never versions of each other
/// unless their dates or names say which came first.
const TWINS: usize = 3;
/// A series of this many numbered notes or more (`5-3-0` to `5-3-9`, a
/// report per release) is a log of entries, none a version of another.
const LONG_SERIES: usize = 8;
/// At least this many pairs between two folders, nearly all of one text
/// ([`MIRROR_SAME`] of them), make one folder a mirror of the other.
const MIRROR: usize = 10;
const MIRROR_SAME: f64 = 0.8;
/// A pair is kept when it scores within this of each of its notes' best.
const PARTNER_MARGIN: f64 = 0.1;
/// Neighbours in a chain of revisions (see [`Ordinals::chain`]) are one
/// document with this much text in common: what a rewritten program or
/// draft keeps from one revision to the next.
const CHAIN_CONTENT: f64 = 0.3;
/// The keys that say when a note was first written, weighed in order.
const WRITTEN_KEYS: [&str; 2] = ["created", "date"];

/// Name keys shared by a periodic series: daily notes, weekly reviews.
pub(super) fn series(briefs: &[Brief]) -> HashMap<String, usize> {
    let mut count: HashMap<String, usize> = HashMap::new();
    for key in briefs.iter().filter_map(|b| b.periodic.as_deref()) {
        *count.entry(key.to_string()).or_default() += 1;
    }
    count.retain(|key, n| *n >= SERIES || key.is_empty() && *n >= 2);
    count
}

/// Whether two notes are entries of one periodic series: a configured
/// one, or periodic names with one key that [`series`] counted.
pub(super) fn in_series(a: &Facts, b: &Facts, series: &HashMap<String, usize>) -> bool {
    if a.series.is_some() && a.series == b.series {
        return true;
    }
    // A periodic note's clash copy (`2024-02-06 1`) is of its series too.
    fn key<'f>(f: &'f Facts) -> &'f str {
        let key = f.path.name.key.as_str();
        let copy = f.note.stem().ends_with(" 1");
        if copy { key.strip_suffix('1').unwrap_or(key).trim_end() } else { key }
    }
    a.periodic() && b.periodic() && key(a) == key(b) && series.contains_key(key(a))
}

/// Whether one note is an entry of a periodic series and the other
/// belongs to no series: a weekly note a post was drafted in, and the
/// post; a month's log, and the landing page that shows the latest
/// month. The entry records its period and the other note is kept on its
/// own, however much text they share. An entry of a series found by its
/// names (not configured) is still a dated copy of a note whose name it
/// holds (`Budget 2025-01` of `Budget`, `top-of-mind-pre-prune-2026-07-25`
/// of `top-of-mind`).
///
/// Beside a journal's entry (a configured series, or notes named by
/// nothing but their days), the other note may carry a date of its own
/// and still be a document of no series (`2024-04-factfulness`, a book's
/// notes filed under the month they were read, beside the weekly note
/// they were first jotted in).
pub(super) fn entry_and_document(a: &Facts, b: &Facts, series: &HashMap<String, usize>) -> bool {
    let in_no_series = |f: &Facts| {
        f.series.is_none()
            && !(f.periodic() && (f.path.name.key.is_empty() || series.contains_key(&f.path.name.key)))
    };
    let entry_of_other = |entry: &Facts, other: &Facts| {
        let journal = entry.series.is_some()
            || entry.periodic() && entry.path.name.key.is_empty() && series.contains_key("");
        if journal && in_no_series(other) {
            return true;
        }
        let named_within = || other.path.name.within(&entry.path.name);
        !other.periodic()
            && (entry.series.is_some()
                || entry.periodic() && series.contains_key(&entry.path.name.key) && !named_within())
    };
    entry_of_other(a, b) || entry_of_other(b, a)
}

/// Words that say a note covers a period: notes named with one, that
/// differ only by the period's date, are a series of reports.
const PERIOD_WORDS: &[&str] = &["annual", "yearly", "quarterly", "monthly", "weekly", "daily"];

/// Two reports of a series, each of its own period: one name apart from
/// its dates, holding a word that says the note covers a period (`2021
/// Yearly Report`, `2022 Yearly Report`; `Weekly review 2024-W02`). A
/// report is not replaced by the next period's, however much the two
/// share (rows carried over, one table's columns).
pub(super) fn reports_of_two_periods(a: &Facts, b: &Facts) -> bool {
    let (x, y) = (&a.path.name, &b.path.name);
    x.key == y.key && x.dated() && y.dated() && x.key.split(' ').any(|w| PERIOD_WORDS.contains(&w))
}

/// Two pages named for two years or months and nothing else apart
/// (`gsoc-2025` and `gsoc-2026`, `Summary 2023` and `Summary 2024`,
/// `Russia's 1905 revolution` and `Russia's February 1917 revolution`),
/// sharing less than half their text (`content`): each is its year's
/// event or report, written from the last one's outline. A policy dated by
/// its year (`expenses-2024`, `expenses-2025`) carries most of its text
/// over, and stays a candidate; so does a note named by the day it was
/// written (`2026-05-21-paper-title`), which a second note on the same
/// paper repeats a day later.
pub(super) fn pages_of_two_years(a: &Facts, b: &Facts, content: f64) -> bool {
    let dates = |f: &Facts| -> Option<Vec<vaultlint_core::date::Day>> {
        let markers = f.path.name_markers();
        let days: Vec<_> = markers
            .iter()
            .filter_map(|m| match m {
                Marker::Date { day, .. } if day.day == 0 => Some(*day),
                _ => None,
            })
            .collect();
        (!days.is_empty() && days.len() == markers.len()).then_some(days)
    };
    content < SERIES_CONTENT
        && a.path.name.key == b.path.name.key
        && !a.path.name.key.is_empty()
        && matches!((dates(a), dates(b)), (Some(x), Some(y)) if x != y)
}

/// A text's letters and digits, in lower case: how a name's word is
/// looked for in an address (`SQL:2011`, `sql2011`), and how two folder
/// names are told to be one respelt (`Node.js`, `Nodejs`).
fn alnum(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// Two notes each made from a web page of its own and named as that page
/// is (`SQL-2011` from the article on SQL:2011 beside `SQL-2016` from the
/// one on SQL:2016; `Windows Home Server 2011` beside `Windows Home
/// Server`): the year or version that tells the names apart is in the
/// address of the one's source and not of the other's, so it names
/// another subject, not a later writing of one note. The same article
/// clipped from two addresses, or a post named `v2` by its author, keeps
/// its pair.
pub(super) fn named_for_their_sources(a: &Facts, b: &Facts) -> bool {
    let (Some(from_a), Some(from_b)) = (a.note.source_url(), b.note.source_url()) else {
        return false;
    };
    let (from_a, from_b) = (alnum(from_a), alnum(from_b));
    let named = |x: &Facts, y: &Facts, from_x: &str, from_y: &str| {
        let theirs = y.path.name_markers();
        x.path.name_markers().iter().any(|m| {
            let word = alnum(m.text());
            let own =
                !m.is_copy_number() && word.len() >= 2 && !theirs.iter().any(|t| alnum(t.text()) == word);
            own && from_x.contains(&word) && !from_y.contains(&word)
        })
    };
    from_a != from_b && (named(a, b, &from_a, &from_b) || named(b, a, &from_b, &from_a))
}

/// Two notes made from two web pages (their source keys name two
/// addresses, neither a copy of the other, as an archive's address holds
/// the page's) whose text is too short to be a document of its own: the
/// page a site showed in place of each, its error or sign-in page, which
/// two clips of one site share word for word.
/// Fewer distinctive shingles than this (some forty words) is a page a
/// site shows in place of another, not an article.
const CAPTURED_PAGE: usize = 2 * super::score::SHORT;

pub(super) fn two_pages_captured_alike(a: &Facts, b: &Facts, signals: &super::Signals) -> bool {
    let (Some(from_a), Some(from_b)) = (a.note.source_url(), b.note.source_url()) else {
        return false;
    };
    let (x, y) = (page_address(from_a), page_address(from_b));
    x != y && !x.contains(&y) && !y.contains(&x) && signals.substance < CAPTURED_PAGE
}

/// An address as it names a page: without its scheme, `www.`, fragment,
/// trailing `/` and the query parameters that only track a visit
/// (`utm_…`, `_gl`), in lower case and with `%40` read as `@`.
pub(super) fn page_address(url: &str) -> String {
    let url = url.trim();
    let url = url.split_once("://").map_or(url, |(_, rest)| rest);
    let url = url.strip_prefix("www.").unwrap_or(url);
    let url = url.split('#').next().unwrap_or(url);
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let tracking = |p: &&str| {
        let name = p.split('=').next().unwrap_or_default();
        name.starts_with("utm_") || matches!(name, "_gl" | "fbclid" | "gclid" | "ref" | "source")
    };
    let kept: Vec<&str> = query.split('&').filter(|p| !p.is_empty() && !tracking(p)).collect();
    let mut address = path.trim_end_matches('/').to_lowercase().replace("%40", "@");
    if !kept.is_empty() {
        address.push('?');
        address.push_str(&kept.join("&"));
    }
    address
}

/// Words that number the members of a series in a name (`(round 2)`,
/// `part 3`, `session 4`): the next meeting, part or lesson, not a version.
const ORDINAL_WORDS: &[&str] = &[
    "round", "part", "session", "day", "week", "lecture", "lesson", "chapter", "episode", "ep", "sprint",
    "module", "unit", "meeting", "issue", "vol", "volume", "book", "term", "semester",
];

/// A name and the same name with an ordinal qualifier added (`Issue
/// Review` and `Issue Review (round 2)`, `Trip notes` and `Trip notes part
/// 2`): the first member of a series and a later one, each its own record,
/// unless the later one is nearly all the first one's text (`content`
/// below [`REPUBLISHED`]).
pub(super) fn next_in_series(a: &Facts, b: &Facts, content: f64) -> bool {
    fn qualified(long: &str, short: &str) -> bool {
        let fold = |t: &str| vaultlint_core::text::fold(t.trim_matches(|c: char| !c.is_alphanumeric()));
        let Some(rest) = long.get(short.len()..).filter(|_| fold(&long[..short.len()]) == fold(short)) else {
            return false;
        };
        let rest = rest.trim_matches(|c: char| {
            c.is_whitespace() || matches!(c, '(' | ')' | '[' | ']' | '-' | '_' | ',')
        });
        let (word, number) = rest.split_at(rest.find(|c: char| c.is_ascii_digit()).unwrap_or(rest.len()));
        let word = word
            .trim_matches(|c: char| c.is_whitespace() || matches!(c, '-' | '_' | '.' | '#'))
            .to_lowercase();
        !number.is_empty()
            && number.bytes().all(|b| b.is_ascii_digit())
            && ORDINAL_WORDS.contains(&word.as_str())
    }
    let (x, y) = (a.note.stem(), b.note.stem());
    content < REPUBLISHED && (x.len() > y.len() && qualified(x, y) || y.len() > x.len() && qualified(y, x))
}

/// Names of the record a release leaves: its changelog, its notes.
const RELEASE_RECORDS: &[&str] = &[
    "changelog",
    "change log",
    "changes",
    "release notes",
    "release note",
    "releasenotes",
    "release",
    "news",
];

/// The records of two releases: one name of [`RELEASE_RECORDS`] but for
/// the version each names (`CHANGELOG-v1.14.2`, `CHANGELOG-v1.15.2`). Each
/// says what its release changed, and stays true for those who run it:
/// a fix backported to several release lines gives their changelogs one
/// text, not one changelog two versions.
pub(super) fn records_of_two_releases(a: &Facts, b: &Facts) -> bool {
    let (x, y) = (&a.path.name, &b.path.name);
    let versioned = |n: &vaultlint_syntax::names::Normalized| {
        n.markers.iter().any(|m| matches!(m, Marker::Version { .. }))
    };
    let named_for_release = x.key == y.key && RELEASE_RECORDS.contains(&x.key.as_str());
    // A version alone names the record in a folder of them
    // (`changelogs/v0.10.8.md`, `release-notes/1.4.md`), copied into
    // each release folder of a docs site with the records of that line.
    let filed_as_record = |f: &Facts| {
        f.note.folder().rsplit('/').next().is_some_and(|folder| {
            let folder = folder.to_lowercase().replace(['-', '_'], " ");
            let singular = folder.strip_suffix('s').unwrap_or(&folder);
            RELEASE_RECORDS.contains(&singular) || folder_of_releases(&folder.replace(' ', "-"))
        })
    };
    // (The same record in two release folders is a copy of it.)
    let version_alone = x.key.is_empty()
        && y.key.is_empty()
        && !a.note.stem().eq_ignore_ascii_case(b.note.stem())
        && filed_as_record(a)
        && filed_as_record(b);
    (named_for_release || version_alone) && versioned(x) && versioned(y)
}

/// Two guides of a series of upgrades: one name but for the versions,
/// each name holding two (`from-v2-to-v3`, `from-v3-to-v4`;
/// `upgrade-1.4-to-1.5`). Each says how to make its own upgrade, and
/// stays true for whoever makes it, however much the two share.
pub(super) fn guides_of_two_upgrades(a: &Facts, b: &Facts) -> bool {
    let (x, y) = (&a.path.name, &b.path.name);
    let versions = |n: &vaultlint_syntax::names::Normalized| {
        n.markers.iter().filter(|m| matches!(m, Marker::Version { .. })).count()
    };
    x.key == y.key
        && versions(x) >= 2
        && versions(y) >= 2
        && !a.note.stem().eq_ignore_ascii_case(b.note.stem())
}

/// Words that name a note gathering the others of its kind.
const COLLECTION_WORDS: &[&str] =
    &["collective", "combined", "cumulative", "compiled", "aggregate", "overall", "complete"];

/// A period's note and the collection of every period: one name but for a
/// date in the one and a word of collecting in the other (`2021 Case Book`
/// and `Collective Case Book`). The year's note is a part of the whole,
/// and stays when the whole grows.
pub(super) fn part_and_collection(a: &Facts, b: &Facts) -> bool {
    let part_of = |part: &Facts, whole: &Facts| {
        let (p, w) = (&part.path.name, &whole.path.name);
        let mut words: Vec<&str> = w.key.split(' ').collect();
        let Some(at) = words.iter().position(|word| COLLECTION_WORDS.contains(word)) else { return false };
        words.remove(at);
        p.dated() && !w.dated() && !p.key.is_empty() && words.join(" ") == p.key
    };
    part_of(a, b) || part_of(b, a)
}

/// One page under two sibling year folders (`elections/2023/results.md`,
/// `elections/2024/results.md`): the record each year keeps of its own
/// (an election's results and statements, a year's plan), with the year
/// folders' names the only difference, `Some` with the two years. Each is
/// true of its year; a folder rule says so where a vault keeps yearly
/// editions of one handbook.
pub(super) fn records_of_two_years(a: &Facts, b: &Facts) -> Option<(u16, u16)> {
    let (parted, years) = parted_at_years(&a.note.path, &b.note.path)?;
    // Below the two years, one path: the same page of each year.
    (parted.below.0.is_some() && parted.below.0 == parted.below.1).then_some(years)
}

/// Where two paths part at two year folders (`elections/2023/…` and
/// `elections/2024/…`), with the two years.
fn parted_at_years<'p>(a: &'p str, b: &'p str) -> Option<(vaultlint_core::paths::Parting<'p>, (u16, u16))> {
    let parted = vaultlint_core::paths::parting(a, b)?;
    let (x, y) = parted.parts;
    let years = (vaultlint_syntax::names::year_folder(x)?, vaultlint_syntax::names::year_folder(y)?);
    Some((parted, years))
}

/// Of the notes under one folder's year folders, at least this many
/// quarters found again under another year, at the same path below it,
/// make the years editions of one set of pages (a yearly handbook).
const EDITIONS_QUARTERS: usize = 3;

/// The share of its text, at least, that a note of one year's records
/// keeps from another year's under a new name to be that note again (a
/// post published again the next year), not the next year's own record.
pub(super) const REPUBLISHED: f64 = 0.9;

/// The folders whose year folders keep each year's records, learnt from
/// the vault: most notes under `elections/2021/`, `elections/2022/` …
/// are the year's own (its candidates, its events), and the pages every
/// year has (`README.md`, `results.md`, the nomination form) are filled
/// anew for it. A year's page is no version of another year's; where most
/// pages recur year after year instead, the years are editions, and the
/// pages they carry over are suggested (see [`records_of_two_years`]).
/// Also kept: the pages two years or more hold, by the folder of the years
/// and the path below them (`operating-plan/`, `info.md`).
pub(crate) struct YearRecords(std::collections::HashSet<String>, std::collections::HashSet<(String, String)>);

impl YearRecords {
    pub fn of(vault: &Vault, looked_at: &[bool]) -> YearRecords {
        // How many years hold each page: (folder of the years, path below the year).
        let mut pages: HashMap<(&str, &str), usize> = HashMap::new();
        for note in (0..vault.notes.len()).filter(|&id| looked_at[id]).map(|id| &vault.notes[id]) {
            let path = note.path.as_str();
            let mut start = 0;
            for (slash, _) in path.match_indices('/') {
                if vaultlint_syntax::names::year_folder(&path[start..slash]).is_some() {
                    *pages.entry((&path[..start], &path[slash + 1..])).or_default() += 1;
                }
                start = slash + 1;
            }
        }
        let recurring_pages = (pages.iter())
            .filter(|&(_, &years)| years > 1)
            .map(|(&(folder, below), _)| (folder.to_string(), below.to_string()))
            .collect();
        // For each folder of years: its notes under them, and those found again.
        let mut folders: HashMap<&str, (usize, usize)> = HashMap::new();
        for ((folder, _), years) in pages {
            let (all, recurring) = folders.entry(folder).or_default();
            *all += years;
            if years > 1 {
                *recurring += years;
            }
        }
        YearRecords(
            folders
                .into_iter()
                .filter(|&(_, (all, recurring))| 4 * recurring < EDITIONS_QUARTERS * all)
                .map(|(folder, _)| folder.to_string())
                .collect(),
            recurring_pages,
        )
    }

    /// Whether one of `a` and `b` is a year's page of a folder of years
    /// (`operating-plan/2024/info.md`) and the other the page of that name
    /// beside the years (`operating-plan/info.md`), sharing less than half
    /// their text (`content`): the page each year fills in anew, and the
    /// folder's own, which lists the years. Where the two share most of
    /// their text, a page was put away under its year.
    pub(super) fn year_page_and_the_page_above(&self, a: &Facts, b: &Facts, content: f64) -> bool {
        let above = |year: &str, page: &str| {
            let (folder, below) = page.rsplit_once('/').map_or(("", page), |(f, b)| (f, b));
            let folder = if folder.is_empty() { String::new() } else { format!("{folder}/") };
            year.strip_prefix(folder.as_str()).and_then(|rest| rest.split_once('/')).is_some_and(
                |(named, rest)| {
                    rest == below
                        && vaultlint_syntax::names::year_folder(named).is_some()
                        && self.1.contains(&(folder.clone(), below.to_string()))
                },
            )
        };
        let (x, y) = (a.note.path.as_str(), b.note.path.as_str());
        content < SERIES_CONTENT && (above(x, y) || above(y, x))
    }

    /// Whether `a` and `b` are two years' records, sharing `content` of
    /// their text: their paths part at two year folders of a folder of
    /// records, and below them they are the same page (each year's own),
    /// or two pages of which neither is the other published again.
    pub(super) fn two_records(&self, a: &Facts, b: &Facts, content: f64) -> bool {
        if self.0.is_empty() {
            return false;
        }
        let Some((parted, _)) = parted_at_years(&a.note.path, &b.note.path) else { return false };
        self.0.contains(parted.parent) && (parted.below.0 == parted.below.1 || content < REPUBLISHED)
    }
}

/// A note at least this many halves as long as another, repeats of its
/// shingles counted, with less than [`OWN_HALVES`] halves as much text of
/// its own, holds that text several times over.
const COMPILED_HALVES: u64 = 6;
const OWN_HALVES: u64 = 3;
/// How many times more than the other note, at least, a compilation
/// repeats its shingles: a page grown with code or tables repeats its
/// lines too, but about as often as its earlier version did.
const REPEATED: u64 = 3;

/// A compilation and one of the texts in it: one note holding the other's
/// text several times over (four near-identical variants of a prompt
/// pasted one after another), the other holding it once. Their text is
/// one, but the compilation is no version of any single variant, and no
/// variant of it, whichever is older. Measured on the shingles with their
/// repeats, as the distinct ones of the two are nearly the same.
pub(super) fn compilation_and_part(a: &Fingerprint, b: &Fingerprint) -> bool {
    let holds_over = |whole: &Fingerprint, part: &Fingerprint| {
        let (long, short) = (u64::from(whole.length()), u64::from(part.length()));
        let (own, theirs) = (u64::from(whole.size()), u64::from(part.size()));
        // Its shingles repeated three times as often as the other's, on
        // the whole: one text pasted again, not a page grown with code
        // (`long / own >= REPEATED * short / theirs`, without division).
        short > 0
            && long * 2 >= short * COMPILED_HALVES
            && own * 2 < theirs * OWN_HALVES
            && long * theirs >= REPEATED * short * own
    };
    holds_over(a, b) || holds_over(b, a)
}

/// A page and its translation: notes in two languages with one file
/// name (`docs/intro.md` and `i18n/fr/.../intro.md`, `en/intro.md` and
/// `de/intro.md`, `intro.en.mdx` and `intro.ar.mdx`), however much text
/// an untranslated page shares.
pub(super) fn translation(a: &Facts, b: &Facts) -> bool {
    a.language != b.language && unlocalized_stem(a).eq_ignore_ascii_case(unlocalized_stem(b))
        || locale_copy(a, b)
}

/// The note's file name without its extension, and without the language
/// suffix that names its language (`intro` of `intro.fr.md`).
fn unlocalized_stem<'a>(f: &Facts<'a>) -> &'a str {
    let stem = f.note.stem();
    match (f.path.language.as_deref(), stem.rsplit_once('.')) {
        (Some(language), Some((base, suffix))) if suffix.eq_ignore_ascii_case(language) => base,
        _ => stem,
    }
}

/// Whether one of two notes is a page of a site's locale tree (under
/// `i18n/`, as Docusaurus and Hugo keep translations, or named with a
/// language suffix, `README.fr.md`) and the other is of no language, the
/// site's own: a translation, or a copy waiting for one, of whatever page,
/// and never a version of the other.
fn locale_copy(a: &Facts, b: &Facts) -> bool {
    let localized = |f: &Facts| {
        if f.path.language.is_none() {
            return false;
        }
        let path = f.note.path.as_str();
        path.starts_with("i18n/")
            || path.contains("/i18n/")
            || unlocalized_stem(f).len() < f.note.stem().len()
    };
    (localized(a) && b.path.language.is_none()) || (localized(b) && a.path.language.is_none())
}

/// GitHub's community health files, by name in lower case with `_` and
/// spaces as `-`: a repository keeps them at its root or in `.github/`.
const COMMUNITY_FILES: &[&str] =
    &["code-of-conduct", "contributing", "security", "support", "governance", "license", "maintainers"];

/// Whether one of two notes is the repository's community health file
/// (`CODE_OF_CONDUCT.md` at its root or in `.github/`) and the other a
/// page elsewhere: the file GitHub shows beside the page the site shows,
/// both kept, neither a version of the other.
pub(super) fn community_file_and_page(a: &Facts, b: &Facts) -> bool {
    let community = |f: &Facts| {
        let folder = f.note.folder();
        let name = f.note.stem().to_lowercase().replace(['_', ' '], "-");
        (folder.is_empty() || folder == ".github") && COMMUNITY_FILES.contains(&name.as_str())
    };
    (community(a) || community(b)) && a.note.folder() != b.note.folder()
}

/// A note and its child in a hierarchy written in names, as Dendron keeps
/// a vault (`project.md`, `project.report.md`, `project.design.md`): the
/// child is a note of its own under the parent, however much of the
/// parent's text it quotes. A name grown by a word that says a copy or an
/// age (`notes.backup.md`, `notes.old.md`) is a copy still.
pub(super) fn note_and_child(a: &Facts, b: &Facts) -> bool {
    a.note.folder() == b.note.folder()
        && (child_stem(a.note.stem(), b.note.stem()) || child_stem(b.note.stem(), a.note.stem()))
}

/// Whether `child` is `parent` and a dot and a name that starts with a
/// letter and holds no version, date or word of age (`.report`, not `.3`,
/// `.v2` or `.old`).
fn child_stem(parent: &str, child: &str) -> bool {
    child.strip_prefix(parent).and_then(|rest| rest.strip_prefix('.')).is_some_and(|rest| {
        rest.starts_with(char::is_alphabetic) && vaultlint_syntax::names::normalize(rest).markers.is_empty()
    })
}

/// At least this many notes of one folder, and half its notes, named by
/// record numbers make it a folder of records.
const RECORDS: usize = 5;

/// The record number opening a name, and the words after it: `0140` and
/// `migrate config to core bpf` of `0140-migrate-config-to-core-bpf`,
/// `12` and `use postgres` of `ADR-012 Use Postgres`. A bare number needs
/// three digits or more and is no year (`2024-plan` is the plan of a
/// year); a prefix is a word of letters that says no version (`v2`,
/// `rev-3`).
pub(super) fn record_number(stem: &str) -> Option<(u32, String)> {
    let letters = stem.bytes().take_while(u8::is_ascii_alphabetic).count();
    let prefix = &stem[..letters];
    if letters == 1 || letters > 5 || ["ver", "rev", "draft"].iter().any(|w| prefix.eq_ignore_ascii_case(w)) {
        return None;
    }
    let rest = &stem[letters..];
    let rest = if letters > 0 { rest.strip_prefix(['-', '_', ' ']).unwrap_or(rest) } else { rest };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let number: u32 = rest[..digits].parse().ok()?;
    let padded = rest.starts_with('0');
    let fits = if letters > 0 { (1..=5).contains(&digits) } else { (3..=5).contains(&digits) };
    if !fits || letters == 0 && !padded && (1900..=2099).contains(&number) {
        return None;
    }
    let words = rest[digits..].strip_prefix(['-', '_', ' ', '.'])?;
    let words: Vec<String> = words
        .split(|c: char| c == '-' || c == '_' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    (!words.is_empty()).then(|| (number, words.join(" ")))
}

/// The folders of numbered records (`proposals/0140-….md`, `adr/0007-….md`,
/// `rfcs/`): a record is a document of its own, which a later record may
/// build on or copy the form of without being a version of it.
pub(crate) struct RecordFolders(std::collections::HashSet<String>);

impl RecordFolders {
    pub fn of(vault: &Vault, looked_at: &[bool]) -> RecordFolders {
        let notes = || (0..vault.notes.len()).filter(|&id| looked_at[id]).map(|id| &vault.notes[id]);
        let mut records: HashMap<&str, (usize, usize)> = HashMap::new();
        for note in notes().filter(|n| record_number(n.stem()).is_some()) {
            records.entry(note.folder()).or_default().0 += 1;
        }
        records.retain(|_, (n, _)| *n >= RECORDS);
        for note in notes() {
            if let Some((_, all)) = records.get_mut(note.folder()) {
                *all += 1;
            }
        }
        RecordFolders(
            records.into_iter().filter(|(_, (n, all))| 2 * n >= *all).map(|(f, _)| f.to_string()).collect(),
        )
    }

    /// Whether `folder` is a folder of records.
    pub fn holds(&self, folder: &str) -> bool {
        self.0.contains(folder)
    }

    /// Whether `a` and `b` are two records of one folder of records:
    /// numbered apart, under names that say two subjects. A record filed
    /// again under its name and a new number is still a candidate.
    pub(super) fn two_records(&self, a: &Facts, b: &Facts) -> bool {
        let folder = a.note.folder();
        if folder != b.note.folder() || !self.0.contains(folder) {
            return false;
        }
        match (record_number(a.note.stem()), record_number(b.note.stem())) {
            (Some((x, words_x)), Some((y, words_y))) => x != y && words_x != words_y,
            _ => false,
        }
    }
}

/// Sibling folders that hold two states of one tutorial's project, side
/// by side for the learner to compare: neither replaces the other.
const TUTORIAL_STATES: &[(&str, &[&str])] = &[
    ("start", &["solution", "finish", "finished", "final", "end", "complete", "completed"]),
    ("starter", &["solution", "final", "finished", "complete", "completed"]),
    ("begin", &["end", "solution"]),
    ("before", &["after"]),
    ("initial", &["final", "solution", "complete"]),
    ("exercise", &["solution"]),
    ("exercises", &["solutions"]),
    ("problem", &["solution"]),
];

/// Whether two notes are one page of a tutorial's two states: their paths
/// part at sibling folders such as `start/` and `solution/` (see
/// [`TUTORIAL_STATES`]) and are the same below them.
pub(super) fn tutorial_states(a: &str, b: &str) -> bool {
    let Some(parted) = vaultlint_core::paths::parting(a, b) else { return false };
    let (x, y) = (parted.parts.0.to_lowercase(), parted.parts.1.to_lowercase());
    let paired =
        |one: &str, other: &str| TUTORIAL_STATES.iter().any(|(s, ends)| *s == one && ends.contains(&other));
    parted.below.0.is_some() && parted.below.0 == parted.below.1 && (paired(&x, &y) || paired(&y, &x))
}

/// At least this many folders of one parent, each beside a folder of its
/// name without the suffix, make a suffix the vault's name for a variant.
const VARIANT_BASES: usize = 3;

/// The suffixes a vault names parallel variants of its folders with, learnt
/// from the vault: `policies/other/` beside `policies/other-cel/`, and
/// `argo/` beside `argo-cel/`, `aws/` beside `aws-cel/`, make `-cel` a
/// variant (the same catalogue written for another engine, a platform's
/// edition). A page and its variant in the parallel folder are both
/// current. Suffixes that say old, new, a release or a period are never
/// variants (`guides-old/`, `api-v2/`, `docs-next/`).
pub(crate) struct VariantFolders(HashMap<String, std::collections::HashSet<String>>);

impl VariantFolders {
    pub fn of(vault: &Vault, looked_at: &[bool]) -> VariantFolders {
        // Every folder of every looked-at note, as (parent, name).
        let mut folders: std::collections::HashSet<(&str, &str)> = std::collections::HashSet::new();
        let mut last = None;
        for note in (0..vault.notes.len()).filter(|&id| looked_at[id]).map(|id| &vault.notes[id]) {
            // Notes of one folder come together: each folder is read once.
            if last.replace(note.folder()) == Some(note.folder()) {
                continue;
            }
            let mut start = 0;
            for (slash, _) in note.path.match_indices('/') {
                folders.insert((&note.path[..start], &note.path[start..slash]));
                start = slash + 1;
            }
        }
        let mut bases: HashMap<(&str, &str), usize> = HashMap::new();
        for &(parent, name) in &folders {
            if let Some((base, suffix)) = name.rsplit_once('-')
                && folders.contains(&(parent, base))
                && variant_word(suffix)
            {
                *bases.entry((parent, suffix)).or_default() += 1;
            }
        }
        let mut variants: HashMap<String, std::collections::HashSet<String>> = HashMap::new();
        for ((parent, suffix), _) in bases.into_iter().filter(|&(_, n)| n >= VARIANT_BASES) {
            variants.entry(parent.to_string()).or_default().insert(suffix.to_string());
        }
        VariantFolders(variants)
    }

    /// Whether two notes are one page of a folder and of its variant (or of
    /// two variants of one folder): their paths part at two such sibling
    /// folders and are the same below them.
    pub(super) fn variants<'a>(&self, a: &'a str, b: &'a str) -> bool {
        if self.0.is_empty() {
            return false;
        }
        let Some(parted) = vaultlint_core::paths::parting(a, b) else { return false };
        let Some(suffixes) = self.0.get(parted.parent) else { return false };
        let base = |name: &'a str| match name.rsplit_once('-') {
            Some((base, suffix)) if suffixes.contains(suffix) => base,
            _ => name,
        };
        let (x, y) = parted.parts;
        parted.below.0.is_some() && parted.below.0 == parted.below.1 && base(x) == base(y)
    }
}

/// Whether a folder name's suffix may name a variant: letters that are no
/// version, period, live copy or word of age.
fn variant_word(suffix: &str) -> bool {
    !suffix.is_empty()
        && suffix.bytes().all(|c| c.is_ascii_alphabetic())
        && !vaultlint_model::version_roots::named_as_root(suffix)
        && !vaultlint_syntax::names::set_aside_folder(suffix)
        && vaultlint_syntax::names::normalize(suffix).markers.is_empty()
}

/// Notes linked by resolved declarations.
pub(super) struct Links {
    /// For each note, a representative of the notes it is linked to,
    /// directly or through a chain.
    pub component: Vec<usize>,
    /// Whether a resolved declaration, on either side, makes the note the
    /// older one: it is marked already, so it is never the older note of
    /// a suggestion.
    pub retired: Vec<bool>,
}

impl Links {
    pub fn of(vault: &Vault, graph: &Graph) -> Links {
        let mut retired = vec![false; vault.notes.len()];
        for (older, _) in graph.pairs() {
            retired[older] = true;
        }
        Links { component: graph.chains(), retired }
    }
}

/// Drops the pairs among [`TWINS`] or more notes that share their text
/// under names and titles that differ, such as a session log each page of
/// a campaign carries, with a line of its own: one passage in many notes,
/// as byte-identical twins are one file, not versions of each other,
/// unless something orders them with confidence, or they are pages of two
/// releases (a page renamed between them, which its text alone joins).
pub(super) fn drop_near_twins(pairs: &mut Vec<Pair>) {
    let unnamed = |s: &Signals| s.name < STRONG_NAME && s.title.is_none_or(|t| t < STRONG_NAME);
    // Only pairs that share most of their text count as twins: weak pairs,
    // listed only at a low `--min-score`, would otherwise make two twins
    // look like three, and a lower threshold list fewer pairs.
    let same = |p: &Pair| {
        unnamed(&p.signals)
            && p.signals.content >= super::compare::MOSTLY_SHARED
            && p.direction != Direction::Confident
            && !p.any_evidence(Evidence::from_release_folders)
    };
    let mut partners: HashMap<NoteId, usize> = HashMap::new();
    for p in pairs.iter().filter(|p| same(p)) {
        *partners.entry(p.older).or_default() += 1;
        *partners.entry(p.newer).or_default() += 1;
    }
    let many = |id: &NoteId| partners.get(id).is_some_and(|&n| n + 1 >= TWINS);
    pairs.retain(|p| !(same(p) && many(&p.older) && many(&p.newer)));
}

/// Drops the uncertain pairs between two notes that one note retires with
/// confidence (two copies of a page put aside in two archive folders,
/// beside the live page): both go, and which of the two is older asks a
/// person to choose between copies that neither stays.
pub(super) fn drop_between_copies_of_one_successor(pairs: &mut Vec<Pair>) {
    let mut successors: HashMap<NoteId, Vec<NoteId>> = HashMap::new();
    for p in pairs.iter().filter(|p| p.direction == Direction::Confident) {
        successors.entry(p.older).or_default().push(p.newer);
    }
    if successors.len() < 2 {
        return;
    }
    let one_successor = |a: NoteId, b: NoteId| match (successors.get(&a), successors.get(&b)) {
        (Some(x), Some(y)) => x.iter().any(|s| y.contains(s)),
        _ => false,
    };
    pairs.retain(|p| !(p.direction == Direction::Uncertain && one_successor(p.older, p.newer)));
}

/// Two folders that hold copies of many of the same notes, nearly all
/// with the same text (see [`drop_mirrors`]): one finding for the two,
/// instead of a pair for each copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MirroredFolders {
    /// The two folders, vault-relative with a trailing `/` (`""` for the
    /// root), in path order.
    pub folders: (String, String),
    /// How many notes the two hold under one relative path.
    pub copies: usize,
    /// How many of those copies hold the same text.
    pub same: usize,
}

/// Drops the pairs between two folders that hold copies of many of the
/// same notes, nearly all with the same text, where no folder on either
/// side is named as a release, a year, a live copy or an archive: a
/// site's content folder synced from the vault, a copy of the vault kept
/// inside it, a folder moved with its first copy left behind. One folder
/// mirrors the other; none of its notes is a version of its twin, and a
/// pair for each would bury the rest. Gives the two folders of each, for
/// one finding in place of the pairs.
pub(super) fn drop_mirrors(
    pairs: &mut Vec<Pair>,
    vault: &Vault,
    facts: &[Option<Box<Facts>>],
) -> Vec<MirroredFolders> {
    // Each pair's two roots, in path order, and the folder its copies lie
    // in below them (`W3school` of `Git/W3school/branch.md` and
    // `Web/Git/W3school/branch.md`, under the root and `Web/`).
    let roots = |p: &Pair| {
        let older = &vault.notes[p.older].path;
        let (a, b) = mirror_roots(older, &vault.notes[p.newer].path)?;
        // The folders that tell the two roots apart, below the ones they
        // share (`lts` of `docs/relay` and `docs/relay/lts`).
        let shared = a.split('/').zip(b.split('/')).take_while(|(x, y)| x == y).count();
        let named = |root: &str| {
            root.split('/')
                .filter(|f| !f.is_empty())
                .skip(shared)
                .any(vaultlint_model::version_roots::named_as_root)
        };
        // A folder of age that tells the two apart, or a year's folder
        // (a year's records are no copies); a folder of age both lie under
        // below their roots (`archive/` of `archive/x.md` and
        // `backup/archive/x.md`) says nothing of one against the other.
        let markers = |id: NoteId| facts[id].as_ref().map(|f| f.path.folder_markers());
        let aged = match (markers(p.older), markers(p.newer)) {
            (Some(x), Some(y)) => x != y || x.iter().any(|m| matches!(m, Marker::Date { .. })),
            _ => true,
        };
        let plain = !named(a) && !named(b) && !aged;
        let relative = older[a.len()..].trim_start_matches('/');
        let below = relative.rsplit_once('/').map_or("", |(folder, _)| folder);
        plain.then_some((if a <= b { (a, b) } else { (b, a) }, below))
    };
    let found: Vec<Option<((&str, &str), &str)>> = pairs.iter().map(roots).collect();
    let mut count: HashMap<(&str, &str), (usize, usize)> = HashMap::new();
    for (p, (key, _)) in pairs.iter().zip(&found).filter_map(|(p, f)| Some((p, (*f)?))) {
        let (all, same) = count.entry(key).or_default();
        *all += 1;
        *same += usize::from(p.signals.content >= SAME_TEXT);
    }
    // A folder inside another that holds its own copy of many of the
    // other's pages, edited (`nic/lts/` of `nic/`, a supported line beside
    // the main one): a parallel line, each of whose pages is current for
    // its readers. Its pairs that nothing orders with confidence are no
    // versions.
    let nested = |(a, b): (&str, &str)| {
        let inside = |outer: &str, inner: &str| match outer {
            "" => !inner.contains('/'),
            _ => inner
                .strip_prefix(outer)
                .and_then(|rest| rest.strip_prefix('/'))
                .is_some_and(|n| !n.contains('/')),
        };
        inside(a, b) || inside(b, a)
    };
    let parallel = |key: &(&str, &str), &(all, same): &(usize, usize)| {
        all >= MIRROR && (same as f64) < MIRROR_SAME * all as f64 && nested(*key)
    };
    let lines: std::collections::HashSet<(&str, &str)> =
        count.iter().filter(|(key, counts)| parallel(key, counts)).map(|(&key, _)| key).collect();
    count.retain(|_, (all, same)| *all >= MIRROR && *same as f64 >= MIRROR_SAME * *all as f64);
    // The folder all of a mirror's copies lie in below its roots: `Git/`
    // and `Web/Git/` rather than the root and `Web/`.
    let mut shared: HashMap<(&str, &str), &str> = HashMap::new();
    for (key, below) in found.iter().flatten().filter(|(key, _)| count.contains_key(key)) {
        let common = shared.entry(*key).or_insert(below);
        *common = common_folder(common, below);
    }
    // A mirror's pairs go, and a parallel line's that nothing orders.
    let dropped = |(key, _): ((&str, &str), &str), pair: &Pair| {
        count.contains_key(&key) || lines.contains(&key) && pair.direction != Direction::Confident
    };
    // The copy a folder keeps of itself inside it (`notes/backup-2026…/`
    // in `notes/`), which the finding reports: none of its notes is paired
    // with another note at all, under its own name or a sibling's.
    let copies: Vec<&str> = (count.keys())
        .filter(|&&key| nested(key))
        .map(|&(a, b)| if b.len() > a.len() { b } else { a })
        .collect();
    let in_copy = |id: NoteId| {
        let folder = vault.notes[id].folder();
        copies.iter().any(|copy| folder == *copy || folder_within(copy, folder))
    };
    let kept: Vec<bool> = (found.iter().zip(pairs.iter()))
        .map(|(f, p)| f.is_none_or(|f| !dropped(f, p)) && !in_copy(p.older) && !in_copy(p.newer))
        .collect();
    let mut kept = kept.into_iter();
    pairs.retain(|_| kept.next().unwrap_or(true));
    let folder = |root: &str, below: &str| {
        let path = [root, below].iter().filter(|p| !p.is_empty()).copied().collect::<Vec<_>>().join("/");
        if path.is_empty() { path } else { format!("{path}/") }
    };
    let mut mirrors: Vec<MirroredFolders> = count
        .into_iter()
        .map(|((a, b), (copies, same))| {
            let below = shared.get(&(a, b)).copied().unwrap_or("");
            MirroredFolders { folders: (folder(a, below), folder(b, below)), copies, same }
        })
        .collect();
    mirrors.sort_by(|x, y| x.folders.cmp(&y.folders));
    mirrors
}

/// The deepest folder `a` and `b` both lie in (`Git` of `Git/W3school`
/// and `Git`), `""` for none.
fn common_folder<'p>(a: &'p str, b: &str) -> &'p str {
    let mut end = 0;
    for (x, y) in a.split('/').zip(b.split('/')) {
        if x != y {
            break;
        }
        // The separator before each folder but the first.
        end += usize::from(end > 0) + x.len();
    }
    &a[..end]
}

/// The folders two paths hold one relative path under (`content` and
/// the root for `content/Evergreen notes.md` and `Evergreen notes.md`),
/// if they end alike from the file name on. A site's build that copies a
/// vault names its files as URLs (`src/content/Evergreen-notes.md`): a
/// name and its slug are alike.
fn mirror_roots<'p>(a: &'p str, b: &'p str) -> Option<(&'p str, &'p str)> {
    let (mut x, mut y) = (a.rsplit('/'), b.rsplit('/'));
    let (mut ax, mut by) = (a.len(), b.len());
    loop {
        match (x.next(), y.next()) {
            (Some(p), Some(q)) if p == q || one_slug(p, q) => {
                ax -= p.len();
                by -= q.len();
                // The separator before the part, where there is one.
                ax = ax.saturating_sub(1);
                by = by.saturating_sub(1);
            }
            (Some(_), Some(_)) | (Some(_), None) | (None, Some(_)) => break,
            (None, None) => return None,
        }
    }
    (ax != a.len()).then(|| (&a[..ax], &b[..by]))
}

/// Whether two file or folder names are one name, written as a slug in
/// one of them: the same letters, but for case, with a `-` where the
/// other has a space or `_`.
fn one_slug(a: &str, b: &str) -> bool {
    let slug = |c: char| if c == ' ' || c == '_' { '-' } else { c.to_ascii_lowercase() };
    a.len() == b.len() && a.chars().map(slug).eq(b.chars().map(slug))
}

/// For each note of a group of [`TWINS`] or more byte-identical notes,
/// the group's key.
pub(super) fn twins(outlines: &[Option<Outline>]) -> HashMap<NoteId, u64> {
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
pub(super) struct Ordinals {
    /// Per note whose name shares its words with another's: its group,
    /// its position in it, whether its name says `v2` or `version 2`, and
    /// whether it is filed in the folder of a year its name holds (a
    /// yearly note: `2024/2024 Summary`).
    member: HashMap<NoteId, (u32, u32, bool, bool)>,
    /// Per group, how many notes it has.
    sizes: Vec<u32>,
    /// Per group that is a chain of revisions (three or more names that
    /// each say their version, `Cuda v1` to `Cuda v10`, and notes written
    /// one after another in that order, or none dated), what its
    /// neighbours share of their text to be one document:
    /// [`CHAIN_CONTENT`] where dates put them in order; where nothing is
    /// dated, [`SERIES_CONTENT`] (`SNMP v1` to `v3`, three subjects, share
    /// a paragraph). `None` for any other group.
    chains: Vec<Option<f64>>,
    /// Per group, whether it is a name and a later copy of it (`Paper
    /// (2015)` and `Paper (2015) 2`), which the same text makes a copy.
    copies: Vec<bool>,
}

impl Ordinals {
    /// The numbered series among the notes whose `briefs` say where
    /// their names stand in one.
    pub fn of(vault: &Vault, briefs: &[Brief]) -> Ordinals {
        let ordinal = |id: NoteId| briefs[id].ordinal.as_deref();
        let mut by_key: HashMap<u64, Vec<(&[u64], NoteId)>> = HashMap::new();
        for (id, o) in (0..briefs.len()).filter_map(|id| Some((id, ordinal(id)?))) {
            by_key.entry(o.key).or_default().push((o.numbers.as_slice(), id));
        }
        let (mut member, mut sizes, mut chains, mut copies) =
            (HashMap::new(), Vec::new(), Vec::new(), Vec::new());
        let copy = |members: &[(&[u64], NoteId)]| match members {
            [(_, a), (_, b)] => copy_number(&vault.notes[*a], &vault.notes[*b]),
            _ => None,
        };
        // A name and its clash copy (`Paper (2015)`, `Paper (2015) 1`) are
        // one note twice, not a series of two.
        let mut keys: Vec<_> =
            by_key.into_iter().filter(|(_, m)| m.len() >= 2 && copy(m) != Some(1)).collect();
        keys.sort_unstable_by_key(|x| x.0);
        for (group, (_, mut members)) in keys.into_iter().enumerate() {
            members.sort_unstable();
            sizes.push(members.len() as u32);
            copies.push(copy(&members).is_some());
            let versions = members.iter().all(|&(_, id)| ordinal(id).is_some_and(|o| o.version));
            let ids: Vec<NoteId> = members.iter().map(|&(_, id)| id).collect();
            let undated = undated(vault, &ids);
            let chain = members.len() >= SERIES && versions && (undated || written_in_order(vault, &ids));
            chains.push(chain.then_some(if undated { SERIES_CONTENT } else { CHAIN_CONTENT }));
            for (position, (numbers, id)) in members.into_iter().enumerate() {
                let version = ordinal(id).is_some_and(|o| o.version);
                let year = |folder: &str| {
                    folder.len() == 4 && folder.parse::<u64>().is_ok_and(|y| numbers.contains(&y))
                };
                let filed = vault.notes[id].folder().split('/').any(year);
                member.insert(id, (group as u32, position as u32, version, filed));
            }
        }
        Ordinals { member, sizes, chains, copies }
    }

    /// Whether `a` and `b` are next to each other in a family of names
    /// that each say their version (`agreement-v3`, `agreement-v4`): a pair
    /// of each note's, as an older and as a newer revision, beside its
    /// other neighbour's (see [`best_partners`]).
    pub fn neighbours(&self, a: NoteId, b: NoteId) -> bool {
        match (self.member.get(&a), self.member.get(&b)) {
            (Some(x), Some(y)) => x.0 == y.0 && x.2 && y.2 && x.1.abs_diff(y.1) == 1,
            _ => false,
        }
    }

    /// Whether `id` is the last of a family of names that each say their
    /// version (`agreement-v4` of `-v1` to `-v4`): the revision before the
    /// note of the name alone (`agreement`), when there is one.
    pub fn last_version(&self, id: NoteId) -> bool {
        self.member.get(&id).is_some_and(|x| x.2 && x.1 + 1 == self.sizes[x.0 as usize])
    }

    /// Whether the note's name numbers it among siblings of one name.
    pub fn numbered(&self, id: NoteId) -> bool {
        self.member.contains_key(&id)
    }

    /// Whether `a` and `b` are revisions of one chain: then the text
    /// they share is the document's own, however many of its revisions
    /// hold it, and is not discounted as a skeleton common to many notes.
    pub fn chain(&self, a: NoteId, b: NoteId) -> bool {
        match (self.member.get(&a), self.member.get(&b)) {
            (Some(x), Some(y)) => x.0 == y.0 && self.chains[x.0 as usize].is_some(),
            _ => false,
        }
    }

    /// Whether `a` and `b`, sharing `content`, are two entries of a
    /// series rather than one document: names that differ only by their
    /// ordinals sharing less than half their text (two names saying `v2`
    /// or `version 2` need that only in a series of three or more); or,
    /// in a series of three or more, or of yearly notes filed in their
    /// years' folders, not next to each other, or sharing nothing but
    /// their skeleton (all their text), or too short (`substance`, the
    /// shorter's distinctive shingles) to have text of their own. Revisions of a chain are apart
    /// unless neighbours sharing [`CHAIN_CONTENT`] of their text. A name
    /// and a copy of it with its text (`Paper 2`) never are.
    pub fn apart(&self, a: NoteId, b: NoteId, content: f64, substance: usize) -> bool {
        let (Some(x), Some(y)) = (self.member.get(&a), self.member.get(&b)) else { return false };
        if x.0 != y.0 {
            return false;
        }
        let size = self.sizes[x.0 as usize] as usize;
        if self.copies[x.0 as usize] && content >= SAME_TEXT {
            // `Paper 2` with the text of `Paper`: a copy, not a sequel.
            return false;
        }
        if let Some(shared) = self.chains[x.0 as usize] {
            // One revision after another: only neighbours, sharing what a
            // revision keeps of the one before.
            return x.1.abs_diff(y.1) != 1 || content < shared;
        }
        if size >= LONG_SERIES && !(x.2 && y.2) {
            return true;
        }
        let series = size >= SERIES || x.3 && y.3;
        if x.2 && y.2 {
            // `guide-v1`, `guide-v2`, `guide-v3`: versions by name, but
            // `SNMP v1` to `v3` are three subjects sharing a paragraph; and
            // `v1` is followed by `v2`, not by `v3` past it.
            return series && (content < SERIES_CONTENT || x.1.abs_diff(y.1) != 1);
        }
        if !series {
            return content < SERIES_CONTENT;
        }
        // Neighbours of a sentence or two (`2021 Intake`, `2022 Intake`:
        // one line naming its year) share their skeleton and nothing else.
        x.1.abs_diff(y.1) != 1 || !(SERIES_CONTENT..SAME_TEXT).contains(&content) || substance < SHORT
    }
}

/// The year a note is filed under and dated in: the year of its own date
/// (under one of [`WRITTEN_KEYS`]), where one of its folders, its name or
/// its title names that year (`blog/2024/awards.md` dated 2024-10-29, or
/// titled "2024 awards"); with no date of its own, the year of one of its
/// folders that its name or title names too (`2024/W02/manifest.md`
/// titled "Week 2, 2024").
fn filed_year(f: &Facts) -> Option<u16> {
    let names = |year: u16| {
        let digits = year.to_string();
        let names = |text: &str| text.split(|c: char| !c.is_ascii_digit()).any(|t| t == digits);
        names(f.note.stem()) || names(&f.note.title)
    };
    let mut folder_years = f.note.folder().split('/').filter_map(vaultlint_syntax::names::year_folder);
    match WRITTEN_KEYS.iter().find_map(|key| f.note.day(key)) {
        Some(day) => (folder_years.any(|y| y == day.year) || names(day.year)).then_some(day.year),
        None => folder_years.find(|&y| names(y)),
    }
}

/// Whether a dated log keeps `a` and `b` apart, as two documents:
///
/// - two entries of the log: alike by name or title once their years are
///   set aside, each filed under and dated in its own year, the years
///   apart (a yearly announcement in `blog/2024/` and `blog/2025/`, "2024
///   awards" and "2025 awards"). Each is its year's own post, written
///   from the last one's text but never replacing it; only the same text
///   makes one a copy;
/// - two posts, each named by its day under a folder of posts (Jekyll's
///   `_posts/2019-12-17-….md`, a site's `events/`) or of days
///   (`logs/2026-05-05/`), the days apart (or the names, each dated for
///   a day of its own): two entries of the log, such as a release
///   candidate's announcement and the release's, or a monthly event's
///   pages, each written from the last but never replacing it. A post is a record of its day, whatever its text
///   shares, unless one name alone carries a version marker (`… v2`);
/// - a post (filed by its date under a folder of posts: `blog/`, `posts/`,
///   `news/`) and a page of another name that no date places (no date in
///   its frontmatter or its path): a guide written up from the post, or
///   the post made from the guide. The post's date says when it was
///   written, not that the page replaced it, and the post stays as it was
///   posted.
pub(super) fn logged_apart(a: &Facts, b: &Facts, signals: &Signals) -> bool {
    let years = (filed_year(a), filed_year(b));
    let alike = signals.name == 1.0 || signals.title == Some(1.0);
    if alike && signals.content < SAME_TEXT && matches!(years, (Some(x), Some(y)) if x != y) {
        return true;
    }
    // A year's index page (`programs/2022/README.md`, titled with its
    // year, or Hugo's `_index.md` of a `2023/` section, dated when the
    // site was generated) beside the index of the folder holding it: the
    // year's own page, which the folder's links to, unless most of the
    // text is one (a snapshot of the index filed under its year).
    let index = |f: &Facts| f.path.name.is_generic();
    let year_folder =
        |f: &Facts| f.note.folder().rsplit('/').next().and_then(vaultlint_syntax::names::year_folder);
    let year_index = |x: &Facts, year: Option<u16>, y: &Facts| {
        let (inner, outer) = (x.note.folder(), y.note.folder());
        (year.is_some() || year_folder(x).is_some())
            && index(x)
            && index(y)
            && inner != outer
            && vaultlint_core::paths::folder_within(outer, inner)
    };
    if signals.content < super::compare::MOSTLY_SHARED
        && (year_index(a, years.0, b) || year_index(b, years.1, a))
    {
        return true;
    }
    let in_posts = |f: &Facts| f.note.folder().split('/').any(folder_of_posts);
    let named_day = |f: &Facts| full_day(&f.path.name.markers);
    // A version marker one name alone carries (`trunk based dev v2`) is a
    // person saying the post was written again.
    let versioned = |f: &Facts, other: &Facts| {
        f.path.name.markers.iter().any(|m| {
            matches!(m, Marker::Version { .. } | Marker::Older { .. } | Marker::Newer { .. })
                && !other.path.name.markers.iter().any(|o| o.text().eq_ignore_ascii_case(m.text()))
        })
    };
    // A folder for each day (`worklogs/2026-05-05/`) files a log as well.
    let in_day_folder = |f: &Facts| {
        f.note.folder().split('/').any(|folder| {
            let n = vaultlint_syntax::names::normalize(folder);
            n.key.is_empty() && full_day(&n.markers).is_some()
        })
    };
    // Two posts filed on one day under two names, each dated in its
    // frontmatter for a day of its own (the first and second part of a
    // class, announced together), are two entries as well; a post renamed
    // the day it was written is not.
    let own_day = |f: &Facts| WRITTEN_KEYS.iter().find_map(|key| f.note.day(key));
    let two_days = || matches!((own_day(a), own_day(b)), (Some(x), Some(y)) if x != y);
    let two_entries = |x, y| x != y || a.path.name.key != b.path.name.key && two_days();
    if (in_posts(a) && in_posts(b) || in_day_folder(a) && in_day_folder(b))
        && matches!((named_day(a), named_day(b)), (Some(x), Some(y)) if two_entries(x, y))
        && !versioned(a, b)
        && !versioned(b, a)
    {
        return true;
    }
    // So are two posts of other kinds, the days apart: a post of a blog or
    // a feed dated in its frontmatter, or a release's announcement named
    // by its day (`platform_releases/opam/2021-02-08-opam-2-1-0-beta4`). A
    // release's beta and final announcements, this year's conference post
    // written from last year's, the fourth and fifth sessions, one
    // announcement on two feeds: though much of the text is the other's,
    // only a post published again with nearly all of it is the post again.
    // (A version in both names is the software's: `ssreflect 1.1`,
    // `version 1.2`.)
    let in_releases = |f: &Facts| f.note.folder().split('/').any(folder_of_releases);
    let record_day =
        |f: &Facts| match named_day(f).filter(|_| in_posts(f) || in_releases(f) || f.in_dated_log) {
            Some(day) => Some(day),
            None => own_day(f).filter(|_| in_posts(f)),
        };
    let numbered = |f: &Facts| {
        f.path.name.key.bytes().any(|c| c.is_ascii_digit())
            || f.path.name.markers.iter().any(|m| matches!(m, Marker::Version { .. }))
    };
    let rewritten = |x: &Facts, y: &Facts| versioned(x, y) && !numbered(y);
    // Posts of two stages of a release (`coq-86-beta-1-is-out`,
    // `coq-86-is-out`) announce two events, however much of the first the
    // second repeats: only the same text makes one a copy.
    if matches!((record_day(a), record_day(b)), (Some(x), Some(y)) if x != y) {
        let like_again = if release_stages(a.note.stem()) != release_stages(b.note.stem()) {
            SAME_TEXT
        } else {
            REPUBLISHED
        };
        if signals.content < like_again && !rewritten(a, b) && !rewritten(b, a) {
            return true;
        }
    }
    // Two entries of one day in two series that share no word (Dendron's
    // `meetings.2023.07.25` and a person's `open-notebook.dbgi.ana.2023.07.25`,
    // both titled `25`): each its own series' record of the day.
    if signals.content < SAME_TEXT && named_day(a).is_some() && named_day(b).is_some() {
        let (ka, kb) = (&a.path.name.key, &b.path.name.key);
        let shared = ka.split_whitespace().any(|w| kb.split_whitespace().any(|v| v == w));
        if !ka.trim().is_empty() && !kb.trim().is_empty() && !shared {
            return true;
        }
    }
    let undated = |f: &Facts| {
        vaultlint_syntax::keys::version_dates().all(|key| f.note.day(key).is_none())
            && !f.path.name.markers.iter().any(|m| matches!(m, Marker::Date { .. } | Marker::Week { .. }))
    };
    // A post is dated by its folder and frontmatter, or by the day its
    // name begins with (`2021-11-24-service-topology.md`, as Jekyll and
    // Docusaurus name posts).
    let post = |f: &Facts, year: Option<u16>| (year.is_some() || named_day(f).is_some()) && in_posts(f);
    // The same name for both is no sign of one document where the post's
    // day is how posts are named (`2023-03-14-routing-by-site.md` and the
    // guide `routing-by-site.md`), only where the date is in a folder.
    let apart = |p: &Facts, year: Option<u16>, page: &Facts| {
        post(p, year) && undated(page) && (signals.name < 1.0 || named_day(p).is_some())
    };
    apart(a, years.0, b) || apart(b, years.1, a)
}

/// The stages of a release a post's name announces (`alpha`, `beta`,
/// `rc`, `preview`, each perhaps numbered: `beta-1`, `87beta2`), in order.
fn release_stages(stem: &str) -> Vec<String> {
    const STAGES: &[&str] = &["alpha", "beta", "rc", "preview"];
    stem.split(|c: char| !c.is_alphanumeric())
        .map(|word| word.trim_matches(|c: char| c.is_ascii_digit()).to_lowercase())
        .filter(|word| STAGES.contains(&word.as_str()))
        .collect()
}

/// The day a name's markers give, if one gives a whole day (not a year
/// or a month alone).
pub(super) fn full_day(markers: &[Marker]) -> Option<vaultlint_core::date::Day> {
    markers.iter().find_map(|m| match m {
        Marker::Date { day, .. } if day.day != 0 => Some(*day),
        _ => None,
    })
}

/// Folders of posts, each filed by its date (`planet`: a feed that
/// gathers other blogs' posts).
const POST_FOLDERS: &[&str] =
    &["blog", "blogs", "posts", "_posts", "news", "articles", "announcements", "events", "_events", "planet"];

/// Whether a folder holds release announcements, each a post of its day:
/// `releases`, `release-notes`, or named for what it releases
/// (`platform_releases`, `sdk-releases`).
fn folder_of_releases(folder: &str) -> bool {
    let ends = |suffix: &str| {
        folder.len() > suffix.len()
            && folder.get(folder.len() - suffix.len()..).is_some_and(|end| end.eq_ignore_ascii_case(suffix))
    };
    ["releases", "release-notes", "release_notes", "changelog"].iter().any(|r| folder.eq_ignore_ascii_case(r))
        || ends("_releases")
        || ends("-releases")
}

/// Whether a folder holds posts: one of [`POST_FOLDERS`], or a blog named
/// for what it is of (`engineering-blog`, Docusaurus's translated
/// `docusaurus-plugin-content-blog`).
pub(super) fn folder_of_posts(folder: &str) -> bool {
    let blog = folder.len() > 5
        && folder.get(folder.len() - 5..).is_some_and(|end| end.eq_ignore_ascii_case("-blog"));
    blog || POST_FOLDERS.iter().any(|p| p.eq_ignore_ascii_case(folder))
}

/// Whether the notes `ids`, in the order of their names' numbers, were
/// written in that order: each has a date under one of [`WRITTEN_KEYS`],
/// the same key for all, and each date is later than the one before.
fn written_in_order(vault: &Vault, ids: &[NoteId]) -> bool {
    WRITTEN_KEYS.iter().any(|key| {
        let dates: Option<Vec<_>> = ids.iter().map(|&id| vault.notes[id].date(key)).collect();
        dates.is_some_and(|d| d.windows(2).all(|w| w[0] < w[1]))
    })
}

/// Whether none of the notes `ids` is dated under [`WRITTEN_KEYS`]
/// (agreements `-v1` to `-v5` mirrored from elsewhere): only their names
/// and their text can say whether they are revisions of one document.
fn undated(vault: &Vault, ids: &[NoteId]) -> bool {
    ids.iter().all(|&id| WRITTEN_KEYS.iter().all(|key| vault.notes[id].date(key).is_none()))
}

/// Drops the pairs that only their text joins and that nothing orders,
/// not a date, a marker, the history nor a first commit: a post made from
/// an article, a page written in two sections, two references made from
/// one skeleton. They share much of one text, but no name or date says
/// that one replaced the other.
pub(super) fn drop_unordered_by_text_alone(pairs: &mut Vec<Pair>) {
    pairs.retain(|p| !(p.unnamed && unordered(p)));
}

/// Drops the pairs whose two notes are kept up together (changed by the
/// same commits, here or in another language): neither is the stale one,
/// whatever their names say.
pub(super) fn drop_kept_together(pairs: &mut Vec<Pair>) {
    pairs.retain(|p| !p.any_evidence(Evidence::kept_together));
}

/// Whether nothing orders a pair: not a date, a marker, the history nor a
/// first commit.
fn unordered(p: &Pair) -> bool {
    let says_nothing =
        |e: &Evidence| matches!(e, Evidence::NothingOrders | Evidence::ModificationTimesDiffer);
    p.direction == Direction::Uncertain && p.order_evidence.iter().all(says_nothing)
}

/// Drops the pairs of one text filed under one name in two folders,
/// neither holding the other (`General/2023/note.md` and
/// `Market news/2023/note.md`), that nothing orders: one note filed under
/// two subjects, both current, not an old copy and its new one. (A note
/// moved into a subfolder, or into a folder renamed by case, is no note
/// filed twice.)
pub(super) fn drop_unordered_copies_filed_twice(pairs: &mut Vec<Pair>, vault: &Vault) {
    // Compared without case: a folder renamed by case, its old copy left
    // behind, holds the same notes.
    let apart = |a: &str, b: &str| {
        let (a, b) = (a.to_lowercase(), b.to_lowercase());
        a != b && !folder_within(&a, &b) && !folder_within(&b, &a)
    };
    pairs.retain(|p| {
        let (a, b) = (&vault.notes[p.older], &vault.notes[p.newer]);
        let filed_twice = p.signals.content >= SAME_TEXT
            && a.stem().eq_ignore_ascii_case(b.stem())
            && apart(a.folder(), b.folder());
        !(filed_twice && unordered(p))
    });
}

/// Drops the pairs of one file kept in each of two packages of one shape
/// (`plugins/code-refactoring/commands/tech-debt.md` and
/// `plugins/codebase-cleanup/commands/tech-debt.md`): nearly one text,
/// one name, paths apart in one package's folder only, the two holding
/// other names in common (or the file kept in a third such folder too),
/// neither set aside or named as a release, and only the history to order
/// them. A fix that reached one copy first leaves the other behind, not
/// replaced: both are shipped, both current.
pub(super) fn drop_copies_kept_in_packages(pairs: &mut Vec<Pair>, vault: &Vault) {
    let by_history = |e: &Evidence| {
        matches!(
            e,
            Evidence::EarlierStateInHistory
                | Evidence::FirstCommitted { .. }
                | Evidence::NothingOrders
                | Evidence::ModificationTimesDiffer
        )
    };
    let plain = |folder: &str| {
        !vaultlint_syntax::names::older_folder(folder)
            && !vaultlint_syntax::names::set_aside_folder(folder)
            && !vaultlint_model::version_roots::named_as_root(folder)
    };
    // Two packages' folders: names of their own, neither the other's with
    // a word added (`旧観察記/` beside `観察記/`, `collections-2.13/` beside
    // `collections/`) or respelt (`Node.js/`, `Nodejs/`): that is a folder
    // renamed, its old copy left.
    let packages = |x: &str, y: &str| {
        let (lx, ly) = (alnum(x), alnum(y));
        let marked = |f: &str| !vaultlint_syntax::names::normalize(f).markers.is_empty();
        plain(x) && plain(y) && !marked(x) && !marked(y) && !lx.contains(&ly) && !ly.contains(&lx)
    };
    // Paths apart in one folder, a package's, with the file in a folder of
    // the package (`commands/`): where they part. A page of two sections of
    // a site (`docs/deployment/x.md`, `docs/management/x.md`) is one page
    // filed twice, and the stale copy worth a look.
    let one_folder_apart = |a: &str, b: &str| {
        let (x, y): (Vec<&str>, Vec<&str>) = (a.split('/').collect(), b.split('/').collect());
        let apart: Vec<usize> = (0..x.len()).filter(|&i| x.len() == y.len() && x[i] != y[i]).collect();
        match apart[..] {
            [i] if i + 2 < x.len() && packages(x[i], y[i]) => Some(i),
            _ => None,
        }
    };
    // The file at the same place in a third folder beside the two.
    let third_copy = |a: &str, b: &str, at: usize| {
        let parts: Vec<&str> = a.split('/').collect();
        let (parent, rest) = (parts[..at].join("/"), parts[at + 1..].join("/"));
        let prefix = if parent.is_empty() { String::new() } else { format!("{parent}/") };
        vault.notes_under(&parent).iter().any(|n| {
            let inner = &n.path[prefix.len()..];
            n.path != a
                && n.path != b
                && inner.split_once('/').is_some_and(|(folder, tail)| tail == rest && plain(folder))
        })
    };
    pairs.retain(|p| {
        let (a, b) = (&vault.notes[p.older], &vault.notes[p.newer]);
        let kept = p.signals.content >= REPUBLISHED
            && p.order_evidence.iter().all(by_history)
            && one_folder_apart(&a.path, &b.path).is_some_and(|at| {
                !super::facts::only_name_in_common(vault, a, b) || third_copy(&a.path, &b.path, at)
            });
        !kept
    });
}

/// Keeps each pair only if, for both its notes, it is the best pair of
/// that note or within [`PARTNER_MARGIN`] of it: sibling pages made from
/// one template fall away beside each page's own older version, and a
/// note split in two keeps both halves. A pair the release folders order
/// is measured against its notes' best in the same role only: a page of a
/// release chain keeps both its older and its newer copy (`2.x/faq`
/// unchanged in `3.x/faq`, which the live page rewrote), and so is a pair
/// of neighbours in a chain of revisions (`chained`: `v5` keeps `v4`
/// before it beside `v6` after it). A copy archived under its note's name
/// is measured against its own best only: every snapshot of a note keeps
/// its pair with the note, however many there are.
pub(super) fn best_partners(pairs: &mut Vec<Pair>, notes: usize, chained: impl Fn(&Pair) -> bool) {
    let mut as_older = vec![0.0f64; notes];
    let mut as_newer = vec![0.0f64; notes];
    for p in pairs.iter() {
        as_older[p.older] = as_older[p.older].max(p.score);
        as_newer[p.newer] = as_newer[p.newer].max(p.score);
    }
    let best = |id: NoteId| as_older[id].max(as_newer[id]);
    pairs.retain(|p| {
        let (older, newer) = if p.any_evidence(|e| *e == Evidence::ArchivedUnderItsName) {
            (as_older[p.older], 0.0)
        } else if p.any_evidence(Evidence::from_release_set) || chained(p) {
            (as_older[p.older], as_newer[p.newer])
        } else {
            (best(p.older), best(p.newer))
        };
        p.score + PARTNER_MARGIN >= older && p.score + PARTNER_MARGIN >= newer
    });
}

/// Keeps, of the pairs that join one note to several copies of one page
/// in a set of release folders, only the pair with the nearest copy: a
/// page moved in 5.1 pairs its 4.0 copy with 5.1's, not also with 6.1's
/// and 7.1's (the folder rule orders those after 5.1's), and its 5.1 copy
/// with 4.0's, not also with 3.0's. So does a note outside the set: the
/// last page of a `v1/` folder pairs with the first of `v2/`'s releases.
pub(super) fn nearest_release_copies(pairs: &mut Vec<Pair>, roots: &VersionRoots) {
    let mut newer_of: HashMap<NoteId, Vec<NoteId>> = HashMap::new();
    let mut older_of: HashMap<NoteId, Vec<NoteId>> = HashMap::new();
    for p in pairs.iter() {
        newer_of.entry(p.older).or_default().push(p.newer);
        older_of.entry(p.newer).or_default().push(p.older);
    }
    // Copies of one page, or pages renamed between releases: a page's
    // `upgrade-to-1.11` pairs with 1.12's `upgrade-to-1.12`, not also with
    // 1.13's `upgrade-to-1.13`.
    let before = |a: NoteId, b: NoteId| {
        roots.order(a, b) == Some(Ordering::Less)
            || in_two_releases(roots, a, b).is_some_and(|(x, y)| x.rank < y.rank)
    };
    let farther = |p: &Pair| {
        let nearer_newer = || newer_of[&p.older].iter().any(|&n| before(n, p.newer));
        let nearer_older = || older_of[&p.newer].iter().any(|&o| before(p.older, o));
        nearer_newer() || nearer_older()
    };
    let farther: Vec<bool> = pairs.iter().map(farther).collect();
    let mut kept = farther.into_iter().map(|far| !far);
    pairs.retain(|_| kept.next().unwrap_or(true));
}

/// Folders pages moved from and to between two releases.
type Moves<'a> = Vec<(&'a str, &'a str)>;

/// Where two pages sit when they are in one set of release folders, in
/// two of its releases.
fn in_two_releases(roots: &VersionRoots, a: NoteId, b: NoteId) -> Option<(&Placed, &Placed)> {
    match (roots.placed[a].as_ref(), roots.placed[b].as_ref()) {
        (Some(x), Some(y)) if x.set == y.set && x.rank != y.rank => Some((x, y)),
        _ => None,
    }
}

/// How many parts two paths end in (`a/b/c.md` and `x/b/c.md`: 2).
fn common_ending(a: &str, b: &str) -> usize {
    a.rsplit('/').zip(b.rsplit('/')).take_while(|(s, t)| s == t).count()
}

/// The pages of each of `releases` (set, rank), by their paths under
/// their roots.
fn release_pages(
    roots: &VersionRoots,
    releases: impl IntoIterator<Item = (usize, usize)>,
) -> HashMap<(usize, usize), std::collections::HashSet<&str>> {
    let mut pages: HashMap<(usize, usize), std::collections::HashSet<&str>> =
        releases.into_iter().map(|release| (release, Default::default())).collect();
    if !pages.is_empty() {
        for placed in roots.placed.iter().flatten() {
            if let Some(held) = pages.get_mut(&(placed.set, placed.rank)) {
                held.insert(placed.relative.as_str());
            }
        }
    }
    pages
}

/// Drops a pair whose newer note is under a root of a release not yet
/// made (`next/`, Docusaurus's `docs/` where the site serves its latest
/// release) and whose older one is a released copy of that set: the
/// latest release's page is the one in force until the next is released,
/// and retiring it, or an older release's page, in favour of an
/// unreleased one would take the docs readers use out of force.
pub(super) fn into_unreleased(pairs: &mut Vec<Pair>, roots: &VersionRoots) {
    pairs.retain(|p| {
        let released_copy = roots.placed[p.older].as_ref().is_some_and(|older| {
            roots.placed[p.newer].as_ref().is_some_and(|newer| newer.set == older.set)
                && !roots.unreleased(p.older)
        });
        !(released_copy && roots.unreleased(p.newer))
    });
}

/// Drops a page renamed between two releases (a pair of two file names)
/// where the other release still holds it: at its own path, or under the
/// folder its siblings moved to there (`browser/page/click.md` became
/// `k6-browser/page/click.md`, so `browser/_index.md` became
/// `k6-browser/_index.md`). The kept page is its copy, however rewritten;
/// the renamed one took a part of it (a section page's options, split off
/// into a page of their own), or gave it one.
pub(super) fn renamed_where_kept(pairs: &mut Vec<Pair>, roots: &VersionRoots) {
    let placed = |p: &Pair| in_two_releases(roots, p.older, p.newer);
    fn file_name(relative: &str) -> &str {
        relative.rsplit('/').next().unwrap_or(relative)
    }
    let renamed = |x: &Placed, y: &Placed| file_name(&x.relative) != file_name(&y.relative);
    // The folder each moved page of one file name went to, both ways:
    // (set, from rank, to rank) to (folder there, folder here), the
    // folders before the path's common ending.
    let mut moves: HashMap<(usize, usize, usize), Moves> = HashMap::new();
    let mut asked: std::collections::HashSet<(usize, usize)> = Default::default();
    for (x, y) in pairs.iter().filter_map(placed) {
        if renamed(x, y) {
            asked.extend([(x.set, x.rank), (y.set, y.rank)]);
        } else if x.relative != y.relative {
            let (a, b) = (x.relative.as_str(), y.relative.as_str());
            let ending = common_ending(a, b);
            let cut = |path: &str| path.rmatch_indices('/').nth(ending - 1).map_or(0, |(i, _)| i);
            let (fa, fb) = (&a[..cut(a)], &b[..cut(b)]);
            moves.entry((x.set, x.rank, y.rank)).or_default().push((fa, fb));
            moves.entry((x.set, y.rank, x.rank)).or_default().push((fb, fa));
        }
    }
    if asked.is_empty() {
        return;
    }
    let held = release_pages(roots, asked);
    // Whether the release of `there` holds `page` other than as `other`:
    // at its path, or moved where its siblings went, to a path its own
    // release does not hold (a folder's own index stays its index when
    // some of its pages move into another folder).
    let kept = |page: &Placed, there: &Placed, other: &str| {
        let (pages, own) = (&held[&(there.set, there.rank)], &held[&(page.set, page.rank)]);
        let relative = page.relative.as_str();
        let holds = |path: &str| path != other && pages.contains(path);
        holds(relative)
            || moves.get(&(page.set, page.rank, there.rank)).is_some_and(|moved| {
                moved.iter().any(|&(from, to)| {
                    let rest = match from {
                        "" => Some(relative),
                        _ => relative.strip_prefix(from).and_then(|r| r.strip_prefix('/')),
                    };
                    rest.is_some_and(|rest| {
                        let path = if to.is_empty() { rest.to_owned() } else { format!("{to}/{rest}") };
                        holds(&path) && !own.contains(path.as_str())
                    })
                })
            })
    };
    pairs.retain(|p| match placed(p) {
        Some((x, y)) if renamed(x, y) => !kept(x, y, &y.relative) && !kept(y, x, &x.relative),
        _ => true,
    });
}

/// Keeps, of the pairs that join one page of a release to several pages
/// of one other release, only the page it became: the one whose path
/// keeps most of its own from the end (`page/click.md` became
/// `browser/page/click.md`, not `browser/frame/click.md` cloned from it in
/// that release; the same path keeps all of it), then the best scored. A
/// page has one copy in each other release: pairs are taken best first,
/// each while neither of its pages has its copy in the other's release.
/// Before that, a pair of one file name goes where either release holds
/// a page ending with more of the other's path: that page is the copy,
/// and its own edits kept it from scoring as one.
pub(super) fn one_copy_per_release(pairs: &mut Vec<Pair>, roots: &VersionRoots, vault: &Vault) {
    // Where the two pages sit in one set, two releases apart, and how many
    // parts their paths end in (all for one path).
    let released = |p: &Pair| {
        let (x, y) = in_two_releases(roots, p.older, p.newer)?;
        let ending =
            if x.relative == y.relative { usize::MAX } else { common_ending(&x.relative, &y.relative) };
        Some((x, y, ending))
    };
    // A renamed pair whose file names agree, asked of below: a page of
    // another name (`tool.md` become `tool/_index.md`) may well share its
    // name with others.
    let same_file_name = |ending: usize| (1..usize::MAX).contains(&ending);
    // Every path ending of every page of each release such a pair reaches
    // into (`a/b/c.md`, `b/c.md`, `c.md`): slices, no copies.
    let asked = pairs.iter().filter_map(released).filter(|r| same_file_name(r.2));
    let mut endings = release_pages(roots, asked.flat_map(|(x, y, _)| [(x.set, x.rank), (y.set, y.rank)]));
    for held in endings.values_mut() {
        let paths: Vec<&str> = held.iter().copied().collect();
        held.extend(paths.into_iter().flat_map(|p| p.match_indices('/').map(move |(i, _)| &p[i + 1..])));
    }
    // Whether the release of `there` holds a page whose path ends with
    // more of `relative` than `ending` parts: that page, not this one, is
    // its copy there (`page/click.md` beside the `frame/click.md` cloned
    // from it, which its own edits set further apart in text).
    let nearer = |there: &Placed, relative: &str, ending: usize| {
        let start = relative.rmatch_indices('/').nth(ending).map_or(0, |(i, _)| i + 1);
        let whole = relative.matches('/').count() + 1;
        ending < whole && endings[&(there.set, there.rank)].contains(&relative[start..])
    };
    pairs.retain(|p| match released(p) {
        Some((x, y, ending)) if same_file_name(ending) => {
            !nearer(y, &x.relative, ending) && !nearer(x, &y.relative, ending)
        }
        _ => true,
    });
    let path = |id: NoteId| vault.notes[id].path.as_str();
    let mut order: Vec<(usize, usize)> =
        pairs.iter().enumerate().filter_map(|(i, p)| Some((i, released(p)?.2))).collect();
    // Longer ending, then higher score, then the paths in order.
    order.sort_by(|&(i, x), &(j, y)| {
        let (p, q) = (&pairs[i], &pairs[j]);
        y.cmp(&x)
            .then(q.score.total_cmp(&p.score))
            .then_with(|| (path(p.older), path(p.newer)).cmp(&(path(q.older), path(q.newer))))
    });
    // (page, set, the other's release, as the older): taken.
    let mut taken: std::collections::HashSet<(NoteId, usize, usize, bool)> = Default::default();
    let mut keep = vec![true; pairs.len()];
    for (i, _) in order {
        let p = &pairs[i];
        let (x, y, _) = released(p).expect("released");
        let slots = [(p.older, x.set, y.rank, true), (p.newer, x.set, x.rank, false)];
        if slots.iter().any(|slot| taken.contains(slot)) {
            keep[i] = false;
        } else {
            taken.extend(slots);
        }
    }
    let mut kept = keep.into_iter();
    pairs.retain(|_| kept.next().unwrap_or(true));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_and_its_copy_in_a_variant_folder_are_variants() {
        let suffixes = ["rego".to_string()].into_iter().collect();
        let folders = VariantFolders([("catalog/".to_string(), suffixes)].into_iter().collect());
        assert!(folders.variants("catalog/network/deny.md", "catalog/network-rego/deny.md"));
        assert!(!folders.variants("catalog/network/deny.md", "catalog/storage-rego/deny.md"));
        assert!(!folders.variants("catalog/network/deny.md", "catalog/network-rego/allow.md"));
        // Names that part inside a character are read whole.
        assert!(!folders.variants("catalog/é-rego/p.md", "catalog/è-rego/p.md"));
    }

    #[test]
    fn a_child_in_a_hierarchy_of_names_is_a_name_grown_by_a_plain_word() {
        assert!(child_stem("sflo.conv.chat", "sflo.conv.chat.report"));
        assert!(child_stem("project", "project.design.review"));
        for (parent, child) in [
            ("guide-1.2", "guide-1.2.3"),
            ("notes", "notes.old"),
            ("notes", "notes.backup"),
            ("notes", "notes.v2"),
        ] {
            assert!(!child_stem(parent, child), "{child}");
        }
        assert!(!child_stem("project", "projects.plan"));
    }

    #[test]
    fn record_numbers_are_numbers_that_name_no_year_or_version() {
        let words = record_number;
        assert_eq!(words("0140-migrate-config"), Some((140, "migrate config".into())));
        assert_eq!(words("ADR-012 Use Postgres"), Some((12, "use postgres".into())));
        assert_eq!(words("rfc_7 Tabs"), Some((7, "tabs".into())));
        assert_eq!(words("1234-pod-overhead"), Some((1234, "pod overhead".into())));
        // A year, a version, a short number, a bare number: none is a record.
        for stem in ["2024-plan", "v2-guide", "rev-3-guide", "12-rules", "0140", "0140-"] {
            assert_eq!(words(stem), None, "{stem}");
        }
    }

    #[test]
    fn copies_one_note_retires_are_not_paired_with_each_other() {
        let signals =
            Signals { title: None, name: 1.0, tags: None, headings: None, content: 0.98, substance: 99 };
        let pair = |older, newer, direction| Pair {
            older,
            newer,
            score: 0.98,
            direction,
            evidence: Vec::new(),
            order_evidence: Vec::new(),
            signals,
            by_words: false,
            unnamed: false,
        };
        let (sure, unsure) = (Direction::Confident, Direction::Uncertain);
        // 0 and 1 are both retired by 2; 3 only by nothing sure.
        let mut pairs = vec![pair(0, 2, sure), pair(1, 2, sure), pair(0, 1, unsure), pair(1, 3, unsure)];
        drop_between_copies_of_one_successor(&mut pairs);
        let left: Vec<(NoteId, NoteId)> = pairs.iter().map(|p| (p.older, p.newer)).collect();
        assert_eq!(left, [(0, 2), (1, 2), (1, 3)]);
    }

    #[test]
    fn the_common_folder_of_two_is_whole_folders_alike() {
        assert_eq!(common_folder("Git/W3school", "Git"), "Git");
        assert_eq!(common_folder("Git/W3school", "Git/W3school"), "Git/W3school");
        assert_eq!(common_folder("Git/W3", "Git/W3school"), "Git");
        assert_eq!(common_folder("Git", "Web"), "");
        assert_eq!(common_folder("", "Git"), "");
    }

    #[test]
    fn mirror_roots_are_the_folders_before_the_common_ending() {
        assert_eq!(mirror_roots("Evergreen.md", "site/content/Evergreen.md"), Some(("", "site/content")));
        assert_eq!(mirror_roots("a/x/n.md", "b/x/n.md"), Some(("a", "b")));
        assert_eq!(mirror_roots("ab/n.md", "b/n.md"), Some(("ab", "b")));
        assert_eq!(mirror_roots("a/n.md", "a/m.md"), None);
        // A build's copy names its files as slugs.
        assert_eq!(mirror_roots("Books/Camera Lucida.md", "src/Books/camera-lucida.md"), Some(("", "src")));
        assert_eq!(mirror_roots("a/two words.md", "b/two-word.md"), None);
    }
}
