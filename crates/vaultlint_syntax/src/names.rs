//! Names and titles with their version markers taken out: `expenses-policy-2025`
//! and `archive/Expenses Policy (old)` both come down to `expenses policy`,
//! and what was taken out is kept to tell which of two versions is older.

use vaultlint_core::date::{self, Day};

/// Words in a name that mark the older of two versions.
const OLDER_WORDS: &[&str] = &[
    "old",
    "older",
    "archive",
    "archived",
    "legacy",
    "deprecated",
    "obsolete",
    "outdated",
    "previous",
    "prev",
    "retired",
    "superseded",
    "copy",
    // The word file managers add to a copy's name in other languages
    // (`x - 副本.md`, `Plan - Kopie.md`).
    "副本",
    "複本",
    "コピー",
    "복사본",
    "kopie",
    "copie",
    "copia",
    "cópia",
    "копия",
    "backup",
    "bak",
    "orig",
    "original",
    // A law or rule no longer in force or amended since, and an old
    // edition, as Chinese notes mark them (`公司法（已失效）`, `旧版`).
    "已失效",
    "已修改",
    "已修订",
    "失效",
    "已废止",
    "已廢止",
    "废止",
    "旧版",
    "舊版",
    // Old, as Japanese and Chinese names mark a copy (`計画(旧)`).
    "旧",
    "舊",
    // Obsolete, in Portuguese, Spanish, Italian, French and German
    // (`Fluxo de caixa (obsoleto)`), and abandoned, in Chinese.
    "obsoleto",
    "obsoleta",
    "obsolète",
    "veraltet",
    "废弃",
    "已废弃",
];
/// Whether `word` (in lower case) marks a copy as older or newer (`old`,
/// `backup`, `new`): a word of age.
pub fn is_age_word(word: &str) -> bool {
    OLDER_WORDS.contains(&word) || NEWER_WORDS.contains(&word)
}

/// Words in a name that mark the newer of two versions.
const NEWER_WORDS: &[&str] =
    &["new", "newer", "latest", "current", "final", "updated", "revised", "新版", "最新版", "新"];
/// Words that say what kind of copy a word of age marks (`old plan`,
/// `new version`), after which it still ends the name.
const AGE_QUALIFIERS: &[&str] = &["version", "ver", "edition", "draft", "plan", "file", "one"];
/// Words that mark a version but say nothing of its age.
const NEUTRAL_WORDS: &[&str] = &["draft", "wip"];
/// Folders whose notes are old versions.
const OLDER_FOLDERS: &[&str] = &[
    "archive",
    "archived",
    "archives",
    "old",
    "legacy",
    "deprecated",
    "obsolete",
    "outdated",
    "attic",
    "backup",
    "backups",
    "previous",
    "retired",
    "superseded",
    // Chinese and Japanese: archive (归档, 歸檔, 存档, 存檔, アーカイブ) and
    // the old edition (旧版, 舊版).
    "归档",
    "歸檔",
    "存档",
    "存檔",
    "アーカイブ",
    "旧版",
    "舊版",
    // Archived, legacy, obsolete and old ones in Portuguese, Spanish,
    // French, Italian, German, Dutch, Russian and Korean (`LEGADO/`,
    // `Obsoletos/`, `Archiv/`). Not `arquivo` or `archivo`: in
    // Portuguese and Spanish that is also a folder of files.
    "legado",
    "arquivado",
    "arquivados",
    "archivado",
    "archivados",
    "archivé",
    "archivés",
    "archiv",
    "archiviert",
    "archivio",
    "archiviati",
    "archief",
    "obsoleto",
    "obsoletos",
    "obsoletas",
    "obsoleti",
    "obsolètes",
    "veraltet",
    "antigos",
    "antigas",
    "antiguos",
    "antiguas",
    "anciens",
    "anciennes",
    "vecchi",
    "verouderd",
    "архив",
    "устаревшее",
    "устаревшие",
    "보관",
    "아카이브",
    "废弃",
    "已废弃",
];
/// Names and titles that many unrelated notes share.
const GENERIC: &[&str] = &[
    "",
    "about",
    "agenda",
    "changelog",
    "contents",
    "faq",
    "general",
    "home",
    "inbox",
    "index",
    "intro",
    "introduction",
    "main",
    "misc",
    "note",
    "notes",
    "overview",
    "readme",
    "scratch",
    "start",
    "summary",
    "todo",
    "todos",
    "toc",
    "untitled",
    "welcome",
];
/// ISO 639-1 codes recognised as a language folder or a `.fr`-style suffix.
/// (Codes that are common English words as folder names, `my`, `am`,
/// `be`, `so`, `to`, `or`, `as`, are left out.)
const LANGUAGES: &[&str] = &[
    "af", "ar", "az", "bg", "bn", "ca", "cs", "cy", "da", "de", "el", "en", "eo", "es", "et", "eu", "fa",
    "fi", "fr", "ga", "gl", "gu", "he", "hi", "hr", "hu", "hy", "id", "is", "it", "ja", "ka", "kk", "km",
    "kn", "ko", "lt", "lv", "mk", "ml", "mn", "mr", "ms", "nb", "ne", "nl", "nn", "no", "pa", "pl", "pt",
    "ro", "ru", "si", "sk", "sl", "sq", "sr", "sv", "sw", "ta", "te", "th", "tl", "tr", "uk", "ur", "uz",
    "vi", "zh",
];

/// Language codes that, as folder names, far more often name a department.
const FOLDER_NOT_LANGUAGE: &[&str] = &["hr", "it", "id"];

/// The language a folder (its name in lower case) holds the pages of:
/// `fr/`, `pt-br/`, or as Jekyll sites name a collection or an include
/// folder of translations, `_ru/`.
fn language_folder(lower: &str) -> Option<&str> {
    let bare = lower.strip_prefix('_').unwrap_or(lower);
    (is_language(bare) && !FOLDER_NOT_LANGUAGE.contains(&bare)).then_some(bare)
}

