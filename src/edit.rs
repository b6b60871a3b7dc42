//! Writing files safely. Files are written only when the user asked,
//! atomically (a temp file in the same folder, flushed, then renamed over),
//! keeping their permissions, and only if they are still what was read.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

#[derive(Debug)]
pub enum WriteError {
    /// The file changed since it was read; nothing was written.
    Changed,
    Io(io::Error),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::Changed => f.write_str("the file changed since it was read; it was left alone"),
            WriteError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl From<io::Error> for WriteError {
    fn from(e: io::Error) -> Self {
        WriteError::Io(e)
    }
}

/// Replaces `path` with `contents`. `read` is what the file held when it
/// was read (`None`: it did not exist); if it holds anything else now the
/// write does not happen.
pub fn write_atomic(path: &Path, read: Option<&[u8]>, contents: &[u8]) -> Result<(), WriteError> {
    let now = match fs::read(path) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e.into()),
    };
    if now.as_deref() != read {
        return Err(WriteError::Changed);
    }
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut temp = tempfile::Builder::new().prefix(".vaultlint-").suffix(".tmp").tempfile_in(folder)?;
    temp.write_all(contents)?;
    if let Ok(meta) = fs::metadata(path) {
        fs::set_permissions(temp.path(), meta.permissions())?;
    }
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Records in the dismissal `file` that `a` and `b` (vault-relative) are
/// not versions of one another. `false` when the pair was already there.
pub fn dismiss(file: &Path, a: &str, b: &str) -> Result<bool, String> {
    let name = file.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let read = match fs::read(file) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("cannot read {name}: {e}")),
    };
    let Some(bytes) = crate::dismissals::appended(read.as_deref(), a, b)? else { return Ok(false) };
    write_atomic(file, read.as_deref(), &bytes).map_err(|e| format!("cannot write {name}: {e}"))?;
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
            format!("{}{eol}", crate::text::sanitize(text))
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
        assert!(matches!(write_atomic(&file, Some(b"other"), b"two"), Err(WriteError::Changed)));
        assert_eq!(fs::read(&file).unwrap(), b"one");
        write_atomic(&file, Some(b"one"), b"two").unwrap();
        assert_eq!(fs::read(&file).unwrap(), b"two");
        assert!(matches!(write_atomic(&dir.path().join("new"), Some(b""), b"x"), Err(WriteError::Changed)));
        write_atomic(&dir.path().join("new"), None, b"x").unwrap();
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
        write_atomic(&file, Some(b"one"), b"two").unwrap();
        assert_eq!(fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o640);
    }
}
