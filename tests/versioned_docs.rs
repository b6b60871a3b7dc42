//! Docs sites that keep one folder per release, built at test time as a
//! real git repository the way such sites are made: the live pages are
//! written first, each release folder is copied from them later, and the
//! live pages go on changing. Families of 2, 6 and 20 copies, a page cut
//! to a stub, sibling pages from one template, parallel team folders, a
//! split and a rewrite.

mod common;
use common::{pairs, suggest_json, vaultlint};
use std::fs;
use std::path::Path;

/// A copy of the fixture `name`, checked without history: its one finding
/// is the `[[supersede]]` rule it offers, given with that finding's help.
fn only_rule_offered(name: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&common::fixture(name), dir.path());
    let (_, json) = common::check_json(dir.path(), &["--no-git"]);
    let found = json["diagnostics"].as_array().unwrap();
    assert_eq!(found.len(), 1, "{json}");
    assert_eq!(found[0]["code"], "unmarked-version-roots", "{json}");
    let help = found[0]["help"].as_str().unwrap().to_string();
    (dir, help)
}

/// Appends the `[[supersede]]` table an `unmarked-version-roots` finding's
/// `help` offers to the vault's config, as a person pastes it.
fn paste_rule(vault: &Path, help: &str) {
    let pasted: String = help.lines().skip(2).map(|l| format!("{}\n", l.trim())).collect();
    let config = vault.join(".vaultlint.toml");
    fs::write(&config, format!("{}\n{pasted}", fs::read_to_string(&config).unwrap())).unwrap();
}

fn git(dir: &Path, args: &[&str], time: i64) {
    common::git_at(dir, args, &format!("@{time} +0000"));
}

fn commit(dir: &Path, message: &str, time: i64) {
    git(dir, &["add", "-A"], time);
    git(dir, &["commit", "-qm", message], time);
}

fn write(root: &Path, path: &str, text: &str) {
    let file = root.join(path);
    fs::create_dir_all(file.parent().unwrap()).unwrap();
    fs::write(file, text).unwrap();
}

fn copy_folder(root: &Path, from: &str, to: &str) {
    common::copy_dir(&root.join(from), &root.join(to));
}

const WORDS: &[&str] = &[
    "cluster", "replica", "token", "gateway", "schema", "index", "backup", "quota", "region", "shard",
    "ledger", "webhook", "cache", "tenant", "policy", "metric", "release", "volume", "signal", "worker",
    "bucket", "route",
];

const SYLLABLES: &[&str] = &[
    "ba", "ce", "di", "fo", "gu", "ha", "je", "ki", "lo", "mu", "na", "pe", "ri", "so", "tu", "va", "we",
    "xi", "yo", "za", "bro", "cla", "dre", "fli", "gro", "plu", "sta", "tri",
];

/// A paragraph of `n` words that no other seed shares a run of three with.
fn prose(seed: usize, n: usize) -> String {
    let mix = |mut x: u64| {
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        x ^ (x >> 33)
    };
    let words: Vec<String> = (0..n)
        .map(|i| {
            // Letters only: the fingerprint reads words, not digits.
            let h = mix((seed as u64) << 32 | i as u64);
            let syllable = |k: u64| SYLLABLES[((h >> (k * 8)) % SYLLABLES.len() as u64) as usize];
            format!("{}{}{}", WORDS[(h % WORDS.len() as u64) as usize], syllable(2), syllable(3))
        })
        .collect();
    words.join(" ") + ".\n"
}

/// A page with a title and `n` words of its own text.
fn page(title: &str, seed: usize, n: usize) -> String {
    format!("---\ntitle: {title}\n---\n# {title}\n\n{}", prose(seed, n))
}

/// Two platform guides from one template: the same steps, a few words apart.
fn platform(name: &str, seed: usize) -> String {
    let steps = prose(900, 120);
    format!("---\ntitle: Install on {name}\n---\n# Install on {name}\n\n{steps}\n{}", prose(seed, 12))
}

