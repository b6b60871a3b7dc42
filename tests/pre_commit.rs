//! The pre-commit hooks, run by the real `pre-commit` (installed from PyPI
//! by `.ci/test`): in a temporary git repository holding a small vault,
//! `pre-commit try-repo` against this repository's working tree blocks a commit that
//! breaks a successor and lets a clean one through.
#![cfg(unix)]

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn pre_commit() -> String {
    let tool = std::env::var("VAULTLINT_PRE_COMMIT").unwrap_or_else(|_| "pre-commit".into());
    let found = Command::new(&tool).arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(found, "pre-commit is not installed: run the tests with `bash .ci/test`, which installs it");
    tool
}

fn git(dir: &Path, args: &[&str]) -> Output {
    Command::new("git")
        .current_dir(dir)
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"])
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_hooks_gate_commits() {
    let tool = pre_commit();
    let dir = tempfile::tempdir().unwrap();
    let vault = dir.path().join("vault");
    fs::create_dir_all(vault.join("notes")).unwrap();
    assert!(git(&vault, &["init", "-q"]).status.success());
    fs::write(vault.join("notes/old.md"), "---\nsuperseded_by: notes/new.md\n---\n# Travel policy 2025\n")
        .unwrap();
    fs::write(vault.join("notes/new.md"), "# Travel policy\n").unwrap();
    // The git hook runs this repository's hooks through `pre-commit
    // try-repo`, on the working tree as it is (committed or not): its
    // files are copied into a repository of one commit, so that one
    // environment serves every commit below, and the build reuses a target
    // folder across runs. pre-commit installs a Rust hook with `cargo
    // install`, a release build; unoptimised and without link-time
    // optimisation, it builds in a fraction of the time, and the vault
    // here is small.
    let (repo, head) = working_tree_copy(dir.path());
    let repo = repo.display().to_string();
    let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/pre-commit");
    let cache = dir.path().join("pre-commit-cache");
    let hook = vault.join(".git/hooks/pre-commit");
    fs::write(
        &hook,
        format!(
            "#!/bin/sh\nexec env PRE_COMMIT_HOME='{}' CARGO_TARGET_DIR='{}' CARGO_PROFILE_RELEASE_OPT_LEVEL=0 \
             CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256 CARGO_PROFILE_RELEASE_LTO=off '{tool}' try-repo '{repo}' \"$VAULTLINT_HOOK\" --ref {}\n",
            cache.display(),
            target.display(),
            head
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&hook, fs::Permissions::from_mode(0o755)).unwrap();
    let commit = |hook_id: &str, message: &str| {
        assert!(git(&vault, &["add", "-A"]).status.success());
        let mut cmd = Command::new("git");
        cmd.current_dir(&vault)
            .env("VAULTLINT_HOOK", hook_id)
            .args(["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"])
            .args(["commit", "-q", "-m", message]);
        let out = cmd.output().unwrap();
        (
            out.status.success(),
            format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)),
        )
    };

    let (ok, log) = commit("vaultlint", "A clean vault");
    assert!(ok, "a clean commit was blocked:\n{log}");

    // Renaming the successor breaks the declaration in another note.
    fs::rename(vault.join("notes/new.md"), vault.join("notes/travel.md")).unwrap();
    let (ok, log) = commit("vaultlint", "Rename the policy");
    assert!(!ok, "a commit breaking a successor went through:\n{log}");
    assert!(log.contains("missing-successor"), "{log}");

    // Fixed, the commit goes through; a warning passes `vaultlint` but
    // stops `vaultlint-strict`.
    fs::write(vault.join("notes/old.md"), "---\nsuperseded_by: notes/travel.md\n---\n# Travel policy 2025\n")
        .unwrap();
    fs::write(vault.join("notes/remote.md"), "---\nstatus: superseded\n---\n# Remote work\n").unwrap();
    let (ok, log) = commit("vaultlint-strict", "Fix the link, retire remote work");
    assert!(!ok, "vaultlint-strict let a warning through:\n{log}");
    assert!(log.contains("status-conflict"), "{log}");
    let (ok, log) = commit("vaultlint", "Fix the link, retire remote work");
    assert!(ok, "the fixed commit was blocked:\n{log}");
}

/// A repository of one commit holding this repository's working tree: its
/// tracked files as they are now and the files it does not ignore. Gives
/// its folder and the commit.
fn working_tree_copy(dir: &Path) -> (std::path::PathBuf, String) {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let listed = git(here, &["ls-files", "-z", "--cached", "--others", "--exclude-standard"]);
    assert!(listed.status.success());
    let copy = dir.join("vaultlint");
    for name in listed.stdout.split(|&b| b == 0).filter(|n| !n.is_empty()) {
        let name = std::str::from_utf8(name).unwrap();
        let from = here.join(name);
        // A file deleted from the working tree but not from the index.
        if !from.is_file() {
            continue;
        }
        let to = copy.join(name);
        fs::create_dir_all(to.parent().unwrap()).unwrap();
        fs::copy(&from, &to).unwrap();
    }
    assert!(git(&copy, &["init", "-q"]).status.success());
    assert!(git(&copy, &["add", "-A"]).status.success());
    assert!(git(&copy, &["commit", "-q", "-m", "The working tree"]).status.success());
    let head = String::from_utf8(git(&copy, &["rev-parse", "HEAD"]).stdout).unwrap();
    (copy, head.trim().to_string())
}
