//! Safe by construction: each test holds one promise of `SECURITY.md`
//! against one attack on it, as an attacker would make it: a hostile pull
//! request (its notes, configs, dismissal file, symbolic links and git
//! history), a hostile archive of a vault, a hostile editor buffer or
//! language client, and what the runner's environment puts around a run.
//!
//! Each test was written against a binary that failed it, before its
//! fault was fixed. Where the right behaviour was open, the comment on the
//! test decides it.
//!
//! No test sleeps or times anything: a wait on a child process is bounded
//! only so that a hang fails the test instead of the suite.
#![cfg(unix)]

mod common;

use common::lsp::{Client, HANG, uri, wait_bounded};
use common::snapshot;
use serde_json::{Value, json};
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::{Duration, SystemTime};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// What a secret looks like in these tests: if it is ever printed, written
/// or recorded, the test sees it.
const SECRET: &str = "s3cr3t-marker";

/// `vaultlint` as the suite runs it, but with the cache where a user's run
/// keeps it (the vault's `.vaultlint_cache/`, unless told otherwise).
fn vaultlint() -> assert_cmd::Command {
    let mut cmd = common::vaultlint();
    cmd.env_remove("VAULTLINT_CACHE_DIR");
    cmd
}

/// The exit code, standard output and standard error of a run.
type Ran = (Option<i32>, String, String);

fn ran(out: std::process::Output) -> Ran {
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

fn run(args: &[&str], path: &Path) -> Ran {
    ran(vaultlint().args(args).arg(path).output().unwrap())
}

fn write(dir: &Path, path: &str, text: &str) {
    let file = dir.join(path);
    fs::create_dir_all(file.parent().unwrap()).unwrap();
    fs::write(file, text).unwrap();
}

/// A vault (an Obsidian one, so its root is never in doubt) with one
/// broken declaration: a run has a finding to show, and exits 1.
fn vault_in(dir: &Path) -> PathBuf {
    fs::create_dir_all(dir.join(".obsidian")).unwrap();
    write(dir, "a.md", "---\nsuperseded_by: gone.md\n---\n# A\n");
    dir.to_path_buf()
}

fn vault() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    vault_in(dir.path());
    dir
}

/// A copy of the `versions` fixture (suspected versions, declarations,
/// dates), every file written an hour ago so that a warm run trusts their
/// size and time: the similarity pass runs and the cache holds all its
/// files.
fn versions() -> tempfile::TempDir {
    common::aged_copy("versions")
}

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

fn symlink(target: impl AsRef<Path>, link: impl AsRef<Path>) {
    std::os::unix::fs::symlink(target, link).unwrap();
}

