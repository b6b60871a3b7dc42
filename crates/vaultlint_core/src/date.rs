//! Dates: the one calendar day type, the one parser of the dates written
//! in frontmatter, and today's date. The rules, the lifecycle and the
//! version detector all read dates through this module.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;

/// A calendar day. A version marker taken from a name may give only a
/// year, or a year and a month; the parts it does not give are zero (see
/// [`Day::precision`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl Day {
    pub const fn new(year: u16, month: u8, day: u8) -> Day {
        Day { year, month, day }
    }

    /// How many parts are given: 3 for a full day, 2 for a month, 1 for a year.
    pub fn precision(self) -> u8 {
        if self.day > 0 {
            3
        } else if self.month > 0 {
            2
        } else {
            1
        }
    }

    /// Compares what both days give: a year against a month compares years.
    pub fn cmp_common(self, other: Day) -> Ordering {
        let p = self.precision().min(other.precision());
        let cut = |d: Day| (d.year, if p > 1 { d.month } else { 0 }, if p > 2 { d.day } else { 0 });
        cut(self).cmp(&cut(other))
    }

    /// The calendar day `days` after 1970-01-01 (Howard Hinnant's algorithm).
    pub fn from_unix_days(days: i64) -> Day {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = doy - (153 * mp + 2) / 5 + 1;
        let m = if mp < 10 { mp + 3 } else { mp - 9 };
        let y = yoe + era * 400 + i64::from(m <= 2);
        Day::new(y as u16, m as u8, d as u8)
    }

    /// The day `days` later (a year or month alone counts from its first
    /// day); saturates at the ends of the calendar.
    pub fn plus_days(self, days: u32) -> Day {
        let date = jiff::civil::Date::new(self.year as i16, self.month.max(1) as i8, self.day.max(1) as i8);
        let later = date.ok().and_then(|d| d.checked_add(jiff::Span::new().days(i64::from(days))).ok());
        later.map_or(Day::new(9999, 12, 31), |d| Day::new(d.year() as u16, d.month() as u8, d.day() as u8))
    }

    /// The UTC day of a Unix time in seconds.
    pub fn of_unix_seconds(seconds: i64) -> Day {
        Day::from_unix_days(seconds.div_euclid(86_400))
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// A date as written in frontmatter: its day, and the time of day when
/// one is written, which orders two dates of the same day.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Written {
    pub day: Day,
    pub time: Option<jiff::civil::Time>,
    pub text: String,
}

impl Written {
    /// The date as a reason quotes it: as written, but a Unix time as its
    /// UTC day and time, which a person can read (`2023-09-02
    /// 18:25:51.405 UTC` for `1693679151405`, to the millisecond it gives),
    /// and a stamp of digits with its parts set apart (`2026-02-14
    /// 19:36:23` for `20260214193623`).
    pub fn shown(&self) -> String {
        match self.time {
            Some(t) if unix_digits(&self.text) => {
                let (day, hour, minute, second) = (self.day, t.hour(), t.minute(), t.second());
                let millis =
                    if self.text.len() == 13 { format!(".{:03}", t.millisecond()) } else { String::new() };
                format!("{day} {hour:02}:{minute:02}:{second:02}{millis} UTC")
            }
            // A stamp of digits, with its parts set apart.
            Some(t)
                if matches!(self.text.len(), 12 | 14) && self.text.bytes().all(|b| b.is_ascii_digit()) =>
            {
                let seconds =
                    if self.text.len() == 14 { format!(":{:02}", t.second()) } else { String::new() };
                format!("{} {:02}:{:02}{seconds}", self.day, t.hour(), t.minute())
            }
            _ => self.text.clone(),
        }
    }
}

