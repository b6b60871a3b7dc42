//! One note: read from disk, its frontmatter located and read, and the
//! facts the rules need (title, tags, aliases, status, successor
//! declaration) pulled out with their positions.

use crate::fingerprint::{self, Fingerprint};
use crate::frontmatter::{self, Delimited, Field, Value, ValueKind};
use crate::keys::MisspeltKey;
use crate::link::BodyLink;
use crate::prints::PrintAt;
use crate::suppression::Suppression;
use crate::template::Openings;
use vaultlint_core::code::Code;
use vaultlint_core::diagnostic::{Diagnostic, Span};
use vaultlint_core::lines::LineIndex;

/// The keys that declare a note's successor, in every accepted spelling.
pub const SUCCESSOR_KEYS: &[&str] = &["superseded_by", "superseded-by", "supersededBy"];
/// The keys with which a newer note names the notes it supersedes.
pub const PREDECESSOR_KEYS: &[&str] = &["supersedes", "replaces"];
/// The keys that name the notes correcting this one: it stays readable,
/// but may not support a claim without them.
pub const CORRECTED_BY_KEYS: &[&str] = &["corrected_by", "corrected-by", "correctedBy"];
/// The keys with which a correcting note names the notes it corrects.
pub const CORRECTS_KEYS: &[&str] = &["corrects"];
/// The default keys of each [`Side`], in [`Side::ALL`] order.
pub const DEFAULT_DECLARATION_KEYS: [&[&str]; 4] =
    [SUCCESSOR_KEYS, PREDECESSOR_KEYS, CORRECTED_BY_KEYS, CORRECTS_KEYS];
/// The keys of each side of a declaration, in [`Side::ALL`] order.
pub type DeclarationKeys = [Vec<String>; 4];

/// The default keys as owned strings, as configured keys are.
pub fn default_keys() -> DeclarationKeys {
    DEFAULT_DECLARATION_KEYS.map(|keys| keys.iter().map(|k| k.to_string()).collect())
}
/// How to read notes, and what to compute beyond what `check` needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading<'a> {
    /// The version detector's fingerprint of the body.
    pub fingerprint: bool,
    /// A digest of the file's bytes, so an edit can confirm the file is
    /// still what was analysed.
    pub digest: bool,
    /// The links in the body, for `links-to-superseded`.
    pub links: bool,
    /// The keys of each side of a declaration (`superseded_by`,
    /// `supersedes`, `corrected_by`, `corrects`).
    pub keys: &'a DeclarationKeys,
    /// The frontmatter key that silences rules for the whole note.
    pub suppression_key: &'a str,
    /// The keys that say where a note applies.
    pub scope_keys: &'a [String],
}

static DEFAULT_KEYS: std::sync::LazyLock<DeclarationKeys> = std::sync::LazyLock::new(default_keys);
static DEFAULT_SCOPE_KEYS: std::sync::LazyLock<Vec<String>> =
    std::sync::LazyLock::new(|| crate::scope::DEFAULT_KEYS.iter().map(|k| k.to_string()).collect());

impl Default for Reading<'_> {
    fn default() -> Self {
        Reading {
            fingerprint: false,
            digest: false,
            links: true,
            keys: &DEFAULT_KEYS,
            suppression_key: crate::suppression::DEFAULT_KEY,
            scope_keys: &DEFAULT_SCOPE_KEYS,
        }
    }
}

/// The keys a note's title, tags and aliases are read from.
const TITLE_KEY: &str = "title";
const TAG_KEYS: [&str; 2] = ["tags", "tag"];
const ALIAS_KEYS: [&str; 2] = ["aliases", "alias"];

/// Whether `key` is one of [`TAG_KEYS`] or [`ALIAS_KEYS`] in any case
/// (`Aliases`, `Tags`), as Obsidian reads them.
fn names_tags_or_aliases(key: &str) -> bool {
    TAG_KEYS.iter().chain(&ALIAS_KEYS).any(|k| k.eq_ignore_ascii_case(key))
}

/// The keys a misspelling is looked for against, each with the spelling
/// a fix writes: the declarations' (each side's first key), the kept
/// keys (lifecycle, dates, language, authority) and the scope keys.
fn misspelling_targets<'r>(reading: &'r Reading<'_>) -> impl Iterator<Item = (&'r str, &'r str)> {
    let declarations = reading
        .keys
        .iter()
        .filter_map(|side| Some((side, side.first()?.as_str())))
        .flat_map(|(side, first)| side.iter().map(move |k| (k.as_str(), first)));
    // Not a site's redirect or source keys: vaultlint reads them, but how
    // a site spells its own (`redirects-to`, `sources`) is its business.
    let kept = (crate::keys::KEYS.iter())
        .filter(|k| !matches!(k.role, crate::keys::Role::Redirect | crate::keys::Role::Source))
        .map(|k| (k.name, k.name));
    let scope = reading.scope_keys.iter().map(|k| (k.as_str(), k.as_str()));
    declarations.chain(kept).chain(scope)
}