fn chmod(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

/// The cache file `name` of the vault at `root` (in its default folder).
fn cache_file(root: &Path, name: &str) -> PathBuf {
    fs::read_dir(root.join(".vaultlint_cache"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap().to_string_lossy().starts_with(&format!("{name}-")))
        .unwrap_or_else(|| panic!("no {name} file in the cache"))
}

/// The cache file format, as `crates/vaultlint_workspace/src/cache.rs` writes it: a magic line, the
/// format (u32), the key, the payload's length and its xxh3 (u64 each),
/// all little-endian, then the payload.
const MAGIC: &[u8] = b"vaultlint cache\n";
const HEADER: usize = 16 + 4 + 8 + 8 + 8;

/// Each command twice with the cache (the first may fill it) and once
/// without: the runs with the cache give what the run without it gives.
fn assert_warm_is_cold(root: &Path, args: &[&str], step: &str) {
    let cold = run(&[args, &["--no-cache"]].concat(), root);
    assert_eq!(run(args, root), cold, "{step}: {args:?}, first run with the cache");
    assert_eq!(run(args, root), cold, "{step}: {args:?}, second run with the cache");
}

/// Permission bits do not stop root from reading, and the suite may run
/// as root: a run that must meet an unreadable file is then made as the
/// unprivileged user `nobody`, on a tree given to it.
fn as_unprivileged(mut cmd: Command, tree: &Path) -> Command {
    use std::os::unix::fs::MetadataExt;
    use std::os::unix::process::CommandExt;
    let root = fs::metadata("/proc/self").map(|m| m.uid() == 0).unwrap_or(false);
    if root {
        const NOBODY: u32 = 65534;
        let mut stack = vec![tree.to_path_buf()];
        while let Some(path) = stack.pop() {
            // Only what is not given yet: a change of owner is a change of
            // the file's change time, which would make every warm run cold.
            let meta = fs::symlink_metadata(&path).unwrap();
            if (meta.uid(), meta.gid()) != (NOBODY, NOBODY) {
                std::os::unix::fs::lchown(&path, Some(NOBODY), Some(NOBODY)).unwrap();
            }
            if meta.is_dir() {
                stack.extend(fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            }
        }
        cmd.uid(NOBODY).gid(NOBODY);
    }
    cmd
}

/// A run as [`as_unprivileged`] makes it, with the cache in the vault.
fn run_unprivileged(args: &[&str], root: &Path) -> Ran {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vaultlint"));
    cmd.args(args).arg(root).env_remove("VAULTLINT_CACHE_DIR").env_remove("NO_COLOR").env_remove("COLUMNS");
    ran(as_unprivileged(cmd, root).output().unwrap())
}

/// A run's result and the most memory it held (its peak resident set, in
/// KiB), from `wait4`, which reports it for the one child waited on.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn measured(mut cmd: Command) -> (Ran, u64) {
    unsafe extern "C" {
        // `struct rusage` is 18 longs on Linux: two `timeval`s, then
        // `ru_maxrss` and the rest.
        fn wait4(pid: i32, status: *mut i32, options: i32, rusage: *mut [i64; 18]) -> i32;
    }
    let mut child = cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let pid = child.id() as i32;
    let drain = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            from.read_to_end(&mut bytes).unwrap();
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let (stdout, stderr) =
        (drain(Box::new(child.stdout.take().unwrap())), drain(Box::new(child.stderr.take().unwrap())));
    let (done, waited) = channel();
    std::thread::spawn(move || {
        let (mut status, mut usage) = (0i32, [0i64; 18]);
        // SAFETY: both pointers are to live locals of the sizes wait4 writes.
        let got = unsafe { wait4(pid, &mut status, 0, &mut usage) };
        let _ = done.send((got, status, usage[4]));
    });
    let (got, status, peak) = waited.recv_timeout(HANG).unwrap_or_else(|_| {
        let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
        panic!("process {pid} did not end");
    });
    assert_eq!(got, pid, "wait4");
    // Reaped here, not by `Child`, which is only dropped.
    drop(child);
    let code = (status & 0x7f == 0).then_some((status >> 8) & 0xff);
    ((code, stdout.join().unwrap(), stderr.join().unwrap()), peak as u64)
}

/// Runs git in `dir` as a fixed author, its commits dated `day`.
fn git(dir: &Path, args: &[&str], day: &str) {
    common::git_at(dir, args, &format!("{day}T09:00:00Z"));
}

/// The text of a note long enough for the similarity pass to pair it with
/// another note of the same title and text.
const BODY: &str = "The desk answers from 8 to 18 on working days; urgent tickets page the engineer on duty. \
                    Outside those hours the rest waits for the morning, and public holidays follow the calendar \
                    of the head office, which the people team publishes every December.\n";

/// `(code, path)` of every finding of a `--format json` output.
fn codes(stdout: &str) -> Vec<(String, String)> {
    let json: Value = serde_json::from_str(stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}"));
    common::findings(&json).into_iter().map(|(code, path, _)| (code, path)).collect()
}

// ---------------------------------------------------------------------------
// Deleting: `vaultlint clean` removes only what vaultlint made
// ---------------------------------------------------------------------------

/// Never deletes a folder it did not create: a config's `cache-dir` naming
/// a folder outside the vault.
///
/// Decided: a path in a config is the vault's to choose, and the vault may
/// be hostile (a pull request), so `cache-dir` must lead inside the vault;
/// one that leads out of it is an invalid config (exit 2, naming the key),
/// and nothing is written or removed there. (`--cache-dir` and
/// `VAULTLINT_CACHE_DIR`, which the user sets, may name any folder.)
#[test]
fn clean_never_removes_a_folder_outside_the_vault_named_by_the_config() {
    let top = tempfile::tempdir().unwrap();
    let root = vault_in(&top.path().join("vault"));
    write(top.path(), "outside/keep.txt", "not vaultlint's\n");
    write(&root, "vaultlint.toml", "cache-dir = \"../outside\"\n");
    let outside = top.path().join("outside");
    let before = snapshot(&outside);
    let checked = run(&["check"], &root);
    let wrote = snapshot(&outside) != before;
    let cleaned = run(&["clean"], &root);
    assert!(outside.is_dir(), "clean removed the folder outside the vault: {cleaned:?}");
    assert!(!wrote, "check wrote outside the vault");
    assert_eq!(snapshot(&outside), before);
    let (code, _, err) = checked;
    assert_eq!(code, Some(2), "a cache-dir outside the vault is an invalid config: {err}");
    assert!(err.contains("cache-dir"), "{err}");
    assert_eq!(cleaned.0, Some(2), "{}", cleaned.2);
}

/// Never deletes a folder it did not create: `cache-dir = "."` names the
/// vault itself.
///
/// Decided: the cache is a folder of its own inside the vault; the vault
/// root is not one, so `cache-dir = "."` is an invalid config (exit 2,
/// naming the key). Neither `check` nor `clean` writes or removes anything:
/// no `.gitignore` of `*` hides the notes from the next run and from git,
/// and `clean` leaves every file, `.git` included.
#[test]
fn cache_dir_dot_never_hides_the_notes_nor_deletes_the_vault() {
    let dir = vault();
    let root = dir.path();
    write(root, "b.md", "# B\n");
    write(root, "vaultlint.toml", "cache-dir = \".\"\n");
    git(root, &["init", "-q", "-b", "main"], "2026-01-05");
    git(root, &["add", "-A"], "2026-01-05");
    git(root, &["commit", "-qm", "notes"], "2026-01-05");
    let before = snapshot(root);
    let checked = [run(&["check"], root), run(&["check"], root)];
    let hidden = root.join(".gitignore").exists();
    let cleaned = run(&["clean"], root);
    assert!(
        root.join(".git").is_dir() && root.join("a.md").is_file(),
        "clean deleted the vault: {cleaned:?}"
    );
    assert!(!hidden, "a .gitignore of `*` at the vault root hides the notes: {checked:?}");
    assert_eq!(snapshot(root), before, "files of the vault changed");
    for (code, _, err) in checked {
        assert_eq!(code, Some(2), "`.` is the vault, not a cache folder: {err}");
        assert!(err.contains("cache-dir"), "{err}");
    }
    assert_eq!(cleaned.0, Some(2), "{}", cleaned.2);
}

/// Never deletes a folder it did not create: `VAULTLINT_CACHE_DIR` naming
/// a folder shared with other programs, as `~/.cache`.
///
/// Decided: a cache folder is one vaultlint made (it holds vaultlint's
/// `CACHEDIR.TAG`) or an empty one it may make its own. An existing
/// folder holding other files is not taken as the cache: the run goes on
/// without the cache (the findings and exit status are the same) and
/// writes nothing there; `clean` says it is not vaultlint's (exit 2) and
/// removes nothing.
#[test]
fn clean_never_removes_a_shared_folder_named_by_the_variable() {
    let dir = vault();
    let home = tempfile::tempdir().unwrap();
    let shared = home.path().join(".cache");
    write(&shared, "fontconfig/index.cache", "fonts\n");
    write(&shared, "pip/selfcheck.json", "{}\n");
    let before = snapshot(&shared);
    let with_variable = |args: &[&str]| {
        ran(vaultlint().args(args).arg(dir.path()).env("VAULTLINT_CACHE_DIR", &shared).output().unwrap())
    };
    let checked = with_variable(&["check"]);
    let wrote = snapshot(&shared) != before;
    let cleaned = with_variable(&["clean"]);
    assert!(shared.join("fontconfig/index.cache").exists(), "clean removed the shared folder: {cleaned:?}");
    assert!(!wrote, "check wrote into a folder that is not its own");
    assert_eq!(snapshot(&shared), before);
    assert_eq!(checked.0, Some(1), "the findings decide the exit status: {}", checked.2);
    assert_eq!(cleaned.0, Some(2), "{}", cleaned.2);
}

// ---------------------------------------------------------------------------
// Writing: only inside the vault, its own cache folder and paths named on
// the command line; never through a symbolic link
// ---------------------------------------------------------------------------

/// Writes a path named on the command line as what it is: `-o
/// /dev/stdout` with standard output appended to a log.
///
/// Decided: `/dev/stdout` (and `/dev/stderr`, `/dev/fd/N`) name the
/// process's own streams, which are written as printing writes them; the
/// shell's `>>` appends. Only a regular file is replaced whole.
#[test]
fn output_to_dev_stdout_appends_to_the_redirected_file() {
    let dir = vault();
    let logs = tempfile::tempdir().unwrap();
    let log = logs.path().join("build.log");
    fs::write(&log, "earlier line\n").unwrap();
    let appended = fs::File::options().append(true).open(&log).unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_vaultlint"))
        .args(["check", "--format", "concise", "-o", "/dev/stdout"])
        .arg(dir.path())
        .env_remove("VAULTLINT_CACHE_DIR")
        .stdout(appended)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1));
    let text = fs::read_to_string(&log).unwrap();
    assert!(text.starts_with("earlier line\n"), "the log lost what it held: {text:?}");
    assert!(text.contains("missing-successor"), "{text:?}");
}

/// Follows no symbolic link for a write: a committed `.vaultlint_cache`
/// that is a link out of the vault.
///
/// Decided: the cache folder is used only when it is a real folder; a
/// link in its place makes the run go on without the cache, writing
/// nothing through it.
#[test]
fn a_cache_folder_that_is_a_link_is_not_written_through() {
    let top = tempfile::tempdir().unwrap();
    let root = vault_in(&top.path().join("vault"));
    let outside = top.path().join("outside");
    fs::create_dir(&outside).unwrap();
    symlink("../outside", root.join(".vaultlint_cache"));
    let (code, _, err) = run(&["check"], &root);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        snapshot(&outside).keys().collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "written through the link"
    );
}

/// Follows no symbolic link for a write: dangling links in the cache
/// folder where its `CACHEDIR.TAG` and `.gitignore` go.
#[test]
fn dangling_links_in_the_cache_folder_are_not_written_through() {
    let top = tempfile::tempdir().unwrap();
    let root = vault_in(&top.path().join("vault"));
    let outside = top.path().join("outside");
    fs::create_dir(&outside).unwrap();
    fs::create_dir(root.join(".vaultlint_cache")).unwrap();
    symlink("../../outside/tag", root.join(".vaultlint_cache/CACHEDIR.TAG"));
    symlink("../../outside/ignore", root.join(".vaultlint_cache/.gitignore"));
    let (code, _, err) = run(&["check"], &root);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        snapshot(&outside).keys().collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "written through a link"
    );
}

/// Writes only inside the vault: `suggest --dismiss` with a config whose
/// `dismissals` leads out of the vault.
///
/// Decided: as for `cache-dir`, a `dismissals` path that leads out of the
/// vault is an invalid config (exit 2, naming the key). (A dismissal file
/// that is a link out of the vault is already refused for a write.)
#[test]
fn dismiss_never_writes_outside_the_vault() {
    let top = tempfile::tempdir().unwrap();
    let root = vault_in(&top.path().join("vault"));
    write(&root, "b.md", "# B\n");
    write(top.path(), "outside/pairs.txt", "# not vaultlint's\n");
    write(&root, "vaultlint.toml", "dismissals = \"../outside/pairs.txt\"\n");
    let out = vaultlint().current_dir(&root).args(["suggest", "--dismiss", "a.md", "b.md"]).output().unwrap();
    let (code, _, err) = ran(out);
    let outside = fs::read_to_string(top.path().join("outside/pairs.txt")).unwrap();
    assert_eq!(outside, "# not vaultlint's\n", "written outside the vault");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("dismissals"), "{err}");
}

