//! `--format sarif` checked by a real validator: the SARIF Multitool
//! (installed from npm by `.ci/test`) validates the output against the
//! SARIF 2.1.0 schema and its own rules.

mod common;
use common::{fixture, vaultlint};
use std::process::Command;

fn multitool() -> String {
    let tool = std::env::var("VAULTLINT_SARIF_MULTITOOL").unwrap_or_else(|_| "sarif-multitool".into());
    let found = Command::new(&tool).arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(
        found,
        "the SARIF Multitool is not installed: run the tests with `bash .ci/test`, which installs it"
    );
    tool
}

fn sarif(vault: &str) -> String {
    let out =
        vaultlint().current_dir(fixture("")).args(["check", vault, "--format", "sarif"]).output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// Validates `text` with the Multitool, in `dir`, as `name`.
fn validate(tool: &str, dir: &std::path::Path, name: &str, text: &str) {
    let file = dir.join(format!("{name}.sarif"));
    std::fs::write(&file, text).unwrap();
    let out = Command::new(tool)
        .arg("validate")
        .arg(&file)
        .arg("-o")
        .arg(dir.join(format!("{name}.log.sarif")))
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{name}: the validator failed:\n{log}");
    assert!(!log.contains(": error "), "{name}: {log}");
}

#[test]
fn the_output_validates() {
    let tool = multitool();
    let dir = tempfile::tempdir().unwrap();
    for vault in ["handbook", "versions", "invalid-frontmatter"] {
        validate(&tool, dir.path(), vault, &sarif(vault));
    }
}

#[test]
fn a_baseline_sets_each_result_state() {
    let tool = multitool();
    let dir = tempfile::tempdir().unwrap();
    let vault = dir.path().join("handbook");
    common::copy_dir(&fixture("handbook"), &vault);
    let baseline = dir.path().join("baseline.json");
    let run = |extra: &[&str]| {
        vaultlint()
            .current_dir(dir.path())
            .args(["check", "handbook", "--as-of", "2026-06-01"])
            .args(extra)
            .output()
            .unwrap()
    };
    assert!(run(&["--write-baseline", "baseline.json"]).status.success());
    assert!(baseline.is_file());
    // One fixed (which makes the note that names it as successor point at
    // an intermediate version: new), and one new.
    let vpn = vault.join("internal/it/vpn.md");
    std::fs::write(
        &vpn,
        std::fs::read_to_string(&vpn).unwrap().replace("vpn-setup.md", "internal/it/vpn-setup.md"),
    )
    .unwrap();
    std::fs::write(vault.join("public/new.md"), "---\nsuperseded_by: nowhere.md\n---\n").unwrap();
    let out = run(&["--format", "sarif", "--baseline", "baseline.json"]);
    let text = String::from_utf8(out.stdout).unwrap();
    validate(&tool, dir.path(), "baselined", &text);
    let log: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut states: Vec<(String, String)> = log["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let uri = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].as_str().unwrap();
            (r["baselineState"].as_str().unwrap().to_string(), uri.to_string())
        })
        .collect();
    states.sort();
    let count = |state: &str| states.iter().filter(|(s, _)| s == state).count();
    assert_eq!((count("new"), count("unchanged"), count("absent")), (2, 8, 1), "{states:?}");
    assert!(states.contains(&("new".into(), "handbook/public/new.md".into())));
    assert!(states.contains(&("new".into(), "handbook/internal/it/vpn-setup.md".into())));
    assert!(states.contains(&("absent".into(), "handbook/internal/it/vpn.md".into())));
    // Without a baseline, no result has a state.
    assert!(!sarif("handbook").contains("baselineState"));
}

#[test]
fn rules_results_and_locations() {
    let json: serde_json::Value = serde_json::from_str(&sarif("handbook")).unwrap();
    let run = &json["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    assert_eq!(rules.len(), vaultlint_core::code::Code::ALL.len());
    let missing = rules.iter().find(|r| r["id"] == "missing-successor").unwrap();
    assert_eq!(missing["name"], "MissingSuccessor");
    assert_eq!(missing["shortDescription"]["text"], "The successor resolves to no note in the vault.");
    assert_eq!(missing["defaultConfiguration"]["level"], "error");
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 9);
    let first = &results[0];
    assert_eq!(first["ruleId"], "invalid-successor");
    assert_eq!(rules[first["ruleIndex"].as_u64().unwrap() as usize]["id"], "invalid-successor");
    let location = &first["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "handbook/internal/engineering/incident-runbook.md");
    assert_eq!(location["region"], serde_json::json!({ "startLine": 4, "startColumn": 16 }));
}