/// A version marker found in a name or folder, with the text it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Marker {
    /// A calendar date or part of one: month and day are zero when the
    /// name gives only a year or a month.
    Date { day: Day, text: String },
    /// An ISO week, `2026-W07`.
    Week { year: u16, week: u8, text: String },
    /// `v2`, `v1.3`, `version 3`, `rev 4`.
    Version { parts: Vec<u32>, text: String },
    /// `old`, `archive`, `copy`, `(1)`, or a folder such as `archive/`.
    Older { text: String },
    /// `new`, `final`, `latest`.
    Newer { text: String },
    /// `draft`: a version, of no known age.
    Neutral { text: String },
}

impl Marker {
    pub fn text(&self) -> &str {
        match self {
            Marker::Date { text, .. }
            | Marker::Week { text, .. }
            | Marker::Version { text, .. }
            | Marker::Older { text }
            | Marker::Newer { text }
            | Marker::Neutral { text } => text,
        }
    }

    /// A day, a week, a month or a quarter: what the names of periodic
    /// notes carry. (A year alone is how editions are named.)
    pub fn is_period(&self) -> bool {
        matches!(self, Marker::Date { day, .. } if day.month > 0) || matches!(self, Marker::Week { .. })
    }

    /// Whether this is a copy's number (`report (1)`), as a file manager
    /// or a download names a file whose name its folder holds already.
    pub fn is_copy_number(&self) -> bool {
        let number = |text: &str| {
            let inner = text.trim().strip_prefix('(').and_then(|t| t.strip_suffix(')'));
            inner.is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        };
        matches!(self, Marker::Older { text } if number(text))
    }
}

/// A name or title with its markers taken out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Normalized {
    /// Lower-case words without punctuation or markers, joined by spaces.
    pub key: String,
    pub markers: Vec<Marker>,
    /// Whether the vault's notes bear this name in so many places that it
    /// is as generic as those [`Normalized::is_generic`] knows: learned
    /// from a vault, never set by [`normalize`].
    pub common: bool,
}

impl Normalized {
    /// Leaves out the words of age among the first `limit` markers that
    /// `subject` holds (see [`PathInfo::without_words`]); how many.
    pub fn without_words(&mut self, subject: &[String], limit: usize) -> usize {
        let (mut at, mut dropped) = (0, 0);
        self.markers.retain(|m| {
            at += 1;
            let word = m.text().trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
            let drop = at <= limit
                && matches!(m, Marker::Older { .. } | Marker::Newer { .. })
                && subject.contains(&word);
            dropped += usize::from(drop);
            !drop
        });
        dropped
    }

    /// Whether a date is among the markers (`2021 Yearly Report`).
    pub fn dated(&self) -> bool {
        self.markers.iter().any(|m| matches!(m, Marker::Date { .. }))
    }

    /// Shared by too many unrelated notes to count as evidence: a name
    /// every vault repeats, or one this vault does ([`Normalized::common`]).
    pub fn is_generic(&self) -> bool {
        self.common || self.is_listed_generic()
    }

    /// A name every vault repeats (`README`, `index`, `notes`).
    pub fn is_listed_generic(&self) -> bool {
        GENERIC.contains(&self.key.as_str())
    }

    /// Whether this key has words and every one of them is a word of
    /// `other`'s key (`top of mind` within `top of mind pre prune`).
    pub fn within(&self, other: &Normalized) -> bool {
        self.within_by(other, |_| true)
    }

    /// [`Normalized::within`], numbers aside (`post 11 protocol reversing`
    /// within `post 13 reversing a protocol`).
    pub fn within_but_numbers(&self, other: &Normalized) -> bool {
        self.within_by(other, |w| !w.bytes().all(|c| c.is_ascii_digit()))
    }

    /// Whether this key has words that `counts` and every one of them is
    /// a word of `other`'s key.
    fn within_by(&self, other: &Normalized, counts: fn(&str) -> bool) -> bool {
        let mut words = self.key.split(' ').filter(|w| !w.is_empty() && counts(w)).peekable();
        words.peek().is_some() && words.all(|w| other.key.split(' ').any(|o| o == w))
    }
}

/// A word or number of a name, lower-cased.
struct Token {
    lower: String,
    /// Byte range in the source.
    start: usize,
    end: usize,
}

/// The byte ranges of `text`'s runs of letters and digits.
fn alphanumeric_runs(text: &str) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut run = None;
    for (i, c) in text.char_indices() {
        if c.is_alphanumeric() {
            run.get_or_insert(i);
        } else if let Some(start) = run.take() {
            runs.push((start, i));
        }
    }
    if let Some(start) = run {
        runs.push((start, text.len()));
    }
    runs
}

/// Whether `name` holds a UUID: 32 hex digits in a run, or in groups of
/// 8, 4, 4, 4 and 12 joined by `-` or `_`, as records generated by a
/// program are named.
pub fn holds_uuid(name: &str) -> bool {
    let runs = alphanumeric_runs(name);
    runs.windows(UUID_GROUPS.len()).any(|w| uuid(name, w))
        || runs.iter().any(|&(s, e)| e - s == 32 && hex(&name[s..e]))
}

fn tokens(text: &str) -> Vec<Token> {
    let runs = alphanumeric_runs(text);
    let mut out = Vec::new();
    let mut i = 0;
    while i < runs.len() {
        // A UUID (`18ee2002_66e8_4518_87c5_c0ec9c8299ac`), as exports name
        // notes, is one word: its groups hold no year or number.
        if let Some(&[first, .., last]) = runs.get(i..i + UUID_GROUPS.len()).filter(|r| uuid(text, r)) {
            out.push(Token { lower: text[first.0..last.1].to_lowercase(), start: first.0, end: last.1 });
            i += UUID_GROUPS.len();
            continue;
        }
        split_run(text, runs[i].0, runs[i].1, &mut out);
        i += 1;
    }
    out
}

