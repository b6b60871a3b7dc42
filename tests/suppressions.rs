//! Suppressions written in notes, one form at a time, against
//! `fixtures/suppressions`: what each silences, what it leaves, and the
//! findings about suppressions themselves.

mod common;
use common::{check_json, copy_dir, findings, fixture, suggest_json};

fn found(extra: &[&str]) -> Vec<(String, String, Option<u64>)> {
    let (_, json) = check_json(&fixture("suppressions"), extra);
    findings(&json)
}

fn owned(list: &[(&str, &str, u64)]) -> Vec<(String, String, Option<u64>)> {
    list.iter().map(|(c, p, l)| (c.to_string(), p.to_string(), Some(*l))).collect()
}

const LINKS: &str = "links-to-superseded";
const UNUSED: &str = "unused-suppression";

/// What is left: in claims.md, the link after the next-line comment (7)
/// and those inside the region (12, 13) are silenced, line 9 and the one
/// after `enable` (16) are not, nor is anything by the comments inside
/// code. In per-diem.md, a suppression with nothing to silence and one
/// naming no rule are reported, and the link after the misspelt one is
/// not silenced; a misspelt directive (12) is reported and silences
/// nothing (13), and a same-line comment silences its line (15). The file-wide comment (travel-2022.md), the frontmatter
/// key (meetings) and the suspected-version suppressions on either note of
/// a pair (handbook) silence everything they name.
const LEFT: &[(&str, &str, u64)] = &[
    (LINKS, "guides/claims.md", 9),
    (LINKS, "guides/claims.md", 16),
    (UNUSED, "guides/per-diem.md", 6),
    (UNUSED, "guides/per-diem.md", 9),
    (LINKS, "guides/per-diem.md", 10),
    (UNUSED, "guides/per-diem.md", 12),
    (LINKS, "guides/per-diem.md", 13),
];

#[test]
fn a_misspelt_directive_is_reported_with_the_one_meant() {
    let (_, json) = check_json(&fixture("suppressions"), &[]);
    let d = json["diagnostics"].as_array().unwrap().iter().find(|d| d["line"] == 12).unwrap().clone();
    assert_eq!(d["message"], "`vaultlint-disabel-next-line` is no suppression, so it silences nothing");
    assert_eq!(d["help"], "did you mean `vaultlint-disable-next-line`?");
}

#[test]
fn each_form_silences_what_it_names() {
    assert_eq!(found(&[]), owned(LEFT));
}

/// The findings left in one note.
fn left_in(path: &str) -> Vec<(String, Option<u64>)> {
    found(&[]).into_iter().filter(|(_, p, _)| p == path).map(|(code, _, line)| (code, line)).collect()
}

fn at(list: &[(&str, u64)]) -> Vec<(String, Option<u64>)> {
    list.iter().map(|(code, line)| (code.to_string(), Some(*line))).collect()
}

#[test]
fn disable_next_line_silences_the_next_line_only() {
    // claims.md: line 7 is silenced, line 9 (same link) is not.
    assert!(left_in("guides/claims.md").starts_with(&at(&[(LINKS, 9)])));
}

#[test]
fn disable_and_enable_silence_the_region_between() {
    // Lines 12 and 13 are inside the region; 16 is after `enable`.
    assert_eq!(left_in("guides/claims.md"), at(&[(LINKS, 9), (LINKS, 16)]));
}

#[test]
fn a_comment_in_code_is_not_a_suppression() {
    // claims.md has `disable-file` in a fenced block and in inline code;
    // were either read, no finding would be left in it.
    assert!(!left_in("guides/claims.md").is_empty());
}

#[test]
fn disable_file_silences_the_whole_note() {
    // Its successor does not exist, on purpose.
    assert_eq!(left_in("archive/travel-2022.md"), []);
}

#[test]
fn the_frontmatter_key_silences_the_whole_note() {
    assert_eq!(left_in("meetings/2026-03-02.md"), []);
}

#[test]
fn a_suspected_version_is_silenced_from_either_note() {
    // onboarding.md (the newer) has the key; remote-work-2025.md (the
    // older) a `disable-file` comment.
    assert!(!found(&[]).iter().any(|(code, _, _)| code == "suspected-version"));
}

#[test]
fn a_suppression_that_silences_nothing_is_reported() {
    assert_eq!(
        left_in("guides/per-diem.md"),
        at(&[(UNUSED, 6), (UNUSED, 9), (LINKS, 10), (UNUSED, 12), (LINKS, 13)])
    );
}

/// `suggest` keeps out what the notes' suppressions keep out of `check`,
/// so `--yes` never marks a note whose author said it is no version;
/// without the suppressions each pair is found.
#[test]
fn the_pairs_suppressed_are_left_out_of_suggest() {
    let listed = |dir: &std::path::Path| {
        let (_, json) = suggest_json(dir, &[]);
        common::pairs(&json).into_iter().map(|(older, newer, _)| (older, newer)).collect::<Vec<_>>()
    };
    assert_eq!(listed(&fixture("suppressions")), []);
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&fixture("suppressions"), dir.path());
    for (note, line) in [
        ("handbook/onboarding.md", "vaultlint-ignore: suspected-version\n"),
        ("handbook/remote-work-2025.md", "<!-- vaultlint-disable-file suspected-version -->\n"),
    ] {
        let text = std::fs::read_to_string(dir.path().join(note)).unwrap();
        std::fs::write(dir.path().join(note), text.replacen(line, "", 1)).unwrap();
    }
    assert_eq!(
        listed(dir.path()),
        [
            ("handbook/onboarding-2025.md".to_string(), "handbook/onboarding.md".to_string()),
            ("handbook/remote-work-2025.md".to_string(), "handbook/remote-work.md".to_string()),
        ]
    );
}

#[test]
fn a_bare_suppression_is_reported_under_strict() {
    let mut want = owned(LEFT);
    want.push(("blanket-suppression".into(), "meetings/2026-03-09.md".into(), Some(5)));
    assert_eq!(found(&["--strict"]), want);
}

#[test]
fn suppressions_of_a_rule_that_did_not_run_are_not_unused() {
    assert_eq!(found(&["--no-suggest"]), owned(LEFT));
    let only_links = found(&["--select", "links,unused-suppression"]);
    assert_eq!(only_links, owned(LEFT), "missing-successor and unknown-status are off");
}

#[test]
fn the_frontmatter_key_is_configurable() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("suppressions"), dir.path());
    std::fs::write(dir.path().join("vaultlint.toml"), "suppression-key = \"lint-ignore\"\n").unwrap();
    let (_, json) = check_json(dir.path(), &[]);
    let got = findings(&json);
    // The key the notes use is no longer a suppression: its finding is back.
    assert!(got.contains(&("unknown-status".into(), "meetings/2026-03-02.md".into(), Some(3))), "{got:?}");
    assert!(
        got.contains(&("suspected-version".into(), "handbook/onboarding-2025.md".into(), None)),
        "{got:?}"
    );
}
