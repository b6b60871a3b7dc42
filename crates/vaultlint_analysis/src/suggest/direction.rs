//! Which of two versions is older, from the most trusted evidence down:
//! frontmatter dates, then version markers in names and folders, then the
//! git history, then the files' modification times.

use super::evidence::Evidence;
use serde::Serialize;
use std::cmp::Ordering;
use vaultlint_core::date::{Day, Written};
use vaultlint_syntax::names::Marker;

/// How sure the pass is of which note of a pair is older: `Confident`
/// only with evidence that orders the two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Confident,
    Uncertain,
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Confident => "confident",
            Direction::Uncertain => "uncertain",
        }
    }
}

/// What is known of one note's age.
#[derive(Debug, Clone, Default)]
pub struct Age<'a> {
    /// `(key, date)` for each key that dates a version
    /// ([`vaultlint_syntax::keys::version_dates`]) holding a date, in that order.
    pub dates: Vec<(&'static str, Written)>,
    pub markers: Vec<&'a Marker>,
    /// When the path was first committed, seconds since the epoch.
    pub committed: Option<i64>,
    /// Modification time, seconds since the epoch.
    pub modified: Option<i64>,
    /// The alias of this note that is the other note's file name: the
    /// name this one was renamed from, kept so links still find it.
    pub keeps_name_of_other: Option<&'a str>,
    /// Whether the note's opening says, in words, that it is retired
    /// (see [`vaultlint_syntax::banner`]).
    pub says_retired: bool,
}

/// The verdict: `Less` when `a` is the older.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub order: Ordering,
    pub direction: Direction,
    /// What the order rests on, most trusted first.
    pub evidence: Vec<Evidence>,
    /// Settled by frontmatter dates, which nothing else can overturn.
    pub by_dates: bool,
    /// Settled by words in the names alone (`new`, `old`, `copy`), which
    /// the content history overrules.
    pub by_words: bool,
}

/// Decides which of `a` and `b` is older, from their dates and names.
pub fn decide(a: &Age, b: &Age) -> Verdict {
    decide_with(a, b, None)
}

