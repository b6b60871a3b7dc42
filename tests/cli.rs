//! The binary's contract: exit statuses, file arguments, formats, order.

mod common;
use common::{check_json, findings, fixture, vaultlint};

/// `(arguments, expected exit status)`, run from the repository root.
const CASES: &[(&[&str], i32)] = &[
    (&["check", "fixtures/forms"], 0),
    (&["check", "fixtures/handbook"], 1),
    (&["check", "fixtures/superseded-successor"], 0),
    (&["check", "fixtures/superseded-successor", "--strict"], 1),
    (&["check", "fixtures/no-such-vault"], 2),
    (&["check", "--format", "yaml", "fixtures/forms"], 2),
    (&["check", "fixtures/forms", "fixtures/handbook"], 2),
    (&["check", "fixtures/handbook", "--exclude", "internal/**", "--exclude", "restricted/**"], 0),
    (&["--version"], 0),
];

#[test]
fn exit_statuses() {
    for (args, status) in CASES {
        let out = vaultlint().current_dir(env!("CARGO_MANIFEST_DIR")).args(*args).output().unwrap();
        assert_eq!(out.status.code(), Some(*status), "vaultlint {}", args.join(" "));
        if *status == 2 && args.contains(&"fixtures/no-such-vault") {
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(stderr.contains("no-such-vault"), "{stderr}");
        }
    }
}

#[test]
fn named_files_report_only_themselves_against_the_whole_vault() {
    let root = fixture("handbook");
    let out = vaultlint()
        .current_dir(&root)
        .args([
            "check",
            "--root",
            ".",
            "--format",
            "json",
            "internal/hr/leave-2023.md",
            "public/offices-2024.md",
        ])
        .output()
        .unwrap();
    // The fixture sits inside this repository's git work tree, so name its root.
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        findings(&json),
        [
            ("suspected-version".to_string(), "internal/hr/leave-2023.md".to_string(), None),
            ("missing-successor".to_string(), "internal/hr/leave-2023.md".to_string(), Some(4)),
        ]
    );
    assert_eq!(json["summary"]["notes"], 27);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn root_discovered_from_marker() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join(".obsidian")).unwrap();
    std::fs::create_dir_all(dir.path().join("a")).unwrap();
    std::fs::write(dir.path().join("a/old.md"), "---\nsuperseded_by: b/new.md\n---\n").unwrap();
    std::fs::create_dir_all(dir.path().join("b")).unwrap();
    std::fs::write(dir.path().join("b/new.md"), "# New\n").unwrap();
    let (status, json) = check_json(&dir.path().join("a/old.md"), &[]);
    assert_eq!(status, 0, "{json}");
    assert_eq!(json["summary"]["notes"], 2);
}

#[test]
fn output_is_identical_whatever_the_thread_count() {
    let run = |threads: &str| {
        vaultlint()
            .args(["check", "-j", threads, "--format", "concise"])
            .arg(fixture("handbook"))
            .output()
            .unwrap()
            .stdout
    };
    let one = run("1");
    assert!(!one.is_empty());
    for threads in ["2", "8"] {
        assert_eq!(one, run(threads));
    }
}

fn rendered(fixture_name: &str, format: &str) -> String {
    rendered_with(fixture_name, &["--format", format])
}

#[test]
fn snapshot_full() {
    insta::assert_snapshot!("full_handbook", rendered("handbook", "full"));
    insta::assert_snapshot!("full_line_endings", rendered("line-endings", "full"));
    // Snippets of the body too, with the right line numbers after CRLF lines.
    insta::assert_snapshot!("full_links", rendered_with("links", &["--as-of", "2026-06-01", "--no-suggest"]));
}

