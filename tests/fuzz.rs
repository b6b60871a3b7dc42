//! A fuzz harness on stable Rust: generated notes, from fragments of real
//! and hostile syntax mixed with arbitrary text, through the frontmatter
//! reader, the body-link reader, resolution and the frontmatter edit.
//! Invariants: no panic; every position inside the input and on the right
//! line; an edit changes only its span; parse, edit, parse again gives the
//! declaration just written. Then the config, baseline and dismissal
//! parsers, from any bytes and near-valid ones: no panic, and errors that
//! name their file and place. CI runs the default number of cases (256 per
//! target, 64 for those that read a file); `PROPTEST_CASES=100000 cargo
//! test --release --test fuzz` runs more.

mod common;
use proptest::prelude::*;
use vaultlint_core::lines::LineIndex;
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

/// The 1-based line and column (in characters) of `offset`, counted the
/// slow way: lines as [`line_of`], a byte-order mark no column.
fn place_of(text: &str, offset: usize) -> (usize, usize) {
    let start = text[..offset].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let start = if start == 0 && text.starts_with('\u{feff}') { 3.min(offset) } else { start };
    (line_of(text, offset), text[start..offset].chars().count() + 1)
}

/// Where `LineIndex` places `offset` in `text`.
fn placed(text: &str, offset: usize) -> (usize, usize) {
    let at = LineIndex::new(text).position(offset);
    (at.line(), at.column())
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
                    prop_assert_eq!(placed(&text, span.offset()), place_of(&text, span.offset()));
                }
            }
        }
        // A problem reading the note is placed on its line as it is read.
        for problem in Note::parse("n.md".into(), &text).problems() {
            if let Some(span) = problem.span {
                let at = problem.position.expect("placed as it is read");
                prop_assert_eq!((at.line(), at.column()), place_of(&text, span.offset()), "{:?} in {:?}", span, text);
            }
        }
    }

    #[test]
    fn body_links_are_inside_and_on_their_line(text in note_text()) {
        for link in vaultlint_syntax::link::in_body(&text, 0) {
            prop_assert!(link.span().end() <= text.len());
            prop_assert_eq!(&text[link.target()], &*link.written);
            prop_assert!(text.is_char_boundary(link.span().offset()));
            prop_assert_eq!(placed(&text, link.span().offset()), place_of(&text, link.span().offset()));
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

// ---------------------------------------------------------------------------
// The files a vault or the command line gives besides notes: the config,
// a baseline and the dismissal file. Any bytes, and near-valid ones; no
// panic, and an error names its file and its place. Fewer cases: the
// config is read from a file.
// ---------------------------------------------------------------------------

/// Text built from pieces of `pieces` and arbitrary characters.
fn near(pieces: &'static [&'static str]) -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => proptest::sample::select(pieces).prop_map(str::to_string),
        1 => ".{0,8}",
        1 => Just("\u{feff}".to_string()),
        1 => Just("\0".to_string()),
    ];
    proptest::collection::vec(piece, 0..24).prop_map(|parts| parts.concat())
}

const CONFIG_PIECES: &[&str] = &[
    "root = true\n",
    "dismissals = \"",
    "cache-dir = \"",
    "../x",
    "/proc/self/environ",
    "\"\n",
    "exclude = [\"a/**\", \"[\"]\n",
    "select = [\"missing-successor\", \"nope\"]\n",
    "[rules]\n",
    "missing-successor = \"off\"\n",
    "[suggest]\n",
    "min-score = 1.5\n",
    "min-score = 0.7\n",
    "[[supersede]]\n",
    "older = \"a/\"\nnewer = \"a/\"\n",
    "extensions = []\n",
    "statuses = [\"\"]\n",
    "= \n",
    "[[\n",
    "\"\"\"\n",
    "'",
    "\r\n",
    "\n",
];

const BASELINE_PIECES: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"version\"",
    "\"findings\"",
    "1",
    "2",
    "-1",
    "1e999",
    "\"code\"",
    "\"path\"",
    "\"text\"",
    "\"count\"",
    "\"missing-successor\"",
    "\"a.md\"",
    "\"\\ud800\"",
    "null",
    "\n",
];

