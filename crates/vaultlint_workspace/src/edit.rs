//! Writing files safely. Files are written only when the user asked,
//! atomically (a temp file in the same folder, flushed, then renamed over),
//! keeping their permissions, and only if they are still what was read.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// Why an edit to a file was not written.
#[derive(Debug)]
pub enum WriteError {
    /// The file changed since it was read; nothing was written.
    Changed,
    /// The file is as it was read but is not edited (read-only, linked),
    /// with the reason; nothing was written.
    Refused(String),
    Io(io::Error),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::Changed => f.write_str("the file changed since it was read; it was left alone"),
            WriteError::Refused(why) => f.write_str(why),
            WriteError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl From<io::Error> for WriteError {
    fn from(e: io::Error) -> Self {
        WriteError::Io(e)
    }
}

/// What tells one version of a file from another without reading it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
    #[cfg(unix)]
    inode: (u64, u64),
}

fn stamp(meta: &fs::Metadata) -> Stamp {
    Stamp {
        len: meta.len(),
        modified: meta.modified().ok(),
        #[cfg(unix)]
        inode: {
            use std::os::unix::fs::MetadataExt;
            (meta.dev(), meta.ino())
        },
    }
}

/// Temporary files of an edit that was killed are removed once they are
/// this old.
const STALE_TEMP: std::time::Duration = std::time::Duration::from_secs(3600);

/// The random part of a temporary file's name: this many letters or digits.
const TEMP_RANDOM: usize = 6;

/// Whether `name` has the exact form of the temporary files this tool
/// makes (`.vaultlint-`, six letters or digits, `.tmp`): only those are
/// its own to remove.
fn is_own_temp(name: &str) -> bool {
    name.strip_prefix(".vaultlint-").and_then(|rest| rest.strip_suffix(".tmp")).is_some_and(|random| {
        random.len() == TEMP_RANDOM && random.bytes().all(|b| b.is_ascii_alphanumeric())
    })
}

/// Removes the temporary files this tool left in `folder` when a run was
/// killed mid-write: those named as it names them (see [`is_own_temp`]),
/// an hour old or more. Once per folder per run.
fn remove_stale_temps(folder: &Path) {
    static DONE: std::sync::Mutex<Vec<std::path::PathBuf>> = std::sync::Mutex::new(Vec::new());
    let mut done = DONE.lock().unwrap_or_else(|e| e.into_inner());
    if done.iter().any(|f| f == folder) {
        return;
    }
    done.push(folder.to_path_buf());
    let Ok(entries) = fs::read_dir(folder) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let ours = is_own_temp(&name);
        let old = entry.metadata().ok().and_then(|m| m.modified().ok()).and_then(|t| t.elapsed().ok());
        if ours && old.is_some_and(|age| age >= STALE_TEMP) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Why a file that is still what was read is not edited all the same.
fn refusal(meta: &fs::Metadata) -> Option<String> {
    if meta.permissions().readonly() {
        return Some("it is read-only; make it writable to let vaultlint edit it".into());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if meta.nlink() > 1 {
            return Some(format!(
                "it has {} hard links, and replacing it would leave the others with the old text; edit it by hand",
                meta.nlink()
            ));
        }
    }
    None
}

/// Replaces `path` with `contents`. `read` is what the file held when it
/// was read (`None`: it did not exist); if it holds anything else now the
/// write does not happen. `root` is the folder the file must stay in: a
/// folder on the way replaced by a link out of it is refused.
///
/// The file is checked when the write starts, and its size, modification
/// time and inode again just before the rename. A writer that changes it
/// between that last check and the rename still loses its change: only a
/// lock could close that window, and editors take none.
pub fn write_atomic(
    root: &Path,
    path: &Path,
    read: Option<&[u8]>,
    contents: &[u8],
) -> Result<(), WriteError> {
    let meta = match fs::symlink_metadata(path) {
        Ok(meta) if !meta.is_file() => return Err(WriteError::Refused("it is not a regular file".into())),
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e.into()),
    };
    let now = match &meta {
        Some(_) => Some(fs::read(path)?),
        None => None,
    };
    if now.as_deref() != read {
        return Err(WriteError::Changed);
    }
    if let Some(why) = meta.as_ref().and_then(refusal) {
        return Err(WriteError::Refused(why));
    }
    let folder = folder_of(path);
    remove_stale_temps(folder);
    let temp = temp_beside(path, contents, meta.as_ref())?;
    if let Some(meta) = &meta {
        keep_owner(temp.path(), meta);
    }
    // Just before the rename: still the same file, still inside the root.
    let again = fs::symlink_metadata(path).ok();
    if again.as_ref().map(stamp) != meta.as_ref().map(stamp) {
        return Err(WriteError::Changed);
    }
    let inside =
        folder.canonicalize().ok().zip(root.canonicalize().ok()).is_some_and(|(f, r)| f.starts_with(r));
    if !inside {
        return Err(WriteError::Refused("its folder now leads outside the vault".into()));
    }
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Where a report or baseline the user named goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// `/dev/stdout` or `/dev/fd/1`: the process's standard output.
    Stdout,
    /// `/dev/stderr` or `/dev/fd/2`: the process's standard error.
    Stderr,
    /// `/dev/null`: nowhere, for a run whose exit status or timing is all
    /// that is wanted.
    Discard,
    /// A regular file, replaced whole, or a new one.
    File,
}

