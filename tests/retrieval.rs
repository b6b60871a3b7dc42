//! The declaration contract tested against an index, not against itself:
//! a plain BM25 index (SQLite FTS5) over a handbook with stale versions,
//! and golden queries reported as a retrieval eval reports its
//! "superseded" slice (stale notes cited, current notes found, history
//! readable by path). Honouring nothing, the slice fails; honouring the
//! eligibility map (the `generic` contract), or only `superseded_by` as a
//! single path once `check` is clean under the `superseded-by-path`
//! contract, it holds.

mod common;
use common::{fixture, vaultlint};
use std::collections::BTreeSet;
use std::path::Path;

/// Each golden query: the words asked, the current note that must be
/// found, and the stale one that must never be cited.
const GOLDEN: &[(&str, &str, &str)] = &[
    ("travel flights economy", "policies/travel.md", "policies/travel-2024.md"),
    ("leave days carried", "policies/leave.md", "policies/leave-2024.md"),
    ("hybrid office days", "policies/hybrid.md", "policies/hybrid-2024.md"),
    ("expenses claims receipts", "policies/expenses.md", "policies/expenses-2024.md"),
    ("security passwords characters", "policies/security.md", "policies/security-2024.md"),
    ("onboarding buddy", "policies/onboarding.md", "policies/onboarding-2024.md"),
    ("equipment laptop years", "policies/equipment.md", "policies/equipment-2024.md"),
    ("parking spaces", "policies/parking.md", "policies/parking-2024.md"),
];

/// Every note of the vault at `dir`: its path and its text.
fn notes(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir.join("policies")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        out.push((format!("policies/{}", path.file_name().unwrap().to_string_lossy()), text));
    }
    out.sort();
    out
}

/// The slice as the eval reports it.
#[derive(Debug, PartialEq, Eq)]
struct Slice {
    /// Golden queries whose top results cite a stale note.
    stale_cited: usize,
    /// Golden queries whose top results hold the current note.
    current_found: usize,
}

/// Indexes the notes `keep` accepts and runs the golden queries, the
/// top three results of each.
fn slice(dir: &Path, keep: &dyn Fn(&str, &str) -> bool) -> Slice {
    let db = rusqlite::Connection::open_in_memory().unwrap();
    db.execute_batch("CREATE VIRTUAL TABLE notes USING fts5(path UNINDEXED, body)").unwrap();
    for (path, text) in notes(dir).iter().filter(|(path, text)| keep(path, text)) {
        db.execute("INSERT INTO notes (path, body) VALUES (?1, ?2)", (path, text)).unwrap();
    }
    let mut query =
        db.prepare("SELECT path FROM notes WHERE notes MATCH ?1 ORDER BY bm25(notes) LIMIT 3").unwrap();
    let (mut stale_cited, mut current_found) = (0, 0);
    for (words, current, stale) in GOLDEN {
        let asked = words.split(' ').collect::<Vec<_>>().join(" OR ");
        let found: BTreeSet<String> =
            query.query_map([asked], |row| row.get(0)).unwrap().map(Result::unwrap).collect();
        stale_cited += usize::from(found.contains(*stale));
        current_found += usize::from(found.contains(*current));
    }
    Slice { stale_cited, current_found }
}

/// The indexer of the `superseded-by-path` contract: it leaves out a note
/// whose frontmatter says `superseded_by:` with one value, and reads that
/// value as the path of its successor.
fn superseded_by_path(text: &str) -> Option<&str> {
    let head = text.strip_prefix("---\n")?.split("\n---").next()?;
    let value = head.lines().find_map(|l| l.strip_prefix("superseded_by: "))?.trim();
    (!value.starts_with('[')).then(|| value.trim_matches(['"', '\'']))
}

#[test]
fn honouring_nothing_the_superseded_slice_fails() {
    let result = slice(&fixture("indexer-forms"), &|_, _| true);
    assert!(result.stale_cited > 0, "{result:?}");
}

