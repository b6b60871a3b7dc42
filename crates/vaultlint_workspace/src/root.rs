//! Which vault a run is about: the root folder, and which notes to report
//! on when the command line names individual files.

use std::path::{Path, PathBuf};
use vaultlint_model::focus::Focus;

/// Config file names, looked for in this order in each folder.
pub const CONFIG_FILES: &[&str] = &["vaultlint.toml", ".vaultlint.toml"];

/// The vault a run reads and the part of it the run reports on, from the
/// PATH arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scope {
    pub root: PathBuf,
    /// The notes to report on; `None` reports on the whole vault.
    pub focus: Option<Focus>,
    /// PATHs given that do not exist, as given: each is reported as a
    /// finding, and the run fails.
    pub missing: Vec<String>,
}

/// Works out the vault root and focus from the PATH arguments. A note's
/// vault is the nearest ancestor holding a root marker, else the git work
/// tree, else the current folder; a folder's is the nearest ancestor (or
/// itself) holding a marker, else the git work tree it is in, else the
/// folder itself.
pub fn scope(paths: &[PathBuf], root: Option<&Path>, cwd: &Path) -> Result<Scope, String> {
    let default = [PathBuf::from(".")];
    let paths = if paths.is_empty() { &default[..] } else { paths };
    let mut resolved = Vec::with_capacity(paths.len());
    let mut missing = Vec::new();
    for path in paths {
        match cwd.join(path).canonicalize() {
            Ok(canonical) => resolved.push((path, canonical)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && paths.len() > 1 => missing.push(path),
            Err(e) => return Err(format!("cannot open `{}`: {}", path.display(), io_reason(&e))),
        }
    }
    if resolved.is_empty() {
        return Err(format!("cannot open `{}`: no such file or folder", paths[0].display()));
    }
    let root = match root {
        Some(root) => cwd
            .join(root)
            .canonicalize()
            .map_err(|e| format!("cannot open --root `{}`: {}", root.display(), io_reason(&e)))?,
        None => {
            let folders = resolved.iter().filter(|(_, p)| p.is_dir()).count();
            match (folders, resolved.len()) {
                // A folder with no marker inside a git work tree is part of
                // the vault the work tree holds: `check docs` answers for
                // `docs/` what `check .` answers there.
                (1, 1) => marked(&resolved[0].1)
                    .or_else(|| work_tree(&resolved[0].1))
                    .unwrap_or_else(|| resolved[0].1.clone()),
                (0, _) => {
                    // Each note's own vault; the nearest that holds them all
                    // (a vault of its own inside a repository is the vault
                    // of only the notes inside it), else the first note's.
                    // Only a folder a marker or a work tree makes a vault
                    // may hold them all: two notes of two folders never make
                    // the current folder a vault.
                    fn parent(note: &Path) -> &Path {
                        note.parent().unwrap_or(Path::new("/"))
                    }
                    let vaults: Vec<PathBuf> =
                        resolved.iter().filter_map(|(_, note)| vault_above(parent(note))).collect();
                    let holds_all = |root: &&PathBuf| resolved.iter().all(|(_, note)| note.starts_with(root));
                    match vaults.iter().filter(holds_all).max_by_key(|root| root.components().count()) {
                        Some(root) => root.clone(),
                        None => discover(parent(&resolved[0].1), cwd),
                    }
                }
                _ => {
                    return Err(
                        "give one vault folder, or any number of notes inside one vault (use --root to name the vault)"
                            .into(),
                    );
                }
            }
        }
    };
    // A missing PATH is named from the root where it would be inside it.
    let missing: Vec<String> = missing
        .iter()
        .map(|given| {
            let lexical = vaultlint_core::paths::normalize(
                "",
                &vaultlint_core::paths::relative(Path::new(""), &cwd.join(given)),
            );
            let rel = lexical.and_then(|l| {
                let root = vaultlint_core::paths::relative(Path::new(""), &root);
                l.strip_prefix(&root).and_then(|r| r.strip_prefix('/')).map(str::to_string)
            });
            rel.unwrap_or_else(|| vaultlint_core::paths::relative(Path::new(""), given))
        })
        .collect();
    let mut focus = Focus::default();
    for (given, path) in &resolved {
        let Ok(relative) = path.strip_prefix(&root) else {
            return Err(format!("`{}` is outside the vault root `{}`", given.display(), root.display()));
        };
        if path.is_dir() {
            if relative.as_os_str().is_empty() {
                return Ok(Scope { root, focus: None, missing });
            }
            // A folder inside the vault: report on every note below it.
            focus.folders.push(format!("{}/", vaultlint_core::paths::relative(&root, path)));
        } else {
            focus.notes.insert(vaultlint_core::paths::relative(&root, path));
        }
    }
    Ok(Scope { root, focus: Some(focus), missing })
}

/// The vault root above `start` (or `start` itself): the nearest folder
/// holding `.obsidian` or a config that says `root = true`, else the
/// outermost folder holding a config, looking no further up than the
/// first git work tree. A config in a subfolder of a vault only
/// overrides some settings for its subtree; it does not start a vault.
fn marked(start: &Path) -> Option<PathBuf> {
    let mut outermost = None;
    for dir in start.ancestors() {
        if dir.join(".obsidian").exists() {
            return Some(dir.to_path_buf());
        }
        if let Some(file) = CONFIG_FILES.iter().map(|f| dir.join(f)).find(|f| f.is_file()) {
            if says_root(&file) {
                return Some(dir.to_path_buf());
            }
            outermost = Some(dir.to_path_buf());
        }
        if dir.join(".git").exists() {
            break;
        }
    }
    outermost
}

/// Whether a config file says `root = true`. One that cannot be read says
/// nothing here; reading it as the config reports why.
fn says_root(file: &Path) -> bool {
    // A link that leads out of its folder is not read before the vault
    // is known; read as the config, it is refused if it leads out of it.
    let folder = file.parent().and_then(|f| f.canonicalize().ok());
    if folder.is_none_or(|folder| crate::files::leads_out(file, &folder)) {
        return false;
    }
    let table = crate::files::read_small(file).and_then(|text| text.parse::<toml::Table>().ok());
    table.and_then(|t| t.get("root").and_then(toml::Value::as_bool)).unwrap_or(false)
}

/// The nearest ancestor holding a root marker, else the git work tree's
/// root, else the current folder.
fn discover(start: &Path, cwd: &Path) -> PathBuf {
    vault_above(start).unwrap_or_else(|| cwd.canonicalize().unwrap_or_else(|_| cwd.to_path_buf()))
}

/// The nearest ancestor of `start` (or `start`) holding a root marker,
/// else the git work tree's root, if either.
pub(crate) fn vault_above(start: &Path) -> Option<PathBuf> {
    marked(start).or_else(|| work_tree(start))
}

/// The root of the git work tree `start` is in (or is), if any.
fn work_tree(start: &Path) -> Option<PathBuf> {
    start.ancestors().find(|dir| dir.join(".git").exists()).map(Path::to_path_buf)
}

/// The folder of the note at `given` (or `given` itself, a folder) when
/// it is in no vault: neither it nor a folder above it holds
/// `.obsidian/`, a config or `.git`. `None` when it is in one, or cannot
/// be found.
pub fn folder_in_no_vault(given: &Path) -> Option<PathBuf> {
    let given = given.canonicalize().ok()?;
    let folder = if given.is_dir() { given } else { given.parent()?.to_path_buf() };
    let marked = |dir: &Path| {
        [".obsidian", ".git"].iter().chain(CONFIG_FILES).any(|m| dir.join(m).symlink_metadata().is_ok())
    };
    (!folder.ancestors().any(marked)).then_some(folder)
}

fn io_reason(err: &std::io::Error) -> String {
    match err.kind() {
        std::io::ErrorKind::NotFound => "no such file or folder".into(),
        _ => err.to_string(),
    }
}