const DISMISSAL_PIECES: &[&str] = &[
    "a.md\tb.md\n",
    "a.md\ta.md\n",
    "# comment\n",
    "\t",
    "a.md",
    "../x.md",
    "/abs.md",
    "\r\n",
    "\n",
    " ",
    "\u{202e}",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(64)
    ))]

    #[test]
    fn a_config_of_any_bytes_is_an_error_naming_its_file_and_place(
        text in near(CONFIG_PIECES),
        raw in proptest::collection::vec(any::<u8>(), 0..64),
        use_raw in any::<bool>(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("vaultlint.toml");
        let bytes = if use_raw { raw } else { text.into_bytes() };
        std::fs::write(&file, &bytes).unwrap();
        if let Err(e) = vaultlint_workspace::config::load(&file) {
            prop_assert_eq!(&e.file, &file);
            prop_assert!(!e.message.is_empty());
            if let Some(span) = &e.span {
                prop_assert!(span.start <= span.end && span.end <= e.text.len(), "{:?} in {:?}", span, e.text);
                prop_assert!(e.text.is_char_boundary(span.start) && e.text.is_char_boundary(span.end));
            }
        }
    }

    #[test]
    fn a_baseline_of_any_text_is_an_error_naming_its_line(text in near(BASELINE_PIECES)) {
        if let Err(e) = vaultlint_analysis::baseline::parse(&text) {
            prop_assert!(e.contains(" line ") || e.starts_with("baseline version"), "{e}");
        }
    }

    #[test]
    fn a_dismissal_file_of_any_text_names_each_problem_by_file_and_line(text in near(DISMISSAL_PIECES)) {
        let dismissals = vaultlint_model::dismissals::Dismissals::parse(&text, ".vaultlint-dismissed");
        for problem in &dismissals.problems {
            prop_assert_eq!(&problem.path, ".vaultlint-dismissed");
            let span = problem.span.expect("a bad line has its place");
            prop_assert!(span.end() <= text.len(), "{span:?} in {text:?}");
            let at = problem.position.expect("placed as it is read");
            prop_assert_eq!((at.line(), at.column()), place_of(&text, span.offset()), "{:?} in {:?}", span, text);
        }
        let bytes = text.clone().into_bytes();
        let read = vaultlint_model::dismissals::Dismissals::from_read(Ok(bytes), ".vaultlint-dismissed");
        prop_assert_eq!(read.problems.len(), dismissals.problems.len());
    }
}

/// JSON of any shape, a few levels deep: what a client may send as params.
fn json_value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::Value;
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        prop_oneof![
            Just("file:///".to_string()),
            Just("file:///C:/x.md".to_string()),
            ".{0,12}".prop_map(|s| s)
        ]
        .prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        let keys = prop_oneof![
            Just("textDocument".to_string()),
            Just("uri".to_string()),
            Just("text".to_string()),
            Just("position".to_string()),
            Just("line".to_string()),
            Just("character".to_string()),
            Just("contentChanges".to_string()),
            Just("range".to_string()),
            Just("context".to_string()),
            Just("changes".to_string()),
            "[a-z]{1,6}".prop_map(String::from),
        ];
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::Array),
            proptest::collection::btree_map(keys, inner, 0..4)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

/// What a client may send: the methods the server knows, and others.
fn client_message() -> impl Strategy<Value = (bool, String, serde_json::Value)> {
    let method = prop_oneof![
        Just("textDocument/didOpen"),
        Just("textDocument/didChange"),
        Just("textDocument/didSave"),
        Just("textDocument/didClose"),
        Just("textDocument/codeAction"),
        Just("textDocument/definition"),
        Just("textDocument/hover"),
        Just("textDocument/completion"),
        Just("workspace/didChangeWatchedFiles"),
        Just("workspace/executeCommand"),
        Just("$/cancelRequest"),
        Just("no/such/method"),
    ];
    (any::<bool>(), method.prop_map(str::to_string), json_value())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(16)
    ))]

    /// Messages of any shape, requests or notifications, to a server
    /// serving a vault: it answers every request, then shuts down as the
    /// protocol says, with exit status 0.
    #[test]
    fn the_server_survives_any_messages(messages in proptest::collection::vec(client_message(), 1..12)) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("vaultlint.toml"), "").unwrap();
        std::fs::write(dir.path().join("a.md"), "---\nsuperseded_by: b.md\n---\n# A\n").unwrap();
        let root = dir.path().canonicalize().unwrap();
        let mut client = common::lsp::Client::initialized(&root, serde_json::json!({ "debounceMs": 1 }));
        for (request, method, params) in messages {
            if request {
                client.exchange(&method, params);
            } else {
                client.notify(&method, params);
            }
        }
        prop_assert!(client.shut_down().success());
    }
}