/// The live pages of a site under `live`, copied into each release folder
/// in turn, with the live pages changed after each release.
fn site(root: &Path, live: &str, releases: &[String], seed: usize, time: &mut i64) {
    let pages = |round: usize| {
        let mut pages = vec![
            ("intro.md", page("Introduction", seed, 150) + &prose(seed + 50 + round, 10)),
            ("setup.md", page("Setup", seed + 1, 150) + &prose(seed + 60 + round, 10)),
            ("android.md", platform("Android", seed + 2)),
            ("ios.md", platform("iOS", seed + 3)),
            ("_index.md", page("Overview", seed + 4, 60) + &prose(seed + 70 + round, 40)),
        ];
        // A page retired in the last round: cut to a stub at the same path.
        let removed = if round + 1 >= releases.len() && releases.len() > 1 {
            "---\ntitle: Legacy API\n---\n# Legacy API\n\nThis page was removed; see the API reference.\n"
                .into()
        } else {
            page("Legacy API", seed + 5, 150)
        };
        pages.push(("legacy-api.md", removed));
        pages
    };
    for (round, release) in releases.iter().enumerate() {
        for (name, text) in pages(round) {
            write(root, &format!("{live}/{name}"), &text);
        }
        *time += 86_400;
        commit(root, &format!("docs for {release}"), *time);
        copy_folder(root, live, release);
        *time += 86_400;
        commit(root, &format!("release {release}"), *time);
    }
    for (name, text) in pages(releases.len()) {
        write(root, &format!("{live}/{name}"), &text);
    }
    *time += 86_400;
    commit(root, "docs after the last release", *time);
}

/// The repository: three sites, and notes beside them that are not in
/// release folders.
fn repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    git(root, &["init", "-q"], 1_700_000_000);
    let mut time = 1_700_000_000;
    let manual: Vec<String> = (0..5).map(|i| format!("manual/1.{i}")).collect();
    site(root, "manual/current", &manual, 10, &mut time);
    site(root, "website/docs", &["website/versioned_docs/version-2.0".to_string()], 20, &mut time);
    let api: Vec<String> = (1..20).map(|i| format!("api/v{i}")).collect();
    site(root, "api/latest", &api, 30, &mut time);
    // Parallel team folders: one name, different text.
    write(root, "teams/east/onboarding.md", &page("Onboarding", 40, 150));
    write(root, "teams/west/onboarding.md", &page("Onboarding", 41, 150));
    // A note split in two, each half keeping half of its text.
    let (first, second) = (prose(50, 120), prose(51, 120));
    write(
        root,
        "handbook/deploy-2024.md",
        &format!("---\ntitle: Deploying\n---\n# Deploying\n\n{first}\n{second}"),
    );
    write(root, "handbook/deploy-build.md", &format!("---\ntitle: Building\n---\n# Building\n\n{first}"));
    write(
        root,
        "handbook/deploy-release.md",
        &format!("---\ntitle: Releasing\n---\n# Releasing\n\n{second}"),
    );
    // A complete rewrite: the same title, a year in the old name, no text
    // in common.
    write(root, "policies/disaster-recovery-2024.md", &page("Disaster recovery", 60, 150));
    write(root, "policies/disaster-recovery.md", &page("Disaster recovery", 61, 150));
    fs::write(root.join("vaultlint.toml"), "# The docs repository\n").unwrap();
    commit(root, "notes", time + 86_400);
    dir
}

const LIVE: &[&str] = &["manual/current/", "website/docs/", "api/latest/"];

