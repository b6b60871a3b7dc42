//! `vaultlint suggest` on the kinds of case that real vaults and docs
//! sites showed to be noise or misses, each in a small vault of its own:
//! series, locale copies and vendored files, live pages beside release
//! folders, version markers that are the subject, and the copies people
//! make.

mod common;
use common::{copy_dir, fixture, git_at as git, pairs, suggest_json};
use std::fs;
use std::path::Path;

fn found(dir: &Path, extra: &[&str]) -> (Vec<(String, String, String)>, serde_json::Value) {
    let (code, json) = suggest_json(dir, extra);
    assert_eq!(code, 0, "{json}");
    let mut found = pairs(&json);
    found.sort();
    (found, json)
}

/// Asserts the pairs `suggest --no-git` lists for the fixture `name`, at
/// the default threshold: (older, newer, direction) each.
fn expect_pairs(name: &str, expected: &[(&str, &str, &str)]) {
    let (pairs, json) = found(&fixture(name), &["--no-git"]);
    assert_eq!(pairs, owned(expected), "{json}");
}

/// The folder tables `suggest` offers, as (older, newer) globs.
fn folder_rules(json: &serde_json::Value) -> Vec<(&str, &str)> {
    let rules = json["folder_rules"].as_array().unwrap();
    rules.iter().map(|r| (r["older"].as_str().unwrap(), r["newer"].as_str().unwrap())).collect()
}

/// Asserts every pair `suggest --no-git --min-score 0` lists for the
/// fixture `name`, however weak: (older, newer, direction) each.
fn expect_all_pairs(name: &str, expected: &[(&str, &str, &str)]) {
    let (pairs, json) = found(&fixture(name), &["--no-git", "--min-score", "0"]);
    assert_eq!(pairs, owned(expected), "{json}");
}

/// The reasons `suggest --no-git` gives for the fixture `name`'s pair
/// whose newer note is `newer`, in order.
fn reasons(name: &str, newer: &str) -> Vec<String> {
    let (_, json) = found(&fixture(name), &["--no-git"]);
    let pair = json["pairs"].as_array().unwrap().iter().find(|p| p["newer"] == newer);
    let reasons =
        pair.unwrap_or_else(|| panic!("no pair with {newer}: {json}"))["reasons"].as_array().unwrap();
    reasons.iter().map(|r| r.as_str().unwrap().to_string()).collect()
}

fn owned(list: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
    let mut list: Vec<_> =
        list.iter().map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string())).collect();
    list.sort();
    list
}

/// Decades, chapters and per-release reports whose names differ only by a
/// number are entries of a series, never paired all with all, nor are two
/// yearly notes filed in their years' folders made from one skeleton, nor
/// a meeting and its next round (`Support backlog review (round 2)`),
/// half their issues carried over, nor two topic notes named for the years
/// of two events (`General strike 1926`, `General strike May 1968`);
/// editions of one policy are, each with the next only.
#[test]
fn a_series_is_not_a_set_of_versions() {
    let (found, _) = found(&fixture("series"), &["--no-git", "--min-score", "0.3"]);
    assert_eq!(
        found,
        owned(&[
            ("policies/travel-policy-2024.md", "policies/travel-policy-2025.md", "confident"),
            ("policies/travel-policy-2025.md", "policies/travel-policy-2026.md", "confident"),
        ])
    );
}

/// Notes that each cover a period are a series, not versions: one-line
/// charts named by their year, yearly reports sharing the rows carried
/// over from one year to the next, and a year's case book beside the
/// collection of every year's, nor are the changelogs of three release
/// lines that one backported fix gave one text. An edition of a policy
/// beside the policy is still paired.
#[test]
fn reports_of_periods_are_not_versions() {
    expect_pairs("period-reports", &[("policies/expenses-2025.md", "policies/expenses.md", "confident")]);
}

/// Numbered records (decisions, proposals) are documents of their own: a
/// record copied from an earlier one for another subject is no version of
/// it, however much text the two share and however far apart they were
/// written. A record filed again under its name and a new number is.
#[test]
fn two_numbered_records_are_two_documents() {
    expect_pairs(
        "numbered-records",
        &[(
            "decisions/0002-use-postgres-for-orders.md",
            "decisions/0006-use-postgres-for-orders.md",
            "confident",
        )],
    );
}

/// Docusaurus release folders named with the version's `v`
/// (`version-v1.2.0`) are releases of `docs/`, offered as one folder rule;
/// a release copy whose page the live docs still hold is no older version
/// of the blog post reprinting it, and a post and its copy under a locale
/// with a script (`i18n/zh-Hans/`) are a page and its translation.
#[test]
fn docusaurus_releases_named_with_a_v_are_releases() {
    let (pairs, json) = found(&fixture("docusaurus-v-releases"), &["--no-git"]);
    assert_eq!(pairs, owned(&[]), "{json}");
    let rules = folder_rules(&json);
    let zh = "i18n/zh-Hans/docusaurus-plugin-content-docs";
    assert_eq!(
        rules,
        [
            (&*format!("{zh}/version-v[0-9]*"), &*format!("{zh}/current")),
            ("versioned_docs/version-v[0-9]*", "docs")
        ],
        "{json}"
    );
}

/// A copy filed in a numbered archive folder (`99_Archive/`) is filed as
/// the older: edit times that make it the newer leave the pair uncertain,
/// with both reasons, rather than retiring the live note.
#[test]
fn an_archived_copy_edited_since_is_uncertain() {
    let (pairs, json) = found(&fixture("archived-copies"), &["--no-git"]);
    assert_eq!(
        pairs,
        owned(&[("20 Notes/Reading plan.md", "99_Archive/Reading plan (spring).md", "uncertain")])
    );
    let reasons = json["pairs"][0]["reasons"].to_string();
    assert!(reasons.contains(r#"but \"99_Archive/\" files the newer as the older"#), "{reasons}");
}

/// Six revisions of one program (`Heat solver v1` to `v6`), each written
/// after the one before, are a chain: each is paired with the next only,
/// the code every revision keeps counts as their shared text rather than
/// as a skeleton common to many notes, and the first revision, corrected
/// after the second was written, is still the older.
#[test]
fn a_chain_of_revisions_pairs_each_with_the_next() {
    let (found, json) = found(&fixture("revision-chain"), &["--no-git"]);
    let name = |n: u32| format!("coursework/Heat solver v{n}.md");
    let chain: Vec<_> = (1..6).map(|n| (name(n), name(n + 1), "confident".to_string())).collect();
    assert_eq!(found, chain);
    let first = &json["pairs"].as_array().unwrap().iter().find(|p| p["older"] == name(1).as_str()).unwrap();
    let reasons = first["reasons"].to_string();
    assert!(!reasons.contains("updated"), "conflicting dates order nothing: {reasons}");
}

/// A blog post made from a guide shares most of its text, but no name,
/// title or date says that one replaced the other, and nothing orders
/// them: it is not suggested (only to one who asks for every pair). A
/// guide beside its dated copy still is. An idea note quoting the passage
/// of the literature note it came from, named for the work's year (`Pasture
/// commons (1968)`), is never ordered `confident` by that year.
/// A prompt quoting a checklist whole in a fenced block is no version of
/// it.
#[test]
fn a_document_derived_from_another_is_not_a_version() {
    let (default, _) = found(&fixture("derived-documents"), &["--no-git"]);
    assert_eq!(default, owned(&[("guides/expense-claims-2023.md", "guides/expense-claims.md", "confident")]));
    let (every, _) = found(&fixture("derived-documents"), &["--no-git", "--min-score", "0"]);
    assert!(every.iter().any(|(o, n, _)| o.starts_with("blog/") || n.starts_with("blog/")), "{every:?}");
    let literature: Vec<&str> = every
        .iter()
        .filter(|(o, n, _)| o.starts_with("sources/") || n.starts_with("sources/"))
        .map(|(_, _, direction)| direction.as_str())
        .collect();
    assert_eq!(literature, ["uncertain"], "{every:?}");
    // A scheduled prompt that carries the checklist whole in a Markdown
    // block quotes it; it is no version of it, at any score.
    assert!(
        !every.iter().any(|(o, n, _)| o.starts_with("prompts/") || n.starts_with("prompts/")),
        "{every:?}"
    );
}

/// A summary written the day of the full write-up it was made from,
/// under the same title: the year in both titles and the versions in both
/// names say nothing of which is older, and neither does the day in the
/// summary's name, which both notes give as their date. The pair is
/// listed, and not ordered.
#[test]
fn markers_both_notes_carry_order_nothing() {
    let (pairs, json) = found(&fixture("shared-markers"), &["--no-git"]);
    assert_eq!(pairs.len(), 1, "{json}");
    let (older, newer, direction) = &pairs[0];
    let mut notes = [older.as_str(), newer.as_str()];
    notes.sort_unstable();
    let (summary, full) = (
        "projects/checkout/2025-03-12-load-test-findings.md",
        "projects/checkout/reports/load_test_findings_v2_v3.md",
    );
    assert_eq!((notes, direction.as_str()), ([summary, full], "uncertain"), "{json}");
    let reasons = json["pairs"][0]["reasons"].to_string();
    assert!(reasons.contains("nothing tells which is older") && !reasons.contains("before"), "{reasons}");
}

/// One name qualified two ways in brackets (`Tidewatch Lantern (Core)`
/// and `(Expanded)`, `Client setup (Windows)` and `(macOS)`) names two
/// variants, never a version of the other, however much text they share;
/// they are listed only to one who asks for every pair, with the reason.
/// A bracketed word of age (`Travel booking (old)`) still marks a version.
#[test]
fn variants_of_one_name_are_not_versions() {
    let (default, _) = found(&fixture("variants"), &["--no-git"]);
    assert_eq!(
        default,
        owned(&[("Guides/Travel booking (old).md", "Guides/Travel booking.md", "confident")])
    );
    let (_, json) = found(&fixture("variants"), &["--no-git", "--min-score", "0"]);
    let reasons: Vec<String> = json["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["older"].as_str().unwrap().starts_with("Items/"))
        .map(|p| p["reasons"][0].as_str().unwrap().to_string())
        .collect();
    assert_eq!(reasons, ["not versions: two variants of one name (Core and Expanded)"]);
}

/// Release notes named by their version alone (`v1.5.7.md`, `v1.5.8.md`)
/// are entries of a log, however much text two patch releases repeat; a
/// guide whose name says `v1` and `v2` is still one document at two
/// versions.
#[test]
fn release_notes_named_by_version_alone_are_a_log() {
    let (found, _) = found(&fixture("release-notes"), &["--no-git"]);
    assert_eq!(found, owned(&[("Guides/Setup guide v1.md", "Guides/Setup guide v2.md", "confident")]));
}

/// A page and its translations (Docusaurus `i18n/<locale>/`, language
/// folders) are never paired, however much untranslated text they share,
/// even where the translation is another page's (a FAQ that quotes the
/// backups page); nor are identical vendored copies of one file with
/// nothing to order them, nor the repository's `code-of-conduct.md` and
/// the site's page of it; a true pair beside them still is, at any
/// threshold.
#[test]
fn locale_copies_and_identical_files_are_not_versions() {
    let want = owned(&[("docs/guide/upgrading-old.md", "docs/guide/upgrading.md", "confident")]);
    let (found_at_default, _) = found(&fixture("locale-copies"), &["--no-git"]);
    assert_eq!(found_at_default, want);
    let (found_at_any, json) = found(&fixture("locale-copies"), &["--no-git", "--min-score", "0"]);
    assert_eq!(found_at_any, want, "{json}");
}

/// An edge folder is the newest root of its set (a folder rule is offered
/// for the whole set), and a live page that came from a release copy is
/// never its older: the copy frozen in the release folder is, the last
/// release's (the rule orders the earlier copies before it).
#[test]
fn live_pages_are_never_older_than_release_copies() {
    let (found, json) = found(&fixture("live-release"), &["--no-git"]);
    assert_eq!(
        found,
        owned(&[("2.19/platforms/aws.md", "blog/2017/running-the-mesh-on-aws.md", "confident")])
    );
    let rules = json["folder_rules"].as_array().unwrap();
    assert_eq!(rules.len(), 1, "{json}");
    assert_eq!(rules[0]["newer"], "2-edge");
    assert_eq!(rules[0]["roots"], serde_json::json!(["2.18", "2.19", "docs"]));
}

/// `confident` is earned by content: a version number that is the
/// subject (`SNMP v1`, `v2`, `v3`), a year that is a paper's, two dated
/// entries with nothing in common, none makes a pair or a direction; a
/// word in a name (`new`) loses to the notes' dates.
#[test]
fn confident_is_earned_by_content() {
    let (all, json) = found(&fixture("subject-markers"), &["--no-git", "--min-score", "0.3"]);
    let confident: Vec<_> = all.iter().filter(|p| p.2 == "confident").cloned().collect();
    assert_eq!(
        confident,
        owned(&[
            ("guides/Release setup new.md", "guides/Release setup.md", "confident"),
            ("policies/expenses-v1.md", "policies/expenses-v2.md", "confident"),
        ])
    );
    for p in json["pairs"].as_array().unwrap() {
        let (older, newer) = (p["older"].as_str().unwrap(), p["newer"].as_str().unwrap());
        assert!(!older.starts_with("stack/") && !older.starts_with("network/"), "{older} -> {newer}");
    }
}

/// A course's old curriculum filed under `meta/legacy/`, its assignments
/// carried to `assignments/` under new names with the same titles: the
/// legacy copy is the older, whatever the files' modification times say
/// (a fresh clone sets them in checkout order).
#[test]
fn a_copy_filed_under_legacy_is_the_older_wherever_the_folder_is() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&fixture("legacy-curriculum"), dir.path());
    let want = owned(&[
        ("meta/legacy/week-1/practice/homework.md", "assignments/recipe-page.md", "confident"),
        ("meta/legacy/week-2/practice/homework.md", "assignments/weather.md", "confident"),
    ]);
    let (pairs, json) = found(dir.path(), &["--no-git"]);
    assert_eq!(pairs, want, "{json}");
    // The live pages touched last or first: the same answer.
    for live in ["assignments/recipe-page.md", "assignments/weather.md"] {
        let file = std::fs::File::options().write(true).open(dir.path().join(live)).unwrap();
        file.set_modified(std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000))
            .unwrap();
    }
    let (pairs, json) = found(dir.path(), &["--no-git"]);
    assert_eq!(pairs, want, "{json}");
}

