//! `vaultlint suggest` and the `suspected-version` finding, against the
//! versions fixture: true pairs of every naming convention, and traps.

mod common;
use common::{
    check_json, copy_dir, findings, fixture, git_at as git, pairs, snapshot, suggest_json, vaultlint,
};
use std::fs;
use std::path::Path;

/// Every true pair of `fixtures/versions`, older first.
const TRUE_PAIRS: &[(&str, &str)] = &[
    ("eng/api-guide-v1.md", "eng/api-guide-v2.md"),
    // Dates beat names: the copy was updated later.
    ("eng/release-checklist.md", "eng/release-checklist (copy).md"),
    ("finance/price-list-2025.md", "finance/price-list.md"),
    // Renamed and retitled, most of the text kept.
    ("hr/onboarding/new-starter-checklist-2024.md", "hr/onboarding/new-starter-checklist-2025.md"),
    ("hr/parental-leave-policy.md", "hr/family-leave-policy.md"),
    ("it/laptop-refresh-2024-03-01.md", "it/laptop-refresh.md"),
    ("legal/privacy-notice (1).md", "legal/privacy-notice.md"),
    ("ops/archive/on-call-runbook.md", "ops/on-call-runbook.md"),
    ("product/roadmap-draft.md", "product/roadmap.md"),
    ("sales/discount-rules-old.md", "sales/discount-rules.md"),
    // Rewritten: a fifth of their words shared, same title, tags, headings.
    ("security/legacy/password-policy.md", "security/password-policy.md"),
    ("travel/visa-guide-v2.md", "travel/visa-guide-v3.md"),
];

fn sorted(mut found: Vec<(String, String, String)>) -> Vec<(String, String, String)> {
    found.sort();
    found
}

fn expected() -> Vec<(String, String, String)> {
    sorted(TRUE_PAIRS.iter().map(|(o, n)| (o.to_string(), n.to_string(), "confident".to_string())).collect())
}

