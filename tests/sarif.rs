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

#[test]
fn the_output_validates() {
    let tool = multitool();
    let dir = tempfile::tempdir().unwrap();
    for vault in ["handbook", "versions", "invalid-frontmatter"] {
        let file = dir.path().join(format!("{vault}.sarif"));
        std::fs::write(&file, sarif(vault)).unwrap();
        let out = Command::new(&tool)
            .arg("validate")
            .arg(&file)
            .arg("-o")
            .arg(dir.path().join(format!("{vault}.log.sarif")))
            .output()
            .unwrap();
        let log = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{vault}: the validator failed:\n{log}");
        assert!(!log.contains(": error "), "{vault}: {log}");
    }
}

#[test]
fn rules_results_and_locations() {
    let json: serde_json::Value = serde_json::from_str(&sarif("handbook")).unwrap();
    let run = &json["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    assert_eq!(rules.len(), vaultlint::code::Code::ALL.len());
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
