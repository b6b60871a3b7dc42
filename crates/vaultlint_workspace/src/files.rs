//! Reading the small files vaultlint reads whole: never a named pipe or a
//! device, which would block the run or never end.

use std::path::Path;

/// Small settings files are at most this large.
const MAX_SETTINGS_BYTES: u64 = 1 << 20;

/// The text of a small settings file, if it is a regular file (never a
/// named pipe, which would block) of at most 1 MiB in UTF-8.
pub fn read_small(file: &Path) -> Option<String> {
    if std::fs::metadata(file).ok()?.len() > MAX_SETTINGS_BYTES {
        return None;
    }
    String::from_utf8(read_regular(file).ok()?).ok()
}

/// Whether `file`, in the vault at `root` (a canonical path), leads out of
/// it: it, or a folder on its way, is a symbolic link that resolves
/// outside the vault. Such a file is not read. A file that does not
/// exist, or a dangling link, leads nowhere.
pub fn leads_out(file: &Path, root: &Path) -> bool {
    file.canonicalize().is_ok_and(|real| !real.starts_with(root))
}

/// The bytes of `file`, a file of the vault at `root` (a canonical path),
/// if it is a regular file that does not lead out of the vault (see
/// [`leads_out`]).
pub fn read_inside(file: &Path, root: &Path) -> std::io::Result<Vec<u8>> {
    if leads_out(file, root) {
        return Err(std::io::Error::other("it is a link that leads out of the vault, so it is not read"));
    }
    read_regular(file)
}

/// The bytes of `file` if it is a regular file: a named pipe or a device
/// would block the run, or never end.
pub fn read_regular(file: &Path) -> std::io::Result<Vec<u8>> {
    let meta = std::fs::metadata(file)?;
    if !meta.is_file() {
        return Err(std::io::Error::other("it is not a regular file"));
    }
    std::fs::read(file)
}