#[test]
fn finds_every_true_pair_with_its_direction_and_no_trap() {
    let (code, json) = suggest_json(&fixture("versions"), &[]);
    assert_eq!(code, 0);
    assert_eq!(sorted(pairs(&json)), expected());
    assert_eq!(json["summary"]["notes"], 51);
    assert_eq!(json["summary"]["pairs"], 12);
    // Best first.
    let scores: Vec<f64> =
        json["pairs"].as_array().unwrap().iter().map(|p| p["score"].as_f64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
}

#[test]
fn json_pairs_carry_reasons_and_signals() {
    let (_, json) = suggest_json(&fixture("versions"), &["--limit", "50"]);
    let pair = json["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["older"] == "eng/release-checklist.md")
        .expect("the release checklist pair");
    let reasons: Vec<&str> =
        pair["reasons"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    // Their titles are their names again: no second piece of evidence.
    assert!(reasons.contains(&"same name apart from version markers"), "{reasons:?}");
    assert!(reasons.contains(&"tags 2/2"), "{reasons:?}");
    assert!(reasons.contains(&"updated 2025-03-04 < 2026-02-10"), "{reasons:?}");
    assert!(pair["signals"]["title"].is_null(), "{pair}");
    for key in ["name", "tags", "headings", "content"] {
        let x = pair["signals"][key].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&x), "{key} = {x}");
    }
    let score = pair["score"].as_f64().unwrap();
    assert!((0.5..=1.0).contains(&score));
}

#[test]
fn min_score_and_limit() {
    let (_, json) = suggest_json(&fixture("versions"), &["--min-score", "0.9"]);
    let scores: Vec<f64> =
        json["pairs"].as_array().unwrap().iter().map(|p| p["score"].as_f64().unwrap()).collect();
    assert!(!scores.is_empty() && scores.len() < 12 && scores.iter().all(|&s| s >= 0.9), "{scores:?}");
    let (_, json) = suggest_json(&fixture("versions"), &["--limit", "2"]);
    assert_eq!(pairs(&json).len(), 2);
    vaultlint().args(["suggest", "--min-score", "2"]).arg(fixture("versions")).assert().code(2);
}

#[test]
fn check_warns_on_the_older_note_of_each_pair() {
    let (code, json) = check_json(&fixture("versions"), &[]);
    assert_eq!(code, 0, "warnings only");
    let mut want: Vec<(String, String, Option<u64>)> =
        TRUE_PAIRS.iter().map(|(o, _)| ("suspected-version".to_string(), o.to_string(), None)).collect();
    // The declared chain 2024 -> 2025 -> current is linked, so never
    // suggested; its first link should name the current note.
    want.push(("superseded-successor".into(), "policies/travel-policy-2024.md".into(), Some(4)));
    want.sort_by(|a, b| a.1.cmp(&b.1));
    assert_eq!(findings(&json), want);
    for d in json["diagnostics"].as_array().unwrap().iter().filter(|d| d["code"] == "suspected-version") {
        let newer = TRUE_PAIRS.iter().find(|(o, _)| d["path"] == *o).unwrap().1;
        assert_eq!(d["related"], serde_json::json!([newer]));
    }
    let (code, _) = check_json(&fixture("versions"), &["--strict"]);
    assert_eq!(code, 1);
    let (code, json) = check_json(&fixture("versions"), &["--no-suggest"]);
    assert_eq!(
        (code, findings(&json)),
        (0, vec![("superseded-successor".into(), "policies/travel-policy-2024.md".into(), Some(4))])
    );
}

#[test]
fn a_dismissed_pair_is_left_out_and_dismiss_records_one() {
    let dir = tempfile::tempdir().unwrap();
    let vault = dir.path().join("vault");
    copy_dir(&fixture("versions"), &vault);
    let deploy = ("eng/deploy-api.md".to_string(), "eng/deploy-web.md".to_string());
    let has_deploy = |json: &serde_json::Value| {
        pairs(json).iter().any(|(o, n, _)| [o, n].contains(&&deploy.0) && [o, n].contains(&&deploy.1))
    };

    // Without the dismissal file, the two sibling runbooks (two thirds
    // of their text shared, `api` and `web` in their names, nothing to
    // order them) are listed to one who asks for every pair, though not
    // by default nor among weaker pairs.
    fs::remove_file(vault.join(".vaultlint-dismissed")).unwrap();
    let (_, json) = suggest_json(&vault, &[]);
    assert!(!has_deploy(&json));
    let (_, json) = suggest_json(&vault, &["--min-score", "0.3"]);
    assert!(!has_deploy(&json));
    let (_, json) = suggest_json(&vault, &["--min-score", "0"]);
    assert!(has_deploy(&json));

    let out = vaultlint()
        .current_dir(vault.join("eng"))
        .args(["suggest", "--dismiss", "deploy-web.md", "deploy-api.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = fs::read_to_string(vault.join(".vaultlint-dismissed")).unwrap();
    assert!(text.ends_with("eng/deploy-api.md\teng/deploy-web.md\n"), "{text}");
    let (_, json) = suggest_json(&vault, &["--min-score", "0"]);
    assert!(!has_deploy(&json));
    let (_, json) = suggest_json(&vault, &[]);
    assert_eq!(sorted(pairs(&json)), expected());

    // Once is enough; a path outside the vault is refused.
    let again = vaultlint()
        .current_dir(&vault)
        .args(["suggest", "--dismiss", "eng/deploy-api.md", "eng/deploy-web.md"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&again.stdout).starts_with("already dismissed"));
    assert_eq!(fs::read_to_string(vault.join(".vaultlint-dismissed")).unwrap(), text);
    fs::write(dir.path().join("outside.md"), "# Outside\n").unwrap();
    vaultlint()
        .current_dir(&vault)
        .args(["suggest", "--dismiss", "eng/deploy-api.md", "../outside.md"])
        .assert()
        .code(2);
}

/// A repository that holds an Obsidian vault in `content/` and a site's
/// copy of its notes beside it: the dismissal of a pair of the two, as
/// `check .` prints it from the repository's root, is recorded in the
/// vault that holds both notes, not refused because the first note's own
/// vault does not hold the second.
#[test]
fn a_dismissal_of_notes_in_two_vaults_goes_to_the_one_holding_both() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for folder in [".git", "content/.obsidian", "site/src"] {
        fs::create_dir_all(d.join(folder)).unwrap();
    }
    fs::write(d.join("content/Reading list.md"), "# Reading list\n").unwrap();
    fs::write(d.join("site/src/reading-list.md"), "# Reading list\n").unwrap();
    let out = vaultlint()
        .current_dir(d)
        .args(["suggest", "--dismiss", "content/Reading list.md", "site/src/reading-list.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = fs::read_to_string(d.join(".vaultlint-dismissed")).unwrap();
    assert!(text.ends_with("content/Reading list.md\tsite/src/reading-list.md\n"), "{text}");
    assert!(!d.join("content/.vaultlint-dismissed").exists());
}

#[test]
fn stale_and_invalid_dismissals_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("versions"), dir.path());
    let file = dir.path().join(".vaultlint-dismissed");
    let mut text = fs::read_to_string(&file).unwrap();
    text.push_str("eng/overview.md\teng/gone.md\nnot a pair\n");
    fs::write(&file, text).unwrap();
    let (_, json) = check_json(dir.path(), &["--no-suggest"]);
    assert_eq!(
        findings(&json),
        [
            ("stale-dismissal".to_string(), ".vaultlint-dismissed".to_string(), Some(4)),
            ("invalid-dismissal".to_string(), ".vaultlint-dismissed".to_string(), Some(5)),
            ("superseded-successor".to_string(), "policies/travel-policy-2024.md".to_string(), Some(4)),
        ]
    );
    assert!(json["diagnostics"][0]["message"].as_str().unwrap().contains("`eng/gone.md`"));
}

#[test]
fn a_first_commit_alone_is_weak_evidence() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::write(root.join("vaultlint.toml"), "").unwrap();
    let body = "# Support hours\n\nThe support desk answers from 8 to 18 on working days. Outside those hours \
                urgent tickets page the duty engineer, and everything else waits for the next morning.\n";
    fs::write(root.join("support-hours.md"), body).unwrap();
    git(root, &["init", "-q"], "@1700000000 +0000");
    git(root, &["add", "."], "@1700000000 +0000");
    git(root, &["commit", "-qm", "first"], "@1700000000 +0000");
    fs::write(root.join("hours-of-support.md"), body.replace("18", "20")).unwrap();
    git(root, &["add", "."], "@1760000000 +0000");
    git(root, &["commit", "-qm", "second"], "@1760000000 +0000");

    let (_, json) = suggest_json(root, &[]);
    assert_eq!(
        pairs(&json),
        [("support-hours.md".to_string(), "hours-of-support.md".to_string(), "uncertain".to_string())]
    );
    let reasons = json["pairs"][0]["reasons"].to_string();
    assert!(reasons.contains("first committed 2023-11-14 < 2025-10-09"), "{reasons}");
}

#[test]
fn content_history_settles_a_copy_committed_late() {
    // The live page is written, then changed; a copy of its first text is
    // committed afterwards, as release folders are.
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::write(root.join("vaultlint.toml"), "").unwrap();
    let first = "# Support hours\n\nThe support desk answers from 8 to 18 on working days. Outside those hours \
                 urgent tickets page the duty engineer, and everything else waits for the next morning. \
                 Public holidays follow the calendar of the head office.\n";
    fs::write(root.join("support-hours.md"), first).unwrap();
    git(root, &["init", "-q"], "@1700000000 +0000");
    git(root, &["add", "."], "@1700000000 +0000");
    git(root, &["commit", "-qm", "first"], "@1700000000 +0000");
    fs::write(root.join("support-hours.md"), first.replace("18", "20")).unwrap();
    git(root, &["commit", "-qam", "later hours"], "@1720000000 +0000");
    fs::create_dir(root.join("frozen")).unwrap();
    fs::write(root.join("frozen/support-hours.md"), first).unwrap();
    git(root, &["add", "."], "@1760000000 +0000");
    git(root, &["commit", "-qm", "freeze the first text"], "@1760000000 +0000");

    let (_, json) = suggest_json(root, &[]);
    assert_eq!(
        pairs(&json),
        [("frozen/support-hours.md".to_string(), "support-hours.md".to_string(), "confident".to_string())]
    );
    let reasons = json["pairs"][0]["reasons"].to_string();
    assert!(reasons.contains("an earlier state of the other's, in the git history"), "{reasons}");
    // Without git only the modification times are left: not to be trusted.
    let (_, json) = suggest_json(root, &["--no-git"]);
    assert_eq!(json["pairs"][0]["direction"], "uncertain");
}

#[test]
fn output_is_the_same_whatever_the_thread_count() {
    let run = |threads: &str| {
        vaultlint()
            .args(["-j", threads, "suggest", "--color", "never"])
            .arg(fixture("versions"))
            .output()
            .unwrap()
            .stdout
    };
    let one = run("1");
    assert!(String::from_utf8_lossy(&one).contains("12 suspected version pairs among 51 notes"));
    assert_eq!(one, run("2"));
    assert_eq!(one, run("8"));
}

#[test]
fn full_output_shows_evidence_and_changed_lines() {
    let out = vaultlint()
        .args(["suggest", "--color", "never", "--limit", "1", "--min-score", "0.99", "."])
        .current_dir(fixture("versions"))
        .output()
        .unwrap();
    insta::assert_snapshot!(String::from_utf8(out.stdout).unwrap());
}

#[test]
fn apply_refuses_without_a_terminal() {
    let out = vaultlint().args(["suggest", "--apply"]).arg(fixture("versions")).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--yes") && err.contains("--dry-run"), "{err}");
}

#[test]
fn dry_run_prints_the_edits_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("versions"), dir.path());
    let before = snapshot(dir.path());
    let out = vaultlint().args(["suggest", "--dry-run"]).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let diff = String::from_utf8(out.stdout).unwrap();
    assert!(
        diff.contains(
            "--- a/finance/price-list-2025.md\n+++ b/finance/price-list-2025.md\n@@ -2,4 +2,5 @@\n \
             title: Price list\n tags: [finance, sales]\n+superseded_by: finance/price-list.md\n ---\n"
        ),
        "{diff}"
    );
    assert_eq!(diff.matches("\n+superseded_by: ").count(), 12);
    assert_eq!(snapshot(dir.path()), before);
}

