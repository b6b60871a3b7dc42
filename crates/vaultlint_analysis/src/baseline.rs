//! A baseline: the findings a vault had when it was recorded, so that a
//! check fails only on new ones. An entry is keyed on the rule, the note's
//! path and a fingerprint of the offending text (not its line), so moving
//! a line keeps it; renaming the note does not, and the entry is then
//! reported as gone with the reason.
//!
//! The file is JSON, one finding per line, sorted, so that it diffs well
//! and can be committed.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use vaultlint_core::diagnostic::{Diagnostic, Sources};

/// The format's version, written in every file.
const VERSION: u32 = 1;

/// One finding in the file, or several alike in one note (`count`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Entry {
    pub path: String,
    pub code: String,
    pub fingerprint: String,
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub count: usize,
    /// The start of the offending text, for people reading the file; it
    /// plays no part in matching.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
}

fn one() -> usize {
    1
}

fn is_one(n: &usize) -> bool {
    *n == 1
}

#[derive(Serialize, Deserialize)]
struct Document {
    version: u32,
    findings: Vec<Entry>,
}

/// What a finding is matched on.
type Key = (String, String, String);

fn key(entry: &Entry) -> Key {
    (entry.path.clone(), entry.code.clone(), entry.fingerprint.clone())
}

/// A finding as an entry: the offending text is the text under its span;
/// for a finding about a whole note, the other notes it names, else its
/// message.
pub fn entry(d: &Diagnostic, sources: &dyn Sources) -> Entry {
    let source = d.span.and_then(|s| {
        let text = sources.text(&d.path)?;
        text.get(s.range()).map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
    });
    let offending = match source {
        Some(text) => text,
        None if !d.related.is_empty() => d.related.join("\n"),
        None => d.message.clone(),
    };
    let hash = fnv1a(format!("{}\0{}", d.code.name(), offending).as_bytes());
    Entry {
        path: d.path.clone(),
        code: d.code.name().to_string(),
        fingerprint: format!("{hash:016x}"),
        count: 1,
        text: vaultlint_core::text::prefix(&offending, 80).to_string(),
    }
}

/// FNV-1a: a hash that stays the same across platforms and releases,
/// as a committed file needs.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The entries for `findings`, alike ones counted together, sorted.
pub fn entries(findings: &[&Diagnostic], sources: &dyn Sources) -> Vec<Entry> {
    let mut merged: BTreeMap<Key, Entry> = BTreeMap::new();
    for d in findings {
        let entry = entry(d, sources);
        merged.entry(key(&entry)).and_modify(|e| e.count += 1).or_insert(entry);
    }
    merged.into_values().collect()
}

/// The file's text: one entry per line.
pub fn render(entries: &[Entry]) -> String {
    let lines: Vec<String> = entries
        .iter()
        .map(|e| format!("    {}", serde_json::to_string(e).expect("an entry serializes")))
        .collect();
    let body = if lines.is_empty() { String::new() } else { format!("\n{}\n  ", lines.join(",\n")) };
    format!("{{\n  \"version\": {VERSION},\n  \"findings\": [{body}]\n}}\n")
}

/// Reads a baseline file's text.
pub fn parse(text: &str) -> Result<Vec<Entry>, String> {
    // An editor may save it with a byte order mark, which JSON does not allow.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let document: Document =
        serde_json::from_str(text).map_err(|e| format!("not a vaultlint baseline: {e}"))?;
    if document.version != VERSION {
        return Err(format!(
            "baseline version {} is not one this vaultlint reads ({VERSION})",
            document.version
        ));
    }
    Ok(document.findings)
}

/// An entry of the baseline that no finding matches any more.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gone {
    pub entry: Entry,
    /// No note has the entry's path now: it was renamed or deleted.
    pub note_gone: bool,
}

/// A check's findings against a baseline.
#[derive(Debug, Clone, Default)]
pub struct Compared {
    /// The findings the baseline does not hold.
    pub new: Vec<Diagnostic>,
    /// The findings it holds.
    pub unchanged: Vec<Diagnostic>,
    /// Its entries (or the part of an entry's count) nothing matches.
    pub gone: Vec<Gone>,
}

/// Sorts `findings` into new and unchanged; `exists` says whether a path
/// is still a note, and `reported` whether it is one the check covers (an
/// entry outside is not gone, only not looked at).
pub fn compare(
    findings: Vec<Diagnostic>,
    baseline: &[Entry],
    sources: &dyn Sources,
    exists: &dyn Fn(&str) -> bool,
    reported: &dyn Fn(&str) -> bool,
) -> Compared {
    let mut left: BTreeMap<Key, (usize, &Entry)> = BTreeMap::new();
    for e in baseline {
        left.entry(key(e)).or_insert((0, e)).0 += e.count.max(1);
    }
    let mut compared = Compared::default();
    for d in findings {
        match left.get_mut(&key(&entry(&d, sources))) {
            Some((count, _)) if *count > 0 => {
                *count -= 1;
                compared.unchanged.push(d);
            }
            _ => compared.new.push(d),
        }
    }
    for (count, e) in left.into_values().filter(|(count, e)| *count > 0 && reported(&e.path)) {
        let entry = Entry { count, ..e.clone() };
        compared.gone.push(Gone { note_gone: !exists(&e.path), entry });
    }
    compared
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use vaultlint_core::code::Code;
    use vaultlint_core::diagnostic::Span;

    struct One(&'static str);
    impl Sources for One {
        fn text(&self, _: &str) -> Option<Arc<str>> {
            Some(Arc::from(self.0))
        }
    }

    fn finding(offset: usize, len: usize) -> Diagnostic {
        let span = Span::new(offset, len);
        Diagnostic::new(Code::MissingSuccessor, "a.md", "m").at(span, "here")
    }

    #[test]
    fn keyed_on_text_not_line_and_counted() {
        let text = One("---\nsuperseded_by: gone.md\n---\n");
        let a = entries(&[&finding(19, 7)], &text);
        let moved = One("---\ntitle: A\nsuperseded_by: gone.md\n---\n");
        let b = entries(&[&finding(28, 7)], &moved);
        assert_eq!(a[0].fingerprint, b[0].fingerprint);
        assert_eq!(a[0].text, "gone.md");
        let twice = entries(&[&finding(19, 7), &finding(19, 7)], &text);
        assert_eq!(twice.len(), 1);
        assert_eq!(twice[0].count, 2);
        assert_eq!(parse(&render(&twice)).unwrap(), twice);
        assert_eq!(parse(&render(&[])).unwrap(), vec![]);
    }

    #[test]
    fn fingerprints_are_stable() {
        // Committed baselines must match across releases and platforms:
        // FNV-1a's published 64-bit test values.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
