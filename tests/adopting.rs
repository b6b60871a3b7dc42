//! Taking vaultlint up on a vault that already has findings: a baseline,
//! rule selection, `--exit-zero`, `--output-file`, `vaultlint rule` and
//! configs in subfolders, through the real binary.

mod common;
use common::{check_json, copy_dir, findings, fixture, vaultlint};
use std::fs;
use std::path::Path;

/// The handbook in a temporary folder, with its findings as of a fixed day.
fn handbook() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("handbook"), dir.path());
    dir
}

const AS_OF: [&str; 2] = ["--as-of", "2026-06-01"];

fn check(dir: &Path, extra: &[&str]) -> (i32, serde_json::Value) {
    check_json(dir, &[&AS_OF[..], extra].concat())
}

fn edit(file: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(file).unwrap();
    assert!(text.contains(from), "{}", file.display());
    fs::write(file, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn a_baseline_reports_only_new_findings() {
    let dir = handbook();
    let baseline = dir.path().join("vaultlint-baseline.json");
    let base = baseline.to_str().unwrap();
    let (before, json) = check(dir.path(), &[]);
    assert_eq!((before, findings(&json).len()), (1, 9));
    let out =
        vaultlint().args(["check", "--write-baseline", base]).args(AS_OF).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("recorded 9 findings"));
    let written = fs::read_to_string(&baseline).unwrap();
    assert_eq!(written.lines().filter(|l| l.contains("\"fingerprint\"")).count(), 9, "{written}");

    // Nothing new: clean, and the file is the same when written again.
    let (code, json) = check(dir.path(), &["--baseline", base]);
    assert_eq!((code, findings(&json).len(), json["baseline"]["unchanged"].as_u64()), (0, 0, Some(9)));
    // The summary says what the baseline held back.
    let out = vaultlint().args(["check", "--baseline", base]).args(AS_OF).arg(dir.path()).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.ends_with(": 0 errors, 0 warnings (9 findings in the baseline not shown)\n"), "{text}");

    // Lines move, and one bad declaration is added: only it is reported.
    let vpn = dir.path().join("internal/it/vpn.md");
    edit(&vpn, "---\n", "---\nowner: it-desk\nreviewed: 2026-05-01\n");
    edit(&dir.path().join("internal/hr/leave.md"), "---\n", "---\nsuperseded_by: leave-2027.md\n");
    let (code, json) = check(dir.path(), &["--baseline", base]);
    assert_eq!(findings(&json), [("missing-successor".into(), "internal/hr/leave.md".into(), Some(2))]);
    assert_eq!(code, 1);

    // One fixed: listed as gone, so the file can be shrunk.
    edit(&vpn, "vpn-setup.md", "vpn-guide.md");
    fs::write(dir.path().join("internal/it/vpn-guide.md"), "# VPN guide\n").unwrap();
    let (_, json) = check(dir.path(), &["--baseline", base]);
    let gone = &json["baseline"]["gone"];
    assert_eq!(gone.as_array().unwrap().len(), 1, "{gone}");
    assert_eq!(
        (gone[0]["path"].as_str(), gone[0]["code"].as_str()),
        (Some("internal/it/vpn.md"), Some("missing-successor"))
    );
    assert_eq!(gone[0]["note_gone"], false);

    // A renamed note breaks its entries, and says so.
    fs::rename(dir.path().join("internal/it/laptops-2024.md"), dir.path().join("internal/it/laptops-old.md"))
        .unwrap();
    let out = vaultlint()
        .args(["check", "--format", "concise", "--baseline", base])
        .args(AS_OF)
        .arg(dir.path())
        .current_dir(dir.path())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("internal/it/laptops-old.md:3:16: error[ambiguous-successor]"), "{text}");
    assert!(
        text.contains(
            "internal/it/laptops-2024.md: ambiguous-successor: no note at this path now: renamed or deleted"
        ),
        "{text}"
    );

    // Shrinking keeps the entries still found, and adds none.
    let out = vaultlint()
        .args(["check", "-q", "--baseline", base, "--write-baseline", base])
        .args(AS_OF)
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "the new findings still fail the run");
    let shrunk = fs::read_to_string(&baseline).unwrap();
    assert_eq!(shrunk.lines().filter(|l| l.contains("\"fingerprint\"")).count(), 7, "{shrunk}");
    for gone in ["internal/it/vpn.md", "internal/hr/leave.md", "internal/it/laptops-2024.md"] {
        assert!(!shrunk.contains(&format!("\"path\":\"{gone}\"")), "{shrunk}");
    }
}

#[test]
fn a_baseline_that_cannot_be_read_is_an_error() {
    let dir = handbook();
    let file = dir.path().join("base.json");
    fs::write(&file, "not json").unwrap();
    let out = vaultlint().args(["check", "--baseline"]).arg(&file).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a vaultlint baseline"));
}

fn codes(json: &serde_json::Value) -> Vec<String> {
    let codes: std::collections::BTreeSet<String> =
        findings(json).into_iter().map(|(code, _, _)| code).collect();
    codes.into_iter().collect()
}

#[test]
fn rules_are_selected_on_the_command_line_over_the_config() {
    let dir = handbook();
    let (_, json) = check(dir.path(), &["--select", "lifecycle,suspected-version"]);
    assert_eq!(codes(&json), ["status-conflict", "suspected-version"]);
    let (code, json) =
        check(dir.path(), &["--select", "declarations", "--ignore", "missing-successor,invalid-successor"]);
    assert_eq!(codes(&json), ["ambiguous-successor", "successor-outside-vault", "superseded-successor"]);
    assert_eq!(code, 1);
    // The file ignores the versions family; --extend-select and --select beat it.
    fs::write(dir.path().join("vaultlint.toml"), "ignore = [\"versions\", \"lifecycle\"]\n").unwrap();
    let (_, json) = check(dir.path(), &[]);
    assert!(!codes(&json).iter().any(|c| c == "suspected-version" || c == "status-conflict"));
    let (_, json) = check(dir.path(), &["--select", "suspected-version"]);
    assert_eq!(codes(&json), ["suspected-version"]);
    let (_, json) = check(dir.path(), &["--extend-select", "status-conflict"]);
    assert!(codes(&json).contains(&"status-conflict".to_string()));
}

