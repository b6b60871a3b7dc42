//! Dates in frontmatter: each must be a date or a date and time; an
//! effective interval must not end before it starts; and, as of a given
//! day, a review may be overdue and a successor may not be in force yet.

use std::collections::HashMap;
use vaultlint_core::code::Code;
use vaultlint_core::date::{self, Day};
use vaultlint_core::diagnostic::{Diagnostic, Edit, Fix};
use vaultlint_model::graph::Graph;
use vaultlint_model::vault::Vault;
use vaultlint_syntax::frontmatter::{ScalarStyle, ValueKind};
use vaultlint_syntax::keys;

/// Reports on the notes `wanted` marks (and the successors of the edges
/// out of them, where `scheduled-successor` is declared from that side).
pub fn check(cx: &super::Context, out: &mut Vec<Diagnostic>) {
    let (vault, graph, as_of, wanted) = (cx.vault, cx.graph, cx.options.as_of, &cx.wanted[..]);
    let orders = NumericOrders::of(vault);
    super::note_by_note(vault, |id| of_note(vault, graph, as_of, wanted, &orders, id), out);
}

/// A vault's own numeric dates (`15-05-2026`, `05/15/2026`): which key's
/// values put the day first, and which the month. A vault learns it from
/// its values: at least [`NumericOrders::CONVENTION`] of them under one
/// key, with a first number past 12 [`NumericOrders::MAJORITY`] times as
/// often as a second (the day first), or the other way round; a key whose
/// own values do not say follows the vault's other date keys. Such a value
/// is the vault's own way of writing a date, not a finding; one its order
/// makes no day (`31-02-2026`, or `29/01/2024` where the month comes first)
/// still is. The lifecycle reads ISO dates only, so its keys learn nothing.
struct NumericOrders {
    day_first: HashMap<String, bool>,
    /// Per key some note dates in words (`October 10, 2015`): how many of
    /// its values are dates in digits, and how many in words. A date in
    /// words where the vault writes that key in digits is a slip its tools
    /// will not read.
    written: HashMap<String, (usize, usize)>,
    /// Per key, how many of its values write a one-digit month or day
    /// (`2016-3-30`): YAML 1.1 and Jekyll read them, Obsidian and most
    /// date parsers do not, so one is a slip where the vault pads the key.
    unpadded: HashMap<String, usize>,
    /// The keys the vault writes as text for people (`June 15-19, 2020`,
    /// an event's days): most of their values, and at least a
    /// convention's worth, are no date a reader takes. Such a key is the
    /// vault's caption, not a date gone wrong.
    captions: std::collections::HashSet<String>,
}

impl NumericOrders {
    /// Fewer values than this under a key are a slip, not a convention.
    const CONVENTION: usize = 3;
    /// How many times the values that can only be read one way must
    /// outnumber those that can only be read the other: a template that
    /// says `mm/dd/yyyy` still meets the odd author who wrote the day first.
    const MAJORITY: usize = 5;

    /// Whether values `(count, first past 12, second past 12)` put the
    /// day first; `None` where they do not say.
    fn order_of((count, first, second): (usize, usize, usize)) -> Option<bool> {
        let outnumbers = |x: usize, y: usize| x > 0 && y * Self::MAJORITY <= x;
        match count >= Self::CONVENTION {
            true if outnumbers(first, second) => Some(true),
            true if outnumbers(second, first) => Some(false),
            _ => None,
        }
    }