#[test]
fn yes_applies_confident_pairs_and_check_then_passes() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("versions"), dir.path());
    let out = vaultlint().args(["suggest", "--yes", "--min-score", "0.9"]).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("wrote eng/release-checklist.md: superseded_by: eng/release-checklist (copy).md"),
        "{text}"
    );
    assert!(text.ends_with("changed 9 notes\n"), "{text}");
    let (code, json) = check_json(dir.path(), &[]);
    assert_eq!(code, 0, "no new error");
    let suspected: Vec<String> =
        findings(&json).into_iter().filter(|(c, _, _)| c == "suspected-version").map(|(_, p, _)| p).collect();
    // Only the three pairs scoring under 0.9 are left.
    assert_eq!(
        suspected,
        ["product/roadmap-draft.md", "security/legacy/password-policy.md", "travel/visa-guide-v2.md"]
    );
    // At the default score the other three go too; then nothing is left.
    let again = vaultlint().args(["suggest", "--yes"]).arg(dir.path()).output().unwrap();
    assert!(String::from_utf8(again.stdout).unwrap().ends_with("changed 3 notes\n"));
    let third = vaultlint().args(["suggest", "--yes"]).arg(dir.path()).output().unwrap();
    assert_eq!(String::from_utf8(third.stdout).unwrap(), "changed 0 notes\n");
}