/// A byte-order mark is no column: the first line's findings are placed
/// alike by every format, the graphical one included.
#[test]
fn a_byte_order_mark_is_no_column_in_any_format() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("vaultlint.toml"), "").unwrap();
    std::fs::write(dir.path().join("old.md"), "---\nsuperseded_by: new.md\n---\n").unwrap();
    std::fs::write(dir.path().join("new.md"), "# New\n").unwrap();
    std::fs::write(dir.path().join("link.md"), "\u{feff}[[old]]\n").unwrap();
    std::fs::write(dir.path().join("open.md"), "\u{feff}---\ntitle: x\n").unwrap();
    std::fs::write(dir.path().join("json.md"), "\u{feff}{\"date\": \"nope\"}\n").unwrap();
    let run = |format: &str| {
        let out = vaultlint()
            .args(["check", "--color", "never", "--no-suggest", "--format", format])
            .arg(dir.path())
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let (concise, full) = (run("concise"), run("full"));
    for place in ["link.md:1:1", "open.md:1:1", "json.md:1:10"] {
        assert!(concise.contains(&format!("/{place}: ")), "{place} in {concise}");
        assert!(full.contains(&format!("/{place}]")), "{place} in {full}");
    }
    assert!(!full.contains('\u{feff}'), "{full}");
}

#[test]
fn snapshot_concise() {
    insta::assert_snapshot!("concise_handbook", rendered("handbook", "concise"));
    insta::assert_snapshot!("concise_invalid_frontmatter", rendered("invalid-frontmatter", "concise"));
}

#[test]
fn json_schema_fields() {
    let (_, json) = check_json(&fixture("missing-successor"), &[]);
    let d = &json["diagnostics"][2];
    let keys: Vec<&str> = d.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["code", "column", "fix", "help", "line", "message", "path", "related", "severity"]);
    assert_eq!(d["fix"], serde_json::Value::Null);
    assert_eq!(d["severity"], "error");
    assert_eq!(json["summary"], serde_json::json!({"notes": 4, "errors": 3, "warnings": 0}));
}