/// Reads a date or a date and time as Obsidian's date properties and YAML
/// writers produce them (parsed by jiff, calendar checked): `2026-01-15`,
/// `2026/01/15`, `20260115`, `2026-01-15T10:30`, `2026-01-15 10:30:00`,
/// with fractions of a second, and `Z`, `+02:00`, `+0200` or a time zone
/// in brackets after it; and as sites, templates and import tools write
/// them: Jekyll's `2013-05-06 02:12:52 +0200` (a space before the offset),
/// YAML's timestamps with a one-digit hour (`2021-10-01 8:30:00+00:00`,
/// as Hugo reads them), a day followed by its weekday (`2023-09-30
/// Saturday`, a template's `YYYY-MM-DD dddd`; a weekday the day does not
/// fall on makes it no date), a time with its zone noted in
/// parentheses, `2021-05-10T18:22:56 (UTC -05:00)`, and a Unix time in
/// milliseconds or seconds (`1693679151405`, as Dendron writes them); a
/// stamp of digits to the second or minute (`20260214193623`); and
/// a day with its month's English name, as R Markdown, Jekyll and hand
/// written headers have it (`October 10, 2015`, `10 Feb 2023`).
pub fn parse(text: &str) -> Option<Written> {
    let text = text.trim();
    // A link to the day's daily note (`"[[2026-05-16]]"`, `"[[2026-05-16|Sat]]"`),
    // as Obsidian vaults date notes, names that day.
    if let Some(inner) = text.strip_prefix("[[").and_then(|t| t.strip_suffix("]]")) {
        let name = inner.split(['|', '#']).next().unwrap_or(inner).trim();
        let name = name.rsplit('/').next().unwrap_or(name);
        let (day, time) = parse_iso(name).filter(|_| !name.starts_with("[["))?;
        return Some(Written { day, time, text: text.to_string() });
    }
    let (day, time) = match without_weekday(text) {
        Some((date, weekday, clock)) => {
            let (day, _) = parse_iso(date).filter(|(_, time)| time.is_none())?;
            let civil = jiff::civil::Date::new(day.year as i16, day.month as i8, day.day as i8).ok()?;
            let time = match clock {
                Some(clock) => Some(jiff::civil::Time::strptime("%H:%M:%S", padded_clock(clock)).ok()?),
                None => None,
            };
            (civil.weekday() == weekday).then_some((day, time))?
        }
        None => parse_iso(&reads_as(text))
            .or_else(|| unix_time(text))
            .or_else(|| compact_stamp(text))
            .or_else(|| month_named(text).map(|day| (day, None)))?,
    };
    Some(Written { day, time, text: text.to_string() })
}

/// The month an English word names (in lower case), in full or by its
/// first three or four letters (`sep`, `sept`).
pub fn month_of(word: &str) -> Option<u8> {
    const MONTHS: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let named = |full: &&str| *full == word || (3..=4).contains(&word.len()) && full.starts_with(word);
    MONTHS.iter().position(named).map(|m| m as u8 + 1)
}

/// The day of a date written in words (`October 10, 2015`), which
/// [`parse`] reads; `None` for any other form.
pub fn in_words(text: &str) -> Option<Day> {
    month_named(text.trim())
}