#[test]
fn release_folders_get_one_rule_each_and_the_rest_one_partner() {
    let repo = repository();
    let (_, json) = suggest_json(repo.path(), &[]);
    let rules: Vec<(String, String, u64)> = json["folder_rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["older"].as_str().unwrap().into(),
                r["newer"].as_str().unwrap().into(),
                r["copies"].as_u64().unwrap(),
            )
        })
        .collect();
    // Six pages in every release folder, each paired with its live copy.
    assert_eq!(
        rules,
        [
            ("api/v[0-9]*".to_string(), "api/latest".to_string(), 19 * 6),
            ("manual/[0-9]*".to_string(), "manual/current".to_string(), 5 * 6),
            ("website/versioned_docs/version-[0-9]*".to_string(), "website/docs".to_string(), 6),
        ]
    );
    // What is left: the split (both halves), the rewrite; no siblings, no
    // parallel team notes, nothing in a release folder.
    let found = pairs(&json);
    let names: Vec<(&str, &str, &str)> =
        found.iter().map(|(o, n, d)| (o.as_str(), n.as_str(), d.as_str())).collect();
    assert_eq!(
        names,
        [
            ("handbook/deploy-2024.md", "handbook/deploy-build.md", "confident"),
            ("handbook/deploy-2024.md", "handbook/deploy-release.md", "confident"),
            // No text in common: the marker orders them, but nothing in
            // their content says they are one document.
            ("policies/disaster-recovery-2024.md", "policies/disaster-recovery.md", "uncertain"),
        ],
        "{json}"
    );
    let reasons = json["pairs"][2]["reasons"].to_string();
    assert!(reasons.contains("rewritten: no text in common"), "{reasons}");
}

#[test]
fn the_rules_retire_every_frozen_copy_and_no_live_page() {
    let repo = repository();
    let root = repo.path();
    // A dry run edits the config only: no live page gets a successor.
    let out = vaultlint().args(["suggest", "--dry-run"]).arg(root).output().unwrap();
    let diff = String::from_utf8(out.stdout).unwrap();
    assert!(diff.contains("+++ b/vaultlint.toml") && diff.contains("+older = \"api/v[0-9]*\""), "{diff}");
    for live in LIVE {
        assert!(!diff.contains(&format!("+++ b/{live}")), "{diff}");
    }
    let out = vaultlint().args(["check", "--format", "concise"]).arg(root).output().unwrap();
    let before = String::from_utf8(out.stdout).unwrap();
    assert_eq!(before.matches("warning[unmarked-version-roots]").count(), 3, "{before}");
    // Checked from a folder that holds one set of releases, that set's
    // finding is still given; the others' folders lie elsewhere.
    let out = vaultlint().args(["check", "--format", "concise"]).arg(root.join("website")).output().unwrap();
    let website = String::from_utf8(out.stdout).unwrap();
    assert_eq!(website.matches("warning[unmarked-version-roots]").count(), 1, "{website}");
    assert!(website.contains("website/versioned_docs/"), "{website}");

    let out = vaultlint().args(["suggest", "--yes"]).arg(root).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    let config = fs::read_to_string(root.join("vaultlint.toml")).unwrap();
    assert!(
        config.starts_with(
            "# The docs repository\n\n[[supersede]]\nolder = \"api/v[0-9]*\"\nnewer = \"api/latest\"\n"
        ),
        "{config}"
    );

    // Every frozen copy is superseded by its live page; every live page is in force.
    let out = vaultlint().args(["lineage", "--all", "--format", "json"]).arg(root).output().unwrap();
    let map: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let notes = map["notes"].as_array().unwrap();
    let mut frozen = 0;
    for note in notes {
        let path = note["path"].as_str().unwrap();
        let live = LIVE.iter().any(|l| path.starts_with(l));
        let release =
            !live && ["manual/1.", "website/versioned_docs/", "api/v"].iter().any(|r| path.starts_with(r));
        if live {
            assert_eq!(note["standing"], "in-force", "{note}");
        }
        if release {
            frozen += 1;
            assert_eq!(note["standing"], "superseded", "{note}");
            let relative = path.splitn(if path.starts_with("website") { 4 } else { 3 }, '/').last().unwrap();
            let current = note["current"].as_array().unwrap();
            assert_eq!(current.len(), 1, "{note}");
            assert!(current[0].as_str().unwrap().ends_with(relative), "{note}");
        }
    }
    assert_eq!(frozen, 19 * 6 + 5 * 6 + 6);
    let out = vaultlint().args(["check", "--format", "concise"]).arg(root).output().unwrap();
    let after = String::from_utf8(out.stdout).unwrap();
    assert!(!after.contains("unmarked-version-roots") && !after.contains("folder-rule"), "{after}");
    let (_, json) = suggest_json(root, &[]);
    assert_eq!(json["folder_rules"], serde_json::json!([]));
}