/// What `path`, named by the user for a report or baseline, stands for;
/// refused when it is not something vaultlint writes: a symbolic link
/// (never written through), anything but a regular file (a device, a
/// pipe, a folder), a read-only file (refused as for notes), or a file
/// whose folder does not exist. Checked before a run, so that an output
/// that cannot be written costs no check, and again when writing.
pub fn output_kind(path: &Path) -> Result<Output, WriteError> {
    if let Some(stream) = stream(path) {
        return Ok(stream);
    }
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => Err(WriteError::Refused(
            "it is a symbolic link, which vaultlint does not write through; name the file itself".into(),
        )),
        Ok(meta) if !meta.is_file() => Err(WriteError::Refused("it is not a regular file".into())),
        Ok(meta) if meta.permissions().readonly() => {
            Err(WriteError::Refused("it is read-only; make it writable to let vaultlint replace it".into()))
        }
        Ok(_) => Ok(Output::File),
        Err(e) if e.kind() == io::ErrorKind::NotFound => match fs::metadata(folder_of(path)) {
            Ok(meta) if meta.is_dir() => Ok(Output::File),
            Ok(_) => Err(WriteError::Refused("the folder it names is not a folder".into())),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                Err(WriteError::Refused("its folder does not exist".into()))
            }
            Err(e) => Err(WriteError::Io(e)),
        },
        Err(e) => Err(WriteError::Io(e)),
    }
}

/// The stream `path` names, as a shell names it: `/dev/stdout`,
/// `/dev/stderr`, `/dev/fd/1`, `/dev/fd/2` and `/dev/null`.
fn stream(path: &Path) -> Option<Output> {
    match path.to_str()? {
        "/dev/stdout" | "/dev/fd/1" => Some(Output::Stdout),
        "/dev/stderr" | "/dev/fd/2" => Some(Output::Stderr),
        "/dev/null" => Some(Output::Discard),
        _ => None,
    }
}

/// Writes a report or baseline the user named. A stream (see
/// [`output_kind`]) is written as printing writes it, so that a shell's
/// `>>` still appends; a regular file is replaced whole and atomically (a
/// temp file beside it, then a rename), keeping its permissions, so that a
/// reader never sees half of it. What [`output_kind`] refuses is refused.
/// Unlike a note, it need not be inside the vault, and is not compared
/// with an earlier read.
pub fn write_output(path: &Path, contents: &[u8]) -> Result<(), WriteError> {
    match output_kind(path)? {
        Output::Stdout => {
            let mut out = io::stdout().lock();
            out.write_all(contents)?;
            out.flush()?;
        }
        Output::Stderr => {
            let mut out = io::stderr().lock();
            out.write_all(contents)?;
            out.flush()?;
        }
        Output::Discard => {}
        Output::File => {
            let meta = fs::symlink_metadata(path).ok();
            // An error names the path as given, never the temporary file's.
            let plain = |e: io::Error| match e.raw_os_error() {
                Some(code) => io::Error::from_raw_os_error(code),
                None => io::Error::new(e.kind(), e.kind().to_string()),
            };
            let temp = temp_beside(path, contents, meta.as_ref()).map_err(plain)?;
            temp.persist(path).map_err(|e| plain(e.error))?;
        }
    }
    Ok(())
}

/// The folder a file is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// `contents` in a temporary file beside `path`, synced, with the
/// permissions of the file it will replace: ready to be renamed over it.
fn temp_beside(
    path: &Path,
    contents: &[u8],
    replaced: Option<&fs::Metadata>,
) -> io::Result<tempfile::NamedTempFile> {
    let mut temp = tempfile::Builder::new()
        .prefix(".vaultlint-")
        .suffix(".tmp")
        .rand_bytes(TEMP_RANDOM)
        .tempfile_in(folder_of(path))?;
    temp.write_all(contents)?;
    if let Some(meta) = replaced {
        fs::set_permissions(temp.path(), meta.permissions())?;
    }
    temp.as_file().sync_all()?;
    Ok(temp)
}

