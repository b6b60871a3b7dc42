//! A fuzz harness on stable Rust: generated notes, from fragments of real
//! and hostile syntax mixed with arbitrary text, through the frontmatter
//! reader, the body-link reader, resolution and the frontmatter edit.
//! Invariants: no panic; every position inside the input and on the right
//! line; an edit changes only its span; parse, edit, parse again gives the
//! declaration just written. CI runs the default number of cases (256 per
//! target); `PROPTEST_CASES=100000 cargo test --release --test fuzz` runs
//! more.

use proptest::prelude::*;
use vaultlint_model::vault::Vault;
use vaultlint_syntax::frontmatter::{self, Delimited, Value, ValueKind};
use vaultlint_syntax::note::{Note, SUCCESSOR_KEYS};
use vaultlint_syntax::splice::successor_edit;

fn fragment() -> impl Strategy<Value = String> {
    let fixed = prop_oneof![
        Just("---\n"),
        Just("+++\n"),
        Just("{\n"),
        Just("}\n"),
        Just("title: a\n"),
        Just("superseded_by: \"[[x]]\"\n"),
        Just("superseded_by: [a, b]\n"),
        Just("superseded_by: [[x]]\n"),
        Just("superseded_by = \"x.md\"\n"),
        Just("  - item\n"),
        Just("key: |\n  block\n"),
        Just("x: [a,a,a,'q',\"d\"]\n"),
        Just("&a [1, *a]\n"),
        Just("# comment\n"),
        Just("\r"),
        Just("\r\n"),
        Just("\0"),
        Just("é"),
        Just("\u{202e}"),
        Just("[[old]]"),
        Just("[[old#h|l]]"),
        Just("![[old]]"),
        Just("[l](old.md \"t\")"),
        Just("[r]: old.md\n"),
        Just("[x][r]"),
        Just("`"),
        Just("```"),
        Just("~~~~\n"),
        Just("    indented\n"),
        Just("> "),
        Just("<!--"),
        Just("-->"),
        Just("$$"),
        Just("%%"),
        Just("\\"),
        Just("<"),
        Just(">"),
        Just("|"),
        Just("\n"),
    ]
    .prop_map(str::to_string);
    prop_oneof![4 => fixed, 1 => ".{0,12}"]
}

fn note_text() -> impl Strategy<Value = String> {
    prop::collection::vec(fragment(), 0..40).prop_map(|parts| parts.concat())
}

/// The 1-based line of `offset`, counting `\n`, `\r\n` and a lone `\r`.
fn line_of(text: &str, offset: usize) -> usize {
    let bytes = &text.as_bytes()[..offset];
    1 + bytes
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && text.as_bytes().get(i + 1) != Some(&b'\n')))
        .count()
}

fn values<'v>(value: &'v Value, out: &mut Vec<&'v Value>) {
    out.push(value);
    if let ValueKind::Seq(items) = &value.kind {
        for item in items {
            values(item, out);
        }
    }
}

proptest! {
    #[test]
    fn frontmatter_positions_are_inside_and_on_their_line(text in note_text()) {
        if let Delimited::Found(block) = frontmatter::delimit(&text)
            && let Ok(fields) = frontmatter::parse(&text, &block)
        {
            for field in &fields {
                let mut all = Vec::new();
                values(&field.value, &mut all);
                for span in std::iter::once(field.key_span).chain(all.iter().map(|v| v.span)) {
                    prop_assert!(span.end() <= text.len(), "{span:?} in {text:?}");
                    prop_assert!(text.is_char_boundary(span.offset()));
                    if block.format == frontmatter::Format::Yaml {
                        prop_assert_eq!(span.line(), line_of(&text, span.offset()), "{:?} in {:?}", span, text);
                    }
                }
            }
        }
    }

    #[test]
    fn body_links_are_inside_and_on_their_line(text in note_text()) {
        for link in vaultlint_syntax::link::in_body(&text, 0) {
            prop_assert!(link.span().end() <= text.len());
            prop_assert_eq!(&text[link.target()], &*link.written);
            let newlines = text[..link.span().offset()].matches('\n').count();
            prop_assert_eq!(link.span().line(), newlines + 1);
            let line_start = text[..link.span().offset()].rfind('\n').map_or(0, |i| i + 1);
            prop_assert_eq!(link.span().column(), text[line_start..link.span().offset()].chars().count() + 1);
        }
    }

    #[test]
    fn resolution_never_panics(notes in prop::collection::vec(("[a-zé/.]{1,12}", note_text()), 1..6), value in note_text()) {
        let notes: Vec<Note> =
            notes.iter().map(|(path, text)| Note::parse(format!("{path}.md"), text)).collect();
        let vault = Vault::from_notes(std::path::PathBuf::from("/v"), notes);
        for id in 0..vault.notes.len() {
            let _ = vault.resolve(id, &value);
        }
        let _ = vaultlint_model::graph::Graph::build(&vault);
    }

    #[test]
    fn an_edit_changes_only_its_span_and_reads_back(text in note_text(), value in "[a-z/]{1,10}(\\.md)?") {
        let keys: Vec<&str> = SUCCESSOR_KEYS.to_vec();
        if let Ok(Some(edit)) = successor_edit(&text, &value, &keys) {
            let end = edit.offset + edit.original.len();
            prop_assert_eq!(&text[edit.offset..end], edit.original.as_str());
            let after = edit.apply(&text);
            prop_assert_eq!(&after[..edit.offset], &text[..edit.offset]);
            prop_assert_eq!(&after[edit.offset + edit.replacement.len()..], &text[end..]);
            let Delimited::Found(block) = frontmatter::delimit(&after) else { panic!("no frontmatter in {after:?}") };
            let fields = frontmatter::parse(&after, &block).expect("reads back");
            let declared = fields.iter().find(|f| keys.contains(&f.key.as_ref())).expect("a declaration");
            prop_assert_eq!(declared.value.as_str(), Some(value.as_str()));
        }
    }
}
