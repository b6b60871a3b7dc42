//! `check --fix` and `--diff`: only the targets of links to retired notes
//! change, every other byte of every file is kept, permissions too, and a
//! file that changed since it was read is left alone.

mod common;
use common::{copy_dir, fixture, snapshot, vaultlint};
use proptest::prelude::*;
use std::fs;

fn replaced(bytes: &[u8], edits: &[(&str, &str)]) -> Vec<u8> {
    let mut text = String::from_utf8(bytes.to_vec()).unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replace(from, to);
    }
    text.into_bytes()
}

const AS_OF: [&str; 3] = ["--as-of", "2026-06-01", "--no-suggest"];

#[test]
fn fix_rewrites_only_the_link_targets() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("links"), dir.path());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(dir.path().join("guides/checklist.md"), fs::Permissions::from_mode(0o640))
            .unwrap();
    }
    let before = snapshot(dir.path());
    let out = vaultlint()
        .args(["check", "--fix", "--format", "concise"])
        .args(AS_OF)
        .arg(dir.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "fixed 4 findings in 2 notes\n");
    // What is left: the links to a heading (the new note may have none of
    // that name), the links with no single current note, and the schedule.
    assert_eq!(stdout.lines().count(), 7, "{stdout}");
    assert!(stdout.contains("2 fixable with `--fix --unsafe-fixes`"), "{stdout}");
    assert!(stdout.contains("9:9: warning[links-to-superseded] links to `policies/travel-2023.md`"));

    let after = snapshot(dir.path());
    let mut want = before.clone();
    want.insert(
        "guides/new-starters.md".into(),
        replaced(
            &before["guides/new-starters.md"],
            &[
                ("as [[expenses-2024]] says", "as [[expenses]] says"),
                ("```\n\n![[expenses-2024]]", "```\n\n![[expenses]]"),
            ],
        ),
    );
    // BOM and CRLF kept; the folder and `.md` of the link kept.
    want.insert(
        "guides/checklist.md".into(),
        replaced(
            &before["guides/checklist.md"],
            &[
                ("[[policies/expenses-2024.md|", "[[policies/expenses.md|"),
                ("(</policies/expenses-2024.md>)", "(</policies/expenses.md>)"),
            ],
        ),
    );
    assert_eq!(after, want, "only the link targets change, and no temp file is left");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(dir.path().join("guides/checklist.md")).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }
    // Nothing more to do: a second run changes nothing, --diff shows nothing.
    let out = vaultlint().args(["check", "--fix", "-q"]).args(AS_OF).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(snapshot(dir.path()), want);
    let out = vaultlint().args(["check", "--diff"]).args(AS_OF).arg(dir.path()).output().unwrap();
    assert_eq!((out.status.code(), out.stdout.len()), (Some(0), 0));
    // Asked for, the links to a heading are rewritten too, heading kept.
    let out = vaultlint()
        .args(["check", "--fix", "--unsafe-fixes", "-q"])
        .args(AS_OF)
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    want.insert(
        "guides/new-starters.md".into(),
        replaced(
            &want["guides/new-starters.md"],
            &[
                ("[[expenses-2024#Meals|meal limits]]", "[[expenses#Meals|meal limits]]"),
                (
                    "(../policies/expenses-2024.md#meals \"Expenses\")",
                    "(../policies/expenses.md#meals \"Expenses\")",
                ),
            ],
        ),
    );
    assert_eq!(snapshot(dir.path()), want);
}

#[test]
fn diff_prints_the_edits_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("links"), dir.path());
    let before = snapshot(dir.path());
    let out = vaultlint().args(["check", "--diff"]).args(AS_OF).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "edits to make fail the run, as in CI");
    let diff = String::from_utf8(out.stdout).unwrap();
    assert!(diff.starts_with("--- a/guides/checklist.md\n+++ b/guides/checklist.md\n"), "{diff}");
    assert!(
        diff.contains("\n-Claim costs as [[expenses-2024]] says; see [[expenses-2024#Meals|meal limits]].\n")
    );
    assert!(diff.contains("\n+Claim costs as [[expenses]] says; see [[expenses-2024#Meals|meal limits]].\n"));
    assert_eq!(diff.matches("\n+").count() - 2, 4, "four changed lines: {diff}");
    assert_eq!(snapshot(dir.path()), before);
    // JSON carries each fix as data.
    let (_, json) = common::check_json(dir.path(), &AS_OF);
    assert_eq!(
        json["diagnostics"][2]["fix"],
        serde_json::json!({"offset": 80, "original": "expenses-2024", "replacement": "expenses", "applicability": "safe"})
    );
    vaultlint().args(["check", "--diff", "--fix"]).arg(dir.path()).assert().code(2);
}

