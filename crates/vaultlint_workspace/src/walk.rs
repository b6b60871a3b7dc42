//! Finding the notes of a vault: a parallel walk that honours `.gitignore`
//! and `.ignore`, skips hidden entries and the folders of dependencies
//! (`node_modules`, `vendor`, `bower_components`, as static site generators
//! do; the `vendored` config key names others), and never follows symbolic
//! links.

use ignore::overrides::OverrideBuilder;
use ignore::{WalkBuilder, WalkState};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use vaultlint_core::code::Code;
use vaultlint_core::diagnostic::Diagnostic;
use vaultlint_core::paths::{is_note_name, plain_under, relative, strip_extension};

/// Whether a path (relative, `/`-separated) is in a hidden folder or is
/// a hidden file: one of its parts starts with a dot.
pub fn hidden_path(path: &str) -> bool {
    path.split('/').any(|part| part.starts_with('.') && part.len() > 1)
}

/// What the walk leaves out and which files it takes as notes.
#[derive(Debug, Clone, Default)]
pub struct WalkOptions {
    /// Globs, relative to the vault root, of paths to leave out.
    pub exclude: Vec<String>,
    /// Obsidian's own "Excluded files", left out too.
    pub ignore: Vec<vaultlint_model::obsidian::Ignore>,
    /// The extensions of notes, without dots; empty: [`DEFAULT_EXTENSIONS`].
    pub extensions: Vec<String>,
    /// Walker threads; 0 picks one per core.
    pub threads: usize,
    /// Names of folders, at any depth, that hold other projects' files
    /// (dependencies) and are not walked; `None`: [`VENDORED`].
    pub vendored: Option<Vec<String>>,
    /// Folders (`.agents/decisions/`) and notes named on the command line
    /// inside a hidden folder, relative to the root: walked all the same,
    /// as a path a person names is always read (hidden folders are
    /// otherwise left out, `.obsidian/` and `.git/` among them).
    pub named_hidden: Vec<String>,
}

impl WalkOptions {
    /// Whether the hidden entry at `path` (relative to the root; a folder
    /// if `is_dir`) is one of [`WalkOptions::named_hidden`], is inside one
    /// (and not hidden there), or holds one.
    fn named(&self, path: &str, is_dir: bool) -> bool {
        let folder = format!("{path}/");
        self.named_hidden.iter().any(|named| {
            // Below a named folder, hidden entries (its own `.obsidian/`)
            // are left out as anywhere.
            let within = named.ends_with('/')
                && path.strip_prefix(named.as_str()).is_some_and(|below| !hidden_path(below));
            named == path || is_dir && named.starts_with(&folder) || within
        })
    }
}

/// The folders of dependencies, which static site generators skip too.
pub const VENDORED: &[&str] = &["node_modules", "vendor", "bower_components"];

impl WalkOptions {
    /// Whether a folder of this name is a dependency's, left out.
    pub fn is_vendored(&self, folder: &str) -> bool {
        match &self.vendored {
            None => VENDORED.contains(&folder),
            Some(names) => names.iter().any(|n| n == folder),
        }
    }

    /// Whether a file name is a note's: one of the configured extensions,
    /// or of the default ones when none is configured.
    pub fn is_note_name(&self, name: &str) -> bool {
        match self.extensions.is_empty() {
            true => is_note_name(name),
            false => strip_extension(name, &self.extensions).is_some(),
        }
    }
}

/// What stands at a note's path.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum EntryKind {
    File,
    /// Exists with a note's name, but is a FIFO, socket or device.
    Special(&'static str),
}

/// A file that looks like a note.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry {
    /// Vault-relative path with `/` separators. (The file's own path is
    /// not kept beside it: at a million notes the two took 200 MB.)
    pub path: String,
    pub kind: EntryKind,
}

impl Entry {
    /// The file, in the vault at `root`.
    pub fn file(&self, root: &Path) -> PathBuf {
        root.join(&self.path)
    }
}

/// What a walk found: the notes, the problems met on the way (each a
/// finding), and the subfolders with configs of their own.
#[derive(Debug, Default)]
pub struct Walked {
    /// Sorted by path.
    pub entries: Vec<Entry>,
    pub problems: Vec<Diagnostic>,
    /// Subfolders holding a config file of their own (`a/b/`), sorted.
    pub configs: Vec<String>,
}

