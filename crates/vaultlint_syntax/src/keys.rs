//! The frontmatter keys vaultlint reads after a note is parsed, each with
//! its role, written once. A note keeps only these fields (the others have
//! given what they hold by the end of parsing), so a key read later but
//! missing here would silently read as absent; and the cache of warm runs
//! is keyed on this table ([`digest`]), so adding a key here can never be
//! served a note read without it.
//!
//! The keys that declare supersession and corrections are configurable and
//! parsed as the note is read; they are [`crate::note::DEFAULT_DECLARATION_KEYS`].

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
}

const fn key(name: &'static str, role: Role, dates_a_version: bool) -> Key {
    Key { name, role, dates_a_version }
}

/// Every kept key. The dates that date a version come first, in the order
/// they are weighed: the last edit, then the first writing.
pub const KEYS: &[Key] = &[
    key("updated", Role::Date, true),
    key("modified", Role::Date, true),
    key("date", Role::Date, true),
    key("created", Role::Date, true),
    key("effective_from", Role::LifecycleDate, true),
    key("effective_to", Role::LifecycleDate, false),
    key("review_due", Role::LifecycleDate, false),
    key("lang", Role::Language, false),
    key("language", Role::Language, false),
    key("authority", Role::Authority, false),
    key("status", Role::Status, false),
];

/// The entry of `name`, if it is a kept key.
pub fn find(name: &str) -> Option<&'static Key> {
    KEYS.iter().find(|k| k.name == name)
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
        text.push_str(&format!("{}:{:?}:{}\n", k.name, k.role, k.dates_a_version));
    }
    xxhash_rust::xxh3::xxh3_64(text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

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