#[test]
fn link_style_follows_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("versions"), dir.path());
    vaultlint()
        .args(["suggest", "--yes", "--link-style", "wikilink", "--limit", "1"])
        .arg(dir.path())
        .assert()
        .success();
    let text = fs::read_to_string(dir.path().join("finance/price-list-2025.md")).unwrap();
    // `price-list` alone is a unique name, so the bare wikilink names it.
    assert!(text.contains("superseded_by: \"[[price-list]]\"\n"), "{text}");
}

/// Text of `words` words from `seed`: no two seeds share a run of three.
fn words(seed: u32, n: u32) -> String {
    let syllables = ["ka", "lo", "mi", "ra", "ne", "to", "sa", "vi", "du", "pe", "ro", "fi"];
    let word = |i: u32| {
        let h = (seed.wrapping_mul(2_654_435_761) ^ i.wrapping_mul(40_503)).wrapping_mul(2_246_822_519);
        (0..3).map(|k| syllables[((h >> (k * 5)) % 12) as usize]).collect::<String>()
    };
    (0..n).map(word).collect::<Vec<_>>().join(" ") + ".\n"
}

#[test]
fn each_note_keeps_its_best_partner_only() {
    // Two guides from one template, each with its own older version: each
    // guide's own version beats its sibling, so the siblings are no pair.
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let steps = words(1, 200);
    for (platform, seed) in [("android", 2), ("ios", 3)] {
        let own = words(seed, 60);
        let guide = |extra: &str| format!("# Install on {platform}\n\n{steps}\n{own}{extra}");
        fs::write(root.join(format!("install-{platform}-2024.md")), guide("")).unwrap();
        fs::write(root.join(format!("install-{platform}.md")), guide(&words(seed + 10, 8))).unwrap();
    }
    let (_, json) = suggest_json(root, &["--no-git"]);
    assert_eq!(
        sorted(pairs(&json)),
        [
            ("install-android-2024.md".into(), "install-android.md".into(), "confident".into()),
            ("install-ios-2024.md".into(), "install-ios.md".into(), "confident".into()),
        ]
    );
}