/// The top-level keys of `fields` that nothing reads and that look like
/// misspellings of keys read (see [`crate::keys::meant_by`]).
fn misspelt_keys(fields: &[Field], reading: &Reading<'_>, text: &str) -> Vec<MisspeltKey> {
    let mut found = Vec::new();
    // A key left blank (`Status:` in a template's skeleton, `Superseded-by:
    // []`, `n/a`) says nothing that is lost.
    for field in fields.iter().filter(|f| !reading.reads_key_as_written(&f.key) && !says_nothing(&f.value)) {
        // Read under another case or joining, the key means the one it
        // spells; otherwise it is read by nothing, and may be a slip.
        let variant = reading.reads_key(&field.key);
        let meant = if variant {
            let same = |(target, _): &(&str, &str)| crate::keys::same_letters(target, &field.key);
            misspelling_targets(reading).find(same).map(|(_, canonical)| vec![canonical]).unwrap_or_default()
        } else {
            crate::keys::meant_by(&field.key, misspelling_targets(reading))
        };
        if meant.is_empty() {
            continue;
        }
        // A plain key's span runs to the end of its line, as a plain
        // value's does: the key itself ends at its colon. A quoted key
        // keeps its span, and is not renamed by a splice.
        let at = field.key_span.offset();
        let plain = text.get(at..).is_some_and(|rest| {
            rest.strip_prefix(&*field.key)
                .is_some_and(|after| after.trim_start_matches([' ', '\t']).starts_with(':'))
        });
        let span = if plain { Span::new(at, field.key.len()) } else { field.key_span };
        let taken = meant.len() == 1
            && fields.iter().any(|f| f.key != field.key && crate::keys::same_letters(&f.key, meant[0]));
        // Renamed, the value must still say something the key reads: a
        // number is no successor, `13-Mar-2023` no date.
        let fits = meant.first().is_none_or(|meant| {
            let declaration = reading.keys.iter().flatten().any(|k| k == meant);
            let scalar = field.value.scalar_text();
            if declaration {
                field.value.as_str().is_some()
                    || matches!(field.value.kind, crate::frontmatter::ValueKind::Seq(_))
            } else if crate::keys::is_date(meant) {
                scalar.is_some_and(|t| vaultlint_core::date::parse(t).is_some())
            } else {
                true
            }
        });
        // A list or a mapping where the key meant holds one word or one
        // date (`states:` listing a process's states, beside `status`) is
        // another key, written as it was meant.
        let nested = matches!(field.value.kind, ValueKind::Seq(_) | ValueKind::Map);
        let single = meant.iter().all(|meant| crate::keys::find(meant).is_some());
        if !variant && nested && single {
            continue;
        }
        // Nor is a count under a declaration's key less its `_by`
        // (`corrected: 5` among a review's `fabricated: 0`, `demoted: 3`):
        // a word of its own, that no note could be named by.
        let counted = field.value.as_str().is_none()
            && field.value.scalar_text().is_some_and(|t| t.trim().parse::<f64>().is_ok());
        let shortened = meant.iter().all(|m| {
            let head = m.get(..field.key.len()).filter(|_| m.len() > field.key.len());
            reading.keys.iter().flatten().any(|k| k == m)
                && head.is_some_and(|h| crate::keys::same_letters(h, &field.key))
        });
        if !variant && counted && shortened {
            continue;
        }
        // Nor is a value no status could be (`stats: words=13940,
        // sentences=1910`, a web clipper's counts) under a key a slip
        // from `status`.
        let status =
            meant.iter().all(|m| crate::keys::find(m).is_some_and(|k| k.role == crate::keys::Role::Status));
        if !variant && status && !field.value.scalar_text().is_some_and(could_be_status) {
            continue;
        }
        found.push(MisspeltKey {
            key: field.key.clone(),
            span,
            // A key in another case (`Date: May 2020`) too: renamed, its
            // value would still say nothing.
            renamable: plain && meant.len() == 1 && !taken && fits,
            taken,
            variant,
            meant: meant.into_iter().map(Box::from).collect(),
        });
    }
    found
}

/// Whether `value` could be a status: a few words (`draft`, `in
/// progress`, `Last Call`, `✅ done`), with no punctuation but a dash, an
/// underscore or a slash.
fn could_be_status(value: &str) -> bool {
    let value = value.trim();
    value.len() <= 40
        && value.split_whitespace().count() <= 3
        && value
            .chars()
            .all(|c| !c.is_control() && (!c.is_ascii_punctuation() || matches!(c, '-' | '_' | '/')))
}

/// The first top-level key of `fields` that nothing reads, whose name
/// says it names what replaces the note (`replaced-by`, `replacement`,
/// `successor`, `deprecated-by`, `redirects-to`), with a value.
fn replacement_key<'f>(fields: &'f [Field], reading: &Reading<'_>) -> Option<&'f str> {
    let names = |key: &str| {
        let key = crate::keys::folded(key);
        ["replac", "supersed", "successor", "deprecatedby", "redirectto", "redirectsto"]
            .iter()
            .any(|word| key.contains(word))
    };
    let said = |f: &Field| match &f.value.kind {
        ValueKind::Seq(items) => !items.is_empty(),
        ValueKind::Scalar { .. } => f.value.scalar_text().is_some_and(|t| !t.trim().is_empty()),
        _ => false,
    };
    fields.iter().find(|f| !reading.reads_key(&f.key) && names(&f.key) && said(f)).map(|f| &*f.key)
}

/// What a frontmatter block that could not be parsed says of the note's
/// own standing, read line by line: `None` where a top-level line names a
/// successor or a lifecycle date, or gives the status in a form more than
/// a plain value on its line; else the status, with its place, if it has
/// one. A key left blank, or holding only words that say there is none
/// (`superseded-by: []`, `replaces:` over `- n/a`), as proposal templates
/// ship them, names nothing. (`start`: where the block starts in the file.)
fn standing_lines(block: &str, start: usize, reading: &Reading<'_>) -> Option<Option<(String, Span)>> {
    use crate::keys::Role;
    let mut status = None;
    let mut at = start;
    let mut lines = block.split_inclusive('\n').peekable();
    while let Some(line) = lines.next() {
        let line_at = at;
        at += line.len();
        if line.starts_with([' ', '\t', '-', '#']) {
            continue;
        }
        let Some((key, value)) = line.split_once(':') else { continue };
        let key = key.trim().trim_matches(['"', '\'']);
        // The lines that continue this key's value: indented, or list items.
        let mut items = Vec::new();
        let mut continued = None;
        while let Some(next) = lines.next_if(|l| l.starts_with([' ', '\t', '-'])) {
            continued = Some((at, next));
            at += next.len();
            items.push(next.trim().strip_prefix('-').unwrap_or(next.trim()));
        }
        let declares = || !std::iter::once(value).chain(items.iter().copied()).all(names_nothing);
        let successor = reading.keys[Side::Successor as usize]
            .iter()
            .any(|k| k == key || crate::keys::same_letters(k, key));
        if successor && declares() {
            return None;
        }
        match crate::keys::find(key).map(|k| k.role) {
            Some(Role::LifecycleDate | Role::Redirect) if declares() => return None,
            Some(Role::Status) if declares() => {
                let (mut value_at, mut written) = (line_at + key_end(line) + 1, value);
                // `status:` over one indented line is that line's value.
                if let (true, [_], Some((next_at, next))) = (value.trim().is_empty(), &items[..], continued)
                    && !next.trim_start().starts_with('-')
                {
                    (value_at, written) = (next_at, next);
                    items.clear();
                }
                let written = written.trim_end_matches(['\n', '\r']);
                let lead = written.len() - written.trim_start().len();
                let plain = written.trim().split(" #").next().unwrap_or("").trim_end();
                let unquoted = plain
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .or_else(|| plain.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')));
                // `**provisional**` is a word in bold, as a person writes it,
                // though YAML would read an alias.
                let simple = unquoted.is_some()
                    || plain.starts_with("**")
                    || !plain.starts_with(['[', '{', '|', '>', '&', '*', '!', '"', '\'', '%', '@', '`']);
                if !simple || plain.is_empty() || !items.is_empty() || status.is_some() {
                    return None;
                }
                let value = unquoted.unwrap_or(plain).trim().to_string();
                status = Some((value, Span::new(value_at + lead, plain.len())));
            }
            _ => {}
        }
    }
    Some(status)
}

/// Whether a line of a value, read as text, names nothing: blank, a
/// comment, an empty list or string, YAML's null, or a word that says
/// there is none ([`says_none`]).
fn names_nothing(text: &str) -> bool {
    let text = text.split(" #").next().unwrap_or("").trim();
    let text = text.trim_matches(['"', '\'']).trim();
    text.is_empty() || text.starts_with('#') || ["[]", "~", "{}"].contains(&text) || says_none(text)
}

/// Where a top-level line's key ends: at its first colon.
fn key_end(line: &str) -> usize {
    line.find(':').unwrap_or(line.len())
}

impl Reading<'_> {
    /// Whether reading a note reads the frontmatter key `key`: its title,
    /// tags and aliases, a kept key, a declaration, a scope or the
    /// suppression key.
    pub fn reads_key(&self, key: &str) -> bool {
        self.reads_key_as_written(key)
            || names_tags_or_aliases(key)
            || crate::keys::is_kept(key)
            || self.keys.iter().flatten().any(|k| crate::keys::same_letters(k, key))
    }

    /// Whether `key` is read as it is written, not only under another
    /// case or joining: the kept keys and the declarations' are read in
    /// any (`Status`, `SupersededBy`), as vaults that capitalise all
    /// their keys write them.
    pub fn reads_key_as_written(&self, key: &str) -> bool {
        key == TITLE_KEY
            || TAG_KEYS.contains(&key)
            || ALIAS_KEYS.contains(&key)
            || crate::keys::KEYS.iter().any(|k| k.name == key)
            || self.keys.iter().flatten().any(|k| k == key)
            || self.scope_keys.iter().any(|k| k == key)
            || key == self.suppression_key
    }
}