/// The lengths of a UUID's groups of hex digits.
const UUID_GROUPS: [usize; 5] = [8, 4, 4, 4, 12];

/// Whether `runs` of `text` are a UUID's five groups, one `-` or `_`
/// between each.
fn uuid(text: &str, runs: &[(usize, usize)]) -> bool {
    runs.iter().zip(UUID_GROUPS).all(|(&(s, e), len)| e - s == len && hex(&text[s..e]))
        && runs.windows(2).all(|w| matches!(&text[w[0].1..w[1].0], "-" | "_"))
}

fn hex(run: &str) -> bool {
    run.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Splits a run of letters and digits where they meet (`covid19`), except
/// in a version marker (`v2`) and in a hex digest (`18ee2002`, a hash or
/// an ID's part, eight digits or more with letters among them), which
/// holds no year.
fn split_run(text: &str, start: usize, end: usize, out: &mut Vec<Token>) {
    let mut push =
        |s: usize, e: usize| out.push(Token { lower: text[s..e].to_lowercase(), start: s, end: e });
    let run = &text[start..end];
    if run.len() > 1 && run.starts_with(['v', 'V']) && run[1..].bytes().all(|b| b.is_ascii_digit()) {
        return push(start, end);
    }
    let digest = run.len() >= 8
        && hex(run)
        && run.bytes().any(|b| b.is_ascii_digit())
        && run.bytes().any(|b| b.is_ascii_alphabetic());
    if digest {
        return push(start, end);
    }
    let mut from = start;
    let mut digits = None;
    for (i, c) in run.char_indices() {
        let digit = c.is_ascii_digit();
        if digits.is_some_and(|d| d != digit) {
            push(from, start + i);
            from = start + i;
        }
        digits = Some(digit);
    }
    push(from, end);
}

fn number(token: &Token) -> Option<u32> {
    (token.lower.len() <= 9 && token.lower.bytes().all(|b| b.is_ascii_digit()))
        .then(|| token.lower.parse().ok())?
}

fn year(token: &Token) -> Option<u16> {
    (token.lower.len() == 4)
        .then(|| number(token))
        .flatten()
        .filter(|y| (1900..=2099).contains(y))
        .map(|y| y as u16)
}

/// Whether two tokens are parts of one marker: adjacent (`fy26`) or with
/// one of `-_. ` between them.
fn joined(text: &str, a: &Token, b: &Token) -> bool {
    let between = &text[a.end..b.start];
    between.is_empty() || between.len() == 1 && "-_. ".contains(between)
}

/// Splits `text` into its key and markers. A word of age (`old`, `copy`,
/// `new`) is a marker only before or after all the other words (but
/// those that say what kind of copy it is: `old plan`): in
/// `guide-with-copy-paste-templates` or `the new way of working` it is the
/// subject, and stays in the key.
pub fn normalize(text: &str) -> Normalized {
    let tokens = tokens(text);
    // The key's words, lower-cased as their tokens are.
    let mut words: Vec<&str> = Vec::new();
    // Each marker with the token it starts at; a word of age also with
    // how many other words came before it.
    let mut markers: Vec<(usize, Marker)> = Vec::new();
    let mut aged: Vec<(usize, usize, Marker)> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if let Some((marker, last)) = marker_at(text, &tokens, i) {
            markers.push((i, marker));
            i = last + 1;
            continue;
        }
        let t = &tokens[i];
        let word = t.lower.as_str();
        let text = || marker_text(text, &tokens, i, i);
        if OLDER_WORDS.contains(&word) {
            aged.push((words.len(), i, Marker::Older { text: text() }));
        } else if NEWER_WORDS.contains(&word) {
            aged.push((words.len(), i, Marker::Newer { text: text() }));
        } else if NEUTRAL_WORDS.contains(&word) {
            aged.push((words.len(), i, Marker::Neutral { text: text() }));
        } else {
            words.push(word);
        }
        i += 1;
    }
    // The words of age between other words go back into the key (last
    // first, so that the places stay right). Words that only say what
    // kind of copy it is (`old plan`, `new version`) leave it at the end.
    let at_end = |before: usize| {
        words[before..].iter().all(|w| AGE_QUALIFIERS.iter().any(|q| w.eq_ignore_ascii_case(q)))
    };
    let edges: Vec<bool> = aged.iter().map(|(before, ..)| *before == 0 || at_end(*before)).collect();
    for ((before, at, marker), edge) in aged.into_iter().zip(edges).rev() {
        if edge {
            markers.push((at, marker));
        } else {
            words.insert(before, tokens[at].lower.as_str());
        }
    }
    markers.sort_by_key(|(at, _)| *at);
    Normalized { key: words.join(" "), markers: markers.into_iter().map(|(_, m)| m).collect(), common: false }
}

/// The key [`normalize`] gives `text`, made without its markers where
/// there can be none: every marker but a word of age holds a digit, so a
/// text with no digit and no word of age is its words, lower-cased. This
/// is what a heading comes down to, and a note has many: the whole
/// reading of them took a twentieth of a check.
pub fn key(text: &str) -> String {
    if text.bytes().any(|b| b.is_ascii_digit()) {
        return normalize(text).key;
    }
    let mut key = String::with_capacity(text.len());
    for word in text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
        if !key.is_empty() {
            key.push(' ');
        }
        let at = key.len();
        if word.is_ascii() {
            key.extend(word.bytes().map(|b| char::from(b.to_ascii_lowercase())));
        } else {
            // Lower-cased as a whole word: a final sigma is not a sigma.
            key.push_str(&word.to_lowercase());
        }
        let lower = &key[at..];
        if [OLDER_WORDS, NEWER_WORDS, NEUTRAL_WORDS].iter().any(|words| words.contains(&lower)) {
            return normalize(text).key;
        }
    }
    key
}