#[test]
fn reasons_never_contradict_their_signals() {
    // The same generic name in two folders gets no name credit: the
    // reasons must not say "same file name". (Dated, so that something
    // orders the two: two folders' pages otherwise are no pair at all.)
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let text = words(7, 150);
    for (folder, year) in [("alpha", 2024), ("beta", 2025)] {
        fs::create_dir(root.join(folder)).unwrap();
        let note = format!("---\nupdated: {year}-03-01\n---\n# Index\n\n{text}");
        fs::write(root.join(folder).join("index.md"), note).unwrap();
    }
    let (_, json) = suggest_json(root, &["--no-git"]);
    let pair = &json["pairs"][0];
    assert_eq!(pair["signals"]["name"], 0.0, "{json}");
    let reasons = pair["reasons"].to_string();
    assert!(!reasons.contains("file name") && !reasons.contains("same name"), "{reasons}");
}

/// The `vaultlint suggest …` command the first suspected version's help
/// prints, from `check --format json` run in `cwd` with `args`.
fn printed_dismiss(cwd: &Path, args: &[&str]) -> String {
    let out =
        vaultlint().current_dir(cwd).arg("check").args(args).args(["--format", "json"]).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let found = json["diagnostics"].as_array().unwrap().iter().find(|d| d["code"] == "suspected-version");
    let help = found.expect("the pair is suspected")["help"].as_str().unwrap().to_string();
    help.split('`').find(|part| part.starts_with("vaultlint suggest")).unwrap().to_string()
}

/// Runs `command` as pasted into a shell in `cwd`, with this build for
/// `vaultlint`; whether it succeeded.
fn pasted(command: &str, cwd: &Path) -> bool {
    let bin = assert_cmd::cargo::cargo_bin("vaultlint");
    let command = command.replacen("vaultlint", &format!("'{}'", bin.display()), 1);
    let status = std::process::Command::new("sh")
        .current_dir(cwd)
        .env("VAULTLINT_CACHE_DIR", common::cache_dir())
        .args(["-c", &command])
        .status()
        .unwrap();
    status.success()
}