#[test]
fn a_file_changed_since_it_was_read_is_left_alone() {
    use vaultlint_core::{date::Day, progress::Silent};
    use vaultlint_workspace::{commands, fix, settings::Flags, settings::Settings};
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("links"), dir.path());
    let paths = [dir.path().to_path_buf()];
    let flags = Flags { paths: &paths, as_of: Some(Day::new(2026, 6, 1)), ..Flags::default() };
    let settings = Settings::resolve(&flags, dir.path()).unwrap();
    let loaded = commands::load(&settings, settings.reading(false, true, true), &Silent).unwrap();
    let report = commands::check::analyse(&loaded, &settings, false, &Silent);
    let vault = loaded.vault;
    let edited = dir.path().join("guides/new-starters.md");
    let mut text = fs::read_to_string(&edited).unwrap();
    text.push_str("A line another editor added.\n");
    fs::write(&edited, &text).unwrap();
    let (fixes, skipped) = fix::plan(&vault.root, fix::applicable(&report.diagnostics, false));
    assert_eq!(fixes.iter().map(|f| f.path.as_str()).collect::<Vec<_>>(), ["guides/checklist.md"]);
    assert_eq!(skipped.len(), 1);
    assert_eq!(
        (skipped[0].path.as_str(), skipped[0].reason.as_str()),
        ("guides/new-starters.md", "it changed since it was read")
    );
    // And between planning and writing: the write refuses.
    fs::write(dir.path().join("guides/checklist.md"), "changed\n").unwrap();
    assert!(fix::write(&fixes[0]).is_err());
    assert_eq!(fs::read_to_string(dir.path().join("guides/checklist.md")).unwrap(), "changed\n");
    assert_eq!(fs::read_to_string(&edited).unwrap(), text);
}

/// A piece of a body, as written before the fix and as it should read after.
fn piece() -> impl Strategy<Value = (String, String)> {
    let same = |s: &str| (s.to_string(), s.to_string());
    let both = |a: &str, b: &str| (a.to_string(), b.to_string());
    prop_oneof![
        Just(same("plain words, ")),
        Just(same("ünïcødé ✓ ")),
        Just(same("\n")),
        Just(same("\r\n")),
        Just(same("[[new]] ")),
        Just(same("[[elsewhere]] ")),
        Just(same("[a link](https://example.org/old.md) ")),
        Just(same("`[[old]]` ")),
        Just(same("![a picture](old.png) ")),
        Just(both("[[old]]", "[[new]]")),
        Just(both("[[old|the label]]", "[[new|the label]]")),
        Just(both("[[old#Some heading]]", "[[new#Some heading]]")),
        Just(both("[[old#h|l]]", "[[new#h|l]]")),
        Just(both("![[old]]", "![[new]]")),
        Just(both("[[notes/old.md]]", "[[notes/new.md]]")),
        Just(both("[label](old.md)", "[label](new.md)")),
        Just(both("[label](old.md#part \"title\")", "[label](new.md#part \"title\")")),
        Just(both("[label](</notes/old.md>)", "[label](</notes/new.md>)")),
        Just(both("[label](./old)", "[label](new)")),
        Just(both("\n\n[ref]: old.md \"The old one\"\n\n", "\n\n[ref]: new.md \"The old one\"\n\n")),
    ]
}

/// A block in which nothing is a link: code of every kind, comments, math.
fn inert() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("\n\n```\n[[old]] [x](old.md)\n```\n\n".to_string()),
        Just("\n\n~~~~\n```python\n[[old]]\n~~~\n[x](old.md)\n~~~~\n\n".to_string()),
        Just("\n\n    [[old]] indented code\n    [x](old.md)\n\n".to_string()),
        Just("\n\n> ```\n> [[old]]\n> ```\n\n".to_string()),
        Just("\n\n<!-- [[old]] and [x](old.md) -->\n\n".to_string()),
        Just(" inline <!-- [[old]] --> ".to_string()),
        Just("\n\n$$\n[[old]]\n$$\n\n".to_string()),
        Just(" %% [[old]] %% ".to_string()),
        Just("\n\n%%\n[[old]]\n[x](old.md)\n%%\n\n".to_string()),
        Just(" ``[[old]]`` ".to_string()),
    ]
}

