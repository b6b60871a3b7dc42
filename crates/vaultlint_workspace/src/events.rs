//! What changed for an indexer since a commit: the map of every note at
//! that commit (read from git's objects, never from a checkout) against
//! the map now, as one event per note whose verdict, standing, closure or
//! path changed. A note removed leaves a tombstone that says when, in
//! which commit, and what replaced it, so an old citation can be explained.

use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::io::{Read, Write};
use std::path::Path;
use std::process::Stdio;
use vaultlint_core::date::Day;
use vaultlint_model::lineage::Analysis;
use vaultlint_model::vault::{NoteId, Vault};
use vaultlint_syntax::note::{Note, Reading};

/// What happened to a note, as an indexer applies it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A new note: index it as its verdict says.
    Added,
    /// It was active and is not now: drop it from search.
    Retired,
    /// It was not active and is now.
    Reinstated,
    /// Still active, with other notes that must come with it.
    Corrected,
    /// The same note at a new path (`from` is the old one).
    Moved,
    /// The note is gone: the tombstone.
    Removed,
}

/// One event: the note's entry now (for a removal, as it last was).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Event {
    pub event: Kind,
    pub path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    pub verdict: &'static str,
    pub standing: &'static str,
    pub closure: Vec<String>,
    /// For a removal: the commit that removed it and its date, `None` for a
    /// note deleted in the work tree and not committed yet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commit: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// For a removal: the notes it last named as its successors.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub successors: Vec<String>,
}

/// The vault's notes at a commit, and what the commit is.
pub struct Snapshot {
    /// The commit's full id.
    pub commit: String,
    /// The commit's day, which the map at the commit is judged as of.
    pub day: Day,
    pub notes: Vec<Note>,
}

/// Why the history cannot be read.
#[derive(Debug)]
pub struct GitError(pub String);

/// The notes at `reference` under the vault at `root`, those `select`
/// takes, read as `reading` says.
pub fn snapshot(
    root: &Path,
    reference: &str,
    select: &dyn Fn(&str) -> bool,
    reading: Reading<'_>,
) -> Result<Snapshot, GitError> {
    git(root, &["rev-parse", "--is-inside-work-tree"])
        .map_err(|e| GitError(format!("--since needs a git work tree: {e}")))?;
    // The ref is only ever an operand: git takes nothing after
    // `--end-of-options` as an option, and every later call is given the
    // commit's id instead.
    let spec = format!("{reference}^{{commit}}");
    let id = git(root, &["rev-parse", "--verify", "--quiet", "--end-of-options", &spec])
        .ok()
        .map(|id| id.trim().to_string())
        .filter(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_hexdigit()))
        .ok_or_else(|| GitError(format!("--since `{reference}` is not a commit in this repository")))?;
    let head =
        git(root, &["log", "-1", "--no-show-signature", "--format=%H %ct", "--end-of-options", &id, "--"])
            .map_err(|e| GitError(format!("cannot read the commit `{reference}`: {e}")))?;
    let (commit, time) =
        head.trim().split_once(' ').ok_or_else(|| GitError(format!("`{reference}` names no commit")))?;
    let day = Day::of_unix_seconds(time.parse().unwrap_or(0));
    // Paths relative to the vault root, which may be a folder of the repository.
    let tree =
        git(root, &["ls-tree", "-r", "-z", "--end-of-options", commit, "--", "."]).map_err(GitError)?;
    let mut wanted: Vec<(String, String)> = Vec::new();
    for entry in tree.split('\0').filter(|e| !e.is_empty()) {
        let Some((meta, path)) = entry.split_once('\t') else { continue };
        let mut parts = meta.split(' ');
        // A symbolic link (mode 120000) is no note, as the walk does not follow one.
        if let (Some(mode), Some("blob"), Some(id)) = (parts.next(), parts.next(), parts.next())
            && mode != "120000"
            && select(path)
        {
            wanted.push((path.to_string(), id.to_string()));
        }
    }
    let blobs = cat_blobs(root, wanted.iter().map(|(_, id)| id.as_str()))?;
    let notes = wanted
        .into_par_iter()
        .zip(blobs)
        .map(|((path, _), bytes)| match String::from_utf8(bytes) {
            Ok(text) => Note::parse_with(path, &text, reading),
            Err(_) => Note::unreadable(path, "it is not valid UTF-8".into()),
        })
        .collect();
    Ok(Snapshot { commit: commit.to_string(), day, notes })
}