#[test]
fn an_unknown_rule_is_a_usage_error_with_the_closest() {
    let out = vaultlint()
        .args(["check", "--ignore", "suspected-versoin"])
        .arg(fixture("handbook"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean `suspected-version`?"));
    let dir = handbook();
    fs::write(dir.path().join("vaultlint.toml"), "select = [\"lifecyle\"]\n").unwrap();
    let out = vaultlint().arg("check").arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean `lifecycle`?"));
}

#[test]
fn exit_zero_prints_the_findings_and_passes_but_not_an_error() {
    let out = vaultlint()
        .args(["check", "--exit-zero", "--format", "concise"])
        .arg(fixture("handbook"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("error[missing-successor]"));
    let missing = fixture("handbook").join("no-such-note.md");
    let out = vaultlint()
        .args(["check", "--exit-zero"])
        .arg(fixture("handbook").join("internal/it/vpn.md"))
        .arg(missing)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "a PATH that does not exist still fails");
    let out = vaultlint().args(["check", "--exit-zero", "--format", "nope"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn every_format_can_go_to_a_file() {
    let dir = tempfile::tempdir().unwrap();
    for format in ["full", "concise", "json", "github", "sarif"] {
        let run = |extra: &[&str]| {
            vaultlint()
                .current_dir(fixture(""))
                .args(["check", "handbook", "--color", "never", "--format", format])
                .args(AS_OF)
                .args(extra)
                .output()
                .unwrap()
        };
        let printed = run(&[]);
        let file = dir.path().join(format!("report.{format}"));
        let written = run(&["--output-file", file.to_str().unwrap()]);
        assert_eq!(written.status.code(), printed.status.code(), "{format}");
        assert!(written.stdout.is_empty(), "{format}");
        assert_eq!(fs::read(&file).unwrap(), printed.stdout, "{format}");
    }
}

#[test]
fn rule_explains_each_code() {
    let out = vaultlint().args(["rule", "missing-successor"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0));
    for part in ["missing-successor (error, declarations)", "Example", "Fix:"] {
        assert!(text.contains(part), "{text}");
    }
    let out = vaultlint().args(["rule", "--all", "--format", "json"]).output().unwrap();
    let all: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(all.as_array().unwrap().len(), vaultlint_core::code::Code::ALL.len());
    assert_eq!(all[0]["code"], "invalid-frontmatter");
    let out = vaultlint().args(["rule", "missing-sucessor"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean `missing-successor`?"));
}

#[test]
fn sarif_rules_link_to_the_configured_docs() {
    let dir = handbook();
    fs::write(dir.path().join("vaultlint.toml"), "docs-url = \"https://handbook.example.com/lint/{code}\"\n")
        .unwrap();
    let out = vaultlint().args(["check", "--format", "sarif"]).arg(dir.path()).output().unwrap();
    let sarif: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rule = &sarif["runs"][0]["tool"]["driver"]["rules"][2];
    assert_eq!(rule["id"], "missing-successor");
    assert_eq!(rule["helpUri"], "https://handbook.example.com/lint/missing-successor");
    let plain = vaultlint().args(["check", "--format", "sarif"]).arg(fixture("handbook")).output().unwrap();
    assert!(!String::from_utf8_lossy(&plain.stdout).contains("helpUri"));
}

#[test]
fn a_config_in_a_subfolder_overrides_its_subtree() {
    let dir = handbook();
    fs::write(dir.path().join("vaultlint.toml"), "exclude = []\n").unwrap();
    let it = dir.path().join("internal/it");
    fs::write(
        it.join("vaultlint.toml"),
        "exclude = [\"vpn*.md\"]\n[rules]\nambiguous-successor = \"warning\"\n",
    )
    .unwrap();
    // Checked from the subfolder, the vault is still the handbook.
    for path in [dir.path().to_path_buf(), it.clone()] {
        let (_, json) = check(&path, &[]);
        let got = findings(&json);
        let it_findings: Vec<_> = got.iter().filter(|(_, p, _)| p.starts_with("internal/it/")).collect();
        assert_eq!(
            it_findings,
            [&("ambiguous-successor".to_string(), "internal/it/laptops-2024.md".to_string(), Some(3))]
        );
        let severity = json["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["code"] == "ambiguous-successor")
            .unwrap()["severity"]
            .clone();
        assert_eq!(severity, "warning");
    }
    // The rest of the vault keeps the root's rules.
    let (_, json) = check(dir.path(), &[]);
    assert!(findings(&json).contains(&(
        "missing-successor".into(),
        "internal/hr/leave-2023.md".into(),
        Some(4)
    )));

    // A key about the whole vault does not belong there.
    fs::write(it.join("vaultlint.toml"), "statuses = [\"live\"]\n").unwrap();
    let out = vaultlint().arg("check").arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`statuses` applies to the whole vault"));

    // `root = true`: a vault of its own, left out of the one around it.
    fs::write(it.join("vaultlint.toml"), "root = true\n").unwrap();
    let (_, json) = check(dir.path(), &[]);
    assert!(!findings(&json).iter().any(|(_, p, _)| p.starts_with("internal/it/")));
    let (_, json) = check(&it, &[]);
    assert_eq!(json["summary"]["notes"], 4, "{json}");
}