fn frontmatter() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("---\ntitle: Guide\n---\n".to_string()),
        Just("\u{feff}---\r\ntitle: Guide # kept\r\ntags: [a, 'b']\r\n---\r\n".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn fix_changes_only_link_targets(
        head in frontmatter(),
        pieces in prop::collection::vec((piece(), prop::option::of(inert())), 0..24),
    ) {
        let mut before = head.clone();
        let mut want = head;
        for (i, ((b, a), block)) in pieces.iter().enumerate() {
            // A label is defined once: a second definition is not a link.
            let label = format!("[ref{i}]");
            before.push_str(&b.replace("[ref]", &label));
            want.push_str(&a.replace("[ref]", &label));
            // Nothing inside code, comments or math changes.
            if let Some(block) = block {
                before.push_str(block);
                want.push_str(block);
            }
        }
        let dir = tempfile::tempdir().unwrap();
        let notes = dir.path().join("notes");
        fs::create_dir(&notes).unwrap();
        fs::write(notes.join("old.md"), "---\nsuperseded_by: notes/new.md\n---\n").unwrap();
        fs::write(notes.join("new.md"), "# New\n").unwrap();
        fs::write(notes.join("guide.md"), &before).unwrap();
        // Unsafe fixes too: a link to a heading is rewritten only when asked.
        let out = vaultlint().args(["check", "--fix", "--unsafe-fixes", "-q", "--no-suggest", "--format", "json"]).arg(dir.path()).output().unwrap();
        prop_assert_eq!(out.status.code(), Some(0));
        let after = fs::read_to_string(notes.join("guide.md")).unwrap();
        prop_assert_eq!(&after, &want);
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        prop_assert_eq!(json["diagnostics"].as_array().map(Vec::len), Some(0));
    }
}

/// An unquoted wikilink in a declaration is quoted by `--fix`, every other
/// byte kept; pointing a declaration past an intermediate version is a
/// judgement, offered by the language server, never applied.
#[test]
fn fix_quotes_an_unquoted_wikilink_and_leaves_chains_alone() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join(".obsidian")).unwrap();
    let old = "---\r\ntitle: Runbook  # kept\r\nsuperseded_by: [[runbook-2025]]\r\n---\r\nOld.\r\n";
    fs::write(dir.path().join("runbook.md"), old).unwrap();
    fs::write(dir.path().join("runbook-2025.md"), "---\nsuperseded_by: './runbook-2026.md'\n---\n").unwrap();
    fs::write(dir.path().join("runbook-2026.md"), "# Runbook\n").unwrap();
    let out = vaultlint().args(["check", "--fix"]).args(AS_OF).arg(dir.path()).output().unwrap();
    // What is left is a warning: the run passes.
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "fixed 1 finding in 1 note\n");
    let fixed = fs::read_to_string(dir.path().join("runbook.md")).unwrap();
    assert_eq!(fixed, old.replace("[[runbook-2025]]", "\"[[runbook-2025]]\""));
    // JSON shows only what `--fix` would do; the declaration is as it was.
    let (_, json) = common::check_json(dir.path(), &AS_OF);
    let found = &json["diagnostics"][0];
    assert_eq!((&found["code"], &found["fix"]), (&"superseded-successor".into(), &serde_json::Value::Null));
    let chain = fs::read_to_string(dir.path().join("runbook-2025.md")).unwrap();
    assert_eq!(chain, "---\nsuperseded_by: './runbook-2026.md'\n---\n");
}

#[test]
fn fix_renames_a_misspelt_key_and_keeps_every_other_byte() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("misspelt-keys"), dir.path());
    let before = snapshot(dir.path());
    let out = vaultlint()
        .args(["check", "--fix", "--no-suggest", "--format", "concise"])
        .arg(dir.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "fixed 4 findings in 4 notes\n", "{stdout}");
    // Left: the key that may mean either side, and the three that are not renamed.
    assert_eq!(stdout.lines().filter(|l| l.contains("misspelt-key")).count(), 4, "{stdout}");
    let mut want = before.clone();
    for (path, from, to) in [
        ("meetings/retro.md", "\nCrated: ", "\nCreated: "),
        ("policies/leave.md", "\nstauts: draft", "\nstatus: draft"),
        ("policies/remote-work.md", "\nreview-due: ", "\nreview_due: "),
        ("policies/travel-2024.md", "\nsuperseeded_by: ", "\nsuperseded_by: "),
    ] {
        want.insert(path.into(), replaced(&before[path], &[(from, to)]));
    }
    assert_eq!(snapshot(dir.path()), want);
}