/// Writes only inside the vault: a config's `dismissals` that stays inside
/// the vault by its text but passes through a folder that is a link out
/// of it is neither read nor written.
#[test]
fn a_dismissal_file_in_a_folder_linked_out_is_neither_read_nor_written() {
    let top = tempfile::tempdir().unwrap();
    let root = vault_in(&top.path().join("vault"));
    write(&root, "b.md", "# B\n");
    write(top.path(), "outside/pairs.txt", &format!("{SECRET}\n"));
    symlink("../outside", root.join("linked"));
    write(&root, "vaultlint.toml", "dismissals = \"linked/pairs.txt\"\n");
    let out = vaultlint().current_dir(&root).args(["suggest", "--dismiss", "a.md", "b.md"]).output().unwrap();
    let (code, out, err) = ran(out);
    assert_eq!(code, Some(2), "{err}");
    assert!(!out.contains(SECRET) && !err.contains(SECRET), "{out}{err}");
    let outside = fs::read_to_string(top.path().join("outside/pairs.txt")).unwrap();
    assert_eq!(outside, format!("{SECRET}\n"), "written outside the vault");
    assert_never_shown(&every_output(&root, &[]), SECRET);
}

/// Follows no symbolic link for a write: a committed dismissal file that
/// is a link out of the vault is refused for `suggest --dismiss` (this
/// holds already; the test keeps it so).
#[test]
fn a_dismissal_file_that_is_a_link_is_not_written_through() {
    let top = tempfile::tempdir().unwrap();
    let root = vault_in(&top.path().join("vault"));
    write(&root, "b.md", "# B\n");
    write(top.path(), "outside/pairs.txt", "# not vaultlint's\n");
    symlink("../outside/pairs.txt", root.join(".vaultlint-dismissed"));
    let out = vaultlint().current_dir(&root).args(["suggest", "--dismiss", "a.md", "b.md"]).output().unwrap();
    let (code, _, err) = ran(out);
    let outside = fs::read_to_string(top.path().join("outside/pairs.txt")).unwrap();
    assert_eq!(outside, "# not vaultlint's\n", "written through the link");
    assert_eq!(code, Some(2), "{err}");
    assert!(fs::symlink_metadata(root.join(".vaultlint-dismissed")).unwrap().is_symlink());
}

/// Writes only where it is told: `--since` is a commit, never an option
/// of git (`--since=--output=FILE` made `git log` create FILE).
#[test]
fn since_is_never_taken_as_an_option_of_git() {
    let repo = vault();
    git(repo.path(), &["init", "-q", "-b", "main"], "2026-01-05");
    git(repo.path(), &["add", "-A"], "2026-01-05");
    git(repo.path(), &["commit", "-qm", "notes"], "2026-01-05");
    let trap = tempfile::tempdir().unwrap();
    let option = format!("--since=--output={}", trap.path().join("x").display());
    let (code, _, err) = run(&["lineage", "--all", "--format", "json", &option], repo.path());
    assert_eq!(code, Some(2), "{err}");
    let made: Vec<String> = snapshot(trap.path()).into_keys().collect();
    assert!(made.is_empty(), "git wrote {made:?}");
}

/// Refuses a read-only file, as for notes: `-o` onto a file of mode 0444.
#[test]
fn output_file_refuses_a_read_only_file() {
    let dir = vault();
    let outputs = tempfile::tempdir().unwrap();
    let report = outputs.path().join("report.txt");
    fs::write(&report, "mine\n").unwrap();
    chmod(&report, 0o444);
    let out = vaultlint().args(["check", "-o"]).arg(&report).arg(dir.path()).output().unwrap();
    let (code, _, err) = ran(out);
    assert_eq!(fs::read_to_string(&report).unwrap(), "mine\n", "the read-only file was replaced");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("read-only"), "{err}");
}

/// Refuses a read-only file, as for notes: `--write-baseline` onto a file
/// of mode 0444.
#[test]
fn write_baseline_refuses_a_read_only_file() {
    let dir = vault();
    let outputs = tempfile::tempdir().unwrap();
    let baseline = outputs.path().join("baseline.json");
    fs::write(&baseline, "mine\n").unwrap();
    chmod(&baseline, 0o444);
    let out =
        vaultlint().args(["check", "--write-baseline"]).arg(&baseline).arg(dir.path()).output().unwrap();
    let (code, _, err) = ran(out);
    assert_eq!(fs::read_to_string(&baseline).unwrap(), "mine\n", "the read-only file was replaced");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("read-only"), "{err}");
}

/// An output that cannot be written is refused before the check runs:
/// `-o /dev/zero` (a device, not a file to replace; `/dev/null` alone takes
/// the output and writes nothing). The run reads no note and writes no
/// cache.
#[test]
fn output_to_a_device_is_refused_before_the_check_runs() {
    let dir = vault();
    let (code, _, err) = run(&["check", "-o", "/dev/zero"], dir.path());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("/dev/zero"), "{err}");
    assert!(!dir.path().join(".vaultlint_cache").exists(), "the check ran before the output was refused");
}

/// A missing output folder is reported under the path named, never
/// under the name of a temporary file.
#[test]
fn a_missing_output_folder_is_reported_under_the_named_path() {
    let dir = vault();
    let out = vaultlint()
        .current_dir(dir.path())
        .args(["check", "-o", "missing/report.txt", "."])
        .output()
        .unwrap();
    let (code, _, err) = ran(out);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("missing/report.txt"), "{err}");
    assert!(!err.contains(".vaultlint-") && !err.contains(".tmp"), "a temporary name: {err}");
}

// ---------------------------------------------------------------------------
// Reading: outside the vault only what the command line names and the
// config that applies; no byte of a file outside the vault is printed
// ---------------------------------------------------------------------------

/// Every output of `check` and `suggest` for the vault at `root` (each
/// format, and a baseline written), run with `env`: the text of each.
fn every_output(root: &Path, env: &[(&str, &str)]) -> Vec<(String, String)> {
    let formats = ["full", "concise", "json", "github", "sarif"];
    let runs: Vec<Vec<&str>> = formats
        .iter()
        .map(|f| vec!["check", "--color", "never", "--format", f])
        .chain([vec!["suggest", "--format", "full"], vec!["suggest", "--format", "json"]])
        .collect();
    let command = || {
        let mut cmd = vaultlint();
        cmd.env_clear().env("PATH", std::env::var_os("PATH").unwrap_or_default());
        for (key, value) in env {
            cmd.env(key, value);
        }
        cmd
    };
    let mut outputs = Vec::new();
    for args in runs {
        let (_, out, err) = ran(command().args(&args).arg(root).output().unwrap());
        outputs.push((format!("{args:?}"), out + &err));
    }
    let written = tempfile::tempdir().unwrap();
    let baseline = written.path().join("baseline.json");
    let (_, out, err) =
        ran(command().args(["check", "--write-baseline"]).arg(&baseline).arg(root).output().unwrap());
    outputs
        .push(("--write-baseline".into(), out + &err + &fs::read_to_string(&baseline).unwrap_or_default()));
    outputs
}

fn assert_never_shown(outputs: &[(String, String)], secret: &str) {
    for (run, text) in outputs {
        assert!(!text.contains(secret), "{run} shows the secret:\n{text}");
    }
}

/// No byte of a file outside the vault reaches the output: a committed
/// dismissal file that is a link to a file outside the vault.
///
/// Decided: a dismissal file that leads out of the vault is not read; it
/// is reported as an `invalid-dismissal` finding on its path, without a
/// snippet.
#[test]
fn a_dismissal_file_linked_out_of_the_vault_is_never_printed() {
    let top = tempfile::tempdir().unwrap();
    let root = vault_in(&top.path().join("vault"));
    write(top.path(), "outside/secret.txt", &format!("token {SECRET}\n"));
    symlink("../outside/secret.txt", root.join(".vaultlint-dismissed"));
    assert_never_shown(&every_output(&root, &[]), SECRET);
    let (_, out, _) = run(&["check", "--format", "json"], &root);
    assert!(
        codes(&out).contains(&("invalid-dismissal".into(), ".vaultlint-dismissed".into())),
        "the link is reported: {out}"
    );
}