/// A folder's index page (`archived/index.md`, the page on old releases)
/// is named by its folder: the folder is its subject, and does not make
/// it the older of the partial it was moved from.
#[test]
fn a_folder_names_its_own_index_page_and_files_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let text = "## Older releases\n\nEach release below is kept for the projects that still build with it. \
                Download the installer, check its signature, and run it; it installs beside the current \
                release and never replaces it. The table lists the date and the checksum of each.\n";
    std::fs::create_dir_all(dir.path().join("install/archived")).unwrap();
    std::fs::write(
        dir.path().join("install/archived/index.md"),
        format!("---\ntitle: Old releases\n---\n{text}"),
    )
    .unwrap();
    std::fs::write(dir.path().join("install/_archived.md"), text).unwrap();
    let (pairs, json) = found(dir.path(), &["--no-git", "--min-score", "0"]);
    assert!(pairs.iter().all(|p| p.2 != "confident"), "{json}");
}

/// A lower `--min-score` lists every pair a higher one lists: two copies
/// of one spec are not taken for three near twins (and dropped) because
/// weak pairs with its sibling specs are listed too.
#[test]
fn a_lower_threshold_lists_what_a_higher_one_does() {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path();
    std::fs::create_dir(repo.join("specs")).unwrap();
    let write = |name: &str, text: &str| std::fs::write(repo.join("specs").join(name), text).unwrap();
    let access = "## Access\n\nA request is allowed when the signer owns the item, or holds a delegation for it \
                  that has not expired. The check runs on the catalyst before the content is served, and a \
                  refusal names the missing permission.\n";
    write("emote-access.md", access);
    write(
        "profile-access.md",
        "## Access\n\nA profile is readable by anyone; writing one needs the signer to own the address. The \
         check runs on the catalyst before the content is stored.\n",
    );
    write(
        "store-access.md",
        "## Store access\n\nA store lists items for sale; only its owner may add or remove one, and a refusal \
         names the missing permission.\n",
    );
    write("access.md", "## Access rules\n\nSee the pages of each kind of item.\n");
    git(repo, &["init", "-q", "-b", "main"], "2023-01-01T00:00:00Z");
    git(repo, &["add", "-A"], "2023-01-01T00:00:00Z");
    git(repo, &["commit", "-qm", "specs"], "2023-01-01T00:00:00Z");
    write("wearable-access.md", access);
    git(repo, &["add", "-A"], "2023-06-01T00:00:00Z");
    git(repo, &["commit", "-qm", "wearables"], "2023-06-01T00:00:00Z");
    for threshold in ["0.5", "0.1", "0.02", "0"] {
        let (pairs, json) = found(repo, &["--min-score", threshold]);
        let twins = |p: &(String, String, String)| {
            p.0 == "specs/emote-access.md" && p.1 == "specs/wearable-access.md"
        };
        assert!(pairs.iter().any(twins), "--min-score {threshold}: {json}");
    }
}

/// Terms kept as `beta-terms-v1` to `-v4` beside `beta-terms`, none dated
/// (mirrored from elsewhere, as handbooks keep retired agreements): each
/// revision pairs with the next and the last with the terms in force, not
/// `v1` with `v3` or `v4` past the ones between; the last, whose top says
/// when it was retired (`*Retired: 2024-11-01*`), is the older of the
/// terms in force with confidence.
#[test]
fn undated_revisions_pair_each_with_the_next() {
    let want = owned(&[
        ("legal/beta-terms-v1.md", "legal/beta-terms-v2.md", "confident"),
        ("legal/beta-terms-v3.md", "legal/beta-terms-v4.md", "confident"),
        ("legal/beta-terms-v2.md", "legal/beta-terms-v3.md", "confident"),
        ("legal/beta-terms-v4.md", "legal/beta-terms.md", "confident"),
    ]);
    for threshold in ["0.5", "0"] {
        let (pairs, json) = found(&fixture("undated-revisions"), &["--no-git", "--min-score", threshold]);
        assert_eq!(pairs, want, "{json}");
    }
}

/// Two copies of one page whose `modified` stamps are the only thing that
/// orders them are ordered by them, unless the history shows both edited
/// in one commit after another (a sweep of link fixes moves every stamp):
/// then the stamps say when both were last kept up, and the pair is
/// uncertain, listed only when every pair is asked for.
#[test]
fn last_edit_dates_of_notes_kept_up_together_order_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path();
    common::copy_dir(&fixture("stamped-dates"), repo);
    let (old, new) = ("plugins/summary-blocks-workflow.md", "plugins/summary-blocks-workflow-tutorial.md");
    git(repo, &["init", "-q", "-b", "main"], "2024-05-01T10:00:00Z");
    git(repo, &["add", "-A"], "2024-05-01T10:00:00Z");
    git(repo, &["commit", "-qm", "plugins"], "2024-05-01T10:00:00Z");
    let (pairs, _) = found(repo, &["--min-score", "0"]);
    assert_eq!(pairs, owned(&[(old, new, "confident")]));
    for (n, date) in [(1, "2024-06-01T10:00:00Z"), (2, "2024-07-01T10:00:00Z")] {
        for path in [old, new] {
            let text = std::fs::read_to_string(repo.join(path)).unwrap();
            std::fs::write(repo.join(path), format!("{text}\nSee also the index ({n}).\n")).unwrap();
        }
        git(repo, &["commit", "-qam", "fix links"], date);
    }
    let (pairs, json) = found(repo, &["--min-score", "0"]);
    assert_eq!(pairs, owned(&[(old, new, "uncertain")]), "{json}");
    let reasons = json["pairs"][0]["reasons"].to_string();
    assert!(reasons.contains("changed together, in 2 commits"), "{reasons}");
}

/// Two stubs under one title (`Tutorial`: a heading and nothing else, as
/// a hierarchy's placeholder notes are made) are two subjects' notes, not
/// versions of one: no pair at the default threshold, and no confident
/// direction below it. Two works whose aliases differ in their year
/// (`Autumn_1994`, `Autumn_2003`) never have "the alias" in common.
#[test]
fn stubs_under_one_title_are_not_versions() {
    let (pairs, json) = found(&fixture("stub-notes"), &["--no-git"]);
    assert_eq!(pairs, owned(&[]), "{json}");
    let (pairs, _) = found(&fixture("stub-notes"), &["--no-git", "--min-score", "0"]);
    assert!(pairs.iter().all(|p| p.2 == "uncertain"), "{pairs:?}");
    let dir = tempfile::tempdir().unwrap();
    let film = |year: &str, image: &str| {
        let text = format!("---\naliases: [Autumn_{year}]\ntags: [film]\n---\n![poster]({image}.jpg)\n");
        std::fs::write(dir.path().join(format!("Autumn {year}.md")), text).unwrap();
    };
    film("1994", "img2272563445");
    film("2003", "img2407174319");
    let (_, json) = suggest_json(dir.path(), &["--no-git", "--min-score", "0"]);
    assert!(!json.to_string().contains("both have the alias"), "{json}");
}

/// A note named `new` whose text the other note's path held earlier is
/// the older: the word in the name never outweighs the content history.
#[test]
fn a_word_in_a_name_never_outweighs_the_history() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let first = "# Deploy plan\n\nFreeze the main branch on Monday morning and tag the release candidate.\n\n\
                 Run the full test suite on the candidate and publish the results to the team channel.\n\n\
                 Deploy to staging on Tuesday and watch the error dashboard for a full day.\n";
    let second = first.replace("for a full day", "for two full days, then ask support for a go");
    git(d, &["init", "-q"], "2025-01-01T10:00:00Z");
    std::fs::write(d.join("deploy-plan.md"), first).unwrap();
    git(d, &["add", "."], "2025-01-01T10:00:00Z");
    git(d, &["commit", "-qm", "plan"], "2025-01-01T10:00:00Z");
    std::fs::write(d.join("deploy-plan.md"), &second).unwrap();
    git(d, &["commit", "-qam", "longer watch"], "2025-02-01T10:00:00Z");
    // Later, someone restores the first text under a name saying `new`.
    std::fs::write(d.join("deploy-plan-new.md"), first).unwrap();
    git(d, &["add", "."], "2025-03-01T10:00:00Z");
    git(d, &["commit", "-qm", "restore"], "2025-03-01T10:00:00Z");
    let (found, json) = found(d, &[]);
    assert_eq!(found, owned(&[("deploy-plan-new.md", "deploy-plan.md", "confident")]));
    let reasons = json["pairs"][0]["reasons"].to_string();
    assert!(reasons.contains("an earlier state of the other's"), "{reasons}");
}

/// A page's old text moved aside into the archive folder when the page
/// was rewritten (`git mv` then a new file, as a vault is restructured),
/// the page edited again since: the archived copy was committed after the
/// page was made, but its text is one the page once held, so it is the
/// older, with confidence.
#[test]
fn a_snapshot_moved_aside_is_the_older_though_committed_later() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    copy_dir(&fixture("portuguese-vault"), d);
    let page = d.join("Processos/Fechamento do Caixa.md");
    let archived = d.join("LEGADO/Processos/Fechamento do Caixa.md");
    let (old, new) = (std::fs::read_to_string(&archived).unwrap(), std::fs::read_to_string(&page).unwrap());
    std::fs::remove_dir_all(d.join("LEGADO")).unwrap();
    std::fs::write(&page, &old).unwrap();
    git(d, &["init", "-q"], "2025-02-03T10:00:00Z");
    git(d, &["add", "."], "2025-02-03T10:00:00Z");
    git(d, &["commit", "-qm", "notes"], "2025-02-03T10:00:00Z");
    std::fs::create_dir_all(archived.parent().unwrap()).unwrap();
    git(d, &["mv", "Processos/Fechamento do Caixa.md", "LEGADO/Processos/"], "2025-08-01T10:00:00Z");
    std::fs::write(&page, &new).unwrap();
    git(d, &["add", "."], "2025-08-01T10:00:00Z");
    git(d, &["commit", "-qm", "restructure, old notes in LEGADO"], "2025-08-01T10:00:00Z");
    std::fs::write(&page, format!("{new}\nRevisto em setembro.\n")).unwrap();
    git(d, &["commit", "-qam", "review"], "2025-09-15T10:00:00Z");
    let (found, _) = found(d, &[]);
    assert_eq!(
        found,
        owned(&[(
            "LEGADO/Processos/Fechamento do Caixa.md",
            "Processos/Fechamento do Caixa.md",
            "confident"
        )])
    );
}

/// A runbook for one alert, from the skeleton every runbook of the
/// repository follows: `resource` names what the alert watches.
fn runbook(resource: &str) -> String {
    format!(
        "---\ntitle: Node {resource} Pressure\n---\n# Node{resource}Pressure\n\n## Meaning\n\nThe node \
         reports {resource} pressure, and the kubelet has started to evict pods from it.\n\n## Impact\n\n\
         Pods scheduled on the node are evicted and rescheduled elsewhere; services with a single replica \
         go down until they start again on another node. Jobs that were running lose their progress \
         unless they write checkpoints.\n\n## Diagnosis\n\nList the pods on the node with their \
         requests and what they use now, and read the events of the node for the evictions of the last \
         hour. Compare them with the node's allocatable resources.\n\n## Mitigation\n\nSet requests and \
         limits that match what the pods use, move the heaviest pods to a node pool sized for them, and \
         add nodes when the whole pool runs short.\n"
    )
}

