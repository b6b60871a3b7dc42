//! What the git history says of the notes, from one `git log --raw` over
//! the whole vault (never one call per file): when each path was first
//! committed, and every content (blob) each path has held. The second is
//! the strong evidence: a note whose exact text was once the text of
//! another path is an older state of that note, however late it was
//! committed (release folders are copied from the live pages after the
//! fact, so a frozen copy's path is always the newer one in git).

use std::collections::HashMap;
use std::io::BufRead;

/// What the git history says of some notes: when each path was first
/// committed, and every text each path has held.
#[derive(Debug, Default, Clone)]
pub struct History {
    /// Vault-relative path to the Unix time of the commit that added it.
    pub first: HashMap<String, i64>,
    /// ...and of the last commit that changed it.
    pub last: HashMap<String, i64>,
    /// Each path's blobs over its history (the ids' first 16 hex digits).
    held: HashMap<String, Vec<u64>>,
    /// Each tracked path's blob now (as the index has it).
    now: HashMap<String, u64>,
    /// Per path, the commits that changed it in place, numbered as read,
    /// among those that change at most [`FEW_PATHS`] paths.
    edits: HashMap<String, Vec<u32>>,
    /// Per path, when the last of those commits changed it: when a person
    /// last kept it up, sweeps aside.
    kept_up: HashMap<String, i64>,
    /// Per path added by a move (a commit that deleted another path with
    /// the same text, or one of the same name in the same folder, its
    /// version markers aside), the path it was moved from: a folder
    /// reorganised leaves its notes as old as they were, not as new as the
    /// move.
    moved_from: HashMap<String, String>,
    /// The paths in `moved_from`'s values, whose history is read too.
    moved_away: std::collections::HashSet<String>,
}

/// The most paths a commit changes and still says what a person kept up:
/// a sweep over the whole tree (a reformat, a link rewrite, a plugin's
/// pass) changes the stale notes with the rest.
const FEW_PATHS: usize = 100;

/// One commit's changes as they are read: how many paths it changes,
/// which of the wanted ones it changes in place, which of them (or of
/// the paths they were moved from) it adds, with their blobs, and the
/// blobs of the paths it deletes.
#[derive(Default)]
struct Commit {
    number: u32,
    time: i64,
    changes: usize,
    edited: Vec<String>,
    added: Vec<(String, u64)>,
    deleted: HashMap<u64, String>,
}

/// Where the similarity pass gets the history of the notes whose order
/// nothing else settles: asked once a run, for only those notes' paths,
/// so a vault whose pairs settle otherwise never pays for it.
pub trait HistorySource: Sync {
    /// The history of `paths` (vault-relative); empty when there is none.
    fn history(&self, paths: &[&str]) -> History;
}

/// A source asked more than once a run (the pairs a low threshold lets in
/// are settled apart from those listed by default): a later question over
/// paths an earlier one covered is answered from that answer, which says
/// of each path what a question over it alone would.
pub(super) struct Remembered<'a> {
    source: &'a dyn HistorySource,
    asked: std::sync::Mutex<Option<(std::collections::HashSet<String>, History)>>,
}

impl<'a> Remembered<'a> {
    pub(super) fn new(source: &'a dyn HistorySource) -> Self {
        Remembered { source, asked: std::sync::Mutex::new(None) }
    }
}

impl HistorySource for Remembered<'_> {
    fn history(&self, paths: &[&str]) -> History {
        let mut asked = self.asked.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((covered, history)) = asked.as_ref()
            && paths.iter().all(|p| covered.contains(*p))
        {
            return history.clone();
        }
        let history = self.source.history(paths);
        *asked = Some((paths.iter().map(|p| p.to_string()).collect(), history.clone()));
        history
    }
}

/// No history: the pairs are ordered by what the notes say.
pub struct NoHistory;

impl HistorySource for NoHistory {
    fn history(&self, _: &[&str]) -> History {
        History::default()
    }
}

