//! The frontmatter keys vaultlint reads after a note is parsed, each with
//! its role, written once. A note keeps only these fields (the others have
//! given what they hold by the end of parsing), so a key read later but
//! missing here would silently read as absent; and the cache of warm runs
//! is keyed on this table ([`digest`]), so adding a key here can never be
//! served a note read without it.
//!
//! The keys that declare supersession and corrections are configurable and
//! parsed as the note is read; they are [`crate::note::DEFAULT_DECLARATION_KEYS`].

use vaultlint_core::diagnostic::Span;

/// What a kept key means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// A date some tool writes (`date`, `updated`): an unreadable one is a
    /// warning.
    Date,
    /// A date the lifecycle reads (`effective_from`): an unreadable one is
    /// an error, since it decides when a note is in force.
    LifecycleDate,
    /// The note's language, which tells translations from versions.
    Language,
    /// Which source wins when two notes disagree.
    Authority,
    /// The note's status (`draft`, `active`, `superseded`, ...).
    Status,
    /// Where a site sends readers of the page instead (`redirect_to`, as
    /// Jekyll's redirect plugin writes it; `redirect_url`, `redirect`): the
    /// page is a stub left for old links, replaced by what it names.
    Redirect,
    /// The page a note was clipped or generated from (`source`, `url`, as
    /// web clippers write them): two notes made from two pages, each named
    /// as its page is, are two subjects, not two versions.
    Source,
}

/// One key of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub name: &'static str,
    pub role: Role,
    /// Whether the date tells which of two versions is older, and so is
    /// evidence for the similarity pass; the table's order is the order
    /// in which such dates are weighed and named.
    pub dates_a_version: bool,
    /// Other names plugins write the same field under (the Linter's
    /// `date modified`): read as this key, in any case or joining.
    pub aliases: &'static [&'static str],
}

const fn key(name: &'static str, role: Role, dates_a_version: bool) -> Key {
    Key { name, role, dates_a_version, aliases: &[] }
}

const fn alias(key: Key, aliases: &'static [&'static str]) -> Key {
    Key { aliases, ..key }
}

/// Every kept key. The dates that date a version come first, in the order
/// they are weighed: the last edit, then the first writing.
pub const KEYS: &[Key] = &[
    // `last updated`, and `updated_at` as exporters from databases write it.
    alias(key("updated", Role::Date, true), &["date_updated", "last_updated", "updated_at"]),
    // Obsidian's Linter writes `date modified` and `date created` by
    // default; a vault that keeps them dates its notes by them alone.
    alias(key("modified", Role::Date, true), &["date_modified", "last_modified", "modified_at"]),
    // Hugo's date of the last edit, and Jekyll's (its last-modified plugin).
    key("lastmod", Role::Date, true),
    key("last_modified_at", Role::Date, true),
    key("date", Role::Date, true),
    alias(key("created", Role::Date, true), &["date_created", "created_date", "created_at"]),
    // A design document's, as proposal templates write it.
    key("creation_date", Role::Date, true),
    // When a web clipper made the note (Slurp's, and others'): for a
    // clip, when its version was taken.
    key("slurped", Role::Date, true),
    key("clipped", Role::Date, true),
    key("effective_from", Role::LifecycleDate, true),
    key("effective_to", Role::LifecycleDate, false),
    key("review_due", Role::LifecycleDate, false),
    key("lang", Role::Language, false),
    key("language", Role::Language, false),
    key("authority", Role::Authority, false),
    key("status", Role::Status, false),
    key("redirect_to", Role::Redirect, false),
    key("redirect_url", Role::Redirect, false),
    key("redirect", Role::Redirect, false),
    key("source", Role::Source, false),
    key("source_url", Role::Source, false),
    key("url", Role::Source, false),
    // Slurp's.
    key("link", Role::Source, false),
];

/// The entry of `name`, if it is a kept key: written as listed, or in
/// another case or joining (`Created`, `Effective-From`), as a vault that
/// capitalises all its keys writes every one of them, or under one of its
/// aliases (`Date Created`).
pub fn find(name: &str) -> Option<&'static Key> {
    KEYS.iter()
        .find(|k| k.name == name)
        .or_else(|| KEYS.iter().find(|k| same_letters(k.name, name)))
        .or_else(|| KEYS.iter().find(|k| k.aliases.iter().any(|a| same_letters(a, name))))
}

