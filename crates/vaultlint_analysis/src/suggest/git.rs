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
#[derive(Debug, Default)]
pub struct History {
    /// Vault-relative path to the Unix time of the commit that added it.
    pub first: HashMap<String, i64>,
    /// ...and of the last commit that changed it.
    pub last: HashMap<String, i64>,
    /// Each path's blobs over its history (the ids' first 16 hex digits).
    held: HashMap<String, Vec<u64>>,
    /// Each tracked path's blob now (as the index has it).
    now: HashMap<String, u64>,
}

/// Where the similarity pass gets the history of the notes whose order
/// nothing else settles: asked once a run, for only those notes' paths,
/// so a vault whose pairs settle otherwise never pays for it.
pub trait HistorySource: Sync {
    /// The history of `paths` (vault-relative); empty when there is none.
    fn history(&self, paths: &[&str]) -> History;
}

/// No history: the pairs are ordered by what the notes say.
pub struct NoHistory;

impl HistorySource for NoHistory {
    fn history(&self, _: &[&str]) -> History {
        History::default()
    }
}

impl History {
    /// The history from git's own words: `log` is `git log --raw
    /// --no-abbrev --no-renames -z --format=format:%x01%ct` and `index` is
    /// `git ls-files --stage -z`, over the same paths.
    pub fn from_git(log: &str, index: &str) -> History {
        let mut history = History::default();
        let _ = history.read_log(&mut log.as_bytes(), &|_| true);
        history.read_index(index, &|_| true);
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
        loop {
            token.clear();
            if log.read_until(0, &mut token)? == 0 {
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
            }
            match meta.take() {
                None if text.starts_with(':') => meta = Some(text.to_string()),
                None => {}
                Some(changed) => {
                    if let Some(time) = time.filter(|_| wanted(text)) {
                        self.changed(&changed, text, time);
                    }
                }
            }
        }
    }

    /// One change of a commit at `time`: the path's new blob, and when it
    /// was added.
    fn changed(&mut self, meta: &str, path: &str, time: i64) {
        let mut parts = meta.trim_start_matches(':').split(' ');
        let (Some(new), Some(status)) = (parts.nth(3), parts.next()) else { return };
        // Newest first: the first time seen is the last change, and the
        // last time seen the first commit.
        self.last.entry(path.to_string()).or_insert(time);
        if status == "A" {
            self.first.insert(path.to_string(), time);
        }
        if let Some(blob) = blob_id(new) {
            self.held.entry(path.to_string()).or_default().push(blob);
        }
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
    }
}