    fn of(vault: &Vault) -> NumericOrders {
        // Per key: values seen, and how many had a first or second number past 12.
        let mut seen: HashMap<&str, (usize, usize, usize)> = HashMap::new();
        // Per key: its dates in words, which few vaults write.
        let mut worded: HashMap<&str, usize> = HashMap::new();
        let fields = || {
            vault.notes.iter().enumerate().flat_map(|(id, note)| {
                let template = vault.is_template(id);
                note.fields.iter().filter(move |f| !(template && note.is_placeholder(&f.value))).filter_map(
                    |f| {
                        let ValueKind::Scalar { text, .. } = &f.value.kind else { return None };
                        Some((&*f.key, &**text))
                    },
                )
            })
        };
        let mut unpadded: HashMap<String, usize> = HashMap::new();
        // Per key: values, and how many of them no reader takes as a date.
        let mut unread: HashMap<&str, (usize, usize)> = HashMap::new();
        for (key, text) in fields() {
            if keys::is_date(key) && !vaultlint_syntax::note::says_none(text) && !text.trim().is_empty() {
                let entry = unread.entry(key).or_default();
                let read = readable(text) || numeric(text).is_some() || date::in_words(text).is_some();
                *entry = (entry.0 + 1, entry.1 + usize::from(!read));
            }
            if keys::is_date(key) && date::in_words(text).is_some() {
                *worded.entry(key).or_default() += 1;
            }
            if keys::is_date(key) && date::padded_day(text.trim()).is_some() {
                *unpadded.entry(key.to_string()).or_default() += 1;
            }
            let learns = keys::find(key).is_some_and(|k| k.role == keys::Role::Date);
            if learns && let Some((first, second, _)) = numeric(text) {
                let entry = seen.entry(key).or_default();
                *entry = (entry.0 + 1, entry.1 + usize::from(first > 12), entry.2 + usize::from(second > 12));
            }
        }
        // Only for the keys some note dates in words: how many of their
        // values are dates in digits.
        let mut written: HashMap<String, (usize, usize)> =
            worded.iter().map(|(key, &words)| (key.to_string(), (0, words))).collect();
        if !written.is_empty() {
            for (key, text) in fields() {
                if let Some(entry) = written.get_mut(key)
                    && date::in_words(text).is_none()
                    && date::parse(text).is_some()
                {
                    entry.0 += 1;
                }
            }
        }
        let all = seen.values().fold((0, 0, 0), |(n, f, s), &(n2, f2, s2)| (n + n2, f + f2, s + s2));
        let vault_order = Self::order_of(all);
        let day_first = seen
            .into_iter()
            .filter_map(|(key, values)| Some((key.to_string(), Self::order_of(values).or(vault_order)?)))
            .collect();
        let captions = (unread.into_iter())
            .filter(|&(_, (values, unread))| unread >= Self::CONVENTION && unread * 2 > values)
            .map(|(key, _)| key.to_string())
            .collect();
        NumericOrders { day_first, written, unpadded, captions }
    }

    /// Whether `key` is written in digits by the vault, so that a value of
    /// it in words is a slip: at least [`Self::CONVENTION`] values in
    /// digits, and more of them than in words.
    fn in_digits(&self, key: &str) -> bool {
        self.written.get(key).is_some_and(|&(digits, words)| digits >= Self::CONVENTION && digits > words)
    }

    /// Whether `text` under `key` is a day as the vault writes it.
    fn reads(&self, key: &str, text: &str) -> bool {
        match (self.day_first.get(key), numeric(text)) {
            (Some(&day_first), Some((first, second, year))) => {
                let (month, day) = if day_first { (second, first) } else { (first, second) };
                date::days_in_month(year, month as u8).is_some_and(|days| day >= 1 && day <= u16::from(days))
            }
            _ => false,
        }
    }
}

/// Whether `text` is a date as a reader takes it, written as people leave
/// them: in a template's angle brackets (`<10/11/2023>`), year first
/// with one-digit parts (`2023/1/9`), or as the list of days a note was
/// updated on (`2021-12-07, 2022-08-15`).
fn readable(text: &str) -> bool {
    let text = unbracketed(text);
    let year_first = || {
        let mut parts = text.split(['/', '.', '-']);
        let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
        let small = |p: &str| (1..=2).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit());
        let fits = year.len() == 4 && year.bytes().all(|b| b.is_ascii_digit()) && small(month) && small(day);
        let (year, month, day): (u16, u8, u8) = (year.parse().ok()?, month.parse().ok()?, day.parse().ok()?);
        (fits
            && parts.next().is_none()
            && date::days_in_month(year, month).is_some_and(|days| (1..=days).contains(&day)))
        .then_some(())
    };
    let listed = || text.contains(',') && text.split(',').all(|day| date::parse(day.trim()).is_some());
    date::parse(text).is_some() || year_first().is_some() || listed()
}

/// `text` out of the angle brackets a template put around it.
fn unbracketed(text: &str) -> &str {
    let text = text.trim();
    text.strip_prefix('<').and_then(|t| t.strip_suffix('>')).unwrap_or(text).trim()
}

