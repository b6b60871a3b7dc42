//! Corrections, scopes, authorities and the four-state verdict: what a
//! retrieval layer reads from `lineage --all` to serve only notes that may
//! support a current answer, each with the notes that must come with it.

mod common;
use common::{check_json, findings, fixture, suggest_json, vaultlint};
use serde_json::Value;
use std::collections::BTreeMap;

/// `lineage --all --format jsonl` on a fixture, one entry per path.
fn map(name: &str, extra: &[&str]) -> BTreeMap<String, Value> {
    common::lineage_map(&fixture(name), extra)
}

fn strings(value: &Value) -> Vec<&str> {
    value.as_array().map(|a| a.iter().map(|v| v.as_str().unwrap()).collect()).unwrap_or_default()
}

/// `(verdict, standing, closure, conflicts_with)` of a note in a map.
fn judged<'m>(
    map: &'m BTreeMap<String, Value>,
    path: &str,
) -> (&'m str, &'m str, Vec<&'m str>, Vec<&'m str>) {
    let entry = map.get(path).unwrap_or_else(|| panic!("{path} is not in the map"));
    (
        entry["verdict"].as_str().unwrap(),
        entry["standing"].as_str().unwrap(),
        strings(&entry["closure"]),
        strings(&entry["conflicts_with"]),
    )
}

