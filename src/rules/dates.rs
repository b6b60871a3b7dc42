//! Dates in frontmatter: each must be a date or a date and time; an
//! effective interval must not end before it starts; and, as of a given
//! day, a review may be overdue and a successor may not be in force yet.

use crate::diagnostic::Diagnostic;
use crate::frontmatter::{Field, ValueKind};
use crate::rules::Code;
use crate::rules::supersession::Graph;
use crate::vault::{Side, Vault};

/// Keys whose values are dates.
pub const KEYS: &[&str] =
    &["date", "created", "updated", "modified", "effective_from", "effective_to", "review_due"];

/// A calendar day: year, month, day.
pub type Day = (u16, u8, u8);

/// Reads a date (`2026-01-15`) or a date and time (`2026-01-15T10:30`,
/// `2026-01-15 10:30:00+02:00`, `...Z`), checking the calendar; the day.
pub fn parse(text: &str) -> Option<Day> {
    let text = text.trim();
    let day = parse_day(text.get(..10)?)?;
    let rest = &text[10..];
    if rest.is_empty() {
        return Some(day);
    }
    let time = rest.strip_prefix(['T', 't', ' '])?;
    valid_time(time).then_some(day)
}

/// Reads exactly `YYYY-MM-DD`.
pub fn parse_day(text: &str) -> Option<Day> {
    let b = text.as_bytes();
    if b.len() != 10
        || b[4] != b'-'
        || b[7] != b'-'
        || !text.chars().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
    {
        return None;
    }
    let (y, m, d): (u16, u8, u8) =
        (text[..4].parse().ok()?, text[5..7].parse().ok()?, text[8..].parse().ok()?);
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (1..=days).contains(&d).then_some((y, m, d))
}

/// `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff`, then `Z` or `±HH:MM` or nothing.
fn valid_time(time: &str) -> bool {
    let (clock, zone) = match time.find(['Z', 'z', '+', '-']) {
        Some(i) => time.split_at(i),
        None => (time, ""),
    };
    let clock = clock.trim_end();
    let hm = |s: &str, max_h: u8| -> bool {
        let b = s.as_bytes();
        b.len() == 5
            && b[2] == b':'
            && s[..2].parse::<u8>().is_ok_and(|h| h <= max_h)
            && s[3..].parse::<u8>().is_ok_and(|m| m < 60)
    };
    let clock_ok = match clock.len() {
        5 => hm(clock, 23),
        8.. => {
            hm(&clock[..5], 23)
                && clock.as_bytes()[5] == b':'
                && clock[6..8].parse::<u8>().is_ok_and(|s| s <= 60)
                && (clock.len() == 8
                    || clock.as_bytes()[8] == b'.'
                        && clock.len() > 9
                        && clock[9..].bytes().all(|b| b.is_ascii_digit()))
        }
        _ => false,
    };
    let zone_ok = match zone {
        "" | "Z" | "z" => true,
        z => hm(&z[1..], 23),
    };
    clock_ok && zone_ok
}

/// Today (UTC).
pub fn today() -> Day {
    let secs =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
    civil(secs.div_euclid(86_400))
}

/// The calendar day `days` after 1970-01-01 (Howard Hinnant's algorithm).
pub fn civil(days: i64) -> Day {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y as u16, m as u8, d as u8)
}

pub fn show(day: Day) -> String {
    format!("{:04}-{:02}-{:02}", day.0, day.1, day.2)
}

fn field<'a>(fields: &'a [Field], key: &str) -> Option<&'a Field> {
    fields.iter().find(|f| f.key == key)
}

/// The day a field says, if it holds a valid date.
pub fn day_of(fields: &[Field], key: &str) -> Option<Day> {
    field(fields, key).and_then(|f| f.value.scalar_text()).and_then(parse)
}

pub fn check(vault: &Vault, graph: &Graph, as_of: Day, out: &mut Vec<Diagnostic>) {
    for (id, note) in vault.notes.iter().enumerate() {
        for f in note.fields.iter().filter(|f| KEYS.contains(&f.key.as_str())) {
            let key = &f.key;
            let message = match &f.value.kind {
                _ if f.value.is_null() => None,
                ValueKind::Scalar { text, .. } if parse(text).is_none() => {
                    Some(format!("`{key}` is `{}`, which is not a date", text.trim()))
                }
                ValueKind::Scalar { .. } => None,
                _ => Some(format!("`{key}` is a list or a mapping, not a date")),
            };
            if let Some(message) = message {
                out.push(
                    Diagnostic::new(Code::InvalidDate, &note.path, message)
                        .at(f.value.span, "not a date")
                        .help("write a date as `2026-01-15`, or a date and time as `2026-01-15T10:30:00Z`"),
                );
            }
        }
        if let (Some(from), Some(to)) =
            (day_of(&note.fields, "effective_from"), day_of(&note.fields, "effective_to"))
            && to < from
            && let Some(f) = field(&note.fields, "effective_to")
        {
            out.push(
                Diagnostic::new(
                    Code::EffectiveInterval,
                    &note.path,
                    format!("`effective_to` {} is before `effective_from` {}", show(to), show(from)),
                )
                .at(f.value.span, "ends before it starts")
                .help("swap the two dates, or correct the one that is wrong"),
            );
        }
        if let Some(due) = day_of(&note.fields, "review_due")
            && due < as_of
            && let Some(f) = field(&note.fields, "review_due")
        {
            out.push(
                Diagnostic::new(
                    Code::ReviewOverdue,
                    &note.path,
                    format!("review was due on {} (as of {})", show(due), show(as_of)),
                )
                .at(f.value.span, "past")
                .help("review the note, then move `review_due` to the next date"),
            );
        }
        for edge in &graph.edges[id] {
            let successor = &vault.notes[edge.to];
            if let Some(from) = day_of(&successor.fields, "effective_from")
                && from > as_of
            {
                // Reported where the edge is declared.
                let (path, message, related) = match edge.side {
                    Side::Successor => (
                        &note.path,
                        format!(
                            "successor `{}` takes effect on {}; until then this note is the one in force",
                            successor.path,
                            show(from)
                        ),
                        &successor.path,
                    ),
                    Side::Predecessor => (
                        &successor.path,
                        format!(
                            "this note takes effect on {}; until then `{}`, which it supersedes, is the one in force",
                            show(from),
                            note.path
                        ),
                        &note.path,
                    ),
                };
                out.push(
                    Diagnostic::new(Code::ScheduledSuccessor, path, message)
                        .at(edge.span, "not in force yet")
                        .help(format!(
                            "nothing to change if {} is right; check again with `--as-of`",
                            show(from)
                        ))
                        .related(vec![related.clone()]),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_times() {
        assert_eq!(parse("2026-01-15"), Some((2026, 1, 15)));
        assert_eq!(parse("2024-02-29T23:59:60Z"), Some((2024, 2, 29)));
        assert_eq!(parse("2026-01-15 10:30"), Some((2026, 1, 15)));
        assert_eq!(parse("2026-01-15T10:30:00.125+02:00"), Some((2026, 1, 15)));
        for bad in [
            "2025-02-29",
            "2026-13-01",
            "2026-1-15",
            "15/01/2026",
            "2026-01-15T25:00",
            "2026-01-15x",
            "soon",
            "2026-01-15T10:3",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(19_783), (2024, 3, 1));
    }
}