/// The text of the marker made of tokens `a..=b`, with the separator
/// before it: `-2025` reads better than `2025`.
fn marker_text(text: &str, tokens: &[Token], a: usize, b: usize) -> String {
    let start = tokens[a].start;
    let start = text[..start]
        .chars()
        .next_back()
        .filter(|c| "-_. (".contains(*c))
        .map_or(start, |c| start - c.len_utf8());
    let end = tokens[b].end;
    let end = if text[end..].starts_with(')') { end + 1 } else { end };
    text[start..end].to_string()
}

/// The dated or numbered marker that starts at token `i`, and the index
/// of its last token: a date, week or fiscal year, a version, or a copy's
/// `(1)`.
fn marker_at(text: &str, tokens: &[Token], i: usize) -> Option<(Marker, usize)> {
    let t = &tokens[i];
    let span = |a: usize, b: usize| marker_text(text, tokens, a, b);
    let next = |k: usize| tokens.get(i + k).filter(|n| joined(text, &tokens[i + k - 1], n));
    if let Some(found) = day_first(text, tokens, i).or_else(|| spelled(text, tokens, i)) {
        return Some(found);
    }
    if let Some(y) = year(t) {
        return Some(dated(y, i, next, span));
    }
    if t.lower == "fy"
        && let Some(n) = next(1)
        && let Some(y) = number(n).filter(|_| matches!(n.lower.len(), 2 | 4))
    {
        // A fiscal year: `FY26`, `fy-2026`.
        let y = if y < 100 { 2000 + y } else { y };
        return Some((Marker::Date { day: Day::new(y as u16, 0, 0), text: span(i, i + 1) }, i + 1));
    }
    if t.lower.len() == 8
        && let Some(n) = number(t)
        && let (y, m, d) = ((n / 10000) as u16, (n / 100 % 100) as u8, (n % 100) as u8)
        && (1900..=2099).contains(&y)
        && (1..=12).contains(&m)
        && (1..=31).contains(&d)
    {
        return Some((Marker::Date { day: Day::new(y, m, d), text: span(i, i) }, i));
    }
    if let Some(v) =
        t.lower.strip_prefix('v').and_then(|n| n.parse::<u32>().ok()).filter(|_| t.lower.len() > 1)
    {
        let mut parts = vec![v];
        let mut last = i;
        while let Some(n) = tokens.get(last + 1).filter(|n| text[tokens[last].end..n.start] == *".")
            && let Some(p) = number(n)
        {
            parts.push(p);
            last += 1;
        }
        return Some((Marker::Version { parts, text: span(i, last) }, last));
    }
    // A numbered draft (`report-draft-3`) is a version as a revision is.
    if matches!(t.lower.as_str(), "version" | "rev" | "revision" | "draft")
        && let Some(n) = next(1).and_then(number)
    {
        return Some((Marker::Version { parts: vec![n], text: span(i, i + 1) }, i + 1));
    }
    if number(t).is_some_and(|n| n < 100) && text[..t.start].ends_with('(') && text[t.end..].starts_with(')')
    {
        // `report (1).md`: a copy made by a file manager or a download.
        return Some((Marker::Older { text: span(i, i) }, i));
    }
    None
}

/// A numeric date written day or month first: `01.12.2026`, `1-12-2026`,
/// `12/01/2026`. Where both readings are possible, `.` and `-` read day
/// first (as most of the world writes), `/` month first (as the US does):
/// either way it is a date, which is what makes a note one of a series.
fn day_first(text: &str, tokens: &[Token], i: usize) -> Option<(Marker, usize)> {
    let (a, b, y) = (tokens.get(i)?, tokens.get(i + 1)?, tokens.get(i + 2)?);
    let sep = &text[a.end..b.start];
    if !matches!(sep, "." | "-" | "/")
        || &text[b.end..y.start] != sep
        || a.lower.len() > 2
        || b.lower.len() > 2
    {
        return None;
    }
    let (x, z, year) = (number(a)?, number(b)?, year(y)?);
    let (day, month) = match (x, z) {
        (x, z) if x > 12 => (x, z),
        (x, z) if z > 12 => (z, x),
        (x, z) if sep == "/" => (z, x),
        (x, z) => (x, z),
    };
    let valid =
        (1..=12).contains(&month) && day >= 1 && day <= u32::from(date::days_in_month(year, month as u8)?);
    valid.then(|| {
        (
            Marker::Date {
                day: Day::new(year, month as u8, day as u8),
                text: marker_text(text, tokens, i, i + 2),
            },
            i + 2,
        )
    })
}

/// The month a word names, in English, in full or in three letters.
fn month_name(word: &str) -> Option<u8> {
    vaultlint_core::date::month_of(word)
}

fn weekday(word: &str) -> bool {
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        .iter()
        .any(|d| *d == word || (word.len() == 3 && d.starts_with(word)))
}