/// Which side of an edge a declaration states, and of which relation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// `superseded_by` on the older note: the value is the newer one.
    Successor,
    /// `supersedes` on the newer note: the value is the older one.
    Predecessor,
    /// `corrected_by` on the corrected note: the value is the correction.
    CorrectedBy,
    /// `corrects` on the correction: the value is the corrected note.
    Corrects,
}

/// What an edge says of the older note: it is replaced, or it stands
/// only together with the newer one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Relation {
    Supersession,
    Correction,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::Successor, Side::Predecessor, Side::CorrectedBy, Side::Corrects];

    /// What the value of a declaration on this side names.
    pub fn noun(self) -> &'static str {
        match self {
            Side::Successor => "successor",
            Side::Predecessor => "superseded note",
            Side::CorrectedBy => "correction",
            Side::Corrects => "corrected note",
        }
    }

    pub fn relation(self) -> Relation {
        match self {
            Side::Successor | Side::Predecessor => Relation::Supersession,
            Side::CorrectedBy | Side::Corrects => Relation::Correction,
        }
    }

    /// Whether the declaration is on the older note, naming the newer.
    pub fn names_newer(self) -> bool {
        matches!(self, Side::Successor | Side::CorrectedBy)
    }

    /// The edge older -> newer that `note` declares with a value leading
    /// to `target`.
    pub fn edge<T>(self, note: T, target: T) -> (T, T) {
        if self.names_newer() { (note, target) } else { (target, note) }
    }
}

/// How one value of a declaration is written: a string names a note;
/// every other shape is a mistake the rules report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape<'f> {
    String(&'f Value),
    /// `key: []`
    EmptyList(&'f Value),
    /// `key:` with no value.
    Empty,
    /// `[[Note]]` without quotes, which YAML reads as a list in a list.
    Unquoted(&'f Value),
    /// A number, boolean, mapping, alias or nested list; `in_list` when it
    /// is an entry of a list.
    NotString {
        value: &'f Value,
        in_list: bool,
    },
}

/// Each value of a declaration with its shape, in file order.
pub fn shapes(field: &Field) -> Vec<Shape<'_>> {
    let value = &field.value;
    match &value.kind {
        _ if unquoted_wikilink(value).is_some() => vec![Shape::Unquoted(value)],
        ValueKind::Seq(items) if items.is_empty() => vec![Shape::EmptyList(value)],
        ValueKind::Seq(items) => items
            .iter()
            // An entry left blank (`-` alone, `- []`) names nothing, as a
            // key left blank does: proposal templates ship such lists.
            .filter(|item| {
                !item.is_null() && !matches!(&item.kind, ValueKind::Seq(inner) if inner.is_empty())
            })
            .map(|item| {
                if unquoted_wikilink(item).is_some() {
                    Shape::Unquoted(item)
                } else if item.as_str().is_some() {
                    Shape::String(item)
                } else {
                    Shape::NotString { value: item, in_list: true }
                }
            })
            .collect(),
        _ if value.is_null() => vec![Shape::Empty],
        _ if value.as_str().is_some() => vec![Shape::String(value)],
        _ => vec![Shape::NotString { value, in_list: false }],
    }
}

/// Whether a declaration's value is a word that says there is no such
/// note (`N/A`, `None`, `TBD`, `-`), as proposal templates ask to be
/// filled: where it names no note, it declares nothing.
pub fn says_none(text: &str) -> bool {
    const NONE: [&str; 12] =
        ["n/a", "n.a.", "na", "none", "nil", "null", "tbd", "tba", "-", "--", "\u{2013}", "\u{2014}"];
    let text = text.trim();
    NONE.iter().any(|word| text.eq_ignore_ascii_case(word))
}

/// Whether a value holds nothing: blank, YAML's null, an empty string or
/// list, or a word that says there is none ([`says_none`]), as a template
/// leaves a key not filled in yet.
pub fn says_nothing(value: &Value) -> bool {
    value.is_null()
        || value.scalar_text().is_some_and(|t| t.trim().is_empty() || says_none(t))
        || matches!(&value.kind, ValueKind::Seq(items) if items.is_empty())
}

/// The name in `[[Note]]` written without quotes: YAML reads it as a list
/// holding a list holding the name.
pub fn unquoted_wikilink(value: &Value) -> Option<&str> {
    match &value.kind {
        ValueKind::Seq(outer) if outer.len() == 1 => match &outer[0].kind {
            ValueKind::Seq(inner) if inner.len() == 1 => inner[0].scalar_text(),
            _ => None,
        },
        _ => None,
    }
}

/// The text of `bytes` if their byte-order mark says UTF-16 (little or
/// big endian) and they are that, whole.
fn utf16(bytes: &[u8]) -> Option<String> {
    let little = match bytes {
        [0xff, 0xfe, ..] => true,
        [0xfe, 0xff, ..] => false,
        _ => return None,
    };
    let units = bytes[2..].chunks(2).map(|pair| match *pair {
        [a, b] if little => Some(u16::from_le_bytes([a, b])),
        [a, b] => Some(u16::from_be_bytes([a, b])),
        _ => None,
    });
    let units: Option<Vec<u16>> = units.collect();
    String::from_utf16(&units?).ok()
}

/// A digest of a file's bytes, to tell whether it changed since it was
/// read: stable across runs, so the cache can keep it.
pub fn digest(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes)
}