/// The `--dismiss` command a suspected version's help prints runs as
/// pasted from the folder vaultlint ran in: names with spaces are quoted,
/// and the notes are named from there, not from the vault root.
#[test]
fn the_dismiss_hint_runs_as_pasted() {
    let outer = tempfile::tempdir().unwrap();
    let vault = outer.path().join("my vault");
    copy_dir(&fixture("dismiss-hint"), &vault);
    let command = printed_dismiss(outer.path(), &["my vault"]);
    assert_eq!(
        command,
        "vaultlint suggest --dismiss 'my vault/HR/Leave policy 2024.md' 'my vault/HR/Leave policy.md'"
    );
    // Pasted into a shell in that folder, it records the pair.
    assert!(pasted(&command, outer.path()));
    let dismissed = std::fs::read_to_string(vault.join(".vaultlint-dismissed")).unwrap();
    assert!(dismissed.contains("HR/Leave policy 2024.md\tHR/Leave policy.md"), "{dismissed}");
}

/// A pair inside a folder that is a vault of its own (an `.obsidian/` of
/// its own, as a subfolder opened in Obsidian keeps it) would take a
/// `--dismiss` of its two notes to that vault: the command names the
/// vault that listed the pair, and pasted, it records it there.
#[test]
fn the_dismiss_hint_names_the_vault_inside_a_vault_of_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let vault = dir.path();
    copy_dir(&fixture("dismiss-hint"), vault);
    fs::create_dir_all(vault.join("HR/.obsidian")).unwrap();
    let command = printed_dismiss(vault, &[".", "--no-git"]);
    assert_eq!(
        command,
        "vaultlint suggest --root . --dismiss 'HR/Leave policy 2024.md' 'HR/Leave policy.md'"
    );
    assert!(pasted(&command, vault));
    assert!(vault.join(".vaultlint-dismissed").is_file());
    assert!(!vault.join("HR/.vaultlint-dismissed").exists());
    let (_, json) = suggest_json(vault, &["--no-git"]);
    assert_eq!(json["pairs"].as_array().unwrap().len(), 0, "{json}");
}

/// Run from inside the vault, below its root, `suggest` names each note
/// as it opens from there, so that a pair's paths can be pasted into a
/// `--dismiss` there; the summary names the root.
#[test]
fn suggest_names_notes_from_the_folder_it_ran_in() {
    let outer = tempfile::tempdir().unwrap();
    let vault = outer.path().join("vault");
    copy_dir(&fixture("dismiss-hint"), &vault);
    fs::write(vault.join(".vaultlint.toml"), "root = true\n").unwrap();
    let out = vaultlint().current_dir(vault.join("HR")).args(["suggest", "."]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("0.93  Leave policy 2024.md -> Leave policy.md  (confident)\n"), "{text}");
    assert!(text.ends_with(" (vault root ..)\n"), "{text}");
    vaultlint()
        .current_dir(vault.join("HR"))
        .args(["suggest", "--dismiss", "Leave policy 2024.md", "Leave policy.md"])
        .assert()
        .success();
}