/// Two runbooks from one skeleton, for two alerts, added on one day, are
/// two documents; the second added a month after the first may be the
/// first rewritten for its new name, and is still suggested.
#[test]
fn pages_for_two_subjects_made_together_are_not_versions() {
    let repository = |second_added: &str| {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        git(d, &["init", "-q"], "2025-01-01T10:00:00Z");
        for (resource, date) in [("Disk", "2025-01-01T10:00:00Z"), ("Memory", second_added)] {
            std::fs::write(d.join(format!("Node{resource}Pressure.md")), runbook(resource)).unwrap();
            git(d, &["add", "."], date);
            git(d, &["commit", "-qm", "runbook"], date);
        }
        dir
    };
    // Five minutes apart, the first commits alone would order them.
    let together = repository("2025-01-01T10:05:00Z");
    assert_eq!(found(together.path(), &[]).0, []);
    let apart = repository("2025-02-01T10:00:00Z");
    assert_eq!(
        found(apart.path(), &[]).0,
        owned(&[("NodeDiskPressure.md", "NodeMemoryPressure.md", "uncertain")])
    );
}

/// A download page of a docs site, for the release `line` it shows.
fn download_page(line: &str) -> String {
    format!(
        "---\ntitle: Download\n---\n# Download\n\nPick the installer for your system below; each \
         one bundles the runtime and its package manager.\n\nChecksums and signatures are published \
         beside every file, with the key that signed them.\n\nThe {line} line is shown here.\n"
    )
}

/// Makes the same edit to both English download pages and commits it at
/// `date`: both release lines kept up by one commit.
fn edit_both_download_pages(d: &Path, from: &str, to: &str, date: &str) {
    for name in ["index", "current"] {
        let path = d.join(format!("en/download/{name}.md"));
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replace(from, to)).unwrap();
    }
    git(d, &["commit", "-qam", "both lines"], date);
}

/// Translates the two English download pages of the repository at `d`
/// into French, both in one commit, which says nothing of their order.
fn translate_download_pages(d: &Path) {
    std::fs::create_dir_all(d.join("fr/download")).unwrap();
    for name in ["index", "current"] {
        let text = std::fs::read_to_string(d.join(format!("en/download/{name}.md"))).unwrap();
        std::fs::write(d.join(format!("fr/download/{name}.md")), text.replace("Download", "Téléchargement"))
            .unwrap();
    }
    git(d, &["add", "."], "2025-04-01T10:00:00Z");
    git(d, &["commit", "-qm", "French pages"], "2025-04-01T10:00:00Z");
}

/// A page named `current` beside the folder's page, made from it, is its
/// newer version by its name; but where the history shows the first page
/// still changed weeks after the second was made, the two are kept side
/// by side (a page for each release line), and the words do not say
/// which one replaced the other; nor for the same two pages in another
/// language, whose translations were added in one commit.
#[test]
fn a_word_in_a_name_orders_with_confidence_only_what_the_history_leaves_alone() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("en/download")).unwrap();
    git(d, &["init", "-q"], "2025-01-01T10:00:00Z");
    std::fs::write(d.join("en/download/index.md"), download_page("long-term support")).unwrap();
    git(d, &["add", "."], "2025-01-01T10:00:00Z");
    git(d, &["commit", "-qm", "download page"], "2025-01-01T10:00:00Z");
    std::fs::write(d.join("en/download/current.md"), download_page("current")).unwrap();
    git(d, &["add", "."], "2025-02-01T10:00:00Z");
    git(d, &["commit", "-qm", "a page for the current line"], "2025-02-01T10:00:00Z");
    let (before, _) = found(d, &[]);
    assert_eq!(before, owned(&[("en/download/index.md", "en/download/current.md", "confident")]));
    // Both pages are kept up to date, weeks later.
    edit_both_download_pages(d, "below;", "below, for this release;", "2025-03-15T10:00:00Z");
    translate_download_pages(d);
    let (after, json) = found(d, &[]);
    assert_eq!(
        after,
        owned(&[
            ("en/download/index.md", "en/download/current.md", "uncertain"),
            ("fr/download/index.md", "fr/download/current.md", "uncertain"),
        ])
    );
    let reasons = json["pairs"].to_string();
    assert!(reasons.contains("the older was changed after the newer was made"), "{reasons}");
    // One pair in two languages is one decision.
    assert!(reasons.contains("uncertain as the same pair in another language"), "{reasons}");
}

/// Two pages that the same small commits keep changing are both kept up
/// (a download page for each release line): neither is listed as the
/// stale one, nor are their translations, added in one commit that says
/// nothing. Asked for every pair, the reason is given.
#[test]
fn pages_still_changed_together_are_both_kept_up() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("en/download")).unwrap();
    git(d, &["init", "-q"], "2025-01-01T10:00:00Z");
    std::fs::write(d.join("en/download/index.md"), download_page("long-term support")).unwrap();
    std::fs::write(d.join("en/download/current.md"), download_page("current")).unwrap();
    git(d, &["add", "."], "2025-01-01T10:00:00Z");
    git(d, &["commit", "-qm", "download pages"], "2025-01-01T10:00:00Z");
    let edits =
        [("below;", "below, for this release;"), ("signed them.", "signed them, and its fingerprint.")];
    for (n, (from, to)) in edits.into_iter().enumerate() {
        edit_both_download_pages(d, from, to, &format!("2025-0{}-15T10:00:00Z", n + 2));
    }
    translate_download_pages(d);
    let (listed, _) = found(d, &[]);
    assert_eq!(listed, owned(&[]));
    let (every, json) = found(d, &["--min-score", "0"]);
    assert_eq!(
        every,
        owned(&[
            ("en/download/index.md", "en/download/current.md", "uncertain"),
            ("fr/download/index.md", "fr/download/current.md", "uncertain"),
        ])
    );
    let reasons = json["pairs"].to_string();
    assert!(reasons.contains("both are still changed together, in 2 commits"), "{reasons}");
    assert!(reasons.contains("the same pair in another language is still changed together"), "{reasons}");
}

/// An author's page made again under a renamed account, with the old
/// page left behind, is one page: the two answer to one alias, under one
/// title, though the file names have nothing in common. Not an alias three
/// pages share, nor two records named by generated ids, nor two checks for
/// platforms that do not overlap.
#[test]
fn one_alias_under_one_title_is_one_page() {
    let (listed, json) = found(&fixture("renamed-accounts"), &["--no-git"]);
    let pages: Vec<(String, String)> = listed.into_iter().map(|(a, b, _)| (a, b)).collect();
    assert_eq!(pages, [("People/mara-wells-dev.md".to_string(), "People/mkwells.md".to_string())]);
    assert!(
        json["pairs"][0]["reasons"].to_string().contains("both have the alias \\\"Mara Wells\\\""),
        "{json}"
    );
    let (_, every) = suggest_json(&fixture("renamed-accounts"), &["--no-git", "--min-score", "0"]);
    for p in every["pairs"].as_array().unwrap() {
        let reasons = p["reasons"].to_string();
        let older = p["older"].as_str().unwrap();
        if older.starts_with("Checks/") || older.contains("juno") {
            assert!(!reasons.contains("alias"), "{p}");
            assert!(p["score"].as_f64().unwrap() < 0.5, "{p}");
        }
    }
}

/// `Name 1.md` beside `Name.md` (Obsidian's copy when a name is taken),
/// with some edits since or written again with no text in common, and a
/// note moved into a subfolder with its original left behind, are
/// candidates; two teams' pages of one name are not, nor is `RAID 1`
/// beside `RAID`, `RAID 0` and `RAID 5`. `Paper (2015) 2` with the text
/// of `Paper (2015)`, in the year's folder, is a copy to retire, not the
/// next of a series; `Worked example 2` with its own text is no copy.
#[test]
fn the_copies_people_make_are_candidates() {
    let (_, every) = suggest_json(&fixture("copies"), &["--no-git", "--min-score", "0"]);
    let naming = |path: &str| {
        let path = path.to_string();
        move |p: &&serde_json::Value| p["older"] == path.as_str() || p["newer"] == path.as_str()
    };
    for p in every["pairs"].as_array().unwrap().iter().filter(naming("Storage/RAID 1.md")) {
        assert!(
            !p["reasons"].to_string().contains("name was taken"),
            "a series number, not a clash copy: {p}"
        );
    }
    let second = every["pairs"].as_array().unwrap().iter().find(naming("Examples/Worked example 2.md"));
    let second = second.expect("listed at any score");
    assert!(!second["reasons"].to_string().contains("name was taken"), "a second example: {second}");
    let pairs = every["pairs"].as_array().unwrap();
    let copy = pairs.iter().find(naming("Papers/2015/Sensor drift correction (2015) 2.md")).expect("paired");
    assert_eq!(copy["older"], "Papers/2015/Sensor drift correction (2015) 2.md");
    assert!(copy["reasons"].to_string().contains("\\\" 2\\\": an identical copy"), "{copy}");
    let (found, _) = found(&fixture("copies"), &["--no-git"]);
    let pairs: Vec<(String, String)> = found.into_iter().map(|(a, b, _)| (a, b)).collect();
    assert_eq!(
        pairs,
        [
            ("Campaign/Mara Lind.md".to_string(), "Campaign/PCs/Mara Lind.md".to_string()),
            ("Finance/Index fund.md".to_string(), "Finance/Index fund 1.md".to_string()),
            ("Linux/AppImage.md".to_string(), "Linux/AppImage 1.md".to_string()),
            (
                "Papers/2015/Sensor drift correction (2015) 2.md".to_string(),
                "Papers/2015/Sensor drift correction (2015).md".to_string()
            ),
        ]
    );
}

/// What a first run on a zettelkasten showed as noise: notes named one word
/// apart and written from one skeleton (`Redis LPUSH`, `Redis RPUSH`), notes
/// that open with the same section heading (`# Table`), pages of a campaign
/// that each carry one session log, one file name in two projects'
/// folders, daily notes beside a template named as one, a report per
/// release, and two stubs whose titles differ in a symbol alone (`C
/// language`, `C# language`). None is a pair. An edited clash copy and one person's page
/// under two account names, with a title of its own, still are.
#[test]
fn siblings_skeletons_and_shared_passages_are_not_versions() {
    let (default, _) = found(&fixture("siblings"), &["--no-git"]);
    assert_eq!(
        default,
        owned(&[
            ("People/jane-doe-writes.md", "People/jdoe.md", "uncertain"),
            ("Recipes/Bread.md", "Recipes/Bread 1.md", "uncertain"),
        ])
    );
    // The siblings are there for one who asks for every pair, each with
    // its evidence (nothing orders them, so not among weaker pairs); the
    // shared passage and the series are not.
    let (weak, _) = found(&fixture("siblings"), &["--no-git", "--min-score", "0.3"]);
    assert!(!weak.iter().any(|(o, _, _)| o.starts_with("Programming/")), "{weak:?}");
    let (weak, _) = found(&fixture("siblings"), &["--no-git", "--min-score", "0"]);
    let names: Vec<&str> = weak.iter().map(|(o, _, _)| o.as_str()).collect();
    assert!(names.contains(&"Programming/Redis LPUSH.md"), "{names:?}");
    assert!(!names.iter().any(|n| n.starts_with("Campaign/") || n.starts_with("Security/")), "{names:?}");
    assert!(!names.iter().any(|n| n.starts_with("Daily/")), "{names:?}");
}

/// In a vault whose notes open with a section heading (`# Economy`,
/// `# Table`, `# Definition`) rather than their name, two notes opening
/// with one such heading are not one document for it: two countries' notes
/// and two curves' tables are no pair.
#[test]
fn opening_section_headings_are_not_titles() {
    let (pairs, _) = found(&fixture("section-headings"), &["--no-git"]);
    assert_eq!(pairs, owned(&[]));
    // Weaker pairs show the heading is not taken for a title.
    let (_, json) = found(&fixture("section-headings"), &["--no-git", "--min-score", "0.3"]);
    for pair in json["pairs"].as_array().unwrap() {
        assert!(pair["signals"]["title"].is_null(), "{pair}");
    }
}

/// A theme's page made from another's (a fork, much of its text copied)
/// is not a version of it when nothing but the text joins them; one page
/// written again under a name that differs only in punctuation is.
#[test]
fn pages_joined_by_text_alone_must_be_one_text() {
    let (pairs, json) = found(&fixture("forked-pages"), &["--no-git"]);
    assert_eq!(
        pairs,
        owned(&[("Themes/Tidewater - Night Edition.md", "Themes/Tidewater, Night Edition.md", "uncertain")])
    );
    assert_eq!(json["pairs"][0]["signals"]["name"], 1.0, "{json}");
}