/// `October 10, 2015`, `Oct. 10 2015`, `10 October 2015` or `29-Oct-2019`
/// (as proposals' headers write it), the day also as an ordinal (`March
/// 4th 2022`, `21st November 2024`, which Jekyll reads): a day with its
/// month's name and a four-digit year, calendar checked.
fn month_named(text: &str) -> Option<Day> {
    // Most dates are digits: no word is looked at. A comma at the end
    // parts the date from nothing.
    if !text.bytes().any(|b| b.is_ascii_alphabetic()) || text.ends_with(',') {
        return None;
    }
    let words: Vec<&str> = if text.contains(' ') {
        // `02:30 PM Thursday, 31 July 2025`: the weekday and the time of
        // day a script stamps beside the date say nothing of the day.
        let said = |w: &&str| !(weekday_named(w) || clock(w) || matches!(*w, "AM" | "PM" | "am" | "pm"));
        text.split(' ').filter(|w| !w.is_empty()).filter(said).collect()
    } else {
        text.split('-').collect()
    };
    let [first, second, year] = words[..] else { return None };
    let month = |word: &str| month_of(&word.strip_suffix('.').unwrap_or(word).to_ascii_lowercase());
    let day_of = |word: &str| {
        let lower = word.to_ascii_lowercase();
        let number = ["st", "nd", "rd", "th"].iter().find_map(|s| lower.strip_suffix(s)).unwrap_or(&lower);
        (1..=2).contains(&number.len()).then(|| number.parse::<u8>().ok()).flatten()
    };
    // A comma is written after the day of `October 10, 2015` only.
    let (m, d) = match month(first) {
        Some(m) => (m, day_of(second.strip_suffix(',').unwrap_or(second))?),
        None => (month(second)?, day_of(first)?),
    };
    // `Monday, March 3rd 2025, 10:00:00 am`, the Linter's default: a comma
    // parts the year from the time of day.
    let year = year.strip_suffix(',').unwrap_or(year);
    let y: u16 = (year.len() == 4).then(|| year.parse().ok()).flatten()?;
    (d >= 1 && d <= days_in_month(y, m)?).then_some(Day::new(y, m, d))
}

/// A day and time written as one run of digits, `YYYYMMDDHHmmss` or
/// `YYYYMMDDHHmm`, as publishing pipelines and Zettelkasten IDs stamp a
/// note (`20260214193623`, `202301151030`): calendar and clock checked.
fn compact_stamp(text: &str) -> Option<(Day, Option<jiff::civil::Time>)> {
    if !matches!(text.len(), 12 | 14) || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let part = |at: usize, len: usize| text[at..at + len].parse::<u16>().ok();
    let (year, month, day) = (part(0, 4)?, part(4, 2)? as u8, part(6, 2)? as u8);
    let (hour, minute) = (part(8, 2)? as i8, part(10, 2)? as i8);
    let second = if text.len() == 14 { part(12, 2)? as i8 } else { 0 };
    if !(1900..=2200).contains(&year) || day < 1 || day > days_in_month(year, month)? {
        return None;
    }
    let time = jiff::civil::Time::new(hour, minute, second, 0).ok()?;
    Some((Day::new(year, month, day), Some(time)))
}

/// Whether `word` names a weekday (see [`weekday_of`]), with a comma or
/// period after it or not.
fn weekday_named(word: &str) -> bool {
    weekday_of(word.trim_end_matches([',', '.'])).is_some()
}

/// Whether `word` is a time of day on a clock (`2:30`, `14:05:09`).
fn clock(word: &str) -> bool {
    let word = word.trim_end_matches(',');
    let mut parts = word.split(':');
    let hour =
        parts.next().is_some_and(|h| (1..=2).contains(&h.len()) && h.bytes().all(|c| c.is_ascii_digit()));
    let rest: Vec<&str> = parts.collect();
    hour && (1..=2).contains(&rest.len())
        && rest.iter().all(|p| p.len() == 2 && p.bytes().all(|c| c.is_ascii_digit()))
}

/// Whether `text` is written as a Unix time: 13 digits (milliseconds) or
/// 10 (seconds).
fn unix_digits(text: &str) -> bool {
    matches!(text.len(), 10 | 13) && text.bytes().all(|b| b.is_ascii_digit())
}

