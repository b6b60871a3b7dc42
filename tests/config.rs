//! `vaultlint.toml`: discovered up the ancestors, named with `--config`,
//! ignored with `--isolated`, beaten by flags, and exact about mistakes.

mod common;
use common::{check_json, findings, suggest_json, vaultlint};
use std::fs;
use std::path::Path;

/// A vault in `notes/` with one broken declaration, one retired note
/// declared with a custom key, and two unmarked versions.
fn vault(dir: &Path) -> std::path::PathBuf {
    let notes = dir.join("notes");
    fs::create_dir_all(notes.join("drafts")).unwrap();
    fs::write(notes.join("drafts/wip.md"), "---\nsuperseded_by: nowhere.md\n---\n").unwrap();
    fs::write(notes.join("old.md"), "---\nreplaced_by: new.md\nstatus: superseded\n---\n# Old\n").unwrap();
    fs::write(notes.join("new.md"), "# New\n").unwrap();
    let body = "The support desk answers from 8 to 18 on working days. Outside those hours urgent \
                tickets page the duty engineer, and the rest waits for the next morning.\n";
    fs::write(notes.join("hours-2025.md"), format!("# Hours\n\n{body}")).unwrap();
    fs::write(notes.join("hours.md"), format!("# Hours\n\n{body}\nOn public holidays the desk is closed.\n"))
        .unwrap();
    notes
}

fn codes(json: &serde_json::Value) -> Vec<(String, String)> {
    findings(json).into_iter().map(|(c, p, _)| (c, p)).collect()
}

#[test]
fn found_in_an_ancestor_and_flags_beat_it() {
    let dir = tempfile::tempdir().unwrap();
    let notes = vault(dir.path());
    // Without a config: the broken draft, the unknown key's note looks
    // retired without a successor, and the unmarked pair.
    let (code, json) = check_json(&notes, &[]);
    assert_eq!(code, 1);
    assert_eq!(
        codes(&json),
        [
            ("missing-successor".into(), "drafts/wip.md".into()),
            ("suspected-version".into(), "hours-2025.md".into()),
            ("status-conflict".into(), "old.md".into()),
        ]
    );
    fs::write(
        dir.path().join("vaultlint.toml"),
        "exclude = [\"drafts/**\"]\nsuccessor-keys = [\"superseded_by\", \"replaced_by\"]\n\
         [rules]\nsuspected-version = \"error\"\n",
    )
    .unwrap();
    // With the vault named by --root, the file in the folder above it is
    // its config. (Without --root, a folder holding vaultlint.toml is the
    // vault root itself: see `a_folder_inside_a_vault_is_checked_in_it`.)
    let root = notes.to_str().unwrap();
    let (code, json) = check_json(&notes, &["--root", root]);
    assert_eq!(codes(&json), [("suspected-version".into(), "hours-2025.md".into())]);
    assert_eq!((code, json["diagnostics"][0]["severity"].as_str()), (1, Some("error")));
    // --exclude replaces the file's list; --isolated ignores the file.
    let (_, json) = check_json(&notes, &["--root", root, "--exclude", "nothing"]);
    assert!(codes(&json).contains(&("missing-successor".into(), "drafts/wip.md".into())));
    let (_, json) = check_json(&notes, &["--root", root, "--isolated"]);
    assert_eq!(codes(&json).len(), 3);
}

#[test]
fn off_severities_and_suggest_settings() {
    let dir = tempfile::tempdir().unwrap();
    let notes = vault(dir.path());
    let file = dir.path().join("elsewhere.toml");
    fs::write(
        &file,
        "dismissals = \"meta/dismissed.tsv\"\n[rules]\nmissing-successor = \"off\"\nsuspected-version = \"off\"\n\
         [suggest]\nmin-score = 0.99\ngit = false\n",
    )
    .unwrap();
    let config = file.to_str().unwrap();
    let (code, json) = check_json(&notes, &["--config", config]);
    assert_eq!((code, codes(&json)), (0, vec![("status-conflict".into(), "old.md".into())]));
    // min-score 0.99 from the file leaves the pair out; the flag beats it.
    let (_, json) = suggest_json(&notes, &["--config", config]);
    assert_eq!(json["pairs"].as_array().unwrap().len(), 0, "{json}");
    let (_, json) = suggest_json(&notes, &["--config", config, "--min-score", "0.5"]);
    assert_eq!(json["pairs"].as_array().unwrap().len(), 1, "{json}");
    // Dismissals go where the file says.
    fs::create_dir_all(notes.join("meta")).unwrap();
    vaultlint()
        .args(["--config", config, "suggest", "--dismiss"])
        .arg(notes.join("hours.md"))
        .arg(notes.join("hours-2025.md"))
        .args(["--root"])
        .arg(&notes)
        .assert()
        .success();
    assert!(
        fs::read_to_string(notes.join("meta/dismissed.tsv")).unwrap().ends_with("hours-2025.md\thours.md\n")
    );
    let (_, json) = suggest_json(&notes, &["--config", config, "--min-score", "0.5"]);
    assert_eq!(json["pairs"].as_array().unwrap().len(), 0, "{json}");
}