#[test]
fn a_folder_rule_is_checked_and_a_declaration_wins_over_it() {
    let repo = repository();
    let root = repo.path();
    fs::write(
        root.join("vaultlint.toml"),
        "[[supersede]]\nolder = \"manual/1.*\"\nnewer = \"manual/current\"\n\n\
         [[supersede]]\nolder = \"guides/v*\"\nnewer = \"guides/next\"\n",
    )
    .unwrap();
    // A page removed from the live docs has no counterpart there: its
    // newest release copy stays in force, and supersedes the older ones.
    fs::remove_file(root.join("manual/current/setup.md")).unwrap();
    // ...and its links to its own release's pages are the release's.
    let setup = fs::read_to_string(root.join("manual/1.4/setup.md")).unwrap();
    fs::write(root.join("manual/1.4/setup.md"), format!("{setup}\nSee [the introduction](intro.md).\n"))
        .unwrap();
    // A frozen page that names its own successor keeps it.
    write(
        root,
        "manual/1.0/intro.md",
        "---\ntitle: Introduction\nsuperseded_by: manual/1.1/intro.md\n---\n# Introduction\n",
    );
    let out = vaultlint().args(["check", "--format", "concise", "--statistics"]).arg(root).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(" 1  left in force by folder rules"), "{text}");
    assert!(!text.contains("links-to-superseded"), "{text}");
    let out = vaultlint().args(["check", "--format", "concise", "--no-suggest"]).arg(root).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("vaultlint.toml: warning[folder-rule] `[[supersede]]` with `older = \"guides/v*\"` matches no folder"), "{text}");
    // The newest copy of the removed page stays in force by design: the
    // statistics count it, and no finding asks the user to act on it.
    assert!(!text.contains("`older = \"manual/1.*\"`"), "{text}");
    let out = vaultlint().args(["lineage", "--all", "--format", "json"]).arg(root).output().unwrap();
    let map: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let note =
        |path: &str| map["notes"].as_array().unwrap().iter().find(|n| n["path"] == path).unwrap().clone();
    assert_eq!(note("manual/1.0/setup.md")["current"], serde_json::json!(["manual/1.4/setup.md"]));
    assert_eq!(note("manual/1.4/setup.md")["standing"], "in-force");
    let out = vaultlint()
        .args(["lineage", "--format", "json"])
        .arg(root.join("manual/1.0/intro.md"))
        .output()
        .unwrap();
    let lineage: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let versions = lineage.to_string();
    assert!(versions.find("manual/1.0/intro.md") < versions.find("manual/1.1/intro.md"), "{versions}");
    assert!(versions.contains("manual/current/intro.md"), "{versions}");
}

/// A page renamed between two releases, under a folder rule: the pair is
/// the old name's copy and the next release's, and the help names the
/// live page the rule leaves in force, as `suggest --yes` writes it, so
/// that following it makes no `superseded-successor`.
#[test]
fn the_help_of_a_renamed_release_page_names_the_live_page() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let text = page("Setting up", 80, 150);
    write(root, "versioned/v1/install.md", &text);
    write(root, "versioned/v2/guide/setup.md", &text);
    write(root, "docs/guide/setup.md", &text);
    write(root, "docs/intro.md", &page("Introduction", 81, 150));
    write(root, "versioned/v2/intro.md", &page("Introduction", 81, 150));
    fs::write(
        root.join("vaultlint.toml"),
        "root = true\n\n[[supersede]]\nolder = \"versioned/v*\"\nnewer = \"docs\"\n",
    )
    .unwrap();
    let (_, json) = common::check_json(root, &["--no-git"]);
    let found: Vec<_> = json["diagnostics"].as_array().unwrap().iter().collect();
    assert_eq!(found.len(), 1, "{json}");
    assert_eq!(found[0]["path"], "versioned/v1/install.md");
    let help = found[0]["help"].as_str().unwrap();
    assert!(
        help.starts_with("if it is, add `superseded_by: docs/guide/setup.md` to its frontmatter"),
        "{help}"
    );
    // Followed, the help leaves the vault clean.
    let declared = text.replacen("---\n", "---\nsuperseded_by: docs/guide/setup.md\n", 1);
    write(root, "versioned/v1/install.md", &declared);
    let (_, json) = common::check_json(root, &["--no-git"]);
    assert_eq!(json["diagnostics"], serde_json::json!([]), "{json}");
}