impl History {
    /// The history from git's own words (the index read first, as a run
    /// reads it): `log` is `git log --raw
    /// --no-abbrev --no-renames -z --format=format:%x01%ct` and `index` is
    /// `git ls-files --stage -z`, over the same paths.
    pub fn from_git(log: &str, index: &str) -> History {
        let mut history = History::default();
        history.read_index(index, &|_| true);
        let _ = history.read_log(&mut log.as_bytes(), &|_| true);
        history
    }

    /// Reads `git log --raw --no-abbrev --no-renames -z
    /// --format=format:%x01%ct` as git writes it, keeping what it says of
    /// the paths `wanted` accepts: the log of a whole history is read once
    /// and never held whole. Per commit, newest first, `\x01<time>\n`, then
    /// per changed path `:<mode> <mode> <old> <new> <status>\0<path>\0`.
    pub fn read_log(&mut self, log: &mut dyn BufRead, wanted: &dyn Fn(&str) -> bool) -> std::io::Result<()> {
        let mut token = Vec::new();
        let mut time = None;
        let mut meta: Option<String> = None;
        let mut commit = Commit::default();
        loop {
            token.clear();
            if log.read_until(0, &mut token)? == 0 {
                self.edited(&mut commit);
                self.date_moves();
                return Ok(());
            }
            if token.last() == Some(&0) {
                token.pop();
            }
            let text = String::from_utf8_lossy(&token);
            let mut text: &str = &text;
            // A commit's header comes in one token with its first change.
            if let Some(header) = text.strip_prefix('\x01') {
                let (stamp, rest) = header.split_once('\n').unwrap_or((header, ""));
                time = stamp.trim().parse::<i64>().ok();
                meta = None;
                text = rest;
                self.edited(&mut commit);
                commit.number += 1;
                commit.time = time.unwrap_or_default();
            }
            match meta.take() {
                None if text.starts_with(':') => meta = Some(text.to_string()),
                None => {}
                Some(changed) => {
                    commit.changes += 1;
                    if let Some(time) = time.filter(|_| wanted(text) || self.moved_away.contains(text)) {
                        match self.changed(&changed, text, time) {
                            "M" => commit.edited.push(text.to_string()),
                            "A" => {
                                commit.added.extend(blob_of(&changed, 3).map(|blob| (text.to_string(), blob)))
                            }
                            _ => {}
                        }
                    }
                    if let Some(blob) = blob_of(&changed, 2).filter(|_| change_status(&changed) == "D") {
                        commit.deleted.insert(blob, text.to_string());
                    }
                }
            }
        }
    }

    /// Gives each path added by a move the first commit of the path it
    /// was moved from, along a chain of moves; once the whole log is read,
    /// the oldest commits last. Not where a path it was moved from holds a
    /// note again: that is a copy left behind or put back, and the move
    /// says which of the two is the newer, as the first commits do.
    fn date_moves(&mut self) {
        for (path, mut from) in self.moved_from.clone() {
            let mut back = self.now.contains_key(&from);
            // A chain is at most as long as there are moves.
            for _ in 0..self.moved_from.len() {
                match self.moved_from.get(&from) {
                    Some(older) if self.first.contains_key(older) => from = older.clone(),
                    _ => break,
                }
                back |= self.now.contains_key(&from);
            }
            if back {
                continue;
            }
            if let Some(&first) = self.first.get(&from) {
                let entry = self.first.entry(path).or_insert(first);
                *entry = (*entry).min(first);
            }
        }
    }

    /// Whether a path the log named was added by a move whose first
    /// commit it could not read (the log was of some paths only).
    pub fn moves_unread(&self) -> bool {
        self.moved_away.iter().any(|from| !self.first.contains_key(from))
    }