/// Why a vault could not be walked at all, in one line.
#[derive(Debug)]
pub struct WalkError(pub String);

/// A path with every byte that is not UTF-8 written as `\xNN`.
fn escaped(path: &Path) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let mut out = String::new();
        for chunk in path.as_os_str().as_bytes().utf8_chunks() {
            out.push_str(chunk.valid());
            for b in chunk.invalid() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        }
        out
    }
    #[cfg(not(unix))]
    {
        path.to_string_lossy().into_owned()
    }
}

/// `file` with the folder `root` taken off its front, or all of `file`
/// when it is not under `root`.
fn under<'p>(root: &Path, file: &'p Path) -> &'p Path {
    plain_under(root, file).map_or_else(|| file.strip_prefix(root).unwrap_or(file), Path::new)
}

/// Which paths of a tree that is not on disk (a commit's) the walk would
/// take as notes: a note's extension, no hidden folder or file, not
/// excluded by a glob or by Obsidian's settings.
pub fn selector(root: &Path, options: &WalkOptions) -> Result<impl Fn(&str) -> bool, WalkError> {
    let overrides = excludes(root, options)?;
    let options = options.clone();
    Ok(move |path: &str| {
        options.is_note_name(path.rsplit('/').next().unwrap_or(path))
            && !path.split('/').any(|part| part.starts_with('.'))
            && !path.rsplit('/').skip(1).any(|folder| options.is_vendored(folder))
            && !options.ignore.iter().any(|rule| rule.matches(path))
            && !overrides.matched(path, false).is_ignore()
    })
}

/// Adds the note at `path` (vault-relative), named on the command line,
/// to what a walk found, where an ignore file alone left it out: a
/// regular file (no link) that `selected` ([`selector`]) takes. ripgrep
/// searches a file it is given whatever `.gitignore` says, and a person
/// who names a note means it to be checked.
pub fn add_named(root: &Path, path: &str, selected: &dyn Fn(&str) -> bool, walked: &mut Walked) {
    let Err(at) = walked.entries.binary_search_by(|e| e.path.as_str().cmp(path)) else { return };
    let regular = std::fs::symlink_metadata(root.join(path)).is_ok_and(|m| m.is_file());
    if regular && selected(path) {
        walked.entries.insert(at, Entry { path: path.to_string(), kind: EntryKind::File });
    }
}

/// The `--exclude` globs as overrides that leave their paths out.
fn excludes(root: &Path, options: &WalkOptions) -> Result<ignore::overrides::Override, WalkError> {
    let mut overrides = OverrideBuilder::new(root);
    for glob in &options.exclude {
        // An override with `!` leaves a path out; the `!` is ours, so the
        // message names the glob as it was given.
        overrides.add(&format!("!{glob}")).map_err(|e| {
            let why = match &e {
                ignore::Error::Glob { err, .. } => err.clone(),
                other => other.to_string(),
            };
            WalkError(format!("invalid --exclude glob `{glob}`: {why}"))
        })?;
    }
    overrides.build().map_err(|e| WalkError(e.to_string()))
}

/// The notes and problems of the vault at `root`. `.gitignore` and
/// `.ignore` files are honoured as git and ripgrep read them, except one
/// that is a link out of the vault, which is as if absent (as git does
/// not follow a `.gitignore` that is a link): its text is not read. When
/// the vault has one, the walk is made again with the ignore files read
/// by [`OwnIgnores`], which passes it over.
///
/// A file git tracks is content whatever a `.gitignore` says, as git
/// reads it (a Go project's `*.[568vq]` matches a docs folder `v1.5/`):
/// such notes are read too, unless vaultlint's own rules or an `.ignore`
/// file leave them out.
pub fn walk(root: &Path, options: &WalkOptions) -> Result<Walked, WalkError> {
    let tracked = crate::git::tracked(root);
    let mut walked = walk_ignoring(root, options);
    if let (Ok(walked), Some(child)) = (&mut walked, tracked) {
        let listed = child.wait_with_output().ok().filter(|out| out.status.success());
        add_tracked(root, options, walked, &listed.map(|out| out.stdout).unwrap_or_default())?;
    }
    walked
}