/// A dated copy kept in an archive folder under its note's name with
/// words added (`archive/top-of-mind-before-cleanup-2026-03-02.md`) is a
/// snapshot of that note, however much the note has changed since: each
/// of two snapshots keeps its pair, the earlier one with no text or
/// outline left in common (uncertain, then). An undated note there named
/// after it is not a snapshot.
#[test]
fn a_dated_copy_archived_under_its_name_is_a_snapshot() {
    let (pairs, json) = found(&fixture("archive-snapshots"), &["--no-git"]);
    assert_eq!(
        pairs,
        owned(&[
            ("Home/archive/top-of-mind-before-cleanup-2026-01-05.md", "Home/top-of-mind.md", "uncertain"),
            ("Home/archive/top-of-mind-before-cleanup-2026-03-02.md", "Home/top-of-mind.md", "confident"),
        ])
    );
    assert_eq!(json["pairs"][0]["reasons"][0], "a dated copy archived under its name", "{json}");
}

/// A word that makes two names one may be the subject (`Go copy` is a page
/// on Go's `copy`), and a dated post beside the docs page on its subject,
/// in another folder, shares a few words: neither is a pair. An edition
/// marked `old`, mostly the same text, still is.
#[test]
fn subject_words_and_names_elsewhere_need_text_in_common() {
    expect_pairs("subject-words", &[("policies/leave-old.md", "policies/leave.md", "confident")]);
}

/// Tags that many notes carry file a subject: two notes of it that share
/// a third of their text and a short outline (two concepts, the second
/// written by copying the first) are not joined by those tags, while a
/// clash copy among them still is a version.
#[test]
fn tags_many_notes_carry_join_no_two_notes() {
    expect_pairs("subject-tags", &[("Circuits/Multiplexer.md", "Circuits/Multiplexer 1.md", "uncertain")]);
}

/// A weekly note of the configured series that a post was drafted in is
/// no version of the post, however much text they share; a list and its
/// older copy beside them are.
#[test]
fn a_periodic_entry_is_no_version_of_a_post_drafted_in_it() {
    expect_pairs("journal-drafts", &[("Lists/Packing list (old).md", "Lists/Packing list.md", "confident")]);
}

/// Nor is a weekly note, named by its day in a vault with no settings, a
/// version of the reading note first jotted in it and filed under the
/// month it was read (`reading/2025-03-deep-work.md`): a date in the
/// document's name does not make it an entry of the journal's series.
#[test]
fn a_dated_document_is_no_version_of_the_entry_it_was_jotted_in() {
    expect_all_pairs("journal-extracts", &[]);
}

/// A page copied unchanged from one release to the next, then moved and
/// rewritten in the third, is a chain: the middle copy keeps both its
/// older copy (under the folder rule the copies are offered as) and the
/// moved page, though its unchanged copy is the closer.
#[test]
fn a_page_of_a_release_chain_keeps_its_newer_copy() {
    let (pairs, json) = found(&fixture("release-chain"), &["--no-git"]);
    assert_eq!(
        pairs,
        owned(&[("docs/v2/guide/upgrading.md", "docs/v3/operations/upgrading.md", "confident")])
    );
    let rules = json["folder_rules"].as_array().unwrap();
    assert_eq!(rules.len(), 1, "{json}");
    assert_eq!(rules[0]["newer"], "docs/v3");
    assert_eq!(rules[0]["copies"], 5);
}

/// A page moved between two releases (`1.0/tasks/backup.md` to
/// `2.0/deploy/backup.md`) is paired with its copy in the next release
/// only: the later releases' copies are ordered after that one by the
/// folder rule, and a pair with each would repeat it. Nor is it paired
/// with a page cloned from its new copy in that release
/// (`2.0/deploy/snapshot.md`): a page renamed has one copy in each. And
/// `1.0/guides/alerts/rules.md` is no older copy of a page of the same
/// file name that shares its text (`2.0/ops/metrics/rules.md`) where
/// that release holds one ending with more of its path
/// (`2.0/ops/alerts/rules.md`), however much that one was rewritten. A
/// page renamed in every release (`upgrade-to-1.0.md`, `upgrade-to-2.0.md`)
/// pairs with the next release's only. A page moved to another section in
/// the next release and written again there (`reference/clients/go-client.md`
/// become `develop/clients/go-client.md`) is one page by its file name,
/// though no text is shared: listed, uncertain. The folder rule ends at
/// the latest release, `3.0`: `dev/` holds the one being prepared.
#[test]
fn a_page_moved_between_releases_pairs_with_the_next_release_only() {
    let (pairs, json) = found(&fixture("release-moves"), &["--no-git"]);
    assert_eq!(
        pairs,
        owned(&[
            ("content/docs/1.0/tasks/backup.md", "content/docs/2.0/deploy/backup.md", "confident"),
            ("content/docs/1.0/upgrade-to-1.0.md", "content/docs/2.0/upgrade-to-2.0.md", "confident"),
            (
                "content/docs/2.0/reference/clients/go-client.md",
                "content/docs/3.0/develop/clients/go-client.md",
                "uncertain",
            ),
            ("content/docs/2.0/upgrade-to-2.0.md", "content/docs/3.0/upgrade-to-3.0.md", "confident"),
        ])
    );
    let rules = json["folder_rules"].as_array().unwrap();
    assert_eq!(rules.len(), 1, "{json}");
    assert_eq!(rules[0]["newer"], "content/docs/3.0");
}

/// A section whose folder moved between releases (`plugins/cache/` to
/// `extensions/cache/`, as its pages' pairs show) keeps its index page
/// there, however rewritten: the page that took the index's list of
/// options (`reference/cache-options.md`) shares half its text, but is a
/// part of it split off, not its next version.
#[test]
fn a_page_split_off_a_moved_section_is_not_its_index_renamed() {
    expect_pairs(
        "release-splits",
        &[
            ("docs/1.0/plugins/cache/evict.md", "docs/2.0/extensions/cache/evict.md", "confident"),
            ("docs/1.0/plugins/cache/warm.md", "docs/2.0/extensions/cache/warm.md", "confident"),
        ],
    );
}

/// A page renamed between releases is one page by its name (a plugin's
/// page become its folder's index page) or by most of its text. A page
/// split in two between releases leaves each part with less than half of
/// it under another name: the release order says which is older, but not
/// that the two are one page, so the pair is never `confident`.
#[test]
fn a_page_split_between_releases_is_not_confidently_either_part() {
    expect_pairs(
        "release-parts",
        &[
            ("docs/1.0/plugins/mirror.md", "docs/2.0/plugins/mirror/_index.md", "confident"),
            ("docs/1.0/setup/removal.md", "docs/2.0/setup/hosts.md", "uncertain"),
        ],
    );
}

/// A project's old chapter notes put aside in its `OLD/` folder, the live
/// ones renumbered and retitled beside it: the folder says which copy is
/// the older, whatever the names.
#[test]
fn a_folder_of_old_copies_orders_notes_renamed_beside_it() {
    expect_pairs(
        "old-folder",
        &[(
            "Projects/Clinical NLP/OLD/1. Foundations/1.2. Word vectors.md",
            "Projects/Clinical NLP/02. Foundations/02.2. Word vectors and similarity.md",
            "confident",
        )],
    );
}

/// A note moved to a sibling folder and edited there, its first copy
/// left behind, is one note in two folders that share no other name: it
/// is paired. A team's page copied for another team and retitled for it
/// is one name in two folders too, but a page of each: it is not.
#[test]
fn a_note_moved_to_another_folder_is_found_and_a_teams_copy_is_not() {
    expect_pairs(
        "moved-notes",
        &[(
            "security/privesc/registry/weak-key-permissions.md",
            "security/privesc/services/weak-key-permissions.md",
            "uncertain",
        )],
    );
}

/// Releases of two major versions, each in its own folder (`docs/v1/1.9/`
/// beside `docs/v2/2.0/` to `docs/v2/2.2/`), are one set of releases: the
/// last of v1 is older than the first of v2, one folder rule retires them
/// all, and a page moved from 1.9 to 2.0 pairs with its 2.0 copy only. A
/// page of a `v1/` folder that holds no releases (`sdk/v1/install.md`)
/// pairs with the first of `v2/`'s releases only: the folder rule orders
/// that release's copies after it.
#[test]
fn the_releases_of_two_major_versions_are_one_set() {
    let (pairs, json) = found(&fixture("major-versions"), &["--no-git"]);
    assert_eq!(
        pairs,
        owned(&[
            ("docs/v1/1.9/storage.md", "docs/v2/2.0/operations/storage.md", "confident"),
            ("sdk/v1/install.md", "sdk/v2/2.0/install.md", "confident"),
            ("sdk/v1/usage.md", "sdk/v2/2.0/usage.md", "confident"),
        ])
    );
    let rules = json["folder_rules"].as_array().unwrap();
    assert_eq!(rules.len(), 2, "{json}");
    assert_eq!(rules[0]["older"], "docs/{v1/1.9,v2/2.0,v2/2.1}");
    assert_eq!(rules[0]["newer"], "docs/v2/2.2");
    assert_eq!(rules[1]["newer"], "sdk/v2/2.2");
}

/// A published garden writes each embedded note's text into the note
/// that embeds it, and each drawing's script and style into the note
/// that shows it: that text is the other note's, not a copy of it.
#[test]
fn embedded_notes_and_drawings_are_not_copies() {
    expect_pairs("published-garden", &[]);
}

/// One text filed under one name in two subjects' folders, nothing to say
/// which came first, is one note filed twice, both current; so is a digest
/// written for each subject, one of them numbered (`search is dying 2.md`
/// beside another folder's `search is dying.md`), for its name alone. The
/// same note moved into a subfolder and left behind is still a pair to
/// settle.
#[test]
fn a_note_filed_under_two_subjects_is_no_version_of_itself() {
    expect_pairs("filed-twice", &[("Inbox/Travel/Trip plan.md", "Inbox/Trip plan.md", "uncertain")]);
}

/// Year folders whose notes are filed by week (`2024/W01/sources.md`,
/// `2025/W01/sources.md`) share their paths without being releases: the
/// week's notes of two years are two entries of a log, and no folder rule
/// retires a year.
#[test]
fn a_years_weekly_notes_are_no_release_of_the_last_years() {
    let (pairs, json) = found(&fixture("yearly-weeks"), &["--no-git"]);
    assert_eq!(pairs, owned(&[]));
    assert_eq!(json["folder_rules"], serde_json::json!([]), "{json}");
}

/// In a vault whose notes open with their titles, two notes on different
/// subjects that open with one section heading (`Vacation.md` and
/// `Working hours.md`, each opening with `# Minors`) are not one document
/// for it: a heading that shares nothing with its note's name is a title
/// only where an alias holds it, as a person's page named by an account
/// (`jdoe.md`) is titled by the person.
#[test]
fn a_section_heading_two_notes_open_with_is_no_title_of_theirs() {
    expect_pairs("heading-titles", &[("People/jane-d.md", "People/jdoe.md", "uncertain")]);
}

/// The release order is never reversed: where the notes' own dates say
/// the renamed page in the newer release is the older, the pair keeps the
/// releases' order, is uncertain, and says both. (The dates are written
/// at run time into a copy of the chain.)
#[test]
fn dates_that_disagree_with_the_release_order_make_it_uncertain_not_reversed() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("site");
    common::copy_dir(&fixture("release-chain"), &root);
    for (path, day) in
        [("docs/v2/guide/upgrading.md", "2025-06-01"), ("docs/v3/operations/upgrading.md", "2024-01-15")]
    {
        let path = root.join(path);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replacen("---\n", &format!("---\nupdated: {day}\n"), 1)).unwrap();
    }
    let (pairs, json) = found(&root, &["--no-git"]);
    assert_eq!(
        pairs,
        owned(&[("docs/v2/guide/upgrading.md", "docs/v3/operations/upgrading.md", "uncertain")])
    );
    let reasons: Vec<&str> =
        json["pairs"][0]["reasons"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    assert!(reasons.contains(&"release v2 before v3"), "{reasons:?}");
    assert_eq!(reasons.last(), Some(&"which the release order overrules"), "{reasons:?}");
    // Nor does the git history reorder it, uncertain as it is.
    git(&root, &["init", "-q"], "2026-01-01T00:00:00Z");
    git(&root, &["add", "-A"], "2026-01-01T00:00:00Z");
    git(&root, &["commit", "-qm", "site"], "2026-01-01T00:00:00Z");
    let (with_history, _) = found(&root, &[]);
    assert_eq!(with_history, pairs);
}