/// The first heading is looked for this far into the body.
const TITLE_SCAN_BYTES: usize = 1 << 20;

/// One note as a run keeps it: its path, title, tags, aliases, the
/// frontmatter fields read later, its declarations, links and suppressions,
/// its fingerprint, and the problems found reading it.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Note {
    /// Vault-relative path with `/` separators.
    pub path: String,
    pub title: Box<str>,
    /// The tags, without `#`, one a line: one allocation for them all, as
    /// most notes have a few. (A tag holds no white space, as Obsidian
    /// reads tags.)
    tags: Box<str>,
    /// What most notes do not have (aliases, a status, declarations,
    /// problems, suppressions, a scope), boxed and made only for a note
    /// with one of them: every note would otherwise carry them all.
    rare: Option<Box<Rare>>,
    /// The links in the body, when they were asked for.
    pub links: Box<[BodyLink]>,
    /// The top-level frontmatter fields whose keys are kept ([`crate::keys`]),
    /// in file order: those the rules and the version detector read later.
    /// Every other field has given what it holds (title, tags, aliases,
    /// declarations, scope, suppressions) by then; a vault holds every note
    /// for the whole run, and the rest were most of its memory.
    pub fields: Box<[Field]>,
    /// The file's text up to the end of its frontmatter (its first line
    /// when it has none), see [`head_of`], kept only where a rule reads it
    /// again (see [`Note::head`]).
    head: Option<Box<str>>,
    /// Whether the file was read and its frontmatter understood.
    pub parsed: bool,
    /// Whether the frontmatter was read only with the tabs that indent it
    /// taken for spaces, as Hexo reads it: its one problem says so, and
    /// is no finding in a vault that writes its frontmatter so (the
    /// `check` rules learn that from the vault).
    pub tabbed: bool,
    /// Whether the note's own standing is known though its frontmatter was
    /// not understood: no top-level line of it names a successor or a
    /// lifecycle date, and its status, if any, is a plain value on its own
    /// line (read from there), so nothing unread could take the note out
    /// of force. A `title: Part 1: Basics` slip leaves a note as it was.
    pub standing_known: bool,
    /// Whether the note is a template by where it is or what it holds (see
    /// [`crate::template`]); a vault's settings may name more.
    pub template: bool,
    /// Whether `template` rests on the file's name alone (`Daily
    /// Template`, `Cpp-Template`), with nothing in its text to back it: a
    /// vault whose settings name its templates folder keeps its templates
    /// there, so for it such a note is one about a template.
    pub template_by_name: bool,
    /// Whether `template` rests on a templates folder alone (`_templates/`),
    /// with nothing in the file's name or text to back it: a site that
    /// publishes a collection from such a folder keeps pages there.
    pub template_by_folder: bool,
    /// Whether `title` is the heading the body opens with, not a `title`
    /// field: a vault whose notes open with a section heading (`# Table`)
    /// rather than their name is told by these.
    pub heading_title: bool,
    /// The body as the version detector sees it, when it was asked for
    /// and the body could be told apart from the frontmatter. The cache
    /// keeps it beside the note, as a vault may keep it apart from it.
    #[serde(skip)]
    pub print: Option<Print>,
    /// How the version detector groups the note by name and title, made
    /// with the fingerprint.
    pub grouping: crate::names::Grouping,
    /// Modification time, seconds since the Unix epoch.
    pub modified: Option<i64>,
    /// [`digest`] of the file as read, when asked for.
    pub digest: Option<u64>,
}

/// A note's fingerprint: held by the note, or filed with the rest of its
/// vault's (see [`crate::prints`]).
#[derive(Debug, Clone)]
pub enum Print {
    Held(Fingerprint),
    Filed(PrintAt),
}

/// The parts of a [`Note`] most notes do not have.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
struct Rare {
    aliases: Vec<String>,
    status: Option<(String, Span)>,
    /// The declarations, one per [`Side`] in [`Side::ALL`] order.
    declarations: [Option<Field>; 4],
    /// Problems found while reading the note.
    problems: Vec<Diagnostic>,
    /// The suppressions written in the note, in file order.
    suppressions: Vec<Suppression>,
    /// Where the note applies, by its scope keys: read once, as every
    /// check reads it for every note.
    scope: crate::scope::Scope,
    /// Keys no reader reads that look like misspellings of keys read.
    misspelt: Vec<MisspeltKey>,
    /// A key of the vault's own, which nothing reads, that names what
    /// replaces the note (`replaced-by`, `replacement`), as written.
    replacement_key: Option<Box<str>>,
    /// The sentence at the top of the body that says the note is retired
    /// (see [`crate::banner`]).
    #[serde(default)]
    retired_in_text: Option<Span>,
    /// Read from UTF-16: the spans are the decoded text's, not the file's.
    #[serde(default)]
    transcoded: bool,
}

/// The scope of a note that declares none.
static NO_SCOPE: crate::scope::Scope = crate::scope::Scope::EVERYWHERE;

impl Note {
    fn empty(path: String) -> Note {
        let template = crate::template::by_path(&path);
        Note {
            title: stem_of(&path).into(),
            path,
            tags: Box::default(),
            rare: None,
            links: Box::default(),
            fields: Box::default(),
            head: None,
            parsed: false,
            tabbed: false,
            standing_known: false,
            template,
            template_by_name: false,
            template_by_folder: false,
            heading_title: false,
            print: None,
            grouping: crate::names::Grouping::default(),
            modified: None,
            digest: None,
        }
    }

    /// Files the fingerprint the note holds in `prints`, keeping where.
    pub fn file_print(&mut self, prints: &crate::prints::Prints) {
        if let Some(Print::Held(print)) = &self.print {
            self.print = Some(Print::Filed(prints.put(print)));
        }
    }