/// The walk as the ignore files have it.
fn walk_ignoring(root: &Path, options: &WalkOptions) -> Result<Walked, WalkError> {
    let linked = std::sync::atomic::AtomicBool::new(linked_out_ignore_file(root, root));
    if !linked.load(std::sync::atomic::Ordering::Relaxed) {
        let walked = walk_with(root, options, None, Some(&linked))?;
        if !linked.load(std::sync::atomic::Ordering::Relaxed) {
            return Ok(walked);
        }
    }
    walk_with(root, options, Some(std::sync::Arc::new(OwnIgnores::new(root))), None)
}

/// Adds to `walked` the notes among `listed` (paths from `root`, each
/// ended by NUL, as git lists the files it tracks) that the walk passed
/// over for a `.gitignore` alone: not hidden, not in a folder of
/// dependencies, not excluded by `--exclude`, an `.ignore` file or the
/// vault's settings, and a regular file (never a link).
fn add_tracked(
    root: &Path,
    options: &WalkOptions,
    walked: &mut Walked,
    listed: &[u8],
) -> Result<(), WalkError> {
    let before = walked.entries.len();
    let passed_over: Vec<&str> = listed
        .split(|&b| b == 0)
        .filter_map(|p| std::str::from_utf8(p).ok())
        .filter(|path| options.is_note_name(path.rsplit('/').next().unwrap_or(path)))
        .filter(|path| walked.entries[..before].binary_search_by(|e| e.path.as_str().cmp(path)).is_err())
        .collect();
    if passed_over.is_empty() {
        return Ok(());
    }
    let overrides = excludes(root, options)?;
    let own = OwnIgnores::new(root);
    for path in passed_over {
        // The file, then each folder above it, up to the root.
        let mut places = Path::new(path).ancestors().filter(|p| !p.as_os_str().is_empty()).enumerate();
        let kept = !path.split('/').any(|part| part.starts_with('.'))
            && !path.split('/').rev().skip(1).any(|folder| options.is_vendored(folder))
            && !options.ignore.iter().any(|rule| rule.matches(path))
            && !places.any(|(i, p)| {
                let (full, is_dir) = (root.join(p), i > 0);
                overrides.matched(&full, is_dir).is_ignore() || own.by_ignore_file(&full, is_dir)
            })
            && std::fs::symlink_metadata(root.join(path)).is_ok_and(|m| m.is_file());
        if kept {
            walked.entries.push(Entry { path: path.to_string(), kind: EntryKind::File });
        }
    }
    if walked.entries.len() > before {
        walked.entries.sort_unstable();
    }
    Ok(())
}

/// Whether `folder` holds a `.gitignore` or `.ignore` that is a link out
/// of the vault at `root`.
fn linked_out_ignore_file(folder: &Path, root: &Path) -> bool {
    [".gitignore", ".ignore"].iter().any(|name| {
        let file = folder.join(name);
        std::fs::symlink_metadata(&file).is_ok_and(|m| m.file_type().is_symlink())
            && crate::files::leads_out(&file, root)
    })
}

/// The ignore files of a vault read by vaultlint rather than the walker,
/// which follows links: a `.gitignore` or `.ignore` that is a link out of
/// the vault is passed over. A path is left out as the walker would: the
/// nearest `.ignore` that matches it decides, then the nearest `.gitignore`
/// up to the git work tree's root; the folders above the vault count too.
struct OwnIgnores {
    root: PathBuf,
    /// Each folder's `.ignore` and `.gitignore`, and whether it holds `.git`.
    folders: Mutex<std::collections::HashMap<PathBuf, std::sync::Arc<FolderIgnores>>>,
}

struct FolderIgnores {
    ignore: ignore::gitignore::Gitignore,
    git: ignore::gitignore::Gitignore,
    repository: bool,
}

impl OwnIgnores {
    fn new(root: &Path) -> OwnIgnores {
        OwnIgnores { root: root.to_path_buf(), folders: Mutex::default() }
    }

    fn folder(&self, folder: &Path) -> std::sync::Arc<FolderIgnores> {
        if let Some(found) = self.folders.lock().unwrap_or_else(|e| e.into_inner()).get(folder) {
            return found.clone();
        }
        let inside = folder.starts_with(&self.root);
        let read = |name: &str| {
            let file = folder.join(name);
            let mut builder = ignore::gitignore::GitignoreBuilder::new(folder);
            let usable = match std::fs::symlink_metadata(&file) {
                Ok(meta) if meta.file_type().is_symlink() => {
                    !(inside && crate::files::leads_out(&file, &self.root))
                        && std::fs::metadata(&file).is_ok_and(|m| m.is_file())
                }
                Ok(meta) => meta.is_file(),
                Err(_) => false,
            };
            if usable {
                let _ = builder.add(&file);
            }
            builder.build().unwrap_or_else(|_| ignore::gitignore::Gitignore::empty())
        };
        let found = std::sync::Arc::new(FolderIgnores {
            ignore: read(".ignore"),
            git: read(".gitignore"),
            repository: folder.join(".git").exists(),
        });
        self.folders.lock().unwrap_or_else(|e| e.into_inner()).insert(folder.to_path_buf(), found.clone());
        found
    }