/// Whether a note keeps the field `name` once it is read.
pub fn is_kept(name: &str) -> bool {
    find(name).is_some()
}

/// Whether `name` holds a date.
pub fn is_date(name: &str) -> bool {
    find(name).is_some_and(|k| matches!(k.role, Role::Date | Role::LifecycleDate))
}

/// The keys whose dates tell which version is older, in the order they
/// are weighed.
pub fn version_dates() -> impl Iterator<Item = &'static str> {
    KEYS.iter().filter(|k| k.dates_a_version).map(|k| k.name)
}

/// A digest of the table, for the cache's key: a note read under another
/// table may lack a field this one keeps.
pub fn digest() -> u64 {
    let mut text = String::new();
    for k in KEYS {
        text.push_str(&format!("{}:{:?}:{}:{:?}\n", k.name, k.role, k.dates_a_version, k.aliases));
    }
    xxhash_rust::xxh3::xxh3_64(text.as_bytes())
}

/// A frontmatter key written a small edit away from one that vaultlint
/// (and the indexers that honour the same keys) reads: `stauts`,
/// `superseeded_by`, `review-due`. As written, the key is ignored, so
/// whatever it was meant to say is lost. A key read but for case or
/// joining ([`MisspeltKey::variant`]) is read, and kept here so that the
/// vault's own spelling can be told from a slip of it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MisspeltKey {
    /// The key as read.
    pub key: Box<str>,
    /// Where it is written.
    pub span: Span,
    /// Whether renaming the key to the one meant is a safe splice: one key
    /// is meant, the file's bytes at `span` are the key itself (not quoted
    /// or escaped), and the note has no field of the meant key already.
    pub renamable: bool,
    /// Whether the note has a field of the one key meant already, in any
    /// case or joining (`created`, `Created`), blank or not: renaming
    /// would write that key twice.
    pub taken: bool,
    /// Whether the key is one read but for case or joining (`Created`,
    /// `SupersededBy`): it is read as that key, and is a finding only
    /// where the vault writes the key otherwise.
    pub variant: bool,
    /// The keys it may have meant, closest first: one when one is closest
    /// and the key is no shortening of another.
    pub meant: Box<[Box<str>]>,
}

/// The key meant by `key`, compared with `targets` (each read key with
/// the spelling a fix writes): the same letters once case and `-`, `_`
/// and spaces are set aside (`review-due`, `Status`), or, for a target of
/// six letters or more, one edit away (a letter added, missing, changed,
/// or two swapped), or two from one of ten or more. A plural of a key in
/// the singular is another key (`languages`, `updates`), as people write
/// it on purpose. Measured on the keys of
/// forty public vaults and docs sites, 716 keys in all: `tags`, `created`,
/// `source`, `lastmod`, `creation`, `statuses`, `data` and the rest are
/// left alone.
pub fn meant_by<'t>(key: &str, targets: impl IntoIterator<Item = (&'t str, &'t str)>) -> Vec<&'t str> {
    let targets: Vec<(&str, &str)> = targets.into_iter().collect();
    // A key read under another case (`Replaces` for `replaces`) is renamed
    // to that spelling, the smallest edit, whatever the canonical key.
    if let Some((target, _)) = targets.iter().find(|(target, _)| target.eq_ignore_ascii_case(key)) {
        return vec![target];
    }
    let written: String = letters(key).collect();
    let Some(first) = written.chars().next() else { return Vec::new() };
    let length = written.chars().count();
    let mut found: Vec<(usize, bool, &str)> = Vec::new();
    for (target, canonical) in targets {
        // Most keys are told apart by their first letter and length alone,
        // without a string made: every unread key of every note comes here.
        let target_length = letters(target).count();
        if letters(target).next() != Some(first) || target_length.abs_diff(length) > 2 {
            continue;
        }
        let meant: String = letters(target).collect();
        let distance = if written == meant {
            0
        } else if target_length < 6 || (written.ends_with('s') && !meant.ends_with('s')) {
            continue;
        } else {
            strsim::osa_distance(&written, &meant)
        };
        if distance <= if target_length >= 10 { 2 } else { 1 } {
            found.push((distance, meant.starts_with(written.as_str()), canonical));
        }
    }
    found.sort();
    found.dedup_by(|a, b| a.2 == b.2);
    // A shortening of one key (`superseded` of `superseded_by`) is ambiguous
    // whatever else is closer; so is a tie.
    let ambiguous = found.len() > 1 && (found[0].0 == found[1].0 || found.iter().any(|f| f.1));
    let mut meant: Vec<&str> = Vec::new();
    for (_, _, canonical) in if ambiguous { &found[..] } else { &found[..found.len().min(1)] } {
        if !meant.contains(canonical) {
            meant.push(canonical);
        }
    }
    meant
}

