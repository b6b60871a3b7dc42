//! Reading a vault as Obsidian and a CommonMark renderer read it: its
//! settings, templates, daily notes, code, comments and math, Unicode
//! names, `.mdx` pages, TOML and JSON frontmatter, and the paths given.

mod common;
use common::{check_json, copy_dir, findings, fixture, snapshot, suggest_json, vaultlint};
use std::fs;
use std::path::Path;

fn write(dir: &Path, path: &str, text: &str) {
    let file = dir.join(path);
    fs::create_dir_all(file.parent().unwrap()).unwrap();
    fs::write(file, text).unwrap();
}

fn stdout(args: &[&str], dir: &Path) -> (i32, String, String) {
    let out = vaultlint().args(args).arg(dir).env("COLUMNS", "200").output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code().unwrap(), text(out.stdout), text(out.stderr))
}

/// (1) Only what a renderer shows as a link is one: not code of any kind,
/// HTML comments, math or `%% comments %%`; a reference definition is.
#[test]
fn links_are_what_a_renderer_shows() {
    let l = |line: u64| ("links-to-superseded".to_string(), "note.md".to_string(), Some(line));
    let (_, json) = check_json(&fixture("commonmark"), &[]);
    assert_eq!(findings(&json), [l(3), l(29), l(33)]);
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("commonmark"), dir.path());
    let before = fs::read_to_string(dir.path().join("note.md")).unwrap();
    // A link to a heading is rewritten only with the unsafe fixes.
    vaultlint().args(["check", "--fix", "--unsafe-fixes", "-q"]).arg(dir.path()).assert().success();
    let want = before
        .replacen("A real one: [[old]].", "A real one: [[new]].", 1)
        .replacen("[the old rules](old.md#limits)", "[the old rules](new.md#limits)", 1)
        .replacen("[rules]: old.md", "[rules]: new.md", 1);
    assert_eq!(fs::read_to_string(dir.path().join("note.md")).unwrap(), want);
}

/// On a vault shaped like a real Obsidian vault, nothing is reported and
/// nothing suggested: templates, daily, weekly and monthly notes,
/// meetings made from one template, excluded files, `.mdx` pages, TOML
/// and JSON frontmatter.
#[test]
fn an_obsidian_vault_reads_clean() {
    let (code, json) = check_json(&fixture("obsidian"), &[]);
    assert_eq!((code, findings(&json)), (0, vec![]));
    // Archive/ and the drawing are excluded in Obsidian's settings.
    assert_eq!(json["summary"]["notes"], 17);
    let (_, json) = suggest_json(&fixture("obsidian"), &["--min-score", "0.3"]);
    assert_eq!(json["pairs"], serde_json::json!([]));
}

