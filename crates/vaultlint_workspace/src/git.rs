//! Reading the vault's git history for the similarity pass: one `git log
//! --raw` over the notes it asks about (never one call per file), parsed
//! by [`History::from_git`].

use std::path::Path;
use std::process::Stdio;
use vaultlint_analysis::suggest::git::{History, HistorySource};

/// The history of the git work tree holding the vault at `root`.
pub struct GitHistory<'a> {
    pub root: &'a Path,
}

impl HistorySource for GitHistory<'_> {
    /// Empty when the vault is not in a git work tree or git is not
    /// installed. Git diffs only the trees that lead to `paths`.
    fn history(&self, paths: &[&str]) -> History {
        // Beyond this many paths, one pass over the whole history is as cheap.
        let whole = paths.len() > MAX_PATHS;
        let paths: &[&str] = if whole { &["."] } else { paths };
        let log = git(
            self.root,
            &["log", "--raw", "--no-abbrev", "--no-renames", "--format=format:%x01%ct"],
            paths,
        );
        let index = git(self.root, &["ls-files", "--stage"], paths);
        match (log, index) {
            (Some(log), Some(index)) => History::from_git(&log, &index),
            _ => History::default(),
        }
    }
}

/// What the history read for a vault depends on: the commit checked out,
/// and the index (its size and time); `None` outside a git work tree.
pub fn state(root: &Path) -> Option<String> {
    let out = run(root, &["rev-parse", "HEAD", "--git-path", "index"])?;
    let mut lines = out.lines();
    let (head, index) = (lines.next()?, lines.next()?);
    let index = std::fs::metadata(root.join(index)).ok();
    Some(format!("{head} {:?}", index.as_ref().and_then(crate::cache::Stamp::of)))
}

/// Paths named to `git log` at most; more are read as the whole history.
const MAX_PATHS: usize = 2000;

/// `git ARGS -z --relative -- PATHS` in `root`, its output when it
/// succeeds. The paths are literal, not patterns.
fn git(root: &Path, args: &[&str], paths: &[&str]) -> Option<String> {
    let relative: &[&str] = if args[0] == "log" { &["--relative"] } else { &[] };
    let all = [&["--literal-pathspecs"][..], args, relative, &["-z", "--"], paths].concat();
    run(root, &all)
}

/// `git ARGS` in `root`, its output when it succeeds.
fn run(root: &Path, args: &[&str]) -> Option<String> {
    let out = vaultlint_analysis::events::git_command(root).args(args).stderr(Stdio::null()).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}