/// The contents of the blobs `ids`, in order, from one `git cat-file --batch`.
fn cat_blobs<'a>(root: &Path, ids: impl Iterator<Item = &'a str>) -> Result<Vec<Vec<u8>>, GitError> {
    let ids: Vec<&str> = ids.collect();
    let mut child = crate::git::git_command(root)
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| GitError(format!("cannot run git: {e}")))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input: String = ids.iter().map(|id| format!("{id}\n")).collect();
    // Written from another thread, so a large batch cannot fill both pipes.
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let mut out = Vec::new();
    child.stdout.take().expect("piped stdout").read_to_end(&mut out).map_err(|e| GitError(e.to_string()))?;
    let _ = writer.join();
    let _ = child.wait();
    let mut blobs = Vec::with_capacity(ids.len());
    let mut rest = out.as_slice();
    for _ in &ids {
        // `<id> blob <size>\n<bytes>\n`
        let line_end = rest
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| GitError("git cat-file stopped short".into()))?;
        let header = String::from_utf8_lossy(&rest[..line_end]).into_owned();
        let size: usize = header
            .rsplit(' ')
            .next()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| GitError(format!("git cat-file: unexpected `{header}`")))?;
        let body = rest
            .get(line_end + 1..line_end + 1 + size)
            .ok_or_else(|| GitError("git cat-file stopped short".into()))?;
        blobs.push(body.to_vec());
        rest = rest.get(line_end + 2 + size..).unwrap_or_default();
    }
    Ok(blobs)
}

/// Paths moved since `commit` (old -> new), by git's rename detection
/// between the commit and the work tree.
pub fn moves(root: &Path, commit: &str) -> Result<HashMap<String, String>, GitError> {
    // The one call that reads the work tree's files, where a filter the
    // repository names would run: each is turned off.
    let mut args: Vec<String> = filters_off(root);
    let diff_args = ["diff", "--no-ext-diff", "--no-textconv", "-M", "--name-status", "-z", "--relative"];
    args.extend(diff_args.iter().map(|a| a.to_string()));
    args.extend(["--end-of-options".into(), commit.to_string(), "--".into(), ".".into()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let diff = git(root, &args).map_err(GitError)?;
    let mut moved = HashMap::new();
    let mut fields = diff.split('\0');
    while let Some(status) = fields.next() {
        if status.starts_with('R') {
            if let (Some(old), Some(new)) = (fields.next(), fields.next()) {
                moved.insert(old.to_string(), new.to_string());
            }
        } else if status.starts_with('C') {
            fields.next();
            fields.next();
        } else {
            fields.next();
        }
    }
    Ok(moved)
}

/// The commit after `commit` that deleted each path, with its day: the
/// newest deletion of each.
pub fn removals(root: &Path, commit: &str) -> Result<HashMap<String, (String, String)>, GitError> {
    let range = format!("{commit}..HEAD");
    let log = git(
        root,
        &[
            "log",
            "--no-show-signature",
            "--diff-filter=D",
            "--no-renames",
            "--name-only",
            "-z",
            "--relative",
            "--format=%x01%H %cs",
            "--end-of-options",
            &range,
            "--",
            ".",
        ],
    )
    .map_err(GitError)?;
    let mut found = HashMap::new();
    for entry in log.split('\x01').filter(|e| !e.is_empty()) {
        // `<id> <date>\0\n<path>\0<path>\0...`
        let Some((head, paths)) = entry.split_once('\0') else { continue };
        let Some((id, date)) = head.trim().split_once(' ') else { continue };
        for path in paths.split('\0').map(|p| p.trim_matches('\n')).filter(|p| !p.is_empty()) {
            found.entry(path.to_string()).or_insert_with(|| (id.to_string(), date.to_string()));
        }
    }
    Ok(found)
}

/// A note's entry in a map, as events compare them.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Mapped {
    verdict: &'static str,
    standing: &'static str,
    closure: Vec<String>,
    successors: Vec<String>,
}

fn mapped(vault: &Vault, analysis: &Analysis, keep: &dyn Fn(&str) -> bool) -> BTreeMap<String, Mapped> {
    let paths = |ids: &mut dyn Iterator<Item = NoteId>| ids.map(|n| vault.notes[n].path.clone()).collect();
    (0..vault.notes.len())
        .filter(|&id| keep(&vault.notes[id].path) && analysis.life.applies(id) && !vault.is_template(id))
        .map(|id| {
            let judged = &analysis.judged[id];
            let entry = Mapped {
                verdict: judged.verdict.name(),
                standing: analysis.life.states[id].standing.name(),
                closure: paths(&mut analysis.closure(id).into_iter()),
                successors: paths(&mut analysis.graph.edges[id].iter().map(|e| e.to)),
            };
            (vault.notes[id].path.clone(), entry)
        })
        .collect()
}

/// The two maps, then and now, and how paths moved and were removed.
pub struct Change<'a> {
    pub then: (&'a Vault, &'a Analysis),
    pub now: (&'a Vault, &'a Analysis),
    pub moves: &'a HashMap<String, String>,
    pub removals: &'a HashMap<String, (String, String)>,
}