/// No byte of a file outside the vault reaches the output: a committed
/// dismissal file that is a link to `/proc/self/environ` never prints the
/// environment (a CI runner's tokens).
#[cfg(target_os = "linux")]
#[test]
fn a_dismissal_file_linked_to_the_environment_is_never_printed() {
    let dir = vault();
    symlink("/proc/self/environ", dir.path().join(".vaultlint-dismissed"));
    assert_never_shown(&every_output(dir.path(), &[("VAULTLINT_TEST_SECRET", SECRET)]), SECRET);
}

/// Reads outside the vault only what the command line names and the config
/// that applies: a config whose `dismissals` names a file outside the vault
/// (another file, or the environment).
///
/// Decided: an invalid config (exit 2, naming the key), as for writing.
#[test]
fn a_dismissal_file_configured_outside_the_vault_is_never_read() {
    let top = tempfile::tempdir().unwrap();
    let root = vault_in(&top.path().join("vault"));
    write(top.path(), "outside/secret.txt", &format!("token {SECRET}\n"));
    for file in ["../outside/secret.txt", "/proc/self/environ"] {
        write(&root, "vaultlint.toml", &format!("dismissals = \"{file}\"\n"));
        let outputs = every_output(&root, &[("VAULTLINT_TEST_SECRET", SECRET)]);
        assert_never_shown(&outputs, SECRET);
        let (code, _, err) = run(&["check"], &root);
        assert_eq!(code, Some(2), "{file}: {err}");
        assert!(err.contains("dismissals"), "{file}: {err}");
    }
}

/// No byte of a file outside the vault reaches the output: a committed
/// `vaultlint.toml` that is a link to a file outside the vault (the
/// config-error snippet showed it).
///
/// Decided: a config in the vault that leads out of it is not read: the
/// run stops (exit 2) saying so, with no snippet. (A config named with
/// `--config`, or found in a folder above the vault, is read where it is.)
#[test]
fn a_config_linked_out_of_the_vault_is_never_printed() {
    let top = tempfile::tempdir().unwrap();
    let root = vault_in(&top.path().join("vault"));
    write(top.path(), "outside/secret.txt", &format!("token = {SECRET}\nmore\n"));
    for target in [top.path().join("outside/secret.txt"), PathBuf::from("/proc/self/environ")] {
        let _ = fs::remove_file(root.join("vaultlint.toml"));
        symlink(&target, root.join("vaultlint.toml"));
        let out = vaultlint()
            .args(["check", "--color", "never"])
            .arg(&root)
            .env("VAULTLINT_TEST_SECRET", SECRET)
            .output()
            .unwrap();
        let (code, out, err) = ran(out);
        assert_eq!(code, Some(2), "{}: {err}", target.display());
        assert!(err.contains("vaultlint.toml"), "{err}");
        assert!(!out.contains(SECRET) && !err.contains(SECRET), "{} shown:\n{out}{err}", target.display());
    }
}

/// Reads only the vault: a note on standard input whose folder is in no
/// vault (no `.obsidian/`, no config, no git work tree above it), as an
/// editor runs `check --stdin-filename PATH -` for any Markdown buffer.
///
/// Decided: such a note is checked alone, as a vault of one note: no
/// folder is walked and no cache is written (with `/x.md` the run walked
/// all of `/`; with `/etc/passwd.md` it wrote `/etc/.vaultlint_cache/`).
#[test]
fn a_stdin_note_outside_any_vault_is_checked_alone() {
    let top = tempfile::tempdir().unwrap();
    for dir in top.path().ancestors() {
        for marker in [".obsidian", ".git", "vaultlint.toml", ".vaultlint.toml"] {
            assert!(
                !dir.join(marker).exists(),
                "{} is in a vault: the test needs a folder that is not",
                dir.display()
            );
        }
    }
    let home = top.path().join("home");
    write(&home, "other.md", "---\nsuperseded_by: gone.md\n---\n# Other\n");
    write(&home, "projects/deep.md", "# Deep\n");
    for name in ["unsaved.md", "other.md"] {
        let out = vaultlint()
            .current_dir(&home)
            .args(["check", "--format", "json", "--stdin-filename", name, "-"])
            .write_stdin("# A buffer\n")
            .output()
            .unwrap();
        let (code, out, err) = ran(out);
        assert_eq!(code, Some(0), "{name}: {err}");
        let json: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json["summary"]["notes"], 1, "{name}: the folder was walked: {out}");
        let written: Vec<String> =
            snapshot(top.path()).into_keys().filter(|p| p.contains(".vaultlint")).collect();
        assert!(written.is_empty(), "{name}: wrote {written:?}");
    }
}

// ---------------------------------------------------------------------------
// The cache's word: a warm run gives what a cold run gives
// ---------------------------------------------------------------------------

/// The cache never vouches for a file its stamp cannot tell apart: a note
/// made unreadable (`chmod 000`) after a warm run keeps its size and time.
#[test]
fn a_note_made_unreadable_after_a_warm_run_is_reported() {
    let dir = versions();
    let root = dir.path();
    let run = |args: &[&str]| run_unprivileged(args, root);
    let commands: [&[&str]; 2] = [&["check", "--format", "json"], &["lineage", "--all", "--format", "jsonl"]];
    for args in commands {
        run(args);
        run(args);
    }
    chmod(&root.join("hr/parental-leave-policy.md"), 0o000);
    for args in commands {
        let cold = run(&[args, &["--no-cache"]].concat());
        assert!(cold.1.contains("parental-leave-policy.md"), "{args:?}: {cold:?}");
        assert_eq!(run(args), cold, "{args:?}, warm");
    }
}

/// The cache never vouches for a file its stamp cannot tell apart: a
/// cache filled while a note was unreadable, then the note made readable
/// again (its size and time as they were).
#[test]
fn a_note_made_readable_again_is_read_again() {
    let dir = versions();
    let root = dir.path();
    let note = root.join("hr/parental-leave-policy.md");
    let run = |args: &[&str]| run_unprivileged(args, root);
    chmod(&note, 0o000);
    let args = ["check", "--format", "json"];
    let unreadable = run(&args);
    assert!(unreadable.1.contains("unreadable-note"), "{unreadable:?}");
    assert_eq!(run(&args), unreadable);
    chmod(&note, 0o644);
    let cold = run(&["check", "--format", "json", "--no-cache"]);
    assert!(!cold.1.contains("unreadable-note"), "{cold:?}");
    assert_eq!(run(&args), cold, "warm, after the note is readable again");
}

/// The cache never vouches for a file its stamp cannot tell apart: two
/// notes of equal size and time swapped (as unzip, tar or `cp -p` leave
/// them).
#[test]
fn notes_swapped_with_their_size_and_time_are_read_again() {
    let dir = vault();
    let root = dir.path();
    write(root, "one.md", "---\nsuperseded_by: gone-1.md\n---\n");
    write(root, "two.md", "---\nsuperseded_by: gone-2.md\n---\n");
    let stamp = SystemTime::now() - Duration::from_secs(3600);
    for file in snapshot(root).keys() {
        fs::File::options().write(true).open(root.join(file)).unwrap().set_modified(stamp).unwrap();
    }
    let args = ["check", "--format", "json"];
    run(&args, root);
    run(&args, root);
    // A rename keeps each file's size and time.
    fs::rename(root.join("one.md"), root.join("swap.tmp")).unwrap();
    fs::rename(root.join("two.md"), root.join("one.md")).unwrap();
    fs::rename(root.join("swap.tmp"), root.join("two.md")).unwrap();
    assert_warm_is_cold(root, &args, "swapped");
    assert_warm_is_cold(root, &["lineage", "--all", "--format", "jsonl"], "swapped");
    assert_warm_is_cold(root, &["suggest", "--format", "json"], "swapped");
}