/// What `suggest --yes` writes is clean by vaultlint's own rules: on every
/// fixture, no note it marked has a finding after that it had not before
/// (a `status: active` it left beside the declaration would be one).
#[test]
fn yes_leaves_no_finding_on_the_notes_it_marks() {
    let mut marked = 0;
    for entry in fs::read_dir(fixture("")).unwrap() {
        let from = entry.unwrap().path();
        let dir = tempfile::tempdir().unwrap();
        copy_dir(&from, dir.path());
        let as_of = ["--as-of", "2026-12-01"];
        let (code, before) = check_json(dir.path(), &as_of);
        if code == 2 {
            continue;
        }
        let out =
            vaultlint().args(["suggest", "--yes", "--min-score", "0"]).arg(dir.path()).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let written: Vec<&str> =
            text.lines().filter_map(|l| l.strip_prefix("  wrote ")?.split(": ").next()).collect();
        marked += written.len();
        let had: std::collections::HashSet<(String, String)> =
            findings(&before).into_iter().map(|(c, p, _)| (c, p)).collect();
        let (_, after) = check_json(dir.path(), &as_of);
        for (code, path, line) in findings(&after) {
            let new = !had.contains(&(code.clone(), path.clone()));
            assert!(
                !(new && written.contains(&path.as_str())),
                "{}: {code} at {path}:{line:?}\n{text}",
                from.display()
            );
        }
    }
    assert!(marked > 50, "{marked} notes marked over the fixtures");
}

/// A status saying the note is in force becomes `superseded` in the same
/// edit as the declaration, in its case and inside its quotes, and every
/// other byte stays; the card says so before the key, the line after it.
#[test]
fn marking_a_note_sets_its_status_in_force_to_superseded() {
    let dir = tempfile::tempdir().unwrap();
    let body = "\n# Expenses\n\nMeals up to 40 EUR a day while travelling; hotels up to 120 EUR a night in \
                cities; receipts within 30 days through the portal; managers approve within a week.\n";
    let old = format!("---\ntitle: Expenses\nstatus: \"Active\"  # set by the team\ntags: [hr]\n---\n{body}");
    fs::write(dir.path().join("expenses-2025.md"), &old).unwrap();
    fs::write(dir.path().join("expenses.md"), format!("---\ntitle: Expenses\nstatus: active\n---\n{body}"))
        .unwrap();
    let out = vaultlint().args(["suggest", "--yes", "--no-git"]).arg(dir.path()).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("wrote expenses-2025.md: superseded_by: expenses.md; status: Superseded (was Active)"),
        "{text}"
    );
    let now = fs::read_to_string(dir.path().join("expenses-2025.md")).unwrap();
    let want = old
        .replace("\"Active\"", "\"Superseded\"")
        .replace("tags: [hr]\n", "tags: [hr]\nsuperseded_by: expenses.md\n");
    assert_eq!(now, want);
    let (code, json) = check_json(dir.path(), &[]);
    assert_eq!((code, findings(&json)), (0, vec![]), "{json}");
}

/// `--dry-run` with nothing confident to apply says so on standard error
/// and leaves standard output an empty diff.
#[test]
fn a_dry_run_with_nothing_to_apply_says_so() {
    let out = vaultlint()
        .args(["suggest", "--dry-run", "--no-git"])
        .arg(fixture("archived-copies"))
        .output()
        .unwrap();
    assert_eq!((out.status.code(), out.stdout.as_slice()), (Some(0), &b""[..]));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("vaultlint: no edit to make: 1 pair listed, none confident"), "{err}");
}

/// A word of age that a vault writes in the names of many of its notes is
/// its subject, not the mark of a copy: in a backup tool's docs, where 21
/// of 22 pages are named `backup-…`, `backup-hooks.md` is the hooks page
/// renamed, not a backup of it, and nothing says "`backup` in the name"
/// or "same name apart from version markers". Its dates order it.
#[test]
fn a_word_of_age_the_vault_names_its_notes_with_is_their_subject() {
    let (_, json) = suggest_json(&fixture("backup-tool-docs"), &["--no-git"]);
    let pairs = json["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 1, "{json}");
    let pair = &pairs[0];
    assert_eq!(
        (pair["older"].as_str(), pair["newer"].as_str()),
        (Some("docs/hooks.md"), Some("docs/backup-hooks.md"))
    );
    assert_eq!(pair["direction"], "confident");
    let reasons = pair["reasons"].to_string();
    assert!(!reasons.contains("backup") && !reasons.contains("markers"), "{reasons}");
    assert!(reasons.contains("updated 2024-03-01 < 2025-02-01"), "{reasons}");
}