/// The table an `unmarked-version-roots` finding offers is one key to a
/// line, as TOML needs, in the JSON help and in the human output alike:
/// appended to the config as shown, it retires the copies and the finding
/// goes.
#[test]
fn the_table_a_finding_offers_pastes_into_the_config() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&common::fixture("docusaurus-v-releases"), dir.path());
    let (_, json) = common::check_json(dir.path(), &["--no-git"]);
    let help = |i: usize| json["diagnostics"][i]["help"].as_str().unwrap().to_string();
    let table = "[[supersede]]\n    older = \"versioned_docs/version-v[0-9]*\"\n    newer = \"docs\"";
    assert_eq!(help(1), format!("add to .vaultlint.toml:\n\n    {table}"));
    let out = vaultlint().args(["check", "--no-git"]).arg(dir.path()).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "\n            [[supersede]]\n            older = \"versioned_docs/version-v[0-9]*\"\n"
        ),
        "{text}"
    );
    // However narrow the terminal: a table broken over lines no longer pastes.
    let out = vaultlint().args(["check", "--no-git"]).arg(dir.path()).env("COLUMNS", "40").output().unwrap();
    let narrow = String::from_utf8(out.stdout).unwrap();
    assert!(narrow.contains("            older = \"versioned_docs/version-v[0-9]*\"\n"), "{narrow}");
    for i in [0, 1] {
        paste_rule(dir.path(), &help(i));
    }
    let (code, json) = common::check_json(dir.path(), &["--no-git"]);
    assert_eq!((code, common::findings(&json)), (0, vec![]), "{json}");
}

/// Docusaurus's versions are releases however far the live folder has
/// moved on: two versions that share under half their pages, beside a
/// `docs/` rebuilt in new sections, are one set of release folders, and
/// the rule it offers retires the copies and keeps every live page. A
/// blog post dated by its name, half of it a release page's text, is no
/// live page that copy yields to.
#[test]
fn docusaurus_versions_are_releases_after_the_docs_were_reorganised() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&common::fixture("docusaurus-reorganised"), dir.path());
    let (_, json) = common::check_json(dir.path(), &["--no-git"]);
    let roots: Vec<&serde_json::Value> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "unmarked-version-roots")
        .collect();
    assert_eq!(roots.len(), 1, "{json}");
    assert_eq!(roots[0]["path"], ".vaultlint.toml");
    let help = roots[0]["help"].as_str().unwrap();
    paste_rule(dir.path(), help);
    let map = common::lineage_map(dir.path(), &[]);
    let standing = |path: &str| map[path]["standing"].as_str().unwrap().to_string();
    for (path, entry) in &map {
        if path.starts_with("docs/") {
            assert_eq!(entry["standing"], "in-force", "{path}: {entry}");
        }
    }
    assert_eq!(standing("versioned_docs/version-0.8/intro.md"), "superseded");
    assert_eq!(standing("versioned_docs/version-v1/contributing/guide.md"), "superseded");
    // The pages the live folder moved are left one by one, each copy the
    // older; a post written from a release's page is no version of it.
    let (_, json) = common::check_json(dir.path(), &["--no-git"]);
    assert!(!json.to_string().contains("blog/"), "{json}");
    let older: Vec<&str> =
        json["diagnostics"].as_array().unwrap().iter().map(|d| d["path"].as_str().unwrap()).collect();
    assert!(!older.is_empty() && older.iter().all(|p| p.starts_with("versioned_docs/")), "{json}");
}