/// Gives the replacement the original's owner, where the process may (as
/// root, editing another user's note); elsewhere the owner is the writer.
#[cfg(unix)]
fn keep_owner(file: &Path, meta: &fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    let _ = std::os::unix::fs::chown(file, Some(meta.uid()), Some(meta.gid()));
}

#[cfg(not(unix))]
fn keep_owner(_: &Path, _: &fs::Metadata) {}

/// The config `file` with `tables` appended, byte for byte after what it
/// holds (in its own line endings, after a blank line), and what it held.
/// A file that does not exist yet is created.
pub fn config_with(file: &Path, tables: &[String]) -> Result<(Option<Vec<u8>>, Vec<u8>), String> {
    let name = file.display();
    let read = match crate::files::read_regular(file) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("cannot read {name}: {e}")),
    };
    let before = read.clone().unwrap_or_default();
    let crlf = before.windows(2).any(|w| w == b"\r\n");
    let newline: &[u8] = if crlf { b"\r\n" } else { b"\n" };
    let mut after = before.clone();
    for table in tables {
        if !after.is_empty() {
            if !after.ends_with(b"\n") {
                after.extend_from_slice(newline);
            }
            after.extend_from_slice(newline);
        }
        for line in table.lines() {
            after.extend_from_slice(line.as_bytes());
            after.extend_from_slice(newline);
        }
    }
    Ok((read, after))
}

/// Appends `tables` to the config `file` (see [`config_with`]), atomically,
/// if the file is still as it was read.
pub fn append_to_config(file: &Path, tables: &[String]) -> Result<(), String> {
    let (read, after) = config_with(file, tables)?;
    write_atomic(folder_of(file), file, read.as_deref(), &after)
        .map_err(|e| format!("cannot write {}: {e}", file.display()))
}

/// Records in the dismissal `file` of the vault at `root` that `a` and `b`
/// (vault-relative) are not versions of one another. `false` when the
/// pair was already there. A file that is a link, or whose folder leads
/// out of the vault, is neither read nor written.
pub fn dismiss(root: &Path, file: &Path, a: &str, b: &str) -> Result<bool, String> {
    let name = file.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    // A link is neither read nor written through.
    if fs::symlink_metadata(file).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(format!(
            "cannot write {name}: it is a symbolic link, which vaultlint does not write through"
        ));
    }
    let inside = folder_of(file).canonicalize().ok().zip(root.canonicalize().ok());
    if !inside.is_some_and(|(folder, root)| folder.starts_with(root)) {
        return Err(format!("cannot write {name}: its folder leads outside the vault"));
    }
    let read = match crate::files::read_regular(file) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("cannot read {name}: {e}")),
    };
    let Some(bytes) = vaultlint_model::dismissals::appended(read.as_deref(), a, b)? else { return Ok(false) };
    write_atomic(root, file, read.as_deref(), &bytes).map_err(|e| format!("cannot write {name}: {e}"))?;
    Ok(true)
}