    /// A note that could not be read; it still exists in the vault.
    pub fn unreadable(path: String, reason: String) -> Note {
        let mut note = Note::empty(path);
        let message = format!("cannot read note: {reason}");
        note.push_problem(Diagnostic::new(Code::UnreadableNote, note.path.clone(), message));
        note
    }

    /// Parses a note from the bytes of its file, which may not be UTF-8.
    pub fn from_bytes(path: String, bytes: Vec<u8>, reading: Reading<'_>) -> Note {
        match String::from_utf8(bytes) {
            Ok(text) => Note::parse_with(path, &text, reading),
            // A file its byte-order mark says is UTF-16, as some Windows
            // editors save a README: read as the text it is. No fix is
            // written to it, as a write reads the file back as UTF-8.
            Err(err) if let Some(text) = utf16(err.as_bytes()) => {
                let mut note = Note::parse_with(path, &text, reading);
                note.rare().transcoded = true;
                note
            }
            Err(err) => {
                let bytes = err.as_bytes();
                let at = err.utf8_error().valid_up_to();
                let valid = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
                let place = LineIndex::new(valid).position(at);
                let mut note = Note::empty(path);
                let message = format!(
                    "note is not valid UTF-8: invalid byte 0x{:02x} at line {}, column {} (byte {at})",
                    bytes[at],
                    place.line(),
                    place.column()
                );
                let mut diagnostic = Diagnostic::new(Code::UnreadableNote, note.path.clone(), message)
                    .help("re-save the file as UTF-8");
                diagnostic.span = Some(Span::new(at, 1));
                note.push_problem(diagnostic.placed(place));
                note
            }
        }
    }

    /// Parses a note from its text, fingerprint included.
    pub fn parse(path: String, text: &str) -> Note {
        Note::parse_with(path, text, Reading { fingerprint: true, ..Reading::default() })
    }

    /// Parses a note from its text as `reading` says.
    pub fn parse_with(path: String, text: &str, reading: Reading<'_>) -> Note {
        let mut note = Note::empty(path);
        let delimited = frontmatter::delimit(text);
        let head = head_of(text, &delimited);
        let (front, body_at) = match &delimited {
            Delimited::Found(block) => (&text[..block.end], block.end),
            Delimited::Absent => ("", 0),
            // A Templater fragment may open its frontmatter and never close it.
            Delimited::Unclosed { .. } | Delimited::TooLarge { .. } => {
                (vaultlint_core::text::prefix(text, 64 << 10), text.len())
            }
        };
        let opened = Openings::of(&text[body_at..]);
        // A name alone (`helm_template`) may be a note's about a template.
        let by_name = note.template && crate::template::by_name_alone(&note.path);
        let by_folder = note.template && !crate::template::by_file_name(&note.path);
        let by_content = (!note.template || by_name || by_folder)
            && crate::template::by_content(front, &text[body_at..], opened);
        note.template |= by_content;
        let reads = |key: &str| reading.reads_key(key);
        // YAML's lines can be read key by key where the block cannot be
        // parsed; another format's cannot.
        let block = match &delimited {
            Delimited::Found(block) if block.format == frontmatter::Format::Yaml => {
                text.get(block.yaml_start..block.yaml_end).map(|lines| (block.yaml_start, lines))
            }
            _ => None,
        };
        let Some(body_start) = note.read_frontmatter(text, head, delimited, &reads) else { return note };
        if !note.parsed
            && let Some((start, block)) = block
            && let Some(status) = standing_lines(block, start, &reading)
        {
            note.standing_known = true;
            if let Some(status) = status {
                note.rare().status = Some(status);
            }
        }
        // The body read starts where the one scanned does, or after its
        // byte-order mark, which opens nothing; any other start is scanned.
        let opened = if body_start == body_at { opened } else { Openings::of(&text[body_start..]) };
        note.read_fields(reading.keys);
        if by_name && !by_content && note.names_itself() {
            note.template = false;
        }
        // A page about a template, named for it, written out and with
        // nothing left to fill in (a docs site's
        // `alert_notification_template.md`): a document. A proposal
        // process's template is written out too, with its instructions,
        // but its frontmatter is a form (`creation-date: yyyy-mm-dd`), or
        // its title is (`# [short title of solved problem and solution]`).
        if note.template
            && !by_content
            && crate::template::by_name_outside_folders(&note.path)
            && crate::template::written_out(&text[body_start..])
            && !crate::template::to_fill_in(head)
            && !crate::template::titled_as_form(&text[body_start..])
        {
            note.template = false;
        }
        // A frontmatter that is a form to fill in (`creation-date:
        // yyyy-mm-dd`, `status: provisional|implementable`) backs the name.
        let form = || crate::template::to_fill_in(head);
        note.template_by_name = by_name && !by_content && note.template && !form();
        note.template_by_folder = by_folder && !by_content && note.template;
        // The frontmatter's text is kept where a rule reads it again: in a
        // declaration (whose fixes quote its value as written) and around
        // a template's placeholders. Anything else is planned from the file
        // read again: at a million notes the text took 80 MB.
        let declares = Side::ALL.iter().any(|&side| note.declaration(side).is_some());
        // And in a date written as an unquoted link, whose fix quotes it.
        let linked_day = || {
            note.fields.iter().any(|f| crate::keys::is_date(&f.key) && unquoted_wikilink(&f.value).is_some())
        };
        if declares || crate::template::placeholder_breaks(head, None) || linked_day() {
            note.head = Some(head.into());
        }
        let scope = crate::scope::Scope::of(&note.fields, reading.scope_keys);
        if scope != NO_SCOPE {
            note.rare().scope = scope;
        }
        let mut suppressions: Vec<Suppression> =
            crate::suppression::in_frontmatter(&note.fields, reading.suppression_key, text)
                .into_iter()
                .collect();
        if opened.comment {
            suppressions.extend(crate::suppression::in_body(text, body_start));
        }
        if !suppressions.is_empty() {
            note.rare().suppressions = suppressions;
        }
        if reading.links {
            note.links = crate::link::in_body(text, body_start).into_boxed_slice();
        }
        if let Some(banner) =
            crate::banner::retired(text, body_start, crate::banner::decision_record(&note.path))
        {
            note.rare().retired_in_text = Some(banner);
        }
        if reading.fingerprint {
            note.print = Some(Print::Held(fingerprint::fingerprint(&text[body_start..])));
        }
        if !note.fields.iter().any(|f| &*f.key == TITLE_KEY)
            && let Some(heading) =
                first_heading(vaultlint_core::text::prefix(&text[body_start..], TITLE_SCAN_BYTES))
        {
            note.title = heading.into();
            note.heading_title = true;
        }
        if reading.fingerprint {
            note.grouping = crate::names::Grouping::of(&note.path, note.stem(), &note.title);
        }
        let misspelt = misspelt_keys(&note.fields, &reading, text);
        if !misspelt.is_empty() {
            note.rare().misspelt = misspelt;
        }
        if let Some(key) = replacement_key(&note.fields, &reading) {
            note.rare().replacement_key = Some(key.into());
        }
        let mut fields = std::mem::take(&mut note.fields).into_vec();
        fields.retain(|f| crate::keys::is_kept(&f.key));
        note.fields = fields.into_boxed_slice();
        note.shrink();
        note
    }