/// A Docusaurus site kept in a `docs/` folder of its own, with its live
/// pages where its config puts them (`docs/main/`, not `docs/docs/`): the
/// folder holding its newest release's pages under the same paths is the
/// live one. One rule retires every release, the newest too, and no page
/// is left to a pair of its own.
#[test]
fn a_live_folder_named_in_the_sites_config_is_found_by_its_pages() {
    let (dir, help) = only_rule_offered("docusaurus-main-folder");
    let help = help.as_str();
    assert!(help.contains("newer = \"docs/main\""), "{help}");
    paste_rule(dir.path(), help);
    let map = common::lineage_map(dir.path(), &[]);
    for (path, entry) in &map {
        let expected = if path.starts_with("docs/versioned_docs/") { "superseded" } else { "in-force" };
        assert_eq!(entry["standing"], expected, "{path}: {entry}");
    }
}

/// A Docusaurus site with several docs instances keeps each instance's
/// releases in `<id>_versioned_docs/` and its live pages where its config
/// says: `docs/console/` for the instance `console`, and, for an instance
/// named `docs`, the one folder holding its newest release's pages under
/// the same paths (`docs/platform/`). Each is one set of releases, with
/// one rule to paste, and no page is left to a pair of its own.
#[test]
fn each_docs_instance_is_a_set_with_its_live_folder() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&common::fixture("docusaurus-instances"), dir.path());
    let (_, json) = common::check_json(dir.path(), &["--no-git"]);
    let found = json["diagnostics"].as_array().unwrap();
    assert_eq!(found.len(), 2, "{json}");
    assert!(found.iter().all(|d| d["code"] == "unmarked-version-roots"), "{json}");
    let names = |live: &str| found.iter().any(|d| d["message"].as_str().unwrap().contains(live));
    assert!(names("pages in docs/platform/") && names("pages in docs/console/"), "{json}");
    for d in json["diagnostics"].as_array().unwrap() {
        paste_rule(dir.path(), d["help"].as_str().unwrap());
    }
    let map = common::lineage_map(dir.path(), &[]);
    for (path, entry) in &map {
        let expected = if path.starts_with("docs/") { "in-force" } else { "superseded" };
        assert_eq!(entry["standing"], expected, "{path}: {entry}");
    }
}

/// Releases kept inside the live tree, each a snapshot of its docs folder
/// (`content/en/v0.5/docs/` beside the live `content/en/docs/`, as a Hugo
/// site serves older docs under `/v0.5/docs/`): the live docs are the
/// newest copy, never an older one, and one rule retires every release.
#[test]
fn releases_kept_inside_the_live_tree_yield_to_its_docs_folder() {
    let (dir, help) = only_rule_offered("releases-inside-live");
    let help = help.as_str();
    assert!(help.contains("older = \"site/content/en/v[0-9]*/docs\""), "{help}");
    assert!(help.contains("newer = \"site/content/en/docs\""), "{help}");
    paste_rule(dir.path(), help);
    let map = common::lineage_map(dir.path(), &[]);
    assert_eq!(map.len(), 17);
    for (path, entry) in &map {
        let release = path.starts_with("site/content/en/v0.");
        let expected = if release { "superseded" } else { "in-force" };
        assert_eq!(entry["standing"], expected, "{path}: {entry}");
    }
    let (_, json) = common::check_json(dir.path(), &["--no-git"]);
    assert_eq!(json["diagnostics"].as_array().unwrap().len(), 0, "{json}");
}

/// A page moved away in the live docs and in every release copy says so
/// in each: the notice is reported once, on the live page, and the
/// release folders' table retires the copies.
#[test]
fn a_notice_in_every_release_copy_is_reported_on_the_newest() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&common::fixture("docusaurus-v-releases"), dir.path());
    let stub = "---\ntitle: PlacementPolicy v1alpha1\n---\n\nThis page has been migrated to [ClusterPlacementPolicy](cluster-placement-policy.md).\n";
    for root in ["docs", "versioned_docs/version-v1.1.0", "versioned_docs/version-v1.2.0"] {
        std::fs::write(dir.path().join(root).join("reference/placement-policy.md"), stub).unwrap();
    }
    let (_, json) = common::check_json(dir.path(), &["--no-git"]);
    let notices: Vec<_> =
        common::findings(&json).into_iter().filter(|(code, _, _)| code == "retired-in-text").collect();
    assert_eq!(
        notices,
        [("retired-in-text".to_string(), "docs/reference/placement-policy.md".to_string(), Some(5))]
    );
}