/// The `generic` contract: the indexer leaves out every note the
/// eligibility map puts out of force, and reads the map's `current` for
/// the history; every stale version is left out, every current one found,
/// and each pointer leads to a note.
#[test]
fn honouring_the_map_the_slice_holds() {
    let dir = fixture("indexer-forms");
    let map = common::lineage_map(&dir, &[]);
    let out_of_force: BTreeSet<&str> =
        map.iter().filter(|(_, e)| e["in_force"] == false).map(|(p, _)| p.as_str()).collect();
    let result = slice(&dir, &|path, _| !out_of_force.contains(path));
    assert_eq!(result, Slice { stale_cited: 0, current_found: GOLDEN.len() });
    for (_, _, stale) in GOLDEN {
        let current = map[*stale]["current"].as_array().unwrap();
        assert!(
            !current.is_empty() && current.iter().all(|p| dir.join(p.as_str().unwrap()).is_file()),
            "{stale}"
        );
    }
}

/// The `superseded-by-path` contract: before, the indexer cites the notes
/// marked in forms it does not read; `check --fix` writes the honoured
/// form; once the one note with no successor named is given one, `check`
/// is clean and the indexer cites no stale note, each pointer leading to
/// its successor.
#[test]
fn a_clean_check_under_the_one_key_contract_means_the_indexer_holds() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&fixture("indexer-forms"), dir.path());
    let indexer = |_: &str, text: &str| superseded_by_path(text).is_none();
    let before = slice(dir.path(), &indexer);
    assert!(before.stale_cited > 0, "{before:?}");
    vaultlint().args(["check", "--fix", "--no-cache"]).arg(dir.path()).output().unwrap();
    let canteen = dir.path().join("policies/canteen-2023.md");
    let text = std::fs::read_to_string(&canteen).unwrap();
    std::fs::write(
        &canteen,
        text.replace("status: superseded\n", "status: superseded\nsuperseded_by: policies/parking.md\n"),
    )
    .unwrap();
    let out =
        vaultlint().args(["check", "--no-cache", "--format", "concise"]).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(slice(dir.path(), &indexer), Slice { stale_cited: 0, current_found: GOLDEN.len() });
    for (path, text) in notes(dir.path()) {
        if let Some(successor) = superseded_by_path(&text) {
            assert!(dir.path().join(successor).is_file(), "{path}: {successor}");
        }
    }
}

/// Under a contract, `suggest --yes` writes only what the indexer reads:
/// its key, and the successor's path from the root, though the vault's
/// own declarations are wikilinks.
#[test]
fn suggest_writes_the_honoured_form() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join(".obsidian")).unwrap();
    std::fs::create_dir_all(root.join("plans")).unwrap();
    std::fs::write(root.join("vaultlint.toml"), "[index]\nkeys = [\"replaced_by\"]\n").unwrap();
    let body =
        "The roadmap for the mobile app: offline mode first, then sync across devices, then sharing.\n";
    std::fs::write(root.join("plans/old-goals.md"), "---\nreplaced_by: \"[[goals]]\"\n---\nGoals.\n")
        .unwrap();
    std::fs::write(root.join("plans/goals.md"), "Goals, revised.\n").unwrap();
    std::fs::write(root.join("plans/roadmap-2024.md"), format!("---\nupdated: 2024-03-01\n---\n{body}"))
        .unwrap();
    std::fs::write(root.join("plans/roadmap.md"), format!("---\nupdated: 2025-03-01\n---\n{body}")).unwrap();
    let out = vaultlint().args(["suggest", "--yes", "--no-cache", "--no-git"]).arg(root).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let written = std::fs::read_to_string(root.join("plans/roadmap-2024.md")).unwrap();
    assert_eq!(written, format!("---\nupdated: 2024-03-01\nreplaced_by: plans/roadmap.md\n---\n{body}"));
    // The wikilink the vault wrote itself is the one finding left.
    let (_, json) = common::check_json(root, &[]);
    let unhonoured: Vec<_> = common::findings(&json)
        .into_iter()
        .filter(|f| f.0 == "unhonoured-declaration")
        .map(|f| f.1)
        .collect();
    assert_eq!(unhonoured, ["plans/old-goals.md"]);
}
