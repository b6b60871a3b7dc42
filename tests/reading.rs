//! Reading a vault as Obsidian and a CommonMark renderer read it: its
//! settings, templates, daily notes, code, comments and math, Unicode
//! names, `.mdx` pages, TOML and JSON frontmatter, and the paths given.

mod common;
use common::{check_json, findings, fixture, suggest_json, vaultlint};
use std::fs;

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
