//! The frontmatter edit behind `suggest --apply`, checked over generated
//! notes: the declaration reads back, every other key keeps its text, the
//! body keeps every byte, and doing it twice changes nothing more.

use proptest::prelude::*;
use vaultlint_syntax::frontmatter::{self, Delimited, Field};
use vaultlint_syntax::note::SUCCESSOR_KEYS;
use vaultlint_syntax::splice::set_successor;

/// One top-level entry as YAML lines (without line endings).
fn entry() -> impl Strategy<Value = Vec<String>> {
    let value = prop_oneof![
        Just(" plain words".to_string()),
        Just(" 'it''s quoted'".to_string()),
        Just(" \"double \\\"quoted\\\" #not-a-comment\"".to_string()),
        Just(" [a, \"b c\", 'd']".to_string()),
        Just(" 2026-01-15".to_string()),
        Just(" value # a comment".to_string()),
        Just("".to_string()),
    ];
    let block = prop_oneof![
        Just(vec!["".to_string(), "  - one".to_string(), "  - two # note".to_string()]),
        Just(vec!["".to_string(), "- same-column".to_string(), "- items".to_string()]),
        Just(vec![" |".to_string(), "  kept".to_string(), "".to_string(), "  lines".to_string()]),
        Just(vec![" >-".to_string(), "  folded".to_string(), "  text".to_string()]),
    ];
    prop_oneof![value.prop_map(|v| vec![v]), block,]
}

fn successor() -> impl Strategy<Value = Option<Vec<String>>> {
    prop_oneof![
        Just(None),
        Just(Some(vec!["superseded_by: old/place.md".to_string()])),
        Just(Some(vec!["superseded_by: \"[[Gone]]\"  # broken".to_string()])),
        Just(Some(vec!["superseded-by:".to_string(), "  - a.md".to_string(), "  - b.md".to_string()])),
        Just(Some(vec!["supersededBy: ~".to_string()])),
        Just(Some(vec!["superseded_by:".to_string()])),
    ]
}

#[derive(Debug, Clone)]
struct Note {
    text: String,
}