/// Decides which of `a` and `b` is older. `content`: what the git history
/// says of their texts (`Less` when `a`'s text is an earlier state of
/// `b`'s path). In order of trust: frontmatter dates, version markers in
/// names and folders, content history, then the first commits and the
/// modification times, which alone never make a verdict confident: a
/// release folder is committed after the live pages it copies.
pub fn decide_with(a: &Age, b: &Age, content: Option<Ordering>) -> Verdict {
    // A note whose opening says it is retired (`These are legacy guides
    // and will not be maintained`) is the older, as its author says,
    // whatever its dates or history: a page copied into its new section
    // keeps the old one's dates, and is often committed first.
    if a.says_retired != b.says_retired {
        let order = if a.says_retired { Ordering::Less } else { Ordering::Greater };
        let evidence = vec![Evidence::SaysItIsRetired];
        return Verdict {
            order,
            direction: Direction::Confident,
            evidence,
            by_dates: false,
            by_words: false,
        };
    }
    if let Some((order, dates)) = by_dates(a, b) {
        // A note filed away as retired (`99_Archive/`, `(old)`) that the
        // dates make the newer: touched since (an edit time says when a
        // note was last touched, not when its version was written), copied
        // into the archive (a copy's `created` is the day it was made), or
        // a note made from the other and set aside. Either may be the one
        // replaced.
        let filed = filed_older(order, a, b);
        // Edit times of one day apart only by the clock (`updated` stamps
        // minutes apart) say two notes were saved in one sitting, as two
        // variants of a page are, not that one replaced the other.
        let one_day = edit_times_only(&dates) && edited_on_one_day(&dates, a, b);
        // Dates in both names that order the two the other way: one of
        // the two kinds of date is not the note's own.
        let names_say = match by_dated_names(a, b) {
            Some((named, Evidence::MarkersInOrder { older, newer })) if named != order => {
                Some(Evidence::NameDatesDisagree { older, newer })
            }
            _ => None,
        };
        let (direction, evidence) = match (filed, names_say) {
            (Some(word), _) => (Direction::Uncertain, vec![dates, Evidence::FiledAsOlder { word }]),
            (None, Some(names)) => (Direction::Uncertain, vec![dates, names]),
            (None, None) if one_day => (Direction::Uncertain, vec![dates, Evidence::EditedOnOneDay]),
            (None, None) => (Direction::Confident, vec![dates]),
        };
        return Verdict { order, direction, evidence, by_dates: true, by_words: false };
    }
    let verdict =
        |order, direction, evidence| Verdict { order, direction, evidence, by_dates: false, by_words: false };
    let history = content.map(|order| (order, Evidence::EarlierStateInHistory));
    // A note that keeps the other's file name among its aliases was
    // renamed from it (or took it over): the newer, as a person said, and
    // only the history or a marker in the names can put that in doubt.
    let renamed = match (a.keeps_name_of_other, b.keeps_name_of_other) {
        (Some(alias), None) => Some((Ordering::Greater, alias)),
        (None, Some(alias)) => Some((Ordering::Less, alias)),
        _ => None,
    };
    if let Some((order, alias)) = renamed {
        let why = Evidence::KeepsOldName { alias: alias.to_string() };
        let markers_disagree = match by_markers(a, b) {
            Markers::Agree(said, _) | Markers::Words(said, _) => said != order,
            Markers::Conflict(_) | Markers::None => false,
        };
        return match history {
            Some((said, _)) if said != order => {
                verdict(order, Direction::Uncertain, vec![why, Evidence::HistoryDisagrees])
            }
            _ if markers_disagree => verdict(order, Direction::Uncertain, vec![why, Evidence::NamesDisagree]),
            _ => verdict(order, Direction::Confident, vec![why]),
        };
    }
    let git = match (a.committed, b.committed) {
        (Some(x), Some(y)) if x != y => {
            Some((x.cmp(&y), Evidence::FirstCommitted { older: x.min(y), newer: x.max(y) }))
        }
        _ => None,
    };
    match (by_markers(a, b), history) {
        // A word in a name (`new`, `copy`) never outweighs the history.
        (Markers::Words(order, _), Some((said, why))) if said != order => {
            verdict(said, Direction::Confident, vec![why, Evidence::HistoryOverrulesWords])
        }
        (Markers::Words(order, evidence), _) => {
            Verdict { by_words: true, ..verdict(order, Direction::Confident, evidence) }
        }
        (Markers::Agree(order, evidence), Some((said, _))) if said != order => {
            verdict(order, Direction::Uncertain, [evidence, vec![Evidence::HistoryDisagrees]].concat())
        }
        (Markers::Agree(order, evidence), _) => verdict(order, Direction::Confident, evidence),
        (Markers::Conflict(evidence), Some((order, why))) => {
            verdict(order, Direction::Confident, [evidence, vec![Evidence::NamesDisagree, why]].concat())
        }
        (Markers::Conflict(evidence), None) => verdict(
            git.map_or(Ordering::Equal, |(o, _)| o),
            Direction::Uncertain,
            [evidence, vec![Evidence::NamesDisagree]].concat(),
        ),
        (Markers::None, Some((order, why))) => verdict(order, Direction::Confident, vec![why]),
        (Markers::None, None) => match (git, a.modified, b.modified) {
            (Some((order, first)), _, _) => verdict(order, Direction::Uncertain, vec![first]),
            (None, Some(x), Some(y)) if x != y => {
                verdict(x.cmp(&y), Direction::Uncertain, vec![Evidence::ModificationTimesDiffer])
            }
            _ => verdict(Ordering::Equal, Direction::Uncertain, vec![Evidence::NothingOrders]),
        },
    }
}

