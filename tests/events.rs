//! `lineage --all --since REF`: the events that turn the map at a commit
//! into the map now, on a repository with a history made as a team makes
//! one: notes added, retired, corrected, moved, restored and deleted.

mod common;
use common::vaultlint;
use serde_json::{Value, json};
use std::path::Path;

/// Runs git in `dir`, its commits dated `day` at nine.
fn git(dir: &Path, args: &[&str], day: &str) {
    common::git_at(dir, args, &format!("{day}T09:00:00Z"));
}

fn write(dir: &Path, path: &str, text: &str) {
    let file = dir.join(path);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(file, text).unwrap();
}

fn note(title: &str, keys: &str, body: &str) -> String {
    format!("---\ntitle: {title}\n{keys}---\n{body}\n")
}

fn head(dir: &Path) -> String {
    let out =
        std::process::Command::new("git").current_dir(dir).args(["rev-parse", "HEAD"]).output().unwrap();
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// The handbook lives in `handbook/` of a repository that holds code too.
fn history(repo: &Path) -> (std::path::PathBuf, String) {
    let vault = repo.join("handbook");
    git(repo, &["init", "-q", "-b", "main"], "2026-01-05");
    write(repo, "src/main.rs", "fn main() {}\n");
    write(&vault, ".obsidian/app.json", "{}\n");
    write(&vault, "hr/expenses.md", &note("Expenses", "", "Claim within 30 days."));
    write(
        &vault,
        "hr/travel-2025.md",
        &note("Travel", "superseded_by: hr/travel.md\n", "Book two weeks ahead."),
    );
    write(&vault, "hr/travel.md", &note("Travel", "", "Book three weeks ahead."));
    write(&vault, "eng/decisions/db.md", &note("Database", "", "We use Postgres 15."));
    write(&vault, "eng/guide.md", &note("Guide", "", "Start here."));
    write(&vault, "eng/old-rota.md", &note("Rota", "superseded_by: eng/rota.md\n", "Weekly."));
    write(&vault, "eng/rota.md", &note("Rota", "", "Fortnightly."));
    write(&vault, "eng/scratch.md", &note("Scratch", "", "Notes."));
    // A link is no note, now or then: it makes no event.
    std::os::unix::fs::symlink("expenses.md", vault.join("hr/costs.md")).unwrap();
    git(repo, &["add", "-A"], "2026-01-05");
    git(repo, &["commit", "-qm", "handbook"], "2026-01-05");
    git(repo, &["tag", "indexed"], "2026-01-05");
    // Expenses is replaced; the database decision is corrected; the guide
    // moves; the travel policy of 2025 comes back in force; the old rota
    // is deleted in one commit, the scratch note in the work tree only.
    write(
        &vault,
        "hr/expenses.md",
        &note("Expenses", "superseded_by: hr/expenses-2026.md\n", "Claim within 30 days."),
    );
    write(&vault, "hr/expenses-2026.md", &note("Expenses 2026", "", "Claim within 60 days."));
    write(
        &vault,
        "eng/decisions/db-erratum.md",
        &note("Database, erratum", "corrects: eng/decisions/db.md\n", "Postgres 16."),
    );
    write(&vault, "hr/travel-2025.md", &note("Travel", "", "Book two weeks ahead."));
    write(&vault, "hr/travel.md", &note("Travel", "status: draft\n", "Book three weeks ahead."));
    git(repo, &["mv", "handbook/eng/guide.md", "handbook/eng/start-here.md"], "2026-02-02");
    git(repo, &["add", "-A"], "2026-02-02");
    git(repo, &["commit", "-qm", "expenses 2026, db erratum"], "2026-02-02");
    git(repo, &["rm", "-q", "handbook/eng/old-rota.md"], "2026-02-03");
    git(repo, &["commit", "-qm", "drop the old rota"], "2026-02-03");
    let removal = head(repo);
    std::fs::remove_file(vault.join("eng/scratch.md")).unwrap();
    (vault, removal)
}

fn events(vault: &Path, format: &str) -> (i32, String) {
    let out = vaultlint()
        .args(["lineage", "--all", "--since", "indexed", "--as-of", "2026-03-01", "--format", format])
        .arg(vault)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    (out.status.code().unwrap(), text)
}

#[test]
fn events_since_a_commit() {
    let repo = tempfile::tempdir().unwrap();
    let (vault, removal) = history(repo.path());
    let (code, text) = events(&vault, "json");
    assert_eq!(code, 0, "{text}");
    let json: Value = serde_json::from_str(&text).unwrap();
    let schema =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/events.schema.json"));
    let schema = jsonschema::validator_for(&serde_json::from_str(&schema.unwrap()).unwrap()).unwrap();
    assert!(schema.is_valid(&json), "{text}");
    assert_eq!((json["version"].as_u64(), json["root"].as_str()), (Some(1), vault.to_str()));
    assert_eq!(json["since"], "indexed");
    assert_eq!(json["as_of"], "2026-03-01");
    let expected = json!([
        {"event": "added", "path": "eng/decisions/db-erratum.md", "verdict": "active", "standing": "in-force",
         "closure": ["eng/decisions/db-erratum.md"]},
        {"event": "corrected", "path": "eng/decisions/db.md", "verdict": "active", "standing": "corrected",
         "closure": ["eng/decisions/db-erratum.md"]},
        {"event": "removed", "path": "eng/old-rota.md", "verdict": "stale", "standing": "superseded", "closure": [],
         "commit": removal, "date": "2026-02-03", "successors": ["eng/rota.md"]},
        {"event": "removed", "path": "eng/scratch.md", "verdict": "active", "standing": "in-force", "closure": []},
        {"event": "moved", "path": "eng/start-here.md", "from": "eng/guide.md", "verdict": "active",
         "standing": "in-force", "closure": ["eng/start-here.md"]},
        {"event": "added", "path": "hr/expenses-2026.md", "verdict": "active", "standing": "in-force",
         "closure": ["hr/expenses-2026.md"]},
        {"event": "retired", "path": "hr/expenses.md", "verdict": "stale", "standing": "superseded",
         "closure": ["hr/expenses-2026.md"]},
        {"event": "reinstated", "path": "hr/travel-2025.md", "verdict": "active", "standing": "in-force",
         "closure": ["hr/travel-2025.md"]},
        {"event": "retired", "path": "hr/travel.md", "verdict": "stale", "standing": "draft", "closure": []},
    ]);
    assert_eq!(json["events"], expected, "{text}");
    // One event a line, the same events.
    let (_, lines) = events(&vault, "jsonl");
    let each: Vec<Value> = lines.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(Value::Array(each), expected);
}

#[test]
fn since_needs_a_commit_of_a_work_tree() {
    let repo = tempfile::tempdir().unwrap();
    let (vault, _) = history(repo.path());
    let out = vaultlint()
        .args(["lineage", "--all", "--format", "json", "--since", "no-such-ref"])
        .arg(&vault)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-ref"));
    let plain = tempfile::tempdir().unwrap();
    write(plain.path(), ".obsidian/app.json", "{}\n");
    write(plain.path(), "a.md", "# A\n");
    let out = vaultlint()
        .args(["lineage", "--all", "--format", "json", "--since", "HEAD"])
        .arg(plain.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--since needs a git work tree"));
}