/// Everything that decides a result is in the cache's key: the history's
/// state, not only HEAD and the index (`git fetch --unshallow` changes the
/// history and neither of them).
#[test]
fn the_check_memo_follows_the_history_not_only_head() {
    let top = tempfile::tempdir().unwrap();
    let origin = top.path().join("origin");
    fs::create_dir(&origin).unwrap();
    let page = |extra: &str| format!("---\ntitle: Support hours\n---\n# Support hours\n\n{BODY}{extra}");
    // The page is copied to another name, then edited: only the full
    // history shows that the copy holds what the page once held.
    git(&origin, &["init", "-q", "-b", "main"], "2025-01-06");
    write(&origin, ".obsidian/app.json", "{}\n");
    write(&origin, "hours.md", &page(""));
    git(&origin, &["add", "-A"], "2025-01-06");
    git(&origin, &["commit", "-qm", "support hours"], "2025-01-06");
    write(&origin, "desk.md", &page(""));
    write(&origin, "hours.md", &page("Weekends too.\n"));
    git(&origin, &["add", "-A"], "2026-01-05");
    git(&origin, &["commit", "-qm", "archive and weekends"], "2026-01-05");
    let clone = top.path().join("clone");
    let url = format!("file://{}", origin.display());
    let out = Command::new("git").args(["clone", "-q", "--depth", "1", &url]).arg(&clone).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for note in ["hours.md", "desk.md"] {
        let past = SystemTime::now() - Duration::from_secs(3600);
        fs::File::options().write(true).open(clone.join(note)).unwrap().set_modified(past).unwrap();
    }
    let args = ["check", "--format", "json"];
    let shallow = run(&[&args[..], &["--no-cache"]].concat(), &clone);
    assert_eq!(run(&args, &clone), shallow);
    assert_eq!(run(&args, &clone), shallow);
    let out = Command::new("git").current_dir(&clone).args(["fetch", "-q", "--unshallow"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let whole = run(&[&args[..], &["--no-cache"]].concat(), &clone);
    assert_ne!(whole, shallow, "the test needs a finding the full history changes");
    assert_eq!(run(&args, &clone), whole, "warm, after the history was fetched");
}

// ---------------------------------------------------------------------------
// Crafted cache files and memory: no panic, bounded reads
// ---------------------------------------------------------------------------

/// The banded file's payload as `crates/vaultlint_analysis/src/suggest/minhash.rs` stores it.
#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Banded {
    notes: u64,
    common: u64,
    sources: Vec<u64>,
    found: (Vec<(u32, u32)>, Vec<u32>),
}

/// No input makes it panic: a `banded-*.bin` whose checksum is right
/// (xxh3 is no secret) and which pairs a note past the vault's end.
#[test]
fn a_crafted_banded_file_changes_nothing() {
    let dir = versions();
    let root = dir.path();
    run(&["suggest", "--format", "json"], root);
    run(&["suggest", "--format", "json"], root);
    let file = cache_file(root, "banded");
    let bytes = fs::read(&file).unwrap();
    assert_eq!(&bytes[..16], MAGIC);
    let payload = &bytes[HEADER..];
    let mut banded: Banded = postcard::from_bytes(payload).unwrap();
    assert_eq!(postcard::to_stdvec(&banded).unwrap(), payload, "the test reads the format as it is");
    banded.found.0 = vec![(0, 4_000_000)];
    let payload = postcard::to_stdvec(&banded).unwrap();
    let mut crafted = bytes[..HEADER - 16].to_vec();
    crafted.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    crafted.extend_from_slice(&xxhash_rust::xxh3::xxh3_64(&payload).to_le_bytes());
    crafted.extend_from_slice(&payload);
    for args in [["check", "--format", "json"], ["suggest", "--format", "json"]] {
        let cold = run(&[&args[..], &["--no-cache"]].concat(), root);
        fs::write(&file, &crafted).unwrap();
        let warm = run(&args, root);
        assert!(!warm.2.contains("panicked"), "{args:?}: {}", warm.2);
        assert_eq!(warm, cold, "{args:?}");
    }
}

/// Memory grows with the input, not with what a file claims: a corrupt
/// tally file of a gigabyte (sparse, so it costs no disk) is not read
/// whole.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
#[test]
fn a_huge_corrupt_tally_is_not_read_whole() {
    let dir = versions();
    let root = dir.path();
    let args = ["suggest", "--format", "json"];
    run(&args, root);
    run(&args, root);
    let cold = run(&[&args[..], &["--no-cache"]].concat(), root);
    fs::File::create(cache_file(root, "tally")).unwrap().set_len(1 << 30).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vaultlint"));
    cmd.args(args).arg(root).env_remove("VAULTLINT_CACHE_DIR");
    let (warm, peak_kib) = measured(cmd);
    assert_eq!(warm, cold);
    assert!(peak_kib < 256 << 10, "peak of {} MiB", peak_kib >> 10);
}

/// Memory grows with the input, not with what a file claims: cache files
/// of 64 MiB, under the most the vault could need, whose headers are
/// right (magic, format, key, a length their size bears out) but whose
/// tags are wrong, the notes file's first part claiming all of it. Each
/// is proven before it is held, so none is held whole: the run holds no
/// more than a run without them.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
#[test]
fn a_cache_file_with_a_wrong_tag_is_never_held_whole() {
    let dir = versions();
    let root = dir.path();
    for args in [["check", "--format", "json"], ["suggest", "--format", "json"]] {
        run(&args, root);
        run(&args, root);
    }
    let size: u64 = 64 << 20;
    let craft = || {
        for name in ["check", "notes", "tally", "banded"] {
            let file = cache_file(root, name);
            let bytes = fs::read(&file).unwrap();
            let mut crafted = bytes[..HEADER - 16].to_vec();
            crafted.extend_from_slice(&(size - HEADER as u64).to_le_bytes());
            crafted.extend_from_slice(&0x5eed_u64.to_le_bytes());
            // A notes file's time, one part, and that part's length.
            for word in [0, 1, size - HEADER as u64 - 24] {
                crafted.extend_from_slice(&word.to_le_bytes());
            }
            let crafted_file = fs::File::create(&file).unwrap();
            (&crafted_file).write_all(&crafted).unwrap();
            crafted_file.set_len(size).unwrap();
        }
    };
    for args in [["check", "--format", "json"], ["suggest", "--format", "json"]] {
        let cold = run(&[&args[..], &["--no-cache"]].concat(), root);
        craft();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_vaultlint"));
        cmd.args(args).arg(root).env_remove("VAULTLINT_CACHE_DIR");
        let (warm, peak_kib) = measured(cmd);
        assert_eq!(warm, cold, "{args:?}");
        assert!(peak_kib < 48 << 10, "{args:?}: peak of {} MiB", peak_kib >> 10);
    }
}

/// A cache that fails safe: a corrupt tally file is rebuilt by the next
/// run that counts, not kept (and paid for) on every run.
#[test]
fn a_corrupt_tally_is_rebuilt() {
    let dir = versions();
    let root = dir.path();
    let args = ["suggest", "--format", "json"];
    run(&args, root);
    run(&args, root);
    let cold = run(&[&args[..], &["--no-cache"]].concat(), root);
    let file = cache_file(root, "tally");
    fs::write(&file, vec![0xab; 4096]).unwrap();
    assert_eq!(run(&args, root), cold);
    let rebuilt = fs::read(cache_file(root, "tally")).unwrap();
    assert!(rebuilt.starts_with(MAGIC), "the corrupt tally is still there");
}

/// Memory grows with the input, not with what a message claims: a language
/// client declaring a `Content-Length` of 4 GB and sending 2 bytes.
///
/// Run with its address space limited to 1 GiB (so that the attack cannot
/// take the machine's memory), the server must end by itself with an
/// error once its input ends, never abort on an allocation.
#[cfg(target_os = "linux")]
#[test]
fn the_server_never_allocates_what_content_length_declares() {
    let dir = vault();
    let mut child = Command::new("sh")
        .args(["-c", "ulimit -v 1048576 && exec \"$0\" server", env!("CARGO_BIN_EXE_vaultlint")])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(b"Content-Length: 4294967296\r\n\r\n{}");
    drop(stdin);
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut err = String::new();
        let _ = stderr.read_to_string(&mut err);
        err
    });
    let status = wait_bounded(child);
    let err = reader.join().unwrap();
    assert!(status.code().is_some(), "ended by a signal ({status}): {err}");
    assert_ne!(status.code(), Some(0), "{err}");
    assert!(!err.contains("memory allocation"), "{err}");
}