/// (2) Templates, from the core setting, Templater's, or a default folder.
#[test]
fn templates_are_never_findings_or_versions() {
    for (settings, folder) in [
        (Some(("templates.json", r#"{"folder": "Tpl"}"#)), "Tpl"),
        (
            Some(("plugins/templater-obsidian/data.json", r#"{"templates_folder": "Tpl/Templater/"}"#)),
            "Tpl/Templater",
        ),
        (None, "_templates"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        copy_dir(&fixture("obsidian"), dir.path());
        fs::remove_dir_all(dir.path().join(".obsidian")).unwrap();
        fs::create_dir(dir.path().join(".obsidian")).unwrap();
        fs::remove_dir_all(dir.path().join("Archive")).unwrap();
        fs::remove_dir_all(dir.path().join("Drawings")).unwrap();
        if let Some((file, text)) = settings {
            write(&dir.path().join(".obsidian"), file, text);
        }
        fs::create_dir_all(dir.path().join(folder)).unwrap();
        for name in ["Daily.md", "Weekly.md", "Meeting.md"] {
            fs::rename(dir.path().join("Templates").join(name), dir.path().join(folder).join(name)).unwrap();
        }
        fs::remove_dir(dir.path().join("Templates")).unwrap();
        let (_, json) = check_json(dir.path(), &[]);
        assert_eq!(findings(&json), vec![], "{folder}");
        let (_, json) = suggest_json(dir.path(), &[]);
        assert_eq!(json["pairs"], serde_json::json!([]), "{folder}");
        // Nor is a template anyone's successor.
        write(dir.path(), "old.md", "---\nsuperseded_by: \"[[Daily]]\"\n---\n");
        let (_, json) = check_json(dir.path(), &[]);
        assert_eq!(findings(&json), [("invalid-successor".into(), "old.md".into(), Some(2))], "{folder}");
        assert_eq!(json["diagnostics"][0]["related"], serde_json::json!([format!("{folder}/Daily.md")]));
    }
}

/// Notes made from a template keep what their tools left unfilled: a
/// Templater cursor (exercises made by a script), a dynamic command meant
/// to stay, a web clipper's `url: "{{url}}"` beside the day it was
/// clipped. They are notes, in the map; so is a note named for C++
/// templates in a vault whose settings keep its templates in a folder.
/// The templates themselves, in that folder or by their placeholders
/// alone, stay out.
#[test]
fn notes_with_leftover_placeholders_are_notes() {
    let out = vaultlint().args(["lineage", "--all"]).arg(fixture("template-leftovers")).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let map: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let notes: Vec<(&str, &str)> = map["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["path"].as_str().unwrap(), n["verdict"].as_str().unwrap()))
        .collect();
    assert_eq!(
        notes,
        [
            ("Clippings/2026-01-29 Running models locally.md", "active"),
            ("Courses/Assignment 2.md", "active"),
            ("Exercises/Exercise 7.md", "active"),
            ("Exercises/Exercise 8.md", "active"),
            ("Topics/Cpp Template.md", "active"),
        ]
    );
    let (code, json) = check_json(&fixture("template-leftovers"), &["--statistics"]);
    assert_eq!((code, findings(&json)), (0, vec![]));
    // The statistics account for every note: the two templates too.
    assert_eq!((json["slices"]["notes"].as_u64(), json["slices"]["templates"].as_u64()), (Some(7), Some(2)));
}

/// A vault that files its templates in a folder (`902Template/`) keeps
/// them there, with no settings to say so: a note named `Cpp Template`
/// elsewhere is a note on C++ templates, in the map. A note named as a
/// template whose frontmatter is a form to fill in (`creation-date:
/// yyyy-mm-dd`, a status of choices) is one wherever it is, and its
/// example successor is no finding.
#[test]
fn a_vault_that_files_its_templates_keeps_them_there() {
    let out = vaultlint().args(["lineage", "--all"]).arg(fixture("filed-templates")).output().unwrap();
    let map: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let paths: Vec<&str> =
        map["notes"].as_array().unwrap().iter().map(|n| n["path"].as_str().unwrap()).collect();
    assert_eq!(paths, ["Notes/Cpp STL.md", "Notes/Cpp Template.md"]);
    let (code, json) = check_json(&fixture("filed-templates"), &[]);
    assert_eq!((code, findings(&json)), (0, vec![]));
}

/// A file git tracks is content whatever a `.gitignore` says, as git
/// reads it: a Go project's `*.[568vq]` that happens to match the docs
/// folder `v1.5/` leaves its pages in the check. What git does not track
/// stays ignored, and so does what vaultlint's own rules leave out. Only
/// git's index is read: a work tree's `.gitignore` that is a named pipe,
/// on which git would wait, is never opened by git.
#[test]
fn notes_git_tracks_are_read_whatever_gitignore_says() {
    let dir = tempfile::tempdir().unwrap();
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git").current_dir(dir.path()).args(args).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    };
    git(&["init", "-q"]);
    write(dir.path(), ".gitignore", "*.[568vq]\nbuild/\n");
    let page = "# Install\n\nDownload the release and put the binary on your PATH.\n";
    write(dir.path(), "docs/v1.5/install.md", page);
    write(dir.path(), "docs/v1.5/.drafts/install.md", page);
    write(dir.path(), "docs/v1.5/node_modules/pkg/readme.md", page);
    write(dir.path(), "docs/v1.6/install.md", page);
    write(dir.path(), "build/install.md", page);
    write(dir.path(), "old/install.md", page);
    write(dir.path(), ".ignore", "old/\n");
    git(&["add", "-f", "docs/v1.5", "build/install.md", "old/install.md"]);
    let (_, json) = check_json(dir.path(), &["--no-cache"]);
    // Tracked: `v1.5/install.md` and `build/install.md`; a hidden folder,
    // a folder of dependencies and one an `.ignore` file names are left out
    // as ever; `v1.6` is not tracked.
    assert_eq!(json["summary"]["notes"], 2, "{json}");
    let (_, json) = check_json(dir.path(), &["--no-cache", "--exclude", "build/"]);
    assert_eq!(json["summary"]["notes"], 1, "{json}");
}

/// (3) Daily notes named any common way are a series, with or without
/// settings.
#[test]
fn daily_notes_outside_iso_names_are_a_series() {
    let body =
        "# Day\n\nStand-up at nine, then the planning session for the billing migration and its runbook.\n";
    for names in [
        ["journal/01.12.2026.md", "journal/02.12.2026.md"],
        ["journal/Tuesday, December 1, 2026.md", "journal/Wednesday, December 2, 2026.md"],
        ["journal/12-01-2026.md", "journal/12-02-2026.md"],
    ] {
        let dir = tempfile::tempdir().unwrap();
        for name in names {
            write(dir.path(), name, body);
        }
        let (_, json) = suggest_json(dir.path(), &["--no-git"]);
        assert_eq!(json["pairs"], serde_json::json!([]), "{names:?}");
    }
    // With the setting, its format decides, even for a name no default reads.
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), ".obsidian/daily-notes.json", r#"{"folder": "log", "format": "[Day] DDDD YYYY"}"#);
    write(dir.path(), "log/Day 001 2026.md", body);
    write(dir.path(), "log/Day 002 2026.md", body);
    let (_, json) = suggest_json(dir.path(), &["--no-git"]);
    assert_eq!(json["pairs"], serde_json::json!([]));
}

/// (4) Obsidian's excluded files are left out like `--exclude`.
#[test]
fn excluded_files_are_left_out() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("obsidian"), dir.path());
    let (_, json) = check_json(dir.path(), &[]);
    assert_eq!(json["summary"]["notes"], 17);
    fs::remove_file(dir.path().join(".obsidian/app.json")).unwrap();
    let (_, json) = check_json(dir.path(), &[]);
    assert_eq!(json["summary"]["notes"], 19);
    let found: Vec<String> = findings(&json).into_iter().map(|(_, p, _)| p).collect();
    assert!(found.contains(&"Archive/expenses-2021.md".to_string()), "{found:?}");
    assert!(found.contains(&"Drawings/office-plan.excalidraw.md".to_string()), "{found:?}");
}

/// (5) With no declaration to learn from, new declarations follow how
/// Obsidian writes links.
#[test]
fn new_declarations_follow_obsidians_link_format() {
    let body = "# Hours\n\nThe desk answers from 8 to 18 on working days; urgent tickets page the engineer on duty.\n";
    for (app, line) in [
        (r#"{"newLinkFormat": "absolute"}"#, "superseded_by: \"[[desk/hours]]\""),
        (r#"{"newLinkFormat": "shortest"}"#, "superseded_by: \"[[hours]]\""),
        (r#"{"useMarkdownLinks": true}"#, "superseded_by: desk/hours.md"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), ".obsidian/app.json", app);
        write(dir.path(), "desk/hours-2024.md", &format!("---\nupdated: 2024-01-01\n---\n{body}"));
        write(dir.path(), "desk/hours.md", &format!("---\nupdated: 2025-01-01\n---\n{body}"));
        let (code, out, _) = stdout(&["suggest", "--dry-run", "--no-git"], dir.path());
        assert_eq!(code, 0);
        assert!(out.contains(&format!("\n+{line}\n")), "{app}: {out}");
    }
}

/// (6) A successor that resolves only by an alias works, and is told that
/// Obsidian would not follow it; `--fix` names the file.
#[test]
fn a_successor_by_alias_is_fixed_to_the_file_name() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "hr/expenses.md", "---\naliases: [Spending rules]\n---\n# Expenses\n");
    write(dir.path(), "hr/old.md", "---\nsuperseded_by: \"[[Spending rules|the rules]]\" # kept\n---\n");
    let (_, json) = check_json(dir.path(), &[]);
    assert_eq!(findings(&json), [("successor-by-alias".into(), "hr/old.md".into(), Some(2))]);
    vaultlint().args(["check", "--fix", "-q"]).arg(dir.path()).assert().success();
    let text = fs::read_to_string(dir.path().join("hr/old.md")).unwrap();
    assert_eq!(text, "---\nsuperseded_by: \"[[expenses|the rules]]\" # kept\n---\n");
    let (code, json) = check_json(dir.path(), &[]);
    assert_eq!((code, findings(&json)), (0, vec![]));
}

/// (7) A name saved decomposed (as macOS does) and a link typed composed
/// are the same name; the path is reported as it is on disk.
#[cfg(target_os = "linux")]
#[test]
fn names_compare_after_nfc() {
    let dir = tempfile::tempdir().unwrap();
    let decomposed = "Cafe\u{301}.md";
    write(dir.path(), decomposed, "# Café\n");
    write(dir.path(), "old.md", "---\nsuperseded_by: \"[[Caf\u{e9}]]\"\n---\n");
    write(dir.path(), "other.md", "---\nsuperseded_by: Caf\u{e9}.md\n---\n[[old]]\n");
    let (_, json) = check_json(dir.path(), &["--no-suggest"]);
    let found = findings(&json);
    assert!(!found.iter().any(|f| f.0 == "missing-successor"), "{found:?}");
    let out = vaultlint().args(["lineage", "--all", "--format", "json"]).arg(dir.path()).output().unwrap();
    let map: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let old = map["notes"].as_array().unwrap().iter().find(|n| n["path"] == "old.md").unwrap();
    assert_eq!(old["current"], serde_json::json!([decomposed]));
}

/// (8) A folder inside a vault is checked in its vault: the rest resolves,
/// and only the folder is reported.
#[test]
fn a_folder_inside_a_vault_is_checked_in_it() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), ".obsidian/app.json", "{}");
    write(dir.path(), "shared/new.md", "# New\n");
    write(dir.path(), "projects/old.md", "---\nsuperseded_by: \"[[new]]\"\n---\n");
    write(dir.path(), "projects/broken.md", "---\nsuperseded_by: gone.md\n---\n");
    write(dir.path(), "shared/broken.md", "---\nsuperseded_by: gone.md\n---\n");
    let (code, out, _) =
        stdout(&["check", "--format", "concise", "--color", "never"], &dir.path().join("projects"));
    assert_eq!(code, 1);
    let want = format!(
        "{}/projects/broken.md:2:16: error[missing-successor] successor `gone.md` does not exist: no note at `gone.md`\nchecked 2 of 4 notes (vault root {}): 1 error, 0 warnings\n",
        dir.path().display(),
        dir.path().display()
    );
    assert_eq!(out, want);
    // From inside the folder, `.` is the same folder of the same vault.
    let out = vaultlint()
        .current_dir(dir.path().join("projects"))
        .args(["check", ".", "--format", "concise"])
        .output()
        .unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.starts_with("broken.md:2:16: error[missing-successor]"), "{out}");
    // The summary names the root found above the folder.
    assert!(out.ends_with("checked 2 of 4 notes (vault root ..): 1 error, 0 warnings\n"), "{out}");
}

/// (9) Every format names a finding by a path that opens from where the
/// run started; JSON keeps the vault-relative path and gives the root.
#[test]
fn every_format_names_the_same_file() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "v2/a.md", "---\nsuperseded_by: gone.md\n---\n");
    let run = |format: &str| {
        let out =
            vaultlint().current_dir(dir.path()).args(["check", "v2", "--format", format]).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(run("concise").starts_with("v2/a.md:2:16: "), "{}", run("concise"));
    assert!(run("github").starts_with("::error file=v2/a.md,line=2,col=16,"), "{}", run("github"));
    assert!(run("full").contains("v2/a.md:2:16"), "{}", run("full"));
    let json: serde_json::Value = serde_json::from_str(&run("json")).unwrap();
    assert_eq!(json["diagnostics"][0]["path"], "a.md");
    let root = dir.path().join("v2").canonicalize().unwrap();
    assert_eq!(json["root"], root.to_str().unwrap());
}