    /// Reads the frontmatter block `delimited` found in `text`, whose text
    /// is `head`, into the note's fields; gives where the body starts, or
    /// `None` when the block is not closed or too large to read (the
    /// note's problem says so, placed on the note's lines while the text
    /// is at hand).
    fn read_frontmatter(
        &mut self,
        text: &str,
        head: &str,
        delimited: Delimited,
        reads: &dyn Fn(&str) -> bool,
    ) -> Option<usize> {
        let body_start = self.read_block(text, head, delimited, reads);
        if let Some(rare) = &mut self.rare
            && rare.problems.iter().any(|p| p.span.is_some())
        {
            let lines = LineIndex::new(text);
            rare.problems.iter_mut().for_each(|p| p.locate(&lines));
        }
        body_start
    }

    /// What [`Note::read_frontmatter`] does but place the problems.
    fn read_block(
        &mut self,
        text: &str,
        head: &str,
        delimited: Delimited,
        reads: &dyn Fn(&str) -> bool,
    ) -> Option<usize> {
        match delimited {
            Delimited::Absent => {
                self.parsed = true;
                Some(if text.starts_with('\u{feff}') { 3 } else { 0 })
            }
            Delimited::Unclosed { opening } => {
                self.head = Some(head.into());
                self.push_problem(
                    Diagnostic::new(Code::InvalidFrontmatter, self.path.clone(), "frontmatter is not closed")
                        .at(opening, "opened here, never closed")
                        .help("end the frontmatter with a line holding only `---`"),
                );
                None
            }
            Delimited::TooLarge { opening } => {
                self.head = Some(head.into());
                self.push_problem(
                    Diagnostic::new(
                        Code::InvalidFrontmatter,
                        self.path.clone(),
                        format!(
                            "frontmatter is larger than {} KiB; it was not read",
                            frontmatter::MAX_FRONTMATTER_BYTES >> 10
                        ),
                    )
                    .at(opening, "opened here"),
                );
                None
            }
            Delimited::Found(block) => {
                match frontmatter::parse_reading(text, &block, reads) {
                    Ok(fields) => {
                        self.fields = fields.into_boxed_slice();
                        self.parsed = true;
                    }
                    Err(mut err) => {
                        // Read as Hexo reads it; the finding stays, for a
                        // vault whose tools would refuse it (see `tabbed`).
                        if let Some(fields) = err.tabbed.take() {
                            self.fields = fields.into_boxed_slice();
                            self.parsed = true;
                            self.tabbed = true;
                        }
                        self.push_problem(
                            Diagnostic::new(Code::InvalidFrontmatter, self.path.clone(), err.message)
                                .at(err.span, err.label),
                        );
                    }
                }
                Some(block.end)
            }
        }
    }

    /// Gives back the spare room of the lists grown while reading: a
    /// vault keeps every note, and the room adds up.
    fn shrink(&mut self) {
        if let Some(rare) = &mut self.rare {
            rare.aliases.shrink_to_fit();
            rare.problems.shrink_to_fit();
            rare.suppressions.shrink_to_fit();
        }
    }

    fn read_fields(&mut self, keys: &DeclarationKeys) {
        let fields = std::mem::take(&mut self.fields);
        for field in &fields {
            let value = &field.value;
            match field.key.as_ref() {
                TITLE_KEY => {
                    if let Some(title) = value.scalar_text() {
                        self.title = title.trim().into();
                    }
                }
                key if TAG_KEYS.iter().any(|k| k.eq_ignore_ascii_case(key)) => {
                    let mut tags = String::from(std::mem::take(&mut self.tags));
                    let written = value
                        .strings()
                        .into_iter()
                        .flat_map(|s| s.split(|c: char| c == ',' || c.is_whitespace()));
                    for tag in written.map(|t| t.trim_start_matches('#')).filter(|t| !t.is_empty()) {
                        if !tags.is_empty() {
                            tags.push('\n');
                        }
                        tags.push_str(tag);
                    }
                    self.tags = tags.into_boxed_str();
                }
                key if ALIAS_KEYS.iter().any(|k| k.eq_ignore_ascii_case(key)) => {
                    let aliases = value.strings();
                    if !aliases.is_empty() {
                        self.rare().aliases.extend(aliases.into_iter().map(|a| a.trim().to_string()));
                    }
                }
                key if crate::keys::find(key).is_some_and(|k| k.role == crate::keys::Role::Status) => {
                    if let Some(status) = value.scalar_text() {
                        self.rare().status = Some((status.trim().to_string(), value.span));
                    }
                }
                key => {
                    // The first key of a side counts; a second is a duplicate.
                    let side = Side::ALL.into_iter().find(|&side| {
                        keys[side as usize].iter().any(|k| k == key || crate::keys::same_letters(k, key))
                    });
                    if let Some(side) = side
                        && self.declaration(side).is_none()
                    {
                        *self.declaration_mut(side) = Some(field.clone());
                    }
                }
            }
        }
        self.fields = fields;
    }

    /// Whether the note's title or one of its aliases, read from its
    /// frontmatter, is its file name but for case and the marks that join
    /// words (`title: helm template` in `helm_template.md`).
    fn names_itself(&self) -> bool {
        let letters = |s: &str| -> String {
            s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
        };
        let stem = letters(self.stem());
        let titled = self.fields.iter().any(|f| &*f.key == TITLE_KEY) && letters(&self.title) == stem;
        titled || self.aliases().iter().any(|a| letters(a) == stem)
    }

    /// The sentence at the top of the body that says, in words, that the
    /// note is retired (`This page is deprecated`), if one does.
    pub fn retired_in_text(&self) -> Option<Span> {
        self.rare.as_ref().and_then(|r| r.retired_in_text)
    }