#[test]
fn github_annotations_name_files_from_the_working_folder() {
    let out = vaultlint()
        .current_dir(fixture(""))
        .args(["check", "handbook", "--format", "github"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with(
            "::error file=handbook/internal/engineering/incident-runbook.md,line=4,col=16,title=invalid-successor::unquoted wikilink"
        ),
        "{first}"
    );
    // One command a finding, the help after an escaped line break, no summary.
    assert_eq!(text.lines().count(), 9);
    assert!(text.lines().all(|l| l.starts_with("::error ") || l.starts_with("::warning ")));
    assert!(first.contains("%0Ahelp: quote it"));
}

#[test]
fn statistics_count_findings_per_code() {
    let text = rendered_with("handbook", &["--format", "concise", "--statistics"]);
    assert_eq!(
        text.lines().take(2).collect::<Vec<_>>(),
        [
            " 2  missing-successor        The successor resolves to no note in the vault.",
            " 2  suspected-version        The note looks like an older version of another note but declares no successor.",
        ]
    );
    // Seven codes, a blank line, thirteen slices, then the summary.
    assert_eq!(text.lines().count(), 22, "{text}");
    assert_eq!(
        text.lines().skip(8).take(13).collect::<Vec<_>>(),
        [
            "27  notes",
            " 0  templates",
            "20  current",
            " 7  superseded",
            " 0  revoked",
            " 5  chains",
            " 5  broken declarations",
            " 2  suspected versions",
            " 0  left in force by folder rules",
            "15  verdict active",
            " 7  verdict stale",
            " 0  verdict conflict",
            " 5  verdict unknown",
        ]
    );
    let (_, json) = check_json(&fixture("handbook"), &["--statistics"]);
    assert_eq!(json["statistics"]["missing-successor"], 2);
    assert_eq!(json["statistics"].as_object().unwrap().len(), 7);
    assert_eq!(
        json["slices"],
        serde_json::json!({"notes": 27, "templates": 0, "current": 20, "superseded": 7, "revoked": 0, "chains": 5,
            "broken_declarations": 5, "suspected_versions": 2, "left_in_force_by_folder_rules": 0,
            "verdict_active": 15, "verdict_stale": 7, "verdict_conflict": 0, "verdict_unknown": 5})
    );
    // Revoked notes and chains with declarations on either side.
    let (_, json) = check_json(&fixture("lineage"), &["--statistics", "--as-of", "2026-06-01"]);
    assert_eq!(
        json["slices"],
        serde_json::json!({"notes": 8, "templates": 0, "current": 3, "superseded": 2, "revoked": 1, "chains": 2,
            "broken_declarations": 0, "suspected_versions": 0, "left_in_force_by_folder_rules": 0,
            "verdict_active": 3, "verdict_stale": 5, "verdict_conflict": 0, "verdict_unknown": 0})
    );
    let (_, json) = check_json(&fixture("handbook"), &[]);
    assert!(json.get("statistics").is_none() && json.get("slices").is_none());
}

#[test]
fn quiet_prints_findings_only() {
    let text = rendered_with("handbook", &["--format", "concise", "-q"]);
    assert_eq!(text.lines().count(), 9);
    assert!(!text.contains("checked 27 notes"));
    let out =
        vaultlint().args(["suggest", "-q", "--color", "never"]).arg(fixture("versions")).output().unwrap();
    assert!(!String::from_utf8(out.stdout).unwrap().contains("suspected version pairs among"));
}

fn rendered_with(fixture_name: &str, args: &[&str]) -> String {
    let out = vaultlint()
        .args(["check", "--color", "never"])
        .args(args)
        .arg(fixture(fixture_name))
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn graph_snapshots() {
    let run = |format: &str| {
        let out = vaultlint().args(["graph", "--format", format]).arg(fixture("handbook")).output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    insta::assert_snapshot!("graph_dot_handbook", run("dot"));
    insta::assert_snapshot!("graph_mermaid_handbook", run("mermaid"));
}

#[test]
fn graph_renders_with_graphviz() {
    let found = std::process::Command::new("dot").arg("-V").output().is_ok_and(|o| o.status.success());
    assert!(found, "Graphviz `dot` is not installed: run the tests with `bash .ci/test`, which installs it");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("graph.dot");
    let out = vaultlint().args(["graph"]).arg(fixture("handbook")).output().unwrap();
    std::fs::write(&file, &out.stdout).unwrap();
    let svg = std::process::Command::new("dot").args(["-Tsvg"]).arg(&file).output().unwrap();
    assert!(svg.status.success() && svg.stderr.is_empty(), "{}", String::from_utf8_lossy(&svg.stderr));
    let svg = String::from_utf8(svg.stdout).unwrap();
    assert!(
        svg.contains("internal/hr/expenses&#45;policy.md") || svg.contains("internal/hr/expenses-policy.md"),
        "{svg}"
    );
}

/// Past fifty findings the default format groups them by code, shows each
/// code's first ten and counts the rest; `--show-all` shows every one, and
/// a run with fewer keeps the order and every finding.
#[test]
fn many_findings_are_grouped_by_code_and_cut_short() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join(".obsidian")).unwrap();
    for i in 0..55 {
        std::fs::write(dir.path().join(format!("note-{i:02}.md")), "---\nupdated: 2024-13-45\n---\n# Note\n")
            .unwrap();
    }
    // Most of the vault writes the key well, so it is read as a date.
    for i in 0..60 {
        std::fs::write(dir.path().join(format!("fine-{i:02}.md")), "---\nupdated: 2024-01-15\n---\n# Fine\n")
            .unwrap();
    }
    std::fs::write(dir.path().join("broken.md"), "---\nsuperseded_by: nowhere.md\n---\n# Broken\n").unwrap();
    let run = |extra: &[&str]| {
        let out = vaultlint()
            .args(["check", "--color", "never", "--no-cache"])
            .args(extra)
            .arg(dir.path())
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let cut = run(&[]);
    assert_eq!(cut.matches("invalid-date").count(), 11, "{cut}");
    assert!(cut.contains("... and 45 more `invalid-date` findings"), "{cut}");
    // The error's code comes before the warnings', whatever the counts.
    assert!(cut.find("missing-successor").unwrap() < cut.find("invalid-date").unwrap(), "{cut}");
    assert!(cut.contains("checked 116 notes: 1 error, 55 warnings"), "{cut}");
    let all = run(&["--show-all"]);
    assert_eq!(all.matches("invalid-date").count(), 55, "{all}");
    assert!(!all.contains("more `invalid-date`"), "{all}");
    std::fs::remove_file(dir.path().join("note-00.md")).unwrap();
    for i in 1..10 {
        std::fs::remove_file(dir.path().join(format!("note-{i:02}.md"))).unwrap();
    }
    let few = run(&[]);
    assert_eq!(few.matches("invalid-date").count(), 45, "{few}");
}
