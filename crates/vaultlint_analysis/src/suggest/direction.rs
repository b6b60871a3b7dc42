//! Which of two versions is older, from the most trusted evidence down:
//! frontmatter dates, then version markers in names and folders, then the
//! git history, then the files' modification times.

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
}

/// The verdict: `Less` when `a` is the older.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub order: Ordering,
    pub direction: Direction,
    pub reasons: Vec<String>,
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
    if let Some((order, reason)) = by_dates(a, b) {
        let reasons = vec![reason];
        return Verdict { order, direction: Direction::Confident, reasons, by_dates: true, by_words: false };
    }
    let verdict =
        |order, direction, reasons| Verdict { order, direction, reasons, by_dates: false, by_words: false };
    let history =
        content.map(|order| (order, "its text is an earlier state of the other's, in the git history"));
    let git = match (a.committed, b.committed) {
        (Some(x), Some(y)) if x != y => {
            Some((x.cmp(&y), format!("first committed {} < {}", day(x.min(y)), day(x.max(y)))))
        }
        _ => None,
    };
    match (by_markers(a, b), history) {
        // A word in a name (`new`, `copy`) never outweighs the history.
        (Markers::Words(order, _), Some((said, why))) if said != order => verdict(
            said,
            Direction::Confident,
            vec![why.into(), "whatever the words in the names say".into()],
        ),
        (Markers::Words(order, reasons), _) => {
            Verdict { by_words: true, ..verdict(order, Direction::Confident, reasons) }
        }
        (Markers::Agree(order, reasons), Some((said, _))) if said != order => verdict(
            order,
            Direction::Uncertain,
            [reasons, vec!["but the git history has them the other way".into()]].concat(),
        ),
        (Markers::Agree(order, reasons), _) => verdict(order, Direction::Confident, reasons),
        (Markers::Conflict(reasons), Some((order, why))) => verdict(
            order,
            Direction::Confident,
            [reasons, vec!["the names disagree".into(), why.into()]].concat(),
        ),
        (Markers::Conflict(reasons), None) => verdict(
            git.map_or(Ordering::Equal, |(o, _)| o),
            Direction::Uncertain,
            [reasons, vec!["the names disagree".into()]].concat(),
        ),
        (Markers::None, Some((order, why))) => verdict(order, Direction::Confident, vec![why.into()]),
        (Markers::None, None) => match (git, a.modified, b.modified) {
            (Some((order, reason)), _, _) => verdict(order, Direction::Uncertain, vec![reason]),
            (None, Some(x), Some(y)) if x != y => verdict(
                x.cmp(&y),
                Direction::Uncertain,
                vec!["only the file modification times differ".into()],
            ),
            _ => verdict(Ordering::Equal, Direction::Uncertain, vec!["nothing tells which is older".into()]),
        },
    }
}

fn by_dates(a: &Age, b: &Age) -> Option<(Ordering, String)> {
    for key in vaultlint_syntax::keys::version_dates() {
        let (Some(x), Some(y)) = (find(a, key), find(b, key)) else { continue };
        if let Some(found) = compare_dates(key, x, key, y) {
            return Some(found);
        }
    }
    // No key dates both: compare each one's most telling date.
    let ((kx, x), (ky, y)) = (a.dates.first()?, b.dates.first()?);
    compare_dates(kx, x, ky, y)
}

fn find<'d>(age: &'d Age, key: &str) -> Option<&'d Written> {
    age.dates.iter().find(|(k, _)| *k == key).map(|(_, d)| d)
}

fn compare_dates(kx: &str, x: &Written, ky: &str, y: &Written) -> Option<(Ordering, String)> {
    let order = (x.day, &x.time).cmp(&(y.day, &y.time));
    let reason = match order {
        Ordering::Equal => return None,
        Ordering::Less if kx == ky => format!("{kx} {} < {}", x.text, y.text),
        Ordering::Greater if kx == ky => format!("{kx} {} < {}", y.text, x.text),
        Ordering::Less => format!("{kx} {} < {ky} {}", x.text, y.text),
        Ordering::Greater => format!("{ky} {} < {kx} {}", y.text, x.text),
    };
    Some((order, reason))
}

enum Markers {
    None,
    /// Agreeing words alone (`old`, `new`, `copy`), no date or number.
    Words(Ordering, Vec<String>),
    Agree(Ordering, Vec<String>),
    Conflict(Vec<String>),
}