    /// Whether the note was read from UTF-16 (see [`Note::from_bytes`]):
    /// no edit's offsets are the file's.
    pub fn transcoded(&self) -> bool {
        self.rare.as_ref().is_some_and(|r| r.transcoded)
    }

    /// The field under `key`, if any: as written, or else in another case
    /// or joining, or else under an alias of the kept key `key`.
    pub fn field(&self, key: &str) -> Option<&Field> {
        self.fields
            .iter()
            .find(|f| &*f.key == key)
            .or_else(|| self.fields.iter().find(|f| crate::keys::same_letters(&f.key, key)))
            .or_else(|| self.fields.iter().find(|f| crate::keys::find(&f.key).is_some_and(|k| k.name == key)))
    }

    /// Whether the note redirects its readers elsewhere: a redirect key
    /// ([`crate::keys::Role::Redirect`]) holds a URL or path, or a list of
    /// them (Jekyll's redirect plugin takes the first).
    pub fn redirects(&self) -> bool {
        let target = |value: &crate::frontmatter::Value| {
            value
                .scalar_text()
                .is_some_and(|t| !t.trim().is_empty() && !says_none(t) && !self.is_placeholder(value))
        };
        self.fields.iter().any(|f| {
            crate::keys::find(&f.key).is_some_and(|k| k.role == crate::keys::Role::Redirect)
                && match &f.value.kind {
                    ValueKind::Seq(items) => items.first().is_some_and(target),
                    _ => target(&f.value),
                }
        })
    }

    /// The web page the note was made from, where a source key
    /// ([`crate::keys::Role::Source`]) holds an `http(s)` URL.
    pub fn source_url(&self) -> Option<&str> {
        self.fields.iter().find_map(|f| {
            let source = crate::keys::find(&f.key).is_some_and(|k| k.role == crate::keys::Role::Source);
            let url = f.value.scalar_text()?.trim();
            let web = url.starts_with("https://") || url.starts_with("http://");
            (source && web).then_some(url)
        })
    }

    /// The date a field holds, if it holds a valid one. Go's reference
    /// time (`2006-01-02 15:04:05`, the layout Go formats dates by) is a
    /// layout a Hugo archetype left unfilled, and no date.
    /// A list of dates (`updated: [2026-03-25, 2026-04-16]`), as a process
    /// that logs each revision writes one, holds its latest; the
    /// lifecycle's keys take one date alone.
    pub fn date(&self, key: &str) -> Option<vaultlint_core::date::Written> {
        let field = self.field(key)?;
        if let ValueKind::Seq(items) = &field.value.kind {
            let logged = crate::keys::find(key).is_some_and(|k| k.role == crate::keys::Role::Date);
            return dates_listed(items).filter(|_| logged)?.into_iter().max();
        }
        let text = field.value.scalar_text()?;
        let layout = text.trim().starts_with("2006-01-02") && text.contains("15:04:05");
        if layout { None } else { vaultlint_core::date::parse(text) }
    }

    /// The day a field holds, if it holds a valid date.
    pub fn day(&self, key: &str) -> Option<vaultlint_core::date::Day> {
        self.date(key).map(|d| d.day)
    }

    /// The frontmatter's text (see [`head_of`]), kept for a note with a
    /// declaration or a placeholder in it; `None` for the rest.
    pub fn head(&self) -> Option<&str> {
        self.head.as_deref()
    }

    /// Whether a value is written as a template's placeholder, `{{date}}`
    /// or `<% tp.date.now() %>`, which the note made from the template
    /// fills in. (YAML may read `{{date}}` as a mapping, so the line as
    /// written is what counts.)
    pub fn is_placeholder(&self, value: &Value) -> bool {
        // A note whose frontmatter holds no placeholder keeps no text.
        let Some(head) = self.head() else { return false };
        let from = value.span.offset().min(head.len());
        let line = head[from..].split('\n').next().unwrap_or("");
        let between = |open: &str, close: &str| line.find(open).is_some_and(|i| line[i..].contains(close));
        between("{{", "}}") || between("<%", "%>")
    }

    /// The declaration on `side`, if any.
    pub fn declaration(&self, side: Side) -> Option<&Field> {
        self.rare.as_ref()?.declarations[side as usize].as_ref()
    }

    /// The 1-based line of the byte at `offset` in the note's frontmatter,
    /// read from the text it keeps ([`Note::head`]): a note with a
    /// declaration keeps it. `None` for a note that keeps none.
    pub fn line_in_head(&self, offset: usize) -> Option<usize> {
        Some(LineIndex::new(self.head()?).line_of(offset) + 1)
    }

    /// The successor declaration, if any.
    pub fn successor(&self) -> Option<&Field> {
        self.declaration(Side::Successor)
    }

    fn declaration_mut(&mut self, side: Side) -> &mut Option<Field> {
        &mut self.rare().declarations[side as usize]
    }

    /// The note's tags, without `#`, in the order written.
    pub fn tags(&self) -> impl Iterator<Item = &str> {
        self.tags.split('\n').filter(|t| !t.is_empty())
    }

    fn rare(&mut self) -> &mut Rare {
        self.rare.get_or_insert_default()
    }

    fn push_problem(&mut self, problem: Diagnostic) {
        self.rare().problems.push(problem);
    }

    /// The note's aliases, as written.
    pub fn aliases(&self) -> &[String] {
        self.rare.as_ref().map_or(&[], |r| &r.aliases)
    }

    /// The note's `status`, trimmed, with where its value is written.
    pub fn status(&self) -> Option<&(String, Span)> {
        self.rare.as_ref()?.status.as_ref()
    }

    /// Problems found while reading the note.
    pub fn problems(&self) -> &[Diagnostic] {
        self.rare.as_ref().map_or(&[], |r| &r.problems)
    }

    /// The suppressions written in the note, in file order.
    pub fn suppressions(&self) -> &[Suppression] {
        self.rare.as_ref().map_or(&[], |r| &r.suppressions)
    }

    /// A key of the vault's own that names what replaces the note
    /// (`replaced-by: ADR-24`), which no reader reads as a declaration.
    pub fn replacement_key(&self) -> Option<&str> {
        self.rare.as_ref().and_then(|r| r.replacement_key.as_deref())
    }

    /// The keys no reader reads that look like misspellings of keys read.
    pub fn misspelt_keys(&self) -> &[MisspeltKey] {
        self.rare.as_ref().map_or(&[], |r| &r.misspelt)
    }

    /// Where the note applies, by its scope keys.
    pub fn scope(&self) -> &crate::scope::Scope {
        self.rare.as_ref().map_or(&NO_SCOPE, |r| &r.scope)
    }