// ---------------------------------------------------------------------------
// The language server
// ---------------------------------------------------------------------------

/// The diagnostics last published for `uri` among `messages`.
fn published<'m>(messages: &'m [Value], uri: &str) -> Option<&'m Vec<Value>> {
    messages
        .iter()
        .rev()
        .find(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri)
        .map(|m| m["params"]["diagnostics"].as_array().unwrap())
}

/// Error messages the server showed the user among `messages`.
fn shown_errors(messages: &[Value]) -> Vec<String> {
    messages
        .iter()
        .filter(|m| m["method"] == "window/showMessage" && m["params"]["type"] == 1)
        .map(|m| m["params"]["message"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// The byte offset of an LSP position in ASCII `text`.
fn offset(text: &str, position: &Value) -> usize {
    let line = position["line"].as_u64().unwrap() as usize;
    let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
    start + position["character"].as_u64().unwrap() as usize
}

/// A code action never corrupts a note: "Mark as superseded" offered after
/// unsaved lines were added above the place it inserts at (its offset was
/// kept from the last save) adds its one line, and changes nothing else.
#[test]
fn a_code_action_after_unsaved_edits_inserts_its_own_line() {
    let dir = vault();
    let root = dir.path().canonicalize().unwrap();
    let older = format!("---\ntitle: Leave\nupdated: 2024-01-01\n---\n# Leave\n\n{BODY}");
    write(&root, "hr/leave-2024.md", &older);
    write(&root, "hr/leave.md", &format!("---\ntitle: Leave\nupdated: 2025-01-01\n---\n# Leave\n\n{BODY}"));
    let mut client = Client::initialized(&root, json!({ "debounceMs": 10 }));
    let uri = client.open(&root, "hr/leave-2024.md", &older);
    let found = client.settle(&uri);
    let diagnostics = published(&found, &uri).expect("diagnostics");
    assert!(diagnostics.iter().any(|d| d["code"] == "suspected-version"), "{diagnostics:?}");
    let edited = older.replacen("---\n", "---\nowner: people-team\nreviewed: 2025-01-01\n", 1);
    let change =
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": edited }] });
    client.notify("textDocument/didChange", change);
    let range = json!({ "start": { "line": 0, "character": 0 }, "end": { "line": 40, "character": 0 } });
    let params = json!({ "textDocument": { "uri": uri }, "range": range, "context": { "diagnostics": [] } });
    let actions = client.request("textDocument/codeAction", params);
    let mark = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"].as_str().unwrap().starts_with("Mark as superseded"))
        .unwrap_or_else(|| panic!("no action marks the suspected version: {actions}"));
    let edit = &mark["edit"]["changes"][&uri][0];
    let (start, end) = (offset(&edited, &edit["range"]["start"]), offset(&edited, &edit["range"]["end"]));
    let applied = format!("{}{}{}", &edited[..start], edit["newText"].as_str().unwrap(), &edited[end..]);
    let mut lines: Vec<&str> = applied.lines().collect();
    let added = lines.iter().position(|l| l.starts_with("superseded_by: ")).unwrap_or_else(|| {
        panic!("the declaration is not a line of its own:\n{applied}");
    });
    lines.remove(added);
    assert_eq!(lines, edited.lines().collect::<Vec<_>>(), "other lines changed:\n{applied}");
}

/// The server reads the vault as the command line does, whatever changes:
/// Obsidian's settings changed on disk (here its excluded files) change
/// the findings, as a new run would.
#[test]
fn the_server_follows_obsidian_settings() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    write(&root, ".obsidian/app.json", "{}\n");
    let text = "---\nsuperseded_by: archive/b.md\n---\n# A\n";
    write(&root, "a.md", text);
    write(&root, "archive/b.md", "# B\n");
    let mut client = Client::initialized(&root, json!({ "debounceMs": 10 }));
    let uri = client.open(&root, "a.md", text);
    let found = client.settle(&uri);
    assert_eq!(published(&found, &uri).map(Vec::len), Some(0), "{found:?}");
    write(&root, ".obsidian/app.json", "{\"userIgnoreFilters\": [\"archive/\"]}\n");
    let settings = self::uri(&root, ".obsidian/app.json");
    let changes = json!({ "changes": [{ "uri": settings, "type": 2 }] });
    client.notify("workspace/didChangeWatchedFiles", changes);
    let found = client.settle(&uri);
    let codes: Vec<&Value> =
        published(&found, &uri).expect("diagnostics").iter().map(|d| &d["code"]).collect();
    assert_eq!(codes, [&json!("missing-successor")], "as `check` now says");
}

/// The protocol as written: `exit` without `shutdown` ends the server with
/// status 1.
#[test]
fn the_server_exits_1_on_exit_without_shutdown() {
    let dir = vault();
    let root = dir.path().canonicalize().unwrap();
    let mut client = Client::initialized(&root, json!({ "debounceMs": 10 }));
    client.notify("exit", Value::Null);
    let status = client.ended();
    assert_eq!(status.code(), Some(1));
}

/// The server never writes a file (the book): no cache folder either.
#[test]
fn the_server_writes_no_file() {
    let dir = versions();
    let root = dir.path().canonicalize().unwrap();
    let before = snapshot(&root);
    let mut client = Client::initialized(&root, json!({ "debounceMs": 10 }));
    let text = fs::read_to_string(root.join("finance/price-list-2025.md")).unwrap();
    let uri = client.open(&root, "finance/price-list-2025.md", &text);
    let found = client.settle(&uri);
    assert!(published(&found, &uri).is_some(), "{found:?}");
    assert!(client.shut_down().success());
    assert_eq!(snapshot(&root).into_keys().collect::<Vec<_>>(), before.into_keys().collect::<Vec<_>>());
}

/// An invalid root config is said, not fatal: the server shows the error
/// and keeps serving (it reads the config again when it changes), and
/// shuts down as the protocol says.
#[test]
fn the_server_survives_an_invalid_root_config() {
    let dir = vault();
    let root = dir.path().canonicalize().unwrap();
    write(&root, "vaultlint.toml", "no-such-key = 1\n");
    let mut client = Client::initialized(&root, json!({ "debounceMs": 10 }));
    let text = fs::read_to_string(root.join("a.md")).unwrap();
    let uri = client.open(&root, "a.md", &text);
    let errors = shown_errors(&client.settle(&uri));
    assert!(errors.iter().any(|e| e.contains("vaultlint.toml")), "said: {errors:?}");
    assert!(client.shut_down().success());
}

// ---------------------------------------------------------------------------
// Smaller faults
// ---------------------------------------------------------------------------

/// What cannot be read is said: a `vaultlint.toml` that is a folder is an
/// error (exit 2), as the book promises, not skipped.
#[test]
fn a_config_that_is_a_folder_is_an_error() {
    let dir = vault();
    fs::create_dir(dir.path().join("vaultlint.toml")).unwrap();
    let (code, _, err) = run(&["check"], dir.path());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("vaultlint.toml"), "{err}");
}

/// What cannot be read is said: a `vaultlint.toml` that is a named pipe is
/// an error (exit 2), never skipped and never waited on.
#[test]
fn a_config_that_is_a_named_pipe_is_an_error() {
    let dir = vault();
    mkfifo(&dir.path().join("vaultlint.toml"));
    let (code, _, err) = run(&["check"], dir.path());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("vaultlint.toml"), "{err}");
}