fn note() -> impl Strategy<Value = Note> {
    let keys = ["title", "tags", "aliases", "updated", "status", "summary", "owner"];
    (
        proptest::collection::vec((0..keys.len(), entry(), any::<u8>()), 0..6),
        successor(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        "[a-z #\\-*\n]{0,80}",
    )
        .prop_map(move |(entries, successor, crlf, bom, trailing, with_frontmatter, body)| {
            let eol = if crlf { "\r\n" } else { "\n" };
            let mut lines: Vec<String> = Vec::new();
            let mut used = std::collections::HashSet::new();
            for (i, (k, value, extra)) in entries.into_iter().enumerate() {
                if !used.insert(k) {
                    continue;
                }
                if extra % 5 == 0 {
                    lines.push("# a comment line".into());
                }
                if extra % 7 == 0 {
                    lines.push(String::new());
                }
                let mut value = value.into_iter();
                lines.push(format!("{}:{}", keys[k], value.next().unwrap()));
                lines.extend(value);
                if let Some(s) = &successor
                    && i == 1
                {
                    lines.extend(s.iter().cloned());
                }
            }
            if let Some(s) = &successor
                && !lines.iter().any(|l| SUCCESSOR_KEYS.iter().any(|k| l.starts_with(k)))
            {
                lines.extend(s.iter().cloned());
            }
            let mut text = String::new();
            if bom {
                text.push('\u{feff}');
            }
            if with_frontmatter {
                text.push_str(&format!("---{eol}"));
                for line in &lines {
                    text.push_str(line);
                    text.push_str(eol);
                }
                text.push_str("---");
                if trailing || !body.is_empty() {
                    text.push_str(eol);
                }
            }
            text.push_str(&body.replace('\n', eol));
            if trailing && !text.ends_with('\n') && !body.is_empty() {
                text.push_str(eol);
            }
            Note { text }
        })
}

/// Every top-level field but the successor, as the source text of its key
/// and of its value's first token.
fn others(text: &str) -> Vec<(String, String)> {
    let Delimited::Found(block) = frontmatter::delimit(text) else { return Vec::new() };
    let fields: Vec<Field> = frontmatter::parse(text, &block).expect("the frontmatter parses");
    fields
        .iter()
        .filter(|f| !SUCCESSOR_KEYS.contains(&f.key.as_ref()))
        .map(|f| {
            let s = f.value.span;
            (f.key.to_string(), text[s.range()].to_string())
        })
        .collect()
}

fn body(text: &str) -> &str {
    match frontmatter::delimit(text) {
        Delimited::Found(block) => &text[block.end..],
        _ => text.strip_prefix('\u{feff}').unwrap_or(text),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn only_the_declaration_changes(note in note(), wikilink in any::<bool>()) {
        let text = &note.text;
        // Only notes whose frontmatter reads are edited.
        if let Delimited::Found(block) = frontmatter::delimit(text) {
            prop_assume!(frontmatter::parse(text, &block).is_ok());
        } else {
            prop_assume!(matches!(frontmatter::delimit(text), Delimited::Absent));
        }
        let value = if wikilink { "[[policy: new]]" } else { "internal/hr/new policy.md" };
        let new = set_successor(text, value, SUCCESSOR_KEYS).expect("editable").expect("a change");

        let Delimited::Found(block) = frontmatter::delimit(&new) else { panic!("no frontmatter in {new:?}") };
        let fields = frontmatter::parse(&new, &block).expect("the edit parses");
        let declared: Vec<&Field> = fields.iter().filter(|f| SUCCESSOR_KEYS.contains(&f.key.as_ref())).collect();
        prop_assert_eq!(declared.len(), 1);
        prop_assert_eq!(declared[0].value.as_str(), Some(value));
        prop_assert_eq!(others(&new), others(text));
        prop_assert_eq!(body(&new), body(text));
        prop_assert_eq!(new.starts_with('\u{feff}'), text.starts_with('\u{feff}'));
        // CRLF stays CRLF: no bare line feed appears where there was none.
        if text.contains("\r\n") {
            prop_assert_eq!(new.matches('\n').count(), new.matches("\r\n").count());
        }
        // Adding a key adds one line and nothing else.
        let had = frontmatter::delimit(text);
        if let Delimited::Found(old_block) = had
            && !text[..old_block.end].lines().any(|l| SUCCESSOR_KEYS.iter().any(|k| l.starts_with(k)))
        {
            let added: Vec<&str> = new.split_inclusive('\n').filter(|l| l.starts_with("superseded_by:")).collect();
            prop_assert_eq!(added.len(), 1);
            prop_assert_eq!(new.replacen(added[0], "", 1), text.clone());
        }
        // The same decision again changes nothing.
        prop_assert_eq!(set_successor(&new, value, SUCCESSOR_KEYS), Ok(None));
    }
}

#[test]
fn a_broken_frontmatter_is_never_edited() {
    assert!(set_successor("---\ntitle: [unclosed\n---\nbody\n", "a.md", SUCCESSOR_KEYS).is_err());
    assert!(set_successor("---\ntitle: x\nbody without a close\n", "a.md", SUCCESSOR_KEYS).is_err());
    // A declaration written twice: which one a loader takes is unknown.
    let twice = "---\nsuperseded_by: a.md\nsuperseded_by: b.md\n---\n";
    assert!(set_successor(twice, "c.md", SUCCESSOR_KEYS).is_err());
}

#[test]
fn another_key_written_twice_does_not_stop_an_edit() {
    let text = "---\ndescription: D\nweight: 1\ndescription: D\n---\nbody\n";
    assert_eq!(
        set_successor(text, "a.md", SUCCESSOR_KEYS).unwrap().unwrap(),
        "---\ndescription: D\nweight: 1\ndescription: D\nsuperseded_by: a.md\n---\nbody\n"
    );
}

#[test]
fn examples() {
    let edit = |t: &str, v: &str| set_successor(t, v, SUCCESSOR_KEYS).unwrap().unwrap();
    assert_eq!(edit("# Note\n", "a.md"), "---\nsuperseded_by: a.md\n---\n# Note\n");
    assert_eq!(edit("\u{feff}x\r\ny", "a.md"), "\u{feff}---\r\nsuperseded_by: a.md\r\n---\r\nx\r\ny");
    assert_eq!(
        edit("---\ntitle: T # keep\ntags: [a,   b]\n---\nbody", "[[Next]]"),
        "---\ntitle: T # keep\ntags: [a,   b]\nsuperseded_by: \"[[Next]]\"\n---\nbody"
    );
    assert_eq!(
        edit("---\nsuperseded_by: gone.md  # typo\ntitle: T\n---\n", "here.md"),
        "---\nsuperseded_by: here.md  # typo\ntitle: T\n---\n"
    );
    assert_eq!(
        edit("---\nsuperseded_by:\n  - a.md\n  - b.md\n\ntitle: T\n---\n", "c.md"),
        "---\nsuperseded_by: c.md\n\ntitle: T\n---\n"
    );
}