/// `(path, verdict, standing, closure, conflicts_with)` of every note.
type Row = (&'static str, &'static str, &'static str, &'static [&'static str], &'static [&'static str]);
/// A [`Row`] as read from a map.
type Found<'m> = (&'m str, &'m str, &'m str, Vec<&'m str>, Vec<&'m str>);

fn assert_map(day: &str, expected: &[Row]) {
    let map = map("revisions", &["--as-of", day]);
    let found: Vec<Found> = map
        .keys()
        .map(|path| {
            let (verdict, standing, closure, conflicts) = judged(&map, path);
            (path.as_str(), verdict, standing, closure, conflicts)
        })
        .collect();
    let expected: Vec<Found> =
        expected.iter().map(|&(p, v, s, c, w)| (p, v, s, c.to_vec(), w.to_vec())).collect();
    assert_eq!(found, expected, "as of {day}");
}

/// Before the second erratum and the EMEA warranty take effect, and
/// within the on-call rota's review grace.
#[test]
fn every_note_in_february() {
    assert_map(
        "2026-02-15",
        &[
            ("decisions/budget-2026-erratum-2.md", "stale", "not-yet-in-force", &[], &[]),
            (
                "decisions/budget-2026-erratum.md",
                "active",
                "in-force",
                &["decisions/budget-2026-erratum.md"],
                &[],
            ),
            ("decisions/budget-2026.md", "active", "corrected", &["decisions/budget-2026-erratum.md"], &[]),
            ("guides/planning.md", "active", "in-force", &["guides/planning.md"], &[]),
            ("handbook/onboarding-2024.md", "stale", "superseded", &[], &[]),
            ("handbook/onboarding-remote.md", "conflict", "in-force", &[], &["handbook/onboarding.md"]),
            ("handbook/onboarding.md", "conflict", "in-force", &[], &["handbook/onboarding-remote.md"]),
            ("legal/travel-act.md", "active", "in-force", &["legal/travel-act.md"], &[]),
            ("legal/travel-tips.md", "active", "in-force", &["legal/travel-tips.md"], &[]),
            ("ops/deploy.md", "unknown", "in-force", &[], &[]),
            ("ops/oncall.md", "active", "in-force", &["ops/oncall.md"], &[]),
            ("ops/runbook.md", "unknown", "unreadable", &[], &[]),
            ("policies/holidays-emea.md", "active", "in-force", &["policies/holidays-emea.md"], &[]),
            ("policies/holidays.md", "stale", "in-force", &[], &[]),
            ("policies/returns-apac.md", "active", "in-force", &["policies/returns-apac.md"], &[]),
            ("policies/returns-emea.md", "active", "in-force", &["policies/returns-emea.md"], &[]),
            ("policies/warranty-apac-2025.md", "stale", "superseded", &["policies/warranty-apac.md"], &[]),
            ("policies/warranty-apac.md", "active", "in-force", &["policies/warranty-apac.md"], &[]),
            (
                "policies/warranty-emea-2025.md",
                "active",
                "in-force",
                &["policies/warranty-emea-2025.md"],
                &[],
            ),
            ("policies/warranty-emea.md", "stale", "not-yet-in-force", &[], &[]),
            (
                "security/password-policy-v2.md",
                "active",
                "in-force",
                &["security/password-policy-v2.md"],
                &[],
            ),
            ("security/password-policy.md", "active", "in-force", &["security/password-policy.md"], &[]),
        ],
    );
}

/// After: the second erratum corrects the first (and so the decision), the
/// EMEA warranty of 2025 is retired, and the rota is past its grace.
/// Throughout: the fork of onboarding notes is a conflict; the runbook
/// cannot be read and the deploy note names a missing successor; the
/// returns note of EMEA is not retired by APAC's, nor the statute by a
/// guideline; the holidays note, superseded for EMEA only, is in force but
/// not to be served for every scope.
#[test]
fn every_note_in_june() {
    assert_map(
        "2026-06-01",
        &[
            (
                "decisions/budget-2026-erratum-2.md",
                "active",
                "in-force",
                &["decisions/budget-2026-erratum-2.md"],
                &[],
            ),
            (
                "decisions/budget-2026-erratum.md",
                "active",
                "corrected",
                &["decisions/budget-2026-erratum-2.md"],
                &[],
            ),
            (
                "decisions/budget-2026.md",
                "active",
                "corrected",
                &["decisions/budget-2026-erratum-2.md", "decisions/budget-2026-erratum.md"],
                &[],
            ),
            ("guides/planning.md", "active", "in-force", &["guides/planning.md"], &[]),
            ("handbook/onboarding-2024.md", "stale", "superseded", &[], &[]),
            ("handbook/onboarding-remote.md", "conflict", "in-force", &[], &["handbook/onboarding.md"]),
            ("handbook/onboarding.md", "conflict", "in-force", &[], &["handbook/onboarding-remote.md"]),
            ("legal/travel-act.md", "active", "in-force", &["legal/travel-act.md"], &[]),
            ("legal/travel-tips.md", "active", "in-force", &["legal/travel-tips.md"], &[]),
            ("ops/deploy.md", "unknown", "in-force", &[], &[]),
            ("ops/oncall.md", "unknown", "in-force", &[], &[]),
            ("ops/runbook.md", "unknown", "unreadable", &[], &[]),
            ("policies/holidays-emea.md", "active", "in-force", &["policies/holidays-emea.md"], &[]),
            ("policies/holidays.md", "stale", "in-force", &[], &[]),
            ("policies/returns-apac.md", "active", "in-force", &["policies/returns-apac.md"], &[]),
            ("policies/returns-emea.md", "active", "in-force", &["policies/returns-emea.md"], &[]),
            ("policies/warranty-apac-2025.md", "stale", "superseded", &["policies/warranty-apac.md"], &[]),
            ("policies/warranty-apac.md", "active", "in-force", &["policies/warranty-apac.md"], &[]),
            ("policies/warranty-emea-2025.md", "stale", "superseded", &["policies/warranty-emea.md"], &[]),
            ("policies/warranty-emea.md", "active", "in-force", &["policies/warranty-emea.md"], &[]),
            (
                "security/password-policy-v2.md",
                "active",
                "in-force",
                &["security/password-policy-v2.md"],
                &[],
            ),
            ("security/password-policy.md", "active", "in-force", &["security/password-policy.md"], &[]),
        ],
    );
    let map = map("revisions", &["--as-of", "2026-06-01"]);
    assert_eq!(map["ops/oncall.md"]["because"], "its review was due on 2026-01-31, more than 30 days ago");
    assert_eq!(
        map["handbook/onboarding.md"]["because"],
        "another note in force also says it supersedes `handbook/onboarding-2024.md`"
    );
}

#[test]
fn the_map_for_one_scope() {
    let emea = map("revisions", &["--as-of", "2026-06-01", "--scope", "region=EMEA"]);
    assert!(
        !emea.contains_key("policies/warranty-apac.md") && !emea.contains_key("policies/returns-apac.md")
    );
    assert!(emea.contains_key("policies/warranty-emea.md") && emea.contains_key("decisions/budget-2026.md"));
    // Within EMEA the EMEA holidays note covers the general one.
    assert_eq!(
        judged(&emea, "policies/holidays.md"),
        ("stale", "superseded", vec!["policies/holidays-emea.md"], vec![])
    );
    let apac = map("revisions", &["--as-of", "2026-06-01", "--scope", "region=apac"]);
    assert_eq!(judged(&apac, "policies/holidays.md").0, "active");
    assert!(!apac.contains_key("policies/holidays-emea.md"));
    let out = vaultlint()
        .args(["lineage", "--all", "--format", "json", "--scope", "region"])
        .arg(fixture("revisions"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("KEY=VALUE"));
}

#[test]
fn suspected_versions_in_force_are_a_conflict_when_asked() {
    let plain = map("revisions", &["--as-of", "2026-06-01"]);
    assert_eq!(judged(&plain, "security/password-policy.md").0, "active");
    let asked = map("revisions", &["--as-of", "2026-06-01", "--verdict-suspected"]);
    assert_eq!(
        judged(&asked, "security/password-policy.md"),
        ("conflict", "in-force", vec![], vec!["security/password-policy-v2.md"])
    );
    assert_eq!(judged(&asked, "security/password-policy-v2.md").3, vec!["security/password-policy.md"]);
}

#[test]
fn rules_of_scope_authority_and_corrected_links() {
    let (code, json) = check_json(&fixture("revisions"), &["--as-of", "2026-06-01", "--no-suggest"]);
    assert_eq!(code, 1);
    let found = findings(&json);
    let expected = [
        ("authority-inversion", "legal/travel-act.md", 4),
        ("missing-successor", "ops/deploy.md", 3),
        ("review-overdue", "ops/oncall.md", 3),
        ("invalid-frontmatter", "ops/runbook.md", 4),
        ("scope-mismatch", "policies/returns-emea.md", 4),
    ];
    let expected: Vec<(String, String, Option<u64>)> =
        expected.iter().map(|(c, p, l)| (c.to_string(), p.to_string(), Some(*l))).collect();
    assert_eq!(found, expected);
    // Off by default; on when selected.
    let (_, json) = check_json(
        &fixture("revisions"),
        &["--as-of", "2026-06-01", "--no-suggest", "--select", "links-to-corrected"],
    );
    assert_eq!(
        findings(&json),
        [("links-to-corrected".to_string(), "guides/planning.md".to_string(), Some(4))]
    );
    let message = json["diagnostics"][0]["message"].as_str().unwrap();
    assert_eq!(
        message,
        "links to `decisions/budget-2026.md`, which `decisions/budget-2026-erratum.md` corrects"
    );
}

#[test]
fn statistics_count_each_verdict() {
    let (_, json) =
        check_json(&fixture("revisions"), &["--as-of", "2026-06-01", "--no-suggest", "--statistics"]);
    let slices = &json["slices"];
    let counts: Vec<u64> = ["verdict_active", "verdict_stale", "verdict_conflict", "verdict_unknown"]
        .iter()
        .map(|k| slices[k].as_u64().unwrap())
        .collect();
    assert_eq!(counts, [13, 4, 2, 3]);
    assert_eq!(counts.iter().sum::<u64>(), slices["notes"].as_u64().unwrap());
}

#[test]
fn notes_for_other_scopes_are_not_paired() {
    let (_, json) = suggest_json(&fixture("revisions"), &[]);
    let pairs = common::pairs(&json);
    assert!(
        pairs.iter().all(|(a, b, _)| !(a.contains("warranty-")
            && b.contains("warranty-")
            && a.contains("emea") != b.contains("emea"))),
        "{pairs:?}"
    );
    let (_, json) = suggest_json(&fixture("revisions"), &["--min-score", "0"]);
    let shown = json["pairs"].as_array().unwrap().iter().find(|p| {
        p["older"].as_str().unwrap().starts_with("policies/warranty-apac")
            && p["newer"].as_str().unwrap().starts_with("policies/warranty-emea")
    });
    let shown = shown.unwrap_or_else(|| panic!("no pair across regions: {json}"));
    assert_eq!(shown["score"], 0.0);
    assert!(
        shown["reasons"][0]
            .as_str()
            .unwrap()
            .starts_with("not versions: their scopes do not overlap (region: apac and region: emea)"),
        "{shown}"
    );
}

#[test]
fn declarations_of_corrections_are_checked_as_supersessions_are() {
    let (code, json) = check_json(&fixture("corrections"), &["--no-suggest"]);
    assert_eq!(code, 1);
    let expected = [
        ("missing-successor", "minutes/2026-02-board.md", 3),
        ("conflicting-supersession", "minutes/2026-03-board-addendum.md", 3),
        ("self-supersession", "minutes/2026-04-board.md", 3),
        ("supersession-cycle", "minutes/2026-05-board-erratum.md", 3),
        ("invalid-successor", "minutes/2026-06-board.md", 3),
    ];
    let expected: Vec<(String, String, Option<u64>)> =
        expected.iter().map(|(c, p, l)| (c.to_string(), p.to_string(), Some(*l))).collect();
    assert_eq!(findings(&json), expected);
    let map = map("corrections", &[]);
    for broken in
        ["2026-02-board", "2026-04-board", "2026-05-board", "2026-05-board-erratum", "2026-06-board"]
    {
        assert_eq!(judged(&map, &format!("minutes/{broken}.md")).0, "unknown", "{broken}");
    }
    assert_eq!(
        judged(&map, "minutes/2026-03-board.md").2,
        ["minutes/2026-03-board-addendum.md", "minutes/2026-03-board-erratum.md"]
    );
}

#[test]
fn lineage_shows_corrections_beside_supersessions() {
    let out = vaultlint()
        .args(["lineage", "--color", "never", "--as-of", "2026-06-01"])
        .arg(fixture("revisions").join("decisions/budget-2026-erratum.md"))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "decisions/budget-2026-erratum.md: 3 versions, as of 2026-06-01\n\
         \x20 1  decisions/budget-2026.md            corrected                             corrected by 2\n\
         > 2  decisions/budget-2026-erratum.md    corrected  effective from 2026-01-10  corrected by 3\n\
         \x20 3  decisions/budget-2026-erratum-2.md  in force   effective from 2026-04-01\n"
    );
}

#[test]
fn keys_of_corrections_and_scopes_are_configurable() {
    let dir = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let file = dir.path().join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    };
    write(
        "vaultlint.toml",
        "corrected-by-keys = [\"amended_by\"]\ncorrects-keys = [\"amends\"]\nscope-keys = [\"market\"]\n",
    );
    write("rules.md", "---\namended_by: rules-amendment.md\nmarket: uk\n---\nThe rules.\n");
    write("rules-amendment.md", "---\namends: rules.md\nmarket: uk\n---\nAn amendment.\n");
    // `region` is not a scope key here, so these two overlap and one retires the other.
    write("prices-emea.md", "---\nregion: emea\nsuperseded_by: prices.md\n---\nOld prices.\n");
    write("prices.md", "---\nregion: apac\nmarket: [uk, us]\n---\nPrices.\n");
    write("terms-us.md", "---\nmarket: us\nsuperseded_by: terms-uk.md\n---\nUS terms.\n");
    write("terms-uk.md", "---\nmarket: uk\n---\nUK terms.\n");
    let map = common::lineage_map(dir.path(), &[]);
    assert_eq!(judged(&map, "rules.md"), ("active", "corrected", vec!["rules-amendment.md"], vec![]));
    assert_eq!(judged(&map, "prices-emea.md").0, "stale");
    assert_eq!(judged(&map, "terms-us.md").0, "active");
    assert_eq!(map["prices.md"]["scope"], serde_json::json!({"market": ["uk", "us"]}));
    let (_, json) = check_json(dir.path(), &["--no-suggest"]);
    assert_eq!(findings(&json), [("scope-mismatch".to_string(), "terms-us.md".to_string(), Some(3))]);
}