    /// Whether an `.ignore` file (ripgrep's, which git does not read)
    /// leaves out `path` (a folder if `is_dir`): the nearest that matches.
    fn by_ignore_file(&self, path: &Path, is_dir: bool) -> bool {
        path.ancestors().skip(1).find_map(|folder| {
            let ignores = self.folder(folder);
            let found = ignores.ignore.matched(path, is_dir);
            (!found.is_none()).then(|| found.is_ignore())
        }) == Some(true)
    }

    /// Whether the ignore files leave out `path` (a folder if `is_dir`).
    fn ignores(&self, path: &Path, is_dir: bool) -> bool {
        let (mut by_ignore, mut by_git, mut above_repository) = (None, None, false);
        for folder in path.ancestors().skip(1) {
            let ignores = self.folder(folder);
            if by_ignore.is_none() {
                let found = ignores.ignore.matched(path, is_dir);
                if !found.is_none() {
                    by_ignore = Some(found.is_ignore());
                }
            }
            if by_git.is_none() && !above_repository {
                let found = ignores.git.matched(path, is_dir);
                if !found.is_none() {
                    by_git = Some(found.is_ignore());
                }
            }
            above_repository |= ignores.repository;
        }
        by_ignore.or(by_git).unwrap_or(false)
    }
}

/// The walk, with the walker reading the ignore files (`own` is `None`;
/// `linked` is set when a folder turns out to hold one that is a link out
/// of the vault), or with `own` reading them.
fn walk_with(
    root: &Path,
    options: &WalkOptions,
    own: Option<std::sync::Arc<OwnIgnores>>,
    linked: Option<&std::sync::atomic::AtomicBool>,
) -> Result<Walked, WalkError> {
    let overrides = excludes(root, options)?;
    if let Some(file) = odd_ignore_file(root) {
        return Err(WalkError(format!("cannot read {}: it is not a regular file", file.display())));
    }
    let linked_seen = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    // A folder whose ignore file is a named pipe is skipped, not entered:
    // the walker would wait on the pipe forever.
    let skipped: std::sync::Arc<Mutex<Vec<Diagnostic>>> = Default::default();
    let walker = WalkBuilder::new(root)
        // Hidden entries are left out below, but for those named.
        .hidden(options.named_hidden.is_empty())
        .follow_links(false)
        .require_git(false)
        .git_ignore(own.is_none())
        .ignore(own.is_none())
        .overrides(overrides)
        .threads(options.threads)
        .filter_entry({
            let (root, skipped, seen) = (root.to_path_buf(), skipped.clone(), linked_seen.clone());
            let options = options.clone();
            move |entry| {
                let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
                if !options.named_hidden.is_empty() && entry.depth() > 0 {
                    // Inside a hidden folder, only the way to what was named,
                    // and what was named, is walked.
                    let path = relative(&root, entry.path());
                    if hidden_path(&path) && (entry.file_name() == ".git" || !options.named(&path, is_dir)) {
                        return false;
                    }
                }
                if is_dir && entry.depth() > 0 && options.is_vendored(&entry.file_name().to_string_lossy()) {
                    return false;
                }
                if let Some(own) = &own
                    && own.ignores(entry.path(), is_dir)
                {
                    return false;
                }
                if own.is_none() && is_dir && linked_out_ignore_file(entry.path(), &root) {
                    // Read by the walker when it enters the folder: the walk
                    // is made again without it.
                    seen.store(true, std::sync::atomic::Ordering::Relaxed);
                    return false;
                }
                let Some(file) = is_dir.then(|| odd_ignore_file(entry.path())).flatten() else { return true };
                let why = format!("folder skipped: {} is not a regular file", relative(&root, &file));
                let problem = Diagnostic::new(Code::UnreadableNote, relative(&root, entry.path()), why);
                skipped.lock().unwrap_or_else(|e| e.into_inner()).push(problem);
                false
            }
        })
        .build_parallel();

    let found = Mutex::new(Walked::default());
    walker.run(|| {
        let mut collector = Collector { found: &found, local: Walked::default() };
        Box::new(move |result| {
            match result {
                Ok(entry) => visit(root, &entry, options, &mut collector.local),
                Err(err) => collector.local.problems.push(walk_problem(root, &err)),
            }
            if collector.local.entries.len() + collector.local.problems.len() >= 256 {
                collector.flush();
            }
            WalkState::Continue
        })
    });
    let mut walked = found.into_inner().expect("walk results");
    walked.problems.extend(std::mem::take(&mut *skipped.lock().unwrap_or_else(|e| e.into_inner())));
    // Paths are unique, so an unstable sort gives the one order; in
    // parallel, as the walk's last step holds up everything after it.
    rayon::slice::ParallelSliceMut::par_sort_unstable(&mut walked.entries[..]);
    walked.configs.sort();
    if let Some(linked) = linked
        && linked_seen.load(std::sync::atomic::Ordering::Relaxed)
    {
        linked.store(true, std::sync::atomic::Ordering::Relaxed);
    }
    Ok(walked)
}