/// A key's letters as a misspelling is judged: lower case, without the
/// `-`, `_` and spaces that join its words.
fn letters(key: &str) -> impl Iterator<Item = char> + '_ {
    key.chars().filter(|c| !matches!(c, '-' | '_' | ' ')).flat_map(char::to_lowercase)
}

/// A key's letters, lower case and without the `-`, `_` and spaces that
/// join its words: one string for every case and joining of one key.
pub fn folded(key: &str) -> String {
    letters(key).collect()
}

/// Whether two keys are one key but for case and joining (`Created`,
/// `created`; `review-due`, `review_due`).
pub fn same_letters(a: &str, b: &str) -> bool {
    letters(a).eq(letters(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meant(key: &str) -> Vec<&'static str> {
        const TARGETS: &[(&str, &str)] = &[
            ("superseded_by", "superseded_by"),
            ("superseded-by", "superseded_by"),
            ("supersededBy", "superseded_by"),
            ("supersedes", "supersedes"),
            ("status", "status"),
            ("effective_from", "effective_from"),
            ("review_due", "review_due"),
            ("created", "created"),
            ("updated", "updated"),
            ("date", "date"),
            ("language", "language"),
            ("region", "region"),
        ];
        meant_by(key, TARGETS.iter().copied())
    }

    #[test]
    fn a_key_one_slip_from_a_read_key_means_it() {
        for (key, want) in [
            ("superseeded_by", "superseded_by"),
            ("supercededBy", "superseded_by"),
            ("supersede_by", "superseded_by"),
            ("Superseded_By", "superseded_by"),
            ("efective_from", "effective_from"),
            ("effectiveFrom", "effective_from"),
            ("stauts", "status"),
            ("Status", "status"),
            ("review-due", "review_due"),
            ("reviewdue", "review_due"),
            ("craeted", "created"),
            ("Date", "date"),
        ] {
            assert_eq!(meant(key), [want], "{key}");
        }
    }

    #[test]
    fn a_shortening_of_a_read_key_names_each_it_may_mean() {
        assert_eq!(meant("superseded"), ["supersedes", "superseded_by"]);
    }

    #[test]
    fn the_keys_people_use_mean_no_other() {
        for key in [
            "tags",
            "aliases",
            "source",
            "sources",
            "lastmod",
            "creation",
            "creator",
            "statuses",
            "state",
            "data",
            "dates",
            "updates",
            "languages",
            "regions",
            "author",
            "authors",
            "type",
            "summary",
            "url",
            "weight",
            "draft",
            "slug",
            "publishDate",
            "expiryDate",
            "category",
            "description",
            "layout",
            "",
        ] {
            assert_eq!(meant(key), Vec::<&str>::new(), "{key}");
        }
    }

    #[test]
    fn every_key_is_listed_once() {
        for (i, k) in KEYS.iter().enumerate() {
            assert!(KEYS[i + 1..].iter().all(|other| other.name != k.name), "{} twice", k.name);
        }
    }

    #[test]
    fn the_dates_of_versions_come_first() {
        let first_other = KEYS.iter().position(|k| !k.dates_a_version).unwrap();
        assert!(KEYS[first_other..].iter().all(|k| !k.dates_a_version));
    }
}