/// The findings of the vault's one broken note, whose body is `body`.
fn codes_with_body(body: &str, frontmatter: &str) -> Vec<(String, String)> {
    let dir = vault();
    write(dir.path(), "a.md", &format!("---\nsuperseded_by: gone.md\n{frontmatter}---\n# A\n\n{body}\n"));
    let (_, out, _) = run(&["check", "--format", "json"], dir.path());
    codes(&out)
}

/// A suppression is a comment a renderer would hide, nothing else: an
/// escaped `\<!-- vaultlint-disable-file -->` is text.
#[test]
fn an_escaped_comment_suppresses_nothing() {
    let found = codes_with_body("\\<!-- vaultlint-disable-file -->", "");
    assert!(found.contains(&("missing-successor".into(), "a.md".into())), "{found:?}");
}

/// A suppression is a comment a renderer would hide, nothing else: a
/// directive inside a link reference definition (its title) is text.
#[test]
fn a_comment_in_a_link_definition_suppresses_nothing() {
    let found = codes_with_body("[ref]: https://example.com \"<!-- vaultlint-disable-file -->\"", "");
    assert!(found.contains(&("missing-successor".into(), "a.md".into())), "{found:?}");
}

/// A suppression is a comment a renderer would hide, nothing else: a
/// directive inside `$$` display math is math.
#[test]
fn a_comment_in_display_math_suppresses_nothing() {
    let found = codes_with_body("$$\n<!-- vaultlint-disable-file -->\n$$", "");
    assert!(found.contains(&("missing-successor".into(), "a.md".into())), "{found:?}");
}

/// A suppression names rules: `vaultlint-ignore: {a: 1}` (a mapping) names
/// none and silences nothing.
#[test]
fn a_suppression_key_holding_a_mapping_suppresses_nothing() {
    let found = codes_with_body("", "vaultlint-ignore: {a: 1}\n");
    assert!(found.contains(&("missing-successor".into(), "a.md".into())), "{found:?}");
}

/// Errors say what is wrong: a ref that names no commit, inside a git
/// work tree, is called that, not a missing work tree.
#[test]
fn a_bad_ref_inside_a_repository_is_called_a_bad_ref() {
    let repo = vault();
    git(repo.path(), &["init", "-q", "-b", "main"], "2026-01-05");
    git(repo.path(), &["add", "-A"], "2026-01-05");
    git(repo.path(), &["commit", "-qm", "notes"], "2026-01-05");
    let (code, _, err) =
        run(&["lineage", "--all", "--format", "json", "--since", "no-such-ref"], repo.path());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("no-such-ref"), "{err}");
    assert!(!err.contains("needs a git work tree"), "{err}");
}

/// A baseline saved by an editor that writes a BOM is still the baseline.
#[test]
fn a_baseline_with_a_bom_is_accepted() {
    let dir = vault();
    let files = tempfile::tempdir().unwrap();
    let baseline = files.path().join("baseline.json");
    let out =
        vaultlint().args(["check", "--write-baseline"]).arg(&baseline).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = fs::read_to_string(&baseline).unwrap();
    fs::write(&baseline, format!("\u{feff}{text}")).unwrap();
    let out = vaultlint().args(["check", "--baseline"]).arg(&baseline).arg(dir.path()).output().unwrap();
    let (code, _, err) = ran(out);
    assert_eq!(code, Some(0), "{err}");
}

// ---------------------------------------------------------------------------
// Found while attacking these surfaces
// ---------------------------------------------------------------------------

/// Runs no program the vault names: a repository's own `.git/config`
/// (in a vault received as an archive, or a shared folder) setting
/// `core.fsmonitor` made every `git ls-files` that vaultlint runs execute
/// it.
///
/// Decided: vaultlint runs git with the settings that run programs turned
/// off (`-c core.fsmonitor=false`, and any like it), so reading a
/// repository's history never runs a command of the repository's.
#[test]
fn git_settings_of_the_vault_run_no_program() {
    let repo = tempfile::tempdir().unwrap();
    let root = repo.path();
    let page = |extra: &str| format!("---\ntitle: Support hours\n---\n# Support hours\n\n{BODY}{extra}");
    write(root, ".obsidian/app.json", "{}\n");
    write(root, "hours.md", &page(""));
    write(root, "support.md", &page("Weekends too.\n"));
    git(root, &["init", "-q", "-b", "main"], "2026-01-05");
    git(root, &["add", "-A"], "2026-01-05");
    git(root, &["commit", "-qm", "notes"], "2026-01-05");
    let trap = tempfile::tempdir().unwrap();
    let ran_file = trap.path().join("ran");
    let command = format!("touch '{}'; false", ran_file.display());
    git(root, &["config", "core.fsmonitor", &command], "2026-01-05");
    let runs: [&[&str]; 4] = [
        &["check", "--no-cache", "."],
        &["suggest", "--no-cache", "."],
        &["check", "--stdin-filename", "hours.md", "-"],
        &["lineage", "--all", "--format", "json", "--since", "HEAD", "."],
    ];
    for args in runs {
        let out = vaultlint().current_dir(root).args(args).write_stdin(page("")).output().unwrap();
        assert!(out.status.code().is_some(), "{args:?}");
        assert!(!ran_file.exists(), "{args:?} ran the repository's core.fsmonitor");
    }
}

/// Runs no program the vault names: a filter driver of the repository's
/// (`filter.NAME.clean`, applied to notes by `.gitattributes`) would run
/// when git reads a changed note of the work tree, as `lineage --since`
/// has it do to find moved notes.
///
/// Decided: every filter the repository names is turned off for that
/// read (its rename detection compares the files as they are on disk).
#[test]
fn a_filter_of_the_repository_runs_no_program() {
    let repo = vault();
    let root = repo.path();
    git(root, &["init", "-q", "-b", "main"], "2026-01-05");
    git(root, &["add", "-A"], "2026-01-05");
    git(root, &["commit", "-qm", "notes"], "2026-01-05");
    let trap = tempfile::tempdir().unwrap();
    let ran_file = trap.path().join("ran");
    write(root, ".gitattributes", "*.md filter=notes\n");
    git(
        root,
        &["config", "filter.notes.clean", &format!("touch '{}'; cat", ran_file.display())],
        "2026-01-05",
    );
    git(root, &["config", "filter.notes.required", "true"], "2026-01-05");
    fs::write(root.join("a.md"), "---\nsuperseded_by: gone.md\n---\n# A, changed\n").unwrap();
    let (code, _, err) = run(&["lineage", "--all", "--format", "json", "--since", "HEAD"], root);
    assert_eq!(code, Some(0), "{err}");
    assert!(!ran_file.exists(), "ran the repository's filter");
}

/// What the vault names never acts on a CI log: a note whose path begins
/// with `::` would begin a line of `--format concise` (and the lines that
/// count findings left out or baseline entries gone), which GitHub's runner
/// takes for a workflow command (`::add-mask::`, `::warning ...::`,
/// `::stop-commands::`) when it begins a line, after spaces.
///
/// Decided: such a path is shown as `./::...`, which names the same file.
#[test]
fn a_note_path_never_forms_a_workflow_command() {
    let dir = vault();
    let name = "::warning title=x::pwned.md";
    write(dir.path(), name, "---\nsuperseded_by: gone.md\n---\n# A\n");
    for format in ["concise", "full"] {
        let out = vaultlint()
            .current_dir(dir.path())
            .args(["check", "--color", "never", "--format", format, "."])
            .output()
            .unwrap();
        let (code, out, err) = ran(out);
        assert_eq!(code, Some(1), "{err}");
        assert!(out.contains("pwned.md"), "{format}: {out}");
        for line in out.lines().chain(err.lines()) {
            assert!(!line.trim_start().starts_with("::"), "{format}: a workflow command: {line}");
        }
    }
    let out =
        vaultlint().current_dir(dir.path()).args(["check", "--format", "concise", "."]).output().unwrap();
    let (_, out, _) = ran(out);
    assert!(out.contains(&format!("./{name}:2:16: error[missing-successor]")), "{out}");
}