/// An ignore file in `folder` that exists but is not a regular file.
fn odd_ignore_file(folder: &Path) -> Option<PathBuf> {
    [".gitignore", ".ignore"]
        .iter()
        .map(|name| folder.join(name))
        .find(|file| std::fs::metadata(file).is_ok_and(|m| !m.is_file()))
}

/// One walker thread's results, handed over in batches to keep the lock
/// cold, and flushed when the thread's visitor is dropped.
struct Collector<'a> {
    found: &'a Mutex<Walked>,
    local: Walked,
}

impl Collector<'_> {
    fn flush(&mut self) {
        let mut all = self.found.lock().expect("walk results");
        all.entries.append(&mut self.local.entries);
        all.problems.append(&mut self.local.problems);
        all.configs.append(&mut self.local.configs);
    }
}

impl Drop for Collector<'_> {
    fn drop(&mut self) {
        self.flush();
    }
}

fn visit(root: &Path, entry: &ignore::DirEntry, options: &WalkOptions, out: &mut Walked) {
    let is_note_name = |name: &str| options.is_note_name(name);
    let Some(file_type) = entry.file_type() else { return };
    if file_type.is_dir() {
        let has_config =
            |name: &&str| std::fs::symlink_metadata(entry.path().join(name)).is_ok_and(|m| m.is_file());
        if entry.depth() > 0 && crate::root::CONFIG_FILES.iter().any(has_config) {
            out.configs.push(format!("{}/", relative(root, entry.path())));
        }
        return;
    }
    let name = entry.file_name().to_string_lossy();
    let path = relative(root, entry.path());
    if options.ignore.iter().any(|rule| rule.matches(&path)) {
        return;
    }
    // A name that is not UTF-8 cannot be written in a link or a declaration,
    // and two such names can look alike once made readable: such a note is
    // reported under its name with the bytes escaped, and not read, so no
    // edit can ever be addressed to the wrong file.
    if under(root, entry.path()).to_str().is_none() && is_note_name(&name) {
        let shown = escaped(under(root, entry.path()));
        let message =
            format!("the file name `{shown}` is not valid UTF-8, so no link can name it; it was not read");
        out.problems.push(
            Diagnostic::new(Code::UnreadableNote, shown, message).help("rename the file with a UTF-8 name"),
        );
        return;
    }
    if file_type.is_symlink() {
        // Links are never followed; say so where the link stands for a
        // note or a folder of them, and for loops, so nothing goes missing
        // silently.
        // A link to a note inside the vault (`CONTRIBUTING.md`
        // pointing at the contributing page) loses nothing: what it points
        // at is checked where it is.
        let inside = || {
            let target = std::fs::canonicalize(entry.path()).ok()?;
            Some(target.starts_with(std::fs::canonicalize(root).ok()?))
        };
        // A loop that can be a folder's (a name with no extension) may hide
        // notes; one named as another kind of file (`80-net.rules`) cannot.
        let folder_like = !name.trim_start_matches('.').contains('.');
        let why = match std::fs::metadata(entry.path()) {
            Err(err) if is_note_name(&name) || (is_loop(&err) && folder_like) => {
                Some(format!("symbolic link cannot be resolved ({err}); it was skipped"))
            }
            Err(_) => None,
            Ok(meta) if !meta.is_dir() && inside() == Some(true) => None,
            // Nor does one to a folder inside it (`gradle/wrapper` shared by
            // projects), walked where it is, unless it leads back up to a
            // folder holding it: a loop.
            Ok(meta) if meta.is_dir() && inside() == Some(true) && !leads_up(entry.path()) => None,
            Ok(meta) if meta.is_dir() => {
                Some("symbolic link to a folder was not followed; its notes are not checked".into())
            }
            Ok(_) if is_note_name(&name) => {
                Some("symbolic link to a note was not followed; the note is not checked".into())
            }
            Ok(_) => None,
        };
        if let Some(why) = why {
            out.problems.push(Diagnostic::new(Code::SkippedSymlink, path, why));
        }
        return;
    }
    if !is_note_name(&name) {
        return;
    }
    let kind = if file_type.is_file() { EntryKind::File } else { EntryKind::Special(special(&file_type)) };
    out.entries.push(Entry { path, kind });
}