/// A date with the month in words: `December 1, 2026`, `1st Dec 2026`,
/// `Tuesday, December 1, 2026`, or `December 2026`.
fn spelled(text: &str, tokens: &[Token], i: usize) -> Option<(Marker, usize)> {
    // Words of one date are apart by at most a comma and a space.
    let near = |a: &Token, b: &Token| {
        let between = &text[a.end..b.start];
        between.len() <= 2 && between.chars().all(|c| matches!(c, ' ' | ',' | '-' | '.' | '_'))
    };
    let mut k = i;
    if weekday(&tokens[k].lower) {
        k += 1;
        near(&tokens[k - 1], tokens.get(k)?).then_some(())?;
    }
    let at = |k: usize| tokens.get(k).filter(|t| near(&tokens[k - 1], t));
    let ordinal = |k: usize| at(k).is_some_and(|t| matches!(t.lower.as_str(), "st" | "nd" | "rd" | "th"));
    let day_of = |t: &Token| number(t).filter(|d| (1..=31).contains(d) && t.lower.len() <= 2);
    let (month, day, last) = if let Some(month) = month_name(&tokens[k].lower) {
        match at(k + 1).and_then(day_of) {
            Some(day) if ordinal(k + 2) => (month, day, k + 2),
            Some(day) => (month, day, k + 1),
            None => (month, 0, k),
        }
    } else {
        let day = day_of(&tokens[k])?;
        let m = if ordinal(k + 1) { k + 2 } else { k + 1 };
        (month_name(&at(m)?.lower)?, day, m)
    };
    let y = year(at(last + 1)?)?;
    let ok = day == 0 || day <= u32::from(date::days_in_month(y, month)?);
    ok.then(|| {
        (
            Marker::Date { day: Day::new(y, month, day as u8), text: marker_text(text, tokens, i, last + 1) },
            last + 1,
        )
    })
}

/// The marker that starts with the year `y` at token `i`: a day, a month,
/// an ISO week or the year alone; and the index of its last token.
fn dated<'t>(
    y: u16,
    i: usize,
    next: impl Fn(usize) -> Option<&'t Token>,
    span: impl Fn(usize, usize) -> String,
) -> (Marker, usize) {
    let month =
        next(1).and_then(number).filter(|m| (1..=12).contains(m) && next(1).unwrap().lower.len() <= 2);
    if let Some(m) = month {
        let day =
            next(2).and_then(number).filter(|d| (1..=31).contains(d) && next(2).unwrap().lower.len() <= 2);
        return match day {
            Some(d) => (Marker::Date { day: Day::new(y, m as u8, d as u8), text: span(i, i + 2) }, i + 2),
            None => (Marker::Date { day: Day::new(y, m as u8, 0), text: span(i, i + 1) }, i + 1),
        };
    }
    if next(1).is_some_and(|n| n.lower == "w")
        && let Some(w) = next(2).and_then(number).filter(|w| (1..=53).contains(w))
    {
        return (Marker::Week { year: y, week: w as u8, text: span(i, i + 2) }, i + 2);
    }
    if next(1).is_some_and(|n| n.lower == "q")
        && let Some(q) = next(2).and_then(number).filter(|q| (1..=4).contains(q))
    {
        // A quarter: its first month.
        return (Marker::Date { day: Day::new(y, (q * 3 - 2) as u8, 0), text: span(i, i + 2) }, i + 2);
    }
    (Marker::Date { day: Day::new(y, 0, 0), text: span(i, i) }, i)
}

/// What a note's path says about it as a version.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PathInfo {
    /// The file name, normalised.
    pub name: Normalized,
    /// The folder with marker, year and language folders left out: two
    /// notes with a generic name are only alike in the same place.
    pub place: String,
    /// A language code from a folder (`fr/`) or a suffix (`page.fr.md`).
    pub language: Option<String>,
    /// How many of `name.markers` are in the file name itself; the rest
    /// come from folders (`archive/`, `2024/`).
    pub own_markers: usize,
}

impl PathInfo {
    /// Leaves out the file name's words of age that `subject` holds: words
    /// a vault writes in so many names that they are what its notes are
    /// about (`backup` in a backup tool's docs), not the mark of a copy.
    pub fn without_words(&mut self, subject: &[String]) {
        let own = self.own_markers.min(self.name.markers.len());
        self.own_markers = own - self.name.without_words(subject, own);
    }

    /// The markers of the file name itself.
    pub fn name_markers(&self) -> &[Marker] {
        &self.name.markers[..self.own_markers.min(self.name.markers.len())]
    }

    /// The markers of the folders on the way to the file.
    pub fn folder_markers(&self) -> &[Marker] {
        &self.name.markers[self.own_markers.min(self.name.markers.len())..]
    }
}

/// The year a folder is named for (`2024/`), if it is: such a folder dates
/// its notes; it is no release.
pub fn year_folder(name: &str) -> Option<u16> {
    (name.len() == 4).then(|| name.parse::<u16>().ok()).flatten().filter(|y| (1900..=2099).contains(y))
}

/// Whether a folder's name says its notes are old versions (`archive/`,
/// `old/`, `legacy/`).
pub fn older_folder(name: &str) -> bool {
    OLDER_FOLDERS.iter().any(|w| w.eq_ignore_ascii_case(name))
}

/// Whether a folder's name says its notes are not the ones in use: old
/// versions, or unfinished ones (`drafts/`, `wip-docs/`). Asked of every
/// folder of every note, so it allocates nothing.
pub fn set_aside_folder(name: &str) -> bool {
    let older = |word: &str| OLDER_FOLDERS.iter().any(|w| w.eq_ignore_ascii_case(word));
    drafts_folder(name) || name.split(|c: char| !c.is_alphanumeric()).any(older)
}

/// Whether a folder's name says it holds unfinished versions (`drafts/`,
/// `fragments-drafts/`, `wip-docs/`). Allocates nothing.
pub fn drafts_folder(name: &str) -> bool {
    let draft = |word: &str| NEUTRAL_WORDS.iter().chain(&["drafts"]).any(|w| w.eq_ignore_ascii_case(word));
    name.split(|c: char| !c.is_alphanumeric()).any(draft)
}