#[test]
fn a_mistake_points_at_its_line_with_the_closest_key() {
    let dir = tempfile::tempdir().unwrap();
    let notes = vault(dir.path());
    fs::write(notes.join("vaultlint.toml"), "exclude = []\n\n[suggest]\nmin-scroe = 0.7\n").unwrap();
    let out = vaultlint().args(["check", "--color", "never"]).arg(&notes).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("vaultlint: error: invalid config file "), "{err}");
    assert!(err.contains("unknown field `min-scroe`"), "{err}");
    assert!(err.contains("4 │ min-scroe = 0.7"), "{err}");
    assert!(err.contains("did you mean `min-score`?"), "{err}");
    fs::write(notes.join("vaultlint.toml"), "[rules]\nstatus-conflict = 3\n").unwrap();
    let out = vaultlint().args(["check", "--color", "never"]).arg(&notes).output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("2 │ status-conflict = 3"), "{err}");
}

#[test]
fn link_style_and_git_from_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes");
    fs::create_dir_all(&notes).unwrap();
    fs::write(notes.join("vaultlint.toml"), "link-style = \"wikilink\"\n[suggest]\ngit = false\n").unwrap();
    let body = "The support desk answers from 8 to 18 on working days. Outside those hours urgent \
                tickets page the duty engineer, and the rest waits for the next morning.\n";
    // Two names with no version marker: only the history tells them
    // apart. One holds the other's first text, committed after it changed.
    let git = |args: &[&str], time: &str| common::git_at(&notes, args, time);
    git(&["init", "-q"], "@1700000000 +0000");
    fs::write(notes.join("hours-of-support.md"), format!("# Support hours\n\n{body}")).unwrap();
    git(&["add", "."], "@1700000000 +0000");
    git(&["commit", "-qm", "first"], "@1700000000 +0000");
    fs::write(notes.join("hours-of-support.md"), format!("# Support hours\n\n{body}Weekends too.\n"))
        .unwrap();
    git(&["commit", "-qam", "second"], "@1730000000 +0000");
    fs::write(notes.join("support-hours.md"), format!("# Support hours\n\n{body}")).unwrap();
    git(&["add", "."], "@1760000000 +0000");
    git(&["commit", "-qm", "third"], "@1760000000 +0000");
    let (_, json) = suggest_json(&notes, &[]);
    assert_eq!(json["pairs"][0]["direction"], "uncertain", "{json}");
    let (_, json) = suggest_json(&notes, &["--isolated"]);
    assert_eq!(json["pairs"][0]["direction"], "confident", "{json}");
    // `--yes` applies confident pairs only, so nothing here.
    vaultlint().args(["suggest", "--yes", "--min-score", "0.5"]).arg(&notes).assert().success();
    assert!(!fs::read_to_string(notes.join("support-hours.md")).unwrap().contains("superseded_by"));
    vaultlint().args(["suggest", "--apply", "--dry-run"]).arg(&notes).assert().success();
    let out = vaultlint().args(["suggest", "--dry-run", "--no-git"]).arg(&notes).output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "", "nothing confident to apply");
}

#[test]
fn link_style_from_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let notes = vault(dir.path());
    fs::write(notes.join("vaultlint.toml"), "link-style = \"wikilink\"\n").unwrap();
    vaultlint().args(["suggest", "--yes"]).arg(&notes).assert().success();
    let text = fs::read_to_string(notes.join("hours-2025.md")).unwrap();
    assert!(text.starts_with("---\nsuperseded_by: \"[[hours]]\"\n---\n"), "{text}");
}