/// Two sibling folders named as versions that share too few pages to be
/// a set of release folders still order a page found in both, moved and
/// edited, where nothing in the notes does.
#[test]
fn sibling_version_folders_order_a_page_nothing_else_orders() {
    let (pairs, json) = found(&fixture("version-folders"), &["--no-git"]);
    assert_eq!(pairs, owned(&[("docs/v1/setup.md", "docs/v2/getting-started/setup.md", "confident")]));
    let reasons = json["pairs"][0]["reasons"].as_array().unwrap();
    assert_eq!(reasons.last().unwrap(), "in v1/ before v2/", "{json}");
}

/// Two packages' READMEs with one text are each the page of its own
/// folder, not versions of each other, when nothing orders them; a
/// checklist and its older copy beside them still are a pair.
#[test]
fn pages_of_two_folders_under_a_generic_name_are_no_versions() {
    expect_pairs(
        "package-readmes",
        &[("docs/release checklist (old).md", "docs/release checklist.md", "confident")],
    );
}

/// A month's log and the landing page that shows the latest month share
/// that month's text, but the page is no version of the month: an entry
/// of a dated series is paired only with a note whose name it holds, as
/// a month's copy of the budget is with the budget.
#[test]
fn a_series_entry_is_no_version_of_the_page_that_shows_it() {
    expect_pairs(
        "monthly-logs",
        &[
            ("Money/Budget 2024-12.md", "Money/Budget.md", "confident"),
            ("Money/Budget 2025-01.md", "Money/Budget.md", "confident"),
            ("Money/Budget 2025-02.md", "Money/Budget.md", "confident"),
        ],
    );
}

/// A folder that mirrors many of the vault's notes (a site's content
/// folder synced from the garden), nearly all with the same text, is one
/// copy of them, not a version of each: no pair for each note, even for
/// the one copy that lags behind an edit. A plan beside its older copy is
/// still a pair.
#[test]
fn a_folder_that_mirrors_the_vault_is_no_set_of_versions() {
    expect_pairs(
        "mirror",
        &[("Projects/Kitchen shelves (old plan).md", "Projects/Kitchen shelves.md", "confident")],
    );
}

/// Two paths that differ only in case are one file where names ignore
/// case (macOS, Windows) and two here: a folder renamed by case, the old
/// one left behind. They are a pair whatever their names say, even when
/// the name is a period a series is made of; the series' other entries
/// are still no pair. (Written at run time: a fixture holding both paths
/// could not be checked out where names ignore case.)
#[test]
fn paths_that_differ_only_in_case_are_one_note() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let goals = "# Goals for the quarter\n\n## Goal\n\nFinish the kernel module course and write up each exercise.\n\n\
                 ## Habit\n\nOne hour of reading every weekday morning, before opening email.\n";
    for (path, text) in [
        (".vaultlint.toml", "root = true\n".to_string()),
        ("Growth/Quarterly Goals/2021-Q1.md", goals.to_string()),
        ("Growth/quarterly goals/2021-Q1.md", goals.to_string()),
        ("Growth/Quarterly Goals/2021-Q2.md", goals.replace("kernel module course", "network stack chapter")),
        ("Growth/Quarterly Goals/2021-Q3.md", goals.replace("kernel module course", "filesystem chapter")),
    ] {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let (pairs, json) = found(root, &["--no-git"]);
    assert_eq!(
        pairs,
        owned(&[("Growth/Quarterly Goals/2021-Q1.md", "Growth/quarterly goals/2021-Q1.md", "uncertain")]),
        "{json}"
    );
}

/// A blog filed by year: the yearly post of one name (`2024/awards.md`,
/// `2025/awards.md`, each titled with its year and dated in it) is each
/// year's own, written from the last; a dated post and the undated guide
/// made from it are two documents, as are two posts named by their days
/// (a release candidate's announcement and the release's) and two entries
/// of a log filed in a folder for each day (`worklogs/2026-05-05/`). A post
/// republished the next year under another name, with most of its text,
/// is still a version.
#[test]
fn a_blogs_yearly_posts_and_the_guide_made_from_a_post_are_not_versions() {
    let (pairs, _) = found(&fixture("dated-posts"), &["--no-git"]);
    assert_eq!(
        pairs,
        owned(&[("blog/2023/winter-storage.md", "blog/2024/winter-storage-again.md", "confident")])
    );
    let (_, every) = suggest_json(&fixture("dated-posts"), &["--no-git", "--min-score", "0"]);
    let named = |p: &&serde_json::Value| p["older"].as_str().unwrap().contains("awards");
    assert!(every["pairs"].as_array().unwrap().iter().find(named).is_none(), "{every}");
}

/// Release folders named after the live folder they copy (`v1.9-docs`
/// beside `docs`) are a set of releases: one rule retires them, with a
/// glob that keeps the version's digit (`v[0-9]*`, never `v*`).
#[test]
fn release_folders_named_after_the_docs_folder_are_releases() {
    assert_eq!(only_rule("named-releases"), ("content/v[0-9]*".into(), "content/docs".into(), 9));
}

/// The one `[[supersede]]` rule suggested for a fixture, which leaves no
/// pair beside it: older glob, newer folder, copies.
fn only_rule(name: &str) -> (String, String, u64) {
    let (pairs, json) = found(&fixture(name), &["--no-git"]);
    assert_eq!(pairs, owned(&[]));
    let rules = json["folder_rules"].as_array().unwrap();
    assert_eq!(rules.len(), 1, "{json}");
    let text = |key: &str| rules[0][key].as_str().unwrap().to_string();
    (text("older"), text("newer"), rules[0]["copies"].as_u64().unwrap())
}

/// Old releases moved into an archive folder beside the current ones
/// (`docs/archive/2.0/` beside `docs/3.0/`) join their set, oldest here:
/// one rule retires them all, and the archive's newest release is not
/// left in force as if it were live.
#[test]
fn releases_moved_into_an_archive_folder_are_the_oldest_of_the_set() {
    let older = "site/docs/{archive/1.0,archive/2.0,3.0}";
    assert_eq!(only_rule("archived-releases"), (older.into(), "site/docs/4.0".into(), 9));
}

/// Release folders named for pre-releases (`version-2.0.0-beta.2`,
/// `version-2.0.0-rc.1`) are releases, ordered as semver orders them, and
/// a release folder of one page is retired by the same table, and so is
/// a page the live docs renamed to `.mdx`: no pair makes a live page older
/// than a release copy, though the live pages were committed years before
/// the releases were copied out.
#[test]
fn pre_release_folders_are_releases_older_than_the_live_docs() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&fixture("prerelease-folders"), dir.path());
    git(dir.path(), &["init", "-q", "-b", "main"], "2018-03-04T09:00:00Z");
    git(dir.path(), &["add", "docs", "README.md"], "2018-03-04T09:00:00Z");
    git(dir.path(), &["commit", "-qm", "docs"], "2018-03-04T09:00:00Z");
    git(dir.path(), &["add", "-A"], "2024-06-07T09:00:00Z");
    git(dir.path(), &["commit", "-qm", "releases"], "2024-06-07T09:00:00Z");
    let (pairs, json) = found(dir.path(), &[]);
    assert_eq!(pairs, owned(&[]), "{json}");
    let rule = &json["folder_rules"][0];
    assert_eq!(
        (&rule["older"], &rule["newer"], &rule["copies"]),
        (&"website/versioned_docs/version-[0-9]*".into(), &"docs".into(), &13.into())
    );
    let roots: Vec<&str> = rule["roots"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    let versioned = "website/versioned_docs/version-";
    assert_eq!(roots, ["1.0.1", "1.1.0", "2.0.0-beta.2", "2.0.0-rc.1"].map(|v| format!("{versioned}{v}")));
    let (code, json) = common::check_json(dir.path(), &[]);
    assert_eq!(
        (code, common::findings(&json)),
        (0, vec![("unmarked-version-roots".to_string(), ".vaultlint.toml".to_string(), None)]),
        "{json}"
    );
}

/// A page of the oldest release moved to another section in the next
/// (`using/install.md` to `intro/install.md`), whose live page was renamed
/// `.mdx`: `suggest --yes` writes the folder rule and names the live page
/// as the moved page's successor, not the release copy the rule retires,
/// so the next check has nothing to say of its own edits.
#[test]
fn yes_names_the_live_page_under_its_new_extension() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let write = |path: &str, text: String| {
        std::fs::create_dir_all(root.join(path).parent().unwrap()).unwrap();
        std::fs::write(root.join(path), text).unwrap();
    };
    write(".vaultlint.toml", "root = true\n".into());
    let page = |title: &str, first: &str| {
        format!(
            "---\ntitle: {title}\n---\n# {title}\n\n{first}\n\nThe installer puts the binary on your path \
             and checks the archive's signature before unpacking it. Run it again to upgrade: it keeps \
             your settings and plugins. Without a package manager, download the archive and check it \
             by hand.\n"
        )
    };
    write("versioned_docs/version-2/using/install.md", page("Installing", "Run the script."));
    write(
        "versioned_docs/version-3/intro/install.md",
        page("Installing", "Run the script, or use a package manager."),
    );
    write("docs/intro/install.mdx", page("Installing", "Run the script, or use a signed package."));
    for topic in ["backups", "plugins", "upgrades", "logging"] {
        let text = page(topic, &format!("How {topic} work, in words of the {topic} page alone."));
        write(&format!("docs/topics/{topic}.md"), text.clone());
        write(&format!("versioned_docs/version-3/topics/{topic}.md"), text);
    }
    let out = common::vaultlint().args(["suggest", "--yes", "--no-git"]).arg(root).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let moved = std::fs::read_to_string(root.join("versioned_docs/version-2/using/install.md")).unwrap();
    assert!(moved.contains("\nsuperseded_by: docs/intro/install.mdx\n"), "{moved}");
    let (code, json) = common::check_json(root, &["--no-git"]);
    assert_eq!((code, common::findings(&json)), (0, vec![]), "{json}");
}

/// Two release announcements of one product (`Relay v0.2.0`, `Relay
/// v0.3.0`) share a title apart from the version and little else: two
/// posts of two days, never paired, at any score, so never with a
/// confident direction, which `--yes` would write into the older post.
#[test]
fn a_weak_pair_is_never_confident() {
    let (pairs, json) = found(&fixture("announcements"), &["--no-git", "--min-score", "0"]);
    assert_eq!(pairs, owned(&[]), "{json}");
}

/// A folder moved whole (`mysql/` to `db/mysql/`, every note in one
/// commit) leaves its notes as old as they were: two clippings of one
/// article, added months apart, are paired oldest first, not vetoed as
/// two notes added together under two subjects.
#[test]
fn a_moved_folder_keeps_its_notes_first_commits() {
    let (dir, aside) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let repo = dir.path();
    common::copy_dir(&fixture("moved-folder"), repo);
    let tools = "mysql/tools/backup-pitfalls.md";
    std::fs::rename(repo.join(tools), aside.path().join("pitfalls.tmp")).unwrap();
    git(repo, &["init", "-q", "-b", "main"], "2024-07-31T09:00:00Z");
    git(repo, &["add", "-A"], "2024-07-31T09:00:00Z");
    git(repo, &["commit", "-qm", "notes"], "2024-07-31T09:00:00Z");
    std::fs::rename(aside.path().join("pitfalls.tmp"), repo.join(tools)).unwrap();
    git(repo, &["add", "-A"], "2024-10-10T09:00:00Z");
    git(repo, &["commit", "-qm", "pitfalls"], "2024-10-10T09:00:00Z");
    std::fs::create_dir(repo.join("db")).unwrap();
    git(repo, &["mv", "mysql", "db/mysql"], "2025-12-23T09:00:00Z");
    git(repo, &["commit", "-qm", "move under db"], "2025-12-23T09:00:00Z");
    let (pairs, json) = found(repo, &[]);
    assert_eq!(
        pairs,
        owned(&[("db/mysql/backup-tool-differences.md", "db/mysql/tools/backup-pitfalls.md", "uncertain")]),
        "{json}"
    );
    assert!(
        json["pairs"][0]["reasons"].to_string().contains("first committed 2024-07-31 < 2024-10-10"),
        "{json}"
    );
}

/// Two guides of a series of upgrades (`from-v2-to-v3`, `from-v3-to-v4`)
/// share their advice and their outline, but each says how to make its
/// own upgrade and stays true for whoever makes it: not versions of one
/// guide, at any threshold.
#[test]
fn guides_of_two_upgrades_are_not_versions() {
    expect_all_pairs("upgrade-guides", &[]);
}

/// Two variants of a page saved minutes apart (`updated` stamps of one
/// day, as an outliner writes them) were saved in one sitting: the stamps
/// say nothing of which replaced the other, so the direction is
/// uncertain, never confident.
#[test]
fn edit_times_of_one_day_do_not_make_a_direction_confident() {
    let (pairs, json) = found(&fixture("same-day-variants"), &["--no-git", "--min-score", "0"]);
    assert_eq!(pairs, owned(&[("tutorial.main.md", "tutorial.no-refactor.md", "uncertain")]), "{json}");
    let reasons = json["pairs"][0]["reasons"].to_string();
    assert!(reasons.contains("but both were edited on one day"), "{reasons}");
}