/// Reads a vault-relative `path` and its `stem` (the file name without extension).
pub fn path_info(path: &str, stem: &str) -> PathInfo {
    let mut info = PathInfo::default();
    let mut stem = stem;
    if let Some((head, lang)) = stem.rsplit_once('.')
        && is_language(lang)
    {
        info.language = Some(lang.to_lowercase());
        stem = head;
    }
    info.name = normalize(stem);
    info.own_markers = info.name.markers.len();
    let folders: Vec<&str> = path.split('/').collect();
    let mut place = Vec::new();
    for folder in &folders[..folders.len() - 1] {
        let lower = folder.to_lowercase();
        if OLDER_FOLDERS.contains(&crate::template::without_ordinal(&lower).trim_start_matches('_')) {
            info.name.markers.push(Marker::Older { text: format!("{folder}/") });
        } else if let Some(y) = year_folder(&lower) {
            info.name.markers.push(Marker::Date { day: Day::new(y, 0, 0), text: format!("{folder}/") });
        } else if let Some(language) = language_folder(&lower) {
            info.language.get_or_insert(language.to_string());
        } else {
            place.push(lower);
        }
    }
    info.place = place.join("/");
    info
}

/// The key a note shares with the other members of its series, and its
/// ordinals: for a name holding numbers (`Chapter 7 Part 1`, `notes
/// 1950's`, `jekyll-4-1-0-released`, `Summary 2024`, `5-2-1`), its place
/// and its words with the numbers out, and the numbers in order. `None`
/// for a name without a number. `info` is the [`path_info`] of the note,
/// which a caller has read already.
pub fn ordinal_key(info: &PathInfo, stem: &str) -> Option<(String, Vec<u64>)> {
    // Most names hold no digit: nothing more to read.
    if !stem.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let stem = match stem.rsplit_once('.') {
        Some((head, lang)) if is_language(lang) => head,
        _ => stem,
    };
    let tokens = tokens(stem);
    let mut words: Vec<&str> = Vec::new();
    let mut numbers = Vec::new();
    let mut after_number = false;
    for t in &tokens {
        let digits = t.lower.strip_prefix('v').filter(|d| !d.is_empty()).unwrap_or(&t.lower);
        if digits.bytes().all(|b| b.is_ascii_digit()) {
            numbers.push(digits.get(digits.len().saturating_sub(18)..).unwrap_or("0").parse().unwrap_or(0));
            after_number = true;
            continue;
        }
        // `1950's`, `1st`, `2nd`: the ordinal's own ending.
        if after_number && matches!(t.lower.as_str(), "s" | "st" | "nd" | "rd" | "th") {
            after_number = false;
            continue;
        }
        after_number = false;
        words.push(&t.lower);
    }
    (!numbers.is_empty()).then(|| (format!("{}\0{}", info.place, words.join(" ")), numbers))
}

/// The keys by which a note is grouped with others that may be versions
/// of one document: its name's and its title's, markers out. A generic
/// one (`index`, `notes`) groups only within its place.
pub fn group_keys(path: &PathInfo, title: &Normalized) -> [Option<String>; 2] {
    let key = |n: &Normalized| {
        if n.key.is_empty() {
            None
        } else if n.is_generic() {
            Some(format!("{}\0{}", path.place, n.key))
        } else {
            Some(closed_up(&n.key))
        }
    };
    [key(&path.name).map(|k| format!("n\0{k}")), key(title).map(|k| format!("t\0{k}"))]
}

/// A key with the spaces between words closed up, so that one name
/// spelt as one word or two (`Side Loading` and `Sideloading`, `Have I
/// Been Pwned` and `HaveIBeenPwned`) is one group; a space between two
/// numbers stays (`Lecture 1 1` is not `Lecture 11`).
fn closed_up(key: &str) -> String {
    let bytes = key.as_bytes();
    let digit = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    key.char_indices()
        .filter(|&(i, c)| c != ' ' || i > 0 && digit(i - 1) && digit(i + 1))
        .map(|(_, c)| c)
        .collect()
}

/// The hash by which notes sharing a group key are found.
pub fn key_hash(key: &str) -> u64 {
    xxhash_rust::xxh3::xxh3_64(key.as_bytes())
}

/// What grouping needs of every note, made once as the note is read: the
/// hashes of its [`group_keys`], and whether its name holds a day or a
/// week. Reading every note's name and title again on each run took a
/// tenth of a warm one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Grouping {
    keys: [u64; 2],
    /// Which of `keys` there are (bits 0 and 1), and whether the name is
    /// dated (bit 2).
    flags: u8,
}

impl Grouping {
    pub fn of(path: &str, stem: &str, title: &str) -> Grouping {
        let info = path_info(path, stem);
        let keys = group_keys(&info, &normalize(title));
        let mut grouping = Grouping::default();
        for (i, key) in keys.iter().enumerate() {
            if let Some(key) = key {
                grouping.keys[i] = key_hash(key);
                grouping.flags |= 1 << i;
            }
        }
        if info.name.markers.iter().any(Marker::is_period) {
            grouping.flags |= 4;
        }
        grouping
    }

    /// The hashes of the name's and the title's group keys.
    pub fn keys(self) -> [Option<u64>; 2] {
        [0, 1].map(|i| (self.flags & 1 << i != 0).then_some(self.keys[i]))
    }

    /// Whether the name holds a day or a week.
    pub fn dated(self) -> bool {
        self.flags & 4 != 0
    }
}