    /// The file name without its extension (derived from the path, not
    /// kept: every note would carry it).
    pub fn stem(&self) -> &str {
        stem_of(&self.path)
    }

    /// The vault-relative folder holding the note, `""` at the root.
    pub fn folder(&self) -> &str {
        self.path.rsplit_once('/').map_or("", |(dir, _)| dir)
    }
}

/// The dates of a list whose every item is one, in order; `None` for an
/// empty list, or one holding anything else.
pub fn dates_listed(items: &[crate::frontmatter::Value]) -> Option<Vec<vaultlint_core::date::Written>> {
    let dates: Option<Vec<_>> =
        items.iter().map(|i| i.scalar_text().and_then(vaultlint_core::date::parse)).collect();
    dates.filter(|d| !d.is_empty())
}

/// The text up to the end of the frontmatter `delimited` found in `text`
/// (with its line ending), or the first line when there is none: enough
/// to plan adding a frontmatter block. (The first line is cut at 64 KiB.)
pub fn head_of<'t>(text: &'t str, delimited: &Delimited) -> &'t str {
    match delimited {
        Delimited::Found(block) => &text[..block.end],
        Delimited::Absent => vaultlint_core::text::prefix(first_line(text), 64 << 10),
        Delimited::Unclosed { .. } | Delimited::TooLarge { .. } => first_line(text),
    }
}

fn first_line(text: &str) -> &str {
    text.split_inclusive('\n').next().unwrap_or(text)
}

/// The file name without its extension.
pub fn stem_of(path: &str) -> &str {
    // Asked for many times of every note: a byte search costs less than
    // the general one `rsplit` sets up for a character.
    let bytes = path.as_bytes();
    let start = memchr::memrchr(b'/', bytes).map_or(0, |slash| slash + 1);
    let end = memchr::memrchr(b'.', &bytes[start..]).map_or(bytes.len(), |dot| start + dot);
    &path[start..end]
}

/// The text of a level-one ATX heading that opens the body, before any
/// other text: that is a title. One further down names a section
/// (`# Example`, `# Proof`), and two notes with an `# Example` section
/// are not for that one document.
fn first_heading(body: &str) -> Option<String> {
    let line = crate::markdown::prose_lines(body).find(|line| !line.trim().is_empty())?;
    let text = line.strip_prefix("# ")?.trim().trim_end_matches('#').trim_end();
    (!text.is_empty()).then(|| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layout_left_unfilled_is_no_date() {
        let n = Note::parse("a.md".into(), "---\ndate: 2006-01-02 15:04:05\nupdated: 2006-01-02\n---\n");
        assert_eq!(n.date("date"), None);
        assert!(n.date("updated").is_some(), "a day alone may be that day");
    }

    #[test]
    fn title_sources() {
        let n = Note::parse("a/plan.md".into(), "---\ntitle: Plan A\n---\n# Other\n");
        assert_eq!(&*n.title, "Plan A");
        let n = Note::parse("a/plan.md".into(), "```\n# not this\n```\n# Real title #\n");
        assert_eq!(&*n.title, "Real title");
        let n = Note::parse("a/plan.md".into(), "no heading\n");
        assert_eq!(&*n.title, "plan");
        let n = Note::parse("a/plan.md".into(), "Some text first.\n# Example\n");
        assert_eq!(&*n.title, "plan", "a heading after text names a section");
    }

    /// A name that ends in `template` makes a template, unless the note
    /// names itself so: a command's page (`helm_template`) or a plugin's
    /// (`codeblock-template`, by its alias) is a note about a template.
    #[test]
    fn a_note_that_names_itself_a_template_is_about_one() {
        let template = |path: &str, text: &str| Note::parse(path.into(), text).template;
        assert!(template("Meta/meeting-template.md", "## Attendees\n\n## Notes\n"));
        assert!(template("Daily Template.md", "---\ntitle: \"{{title}}\"\n---\n# {{title}}\n"));
        assert!(template("Templates/Daily Template.md", "---\ntitle: Daily Template\n---\n"));
        assert!(!template("docs/helm/helm_template.md", "---\ntitle: helm template\n---\nRender charts.\n"));
        assert!(!template(
            "Plugins/codeblock-template.md",
            "---\naliases:\n- Codeblock Template\n---\nA plugin.\n"
        ));
    }

    #[test]
    fn a_decision_records_template_and_its_seeds_are_templates() {
        let template = |path: &str, text: &str| Note::parse(path.into(), text).template;
        // Written out with its instructions, but titled as a form.
        let instructions = "Describe the context and the problem in two or three sentences. ".repeat(30);
        let form = format!(
            "# [short title of solved problem and solution]\n\n- Status: [proposed | accepted]\n\n{instructions}\n"
        );
        assert!(template("docs/adr/template.md", &form));
        let page = format!("# Notification templates\n\n{instructions}\n");
        assert!(!template("docs/alerts/template.md", &page));
        // A seed a project generator copies, its date left to fill in.
        assert!(template(
            "packages/init/assets/use-adrs.md",
            "# Use ADRs\n\n- Status: accepted\n- Date: {DATE_YESTERDAY}\n\nWe record decisions.\n"
        ));
        assert!(!template(
            "docs/logging.md",
            "# Logging\n\n- Format: {LEVEL} {MESSAGE}\n- Date: 2026-01-02\n"
        ));
        assert!(!template("notes/sets.md", "# Sets\n\nLet $A = \\{AB\\}$.\n- Date: {when we met}\n"));
    }

    #[test]
    fn tags_forms() {
        let n = Note::parse("x.md".into(), "---\ntags: \"#hr, policy\"\n---\n");
        assert_eq!(n.tags().collect::<Vec<_>>(), ["hr", "policy"]);
        let n = Note::parse("x.md".into(), "---\ntags:\n  - '#a'\n  - b\n---\n");
        assert_eq!(n.tags().collect::<Vec<_>>(), ["a", "b"]);
        let n = Note::parse("x.md".into(), "---\ntags: \"a\\tb\"\ntag: c\n---\n");
        assert_eq!(n.tags().collect::<Vec<_>>(), ["a", "b", "c"]);
        // In any case, as Obsidian reads them.
        let n = Note::parse("x.md".into(), "---\nTags: [maths]\nAliases: [\"linear algebra\", LA]\n---\n");
        assert_eq!(n.tags().collect::<Vec<_>>(), ["maths"]);
        assert_eq!(n.aliases(), ["linear algebra", "LA"]);
    }
}