/// The order the frontmatter dates give: by the first key both notes
/// hold, else by each one's most telling date. Keys both notes hold that
/// point opposite ways give none: the note written first and edited last
/// (`v1` created before `v2`, and corrected after it) is not ordered by
/// whichever key is weighed first.
fn by_dates(a: &Age, b: &Age) -> Option<(Ordering, Evidence)> {
    let mut shared = vaultlint_syntax::keys::version_dates()
        .filter_map(|key| compare_dates(key, find(a, key)?, key, find(b, key)?));
    if let Some(found) = shared.next() {
        return shared.all(|(order, _)| order == found.0).then_some(found);
    }
    // No key dates both: compare each one's most telling date.
    let ((kx, x), (ky, y)) = (a.dates.first()?, b.dates.first()?);
    compare_dates(kx, x, ky, y)
}

/// The keys that say when a note was last edited, not written: dates a
/// sweep over many notes moves on all of them.
pub(super) const EDIT_KEYS: [&str; 2] = ["updated", "modified"];

/// Whether dates ordered two notes by their edit times alone.
fn edit_times_only(dates: &Evidence) -> bool {
    matches!(dates, Evidence::Dates { older_key, newer_key, .. }
        if EDIT_KEYS.contains(older_key) && EDIT_KEYS.contains(newer_key))
}

/// Words that file a note away as retired, not a copy of unknown age
/// (`copy`, ` (1)`): a copy may be the one edited since.
const RETIRED_WORDS: [&str; 8] =
    ["old", "archive", "archived", "archives", "legacy", "deprecated", "obsolete", "outdated"];

/// The folder or word that files the note `order` makes the newer away as
/// retired (`99_Archive/`, `(old)`), where the other has none.
fn filed_older(order: Ordering, a: &Age, b: &Age) -> Option<String> {
    let (older, newer) = if order == Ordering::Less { (a, b) } else { (b, a) };
    let retired = |m: &&&Marker| match m {
        Marker::Older { text } => {
            let word = text.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
            text.ends_with('/') || RETIRED_WORDS.contains(&word.as_str())
        }
        _ => false,
    };
    let word = |age: &Age| age.markers.iter().find(retired).map(|m| m.text().to_string());
    word(older).is_none().then(|| word(newer)).flatten()
}

/// Whether the edit times `dates` ordered `a` and `b` by fall on one day,
/// and no other date both notes hold (`created`) sets them apart.
fn edited_on_one_day(dates: &Evidence, a: &Age, b: &Age) -> bool {
    let Evidence::Dates { older_key, newer_key, .. } = dates else { return false };
    let day = |age: &Age, key: &str| find(age, key).map(|d| d.day);
    let (x, y) = (day(a, older_key).or(day(a, newer_key)), day(b, newer_key).or(day(b, older_key)));
    let apart_otherwise = a.dates.iter().any(|(key, written)| {
        !EDIT_KEYS.contains(key) && find(b, key).is_some_and(|other| other.day != written.day)
    });
    x.is_some() && x == y && !apart_otherwise
}

fn find<'d>(age: &'d Age, key: &str) -> Option<&'d Written> {
    age.dates.iter().find(|(k, _)| *k == key).map(|(_, d)| d)
}

/// The order of two dates, each under its key, with the evidence;
/// `None` for one day and time.
fn compare_dates(
    kx: &'static str,
    x: &Written,
    ky: &'static str,
    y: &Written,
) -> Option<(Ordering, Evidence)> {
    let order = (x.day, &x.time).cmp(&(y.day, &y.time));
    let ((older_key, older), (newer_key, newer)) = match order {
        Ordering::Equal => return None,
        Ordering::Less => ((kx, x), (ky, y)),
        Ordering::Greater => ((ky, y), (kx, x)),
    };
    let (older, newer) = (older.shown(), newer.shown());
    Some((order, Evidence::Dates { older_key, older, newer_key, newer }))
}

/// What the markers in two names say of their order, with the evidence.
enum Markers {
    None,
    /// Agreeing words alone (`old`, `new`, `copy`), no date or number.
    Words(Ordering, Vec<Evidence>),
    Agree(Ordering, Vec<Evidence>),
    Conflict(Vec<Evidence>),
}