/// A Unix time as note tools write one (Dendron's `created` and `updated`
/// in milliseconds, 13 digits; some importers' in seconds, 10 digits):
/// its UTC day and time. Those lengths hold the times from 2001 to 2286,
/// and no other number of them is read as a date.
fn unix_time(text: &str) -> Option<(Day, Option<jiff::civil::Time>)> {
    if !unix_digits(text) {
        return None;
    }
    let number: i64 = text.parse().ok()?;
    let millis = if text.len() == 13 { number } else { number.checked_mul(1000)? };
    const DAY: i64 = 86_400_000;
    let (days, into) = (millis.div_euclid(DAY), millis.rem_euclid(DAY));
    let (seconds, millis) = (into / 1000, into % 1000);
    let time = jiff::civil::Time::new(
        i8::try_from(seconds / 3600).ok()?,
        i8::try_from(seconds / 60 % 60).ok()?,
        i8::try_from(seconds % 60).ok()?,
        i32::try_from(millis * 1_000_000).ok()?,
    )
    .ok()?;
    Some((Day::from_unix_days(days), Some(time)))
}

/// For a day followed by a weekday it does not fall on (`2023-10-06
/// Saturday`), the day and the weekday it falls on.
pub fn wrong_weekday(text: &str) -> Option<(Day, &'static str)> {
    let (date, weekday, _) = without_weekday(text.trim())?;
    let (day, None) = parse_iso(date)? else { return None };
    let civil = jiff::civil::Date::new(day.year as i16, day.month as i8, day.day as i8).ok()?;
    let (name, _) = WEEKDAYS.iter().find(|(_, w)| *w == civil.weekday())?;
    (civil.weekday() != weekday).then_some((day, name))
}

/// The names of the week's days, Monday first, as templates write them
/// (`dddd`, `ddd`).
const WEEKDAYS: [(&str, jiff::civil::Weekday); 7] = [
    ("monday", jiff::civil::Weekday::Monday),
    ("tuesday", jiff::civil::Weekday::Tuesday),
    ("wednesday", jiff::civil::Weekday::Wednesday),
    ("thursday", jiff::civil::Weekday::Thursday),
    ("friday", jiff::civil::Weekday::Friday),
    ("saturday", jiff::civil::Weekday::Saturday),
    ("sunday", jiff::civil::Weekday::Sunday),
];

/// `2023-09-30 Saturday` (or `Sat`, or `Saturday` after a comma, or
/// joined by a hyphen as a template's `YYYY-MM-DD-dddd` writes it), with a
/// time of day after it or not (`2022-10-16-Sunday 21:26`): its date, the
/// weekday named after it, and the time.
fn without_weekday(text: &str) -> Option<(&str, jiff::civil::Weekday, Option<&str>)> {
    let (rest, time) = match text.rsplit_once(' ') {
        Some((rest, last)) if clock(last) => (rest.trim_end(), Some(last)),
        _ => (text, None),
    };
    let at = rest.rfind([' ', '-', ','])?;
    let (date, name) = (rest[..at].trim_end().trim_end_matches(','), &rest[at + 1..]);
    weekday_of(name).map(|weekday| (date, weekday, time))
}

/// A clock's time (`9:05`, `21:26:30`) as `HH:MM:SS`.
fn padded_clock(clock: &str) -> String {
    let mut parts = clock.trim_end_matches(',').split(':');
    let hour = parts.next().unwrap_or("0");
    let minute = parts.next().unwrap_or("00");
    let second = parts.next().unwrap_or("00");
    format!("{hour:0>2}:{minute}:{second}")
}

/// The weekday an English word names, in full or by its first three
/// letters, in any case (`Saturday`, `sat`).
fn weekday_of(word: &str) -> Option<jiff::civil::Weekday> {
    let word = word.to_ascii_lowercase();
    let named = |(full, _): &&(&str, _)| word == *full || word.len() == 3 && full.starts_with(word.as_str());
    WEEKDAYS.iter().find(named).map(|&(_, weekday)| weekday)
}