/// A note put aside in a Chinese archive folder (`归档/`, as `archive/`
/// is) is the older copy of the note of its name beside it.
#[test]
fn a_chinese_archive_folder_files_the_older_copy() {
    let (pairs, json) = found(&fixture("archive-folder-zh"), &["--no-git"]);
    assert_eq!(pairs, owned(&[("嵌入式/归档/串口.md", "嵌入式/串口.md", "confident")]), "{json}");
}

/// Two variants made from one page (the main and the short course of a
/// tutorial), saved minutes apart: nothing orders the two, so neither is
/// the page's one successor, and each of its pairs is uncertain, naming
/// the other.
#[test]
fn a_page_with_two_unordered_successors_has_none_for_certain() {
    let (pairs, json) = found(&fixture("channel-variants"), &["--no-git"]);
    assert_eq!(
        pairs,
        owned(&[
            ("guide/formatting.md", "tutorial/main/formatting.md", "uncertain"),
            ("guide/formatting.md", "tutorial/short/formatting.md", "uncertain"),
            ("tutorial/main/formatting.md", "tutorial/short/formatting.md", "uncertain"),
        ]),
        "{json}"
    );
    let reasons = json["pairs"].to_string();
    assert!(reasons.contains("but tutorial/short/formatting.md could as well be its successor"), "{reasons}");
    assert!(reasons.contains("but tutorial/main/formatting.md could as well be its successor"), "{reasons}");
}

/// Commits the fixture `name`'s `paths` into the repository at `d` at `date`.
fn commit_from_fixture(d: &Path, name: &str, paths: &[&str], date: &str) {
    for path in paths {
        let to = d.join(path);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(fixture(name).join(path), to).unwrap();
    }
    git(d, &["add", "."], date);
    git(d, &["commit", "-qm", "pages"], date);
}

/// Appends a line to each of `paths` and commits the change at `date`.
fn touch_and_commit(d: &Path, paths: &[String], date: &str) {
    for path in paths {
        let mut text = std::fs::read_to_string(d.join(path)).unwrap();
        text.push_str("\nReviewed for this release.\n");
        std::fs::write(d.join(path), text).unwrap();
    }
    git(d, &["add", "."], date);
    git(d, &["commit", "-qm", "review"], date);
}

/// `-v1` and `-v2` pages for two lines of a product: the v1 page is the
/// older by its name, with confidence while the history leaves it alone,
/// and after a sweep over the whole tree; once a person edits the v1 page
/// on its own months after v2 was added, both are kept up, and the
/// order is uncertain.
#[test]
fn a_page_marked_older_but_kept_up_since_is_not_retired_for_certain() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (v1, v2) = ("stores/setup-cache-v1.md", "stores/setup-cache-v2.md");
    git(d, &["init", "-q"], "2024-01-10T10:00:00Z");
    std::fs::copy(fixture("product-lines").join(".vaultlint.toml"), d.join(".vaultlint.toml")).unwrap();
    commit_from_fixture(d, "product-lines", &[v1], "2024-01-10T10:00:00Z");
    commit_from_fixture(d, "product-lines", &[v2], "2024-02-06T10:00:00Z");
    let (pairs, _) = found(d, &[]);
    assert_eq!(pairs, owned(&[(v1, v2, "confident")]));
    // A sweep over every page says nothing of who keeps which up.
    let mut sweep: Vec<String> = (0..120).map(|n| format!("other/page-{n}.md")).collect();
    for path in &sweep {
        std::fs::create_dir_all(d.join("other")).unwrap();
        std::fs::write(d.join(path), format!("# Page {path}\n")).unwrap();
    }
    git(d, &["add", "."], "2024-03-01T10:00:00Z");
    git(d, &["commit", "-qm", "other pages"], "2024-03-01T10:00:00Z");
    sweep.extend([v1.to_string(), v2.to_string()]);
    touch_and_commit(d, &sweep, "2024-04-01T10:00:00Z");
    let (pairs, _) = found(d, &[]);
    assert_eq!(pairs, owned(&[(v1, v2, "confident")]));
    touch_and_commit(d, &[v1.to_string()], "2024-08-14T10:00:00Z");
    let (pairs, json) = found(d, &[]);
    assert_eq!(pairs, owned(&[(v1, v2, "uncertain")]), "{json}");
    let reasons = json["pairs"][0]["reasons"].to_string();
    assert!(reasons.contains("the older was changed after the newer was made"), "{reasons}");
}

/// A page copied for another channel and edited there carries an edit
/// stamp earlier than the page it came from, edited since: the stamps
/// make the copy the older with confidence, but git added it long after
/// the page, so the order is uncertain.
#[test]
fn edit_stamps_that_git_contradicts_order_nothing_for_certain() {
    let (copy, page) = ("plugin/linking-notes.md", "wiki/linking-notes.md");
    let (pairs, _) = found(&fixture("channel-copy"), &["--no-git"]);
    assert_eq!(pairs, owned(&[(copy, page, "confident")]));
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    git(d, &["init", "-q"], "2021-09-01T10:00:00Z");
    std::fs::copy(fixture("channel-copy").join(".vaultlint.toml"), d.join(".vaultlint.toml")).unwrap();
    commit_from_fixture(d, "channel-copy", &[page], "2021-09-01T10:00:00Z");
    commit_from_fixture(d, "channel-copy", &[copy], "2022-05-10T10:00:00Z");
    let (pairs, json) = found(d, &[]);
    assert_eq!(pairs, owned(&[(copy, page, "uncertain")]), "{json}");
    let reasons = json["pairs"][0]["reasons"].to_string();
    assert!(reasons.contains("but git added the newer first"), "{reasons}");
}

/// Beside release folders, the live folder is compared as any folder is:
/// an old copy of a page left there (`producers-old.md`) is its older
/// version; two pages that a release folder holds too (`frame/press.md`
/// and `page/press.md`) are two pages, and so is a new page made from
/// their skeleton. Asked for the folder alone, the answer is the same.
#[test]
fn an_old_copy_in_the_live_folder_is_found_beside_release_folders() {
    let expected = owned(&[("docs/guides/producers-old.md", "docs/guides/producers.md", "confident")]);
    let (whole, json) = found(&fixture("live-folder-drafts"), &["--no-git", "--min-score", "0"]);
    assert_eq!(whole, expected, "{json}");
    let docs = fixture("live-folder-drafts").join("docs");
    let root = fixture("live-folder-drafts");
    let (code, json) = common::suggest_json(&docs, &["--no-git", "--root", root.to_str().unwrap()]);
    assert_eq!(code, 0, "{json}");
    let mut listed = pairs(&json);
    listed.sort();
    assert_eq!(listed, expected, "{json}");
}

/// A year's index page (`programs/mentoring/2022/README.md`, titled with
/// its year; Hugo's `_index.md` of a `2023/` section, dated when the site
/// was generated) beside the index of the folder holding it is that
/// year's page, which the folder's index links to: no pair, at any
/// threshold.
#[test]
fn a_year_folders_index_is_no_version_of_its_parents() {
    expect_all_pairs("folder-indexes", &[]);
}

/// Chinese puts no space between words: a word set in bold in each line
/// of a note leaves most of its text shared with the copy it was made
/// from, which is found, the right way round.
#[test]
fn an_edit_inside_a_chinese_sentence_keeps_the_rest_shared() {
    let (pairs, json) = found(&fixture("cjk-edits"), &["--no-git"]);
    assert_eq!(pairs, owned(&[("学习/番茄工作法-old.md", "学习/番茄工作法.md", "confident")]), "{json}");
    let shared = json["pairs"][0]["signals"]["content"].as_f64().unwrap();
    assert!(shared > 0.75, "{json}");
}

/// Two short definitions written from one pattern (`precision` and
/// `recall`), under names with nothing alike, share half their text:
/// their created dates do not make one the other's replacement with
/// confidence.
#[test]
fn two_concepts_from_one_pattern_are_not_ordered_with_confidence() {
    expect_all_pairs("concept-definitions", &[("notes/precision.md", "notes/recall.md", "uncertain")]);
}

/// A sync that stamps the day it ran as `created` on every clipping it
/// writes (57 notes here) says when each copy arrived, not that it
/// replaced the note made from the same article years before: the pair is
/// listed, uncertain, with that reason. A pair whose newer date is its own
/// stays confident.
#[test]
fn a_date_stamped_on_many_notes_at_once_orders_nothing_for_certain() {
    expect_pairs(
        "imported-clippings",
        &[
            ("Projects/Garden plan v1.md", "Projects/Garden plan v2.md", "confident"),
            ("Reading/Slow mornings.md", "Clippings/Slow mornings.md", "uncertain"),
        ],
    );
    let clipping = reasons("imported-clippings", "Clippings/Slow mornings.md");
    assert_eq!(
        clipping.last().unwrap(),
        "but 57 notes carry the newer one's `created`: a day notes were imported, not written"
    );
}

/// Drawings the Excalidraw plugin keeps as Markdown share the plugin's
/// frame and nothing else: never paired, however alike.
#[test]
fn drawings_are_not_notes_to_pair() {
    expect_pairs("drawings", &[]);
}

/// A note filed under a folder named for its day (`2025-03-10/`) is dated
/// by it beside a note whose name carries a date: the two days order the
/// pair, where the dated name alone made it the older.
#[test]
fn a_folder_named_for_a_day_dates_its_note() {
    expect_pairs(
        "dated-folders",
        &[(
            "Papers/2025-03-10/2503.01234_Sparse_Attention_Survey.md",
            "Papers/2025-03-12-Sparse-Attention-Survey.md",
            "confident",
        )],
    );
}

/// Items of a newsletter filed one folder per issue carry the issue's
/// date: the same article summarised in two issues is listed, but the
/// issue dates, which every item of each folder shares, order it for no
/// one. A pair dated by its notes' own days stays confident, and names
/// apart only in an apostrophe's shape are called that, not markers.
#[test]
fn dates_shared_by_a_whole_folder_order_nothing_for_certain() {
    expect_pairs(
        "newsletter-issues",
        &[
            ("Inbox/Lathe owner’s manual.md", "Workshop/Lathe owner's manual.md", "confident"),
            (
                "digest/41/items/04 - Oil finishes compared.md",
                "digest/47/items/03 - Oil finishes compared, revisited.md",
                "uncertain",
            ),
            ("Workshop/Finishing schedule.md", "Workshop/Finishing schedule 2025.md", "confident"),
        ],
    );
    let issue = reasons("newsletter-issues", "digest/47/items/03 - Oil finishes compared, revisited.md");
    assert!(issue.last().unwrap().starts_with("but each note's date is its folder's"), "{issue:?}");
    let manual = reasons("newsletter-issues", "Workshop/Lathe owner's manual.md");
    assert_eq!(manual[0], "same name apart from case and punctuation");
}

/// A design system's guidance: each component's folder holds the same
/// file names (`usability.md`, `implementation.md`), and two components
/// share copied bullets. Names the vault repeats in nine places are slots
/// each folder fills, as `README` is: two of them holding one text are no
/// versions, at any threshold. A page archived under its own name still is.
#[test]
fn names_every_folder_repeats_join_no_pages() {
    expect_all_pairs(
        "component-guidance",
        &[("archive/release-checklist.md", "guides/release-checklist.md", "confident")],
    );
}

/// A site's pages named with a language suffix (`setup.en.mdx`), an
/// untranslated copy filed as another language's (`setup.ar.mdx`): one
/// page in two languages, never a version, however much text they share.
#[test]
fn language_suffixes_name_translations_not_versions() {
    expect_all_pairs("locale-suffixes", &[("archive/faq.en.mdx", "pages/faq.en.mdx", "confident")]);
}

/// A course vault makes one index note per module from one template,
/// whose whole text is a query: archived courses' indexes are the same
/// bytes as current ones. A folder marker orders two copies of that
/// skeleton, not two versions; a note archived under its own name still
/// pairs with its live copy.
#[test]
fn identical_skeletons_under_other_names_are_no_versions() {
    let archived =
        ("900 Archive/Fall 24/BIO120/Exam plan.md", "Courses/BIO120/2 - Genetics/Exam plan.md", "confident");
    expect_all_pairs("course-indexes", &[archived]);
}

/// An archived workbench holding four variants of a prompt pasted one
/// after another is no version of either variant kept in use, though its
/// text is theirs (and it is in `Archive/`, dated a day later): at any
/// score, the only pair is the two variants.
#[test]
fn a_compilation_is_no_version_of_a_text_it_holds() {
    expect_all_pairs(
        "compilations",
        &[("Prompts/ready/meeting-recap-long.md", "Prompts/ready/meeting-recap-short.md", "uncertain")],
    );
}