/// (10) A file that is not a note is a usage error; a note that does not
/// exist is a finding, the rest is checked, and the run fails.
#[test]
fn paths_that_are_not_notes() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "notes/a.md", "---\nsuperseded_by: nowhere.md\n---\n");
    write(dir.path(), "notes/c.txt", "not a note\n");
    write(dir.path(), "notes/vaultlint.toml", "");
    let notes = dir.path().join("notes");
    let out = vaultlint().current_dir(&notes).args(["check", "c.txt"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`c.txt` is not a note"));
    let out = vaultlint()
        .current_dir(&notes)
        .args(["check", "a.md", "gone.md", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        findings(&json),
        [
            ("missing-successor".into(), "a.md".into(), Some(2)),
            ("unreadable-note".into(), "gone.md".into(), None)
        ]
    );
}

/// (11) Dates as Obsidian and YAML writers write them.
#[test]
fn dates_as_tools_write_them() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "a.md",
        "---\nupdated: 2026-01-15T10:30:00+0200\ncreated: 2026/01/15\ndate: 2026-01-15 10:30:00.000000+00:00\n---\n",
    );
    write(dir.path(), "b.md", "---\ncreated: next week\neffective_from: soon\n---\n");
    let (_, json) = check_json(dir.path(), &["--no-suggest"]);
    let severity: Vec<(String, &str)> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (format!("{}:{}", d["path"].as_str().unwrap(), d["line"]), d["severity"].as_str().unwrap()))
        .collect();
    assert_eq!(severity, [("b.md:2".to_string(), "warning"), ("b.md:3".to_string(), "error")]);
}