#[test]
fn predecessor_keys_from_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes");
    fs::create_dir_all(&notes).unwrap();
    fs::write(notes.join("old.md"), "# Old\n").unwrap();
    fs::write(notes.join("new.md"), "---\nobsoletes: old.md\nsupersedes: Old.md\n---\n# New\n").unwrap();
    // By default `supersedes` is read, and its value is missing (a slip
    // of case for `old.md`).
    let (_, json) = check_json(&notes, &["--no-suggest"]);
    assert_eq!(codes(&json), [("missing-successor".to_string(), "new.md".to_string())]);
    // With the vault's own key, `obsoletes` is the edge and `supersedes` is nothing.
    fs::write(notes.join("vaultlint.toml"), "predecessor-keys = [\"obsoletes\"]\n").unwrap();
    let (code, json) = check_json(&notes, &["--no-suggest", "--statistics"]);
    assert_eq!(code, 0);
    assert_eq!(codes(&json), []);
    assert_eq!(json["slices"]["superseded"], 1);
}

#[test]
fn a_configured_dismissal_file_is_the_one_findings_name() {
    let dir = tempfile::tempdir().unwrap();
    let notes = vault(dir.path());
    fs::create_dir_all(notes.join("meta")).unwrap();
    fs::write(notes.join("vaultlint.toml"), "dismissals = \"meta/dismissed.tsv\"\n").unwrap();
    fs::write(notes.join("meta/dismissed.tsv"), "gone.md\thours.md\nnot a pair\n").unwrap();
    let (_, json) = check_json(&notes, &[]);
    let found = findings(&json);
    assert!(found.contains(&("stale-dismissal".into(), "meta/dismissed.tsv".into(), Some(1))), "{found:?}");
    assert!(found.contains(&("invalid-dismissal".into(), "meta/dismissed.tsv".into(), Some(2))), "{found:?}");
    let d =
        json["diagnostics"].as_array().unwrap().iter().find(|d| d["code"] == "suspected-version").unwrap();
    assert!(d["help"].as_str().unwrap().ends_with("records it in meta/dismissed.tsv"), "{d}");
}

#[test]
fn a_configured_successor_key_is_the_one_suggested_and_written() {
    let dir = tempfile::tempdir().unwrap();
    let notes = vault(dir.path());
    fs::write(notes.join("vaultlint.toml"), "successor-keys = [\"replaced_by\"]\n").unwrap();
    let (_, json) = check_json(&notes, &[]);
    let d =
        json["diagnostics"].as_array().unwrap().iter().find(|d| d["code"] == "suspected-version").unwrap();
    assert!(d["help"].as_str().unwrap().starts_with("if it is, add `replaced_by: hours.md`"), "{d}");
    let out = vaultlint().args(["suggest", "--yes", "--no-git"]).arg(&notes).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("wrote hours-2025.md: replaced_by: hours.md\n"), "{stdout}");
    let written = fs::read_to_string(notes.join("hours-2025.md")).unwrap();
    assert!(written.starts_with("---\nreplaced_by: hours.md\n---\n# Hours"), "{written}");
}

/// The line the help offers reads back as the note it names when pasted,
/// for a name YAML would split at `: ` or cut at ` #`.
#[test]
fn the_declaration_a_help_offers_reads_back_when_pasted() {
    let dir = tempfile::tempdir().unwrap();
    let body = "The support desk answers from 8 to 18 on working days. Outside those hours urgent \
                tickets page the duty engineer, and the rest waits for the next morning.\n";
    fs::write(dir.path().join("Support: desk #2 2025.md"), format!("# Hours\n\n{body}")).unwrap();
    let newer = "Support: desk #2.md";
    fs::write(dir.path().join(newer), format!("# Hours\n\n{body}\nOn public holidays it is closed.\n"))
        .unwrap();
    let (_, json) = check_json(dir.path(), &["--no-git"]);
    let d =
        json["diagnostics"].as_array().unwrap().iter().find(|d| d["code"] == "suspected-version").unwrap();
    let help = d["help"].as_str().unwrap();
    let line = help.strip_prefix("if it is, add `").and_then(|rest| rest.split('`').next()).unwrap();
    assert_eq!(line, "superseded_by: \"Support: desk #2.md\"", "{help}");
    let older = dir.path().join(d["path"].as_str().unwrap());
    let text = fs::read_to_string(&older).unwrap();
    fs::write(&older, format!("---\n{line}\n---\n{text}")).unwrap();
    let (code, json) = check_json(dir.path(), &["--no-git"]);
    assert_eq!((code, findings(&json)), (0, vec![]), "{json}");
}