/// Year folders of an election (each year's call, results and candidates'
/// statements, most of them the year's own) are no releases: no folder
/// rule retires a past year, and a year's page is no version of another
/// year's, even a statement resubmitted word for word. A post published
/// again the next year under a new name is that post again.
#[test]
fn each_years_records_are_no_release_of_the_last_years() {
    let (pairs, json) = found(&fixture("election-years"), &["--no-git"]);
    assert_eq!(json["folder_rules"], serde_json::json!([]), "{json}");
    assert_eq!(pairs, owned(&[("news/2024/voting-online.md", "news/2025/how-to-vote.md", "confident")]));
}

/// Year folders that hold one handbook's yearly editions, every page
/// carried over: a page and the next year's are suggested, their order
/// uncertain, as nothing says which year is in force. A page both years
/// left a skeleton (a glossary's headings) is no one's text: no pair.
#[test]
fn a_yearly_editions_pages_are_suggested_uncertain() {
    let (pairs, json) = found(&fixture("yearly-handbook"), &["--no-git"]);
    assert_eq!(json["folder_rules"], serde_json::json!([]), "{json}");
    let pages = ["expenses", "leave", "onboarding", "travel"];
    let expected: Vec<(String, String, String)> = pages
        .iter()
        .map(|p| (format!("handbook/2024/{p}.md"), format!("handbook/2025/{p}.md"), "uncertain".to_string()))
        .collect();
    assert_eq!(pairs, expected);
    let reasons = reasons("yearly-handbook", "handbook/2025/leave.md");
    assert!(
        reasons.iter().any(|r| r.contains("each is the page of its year's folder (2024, 2025)")),
        "{reasons:?}"
    );
}

/// A note and its child in a Dendron hierarchy (`fieldwork.season-plan`
/// and `fieldwork.season-plan.debrief`, which quotes the plan whole and
/// is updated later): the child is a note under the parent, no version
/// of it, at any score. Nor is a note made from a template of the
/// hierarchy's `templates` level (`templates.site-visit`) a version of it,
/// nor are two series' entries of one day (`meetings.2024.05.02`,
/// `fieldwork.notebook.ana.2024.05.02`) versions of each other.
#[test]
fn a_child_in_a_hierarchy_of_names_is_no_version_of_its_parent() {
    let (pairs, _) = found(&fixture("dendron-hierarchy"), &["--no-git", "--min-score", "0"]);
    assert_eq!(pairs, owned(&[]));
}

/// A Portuguese vault keeps its old notes in `LEGADO/` (legacy): the copy
/// there is the older, as under `archive/`.
#[test]
fn an_archive_folder_named_in_another_language_marks_the_older() {
    let (pairs, _) = found(&fixture("portuguese-vault"), &["--no-git"]);
    assert_eq!(
        pairs,
        owned(&[(
            "LEGADO/Processos/Fechamento do Caixa.md",
            "Processos/Fechamento do Caixa.md",
            "confident"
        )])
    );
}

/// Two years' pages of one programme (`summer-school-2025` in the past
/// events, `summer-school-2026` in the coming ones), written from one
/// outline and sharing less than half their text, are no versions; a
/// policy dated by its year and carried over whole still is.
#[test]
fn pages_of_two_years_are_versions_only_when_the_text_carries_over() {
    let (pairs, _) = found(&fixture("yearly-events"), &["--no-git", "--min-score", "0"]);
    assert_eq!(pairs, owned(&[("policies/travel-2024.md", "policies/travel-2025.md", "confident")]));
}

/// A folder's backup of itself made inside it before a change
/// (`docs/backup-before-fixes-20260128_0928/`), with the archive folder it
/// held: one `mirrored-folders` finding for the copies, the nested archive
/// folder's among them, and no pair of a backup copy with any note; the
/// plan's two versions in the live archive are still a pair.
#[test]
fn a_backup_a_folder_keeps_inside_itself_is_one_mirror() {
    let dir = fixture("backup-copies");
    let (pairs, _) = found(&dir, &["--no-git"]);
    assert_eq!(pairs, owned(&[("docs/archive/plan-v0.1.md", "docs/archive/plan-v0.2.md", "confident")]));
    let (_, json) = common::check_json(&dir, &["--no-git"]);
    let mirrors: Vec<_> = common::findings(&json).into_iter().filter(|f| f.0 == "mirrored-folders").collect();
    assert_eq!(
        mirrors,
        [("mirrored-folders".to_string(), "docs/backup-before-fixes-20260128_0928/".to_string(), None)]
    );
}

/// A catalogue kept in parallel folders, one per engine (`network/` and
/// `network-rego/`, `storage/` and `storage-rego/`): the suffix the vault
/// gives three folders names a variant, and a page is no version of its
/// variant, at any score.
#[test]
fn a_page_of_a_variant_folder_is_no_version_of_its_twin() {
    let (pairs, _) = found(&fixture("variant-folders"), &["--no-git", "--min-score", "0.2"]);
    assert_eq!(pairs, owned(&[]));
}

/// A post named by its day (`blog/2023-03-14-routing-by-site.md`, and the
/// untranslated copy under Docusaurus's `docusaurus-plugin-content-blog/`)
/// beside the guide made from it under the same name: the date names the
/// post, it does not make it an older guide.
#[test]
fn a_dated_post_is_no_version_of_the_guide_made_from_it() {
    expect_all_pairs("posts-and-guides", &[]);
}

/// A post and its shorter edition for the newsletter, one title under two
/// names and sharing well under half their text: the dates say which was
/// written first, not that the newsletter replaced the post.
#[test]
fn an_edition_for_another_channel_is_not_confidently_newer() {
    expect_pairs(
        "channel-editions",
        &[(
            "content/blog/starting-a-tool-library.md",
            "content/newsletter/tool-library-in-brief.md",
            "uncertain",
        )],
    );
}

/// A site's event pages, each named by the day it was announced: a class
/// in two parts announced on one day, each dated for its own session,
/// and a monthly session's pages word for word alike are entries of the
/// events log, at any score.
#[test]
fn event_pages_are_entries_of_a_log() {
    expect_all_pairs("event-pages", &[]);
}

/// A supported line kept in a folder inside the product's own
/// (`docs/relay/lts/`), its copy of each page edited for it: a parallel
/// line, not newer versions of the main line's pages, at any score.
#[test]
fn a_parallel_line_inside_the_product_folder_is_no_set_of_versions() {
    expect_all_pairs("support-lines", &[]);
}

/// Literature notes named by citation keys: two papers of one author and
/// title words, a year apart (`rossiLabellingWithPrompts2023`, `…2024`),
/// one filed in another paper's folder, sharing only the note template.
/// The years name two papers, not one note written again: no pair.
#[test]
fn two_papers_citation_keys_are_no_versions() {
    expect_all_pairs("citation-keys", &[]);
}

/// Example pages named by their folders (`theming/automatic-dark/index.md`)
/// whose folders were renamed in the next release share their imports and
/// scaffolding with every sibling example: the release order is kept, but
/// which new example each became is uncertain, and the reasons say why.
#[test]
fn renamed_example_pages_sharing_scaffolding_are_uncertain() {
    expect_pairs(
        "example-pages",
        &[
            (
                "usage/v7/theming/automatic-dark/index.md",
                "usage/v8/theming/system-dark/index.md",
                "uncertain",
            ),
            ("usage/v7/theming/manual-dark/index.md", "usage/v8/theming/class-dark/index.md", "uncertain"),
        ],
    );
    let why = reasons("example-pages", "usage/v8/theming/class-dark/index.md");
    let part =
        "but the newer has another name and part of the text only: it may be one piece of a page split up";
    assert!(why.iter().any(|r| r == part), "{why:?}");
}

/// Folders named by month (`releases/2025-11/`), one page a language in
/// each, hold each month's release notes: records of their months, not
/// releases of one set of pages. No folder rule is offered, and the
/// months' pages are not versions of each other.
#[test]
fn month_folders_are_records_not_releases() {
    let (code, json) = common::check_json(&fixture("monthly-release-notes"), &["--no-git"]);
    assert_eq!((code, common::findings(&json)), (0, vec![]), "{json}");
    let (pairs, json) = found(&fixture("monthly-release-notes"), &["--no-git"]);
    assert_eq!((pairs, &json["folder_rules"]), (vec![], &serde_json::json!([])), "{json}");
}

/// A note renamed with its old name kept among its aliases (Obsidian users
/// keep it so links and search still find the note) is the newer, however
/// alike the two texts: the old copy left beside it is the one to retire.
#[test]
fn the_note_keeping_the_others_name_as_an_alias_is_the_newer() {
    expect_pairs(
        "renamed-with-alias",
        &[("Design/deep modules.md", "Design/Book - Deep modules.md", "confident")],
    );
    assert!(
        reasons("renamed-with-alias", "Design/Book - Deep modules.md")
            .contains(&"the newer keeps the older's name \"deep modules\" as an alias".to_string())
    );
}

/// A docs site's example page that only embeds a live editor (MDX imports
/// and a component) has no text of its own: beside the guide page of the
/// same name in the live docs, it is no older version of it. The release
/// folder is still found, with its rule to add.
#[test]
fn a_page_that_only_embeds_an_example_has_no_text_to_pair() {
    let (pairs, json) = found(&fixture("example-embeds"), &["--no-git"]);
    assert_eq!(pairs, owned(&[]), "{json}");
    assert_eq!(json["folder_rules"].as_array().map(Vec::len), Some(1), "{json}");
}

/// Index notes made from one skeleton in each folder, whose body is a
/// Dataview query, are no versions of each other however much of the
/// query they share; nor are a folder's summary and its outline, two
/// notes on one subject told apart by the sign before their names (`∑`,
/// `§`), that share a line or two.
#[test]
fn plugin_queries_and_typed_notes_are_not_versions() {
    let (pairs, json) = found(&fixture("query-indexes"), &["--no-git", "--min-score", "0.3"]);
    assert_eq!(pairs, owned(&[]), "{json}");
}

/// A tutorial keeps its project twice, as the learner starts it and as it
/// ends (`start/` and `solution/`): one page in each is no version of the
/// other, however alike.
#[test]
fn a_tutorials_start_and_solution_are_not_versions() {
    let (pairs, json) = found(&fixture("tutorial-states"), &["--no-git", "--min-score", "0"]);
    assert_eq!(pairs, owned(&[]), "{json}");
}

/// A feed's posts are records of their days: a release's beta and final
/// announcements (the release candidate's text nearly all repeated in the
/// release's), one announcement on two feeds a day apart, this year's
/// meetup post written from last year's. None replaces another; only a
/// post imported twice on its day, whole, is a copy of the other.
#[test]
fn posts_of_a_feed_on_two_days_are_two_posts() {
    expect_all_pairs(
        "feed-posts",
        &[(
            "planet/lab/a-hrefhttpslabexampleorgfast-buildsfast-buildsa.md",
            "planet/lab/fast-builds.md",
            "uncertain",
        )],
    );
}

/// Proposals written from one frame for three subjects (`Raise the storage
/// quota for Northwind`, `… Southbank`, `… Eastgate`), most of their text
/// the skeleton, are one proposal for each, never versions of each other,
/// whatever their dates say. One of them written again under its own
/// title is still its later version.
#[test]
fn proposals_of_one_frame_for_three_subjects_are_not_versions() {
    let (pairs, json) = found(&fixture("proposal-frames"), &["--no-git"]);
    let expected = [("proposals/quota-northwind.md", "proposals/quota-northwind-2026.md", "confident")];
    assert_eq!(pairs, owned(&expected), "{json}");
    // Shown, with every other pair, to one who asks for them all.
    let (pairs, _) = found(&fixture("proposal-frames"), &["--no-git", "--min-score", "0"]);
    assert!(pairs.iter().any(|(a, b, _)| a.contains("southbank") && b.contains("eastgate")), "{pairs:?}");
}

/// A clash copy's number (`Lori (1)`) is given where its folder holds a
/// note of that name already: beside a copy of it in another folder (a
/// sync plugin's notes downloaded again elsewhere) it says nothing of
/// which was made first. Pages put aside in an archive folder are older
/// than the live pages they copy.
#[test]
fn a_clash_copys_number_orders_nothing_across_folders() {
    let (pairs, json) = found(&fixture("copies-put-aside"), &["--no-git"]);
    let live = |name: &str| {
        (
            format!("99 Archive/Business development/Metamodel/Component types/{name}.md"),
            format!("Reference/Metamodel/Component types/{name}.md"),
            "confident".to_string(),
        )
    };
    let mut expected = vec![
        ("Fleeting/Lori.md".to_string(), "Inputs/Fleeting/Lori (1).md".to_string(), "uncertain".to_string()),
        live("Application"),
        live("Capability"),
        live("Infrastructure"),
    ];
    expected.sort();
    assert_eq!(pairs, expected, "{json}");
}