/// `15-05-2026`, `15/05/2026` or `15.05.2026` as its three numbers: two
/// of one or two digits, the year of four, one separator between them.
fn numeric(text: &str) -> Option<(u16, u16, u16)> {
    let text = text.trim();
    let separator = text.chars().find(|c| !c.is_ascii_digit())?;
    let mut parts = text.split(separator);
    let mut part = |len: std::ops::RangeInclusive<usize>| {
        parts.next().filter(|p| len.contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))?.parse().ok()
    };
    let numbers = (part(1..=2)?, part(1..=2)?, part(4..=4)?);
    (matches!(separator, '-' | '/' | '.') && parts.next().is_none()).then_some(numbers)
}

/// What is wrong with `text`, no date under `key`.
fn unreadable(key: &str, text: &str, orders: &NumericOrders) -> String {
    if let Some(day) = date::reduced(text) {
        let what = if day.precision() == 1 { "a year" } else { "a month" };
        return format!("`{key}` is `{text}`, {what}, where the lifecycle needs a day");
    }
    if let Some((day, weekday)) = date::wrong_weekday(text) {
        let weekday = format!("{}{}", weekday[..1].to_ascii_uppercase(), &weekday[1..]);
        return format!("`{key}` is `{text}`, but {day} is a {weekday}");
    }
    match (numeric(text), orders.day_first.get(key)) {
        // The day and the month are one number: either order reads the
        // same day, which only the ISO form says plainly.
        (Some((first, second, year)), _) if first == second && (1..=12).contains(&first) => {
            format!(
                "`{key}` is `{text}`, a day written in no form the lifecycle reads: `{year:04}-{first:02}-{first:02}`"
            )
        }
        (Some((first, second, _)), None) if first <= 12 && second <= 12 => {
            format!("`{key}` is `{text}`, which may put the day or the month first")
        }
        (Some((first, second, year)), Some(&day_first))
            if date::days_in_month(year, (if day_first { first } else { second }) as u8)
                .is_some_and(|days| (if day_first { second } else { first }) <= u16::from(days)) =>
        {
            let (this, vault) = if day_first { ("month", "day") } else { ("day", "month") };
            format!(
                "`{key}` is `{text}`, which puts the {this} first, where the vault's dates put the {vault} first"
            )
        }
        _ => format!("`{key}` is `{text}`, which is not a date"),
    }
}

/// Whether `key` is one the lifecycle reads (`effective_to`, `review_due`).
fn lifecycle_key(key: &str) -> bool {
    keys::find(key).is_some_and(|k| k.role == keys::Role::LifecycleDate)
}

/// Whether `text` is a template's placeholder for a date, in angle
/// brackets, with no digit in it (`<mm/dd/yyyy>`, `<date created>`).
fn placeholder(text: &str) -> bool {
    let text = text.trim();
    text.len() > 2
        && text.starts_with('<')
        && text.ends_with('>')
        && !text.bytes().any(|b| b.is_ascii_digit())
}

/// Notes that write a key's dates in one form (a one-digit month or day)
/// before that form is the vault's own, not a slip.
const OWN_FORM: usize = 5;