/// `text` as ISO 8601 reads it: a one-digit hour gets its zero, a zone
/// noted in parentheses after the time is dropped, and a zone after a
/// time is written as ISO 8601 writes it (see [`zone_closed_up`]).
fn reads_as(text: &str) -> Cow<'_, str> {
    let mut text = Cow::Borrowed(text);
    // `2016-1-29`, `2016-3-30 8:00:00`: YAML 1.1's timestamp, which Jekyll
    // reads, allows a one-digit month and day.
    if let Some(padded) = padded_day(&text) {
        text = Cow::Owned(padded);
    }
    // `2021-10-01 8:30:00`: YAML's timestamp allows a one-digit hour.
    if let [_, _, _, _, b'-', _, _, b'-', _, _, b' ' | b'T', h, b':', ..] = text.as_bytes()
        && h.is_ascii_digit()
    {
        text = Cow::Owned(format!("{}0{}", &text[..11], &text[11..]));
    }
    if let Some(open) = text.rfind(" (")
        && text.ends_with(')')
        && !text[open + 2..text.len() - 1].contains(['(', ')'])
        && open >= 10
    {
        text = Cow::Owned(text[..open].trim_end().to_string());
    }
    if let Some(zoned) = zone_closed_up(&text) {
        text = Cow::Owned(zoned);
    }
    text
}

/// A day and time with its zone written as YAML 1.1's timestamp allows
/// it (and Jekyll and Eleventy sites write it), in ISO 8601's form: the
/// spaces before the zone closed up, and an hour-only or one-digit offset
/// written whole (`2016-07-13 15:00:00 -4` as `2016-07-13 15:00:00-04:00`,
/// `15:00:00 Z` as `15:00:00Z`, `+0200` as `+02:00`). `None` when `text` is
/// not a day and time followed by a zone.
fn zone_closed_up(text: &str) -> Option<String> {
    let b = text.as_bytes();
    if b.len() < 16 || !matches!(b[10], b' ' | b'T' | b't') {
        return None;
    }
    let time = text[11..].bytes().take_while(|c| c.is_ascii_digit() || matches!(c, b':' | b'.')).count();
    if time < 5 {
        return None;
    }
    let (head, zone) = text.split_at(11 + time);
    let zone = zone.trim_start_matches([' ', '\t']);
    let digits = |part: &str| part.bytes().all(|c| c.is_ascii_digit());
    let zone = match zone {
        "Z" | "z" => "Z".to_string(),
        _ => {
            let sign = zone.get(..1).filter(|s| matches!(*s, "+" | "-"))?;
            let offset = &zone[1..];
            let (hours, minutes) = match offset.split_once(':') {
                Some(parts) => parts,
                None if offset.len() == 4 => offset.split_at(2),
                None => (offset, "00"),
            };
            if !(1..=2).contains(&hours.len()) || minutes.len() != 2 || !digits(hours) || !digits(minutes) {
                return None;
            }
            format!("{sign}{hours:0>2}:{minutes}")
        }
    };
    Some(format!("{head}{zone}"))
}

/// A year (`2024`) or a year and month (`2026-04`) written alone: ISO
/// 8601's reduced precision, which Dataview and most date readers take.
/// The parts not given are zero (see [`Day::precision`]).
pub fn reduced(text: &str) -> Option<Day> {
    let text = text.trim();
    let year = |y: &str| {
        (y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()) && !y.starts_with('0'))
            .then(|| y.parse().ok())?
    };
    match text.split_once('-') {
        None => Some(Day::new(year(text)?, 0, 0)),
        Some((y, m)) if m.len() == 2 && m.bytes().all(|b| b.is_ascii_digit()) => {
            let month: u8 = m.parse().ok()?;
            (1..=12).contains(&month).then_some(Day::new(year(y)?, month, 0))
        }
        Some(_) => None,
    }
}

/// `text` with a one-digit month or day written with two digits
/// (`2016-1-29` as `2016-01-29`), where it has one; the rest as it is.
pub fn padded_day(text: &str) -> Option<String> {
    let b = text.as_bytes();
    if b.len() < 8 || b[4] != b'-' || !b[..4].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let rest = &text[5..];
    let (month, rest) = rest.split_once('-')?;
    let day_len = rest.bytes().take_while(u8::is_ascii_digit).count();
    let (day, tail) = rest.split_at(day_len);
    let short = |part: &str| part.len() == 1;
    let digits = |part: &str| (1..=2).contains(&part.len()) && part.bytes().all(|c| c.is_ascii_digit());
    if !(digits(month) && digits(day))
        || !(short(month) || short(day))
        || !(tail.is_empty() || tail.starts_with([' ', 'T']))
    {
        return None;
    }
    Some(format!("{}-{month:0>2}-{day:0>2}{tail}", &text[..4]))
}