    /// Keeps which wanted paths the commit read last changed in place,
    /// unless it changed too many paths to say anything of them; and which
    /// it added by moving them.
    fn edited(&mut self, commit: &mut Commit) {
        // The paths the commit deleted, by folder and name apart from its
        // markers (`SRD-Abra` for `SRD-Abra-v2.0`); `None` where two share one.
        let mut by_name: Option<HashMap<(&str, String), Option<&String>>> = None;
        for (path, blob) in std::mem::take(&mut commit.added) {
            let from = match commit.deleted.get(&blob).filter(|from| **from != path) {
                Some(from) => Some(from.clone()),
                None if !commit.deleted.is_empty() => {
                    // Renamed and edited in one commit, in its folder.
                    let names = by_name.get_or_insert_with(|| {
                        let mut names: HashMap<(&str, String), Option<&String>> = HashMap::new();
                        for old in commit.deleted.values() {
                            if let Some(key) = name_key(old) {
                                names.entry(key).and_modify(|one| *one = None).or_insert(Some(old));
                            }
                        }
                        names
                    });
                    name_key(&path).and_then(|key| names.get(&key).copied().flatten()).cloned()
                }
                None => None,
            };
            if let Some(from) = from.filter(|from| *from != path) {
                self.moved_away.insert(from.clone());
                self.moved_from.insert(path, from);
            }
        }
        commit.deleted.clear();
        let edited = std::mem::take(&mut commit.edited);
        if std::mem::take(&mut commit.changes) <= FEW_PATHS {
            for path in edited {
                // Newest first: the first seen is the last.
                self.kept_up.entry(path.clone()).or_insert(commit.time);
                self.edits.entry(path).or_default().push(commit.number);
            }
        }
    }

    /// One change of a commit at `time`: the path's new blob, and when it
    /// was added. Gives the change's status (`A`, `M`, `D`...).
    fn changed<'m>(&mut self, meta: &'m str, path: &str, time: i64) -> &'m str {
        let mut parts = meta.trim_start_matches(':').split(' ');
        let (Some(new), Some(status)) = (parts.nth(3), parts.next()) else { return "" };
        // Newest first: the first time seen is the last change, and the
        // last time seen the first commit.
        self.last.entry(path.to_string()).or_insert(time);
        if status == "A" {
            self.first.insert(path.to_string(), time);
        }
        if let Some(blob) = blob_id(new) {
            self.held.entry(path.to_string()).or_default().push(blob);
        }
        status
    }

    /// Reads `git ls-files --stage -z`: `<mode> <blob> <stage>\t<path>\0`
    /// per tracked path, keeping the paths `wanted` accepts.
    pub fn read_index(&mut self, index: &str, wanted: &dyn Fn(&str) -> bool) {
        for entry in index.split('\0') {
            let Some((meta, path)) = entry.split_once('\t') else { continue };
            if !wanted(path) {
                continue;
            }
            if let Some(blob) = meta.split(' ').nth(1).and_then(blob_id) {
                self.now.insert(path.to_string(), blob);
            }
        }
    }

    /// Whether the note at `a` holds what the path `b` once held, and `b`
    /// holds something else now: `a` is an older state of `b`. Not when
    /// `b` had its text now before it last held `a`'s: a path put back to
    /// an old text (a note moved away, then restored or re-created from an
    /// old copy) says nothing of which of the two is older.
    pub fn earlier(&self, a: &str, b: &str) -> bool {
        let (Some(&blob), Some(&b_now)) = (self.now.get(a), self.now.get(b)) else { return false };
        let Some(held) = self.held.get(b).filter(|_| blob != b_now) else { return false };
        // Newest first: the last time `b` held `a`'s text, then before it.
        held.iter().position(|&h| h == blob).is_some_and(|last| !held[last + 1..].contains(&b_now))
    }

    /// Whether `path` was changed in place, by a commit of a few paths, at
    /// `time` or after: kept up by a person then, not only swept over.
    pub fn kept_up_since(&self, path: &str, time: i64) -> bool {
        self.kept_up.get(path).is_some_and(|&last| last >= time)
    }

    /// How many commits changed both `a` and `b` in place, each of them
    /// among a few paths: two notes a person keeps editing together are
    /// both in use, whatever their names say of their order.
    pub fn changed_together(&self, a: &str, b: &str) -> usize {
        let (Some(a), Some(b)) = (self.edits.get(a), self.edits.get(b)) else { return 0 };
        // Both are in the order read, so one merge counts the commits in common.
        let (mut i, mut j, mut common) = (0, 0, 0);
        while i < a.len() && j < b.len() {
            match a[i].cmp(&b[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    common += 1;
                    i += 1;
                    j += 1;
                }
            }
        }
        common
    }
}