fn by_markers(a: &Age, b: &Age) -> Markers {
    let mut votes: Vec<(Ordering, String)> = Vec::new();
    let dated = |age: &Age| -> Option<(Day, String)> {
        age.markers.iter().find_map(|m| match m {
            Marker::Date { day, text } => Some((*day, text.clone())),
            // A week sorts as a day of its year: close enough to order two.
            Marker::Week { year, week, text } => Some((Day::new(*year, 0, *week), text.clone())),
            _ => None,
        })
    };
    match (dated(a), dated(b)) {
        (Some((x, tx)), Some((y, ty))) => {
            // Compare what both give: 2024 against 2025-03 compares years.
            match x.cmp_common(y) {
                Ordering::Equal => {}
                o => votes.push((o, format!("{} before {}", quoted(&tx, &ty, o).0, quoted(&tx, &ty, o).1))),
            }
        }
        // A copy that carries a date beside one that carries none is the older.
        (Some((_, t)), None) => votes.push((Ordering::Less, format!("\"{t}\" in the older name"))),
        (None, Some((_, t))) => votes.push((Ordering::Greater, format!("\"{t}\" in the older name"))),
        (None, None) => {}
    }
    let version = |age: &Age| {
        age.markers.iter().find_map(|m| match m {
            Marker::Version { parts, text } => Some((parts.clone(), text.clone())),
            _ => None,
        })
    };
    if let (Some((x, tx)), Some((y, ty))) = (version(a), version(b)) {
        match x.cmp(&y) {
            Ordering::Equal => {}
            o => votes.push((o, format!("{} before {}", quoted(&tx, &ty, o).0, quoted(&tx, &ty, o).1))),
        }
    }
    let words_from = votes.len();
    let word = |age: &Age, older: bool| {
        age.markers
            .iter()
            .find(
                |m| if older { matches!(m, Marker::Older { .. }) } else { matches!(m, Marker::Newer { .. }) },
            )
            .map(|m| m.text().to_string())
    };
    match (word(a, true), word(b, true)) {
        (Some(t), None) => votes.push((Ordering::Less, format!("\"{t}\" marks the older"))),
        (None, Some(t)) => votes.push((Ordering::Greater, format!("\"{t}\" marks the older"))),
        _ => {}
    }
    match (word(a, false), word(b, false)) {
        (Some(t), None) => votes.push((Ordering::Greater, format!("\"{t}\" marks the newer"))),
        (None, Some(t)) => votes.push((Ordering::Less, format!("\"{t}\" marks the newer"))),
        _ => {}
    }
    let words = if words_from == 0 { votes.len() } else { usize::MAX };
    let Some((first, _)) = votes.first() else { return Markers::None };
    let first = *first;
    let reasons = votes.iter().map(|(_, r)| r.clone()).collect();
    if votes.iter().all(|(o, _)| *o == first) {
        if votes.len() == words { Markers::Words(first, reasons) } else { Markers::Agree(first, reasons) }
    } else {
        Markers::Conflict(reasons)
    }
}

/// `("\"-2024\"", "\"-2025\"")`, older first.
fn quoted(a: &str, b: &str, order: Ordering) -> (String, String) {
    let (x, y) = if order == Ordering::Less { (a, b) } else { (b, a) };
    (format!("\"{x}\""), format!("\"{y}\""))
}

/// A Unix time as its UTC calendar day, `2024-03-01`.
pub fn day(seconds: i64) -> String {
    Day::of_unix_seconds(seconds).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use vaultlint_syntax::names::normalize;

    fn age<'a>(dates: &[(&'static str, &str)], markers: &'a [Marker]) -> Age<'a> {
        Age {
            dates: dates.iter().map(|(k, v)| (*k, vaultlint_core::date::parse(v).unwrap())).collect(),
            markers: markers.iter().collect(),
            committed: None,
            modified: None,
        }
    }

    #[test]
    fn dates_beat_names() {
        let copy = normalize("handbook (copy)").markers;
        let a = age(&[("updated", "2026-01-15")], &copy);
        let b = age(&[("updated", "2024-02-01")], &[]);
        let v = decide(&a, &b);
        assert_eq!((v.order, v.direction), (Ordering::Greater, Direction::Confident));
        assert_eq!(v.reasons, ["updated 2024-02-01 < 2026-01-15"]);
    }

    #[test]
    fn markers() {
        let m24 = normalize("prices-2024").markers;
        let m25 = normalize("prices-2025").markers;
        let v = decide(&age(&[], &m25), &age(&[], &m24));
        assert_eq!((v.order, v.direction), (Ordering::Greater, Direction::Confident));
        assert_eq!(v.reasons, ["\"-2024\" before \"-2025\""]);
        let v = decide(&age(&[], &m24), &age(&[], &[]));
        assert_eq!(v.order, Ordering::Less);
        let old_v2 = normalize("guide-v2-old").markers;
        let v1 = normalize("guide-v1").markers;
        let v = decide(&age(&[], &old_v2), &age(&[], &v1));
        assert_eq!(v.direction, Direction::Uncertain);
        let v = decide(&age(&[], &[]), &age(&[], &[]));
        assert_eq!((v.order, v.direction), (Ordering::Equal, Direction::Uncertain));
    }

    #[test]
    fn days() {
        assert_eq!(day(0), "1970-01-01");
        assert_eq!(day(1_709_251_200), "2024-03-01");
    }
}