/// Follows no symbolic link for a write: `-o` and `--write-baseline` onto
/// a committed link (the book's CI job writes `vaultlint.sarif` in the
/// checkout, where a pull request can put a link to a file of the
/// runner's).
///
/// Decided: a link where the output goes is refused (exit 2), as a note
/// or a dismissal file that is a link is refused for a write; only
/// `/dev/stdout` and `/dev/stderr` stand for the streams.
#[test]
fn an_output_file_that_is_a_link_is_not_written_through() {
    let top = tempfile::tempdir().unwrap();
    let root = vault_in(&top.path().join("vault"));
    write(top.path(), "runner/victim", "the runner's\n");
    for flag in ["-o", "--write-baseline"] {
        let _ = fs::remove_file(root.join("vaultlint.sarif"));
        symlink("../runner/victim", root.join("vaultlint.sarif"));
        let out = vaultlint()
            .current_dir(&root)
            .args(["check", ".", "--format", "sarif", "--exit-zero", flag, "vaultlint.sarif"])
            .output()
            .unwrap();
        let (code, _, err) = ran(out);
        let victim = fs::read_to_string(top.path().join("runner/victim")).unwrap();
        assert_eq!(victim, "the runner's\n", "{flag} wrote through the link");
        assert_eq!(code, Some(2), "{flag}: {err}");
    }
}

/// Reads outside the vault only what the command line names and the config
/// that applies: Obsidian's settings and ignore files that are links out
/// of the vault are not read (their contents decided which notes were
/// checked, which tells what a file outside the vault holds).
///
/// Decided: such a link is not followed, as git does not follow a
/// `.gitignore` that is a link; the settings are as if absent.
#[test]
fn settings_linked_out_of_the_vault_are_not_read() {
    for (link, target, text) in [
        (".obsidian/app.json", "../../outside/settings", "{\"userIgnoreFilters\": [\"private/\"]}\n"),
        (".gitignore", "../outside/settings", "private/\n"),
        (".ignore", "../outside/settings", "private/\n"),
    ] {
        let top = tempfile::tempdir().unwrap();
        let root = vault_in(&top.path().join("vault"));
        write(&root, "private/b.md", "---\nsuperseded_by: gone-too.md\n---\n");
        write(top.path(), "outside/settings", text);
        symlink(target, root.join(link));
        let (_, out, _) = run(&["check", "--format", "json"], &root);
        assert!(
            codes(&out).contains(&("missing-successor".into(), "private/b.md".into())),
            "{link} was read through the link: {out}"
        );
    }
}

/// Reads outside the vault only what the command line names: an ignore
/// file that is a link out of the vault in a subfolder is passed over as
/// one at the root is, while the vault's other ignore files still hold.
#[test]
fn an_ignore_file_linked_out_of_a_subfolder_is_not_read() {
    let top = tempfile::tempdir().unwrap();
    let root = vault_in(&top.path().join("vault"));
    write(&root, ".gitignore", "drafts/\n");
    write(&root, "drafts/c.md", "---\nsuperseded_by: gone-three.md\n---\n");
    write(&root, "sub/.ignore", "scratch.md\n");
    write(&root, "sub/scratch.md", "---\nsuperseded_by: gone-four.md\n---\n");
    write(&root, "sub/private/b.md", "---\nsuperseded_by: gone-too.md\n---\n");
    write(top.path(), "outside/settings", "private/\n");
    symlink("../../outside/settings", root.join("sub/.gitignore"));
    let (_, out, _) = run(&["check", "--format", "json"], &root);
    let found = codes(&out);
    assert!(
        found.contains(&("missing-successor".into(), "sub/private/b.md".into())),
        "read through the link: {out}"
    );
    assert!(found.contains(&("missing-successor".into(), "a.md".into())), "{out}");
    assert_eq!(found.len(), 2, "the vault's own ignore files still hold: {out}");
}

/// Never deletes a file it did not create: a write in a folder removes
/// only the temporary files its own writer names, not any file whose name
/// starts with `.vaultlint-` and ends with `.tmp`.
///
/// Decided: a leftover is recognised by the exact form of the writer's
/// names (`.vaultlint-` and six letters or digits, then `.tmp`, as
/// `crates/vaultlint_workspace/src/edit.rs` tests); a name the writer never gives, as here with a dot
/// inside, is someone else's file.
#[test]
fn a_write_removes_no_file_it_did_not_make() {
    let dir = vault();
    let root = dir.path();
    write(root, "old.md", "---\nsuperseded_by: new.md\n---\n# Old\n");
    write(root, "new.md", "# New\n");
    write(root, "links.md", "See [[old]].\n");
    let mine = root.join(".vaultlint-notes.backup.tmp");
    fs::write(&mine, "mine\n").unwrap();
    let past = SystemTime::now() - Duration::from_secs(7200);
    fs::File::options().write(true).open(&mine).unwrap().set_modified(past).unwrap();
    let (code, _, err) = run(&["check", "--fix"], root);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(fs::read_to_string(root.join("links.md")).unwrap(), "See [[new]].\n", "the fix was made");
    assert!(mine.exists(), "removed a file vaultlint did not make");
}

/// Nothing in the cache is trusted on its word: a cache file that came
/// with the vault does not change what a run finds. A pull request can
/// force-add `.vaultlint_cache/notes-*.bin` under the name the CI
/// checkout's path gives it, with a valid checksum (xxh3 is no secret):
/// its notes are taken for the files whose bytes hash to what it says,
/// and it says a broken note is a clean one, so CI passes.
///
/// Decided: a run gives what a run without the cache gives, whatever the
/// cache folder held before vaultlint wrote it (how a fix proves a file
/// its own, with a key kept outside the vault or otherwise, is open). The
/// banded and tally files, which a warm run takes on the notes' digests
/// alone too, are as open to this.
#[test]
fn a_cache_file_that_came_with_the_vault_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir(root.join(".obsidian")).unwrap();
    // Each text with a digest of ten bytes as a varint, so that one stands
    // in for the other in place.
    let text = |head: &str| {
        (0..)
            .map(|n| format!("---\n{head}---\n# Policy\n{}", " ".repeat(n)))
            .find(|t| xxhash_rust::xxh3::xxh3_64(t.as_bytes()) >> 63 == 1)
            .unwrap()
    };
    // A digest as the notes file holds it.
    let varint = |value: u64| postcard::to_stdvec(&value).unwrap();
    let (clean, broken) = (text("title: Policy\n"), text("superseded_by: gone-too.md\n"));
    // Made by the attacker beforehand, at the path the checkout will have:
    // the notes file of the clean note, relabelled with the broken note's
    // digest.
    write(root, "policy.md", &clean);
    run(&["check"], root);
    let file = cache_file(root, "notes");
    let bytes = fs::read(&file).unwrap();
    let (from, to) = (
        varint(xxhash_rust::xxh3::xxh3_64(clean.as_bytes())),
        varint(xxhash_rust::xxh3::xxh3_64(broken.as_bytes())),
    );
    let mut payload = bytes[HEADER..].to_vec();
    let mut replaced = 0;
    for at in 0..payload.len() - from.len() {
        if payload[at..at + from.len()] == from[..] {
            payload[at..at + from.len()].copy_from_slice(&to);
            replaced += 1;
        }
    }
    assert!(replaced > 0, "the notes file holds the clean note's digest");
    let mut crafted = bytes[..HEADER - 8].to_vec();
    crafted.extend_from_slice(&xxhash_rust::xxh3::xxh3_64(&payload).to_le_bytes());
    crafted.extend_from_slice(&payload);
    // The checkout: the broken note, and in the cache folder only what was
    // committed.
    write(root, "policy.md", &broken);
    for other in fs::read_dir(root.join(".vaultlint_cache")).unwrap() {
        fs::remove_file(other.unwrap().path()).unwrap();
    }
    fs::write(&file, &crafted).unwrap();
    let cold = run(&["check", "--format", "json", "--no-cache"], root);
    assert!(codes(&cold.1).contains(&("missing-successor".into(), "policy.md".into())), "{cold:?}");
    assert_eq!(run(&["check", "--format", "json"], root), cold, "the first run with the committed file");
}