/// Frontmatter indented with tabs is read as Hexo reads it, each tab a
/// space. A blog that writes its posts so is read by a tool that takes
/// them: no finding, and the slips among its posts are still found. In a
/// vault where it is not the way, it is a finding at the first tab, and
/// what the note declares is still read.
#[test]
fn frontmatter_indented_with_tabs_is_read_as_hexo_reads_it() {
    let (_, json) = check_json(&fixture("hexo-tabs"), &[]);
    assert_eq!(findings(&json), [("invalid-date".into(), "_posts/moving-the-blog.md".into(), Some(3))]);

    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join(".vaultlint.toml"), "root = true\n").unwrap();
    write(
        dir.path(),
        "old.md",
        "---\ntitle: Old plan\ntags:\n\t- plans\n\t- home\nsuperseded_by: new.md\n---\nOld.\n",
    );
    write(dir.path(), "new.md", "---\ntitle: New plan\ntags:\n  - plans\n---\nNew.\n");
    let (code, json) = check_json(dir.path(), &["--no-suggest"]);
    assert_eq!(code, 1);
    assert_eq!(findings(&json), [("invalid-frontmatter".into(), "old.md".into(), Some(4))]);
    assert!(json["diagnostics"][0]["message"].as_str().unwrap().contains("tabs"), "{json}");
    let map = common::lineage_map(dir.path(), &[]);
    assert_eq!(map["old.md"]["in_force"], false, "{map:?}");
}