/// Safe and unsafe fixes, as ruff grades them: a link in a note that
/// records its day (a daily note of the configured folder, a meeting note
/// named by its day) is what was linked then, and pointing a declaration
/// past a version may undo a chain kept on purpose. `--fix` makes only the
/// safe fix, the summary counts the rest, `--show-fixes` lists each, and
/// `--unsafe-fixes` makes them all, each byte outside the edits kept.
#[test]
fn unsafe_fixes_wait_for_unsafe_fixes() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("fix-safety"), dir.path());
    let read = |path: &str| fs::read_to_string(dir.path().join(path)).unwrap();
    let before: Vec<(&str, String)> = [
        "Daily/2026-03-02.md",
        "Meetings/2026-02-10 standup.md",
        "Projects/Hiring plan 2025.md",
        "Projects/Roadmap.md",
    ]
    .into_iter()
    .map(|p| (p, read(p)))
    .collect();
    let out =
        vaultlint().args(["check", "--no-git", "--format", "concise"]).arg(dir.path()).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.ends_with("1 fixable with `--fix` (3 more with `--unsafe-fixes`)\n"), "{text}");
    // JSON carries what `--fix` would make, with its applicability.
    let (_, json) = common::check_json(dir.path(), &["--no-git"]);
    let fixes = |json: &serde_json::Value| -> Vec<(String, String)> {
        let found = json["diagnostics"].as_array().unwrap().iter();
        let with_fix = found.filter(|d| !d["fix"].is_null());
        with_fix
            .map(|d| (d["path"].as_str().unwrap().into(), d["fix"]["applicability"].as_str().unwrap().into()))
            .collect()
    };
    assert_eq!(fixes(&json), [("Projects/Roadmap.md".to_string(), "safe".to_string())]);
    let (_, json) = common::check_json(dir.path(), &["--no-git", "--unsafe-fixes"]);
    assert_eq!(fixes(&json).iter().filter(|(_, a)| a == "unsafe").count(), 3, "{json}");

    let out = vaultlint()
        .args(["check", "--no-git", "--fix", "--show-fixes", "--format", "concise"])
        .arg(dir.path())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("fixed 1 finding:\n  ")
            && text
                .contains("Roadmap.md:3:22: links-to-superseded: `Project plan (old)` -> `Project plan`\n"),
        "{text}"
    );
    assert_eq!(read("Projects/Roadmap.md"), before[3].1.replace("[[Project plan (old)|", "[[Project plan|"));
    for (path, text) in &before[..3] {
        assert_eq!(&read(path), text, "{path}");
    }

    let out =
        vaultlint().args(["check", "--no-git", "--fix", "--unsafe-fixes"]).arg(dir.path()).output().unwrap();
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "fixed 3 findings in 3 notes\n");
    assert_eq!(
        read("Daily/2026-03-02.md"),
        before[0].1.replace("[[Project plan (old)]]", "[[Project plan]]")
    );
    assert_eq!(
        read("Meetings/2026-02-10 standup.md"),
        before[1].1.replace("[[Project plan (old)]]", "[[Project plan]]")
    );
    assert_eq!(
        read("Projects/Hiring plan 2025.md"),
        before[2].1.replace("[[Hiring plan 2026 draft]]", "[[Hiring plan]]")
    );
    let (code, json) = common::check_json(dir.path(), &["--no-git"]);
    assert_eq!((code, common::findings(&json)), (0, vec![]), "{json}");
}

/// The rule docs say which fixes are safe, and why.
#[test]
fn rule_docs_grade_each_fix() {
    let out = vaultlint().args(["rule", "links-to-superseded"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\nFix safety: safe, or unsafe. ") && text.contains("daily"), "{text}");
    let out = vaultlint().args(["rule", "--all", "--format", "json"]).output().unwrap();
    let rules: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let safety = |code: &str| {
        let rule = rules.as_array().unwrap().iter().find(|r| r["code"] == code).unwrap();
        rule["fix"]["safety"].as_str().map(str::to_string)
    };
    assert_eq!(safety("superseded-successor").as_deref(), Some("unsafe"));
    assert_eq!(safety("suspected-version").as_deref(), Some("display only"));
    assert_eq!(safety("successor-by-alias").as_deref(), Some("safe"));
    assert_eq!(safety("missing-successor"), None);
}
