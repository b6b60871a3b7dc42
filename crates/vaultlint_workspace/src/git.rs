//! Reading the vault's git history for the similarity pass: one `git log
//! --raw` over the whole history (never one call per file), streamed into
//! [`History::read_log`].

use std::collections::HashSet;
use std::io::BufReader;
use std::path::Path;
use std::process::{Command, Stdio};
use vaultlint_analysis::suggest::git::{History, HistorySource};

/// The history of the git work tree holding the vault at `root`.
pub struct GitHistory<'a> {
    pub root: &'a Path,
}

impl HistorySource for GitHistory<'_> {
    /// Empty when the vault is not in a git work tree or git is not
    /// installed. The whole history is read in one pass and the paths
    /// filtered here: git matching each changed path of each commit
    /// against thousands of pathspecs cost far more than reading it all.
    fn history(&self, paths: &[&str]) -> History {
        let wanted: HashSet<&str> = paths.iter().copied().collect();
        let wanted = |path: &str| wanted.contains(path);
        let mut history = History::default();
        if !may_be_in_work_tree(self.root) {
            return history;
        }
        let Some(index) = run(self.root, &["ls-files", "--stage", "-z"]) else { return history };
        history.read_index(&index, &wanted);
        let log =
            ["log", "--raw", "--no-abbrev", "--no-renames", "--relative", "-z", "--format=format:%x01%ct"];
        let child = git_command(self.root).args(log).stdout(Stdio::piped()).stderr(Stdio::null()).spawn();
        let Ok(mut child) = child else { return History::default() };
        let read = child.stdout.take().map(|out| history.read_log(&mut BufReader::new(out), &wanted));
        let succeeded = child.wait().is_ok_and(|status| status.success());
        match read {
            Some(Ok(())) if succeeded => history,
            _ => History::default(),
        }
    }
}

/// What the history read for a vault depends on: the commit checked out,
/// the index, and what decides which commits lie behind it besides the
/// commit itself: where a shallow clone's history is cut off (`shallow`,
/// gone once it is fetched whole), grafts, and the replacement refs (loose
/// or packed). Each file by its stamp, `None` where it is missing; `None`
/// outside a git work tree.
pub fn state(root: &Path) -> Option<String> {
    const FILES: [&str; 5] = ["index", "shallow", "info/grafts", "packed-refs", "refs/replace"];
    if !may_be_in_work_tree(root) {
        return None;
    }
    let mut args = vec!["rev-parse", "HEAD"];
    for file in FILES {
        args.extend(["--git-path", file]);
    }
    let out = run(root, &args)?;
    let mut lines = out.lines();
    let head = lines.next()?;
    let mut state = head.to_string();
    for _ in FILES {
        let stamp = std::fs::metadata(root.join(lines.next()?)).ok();
        state.push_str(&format!(" {:?}", stamp.as_ref().and_then(crate::cache::Stamp::of)));
    }
    Some(state)
}

/// Whether `root` can be inside a git work tree: git finds one only
/// through a `.git` (folder or file) in `root` or a folder above it, or
/// through `GIT_DIR`. Asked before running git, so that a vault outside
/// any repository costs no process: a warm run at 100k notes takes a
/// fraction of a second, and each git process a few milliseconds of it.
/// Git searches from the physical folder, so the path is resolved first.
fn may_be_in_work_tree(root: &Path) -> bool {
    if std::env::var_os("GIT_DIR").is_some() {
        return true;
    }
    let Ok(real) = root.canonicalize() else { return true };
    real.ancestors().any(|folder| std::fs::symlink_metadata(folder.join(".git")).is_ok())
}

/// `git ARGS` in `root`, its output when it succeeds.
fn run(root: &Path, args: &[&str]) -> Option<String> {
    let out = git_command(root).args(args).stderr(Stdio::null()).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The options that keep git from running a program a repository's own
/// settings name, for the commands vaultlint runs (which read, and never
/// fetch, write or show a patch): `core.fsmonitor` runs on every read of
/// the work tree's state, and `log.showSignature` runs `gpg.program`.
/// `--no-optional-locks` keeps git from rewriting the index as it reads.
const SAFE_OPTIONS: &[&str] =
    &["--no-optional-locks", "-c", "core.fsmonitor=false", "-c", "log.showSignature=false"];

/// `git` in `root`, with [`SAFE_OPTIONS`] before the command's arguments
/// and standard input closed. A partial clone does not fetch what it
/// lacks (that would run the transport the repository names). Every call
/// vaultlint makes to git is built here.
pub fn git_command(root: &Path) -> Command {
    let mut command = Command::new("git");
    command.current_dir(root).args(SAFE_OPTIONS).env("GIT_NO_LAZY_FETCH", "1").stdin(Stdio::null());
    command
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_taken_for_a_work_tree_only_below_a_dot_git() {
        let temp = tempfile::tempdir().unwrap();
        let vault = temp.path().join("repo/notes/vault");
        std::fs::create_dir_all(&vault).unwrap();
        let outside_any = !temp.path().canonicalize().unwrap().ancestors().any(|f| f.join(".git").exists());
        if outside_any && std::env::var_os("GIT_DIR").is_none() {
            assert!(!may_be_in_work_tree(&vault));
            assert_eq!(state(&vault), None);
        }
        // A worktree's or a submodule's `.git` is a file.
        std::fs::write(temp.path().join("repo/.git"), "gitdir: elsewhere\n").unwrap();
        assert!(may_be_in_work_tree(&vault));
    }
}
