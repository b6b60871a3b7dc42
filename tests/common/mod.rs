#![allow(dead_code)]
pub mod lsp;
use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

pub fn vaultlint() -> Command {
    let mut cmd = Command::cargo_bin("vaultlint").unwrap();
    cmd.env_remove("NO_COLOR").env_remove("COLUMNS");
    cmd.env("VAULTLINT_CACHE_DIR", cache_dir());
    cmd
}

/// The cache folder of the test that calls it: out of the fixtures, and
/// its own, so that whether a run is warm never depends on which tests ran
/// before it (libtest names each test's thread after the test; the process
/// id keeps one run of the suite from warming the next).
pub fn cache_dir() -> std::path::PathBuf {
    static SWEPT: std::sync::Once = std::sync::Once::new();
    let caches = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cache");
    SWEPT.call_once(|| sweep_finished_runs(&caches));
    let test = std::thread::current().name().unwrap_or("main").replace("::", "-");
    caches.join(std::process::id().to_string()).join(test)
}

/// Removes the cache folders of test processes that have ended, so that
/// runs of the suite do not pile up under target/ (a few hundred MB each).
/// A folder is named by its process id; one whose process still runs (a
/// test binary beside this one) is left alone.
fn sweep_finished_runs(caches: &Path) {
    let Ok(entries) = std::fs::read_dir(caches) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
        if pid != std::process::id() && !process_runs(pid) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

#[cfg(target_os = "linux")]
fn process_runs(pid: u32) -> bool {
    Path::new("/proc").join(pid.to_string()).exists()
}

/// Where a process cannot be looked up, every folder is taken as in use.
#[cfg(not(target_os = "linux"))]
fn process_runs(_pid: u32) -> bool {
    true
}

/// Runs `vaultlint ARGS DIR` and returns what it printed on standard output.
pub fn stdout(args: &[&str], dir: &Path) -> String {
    let out = vaultlint().args(args).arg(dir).output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `check --format json` on `dir` and returns the exit code and JSON.
pub fn check_json(dir: &Path, extra: &[&str]) -> (i32, Value) {
    run_json("check", dir, extra)
}

/// Runs `suggest --format json` on `dir` and returns the exit code and JSON.
pub fn suggest_json(dir: &Path, extra: &[&str]) -> (i32, Value) {
    run_json("suggest", dir, extra)
}

fn run_json(command: &str, dir: &Path, extra: &[&str]) -> (i32, Value) {
    let out = vaultlint().arg(command).arg(dir).args(["--format", "json"]).args(extra).output().unwrap();
    let json: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap(), json)
}

/// `(code, path, line)` of every finding.
pub fn findings(json: &Value) -> Vec<(String, String, Option<u64>)> {
    json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["code"].as_str().unwrap().into(), d["path"].as_str().unwrap().into(), d["line"].as_u64()))
        .collect()
}

pub fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures").join(name)
}

/// Copies the folder `from` into `to`, recursively.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_name() == ".vaultlint_cache" {
            // A cache left in a fixture by a run by hand is not the fixture's.
            continue;
        }
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// `(older, newer, direction)` of every suggested pair, in output order.
pub fn pairs(json: &Value) -> Vec<(String, String, String)> {
    json["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let s = |k: &str| p[k].as_str().unwrap().to_string();
            (s("older"), s("newer"), s("direction"))
        })
        .collect()
}

/// Every file under `dir`, relative path to bytes.
pub fn snapshot(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut files = std::collections::BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/");
                files.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    files
}

/// `lineage --all --format jsonl` on `dir`: each note's entry by path
/// (the lines for files that could not be read are left out).
pub fn lineage_map(dir: &Path, extra: &[&str]) -> std::collections::BTreeMap<String, Value> {
    let out =
        vaultlint().args(["lineage", "--all", "--format", "jsonl"]).arg(dir).args(extra).output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter(|entry| entry.get("error").is_none())
        .map(|entry| (entry["path"].as_str().unwrap().to_string(), entry))
        .collect()
}

/// Runs git in `dir` as a fixed author, every commit dated `date` (in any
/// form git reads: `@1700000000 +0000`, `2026-01-05T09:00:00Z`), and
/// fails the test if git does.
pub fn git_at(dir: &Path, args: &[&str], date: &str) {
    let out = std::process::Command::new("git")
        .current_dir(dir)
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"])
        .args(args)
        .env("GIT_COMMITTER_DATE", date)
        .env("GIT_AUTHOR_DATE", date)
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// A copy of the fixture `name` whose files were all written an hour ago,
/// so that a warm run trusts their size and time.
pub fn aged_copy(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture(name), dir.path());
    age(dir.path());
    dir
}

/// Sets the modification time of every file under `dir` to an hour ago.
pub fn age(dir: &Path) {
    let past = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    for file in snapshot(dir).keys() {
        std::fs::File::options().write(true).open(dir.join(file)).unwrap().set_modified(past).unwrap();
    }
}