fn by_markers(a: &Age, b: &Age) -> Markers {
    let mut votes: Vec<(Ordering, Evidence)> = Vec::new();
    votes.extend(by_dated_names(a, b));
    votes.extend(by_version_numbers(a, b));
    // Words (`old`, `new`) vote last: a verdict of words alone yields to
    // the history.
    let only_words = votes.is_empty();
    let word = |age: &Age, older: bool| {
        age.markers
            .iter()
            .find(
                |m| if older { matches!(m, Marker::Older { .. }) } else { matches!(m, Marker::Newer { .. }) },
            )
            .map(|m| m.text().to_string())
    };
    match (word(a, true), word(b, true)) {
        (Some(word), None) => votes.push((Ordering::Less, Evidence::OlderWord { word })),
        (None, Some(word)) => votes.push((Ordering::Greater, Evidence::OlderWord { word })),
        _ => {}
    }
    match (word(a, false), word(b, false)) {
        (Some(word), None) => votes.push((Ordering::Greater, Evidence::NewerWord { word })),
        (None, Some(word)) => votes.push((Ordering::Less, Evidence::NewerWord { word })),
        _ => {}
    }
    let Some(&(first, _)) = votes.first() else { return Markers::None };
    let agree = votes.iter().all(|(o, _)| *o == first);
    let evidence = votes.into_iter().map(|(_, e)| e).collect();
    match (agree, only_words) {
        (false, _) => Markers::Conflict(evidence),
        (true, true) => Markers::Words(first, evidence),
        (true, false) => Markers::Agree(first, evidence),
    }
}

/// Two ordering markers (dates, versions), `a`'s and `b`'s, put in the
/// order `order` gives them: older first.
fn in_order(a: String, b: String, order: Ordering) -> Evidence {
    let (older, newer) = if order == Ordering::Less { (a, b) } else { (b, a) };
    Evidence::MarkersInOrder { older, newer }
}

/// The markers of `age` that `pick` reads, each with the text that
/// carries it, in the name's order.
fn picked<T>(age: &Age, pick: impl Fn(&Marker) -> Option<(T, String)>) -> Vec<(T, String)> {
    age.markers.iter().filter_map(|m| pick(m)).collect()
}

/// Each of `own` with the text that carries it, but those `shared` holds
/// too: a marker both notes carry (`2022` in both titles, `v11` in both
/// names) says nothing of which is older.
fn unshared<T: PartialEq + Clone>(own: &[(T, String)], shared: &[(T, String)]) -> Vec<(T, String)> {
    own.iter().filter(|(x, _)| !shared.iter().any(|(y, _)| y == x)).cloned().collect()
}

/// The order the dates in two names give: the first date each carries,
/// compared; or the one that carries a date, beside one that carries
/// none, as the older. A day the other note's frontmatter gives as its
/// own date says nothing either: `2026-06-17-findings` beside the page
/// dated that day, which it sums up.
fn by_dated_names(a: &Age, b: &Age) -> Option<(Ordering, Evidence)> {
    let day = |m: &Marker| match m {
        Marker::Date { day, text } => Some((*day, text.clone())),
        // A week sorts as a day of its year: close enough to order two.
        Marker::Week { year, week, text } => Some((Day::new(*year, 0, *week), text.clone())),
        _ => None,
    };
    let (all_a, all_b) = (picked(a, day), picked(b, day));
    let dated = |own: &[(Day, String)], other_days: &[(Day, String)], other: &Age| {
        let others_own = |day: &Day| day.precision() == 3 && other.dates.iter().any(|(_, w)| w.day == *day);
        unshared(own, other_days).into_iter().find(|(day, _)| !others_own(day))
    };
    match (dated(&all_a, &all_b, b), dated(&all_b, &all_a, a)) {
        // Compare what both give: 2024 against 2025-03 compares years.
        (Some((x, tx)), Some((y, ty))) => match x.cmp_common(y) {
            Ordering::Equal => None,
            o => Some((o, in_order(tx, ty, o))),
        },
        // A copy that carries a date beside one that carries none is the older.
        (Some((_, marker)), None) => Some((Ordering::Less, Evidence::DateInOlderName { marker })),
        (None, Some((_, marker))) => Some((Ordering::Greater, Evidence::DateInOlderName { marker })),
        (None, None) => None,
    }
}