/// (12) `.mdx` pages are notes; their JSX is not links. The `extensions`
/// key names other extensions.
#[test]
fn mdx_pages_and_other_extensions() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "docs/old.mdx", "---\nsuperseded_by: docs/new.mdx\n---\n# Old\n");
    write(dir.path(), "docs/new.mdx", "# New\n");
    write(dir.path(), "docs/guide.mdx", "# Guide\n\n<Note>\n  [[old]] inside JSX\n</Note>\n\nSee [[old]].\n");
    let (_, json) = check_json(dir.path(), &["--no-suggest"]);
    assert_eq!(findings(&json), [("links-to-superseded".into(), "docs/guide.mdx".into(), Some(7))]);
    write(dir.path(), "vaultlint.toml", "extensions = [\"md\", \"txt\"]\n");
    write(dir.path(), "notes.txt", "---\nsuperseded_by: gone.txt\n---\n");
    let (_, json) = check_json(dir.path(), &["--no-suggest"]);
    assert_eq!(json["summary"]["notes"], 1);
    assert_eq!(findings(&json), [("missing-successor".into(), "notes.txt".into(), Some(2))]);
}

/// (13) TOML frontmatter is read and edited byte for byte; JSON is read.
#[test]
fn toml_and_json_frontmatter() {
    let dir = tempfile::tempdir().unwrap();
    let body = "The desk answers from 8 to 18 on working days; urgent tickets page the engineer on duty.\n";
    let old = format!(
        "+++\ntitle = \"Desk hours\"  # kept\ndate = 2024-01-15\n\n[params]\nauthor = \"Ana\"\n+++\n{body}"
    );
    write(dir.path(), "posts/hours-2024.md", &old);
    write(
        dir.path(),
        "posts/hours.md",
        &format!("+++\ntitle = \"Desk hours\"\ndate = 2025-01-15\n+++\n{body}"),
    );
    write(dir.path(), "posts/broken.md", "+++\nsuperseded_by = \"gone.md\"\n+++\n");
    write(
        dir.path(),
        "posts/page.md",
        "{\n  \"title\": \"Page\",\n  \"superseded_by\": \"nowhere.md\"\n}\nBody\n",
    );
    let (_, json) = check_json(dir.path(), &["--no-suggest"]);
    assert_eq!(
        findings(&json),
        [
            ("missing-successor".into(), "posts/broken.md".into(), Some(2)),
            ("missing-successor".into(), "posts/page.md".into(), Some(3))
        ]
    );
    let before = snapshot(dir.path());
    vaultlint().args(["suggest", "--yes", "--no-git"]).arg(dir.path()).assert().success();
    let mut want = before.clone();
    want.insert(
        "posts/hours-2024.md".into(),
        old.replacen("\n[params]", "superseded_by = \"posts/hours.md\"\n\n[params]", 1).into_bytes(),
    );
    let after = snapshot(dir.path());
    assert_eq!(
        String::from_utf8_lossy(&after["posts/hours-2024.md"]),
        String::from_utf8_lossy(&want["posts/hours-2024.md"])
    );
    assert_eq!(after, want);
}