/// One event per note whose verdict, standing, closure or path changed,
/// sorted by path.
pub fn events(change: &Change, keep: &dyn Fn(&str) -> bool) -> Vec<Event> {
    let then = mapped(change.then.0, change.then.1, keep);
    let now = mapped(change.now.0, change.now.1, keep);
    let moved_to: HashMap<&str, &str> = change
        .moves
        .iter()
        .filter(|(old, new)| then.contains_key(*old) && now.contains_key(*new))
        .map(|(o, n)| (o.as_str(), n.as_str()))
        .collect();
    let moved_from: HashMap<&str, &str> = moved_to.iter().map(|(&o, &n)| (n, o)).collect();
    let mut events = Vec::new();
    for (path, entry) in &now {
        let from = moved_from
            .get(path.as_str())
            .copied()
            .or_else(|| then.contains_key(path).then_some(path.as_str()));
        let kind = match from.map(|f| (f, &then[f])) {
            None => Some(Kind::Added),
            Some((f, _)) if f != path => Some(Kind::Moved),
            Some((_, old)) if old == entry => None,
            Some((_, old)) => Some(match (old.verdict == "active", entry.verdict == "active") {
                (true, false) => Kind::Retired,
                (false, true) => Kind::Reinstated,
                (true, true) => Kind::Corrected,
                (false, false) => Kind::Retired,
            }),
        };
        let Some(kind) = kind else { continue };
        events.push(Event {
            event: kind,
            path: path.clone(),
            from: (kind == Kind::Moved).then(|| from.unwrap_or_default().to_string()),
            verdict: entry.verdict,
            standing: entry.standing,
            closure: entry.closure.clone(),
            commit: None,
            date: None,
            successors: Vec::new(),
        });
    }
    for (path, entry) in
        then.iter().filter(|(p, _)| !now.contains_key(*p) && !moved_to.contains_key(p.as_str()))
    {
        let (commit, date) = change.removals.get(path).cloned().unzip();
        events.push(Event {
            event: Kind::Removed,
            path: path.clone(),
            from: None,
            verdict: entry.verdict,
            standing: entry.standing,
            closure: Vec::new(),
            commit,
            date,
            successors: entry.successors.clone(),
        });
    }
    events.sort_by(|a, b| a.path.cmp(&b.path).then(a.event.cmp(&b.event)));
    events
}

/// Settings that turn off every filter driver the repository names
/// (`filter.NAME.clean`, `smudge` and `process` run programs on the work
/// tree's files), as `-c` options. Reading the config runs nothing.
fn filters_off(root: &Path) -> Vec<String> {
    let listed = git(
        root,
        &[
            "config",
            "--null",
            "--name-only",
            "--get-regexp",
            r"^filter\..*\.(clean|smudge|process|required)$",
        ],
    );
    let mut names: Vec<&str> = Vec::new();
    let listed = listed.unwrap_or_default();
    for key in listed.split('\0').filter(|k| !k.is_empty()) {
        let key = key.trim();
        if let Some(name) = key.strip_prefix("filter.").and_then(|k| k.rsplit_once('.')).map(|(name, _)| name)
            && !names.contains(&name)
        {
            names.push(name);
        }
    }
    names
        .iter()
        .flat_map(|name| {
            ["clean=", "smudge=", "process=", "required=false"]
                .map(|setting| ["-c".to_string(), format!("filter.{name}.{setting}")])
        })
        .flatten()
        .collect()
}

/// `git ARGS` in `root`, its output when it succeeds, else its error.
fn git(root: &Path, args: &[&str]) -> Result<String, String> {
    let out =
        crate::git::git_command(root).args(args).output().map_err(|e| format!("cannot run git: {e}"))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        let err = String::from_utf8_lossy(&out.stderr);
        Err(err.lines().next().unwrap_or("git failed").trim().to_string())
    }
}