/// Whether the folder the link `link` leads to holds the link: walking
/// it would never end.
fn leads_up(link: &std::path::Path) -> bool {
    let target = std::fs::canonicalize(link).ok();
    let holder = link.parent().and_then(|p| std::fs::canonicalize(p).ok());
    target.zip(holder).is_none_or(|(target, holder)| holder.starts_with(target))
}

fn is_loop(err: &std::io::Error) -> bool {
    // ELOOP, "Too many levels of symbolic links": 40 on Linux, 62 on the BSDs and macOS.
    let eloop = if cfg!(target_os = "linux") { 40 } else { 62 };
    cfg!(unix) && err.raw_os_error() == Some(eloop)
}

#[cfg(unix)]
fn special(file_type: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if file_type.is_fifo() {
        "a named pipe"
    } else if file_type.is_socket() {
        "a socket"
    } else if file_type.is_block_device() || file_type.is_char_device() {
        "a device"
    } else {
        "not a regular file"
    }
}

#[cfg(not(unix))]
fn special(_: &std::fs::FileType) -> &'static str {
    "not a regular file"
}

fn walk_problem(root: &Path, err: &ignore::Error) -> Diagnostic {
    fn path_of(err: &ignore::Error) -> Option<&Path> {
        match err {
            ignore::Error::WithPath { path, .. } => Some(path),
            ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => path_of(err),
            ignore::Error::Loop { child, .. } => Some(child),
            _ => None,
        }
    }
    let path = path_of(err).map_or_else(|| ".".to_string(), |p| relative(root, p));
    Diagnostic::new(Code::UnreadableNote, path, format!("cannot read: {err}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use vaultlint_core::paths::strip_note_extension;

    #[test]
    fn note_extensions() {
        assert_eq!(strip_note_extension("a/b.md"), Some("a/b"));
        assert_eq!(strip_note_extension("b.Markdown"), Some("b"));
        assert_eq!(strip_note_extension("B.MD"), Some("B"));
        assert_eq!(strip_note_extension("notes.txt"), None);
        assert_eq!(strip_note_extension("é.md"), Some("é"));
        assert_eq!(strip_note_extension("d"), None);
        assert!(!is_note_name("md"));
    }

    #[test]
    fn a_relative_path_is_its_parts_joined() {
        let by_parts = |root: &Path, file: &Path| {
            let rel = file.strip_prefix(root).unwrap_or(file);
            rel.components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/")
        };
        for root in ["/vault", "/vault/", "/", "./vault", "vault", "/tmp//vault"] {
            for rest in
                ["a/b.md", "b.md", "a//b.md", "a/./b.md", "a/../b.md", "a/b/", "", "/c.md", "ü née/f.md"]
            {
                let file = format!("{}/{rest}", root.trim_end_matches('/'));
                let (root, file) = (Path::new(root), Path::new(&file));
                assert_eq!(
                    relative(root, file),
                    by_parts(root, file),
                    "{} in {}",
                    file.display(),
                    root.display()
                );
            }
            let elsewhere = Path::new("/elsewhere/c.md");
            assert_eq!(relative(Path::new(root), elsewhere), by_parts(Path::new(root), elsewhere));
        }
    }
}
