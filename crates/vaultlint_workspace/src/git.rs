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

/// The most paths the history is read for by naming them to git. Git
/// matches each changed path of each commit against every path named, so
/// naming a few saves reading the rest of the history, and naming many
/// costs far more than reading it all (measured on real repositories: 32
/// paths took 0.6 to 0.8 of the whole read, 64 took 1.8, 214 took 18).
const NAMED_PATHS: usize = 32;

impl HistorySource for GitHistory<'_> {
    /// Empty when the vault is not in a git work tree or git is not
    /// installed. Read in one pass, streamed; for a few paths by naming
    /// them to git, for more over the whole history with the paths
    /// filtered here.
    fn history(&self, paths: &[&str]) -> History {
        let named = paths.len() <= NAMED_PATHS;
        let history = read_history(self.root, paths, named);
        // A note moved from a path not named: its first commit is in the
        // history of that path, which only the whole log has.
        if named && history.moves_unread() { read_history(self.root, paths, false) } else { history }
    }
}

/// The history of `paths` (vault-relative), from git naming them when
/// `named`, else from the whole history. Both read the same: with paths
/// named, `--full-history` keeps the commits of merged branches (git
/// would otherwise follow one side of a merge that left the paths as
/// either side had them), and `--full-diff` lists all that each commit
/// changed, which tells a sweep over the whole tree from a person's edit.
fn read_history(root: &Path, paths: &[&str], named: bool) -> History {
    let wanted: HashSet<&str> = paths.iter().copied().collect();
    let wanted = |path: &str| wanted.contains(path);
    let mut history = History::default();
    if paths.is_empty() || !may_be_in_work_tree(root) {
        return history;
    }
    let Some(index) = run(root, &["ls-files", "--stage", "-z"]) else { return history };
    history.read_index(&index, &wanted);
    let mut log = git_command(root);
    log.args(["log", "--raw", "--no-abbrev", "--no-renames", "--relative", "-z", "--format=format:%x01%ct"]);
    if named {
        // Literal: a note's name may hold `*`, `?` or `[`.
        log.args(["--full-history", "--full-diff", "--"]).args(paths).env("GIT_LITERAL_PATHSPECS", "1");
    }
    let Ok(mut child) = log.stdout(Stdio::piped()).stderr(Stdio::null()).spawn() else {
        return History::default();
    };
    let read = child.stdout.take().map(|out| history.read_log(&mut BufReader::new(out), &wanted));
    let succeeded = child.wait().is_ok_and(|status| status.success());
    match read {
        Some(Ok(())) if succeeded => history,
        _ => History::default(),
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

/// Starts git listing the files it tracks under `root`, as paths from
/// `root` each ended by NUL: git reads them as content whatever its ignore
/// rules say, so the walk does too. Only the index is read, never a work
/// tree's `.gitignore` (git would wait forever on one that is a named
/// pipe). `None` outside a work tree. Started before the walk, so that its
/// answer costs no time of its own.
pub fn tracked(root: &Path) -> Option<std::process::Child> {
    if !may_be_in_work_tree(root) {
        return None;
    }
    git_command(root)
        .args(["ls-files", "-z", "--cached"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()
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

    /// Runs git in `dir` as a fixed author at a fixed time.
    fn git(dir: &Path, args: &[&str], time: i64) {
        let date = format!("@{time} +0000");
        let out = Command::new("git")
            .current_dir(dir)
            .args(["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"])
            .args(args)
            .env("GIT_AUTHOR_DATE", &date)
            .env("GIT_COMMITTER_DATE", &date)
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }

    #[test]
    fn the_paths_named_to_git_read_as_the_whole_history_does() {
        let temp = tempfile::tempdir().unwrap();
        let root = temp.path();
        let write = |path: &str, text: &str| std::fs::write(root.join(path), text).unwrap();
        git(root, &["init", "-q", "-b", "main"], 0);
        for (path, text) in [("live.md", "one"), ("other.md", "two"), ("odd [draft].md", "three")] {
            write(path, text);
        }
        for i in 0..FEW {
            write(&format!("filler-{i}.md"), "filler");
        }
        git(root, &["add", "."], 1_000);
        git(root, &["commit", "-qm", "start"], 1_000);
        // Both sides of a merge change the live page; the merge keeps the
        // side branch's text, and a copy of the main line's text is made later.
        git(root, &["checkout", "-qb", "side"], 2_000);
        write("live.md", "side text");
        git(root, &["commit", "-qam", "side"], 2_000);
        git(root, &["checkout", "-q", "main"], 3_000);
        write("live.md", "main text");
        git(root, &["commit", "-qam", "main"], 3_000);
        git(root, &["merge", "-q", "-X", "theirs", "side", "-m", "merge"], 4_000);
        write("copy.md", "main text");
        git(root, &["add", "copy.md"], 5_000);
        git(root, &["commit", "-qm", "copy"], 5_000);
        // Two notes edited together twice, then in a sweep over every note.
        for (n, time) in [(1, 6_000), (2, 7_000)] {
            write("live.md", &format!("live {n}"));
            write("odd [draft].md", &format!("odd {n}"));
            git(root, &["commit", "-qam", "together"], time);
        }
        for i in 0..FEW {
            write(&format!("filler-{i}.md"), "swept");
        }
        write("live.md", "swept");
        write("odd [draft].md", "swept");
        git(root, &["commit", "-qam", "sweep"], 8_000);

        let paths = ["copy.md", "live.md", "odd [draft].md", "other.md"];
        let named = read_history(root, &paths, true);
        let whole = read_history(root, &paths, false);
        for history in [&named, &whole] {
            assert!(history.earlier("copy.md", "live.md"));
            assert_eq!(history.changed_together("live.md", "odd [draft].md"), 2);
        }
        for a in paths {
            assert_eq!(named.first.get(a), whole.first.get(a), "{a}");
            assert_eq!(named.last.get(a), whole.last.get(a), "{a}");
            for b in paths {
                assert_eq!(named.earlier(a, b), whole.earlier(a, b), "{a} {b}");
                assert_eq!(named.changed_together(a, b), whole.changed_together(a, b), "{a} {b}");
            }
        }
    }

    /// More notes than a commit changes and still counts as a person's edit.
    const FEW: usize = 120;
}