#[test]
fn today_is_the_local_day() {
    // UTC+14 and UTC-12 are never on the same day.
    let as_of = |tz: &str| {
        let out = vaultlint()
            .args(["lineage", "--all", "--format", "json"])
            .arg(fixture("lineage"))
            .env("TZ", tz)
            .output()
            .unwrap();
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        json["as_of"].as_str().unwrap().to_string()
    };
    assert!(as_of("Pacific/Kiritimati") > as_of("Etc/GMT+12"));
}

/// (11) A folder with no vault marker inside a git work tree is part of the
/// vault the work tree holds: `check docs` answers for `docs/` what
/// `check .` answers there, declarations written from the repository root
/// and all, and the summary names the root when it is not the current
/// folder.
#[test]
fn a_folder_of_a_repository_is_checked_in_the_repository() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&common::fixture("docs-repo"), dir.path());
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    let (_, whole) = common::check_json(dir.path(), &["--no-suggest"]);
    let (_, docs) = common::check_json(&dir.path().join("docs"), &["--no-suggest"]);
    let want = [("missing-successor".to_string(), "docs/guides/webhooks.md".to_string(), Some(3))];
    assert_eq!(common::findings(&whole), want);
    assert_eq!(common::findings(&docs), want);
    let concise = |cwd: &std::path::Path, path: &str| {
        let out = vaultlint()
            .current_dir(cwd)
            .args(["check", path, "--format", "concise", "--color", "never", "--no-suggest"])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let out = concise(dir.path(), "docs");
    assert!(out.starts_with("docs/guides/webhooks.md:3:16: error[missing-successor]"), "{out}");
    assert!(out.ends_with("checked 3 of 4 notes: 1 error, 0 warnings\n"), "{out}");
    let out = concise(&dir.path().join("docs"), ".");
    assert!(out.starts_with("guides/webhooks.md:3:16: error[missing-successor]"), "{out}");
    assert!(out.ends_with("checked 3 of 4 notes (vault root ..): 1 error, 0 warnings\n"), "{out}");
}

/// A note named on the command line is checked whatever the ignore files
/// say of it, as ripgrep searches a file it is given; the vault's walk
/// still leaves it out, and so do the config's excludes.
#[test]
fn a_note_named_on_the_command_line_is_checked_though_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, ".vaultlint.toml", "root = true\nexclude = [\"scratch/**\"]\n");
    write(d, ".ignore", "drafts/\nscratch/\n");
    write(d, "drafts/plan.md", "---\ntitle: Plan\nstatus: actve\n---\nThe plan.\n");
    write(d, "scratch/idea.md", "---\ntitle: Idea\nstatus: actve\n---\nAn idea.\n");
    let (_, whole) = check_json(d, &[]);
    assert_eq!(findings(&whole), []);
    let (_, named) = check_json(&d.join("drafts/plan.md"), &[]);
    assert_eq!(findings(&named), [("unknown-status".to_string(), "drafts/plan.md".to_string(), Some(3))]);
    let (_, excluded) = check_json(&d.join("scratch/idea.md"), &[]);
    assert_eq!(findings(&excluded), []);
}