/// The change from `before` to `after` as a unified diff with `a/` and
/// `b/` paths, control characters in its lines escaped for a terminal.
pub fn unified_diff(path: &str, before: &str, after: &str) -> String {
    let diff = similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(2)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string();
    diff.split_inclusive('\n')
        .map(|line| {
            let (text, eol) = match line.strip_suffix('\n') {
                Some(t) => (t.strip_suffix('\r').unwrap_or(t), "\n"),
                None => (line, ""),
            };
            format!("{}{eol}", vaultlint_core::text::sanitize(text))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_a_changed_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.md");
        fs::write(&file, "one").unwrap();
        assert!(matches!(write_atomic(dir.path(), &file, Some(b"other"), b"two"), Err(WriteError::Changed)));
        assert_eq!(fs::read(&file).unwrap(), b"one");
        write_atomic(dir.path(), &file, Some(b"one"), b"two").unwrap();
        assert_eq!(fs::read(&file).unwrap(), b"two");
        assert!(matches!(
            write_atomic(dir.path(), &dir.path().join("new"), Some(b""), b"x"),
            Err(WriteError::Changed)
        ));
        write_atomic(dir.path(), &dir.path().join("new"), None, b"x").unwrap();
        // Only the two files: no temp file left behind.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[cfg(unix)]
    #[test]
    fn keeps_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.md");
        fs::write(&file, "one").unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(dir.path(), &file, Some(b"one"), b"two").unwrap();
        assert_eq!(fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o640);
    }

    #[cfg(unix)]
    #[test]
    fn refuses_read_only_and_linked_files_and_folders_that_left_the_root() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.md");
        fs::write(&file, "one").unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap();
        assert!(matches!(write_atomic(dir.path(), &file, Some(b"one"), b"two"), Err(WriteError::Refused(_))));
        fs::set_permissions(&file, fs::Permissions::from_mode(0o644)).unwrap();
        fs::hard_link(&file, dir.path().join("b.md")).unwrap();
        let e = write_atomic(dir.path(), &file, Some(b"one"), b"two").unwrap_err();
        assert!(e.to_string().contains("2 hard links"), "{e}");
        assert_eq!(fs::read(dir.path().join("b.md")).unwrap(), b"one");
        // A folder of the vault replaced by a link to one outside it.
        let outside = tempfile::tempdir().unwrap();
        fs::write(outside.path().join("c.md"), "one").unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("sub")).unwrap();
        let e = write_atomic(dir.path(), &dir.path().join("sub/c.md"), Some(b"one"), b"two").unwrap_err();
        assert!(e.to_string().contains("outside the vault"), "{e}");
        assert_eq!(fs::read(outside.path().join("c.md")).unwrap(), b"one");
        assert_eq!(fs::read_dir(outside.path()).unwrap().count(), 1, "no temp file left");
    }

    #[test]
    fn removes_stale_temp_files_it_left() {
        let dir = tempfile::tempdir().unwrap();
        let stale = dir.path().join(".vaultlint-abc123.tmp");
        let fresh = dir.path().join(".vaultlint-def456.tmp");
        let other = dir.path().join(".other.tmp");
        let lookalike = dir.path().join(".vaultlint-notes.backup.tmp");
        for f in [&stale, &fresh, &other, &lookalike] {
            fs::write(f, "x").unwrap();
        }
        let old = std::time::SystemTime::now() - STALE_TEMP - std::time::Duration::from_secs(60);
        fs::File::options().write(true).open(&stale).unwrap().set_modified(old).unwrap();
        fs::File::options().write(true).open(&other).unwrap().set_modified(old).unwrap();
        fs::File::options().write(true).open(&lookalike).unwrap().set_modified(old).unwrap();
        write_atomic(dir.path(), &dir.path().join("a.md"), None, b"x").unwrap();
        assert!(!stale.exists() && fresh.exists() && other.exists() && lookalike.exists());
    }

    #[test]
    fn its_own_temp_files_are_named_exactly() {
        let dir = tempfile::tempdir().unwrap();
        let temp = temp_beside(&dir.path().join("a.md"), b"x", None).unwrap();
        let name = temp.path().file_name().unwrap().to_str().unwrap().to_string();
        assert!(is_own_temp(&name), "{name}");
        for other in [
            ".vaultlint-notes.backup.tmp",
            ".vaultlint-abc12.tmp",
            ".vaultlint-abc1234.tmp",
            ".vaultlint-ab.c12.tmp",
            "vaultlint-abc123.tmp",
        ] {
            assert!(!is_own_temp(other), "{other}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn an_output_is_what_it_names() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("report.txt");
        assert_eq!(output_kind(Path::new("/dev/stdout")).unwrap(), Output::Stdout);
        assert_eq!(output_kind(Path::new("/dev/stderr")).unwrap(), Output::Stderr);
        assert_eq!(output_kind(Path::new("/dev/null")).unwrap(), Output::Discard);
        assert_eq!(output_kind(&file).unwrap(), Output::File);
        write_output(&file, b"one").unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap();
        let e = write_output(&file, b"two").unwrap_err();
        assert!(e.to_string().contains("read-only"), "{e}");
        std::os::unix::fs::symlink(&file, dir.path().join("link")).unwrap();
        let e = write_output(&dir.path().join("link"), b"two").unwrap_err();
        assert!(e.to_string().contains("symbolic link"), "{e}");
        assert_eq!(fs::read(&file).unwrap(), b"one");
        let e = output_kind(Path::new("/dev/zero")).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let e = write_output(&dir.path().join("missing/report.txt"), b"x").unwrap_err();
        assert!(e.to_string().contains("folder does not exist"), "{e}");
    }

    /// Run as root, an edit keeps the note's owner (elsewhere the writer
    /// may not give a file away, and this is not tested).
    #[cfg(unix)]
    #[test]
    fn keeps_the_owner_where_it_may() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.md");
        fs::write(&file, "one").unwrap();
        if std::os::unix::fs::chown(&file, Some(4242), Some(4343)).is_err() {
            return; // not root: the owner is the writer, as for any editor
        }
        write_atomic(dir.path(), &file, Some(b"one"), b"two").unwrap();
        let meta = fs::metadata(&file).unwrap();
        assert_eq!((meta.uid(), meta.gid()), (4242, 4343));
    }
}