/// The findings on the dates of the note `id`.
fn of_note(
    vault: &Vault,
    graph: &Graph,
    as_of: Day,
    wanted: &[bool],
    orders: &NumericOrders,
    id: usize,
) -> Vec<Diagnostic> {
    let note = &vault.notes[id];
    let mut out = Vec::new();
    if !wanted[id] && !graph.edges[id].iter().any(|e| wanted[e.to]) {
        return out;
    }
    let template = vault.is_template(id);
    let dated = note.fields.iter().filter(|f| keys::is_date(&f.key));
    for f in dated.filter(|f| !(template && note.is_placeholder(&f.value))) {
        let key = &f.key;
        let message = match &f.value.kind {
            // `updated: ""` or `[]`, as a template leaves a date not set
            // yet, and `updated: N/A`, `TBD` or `-`, as a process's template
            // says there is none: as empty as a bare `updated:`.
            _ if vaultlint_syntax::note::says_nothing(&f.value) => None,
            // A template's placeholder left in (`<mm/dd/yyyy>`): a date not
            // filled in yet, as a blank one is. (The lifecycle's own keys
            // are read as ISO dates alone: any other form is a finding.)
            ValueKind::Scalar { text, .. } if !lifecycle_key(key) && placeholder(text) => None,
            ValueKind::Scalar { text, .. }
                if date::parse(text).is_none()
                    && (lifecycle_key(key)
                        || !readable(text)
                            && !orders.reads(key, unbracketed(text))
                            && !orders.captions.contains(&**key)) =>
            {
                // A year or a month alone is a date at that precision (ISO
                // 8601's reduced forms, which Dataview reads), short only of
                // what the lifecycle needs: a day it acts on.
                let lifecycle = keys::find(key).is_some_and(|k| k.role == keys::Role::LifecycleDate);
                (lifecycle || date::reduced(text).is_none()).then(|| unreadable(key, text.trim(), orders))
            }
            ValueKind::Scalar { .. } => None,
            // A log of dates (`updated: [2025-03-25, 2026-04-16]`), as a
            // process that records each revision keeps: each is a date.
            ValueKind::Seq(items)
                if !lifecycle_key(key) && vaultlint_syntax::note::dates_listed(items).is_some() =>
            {
                None
            }
            // `date: [[2026-05-16]]`, a daily note's link written without
            // quotes: YAML reads it as a list inside a list.
            _ if let Some(day) = vaultlint_syntax::note::unquoted_wikilink(&f.value)
                .filter(|name| date::parse(&format!("[[{name}]]")).is_some()) =>
            {
                out.push(unquoted_day(note, key, &f.value, day));
                continue;
            }
            // A mapping of dates is a site generator's own structure
            // (MkDocs Material's blog writes `date:` with `created:` and
            // `updated:` under it), read by it and not by indexers; only
            // the lifecycle's keys must be a date themselves.
            ValueKind::Map if !lifecycle_key(key) => None,
            _ => Some(format!("`{key}` is a list or a mapping, not a date")),
        };
        // A one-digit month or day where the vault writes fewer than a
        // convention's worth of them: padded by a safe fix.
        let unpadded = match &f.value.kind {
            ValueKind::Scalar { text, style: ScalarStyle::Plain }
                if message.is_none() && orders.unpadded.get(&**key).is_some_and(|&n| n < OWN_FORM) =>
            {
                date::padded_day(text.trim()).map(|padded| (text.trim(), padded))
            }
            _ => None,
        };
        if let Some((text, padded)) = unpadded {
            let edit = Edit {
                offset: f.value.span.offset(),
                original: text.to_string(),
                replacement: padded.clone(),
            };
            let message = format!(
                "`{key}` is `{text}`, with a one-digit month or day, which most date readers do not take"
            );
            let mut d = Diagnostic::new(Code::InvalidDate, &note.path, message)
                .at(f.value.span, "not padded")
                .help(format!("write `{padded}`; `vaultlint check --fix` does it"))
                .fix(Some(Fix::safe(edit, note.digest)));
            if keys::find(key).is_none_or(|k| k.role != keys::Role::LifecycleDate) {
                d.severity = vaultlint_core::code::Severity::Warning;
            }
            out.push(d);
            continue;
        }
        let in_words = match &f.value.kind {
            ValueKind::Scalar { text, style } if message.is_none() && orders.in_digits(key) => {
                date::in_words(text).map(|day| (day, text, *style))
            }
            _ => None,
        };
        if let Some((day, text, style)) = in_words {
            // The vault writes this key in digits, as its tools read it.
            let fix = (style == ScalarStyle::Plain).then(|| {
                let edit = Edit {
                    offset: f.value.span.offset(),
                    original: text.to_string(),
                    replacement: day.to_string(),
                };
                Fix::safe(edit, note.digest)
            });
            let message = format!(
                "`{key}` is `{}`, in words, where the vault's other notes write it in digits",
                text.trim()
            );
            let mut d = Diagnostic::new(Code::InvalidDate, &note.path, message)
                .at(f.value.span, "in words")
                .help(format!("write it as the others do: `{day}`"))
                .fix(fix);
            d.severity = vaultlint_core::code::Severity::Warning;
            out.push(d);
        }
        if let Some(message) = message {
            let mut d = Diagnostic::new(Code::InvalidDate, &note.path, message)
                .at(f.value.span, "not a date")
                .help("write a date as `2026-01-15`, or a date and time as `2026-01-15T10:30:00Z`");
            // A date the lifecycle reads is an error when it cannot be read; on
            // the others, which many tools write, it is a warning.
            if keys::find(key).is_none_or(|k| k.role != keys::Role::LifecycleDate) {
                d.severity = vaultlint_core::code::Severity::Warning;
            }
            out.push(d);
        }
    }
    if let (Some(from), Some(to)) = (note.day("effective_from"), note.day("effective_to"))
        && to < from
        && let Some(f) = note.field("effective_to")
    {
        out.push(
            Diagnostic::new(
                Code::EffectiveInterval,
                &note.path,
                format!("`effective_to` {to} is before `effective_from` {from}"),
            )
            .at(f.value.span, "ends before it starts")
            .help("swap the two dates, or correct the one that is wrong"),
        );
    }
    if let Some(due) = note.day("review_due")
        && due < as_of
        && let Some(f) = note.field("review_due")
    {
        out.push(
            Diagnostic::new(
                Code::ReviewOverdue,
                &note.path,
                format!("review was due on {due} (as of {as_of})"),
            )
            .at(f.value.span, "past")
            .help("review the note, then move `review_due` to the next date"),
        );
    }
    scheduled(vault, graph, id, as_of, &mut out);
    out
}