/// The day and any time of an ISO 8601 `text`.
fn parse_iso(text: &str) -> Option<(Day, Option<jiff::civil::Time>)> {
    // `2026/01/15`: the same date with slashes.
    let dashed;
    let iso = match text.as_bytes() {
        [y0, y1, y2, y3, b'/', m0, m1, b'/', d0, d1, ..]
            if [y0, y1, y2, y3, m0, m1, d0, d1].iter().all(|b| b.is_ascii_digit()) =>
        {
            dashed = format!("{}-{}-{}", &text[..4], &text[5..7], &text[8..]);
            dashed.as_str()
        }
        _ => text,
    };
    let pieces = jiff::fmt::temporal::Pieces::parse(iso).ok()?;
    let date = pieces.date();
    let day = Day::new(u16::try_from(date.year()).ok()?, date.month() as u8, date.day() as u8);
    Some((day, pieces.time()))
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
    (m >= 1 && d >= 1 && d <= days_in_month(y, m)?).then_some(Day::new(y, m, d))
}

/// The number of days in month `m` of year `y`; `None` for no such month.
pub fn days_in_month(y: u16, m: u8) -> Option<u8> {
    let leap = y.is_multiple_of(4) && (!y.is_multiple_of(100) || y.is_multiple_of(400));
    Some(match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    })
}