/// The order the version numbers in two names give (`v1` before `v2`);
/// `v1.0` and `v1.0.0` are one version.
fn by_version_numbers(a: &Age, b: &Age) -> Option<(Ordering, Evidence)> {
    let version = |m: &Marker| match m {
        Marker::Version { parts, text } => {
            let kept = parts.iter().rposition(|&p| p != 0).map_or(1, |last| last + 1);
            Some((parts[..kept.min(parts.len())].to_vec(), text.clone()))
        }
        _ => None,
    };
    let (all_a, all_b) = (picked(a, version), picked(b, version));
    let ((x, tx), (y, ty)) =
        (unshared(&all_a, &all_b).into_iter().next()?, unshared(&all_b, &all_a).into_iter().next()?);
    match x.cmp(&y) {
        Ordering::Equal => None,
        o => Some((o, in_order(tx, ty, o))),
    }
}

/// A Unix time as its UTC calendar day, `2024-03-01`.
pub fn day(seconds: i64) -> String {
    Day::of_unix_seconds(seconds).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use vaultlint_syntax::names::{normalize, path_info};

    fn age<'a>(dates: &[(&'static str, &str)], markers: &'a [Marker]) -> Age<'a> {
        Age {
            dates: dates.iter().map(|(k, v)| (*k, vaultlint_core::date::parse(v).unwrap())).collect(),
            markers: markers.iter().collect(),
            committed: None,
            modified: None,
            keeps_name_of_other: None,
            says_retired: false,
        }
    }

    /// The verdict's evidence as a person reads it.
    fn words(verdict: &Verdict) -> Vec<String> {
        verdict.evidence.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn dates_beat_names() {
        let copy = normalize("handbook (copy)").markers;
        let a = age(&[("updated", "2026-01-15")], &copy);
        let b = age(&[("updated", "2024-02-01")], &[]);
        let v = decide(&a, &b);
        assert_eq!((v.order, v.direction), (Ordering::Greater, Direction::Confident));
        assert_eq!(words(&v), ["updated 2024-02-01 < 2026-01-15"]);
    }

    /// A note created after the other but filed away in an archive folder
    /// (copied there, or made from the other and set aside): the dates and
    /// the folder disagree, and the order is uncertain.
    #[test]
    fn created_later_but_archived_is_uncertain() {
        let archived = path_info("99_archive/profile.md", "profile").name.markers;
        let a = age(&[("created", "2025-10-21")], &[]);
        let b = age(&[("created", "2025-11-02")], &archived);
        let v = decide(&a, &b);
        assert_eq!((v.order, v.direction), (Ordering::Less, Direction::Uncertain));
        assert_eq!(
            words(&v),
            ["created 2025-10-21 < 2025-11-02", "but \"99_archive/\" files the newer as the older"]
        );
    }

    /// `v1` written first and corrected after `v2`: the dates order
    /// nothing, and the version numbers decide.
    #[test]
    fn dates_that_disagree_leave_it_to_the_names() {
        let (v1, v2) = (normalize("solver v1").markers, normalize("solver v2").markers);
        let a = age(&[("updated", "2025-11-06"), ("created", "2025-11-03")], &v1);
        let b = age(&[("updated", "2025-11-04"), ("created", "2025-11-04")], &v2);
        let v = decide(&a, &b);
        assert_eq!((v.order, v.direction, v.by_dates), (Ordering::Less, Direction::Confident, false));
        assert_eq!(words(&v), ["\" v1\" before \" v2\""]);
        let v = decide(&age(&[("updated", "2025-11-06"), ("created", "2025-11-03")], &[]), &b);
        assert_eq!(v.direction, Direction::Uncertain);
    }

    #[test]
    fn markers() {
        let m24 = normalize("prices-2024").markers;
        let m25 = normalize("prices-2025").markers;
        let v = decide(&age(&[], &m25), &age(&[], &m24));
        assert_eq!((v.order, v.direction), (Ordering::Greater, Direction::Confident));
        assert_eq!(words(&v), ["\"-2024\" before \"-2025\""]);
        let v = decide(&age(&[], &m24), &age(&[], &[]));
        assert_eq!(v.order, Ordering::Less);
        let old_v2 = normalize("guide-v2-old").markers;
        let v1 = normalize("guide-v1").markers;
        let v = decide(&age(&[], &old_v2), &age(&[], &v1));
        assert_eq!(v.direction, Direction::Uncertain);
        let v = decide(&age(&[], &[]), &age(&[], &[]));
        assert_eq!((v.order, v.direction), (Ordering::Equal, Direction::Uncertain));
        // `v1.0` and `v1.0.0` are one version: nothing orders them.
        let (short, long) = (normalize("agent-v1.0").markers, normalize("agent-v1.0.0").markers);
        let v = decide(&age(&[], &short), &age(&[], &long));
        assert_eq!(v.direction, Direction::Uncertain);
        let v =
            decide(&age(&[], &normalize("agent-v1.0").markers), &age(&[], &normalize("agent-v1.1").markers));
        assert_eq!((v.order, v.direction), (Ordering::Less, Direction::Confident));
    }

    /// `2022` in both titles and `v11` in both names order nothing; a
    /// day in one name still marks it the dated copy, unless the other
    /// note's frontmatter gives that day as its own.
    #[test]
    fn markers_both_notes_carry_order_nothing() {
        let full = normalize("findings (v11, 2022 data)").markers;
        let summary = normalize("2026-06-17 findings (v11, 2022 data)").markers;
        let v = decide(&age(&[], &full), &age(&[], &summary));
        assert_eq!((v.order, v.direction), (Ordering::Greater, Direction::Confident));
        assert!(matches!(&v.evidence[..], [Evidence::DateInOlderName { marker }] if marker == "2026-06-17"));
        let dated_that_day = age(&[("date", "2026-06-17")], &full);
        let v = decide(&dated_that_day, &age(&[("date", "2026-06-17")], &summary));
        assert_eq!((v.order, v.direction), (Ordering::Equal, Direction::Uncertain));
        // Unshared, a year still orders: `2021` before `2022`.
        let v = decide(&age(&[], &normalize("findings (v11, 2021 data)").markers), &age(&[], &full));
        assert_eq!((v.order, v.direction), (Ordering::Less, Direction::Confident));
    }

    /// A date key that holds a paper's date in one note and the note's
    /// own in the other orders the two against the dates both names carry:
    /// neither is taken for certain.
    #[test]
    fn dates_that_the_names_contradict_order_nothing_for_certain() {
        let later = normalize("2026-08-09 rendering paper").markers;
        let earlier = normalize("2026-08-04 rendering paper").markers;
        let v = decide(&age(&[("date", "2026-06-26")], &later), &age(&[("date", "2026-08-04")], &earlier));
        assert_eq!((v.order, v.direction), (Ordering::Less, Direction::Uncertain));
        assert!(matches!(&v.evidence[1], Evidence::NameDatesDisagree { older, newer }
            if older == "2026-08-04" && newer == "2026-08-09"));
        // Names that agree with the dates leave them confident.
        let v = decide(&age(&[("date", "2026-06-26")], &earlier), &age(&[("date", "2026-08-09")], &later));
        assert_eq!((v.order, v.direction), (Ordering::Less, Direction::Confident));
    }

    #[test]
    fn days() {
        assert_eq!(day(0), "1970-01-01");
        assert_eq!(day(1_709_251_200), "2024-03-01");
    }
}