/// The offered `[[supersede]]` tables of a copy of fixture `name`, as
/// (older, newer), checked without history.
fn rules_offered(vault: &Path) -> Vec<(String, String)> {
    let (_, json) = suggest_json(vault, &["--no-git"]);
    let rules = json["folder_rules"].as_array().unwrap().iter();
    rules
        .map(|r| (r["older"].as_str().unwrap().to_string(), r["newer"].as_str().unwrap().to_string()))
        .collect()
}

/// A Hugo site's `next/` folder, beside its release folders, holds the
/// release being prepared: the latest release (`v1.1/`) is the copy in
/// force. The offered table retires the older releases in its favour,
/// leaves `next/` out of it, and no pair points a released page at an
/// unreleased one, for `--yes` to write.
#[test]
fn an_unreleased_folder_neither_retires_nor_is_retired() {
    let (dir, help) = only_rule_offered("unreleased-next-folder");
    assert!(
        help.contains("older = \"content/docs/v1.0\"") && help.contains("newer = \"content/docs/v1.1\""),
        "{help}"
    );
    let (_, json) = suggest_json(dir.path(), &["--no-git"]);
    assert_eq!(json["pairs"], serde_json::json!([]), "{json}");
    paste_rule(dir.path(), &help);
    let map = common::lineage_map(dir.path(), &[]);
    for (path, entry) in &map {
        let expected = if path.starts_with("content/docs/v1.0/") { "superseded" } else { "in-force" };
        assert_eq!(entry["standing"], expected, "{path}: {entry}");
    }
    let out =
        vaultlint().args(["suggest", "--yes", "--no-git", "--no-cache"]).arg(dir.path()).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let latest = fs::read_to_string(dir.path().join("content/docs/v1.1/configure.md")).unwrap();
    assert!(!latest.contains("superseded_by"), "{latest}");
    // The latest release's copy is in force: a notice in it is reported
    // there, though `next/` holds the page too.
    let upgrade = dir.path().join("content/docs/v1.1/upgrade.md");
    let text = fs::read_to_string(&upgrade).unwrap();
    let noticed = text.replace(
        "# Upgrade between releases\n",
        "# Upgrade between releases\n\n> This page is deprecated.\n",
    );
    fs::write(&upgrade, noticed).unwrap();
    let (_, json) = common::check_json(dir.path(), &["--no-git"]);
    assert_eq!(
        common::findings(&json),
        [("retired-in-text".to_string(), "content/docs/v1.1/upgrade.md".to_string(), Some(7))],
        "{json}"
    );
}

/// A Docusaurus site serves the newest of its versions as the docs, and
/// its `docs/` folder as the next version, unless its config sets
/// `lastVersion: 'current'`: the tables offered end at the newest version,
/// for the translations as for the pages, until the config says so.
#[test]
fn a_docusaurus_sites_live_docs_are_the_latest_only_where_its_config_says_so() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&common::fixture("docusaurus-next-version"), dir.path());
    let translated = "i18n/fr/docusaurus-plugin-content-docs";
    assert_eq!(
        rules_offered(dir.path()),
        [
            (format!("{translated}/version-3.0"), format!("{translated}/version-3.1")),
            ("versioned_docs/version-3.0".to_string(), "versioned_docs/version-3.1".to_string()),
        ]
    );
    let config = dir.path().join("docusaurus.config.js");
    let text = fs::read_to_string(&config).unwrap();
    fs::write(
        &config,
        text.replace("sidebarPath: './sidebars.js'", "sidebarPath: './sidebars.js', lastVersion: 'current'"),
    )
    .unwrap();
    assert_eq!(
        rules_offered(dir.path()),
        [
            (format!("{translated}/version-[0-9]*"), format!("{translated}/current")),
            ("versioned_docs/version-[0-9]*".to_string(), "docs".to_string()),
        ]
    );
}
