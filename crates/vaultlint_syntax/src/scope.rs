//! Where a note applies: its values for the scope keys (`region`, `lang`,
//! `product_version`, ...). A note with no value for a key applies to
//! every value of it, so a note with none of the keys applies everywhere.
//! A successor retires an older note only where the successor applies;
//! two notes for different regions are not versions of one document.

use crate::frontmatter::Field;
use crate::frontmatter::ValueKind;

/// The scope keys read when the config names none.
pub const DEFAULT_KEYS: &[&str] = &[
    "scope",
    "region",
    "jurisdiction",
    "product",
    "product_version",
    "audience",
    "lang",
    "platform",
    "platforms",
];

/// A note's scope: for each scope key it sets, the values it applies to,
/// case-folded and sorted. Keys are sorted too, so equal scopes compare equal.
#[derive(
    Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Scope(Vec<(String, Vec<String>)>);

impl Scope {
    /// The scope of a note that says nothing of where it applies.
    pub const EVERYWHERE: Scope = Scope(Vec::new());

    /// The scope `note` declares with `keys`. A key with an empty value
    /// (`region: []`, `region:`) sets nothing.
    pub fn of(fields: &[Field], keys: &[String]) -> Scope {
        let mut set = Vec::new();
        // Each field read once: this runs for every note on every check.
        for field in fields.iter().filter(|f| keys.iter().any(|k| **k == *f.key)) {
            let key = &field.key;
            let values = match &field.value.kind {
                ValueKind::Scalar { .. } | ValueKind::Seq(_) => field.value.strings(),
                _ => Vec::new(),
            };
            let mut values: Vec<String> = values
                .iter()
                .map(|v| vaultlint_core::text::fold(v.trim()))
                .filter(|v| !v.is_empty())
                .collect();
            values.sort_unstable();
            values.dedup();
            if !values.is_empty() {
                set.push((key.to_string(), values));
            }
        }
        Scope::from_pairs(set)
    }

    fn from_pairs(mut pairs: Vec<(String, Vec<String>)>) -> Scope {
        pairs.sort();
        pairs.dedup_by(|b, a| {
            // A key written twice (two spellings configured): both hold.
            if a.0 == b.0 {
                a.1.append(&mut b.1);
                a.1.sort_unstable();
                a.1.dedup();
                true
            } else {
                false
            }
        });
        Scope(pairs)
    }

    /// `KEY=VALUE` pairs, as `--scope` gives them.
    pub fn parse(pairs: &[String]) -> Result<Scope, String> {
        let mut set = Vec::new();
        for pair in pairs {
            let Some((key, value)) =
                pair.split_once('=').filter(|(k, v)| !k.trim().is_empty() && !v.trim().is_empty())
            else {
                return Err(format!("a scope is written KEY=VALUE, e.g. region=emea, not `{pair}`"));
            };
            set.push((key.trim().to_string(), vec![vaultlint_core::text::fold(value.trim())]));
        }
        Ok(Scope::from_pairs(set))
    }

    fn values(&self, key: &str) -> Option<&[String]> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_slice())
    }

    /// Whether some place is in both scopes: for every key both set,
    /// they share a value.
    pub fn overlaps(&self, other: &Scope) -> bool {
        self.0.iter().all(|(key, mine)| other.values(key).is_none_or(|theirs| shares(mine, theirs)))
    }

    /// Whether this scope holds all of `other`: every key this one sets,
    /// `other` sets too, to values among this one's.
    pub fn covers(&self, other: &Scope) -> bool {
        self.0.iter().all(|(key, mine)| {
            other.values(key).is_some_and(|theirs| theirs.iter().all(|v| mine.binary_search(v).is_ok()))
        })
    }

    /// The part of this scope inside `query`: `None` when they do not meet.
    pub fn within(&self, query: &Scope) -> Option<Scope> {
        if !self.overlaps(query) {
            return None;
        }
        let mut pairs = self.0.clone();
        for (key, wanted) in &query.0 {
            match pairs.iter_mut().find(|(k, _)| k == key) {
                Some((_, mine)) => mine.retain(|v| wanted.binary_search(v).is_ok()),
                None => pairs.push((key.clone(), wanted.clone())),
            }
        }
        Some(Scope::from_pairs(pairs))
    }

    /// `region: emea, lang: de`, or `everywhere`.
    pub fn describe(&self) -> String {
        if self.0.is_empty() {
            return "everywhere".into();
        }
        let each = self.0.iter().map(|(key, values)| format!("{key}: {}", values.join(", ")));
        each.collect::<Vec<_>>().join("; ")
    }

    /// The pairs, for JSON.
    pub fn pairs(&self) -> &[(String, Vec<String>)] {
        &self.0
    }
}

fn shares(a: &[String], b: &[String]) -> bool {
    a.iter().any(|v| b.binary_search(v).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::note::Note;

    fn scope(text: &str) -> Scope {
        // Read with the default scope keys, as the note is parsed.
        Note::parse("n.md".into(), &format!("---\n{text}\n---\n")).scope().clone()
    }

    #[test]
    fn overlap_and_cover() {
        let (emea, apac, both, all) =
            (scope("region: EMEA"), scope("region: apac"), scope("region: [emea, apac]"), scope("title: x"));
        assert!(all == Scope::default() && all.overlaps(&emea) && emea.overlaps(&all));
        assert!(!emea.overlaps(&apac));
        assert!(both.overlaps(&emea) && both.covers(&emea) && !emea.covers(&both));
        assert!(all.covers(&emea) && !emea.covers(&all));
        let de = scope("region: emea\nlang: de");
        assert!(de.overlaps(&emea) && emea.covers(&de) && !de.covers(&emea));
        assert_eq!(de.describe(), "lang: de; region: emea");
    }

    #[test]
    fn within_a_query() {
        let query = Scope::parse(&["region=EMEA".into()]).unwrap();
        assert_eq!(scope("region: [emea, apac]").within(&query), Some(scope("region: emea")));
        assert_eq!(scope("region: apac").within(&query), None);
        assert_eq!(scope("lang: de").within(&query), Some(scope("lang: de\nregion: emea")));
        assert!(Scope::parse(&["region".into()]).is_err());
    }
}