/// A path's folder and its file name's key without version markers, by
/// which a note renamed in its folder is known (`SRD-Abra.md` and
/// `SRD-Abra-v2.0.md`); `None` for a name of markers only (a day).
fn name_key(path: &str) -> Option<(&str, String)> {
    let folder = path.rsplit_once('/').map_or("", |(folder, _)| folder);
    let key = vaultlint_syntax::names::normalize(vaultlint_syntax::note::stem_of(path)).key;
    (!key.is_empty()).then_some((folder, key))
}

/// The blob id in field `n` of a raw change (2: before, 3: after).
fn blob_of(meta: &str, n: usize) -> Option<u64> {
    meta.trim_start_matches(':').split(' ').nth(n).and_then(blob_id)
}

/// The status of a raw change (`A`, `M`, `D`...).
fn change_status(meta: &str) -> &str {
    meta.trim_start_matches(':').split(' ').nth(4).unwrap_or_default()
}

/// A blob id's first 16 hex digits; `None` for the zero id of a deletion.
fn blob_id(hex: &str) -> Option<u64> {
    let id = u64::from_str_radix(hex.get(..16)?, 16).ok()?;
    (id != 0).then_some(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    const A1: &str = "1111111111111111111111111111111111111111";
    const A2: &str = "2222222222222222222222222222222222222222";
    const A3: &str = "3333333333333333333333333333333333333333";
    const A4: &str = "4444444444444444444444444444444444444444";
    const ZERO: &str = "0000000000000000000000000000000000000000";

    #[test]
    fn first_commits_and_blobs() {
        let log = format!(
            "\x011796213803\n:100644 100644 {A1} {A2} M\0live.md\0:000000 100644 {ZERO} {A1} A\0old/live.md\0\0\
             \x011700000000\n:000000 100644 {ZERO} {A1} A\0live.md\0"
        );
        let history =
            History::from_git(&log, &format!("100644 {A2} 0\tlive.md\0100644 {A1} 0\told/live.md\0"));
        assert_eq!(history.first["live.md"], 1_700_000_000);
        assert_eq!(history.first["old/live.md"], 1_796_213_803);
        assert_eq!(history.last["live.md"], 1_796_213_803);
        // The frozen copy holds what the live page once held.
        assert!(history.earlier("old/live.md", "live.md"));
        assert!(!history.earlier("live.md", "old/live.md"));
    }

    #[test]
    fn a_note_moved_keeps_the_first_commit_of_its_old_path() {
        // `mysql/backup.md` was added, edited, then moved twice with the
        // rest of its folder: to `db/backup.md`, then `db/mysql/backup.md`.
        // `db/mysql/new.md` was added by the last move's commit, and
        // `db/mysql/empty.md` by one that deleted a note of other text.
        let log = format!(
            "\x011796213803\n:100644 000000 {A2} {ZERO} D\0db/backup.md\0:000000 100644 {ZERO} {A2} A\0db/mysql/backup.md\0\
             :000000 100644 {ZERO} {A1} A\0db/mysql/new.md\0\0\
             \x011790000000\n:100644 000000 {A2} {ZERO} D\0mysql/backup.md\0:000000 100644 {ZERO} {A2} A\0db/backup.md\0\0\
             \x011780000000\n:100644 000000 {A1} {ZERO} D\0mysql/other.md\0:000000 100644 {ZERO} {A2} A\0db/mysql/empty.md\0\0\
             \x011750000000\n:100644 100644 {A1} {A2} M\0mysql/backup.md\0\0\
             \x011700000000\n:000000 100644 {ZERO} {A1} A\0mysql/backup.md\0"
        );
        let history = History::from_git(&log, "");
        assert_eq!(history.first["db/mysql/backup.md"], 1_700_000_000);
        assert_eq!(history.first["db/mysql/new.md"], 1_796_213_803);
        assert_eq!(history.first["db/mysql/empty.md"], 1_780_000_000);
        assert!(!history.moves_unread());
        // Read for the moved path alone, the old paths' commits are not
        // there: the caller reads the whole log instead.
        let mut some = History::default();
        let wanted = |p: &str| p == "db/mysql/backup.md";
        let head = log.split("\x011790000000").next().unwrap();
        some.read_log(&mut head.as_bytes(), &wanted).unwrap();
        assert!(some.moves_unread());
        // Renamed in its folder with a version marker and edited in the
        // same commit: the same note, as old as its first name.
        let renamed = format!(
            "\x011796213803\n:100644 000000 {A1} {ZERO} D\0v2/Abra.md\0:000000 100644 {ZERO} {A2} A\0v2/Abra-v2.0.md\0\
             :100644 000000 {A3} {ZERO} D\0v2/2024-01-01.md\0:000000 100644 {ZERO} {A4} A\0v2/2024-01-02.md\0\0\
             \x011700000000\n:000000 100644 {ZERO} {A1} A\0v2/Abra.md\0:000000 100644 {ZERO} {A3} A\0v2/2024-01-01.md\0"
        );
        let history = History::from_git(&renamed, "");
        assert_eq!(history.first["v2/Abra-v2.0.md"], 1_700_000_000);
        // A day's note for the next day is another note.
        assert_eq!(history.first["v2/2024-01-02.md"], 1_796_213_803);
    }

    #[test]
    fn notes_edited_in_the_same_small_commits_are_changed_together() {
        let edit = |paths: &[&str]| -> String {
            paths.iter().map(|p| format!(":100644 100644 {A1} {A2} M\0{p}\0")).collect()
        };
        let sweep: Vec<String> = (0..FEW_PATHS).map(|i| format!("other/{i}.md")).collect();
        let sweep: Vec<&str> = sweep.iter().map(String::as_str).chain(["lts.md", "current.md"]).collect();
        let log = format!(
            "\x011796213803\n{}\0\x011796200000\n{}\0\x011796100000\n{}\0\x011796000000\n{}\0\
             \x011700000000\n:000000 100644 {ZERO} {A1} A\0lts.md\0:000000 100644 {ZERO} {A1} A\0current.md\0",
            edit(&["lts.md", "current.md"]),
            edit(&sweep),
            edit(&["current.md"]),
            edit(&["current.md", "lts.md", "index.md"]),
        );
        let history = History::from_git(&log, "");
        // The sweep over more than a few paths, the one-sided edit and the
        // commit that added both are not counted.
        assert_eq!(history.changed_together("lts.md", "current.md"), 2);
        assert_eq!(history.changed_together("current.md", "lts.md"), 2);
        assert_eq!(history.changed_together("lts.md", "index.md"), 1);
        assert_eq!(history.changed_together("lts.md", "missing.md"), 0);
    }

    #[test]
    fn a_path_put_back_to_an_old_text_orders_nothing() {
        // `note.md` held A1, then A2; it moved to `sub/note.md` and was
        // later re-created at its old path with A1.
        let log = format!(
            "\x011796213803\n:000000 100644 {ZERO} {A1} A\0note.md\0\0\
             \x011790000000\n:100644 000000 {A2} {ZERO} D\0note.md\0:000000 100644 {ZERO} {A2} A\0sub/note.md\0\0\
             \x011780000000\n:100644 100644 {A1} {A2} M\0note.md\0\0\
             \x011700000000\n:000000 100644 {ZERO} {A1} A\0note.md\0"
        );
        let history =
            History::from_git(&log, &format!("100644 {A1} 0\tnote.md\0100644 {A2} 0\tsub/note.md\0"));
        assert!(!history.earlier("sub/note.md", "note.md"));
        assert!(!history.earlier("note.md", "sub/note.md"));
        // The moved note keeps the date of its move: its old path holds a
        // note again.
        assert_eq!(history.first["sub/note.md"], 1_790_000_000);
    }
}
