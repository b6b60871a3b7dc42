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

/// The bytes of `file` if it is a regular file: a named pipe or a device
/// would block the run, or never end.
pub fn read_regular(file: &Path) -> std::io::Result<Vec<u8>> {
    let meta = std::fs::metadata(file)?;
    if !meta.is_file() {
        return Err(std::io::Error::other("it is not a regular file"));
    }
    std::fs::read(file)
}