/// `scheduled-successor`: an edge out of note `id` to a successor that has
/// not taken effect on `as_of`, reported where the edge is declared.
fn scheduled(vault: &Vault, graph: &Graph, id: usize, as_of: Day, out: &mut Vec<Diagnostic>) {
    let note = &vault.notes[id];
    for edge in &graph.edges[id] {
        let successor = &vault.notes[edge.to];
        if let Some(from) = successor.day("effective_from")
            && from > as_of
        {
            // Reported where the edge is declared.
            let (path, message, related) = if edge.side.names_newer() {
                (
                    &note.path,
                    format!(
                        "successor `{}` takes effect on {from}; until then this note is the one in force",
                        successor.path
                    ),
                    &successor.path,
                )
            } else {
                (
                    &successor.path,
                    format!(
                        "this note takes effect on {from}; until then `{}`, which it supersedes, is the one in force",
                        note.path
                    ),
                    &note.path,
                )
            };
            out.push(
                Diagnostic::new(Code::ScheduledSuccessor, path, message)
                    .at(edge.span, "not in force yet")
                    .help(format!("nothing to change if {from} is right; check again with `--as-of`"))
                    .related(vec![related.clone()]),
            );
        }
    }
}

/// `invalid-date` on a daily note's link written without quotes, with the
/// fix that quotes it: quoted, it reads as the day it links to.
fn unquoted_day(
    note: &vaultlint_syntax::note::Note,
    key: &str,
    value: &vaultlint_syntax::frontmatter::Value,
    name: &str,
) -> Diagnostic {
    let (span, fix) = (value.span, super::quoting_fix(note, value));
    let mut d = Diagnostic::new(
        Code::InvalidDate,
        &note.path,
        format!(
            "`{key}` is `[[{name}]]` without quotes, which YAML reads as a list inside a list, not a date"
        ),
    )
    .at(span, "needs quotes")
    .help(format!("quote it: `{key}: \"[[{name}]]\"`"))
    .fix(fix);
    if keys::find(key).is_none_or(|k| k.role != keys::Role::LifecycleDate) {
        d.severity = vaultlint_core::code::Severity::Warning;
    }
    d
}

#[cfg(test)]
mod tests {
    use super::{NumericOrders, unreadable};
    use vaultlint_syntax::note::Note;

    #[test]
    fn a_numeric_date_is_called_ambiguous_only_where_it_is() {
        let none = NumericOrders {
            day_first: Default::default(),
            written: Default::default(),
            unpadded: Default::default(),
            captions: Default::default(),
        };
        assert_eq!(
            unreadable("created", "05-06-2026", &none),
            "`created` is `05-06-2026`, which may put the day or the month first"
        );
        // One number for both: no order to ask about, only the form.
        assert_eq!(
            unreadable("created", "08-08-2015", &none),
            "`created` is `08-08-2015`, a day written in no form the lifecycle reads: `2015-08-08`"
        );
        // 25 is no month: the date is plain, and still not one the lifecycle reads.
        assert_eq!(
            unreadable("review_due", "25-12-2026", &none),
            "`review_due` is `25-12-2026`, which is not a date"
        );
    }

    #[test]
    fn only_the_kept_keys_stay_after_parsing() {
        let note = Note::parse("a.md".into(), "---\ntitle: A\nreview_due: 2026-01-01\ntags: [x]\n---\n");
        let keys: Vec<&str> = note.fields.iter().map(|f| f.key.as_ref()).collect();
        assert_eq!(keys, ["review_due"]);
        assert_eq!((&*note.title, note.tags().collect::<Vec<_>>()), ("A", vec!["x"]));
    }
}