/// A language tag: an ISO 639-1 code, alone or with a region (`pt-BR`,
/// `es-419`) or a script (`zh-Hans`, `sr-Latn-RS`), as Docusaurus and Hugo
/// name their locale folders.
fn is_language(code: &str) -> bool {
    let code = code.to_lowercase();
    let mut parts = code.split(['-', '_']);
    let base = parts.next().unwrap_or_default();
    let subtag = |p: &str| match p.len() {
        2 | 4 => p.bytes().all(|b| b.is_ascii_alphabetic()),
        3 => p.bytes().all(|b| b.is_ascii_digit()),
        _ => false,
    };
    LANGUAGES.contains(&base) && parts.clone().count() <= 2 && parts.all(subtag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_keys_close_up_words_but_not_numbers() {
        assert_eq!(closed_up("side loading"), "sideloading");
        assert_eq!(closed_up("have i been pwned"), "haveibeenpwned");
        assert_eq!(closed_up("lecture 1 1"), "lecture1 1");
        assert_ne!(closed_up("lecture 1 1"), closed_up("lecture 11"));
        let key = |stem: &str| group_keys(&path_info(&format!("{stem}.md"), stem), &normalize(""))[0].clone();
        assert_eq!(key("Team Viewer"), key("TeamViewer"));
        assert_ne!(key("Chapter 1 2"), key("Chapter 12"));
    }

    fn key(text: &str) -> String {
        normalize(text).key
    }

    fn texts(text: &str) -> Vec<String> {
        normalize(text).markers.iter().map(|m| m.text().to_string()).collect()
    }

    #[test]
    fn the_key_alone_is_the_key_normalize_gives() {
        let parts = [
            "Limits",
            " ",
            "(2025)",
            "old",
            "-",
            "Σύνοψη ΣΟΦΟΣ",
            "new",
            "March",
            "v2",
            "draft",
            "ÉTÉ",
            "12.03.2024",
            "",
            "副本",
            "_",
            "Plan",
            "ǅemal",
            "١٢",
            "FY",
            "İstanbul",
        ];
        for a in parts {
            for b in parts {
                for c in parts {
                    let text = format!("{a}{b}{c}");
                    assert_eq!(key(&text), normalize(&text).key, "{text:?}");
                    let spaced = format!("{a} {b} {c}");
                    assert_eq!(key(&spaced), normalize(&spaced).key, "{spaced:?}");
                }
            }
        }
    }

    #[test]
    fn a_key_within_another_has_all_its_words_in_it() {
        let within = |a: &str, b: &str| normalize(a).within(&normalize(b));
        assert!(within("top-of-mind", "top-of-mind-pre-prune-2026-07-25"));
        assert!(within("Budget", "Budget 2025-01"));
        assert!(!within("Monthly logs", "2025-02 log"));
        assert!(!within("2025-01", "Budget"), "a key with no words is within nothing");
        let but_numbers = |a: &str, b: &str| normalize(a).within_but_numbers(&normalize(b));
        assert!(!within("Post 11 - protocol reversing", "Post 13 - reversing a protocol"));
        assert!(but_numbers("Post 11 - protocol reversing", "Post 13 - reversing a protocol"));
        assert!(!but_numbers("Post 11 - protocol reversing", "Post 13 - reversing a file"));
    }

    #[test]
    fn a_word_of_age_between_other_words_is_the_subject() {
        assert_eq!(texts("guide-with-copy-paste-templates"), Vec::<String>::new());
        assert_eq!(key("guide-with-copy-paste-templates"), "guide with copy paste templates");
        assert_eq!(key("the new way of working"), "the new way of working");
        assert_eq!(texts("handbook-copy"), ["-copy"]);
        assert_eq!(texts("Old handbook v2"), ["Old", " v2"]);
        assert_eq!(texts("handbook final v2"), [" final", " v2"]);
        assert_eq!(key("handbook final v2"), "handbook");
        assert_eq!(texts("Kitchen shelves (old plan)"), ["(old"]);
        assert_eq!(texts("handbook - new version"), [" new"]);
    }

    #[test]
    fn uuids_in_names() {
        assert!(holds_uuid("2a9b677d_a230_44f4_ad86_782df1ef108c-system_owner_discovery"));
        assert!(holds_uuid("Meeting notes 1a2b3c4d5e6f47a8b9c0d1e2f3a4b5c6"));
        assert!(holds_uuid("x-2a9b677d-a230-44f4-ad86-782df1ef108c"));
        assert!(!holds_uuid("Project plan 2024-01-15"));
        assert!(!holds_uuid("20240115 deadbeef cafe babe face decadebeefcafe"));
        assert!(!holds_uuid("Fro-Q"));
    }

    #[test]
    fn markers_come_out() {
        assert_eq!(key("expenses-policy-2025"), "expenses policy");
        assert_eq!(texts("expenses-policy-2025"), ["-2025"]);
        assert_eq!(key("Handbook (copy)"), "handbook");
        assert_eq!(key("two sum - 副本"), "two sum");
        assert_eq!(key("中华人民共和国公司法（已失效）"), key("中华人民共和国公司法"));
        assert!(matches!(normalize("公司法（已失效）").markers[..], [Marker::Older { .. }]));
        assert!(matches!(normalize("合同法（已修改）").markers[..], [Marker::Older { .. }]));
        assert!(matches!(normalize("操作手册 新版").markers[..], [Marker::Newer { .. }]));
        assert!(matches!(normalize("操作手册-新").markers[..], [Marker::Newer { .. }]));
        assert_eq!(key("操作手册-新"), key("操作手册"));
        assert!(matches!(normalize("急転(旧)").markers[..], [Marker::Older { .. }]));
        assert_eq!(key("急転(旧)"), key("急転"));
        assert!(
            path_info("归档/笔记/类型.md", "类型")
                .folder_markers()
                .iter()
                .any(|m| matches!(m, Marker::Older { .. }))
        );
        assert_eq!(texts("Reiseplan - Kopie"), [" Kopie"]);
        assert_eq!(key("report (1)"), "report");
        assert_eq!(texts("report (1)"), ["(1)"]);
        assert_eq!(key("API guide v2.1"), "api guide");
        assert_eq!(
            normalize("API guide v2.1").markers,
            [Marker::Version { parts: vec![2, 1], text: " v2.1".into() }]
        );
        assert_eq!(key("runbook version 3"), "runbook");
        assert_eq!(key("board-report-draft-3"), "board report");
        assert_eq!(texts("board-report-draft-3"), ["-draft-3"]);
        assert_eq!(key("2026-03-05"), "");
        assert!(normalize("2026-03-05").markers[0].is_period());
        assert!(normalize("standup 20260305").markers[0].is_period());
        assert!(normalize("review 2026-W07").markers[0].is_period());
        assert!(!normalize("prices 2026").markers[0].is_period());
        assert_eq!(key("old_legacy_pricing_FINAL"), "pricing");
        assert_eq!(key("Überblick über Änderungen"), "überblick über änderungen");
        // Numbers that are not markers stay: chapter 3 is not chapter 4.
        assert_eq!(key("chapter 3"), "chapter 3");
        assert_eq!(key("covid19 plan"), "covid 19 plan");
        assert_eq!(key("budget-fy26"), "budget");
        // An ID's digits are no year: a UUID is one word, and so is a hash.
        let named = "18ee2002_66e8_4518_87c5_c0ec9c8299ac-shebang_in_cli";
        assert_eq!(key(named), "18ee2002_66e8_4518_87c5_c0ec9c8299ac shebang in cli");
        assert!(normalize(named).markers.is_empty());
        assert!(normalize("007e5672_2088_4853_a562_7490ddc19447-unc-path").markers.is_empty());
        assert!(normalize("notes 3a15c372").markers.is_empty());
        assert_eq!(texts("CAR-2020-05-003-rare-commands"), ["-2020-05"]);
    }

    #[test]
    fn series_members_share_a_key_apart_from_their_ordinals() {
        let k = |path: &str| {
            let stem = path.rsplit('/').next().unwrap().trim_end_matches(".md");
            ordinal_key(&path_info(path, stem), stem)
        };
        let decade = k("History/notes1950's General Notes.md").unwrap();
        assert_eq!(decade, ("history\0notes general notes".to_string(), vec![1950]));
        assert_eq!(k("History/notes1960's General Notes.md").unwrap().0, decade.0);
        assert_eq!(k("econ/Chapter 7 Part 1.md").unwrap(), ("econ\0chapter part".into(), vec![7, 1]));
        assert_eq!(k("trivy/5-2-1.md").unwrap(), ("trivy\0".into(), vec![5, 2, 1]));
        // Year folders are left out of the place: one series across them.
        assert_eq!(
            k("Finance/2023/2023 Summary.md").unwrap().0,
            k("Finance/2024/2024 Summary.md").unwrap().0
        );
        assert_eq!(k("net/SNMP V2.md").unwrap(), ("net\0snmp".into(), vec![2]));
        assert_eq!(k("policies/travel-policy.md"), None);
    }

    #[test]
    fn folders_and_languages() {
        let info = path_info("hr/archive/2024/expenses.md", "expenses");
        assert_eq!(info.place, "hr");
        assert_eq!(info.name.markers.len(), 2);
        // A numbered archive folder, as vaults number their top folders.
        for folder in ["99_Archive", "99 - Archive", "_archive", "4. Old"] {
            let info = path_info(&format!("{folder}/Habits.md"), "Habits");
            assert!(matches!(info.name.markers[..], [Marker::Older { .. }]), "{folder}");
        }
        let info = path_info("docs/fr/onboarding.md", "onboarding");
        assert_eq!(info.language.as_deref(), Some("fr"));
        assert_eq!(info.place, "docs");
        let info = path_info("docs/guide.pt-BR.md", "guide.pt-BR");
        assert_eq!(info.language.as_deref(), Some("pt-br"));
        assert_eq!(info.name.key, "guide");
        // Locale folders with a script or a numeric region are languages;
        // words after a code are not.
        let info = path_info("i18n/zh-Hans/docusaurus-plugin-content-blog/intro.md", "intro");
        assert_eq!(info.language.as_deref(), Some("zh-hans"));
        assert_eq!(path_info("es-419/intro.md", "intro").language.as_deref(), Some("es-419"));
        // A Jekyll site's folder of translated includes.
        let info = path_info("_includes/_markdown/_ru/install.md", "install");
        assert_eq!((info.language.as_deref(), info.place.as_str()), (Some("ru"), "_includes/_markdown"));
        assert_eq!(path_info("_id/x.md", "x").language, None);
        for folder in ["de-duplicate", "en-route", "it-ops", "es-2024"] {
            assert_eq!(path_info(&format!("{folder}/x.md"), "x").language, None, "{folder}");
        }
        assert!(normalize("README").is_generic());
    }

    #[test]
    fn dates_written_every_way_mark_a_period() {
        let day = |name: &str| {
            let n = normalize(name);
            assert!(n.markers.iter().all(Marker::is_period), "{name}: {n:?}");
            assert_eq!(n.key, "", "{name}");
            match n.markers.first() {
                Some(Marker::Date { day, .. }) => *day,
                other => panic!("{name}: {other:?}"),
            }
        };
        assert_eq!(day("01.12.2026"), Day::new(2026, 12, 1));
        assert_eq!(day("13-02-2026"), Day::new(2026, 2, 13));
        assert_eq!(day("02.13.2026"), Day::new(2026, 2, 13));
        assert_eq!(day("Tuesday, December 1, 2026"), Day::new(2026, 12, 1));
        assert_eq!(day("1st Dec 2026"), Day::new(2026, 12, 1));
        assert_eq!(day("December 2026"), Day::new(2026, 12, 0));
        assert_eq!(day("2026-Q3"), Day::new(2026, 7, 0));
        assert_eq!(day("2026-03"), Day::new(2026, 3, 0));
        assert!(!normalize("policy-2026").markers[0].is_period());
        assert_eq!(normalize("May we meet").key, "may we meet");
    }
}