/// A folder named as another but for a word of age (`Roadmap-New/` beside
/// `Roadmap/`) holds the newer copies of its notes, however they were
/// renamed or split into folders there.
#[test]
fn a_folder_named_new_beside_its_old_name_holds_the_newer_copies() {
    let (pairs, json) = found(&fixture("renewed-folder"), &["--no-git"]);
    let epic = |slug: &str, name: &str| {
        (
            format!("Planning/Roadmap/{slug}.md"),
            format!("Planning/Roadmap-New/{slug}/00-{name}.md"),
            "confident".to_string(),
        )
    };
    let mut expected = vec![
        epic("EPIC-01-Data-Intake", "Data-Intake"),
        epic("EPIC-02-Site-Dashboard", "Site-Dashboard"),
        epic("EPIC-03-Alerts", "Alerts"),
    ];
    expected.sort();
    assert_eq!(pairs, expected, "{json}");
}

/// A published post whose draft was left in a folder of drafts and edited
/// once after: the history says the draft's text is the later, but a draft
/// does not replace the published note. Nor is an edition named by its
/// year beside the product's own page, with little text in common,
/// ordered with confidence.
#[test]
fn drafts_and_editions_are_not_ordered_with_confidence() {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path();
    copy_dir(&fixture("drafts-and-editions"), repo);
    let post = fs::read_to_string(repo.join("fragments/earbuds.md")).unwrap();
    fs::create_dir_all(repo.join("fragments-drafts")).unwrap();
    fs::rename(repo.join("fragments/earbuds.md"), repo.join("fragments-drafts/earbuds.md")).unwrap();
    git(repo, &["init", "-q", "-b", "main"], "2024-03-01T09:00:00Z");
    git(repo, &["add", "-A"], "2024-03-01T09:00:00Z");
    git(repo, &["commit", "-qm", "drafts"], "2024-03-01T09:00:00Z");
    fs::write(repo.join("fragments/earbuds.md"), &post).unwrap();
    git(repo, &["add", "-A"], "2024-03-04T09:00:00Z");
    git(repo, &["commit", "-qm", "publish"], "2024-03-04T09:00:00Z");
    fs::write(repo.join("fragments-drafts/earbuds.md"), post.replace("a week.", "a week, then a month."))
        .unwrap();
    git(repo, &["commit", "-qam", "later"], "2024-05-20T09:00:00Z");
    let (code, json) = suggest_json(repo, &["--min-score", "0.3"]);
    assert_eq!(code, 0, "{json}");
    let listed = pairs(&json);
    for (a, b) in [
        ("fragments/earbuds.md", "fragments-drafts/earbuds.md"),
        ("systems/Home Server 2011.md", "systems/Home Server.md"),
    ] {
        let found = listed
            .iter()
            .find(|(x, y, _)| [x.as_str(), y.as_str()] == [a, b] || [x.as_str(), y.as_str()] == [b, a]);
        assert_eq!(found.map(|p| p.2.as_str()), Some("uncertain"), "{a} {b}: {json}");
    }
}

/// Notes made from web pages, each named as its page is (`Ledger Format
/// 2019` from the article on Ledger Format:2019, beside the ones on its
/// next revisions): the year in a name is in its own source's address
/// alone, so it names another subject, and no revision replaces another.
/// One article clipped twice, from two addresses, is still one document.
#[test]
fn notes_named_for_their_sources_are_two_subjects() {
    expect_all_pairs(
        "clipped-sources",
        &[(
            "Clippings/Keeping receipts in a shoebox is fine.md",
            "Inbox/Keeping receipts in a shoebox is fine 1.md",
            "confident",
        )],
    );
}

/// A folder most of whose notes are named by their subject and the day
/// they record (governance polls, minutes) is a log: a later poll on the
/// same question is another record, not a version of the first, unless
/// it holds nearly all its text (a poll deployed again the next day).
#[test]
fn records_of_a_dated_log_are_records_of_their_days() {
    expect_all_pairs(
        "dated-records",
        &[(
            "governance/polls/Lower the stability fee for vault B - April 14, 2025.md",
            "governance/polls/Lower the stability fee for vault B - April 15, 2025.md",
            "confident",
        )],
    );
}

/// One command file shipped in each of two plugins of one shape
/// (`plugins/<plugin>/commands/tech-debt.md`): a fix that frontmatter
/// reached in one plugin first leaves the other copies behind, and the
/// history holds their text as an earlier state of the fixed one's. Both
/// are shipped and current: no pair, unless every pair is asked for.
#[test]
fn one_file_kept_in_each_package_is_no_set_of_versions() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    copy_dir(&fixture("package-copies"), d);
    git(d, &["init", "-q"], "2025-02-03T10:00:00Z");
    git(d, &["add", "."], "2025-02-03T10:00:00Z");
    git(d, &["commit", "-qm", "plugins"], "2025-02-03T10:00:00Z");
    for command in ["refactor-clean", "tech-debt"] {
        let path = d.join(format!("plugins/codebase-cleanup/commands/{command}.md"));
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, format!("---\ndescription: The {command} command\n---\n{text}")).unwrap();
    }
    git(d, &["commit", "-qam", "add the missing frontmatter to codebase-cleanup"], "2025-06-10T10:00:00Z");
    let (found, json) = found(d, &[]);
    assert_eq!(found, owned(&[]), "{json}");
    let (all, json) = self::found(d, &["--min-score", "0"]);
    assert!(all.iter().any(|(_, newer, _)| newer.starts_with("plugins/codebase-cleanup/")), "{json}");
}

/// A note whose opening says it is out of date is the older of its pair,
/// with confidence, as its author says: its year in the name alone would
/// not order it so.
#[test]
fn a_note_that_says_it_is_retired_is_the_older() {
    expect_pairs("retired-in-text", &[("guides/onboarding-2023.md", "guides/onboarding.md", "confident")]);
}

/// Hugo's `lastmod` dates a page's last edit, as `updated` does: a page
/// left behind in the folder its team moved out of is the older, and the
/// date says so.
#[test]
fn hugo_lastmod_tells_which_copy_is_older() {
    expect_all_pairs(
        "hugo-lastmod",
        &[(
            "content/handbook/delivery/release-runbook.md",
            "content/handbook/build/release-runbook.md",
            "confident",
        )],
    );
}

/// Two folders holding copies of one course's notes, ten word for word and
/// three rewritten: the ten are one `mirrored-folders` finding, and a
/// lower threshold only adds the rewritten three below the line. It never
/// brings back the ten, which the rewritten three would outnumber the
/// mirror's share of if they were weighed with them.
#[test]
fn a_lower_threshold_adds_pairs_below_the_default_and_changes_none_above() {
    let dir = fixture("mirror-rewritten-copies");
    let (by_default, _) = found(&dir, &["--no-git"]);
    assert_eq!(by_default, owned(&[]));
    let (lower, json) = found(&dir, &["--no-git", "--min-score", "0.3"]);
    let scores: Vec<f64> =
        json["pairs"].as_array().unwrap().iter().map(|p| p["score"].as_f64().unwrap()).collect();
    assert!(scores.iter().all(|&s| s < 0.5), "{scores:?}");
    let older: Vec<&str> = lower.iter().map(|(older, _, _)| older.as_str()).collect();
    assert_eq!(older, ["Courses/Git/bisect.md", "Courses/Git/config.md", "Courses/Git/hooks.md"]);
    let (_, json) = common::check_json(&dir, &["--no-git"]);
    assert_eq!(common::findings(&json), [("mirrored-folders".to_string(), "Web/Git/".to_string(), None)]);
}

/// Web clips: a page clipped twice is ordered by when each clip was taken
/// (`slurped`), not by the clip's `(1)`, nor by the page's own `date`,
/// which both clips hold in two time zones; and two pages whose clips
/// caught only the site's error page are no versions of one another.
#[test]
fn clips_are_ordered_by_when_they_were_taken() {
    expect_pairs(
        "web-clips",
        &[
            ("Clips/Event sourcing explained.md", "Clips/Event sourcing explained (1).md", "confident"),
            ("Wiki/git/Rebase or merge.md", "Clips/Rebase or merge.md", "confident"),
        ],
    );
}

/// A folder of years whose pages each year fills in anew (`plans/2024/`,
/// `plans/2023/`), beside the page of that name the folder keeps for
/// itself (`plans/sidebar.md`, which lists the years): a year's page is no
/// older version of the folder's, whatever the year in its path says.
#[test]
fn a_years_page_is_no_version_of_the_page_above_the_years() {
    expect_pairs("yearly-plans", &[]);
    let (pairs, _) = found(&fixture("yearly-plans"), &["--no-git", "--min-score", "0.3"]);
    assert_eq!(pairs, owned(&[]));
}

/// A post kept as a page bundle (`posts/2019/03/<slug>/index.md`) is the
/// post its folder names: filed again under a second slug with nearly
/// all its text, it is one post twice, listed though nothing orders the
/// two; a different post of the same month, from the same tags and
/// layout, is none of them.
#[test]
fn one_post_bundled_under_two_slugs_is_a_pair() {
    expect_all_pairs(
        "post-bundles",
        &[(
            "posts/2019/03/shell-history-database/index.md",
            "posts/2019/03/shell-history-in-a-database/index.md",
            "uncertain",
        )],
    );
}

/// Obsidian's Linter dates notes under `date created` and `date modified`,
/// in its default `dddd, MMMM Do YYYY, h:mm:ss a`: those are the notes'
/// dates, read as `created` and `modified` are, so they order a copy and
/// its original, and are no finding.
#[test]
fn the_linters_dates_order_a_copy() {
    expect_pairs(
        "linter-dates",
        &[("Finance/Household budget 1.md", "Finance/Household budget.md", "confident")],
    );
    let (code, json) = common::check_json(&fixture("linter-dates"), &["--no-suggest"]);
    assert_eq!((code, common::findings(&json)), (0, vec![]), "{json}");
}

/// `Name 2.md` beside `Name.md` with its text, as a sync service names a
/// conflicting copy, is the one note twice, even where the name is one of
/// a dated series whose members are never paired with each other.
#[test]
fn a_numbered_copy_in_a_series_is_paired_with_its_original() {
    expect_pairs(
        "conflict-copies",
        &[("Meetings/2026-03-09 Planning 2.md", "Meetings/2026-03-09 Planning.md", "uncertain")],
    );
}

/// A blog post written again under a new date keeps its slug, and the old
/// post points to the rewrite ("There is an updated version of this
/// post"): that notice is reported, and the two posts are paired, though
/// posts of two days are otherwise two entries of the blog.
#[test]
fn a_post_rewritten_under_a_new_date_is_paired_with_it() {
    expect_all_pairs(
        "republished-posts",
        &[(
            "_posts/2024-03-04-caching-ci-dependencies.md",
            "_posts/2025-10-13-caching-ci-dependencies.md",
            "confident",
        )],
    );
    let (_, json) = common::check_json(&fixture("republished-posts"), &["--no-suggest"]);
    assert_eq!(
        common::findings(&json),
        [(
            "retired-in-text".to_string(),
            "_posts/2024-03-04-caching-ci-dependencies.md".to_string(),
            Some(11)
        )],
        "{json}"
    );
}

/// Each release folder of a docs site holds the release notes of its
/// line, each named by its version alone (`changelogs/v1.4.2.md`): the
/// notes of two releases share the fixes backported to both, and are
/// still two records, never versions of one, whatever order the release
/// folders give. The pages copied into each release are the folder
/// table's to retire.
#[test]
fn release_notes_in_release_folders_are_records_of_their_releases() {
    let (pairs, json) = found(&fixture("release-changelogs"), &["--no-git"]);
    assert_eq!(pairs, owned(&[]), "{json}");
    let rules = folder_rules(&json);
    assert_eq!(rules, [("versioned_docs/version-[0-9]*", "docs")], "{json}");
}

/// A note named as another with a day added (`Student council
/// 2025-03-12` beside `Student council`, `analysis 2024-09-16` beside
/// `analysis`), sharing nothing with it or only a tag line and a link, is
/// that day's note on the subject (a meeting's minutes, a lecture's
/// notes), not a copy of it made that day.
#[test]
fn a_note_of_a_day_on_a_subject_is_no_copy_of_it() {
    expect_pairs("topic-and-day-notes", &[]);
}

/// Numbered drafts (`report-draft-1`, `report-draft-2`) are versions in
/// the order of their numbers, each paired with the next.
#[test]
fn numbered_drafts_are_ordered_by_their_numbers() {
    expect_pairs(
        "numbered-drafts",
        &[
            (
                "reports/dipper-survey-report-draft-1.md",
                "reports/dipper-survey-report-draft-2.md",
                "confident",
            ),
            (
                "reports/dipper-survey-report-draft-2.md",
                "reports/dipper-survey-report-draft-3.md",
                "confident",
            ),
        ],
    );
}