/// Today in the local time zone (`TZ` when set), as the people reading
/// the findings count days.
pub fn today() -> Day {
    let date = jiff::ZonedDateTime::now().date();
    Day::new(u16::try_from(date.year()).unwrap_or(1970), date.month() as u8, date.day() as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_year_or_a_month_alone() {
        assert_eq!(reduced("2024"), Some(Day::new(2024, 0, 0)));
        assert_eq!(reduced(" 2026-04 "), Some(Day::new(2026, 4, 0)));
        for not in ["2026-13", "2026-4", "0999", "202", "2026-04-01", "2026-", "v2024", "2026/04"] {
            assert_eq!(reduced(not), None, "{not}");
        }
    }

    #[test]
    fn dates_and_times() {
        let day = |t: &str| parse(t).map(|w| w.day);
        assert_eq!(day("2026-01-15"), Some(Day::new(2026, 1, 15)));
        assert_eq!(day("2024-02-29T23:59:60Z"), Some(Day::new(2024, 2, 29)));
        assert_eq!(day("2026-01-15 10:30"), Some(Day::new(2026, 1, 15)));
        assert_eq!(day("2026-01-15T10:30:00.125+02:00"), Some(Day::new(2026, 1, 15)));
        assert_eq!(parse("2024-02-01T10:00Z").unwrap().time, Some(jiff::civil::time(10, 0, 0, 0)));
        assert_eq!(day("2026-01-15T10:30:00+0200"), Some(Day::new(2026, 1, 15)));
        assert_eq!(day("2026/01/15"), Some(Day::new(2026, 1, 15)));
        assert_eq!(day("2026-01-15T10:30:00.000Z"), Some(Day::new(2026, 1, 15)));
        assert_eq!(day("2026-01-15T10:30:00+01:00[Europe/Paris]"), Some(Day::new(2026, 1, 15)));
        // Jekyll's post dates, and an import tool's zone in parentheses.
        assert_eq!(day("2013-05-06 02:12:52 +0200"), Some(Day::new(2013, 5, 6)));
        assert_eq!(day("2013-05-06 02:12 -05:00"), Some(Day::new(2013, 5, 6)));
        assert_eq!(day("2021-05-10T18:22:56 (UTC -05:00)"), Some(Day::new(2021, 5, 10)));
        // YAML 1.1's timestamp: spaces before the zone, an offset of hours.
        for zoned in [
            "2016-07-13 15:00:00 -4",
            "2016-07-13 15:00:00 Z",
            "2016-07-13 15:00:00.5 +05:30",
            "2016-07-13 15:00:00-4",
            "2016-07-13 15:00 -04",
        ] {
            assert_eq!(day(zoned), Some(Day::new(2016, 7, 13)), "{zoned}");
        }
        assert_eq!(parse("2016-07-13 15:00:00 -4").unwrap().time, Some(jiff::civil::time(15, 0, 0, 0)));
        for not_zoned in ["2016-07-13 15:00:00 -400", "2016-07-13 15:00:00 +4:5", "2016-07-13 15:00:00 Q"] {
            assert_eq!(day(not_zoned), None, "{not_zoned}");
        }
        // A one-digit hour, as YAML's timestamps allow.
        assert_eq!(day("2021-10-01 8:30:00+00:00"), Some(Day::new(2021, 10, 1)));
        assert_eq!(parse("2021-10-01T8:30").unwrap().time, Some(jiff::civil::time(8, 30, 0, 0)));
        // A template's day and weekday.
        assert_eq!(day("2023-09-30 Saturday"), Some(Day::new(2023, 9, 30)));
        assert_eq!(day("2023-09-30 sat"), Some(Day::new(2023, 9, 30)));
        assert_eq!(day("2023-09-30, Saturday"), Some(Day::new(2023, 9, 30)));
        // `YYYY-MM-DD-dddd HH:mm`, and a time after a weekday.
        assert_eq!(day("2022-10-16-Sunday 21:26"), Some(Day::new(2022, 10, 16)));
        assert_eq!(parse("2022-10-16-Sunday 21:26").unwrap().time, Some(jiff::civil::time(21, 26, 0, 0)));
        assert_eq!(parse("2022-10-16 Sun 9:05:30").unwrap().time, Some(jiff::civil::time(9, 5, 30, 0)));
        assert_eq!(day("2022-10-16-Sunday 15:5631"), None);
        assert_eq!(day("2022-10-17-Sunday 21:26"), None);
        assert_eq!(wrong_weekday("2022-10-17-Sunday 21:26"), Some((Day::new(2022, 10, 17), "monday")));
        assert_eq!(wrong_weekday("2023-09-29 Saturday"), Some((Day::new(2023, 9, 29), "friday")));
        assert_eq!(wrong_weekday("2023-09-30 Saturday"), None);
        assert_eq!(parse("2013-05-06 02:12:52 +0200").unwrap().text, "2013-05-06 02:12:52 +0200");
        // Unix times: Dendron's milliseconds, an importer's seconds.
        assert_eq!(day("1693679151405"), Some(Day::new(2023, 9, 2)));
        assert_eq!(parse("1693679151405").unwrap().time, Some(jiff::civil::time(18, 25, 51, 405_000_000)));
        assert_eq!(day("1693679151"), Some(Day::new(2023, 9, 2)));
        assert_eq!(parse("1693679151405").unwrap().shown(), "2023-09-02 18:25:51.405 UTC");
        assert_eq!(parse("1693679151").unwrap().shown(), "2023-09-02 18:25:51 UTC");
        assert_eq!(parse("2023-09-02 18:25").unwrap().shown(), "2023-09-02 18:25");
        // A month by its name.
        assert_eq!(day("October 10, 2015"), Some(Day::new(2015, 10, 10)));
        assert_eq!(day("Oct. 10 2015"), Some(Day::new(2015, 10, 10)));
        assert_eq!(day("10 feb 2023"), Some(Day::new(2023, 2, 10)));
        assert_eq!(day("1 Sept 2023"), Some(Day::new(2023, 9, 1)));
        assert_eq!(day("29-Oct-2019"), Some(Day::new(2019, 10, 29)));
        // Its day as an ordinal, as blog posts write it.
        assert_eq!(day("March 4th 2022"), Some(Day::new(2022, 3, 4)));
        assert_eq!(day("November 21st, 2024"), Some(Day::new(2024, 11, 21)));
        assert_eq!(day("2nd Feb 2001"), Some(Day::new(2001, 2, 2)));
        assert_eq!(day("February 30th 2001"), None);
        // With the time and weekday a script stamps beside it.
        assert_eq!(day("02:30 PM Thursday, 31 July 2025"), Some(Day::new(2025, 7, 31)));
        assert_eq!(day("Thu, 31 Jul 2025 14:30"), Some(Day::new(2025, 7, 31)));
        // The Linter's default, `dddd, MMMM Do YYYY, h:mm:ss a`.
        assert_eq!(day("Tuesday, November 4th 2025, 4:12:09 pm"), Some(Day::new(2025, 11, 4)));
        assert_eq!(day("4 November 2025,"), None);
        // YAML 1.1's one-digit month and day, as Jekyll posts have them.
        assert_eq!(day("2016-1-29"), Some(Day::new(2016, 1, 29)));
        assert_eq!(day("2023-01-1"), Some(Day::new(2023, 1, 1)));
        assert_eq!(parse("2016-3-30 8:00:00").unwrap().time, Some(jiff::civil::time(8, 0, 0, 0)));
        // A stamp of digits, to the second or the minute.
        assert_eq!(day("20260214193623"), Some(Day::new(2026, 2, 14)));
        assert_eq!(parse("20260214193623").unwrap().time, Some(jiff::civil::time(19, 36, 23, 0)));
        assert_eq!(day("202301151030"), Some(Day::new(2023, 1, 15)));
        assert_eq!(parse("20260214193623").unwrap().shown(), "2026-02-14 19:36:23");
        assert_eq!(parse("202301151030").unwrap().shown(), "2023-01-15 10:30");
        assert_eq!(parse("October 10, 2015").unwrap().shown(), "October 10, 2015");
        for bad in [
            "February 30, 2023",
            "October 2015",
            "Octobre 10, 2015",
            "10 October, 2015",
            "October, 10 2015",
            "Mar 100 2015",
            "May 5, 15",
            "May June 2015",
            "30-Feb-2023",
            "2016-2-30",
            "2016-13-1",
            "Thursday 2025",
            "29-Oct-19",
            "29-Oct 2019",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        for bad in [
            "20260230193623",
            "20260214246000",
            "202613151030",
            "169367915140",
            "16936791514050",
            "999999999",
            "2025-02-29",
            "2026-13-01",
            "15/01/2026",
            "2026/1/15",
            "2026-01-15T25:00",
            "2026-01-15x",
            "soon",
            "2026-01-15T10:3",
            "2024-02-30x",
            "2023-01-29 18:30:22 2023 -0800",
            "2026-01-15 +0200",
            "2026-02-30 10:00 (UTC)",
            "(UTC)",
            "2023-09-30 Friday",
            "2023-09-30 Sa",
            "2023-09-30 10:00 Saturday",
            "2026-01-15 8:3",
            "Saturday",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        assert_eq!(Day::from_unix_days(0), Day::new(1970, 1, 1));
        assert_eq!(Day::from_unix_days(19_783), Day::new(2024, 3, 1));
        assert_eq!(Day::new(2024, 3, 1).to_string(), "2024-03-01");
    }

    #[test]
    fn partial_days_compare_on_what_both_give() {
        assert_eq!(Day::new(2024, 0, 0).cmp_common(Day::new(2024, 5, 3)), Ordering::Equal);
        assert_eq!(Day::new(2024, 4, 0).cmp_common(Day::new(2024, 5, 3)), Ordering::Less);
    }
}
