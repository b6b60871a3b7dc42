//! The cache of warm runs: what a run learned of each note (its facts and
//! fingerprint), and the findings of the last `check`, kept in a folder
//! (`.vaultlint_cache/` at the vault root unless told otherwise) so that
//! the next run reads only the notes that changed.
//!
//! Nothing read from it is trusted on its word. Each file carries a magic
//! line, a format number, a key for the vaultlint version and settings it
//! was made with, its length, and a tag: a keyed hash of its contents
//! under the folder's secret ([`Cache::secret`]). A file that is
//! truncated, corrupt, from another version or for other settings, or
//! that this cache did not write (one committed with the vault), is
//! ignored and rebuilt; so is one larger than the vault could need
//! ([`limit`]), which is not read. A file is proven before it is held
//! whole (the notes file, read a part at a time, before a part larger
//! than a few parts of notes), so a wrong one costs a pass of reading,
//! not its size in memory. What a file holds is checked again
//! where it is used: an index it gives must lie inside the vault. Files
//! are created anew or replaced by rename, never written through a link,
//! so a run never sees another run's half-written file, and the folder is
//! used only when it is vaultlint's own ([`Cache::refusal`]).

use crate::walk::{Entry, EntryKind};
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::io::Write;
use std::path::{Path, PathBuf};
use vaultlint_core::progress::Progress;
use vaultlint_syntax::fingerprint::Fingerprint;
use vaultlint_syntax::note::{self, Note, Reading};
use vaultlint_syntax::prints::Prints;

/// The cache's folder under the vault root, unless configured.
pub const DEFAULT_DIR: &str = ".vaultlint_cache";
const MAGIC: &[u8; 16] = b"vaultlint cache\n";
/// Bumped whenever what is stored changes shape, or what a note keeps
/// (13: stamps as strong as git's index; 14: suppressions are read as a
/// renderer reads comments; 15: a note says whether it is a template; 16:
/// spans are byte offsets only, a finding carries its line and column
/// beside its span, and a suppression reaches over bytes, not lines; 17: a
/// heading is a title only where it opens the body, and a name that says
/// so makes a template; 18: a note says whether its title is its opening
/// heading, and a name that is a placeholder makes a template; 19: a word
/// of age between other words of a name is part of its group key; 20: a
/// flow collection closed at its key's indentation is read, not an error;
/// 21: so is a quoted value continued at its key's indentation, and a key
/// written twice is an error only where it is read; 23: a note keeps the
/// keys it misspells; 25: a date may name its month, so what a note's
/// findings were is kept by no older format; 26: a name's group key has
/// its spaces closed up; 29: a note says whether only its name makes it a
/// template; 30: an ID in a name (a UUID, a hash) is one word of its key;
/// 31: `Tags` and `Aliases` are read in any case; 32: Chinese archive
/// folders and `新` mark ages in names; 33: a key in another case is
/// renamed only where its value still says something).
const FORMAT: u32 = 40;

/// The build: its version, and a digest of the sources of the crates that
/// read and check notes (see `build.rs`). What is kept of one build's run
/// is never read back by another, whatever its version says.
pub const BUILD: &str = concat!(env!("CARGO_PKG_VERSION"), "+", env!("VAULTLINT_SOURCES"));

const HEADER: usize = MAGIC.len() + 4 + 8 + 8 + 8;
/// A file written this shortly before a run read it may change again
/// within the same timestamp (file systems keep them as coarsely as two
/// seconds), so its size and time alone do not vouch for it next time:
/// its content is hashed and compared.
const RACY_NANOS: i64 = 2_000_000_000;
/// Marks the folder as a cache to backup tools (https://bford.info/cachedir/).
const CACHEDIR_TAG: &str = "Signature: 8a477f597d28d172789f06886806bc55\n\
# This file is a cache directory tag created by vaultlint.\n\
# For information about cache directory tags see https://bford.info/cachedir/\n";
/// Keeps the folder out of git.
const GITIGNORE: &str = "# Made by vaultlint: nothing here is committed.\n*\n";
/// The file of the cache's secret ([`Cache::secret`]), and its size.
const SECRET: &str = "secret";
const SECRET_BYTES: usize = 32;

/// How a file looked on disk, as git's index keeps it: its size, its
/// modification and change times, its inode and device, and its mode. A
/// file rewritten with its size and modification time kept (`cp -p`, tar,
/// unzip, a swap of two such files), moved in from elsewhere, or whose
/// permissions changed has another stamp.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stamp {
    pub size: u64,
    /// Nanoseconds since the Unix epoch.
    pub modified: i64,
    /// When the file's inode last changed (its permissions, links, name or
    /// content), nanoseconds since the Unix epoch; 0 where unknown.
    pub changed: i64,
    /// The inode and device of the file; 0 where unknown.
    pub inode: u64,
    pub device: u64,
    /// The file's type and permission bits; 0 where unknown.
    pub mode: u32,
}

impl Stamp {
    /// The stamp of a file whose metadata is `meta`.
    pub fn of(meta: &std::fs::Metadata) -> Option<Stamp> {
        let modified = meta.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?;
        let (changed, inode, device, mode) = Stamp::identity(meta)?;
        Some(Stamp {
            size: meta.len(),
            modified: i64::try_from(modified.as_nanos()).ok()?,
            changed,
            inode,
            device,
            mode,
        })
    }

    #[cfg(unix)]
    fn identity(meta: &std::fs::Metadata) -> Option<(i64, u64, u64, u32)> {
        use std::os::unix::fs::MetadataExt;
        let changed = meta.ctime().checked_mul(1_000_000_000)?.checked_add(meta.ctime_nsec())?;
        Some((changed, meta.ino(), meta.dev(), meta.mode()))
    }

    #[cfg(not(unix))]
    fn identity(meta: &std::fs::Metadata) -> Option<(i64, u64, u64, u32)> {
        Some((0, 0, 0, u32::from(meta.permissions().readonly())))
    }

    /// The stamp of the file at `file` as it is now.
    pub fn of_file(file: &Path) -> Option<Stamp> {
        std::fs::metadata(file).ok().as_ref().and_then(Stamp::of)
    }

    /// The stamps of a walk's files, in its order, as [`Stamp::of_file`]
    /// gives them. Each file is looked up in its folder, opened once for
    /// the run of files the walk found in it: a lookup by the whole path
    /// walks every folder from the root again, which took a fifth of a
    /// warm run at 100k notes.
    pub fn of_entries(root: &Path, entries: &[Entry]) -> Vec<Option<Stamp>> {
        use rayon::prelude::*;
        #[cfg(unix)]
        {
            entries.par_chunks(256).flat_map_iter(|chunk| folder_stamps(root, chunk)).collect()
        }
        #[cfg(not(unix))]
        {
            entries.par_iter().map(|e| Stamp::of_file(&e.file(root))).collect()
        }
    }

    /// The stamp of a file whose status is `stat`: the same as
    /// [`Stamp::of`] gives for its metadata.
    #[cfg(unix)]
    fn of_stat(stat: &rustix::fs::Stat) -> Option<Stamp> {
        let nanos = |secs: i64, nanos: i64| secs.checked_mul(1_000_000_000)?.checked_add(nanos);
        #[allow(clippy::unnecessary_cast, clippy::useless_conversion)]
        let (modified, changed) = (
            nanos(i64::from(stat.st_mtime), stat.st_mtime_nsec as i64)?,
            nanos(i64::from(stat.st_ctime), stat.st_ctime_nsec as i64)?,
        );
        // A time before the epoch has no stamp, as `SystemTime` gives none.
        #[allow(clippy::unnecessary_cast)]
        Some(Stamp {
            size: u64::try_from(stat.st_size).ok()?,
            modified: (modified >= 0).then_some(modified)?,
            changed,
            inode: stat.st_ino as u64,
            device: stat.st_dev as u64,
            mode: stat.st_mode as u32,
        })
    }

    /// Whether the file was last written early enough before `started`
    /// that an edit since would have changed its time.
    pub fn settled_before(self, started: i64) -> bool {
        self.racy_until() < started
    }

    /// Until when an edit may leave the file's time as it is.
    pub fn racy_until(self) -> i64 {
        self.modified.saturating_add(RACY_NANOS)
    }
}

/// The stamps of `entries`, each looked up in its folder (see
/// [`Stamp::of_entries`]); by its whole path where the folder cannot be
/// opened.
#[cfg(unix)]
fn folder_stamps<'a>(root: &'a Path, entries: &'a [Entry]) -> impl Iterator<Item = Option<Stamp>> + 'a {
    use rustix::fs::{AtFlags, Mode, OFlags};
    let mut open: Option<(&str, Option<std::os::fd::OwnedFd>)> = None;
    entries.iter().map(move |entry| {
        let (folder, name) = entry.path.rsplit_once('/').unwrap_or(("", &entry.path));
        if open.as_ref().is_none_or(|(at, _)| *at != folder) {
            let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
            open = Some((folder, rustix::fs::open(root.join(folder), flags, Mode::empty()).ok()));
        }
        match open.as_ref().and_then(|(_, fd)| fd.as_ref()) {
            // Followed where it is a link, as `Stamp::of_file` follows it.
            Some(fd) => rustix::fs::statat(fd, name, AtFlags::empty()).ok().as_ref().and_then(Stamp::of_stat),
            None => Stamp::of_file(&entry.file(root)),
        }
    })
}

/// Nanoseconds since the Unix epoch, now.
pub fn now() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since.as_nanos()).unwrap_or(i64::MAX)
}

/// The cache folder of a run, and the vault it is for: one folder may
/// serve many vaults (`VAULTLINT_CACHE_DIR` set once for all), each with
/// files of its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cache {
    pub dir: PathBuf,
    vault: u64,
    /// The vault root, when the folder was named by the vault (its config,
    /// or the default): no folder on the way from the root to it may be a
    /// symbolic link.
    inside: Option<PathBuf>,
}

impl Cache {
    /// The cache in `dir`, a folder named on the command line or in the
    /// environment, for the vault at `root`.
    pub fn new(dir: PathBuf, root: &Path) -> Cache {
        Cache { dir, vault: note::digest(root.as_os_str().as_encoded_bytes()), inside: None }
    }

    /// The cache in `dir`, a folder inside the vault at `root` (the
    /// config's `cache-dir`, or the default).
    pub fn within(dir: PathBuf, root: &Path) -> Cache {
        Cache { inside: Some(root.to_path_buf()), ..Cache::new(dir, root) }
    }

    fn file(&self, name: &str) -> PathBuf {
        self.dir.join(format!("{name}-{:016x}.bin", self.vault))
    }

    /// Why the folder cannot be this run's cache, if it cannot. It can
    /// when it does not exist yet (it is made when written), when it holds
    /// vaultlint's `CACHEDIR.TAG`, or when it holds only files vaultlint
    /// makes there. It cannot when it is a symbolic link or not a folder,
    /// when a folder on the way to it from the vault root is a link, or
    /// when it holds other files and no tag of vaultlint's: a folder such
    /// as `~/.cache`, or a folder of notes, is never written into, nor
    /// emptied by `clean`.
    pub fn refusal(&self) -> Option<String> {
        if let Some(root) = &self.inside
            && let Ok(rest) = self.dir.strip_prefix(root)
        {
            let mut at = root.clone();
            for part in rest.components() {
                at.push(part);
                match std::fs::symlink_metadata(&at) {
                    Ok(meta) if meta.file_type().is_symlink() => {
                        return Some(format!("`{}` is a symbolic link", at.display()));
                    }
                    Ok(meta) if !meta.is_dir() => return Some(format!("`{}` is not a folder", at.display())),
                    Ok(_) => {}
                    Err(_) => return None,
                }
            }
        }
        let meta = std::fs::symlink_metadata(&self.dir).ok()?;
        if meta.file_type().is_symlink() {
            return Some("it is a symbolic link".into());
        }
        if !meta.is_dir() {
            return Some("it is not a folder".into());
        }
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Some("it cannot be read".into());
        };
        let (mut tagged, mut foreign) = (false, false);
        for entry in entries {
            match entry.map(|e| made(&e)) {
                Ok(Made::Tag) => tagged = true,
                Ok(Made::File) => {}
                Ok(Made::Not) | Err(_) => foreign = true,
            }
        }
        (foreign && !tagged)
            .then(|| "it holds files that vaultlint did not make, and no CACHEDIR.TAG of vaultlint's".into())
    }

    /// The value stored under `name` for `key`, if the file is whole, of
    /// this format, made for this key by this cache, and its payload no
    /// longer than `limit`: a larger file is not read. The file is proven
    /// (its tag checked) as it is read a piece at a time, and only then
    /// read again to be held: one whose tag is wrong costs a pass of
    /// reading, never its size in memory.
    pub fn load<T: DeserializeOwned>(&self, name: &str, key: u64, limit: u64) -> Option<T> {
        use std::io::{Read, Seek, SeekFrom};
        let secret = self.secret()?;
        let (mut file, size) = open_regular(&self.file(name))?;
        let mut header = [0; HEADER];
        file.read_exact(&mut header).ok()?;
        let (length, tagged) = header_for(&header, key)?;
        if size.checked_sub(HEADER as u64) != Some(length) || length > limit {
            return None;
        }
        let digest = digest_of(&mut file, length)?;
        if tag(secret, key, length, digest) != tagged {
            return None;
        }
        file.seek(SeekFrom::Start(HEADER as u64)).ok()?;
        let mut payload = Vec::with_capacity(usize::try_from(length).ok()?);
        file.take(length).read_to_end(&mut payload).ok()?;
        // Proven again as held: the file may have changed between the reads.
        decode_payload(&payload, length, tagged, key, secret)
    }

    /// Stores `value` under `name` for `key`: written whole to a temporary
    /// file in the folder, then renamed over the old one.
    pub fn store<T: Serialize>(&self, name: &str, key: u64, value: &T) -> std::io::Result<()> {
        let payload = encode(value)?;
        self.store_with(name, key, |write| write(&payload))
    }

    /// Stores `payload` under `name` for `key` as it is, its tag right
    /// whatever its bytes say: what only the cache's owner could write,
    /// for the tests of the decoders of what the files hold.
    #[cfg(test)]
    pub(crate) fn store_payload(&self, name: &str, key: u64, payload: &[u8]) -> std::io::Result<()> {
        self.store_with(name, key, |write| write(payload))
    }

    /// Stores under `name` for `key` the payload `fill` gives piece by
    /// piece, so that a large one is never held whole: its length and
    /// checksum go into the header once it is written.
    fn store_with(
        &self,
        name: &str,
        key: u64,
        fill: impl FnOnce(&mut dyn FnMut(&[u8]) -> std::io::Result<()>) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        use std::io::{Seek, SeekFrom};
        let secret = self.prepare()?;
        let mut file = tempfile::Builder::new().prefix(".tmp-").tempfile_in(&self.dir)?;
        file.write_all(&[0; HEADER])?;
        let (mut length, mut digest) = (0u64, xxhash_rust::xxh3::Xxh3Default::new());
        {
            let mut out = std::io::BufWriter::new(file.as_file_mut());
            fill(&mut |piece: &[u8]| {
                length += piece.len() as u64;
                digest.update(piece);
                out.write_all(piece)
            })?;
            out.flush()?;
        }
        file.seek(SeekFrom::Start(0))?;
        file.write_all(MAGIC)?;
        file.write_all(&FORMAT.to_le_bytes())?;
        file.write_all(&key.to_le_bytes())?;
        file.write_all(&length.to_le_bytes())?;
        file.write_all(&tag(secret, key, length, digest.digest128()).to_le_bytes())?;
        file.persist(self.file(name)).map_err(|e| e.error)?;
        Ok(())
    }

    /// Gives `take` the time the run that wrote the file under `name` for
    /// `key` started, and the file's parts, each decoded by `decode`, in
    /// the order [`Cache::store_parts`] wrote them; then says whether the
    /// file proved whole. The parts are decoded on the thread pool while
    /// a thread reads on and `take` uses those decoded already, so neither
    /// the file nor its notes decoded are ever held whole (at a million
    /// notes, the notes decoded beside the notes read from them were the
    /// peak of a warm run). Only a few parts wait at a time, and their
    /// buffers serve again for the parts after.
    ///
    /// The checksum covers the whole file, so it is known only once the
    /// last part is read: `take` must undo what it made of the parts when
    /// the answer is `false` (a part that does not decode ends the parts
    /// early, and says `false` too). With no file to read, or one made
    /// for another key, `take` gets no parts and the answer is `true`.
    /// (Decoding bytes not yet proven is safe: the decoder checks every
    /// length against the bytes it has. Holding them is bounded: a part
    /// over [`UNPROVEN_PART`] is held only once the file is proven.) Not
    /// to be called on the thread pool, which it waits on.
    fn stream_parts<T: Send, R>(
        &self,
        name: &str,
        key: u64,
        limit: u64,
        decode: impl Fn(&[u8]) -> Option<T> + Sync,
        take: impl FnOnce(i64, &mut dyn Iterator<Item = T>) -> R,
    ) -> (R, bool) {
        use rayon::iter::{ParallelBridge, ParallelIterator};
        use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
        let Some((file, started)) = self.open_parts(name, key, limit) else {
            return (take(0, &mut std::iter::empty()), true);
        };
        let waiting = rayon::current_num_threads().max(1);
        let (parts, read) = std::sync::mpsc::sync_channel::<(usize, Vec<u8>)>(waiting);
        let (spare, spares) = std::sync::mpsc::channel::<Vec<u8>>();
        let (done, decoded) = std::sync::mpsc::sync_channel::<(usize, Option<T>)>(waiting);
        // Set once the parts are no longer wanted, so that the rest are
        // neither read nor decoded.
        let stop = AtomicBool::new(false);
        let (stop, decode) = (&stop, &decode);
        std::thread::scope(|scope| {
            let reader = scope.spawn(move || {
                let buffer = || spares.try_recv().unwrap_or_default();
                file.read_parts(buffer, |at, part| !stop.load(Relaxed) && parts.send((at, part)).is_ok())
            });
            scope.spawn(move || {
                read.into_iter().par_bridge().for_each(|(at, part)| {
                    let part_decoded = if stop.load(Relaxed) { None } else { decode(&part) };
                    let _ = spare.send(part);
                    if done.send((at, part_decoded)).is_err() {
                        stop.store(true, Relaxed);
                    }
                });
            });
            let mut in_order =
                InOrder { decoded, early: std::collections::BTreeMap::new(), next: 0, spoilt: false };
            let taken = take(started, &mut in_order);
            let spoilt = in_order.spoilt;
            stop.store(true, Relaxed);
            // Dropped before the threads are waited on: a decoder waiting
            // to hand over a part then gives up.
            drop(in_order);
            let whole = reader.join().unwrap_or(false);
            (taken, whole && !spoilt)
        })
    }

    /// The file under `name`, opened and past its header and the time its
    /// run started, if it was made in this format for `key`, by this
    /// cache (it has a secret), and its payload is no longer than `limit`.
    fn open_parts(&self, name: &str, key: u64, limit: u64) -> Option<(PartsFile, i64)> {
        use std::io::Read;
        let secret = self.secret()?;
        let (file, size) = open_regular(&self.file(name))?;
        let mut reader = std::io::BufReader::new(file);
        let mut header = [0; HEADER];
        reader.read_exact(&mut header).ok()?;
        let (length, tag) = header_for(&header, key)?;
        if size.checked_sub(HEADER as u64) != Some(length) || length > limit {
            return None;
        }
        let checksum = xxhash_rust::xxh3::Xxh3Default::new();
        let mut file = PartsFile { reader, key, secret, length, tag, read: 0, checksum, proven: false };
        let started = file.word()? as i64;
        Some((file, started))
    }

    /// Stores under `name` for `key` the time `started` and the parts
    /// `parts` gives, each framed by its length, one at a time.
    fn store_parts(
        &self,
        name: &str,
        key: u64,
        started: i64,
        count: usize,
        parts: impl Iterator<Item = std::io::Result<Vec<u8>>>,
    ) -> std::io::Result<()> {
        self.store_with(name, key, |write| {
            write(&started.to_le_bytes())?;
            write(&(count as u64).to_le_bytes())?;
            for part in parts {
                let part = part?;
                write(&(part.len() as u64).to_le_bytes())?;
                write(&part)?;
            }
            Ok(())
        })
    }

    /// Makes the folder, with a `.gitignore` so it is never committed and
    /// a `CACHEDIR.TAG` so backups leave it out, and gives the secret its
    /// files are tagged with (made the first time). Nothing is written
    /// through a symbolic link: the folder must be one ([`Cache::refusal`]),
    /// and each file is created anew (a link in its place is left alone)
    /// or replaced by rename.
    fn prepare(&self) -> std::io::Result<(u64, u64)> {
        if let Some(why) = self.refusal() {
            return Err(std::io::Error::other(why));
        }
        std::fs::create_dir_all(&self.dir)?;
        let meta = std::fs::symlink_metadata(&self.dir)?;
        if meta.file_type().is_symlink() || !meta.is_dir() {
            return Err(std::io::Error::other("the cache folder is not a folder"));
        }
        // Each made whole under a temporary name, then put in place if no
        // run did so first: a run beside this one that looks into the
        // folder meanwhile never finds an empty tag, which is no tag of
        // vaultlint's, and takes the folder for a foreign one.
        for (name, text) in [(".gitignore", GITIGNORE), ("CACHEDIR.TAG", CACHEDIR_TAG)] {
            if std::fs::symlink_metadata(self.dir.join(name)).is_ok() {
                continue;
            }
            let mut file = tempfile::Builder::new().prefix(".tmp-").tempfile_in(&self.dir)?;
            file.write_all(text.as_bytes())?;
            match file.persist_noclobber(self.dir.join(name)) {
                Ok(_) => {}
                Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(e.error),
            }
        }
        if let Some(secret) = self.secret() {
            return Ok(secret);
        }
        // Made whole under a temporary name, then put in place: another
        // run never reads half of it. A file already there that is not a
        // secret (a link, a partly written one) is replaced.
        let mut bytes = [0; SECRET_BYTES];
        getrandom::fill(&mut bytes).map_err(std::io::Error::other)?;
        let mut file = tempfile::Builder::new().prefix(".tmp-").tempfile_in(&self.dir)?;
        file.write_all(&bytes)?;
        if let Err(e) = file.persist_noclobber(self.dir.join(SECRET))
            && self.secret().is_none()
        {
            e.file.persist(self.dir.join(SECRET)).map_err(|e| e.error)?;
        }
        self.secret().ok_or_else(|| std::io::Error::other("the cache's secret cannot be read"))
    }

    /// The key this cache's files are tagged with: the random bytes of its
    /// secret file mixed with that file's inode, device and change time.
    ///
    /// Why a secret: a checksum anyone can compute (xxh3 is no secret)
    /// proves a file whole, not that this cache wrote it, and a pull
    /// request can commit any file under the cache folder, with a right
    /// checksum, for CI to trust. A file is taken only when its tag,
    /// a keyed hash (SipHash) under this key, is right. The secret file is
    /// made by vaultlint with random bytes; one that came with the vault
    /// (committed beside the files it would vouch for) gives another key
    /// all the same, as its inode and change time are those of the
    /// checkout, which its author cannot know. So does a copy of the
    /// folder: a copied cache is rebuilt, which costs only time. `None`
    /// when the folder has no secret yet.
    fn secret(&self) -> Option<(u64, u64)> {
        use std::io::Read;
        let (mut file, size) = open_regular(&self.dir.join(SECRET))?;
        if size != SECRET_BYTES as u64 {
            return None;
        }
        let mut bytes = [0; SECRET_BYTES];
        file.read_exact(&mut bytes).ok()?;
        let (changed, inode, device, _) = Stamp::identity(&file.metadata().ok()?)?;
        let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
        let place = [changed as u64, inode, device];
        Some((keyed((word(0), word(8)), &place), keyed((word(16), word(24)), &place)))
    }
}

/// What a file found in a cache folder is to vaultlint.
enum Made {
    /// Its `CACHEDIR.TAG`, word for word.
    Tag,
    /// A file it makes there, by its name (and, for the `.gitignore`, its
    /// text): a cache file, the secret, a temporary file of a write.
    File,
    /// Anything else, a symbolic link or a folder among them.
    Not,
}

fn made(entry: &std::fs::DirEntry) -> Made {
    let name = entry.file_name();
    let Some(name) = name.to_str() else { return Made::Not };
    if !entry.file_type().is_ok_and(|t| t.is_file()) {
        return Made::Not;
    }
    let text_is = |text: &str| {
        open_regular(&entry.path()).filter(|&(_, size)| size == text.len() as u64).is_some_and(|(file, _)| {
            use std::io::Read;
            let mut bytes = Vec::new();
            file.take(text.len() as u64).read_to_end(&mut bytes).is_ok() && bytes == text.as_bytes()
        })
    };
    let cache_file =
        name.strip_suffix(".bin").and_then(|n| n.rsplit_once('-')).is_some_and(|(what, vault)| {
            !what.is_empty()
                && what.bytes().all(|b| b.is_ascii_lowercase())
                && vault.len() == 16
                && vault.bytes().all(|b| b.is_ascii_hexdigit())
        });
    let temporary = name
        .strip_prefix(".tmp-")
        .is_some_and(|rest| rest.len() == 6 && rest.bytes().all(|b| b.is_ascii_alphanumeric()));
    match name {
        "CACHEDIR.TAG" if text_is(CACHEDIR_TAG) => Made::Tag,
        ".gitignore" if text_is(GITIGNORE) => Made::File,
        SECRET if entry.metadata().is_ok_and(|m| m.len() == SECRET_BYTES as u64) => Made::File,
        _ if cache_file || temporary => Made::File,
        _ => Made::Not,
    }
}

/// Opens `file` to read if it is a regular file: never through a symbolic
/// link, and never waiting on a named pipe. Gives it with its size.
fn open_regular(file: &Path) -> Option<(std::fs::File, u64)> {
    if !std::fs::symlink_metadata(file).ok()?.is_file() {
        return None;
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(file).ok()?;
    let meta = file.metadata().ok()?;
    meta.is_file().then_some((file, meta.len()))
}

/// SipHash-2-4 of `words` under `key`.
#[allow(deprecated)] // std keeps SipHash-2-4 under this name: a keyed hash, as wanted here.
fn keyed(key: (u64, u64), words: &[u64]) -> u64 {
    use std::hash::Hasher;
    let mut hasher = std::hash::SipHasher::new_with_keys(key.0, key.1);
    for word in words {
        hasher.write(&word.to_le_bytes());
    }
    hasher.finish()
}

/// The tag of a file: the keyed hash, under the cache's `secret`, of its
/// format, key, payload's length and payload's 128-bit xxh3.
fn tag(secret: (u64, u64), key: u64, length: u64, digest: u128) -> u64 {
    keyed(secret, &[u64::from(FORMAT), key, length, digest as u64, (digest >> 64) as u64])
}

/// A notes file being read, past its header: the checksum is taken as
/// its bytes are read, and its tag checked once they are all read.
struct PartsFile {
    reader: std::io::BufReader<std::fs::File>,
    /// The key it was opened for, and the cache's secret.
    key: u64,
    secret: (u64, u64),
    /// The length and tag the header gives the rest of the file, whose
    /// size bears the length out.
    length: u64,
    tag: u64,
    read: u64,
    checksum: xxhash_rust::xxh3::Xxh3Default,
    /// Whether its tag was checked already, before a large part.
    proven: bool,
}

/// The largest part of a notes file held before the file is proven: a
/// part of [`PART`] notes takes about 3 MB. A larger one is held only
/// once a pass over the whole file has checked its tag, so that a file
/// whose tag is wrong never has more than a few parts this large in
/// memory, whatever its parts' lengths say.
const UNPROVEN_PART: usize = 16 << 20;

impl PartsFile {
    /// Reads the next `bytes.len()` bytes; never past the length the
    /// header gives, so a damaged count cannot make a huge allocation.
    fn fill(&mut self, bytes: &mut [u8]) -> Option<()> {
        use std::io::Read;
        let end = self.read.checked_add(bytes.len() as u64).filter(|&end| end <= self.length)?;
        self.reader.read_exact(bytes).ok()?;
        self.checksum.update(bytes);
        self.read = end;
        Some(())
    }

    fn word(&mut self) -> Option<u64> {
        let mut bytes = [0; 8];
        self.fill(&mut bytes).map(|()| u64::from_le_bytes(bytes))
    }

    /// Whether the file's tag is right: its payload read again from the
    /// start, a piece at a time, then the reading taken up where it was.
    fn prove(&mut self) -> Option<bool> {
        use std::io::{Seek, SeekFrom};
        let at = self.reader.stream_position().ok()?;
        self.reader.seek(SeekFrom::Start(HEADER as u64)).ok()?;
        let digest = digest_of(&mut self.reader, self.length)?;
        self.reader.seek(SeekFrom::Start(at)).ok()?;
        Some(tag(self.secret, self.key, self.length, digest) == self.tag)
    }

    /// Reads the parts, each into a `buffer` and given with its place to
    /// `give`, which says whether to go on. Says whether the file was read
    /// whole, with its checksum right.
    fn read_parts(
        mut self,
        mut buffer: impl FnMut() -> Vec<u8>,
        mut give: impl FnMut(usize, Vec<u8>) -> bool,
    ) -> bool {
        let mut each = || -> Option<()> {
            let count = self.word()?;
            for at in 0..usize::try_from(count).ok()? {
                let len = usize::try_from(self.word()?).ok().filter(|&len| len as u64 <= self.length)?;
                if len > UNPROVEN_PART && !self.proven {
                    self.proven = self.prove()?;
                    if !self.proven {
                        return None;
                    }
                }
                let mut part = buffer();
                part.clear();
                part.resize(len, 0);
                self.fill(&mut part)?;
                if !give(at, part) {
                    return None;
                }
            }
            Some(())
        };
        each().is_some()
            && self.read == self.length
            && tag(self.secret, self.key, self.length, self.checksum.digest128()) == self.tag
    }
}

/// The decoded parts of a file, given in their order as they come from
/// the decoders in any.
struct InOrder<T> {
    decoded: std::sync::mpsc::Receiver<(usize, Option<T>)>,
    /// Parts decoded before the one wanted next.
    early: std::collections::BTreeMap<usize, Option<T>>,
    next: usize,
    /// Whether a part did not decode: no part is given after it.
    spoilt: bool,
}

impl<T> Iterator for InOrder<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        while !self.spoilt {
            if let Some(part) = self.early.remove(&self.next) {
                self.next += 1;
                self.spoilt = part.is_none();
                return part;
            }
            let (at, part) = self.decoded.recv().ok()?;
            self.early.insert(at, part);
        }
        None
    }
}

/// The value `payload` holds, if it is `length` bytes whose tag, for
/// `key` under `secret`, is `tagged`.
fn decode_payload<T: DeserializeOwned>(
    payload: &[u8],
    length: u64,
    tagged: u64,
    key: u64,
    secret: (u64, u64),
) -> Option<T> {
    let digest = xxhash_rust::xxh3::xxh3_128(payload);
    let whole = length == payload.len() as u64 && tagged == tag(secret, key, length, digest);
    whole.then(|| postcard::from_bytes(payload).ok()).flatten()
}

/// The 128-bit xxh3 of the next `length` bytes of `input`, read a piece
/// at a time; `None` if it ends before them.
fn digest_of(input: &mut impl std::io::Read, length: u64) -> Option<u128> {
    let mut digest = xxhash_rust::xxh3::Xxh3Default::new();
    let mut piece = vec![0; 64 << 10];
    let mut left = length;
    while left > 0 {
        let want = piece.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        match input.read(&mut piece[..want]) {
            Ok(0) => return None,
            Ok(read) => {
                digest.update(&piece[..read]);
                left -= read as u64;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
    Some(digest.digest128())
}

/// The payload's length and tag a header gives, if it is a header of
/// this format made for `key`.
fn header_for(header: &[u8; HEADER], key: u64) -> Option<(u64, u64)> {
    let word = |at: usize| u64::from_le_bytes(header[at..at + 8].try_into().expect("8 bytes"));
    let at = MAGIC.len();
    let format = u32::from_le_bytes(header[at..at + 4].try_into().expect("4 bytes"));
    let fits = &header[..at] == MAGIC && format == FORMAT && word(at + 4) == key;
    fits.then(|| (word(at + 12), word(at + 20)))
}

/// Removes the files of the cache folder of `cache` that vaultlint made
/// and recognises (its cache files by their names, the secret, its
/// `CACHEDIR.TAG` and `.gitignore` by their text), then the folder itself
/// if it held vaultlint's tag and nothing else is left in it. Says whether
/// there was anything to remove; a folder that is not vaultlint's
/// ([`Cache::refusal`]) is an error, and nothing in it is removed.
pub fn clean(cache: &Cache) -> Result<bool, String> {
    if let Some(why) = cache.refusal() {
        return Err(why);
    }
    let entries = match std::fs::read_dir(&cache.dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        entries => entries.map_err(|e| e.to_string())?,
    };
    let (mut removed, mut tagged, mut left) = (false, false, false);
    for entry in entries {
        let entry = entry.map_err(|e| e.to_string())?;
        match made(&entry) {
            Made::Not => left = true,
            what => {
                tagged |= matches!(what, Made::Tag);
                std::fs::remove_file(entry.path()).map_err(|e| e.to_string())?;
                removed = true;
            }
        }
    }
    if tagged && !left {
        std::fs::remove_dir(&cache.dir).map_err(|e| e.to_string())?;
    }
    Ok(removed)
}

/// The most a cache file's payload may hold for a vault of `notes` notes
/// whose files hold `bytes` bytes in all: far more than vaultlint writes
/// for it (a notes file holds about 1.6 KB a note), but growing with the
/// vault, not with what a file claims. A larger file is not read, so a
/// corrupt or crafted one costs nothing.
pub fn limit(notes: usize, bytes: u64) -> u64 {
    const FLOOR: u64 = 64 << 20;
    const A_NOTE: u64 = 64 << 10;
    FLOOR.saturating_add((notes as u64).saturating_mul(A_NOTE)).saturating_add(bytes.saturating_mul(16))
}

/// A key over the parts that make it, each length-prefixed so that no two
/// lists of parts give the same bytes.
pub fn key<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> u64 {
    let mut bytes = Vec::new();
    for part in parts {
        bytes.extend_from_slice(&(part.len() as u64).to_le_bytes());
        bytes.extend_from_slice(part);
    }
    note::digest(&bytes)
}

/// The key of the notes file: the version, and the settings that change
/// how a note is read.
pub fn notes_key(reading: &Reading<'_>) -> u64 {
    let settings = format!("{:?} {:?} {:?}", reading.keys, reading.suppression_key, reading.scope_keys);
    // The table of kept keys decides which fields a stored note holds.
    let kept = vaultlint_syntax::keys::digest().to_le_bytes();
    key([&FORMAT.to_le_bytes()[..], BUILD.as_bytes(), settings.as_bytes(), &kept])
}

/// What the cache keeps of a note beside the note: how its file looked,
/// and what of it was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredKey {
    pub stamp: Stamp,
    /// [`note::digest`] of the file's bytes.
    pub digest: u64,
    /// Whether the note was read with its fingerprint and its links.
    pub fingerprinted: bool,
    pub linked: bool,
}

impl StoredKey {
    /// Whether a note read so serves a run that reads as `reading` says.
    fn serves(&self, reading: &Reading<'_>) -> bool {
        (self.fingerprinted || !reading.fingerprint) && (self.linked || !reading.links)
    }
}

/// One note as a run read it, and its fingerprint; `N` is `&Note` and `P`
/// a borrowed fingerprint when it is written.
#[derive(Debug, Serialize, Deserialize)]
struct StoredNote<N = Note, P = Option<Fingerprint>> {
    key: StoredKey,
    note: N,
    print: P,
}

impl StoredNote {
    /// The note, holding its fingerprint again (filed in `prints`, when
    /// the vault files them).
    fn into_note(self, prints: Option<&Prints>) -> Note {
        let StoredNote { mut note, print, .. } = self;
        note.print = print.map(vaultlint_syntax::note::Print::Held);
        if let Some(prints) = prints {
            note.file_print(prints);
        }
        note
    }
}

/// A note the last run stored, as a note again: its fingerprint is held
/// in it, or filed (when the vault files them) as the note was decoded.
#[derive(Debug)]
struct Kept {
    key: StoredKey,
    note: Note,
}

/// What reading gives for each note, in the walk's order: the note, and
/// what the cache keeps beside it with whether it was kept on its size
/// and time alone, without opening the file.
pub type ReadNotes = (Vec<Note>, Vec<(Option<StoredKey>, bool)>, Vec<EarlierPrint>);

/// The fingerprint of a note as the last run read it, by the digest of
/// its file then: kept for a note this run read anew or no longer has, so
/// that the similarity pass can take it out of what the last run counted.
pub type EarlierPrint = (u64, Fingerprint);

/// The fingerprint a kept note holds or filed in `prints`, with its
/// file's digest.
fn earlier_print(kept: Kept, prints: Option<&Prints>) -> Option<EarlierPrint> {
    let print = match kept.note.print? {
        vaultlint_syntax::note::Print::Held(print) => print,
        vaultlint_syntax::note::Print::Filed(at) => prints?.get(at)?,
    };
    Some((kept.key.digest, print))
}

/// Goes through the walk's `entries` beside the notes the cache kept
/// (`parts`, in path order): a kept note whose file is as it was (and was
/// settled before the run `started`) is taken; the others are listed to be
/// read, and the fingerprints of the notes gone kept for the tally.
fn take_kept(
    entries: Vec<Entry>,
    stamps: &[Option<Stamp>],
    started: i64,
    parts: &mut dyn Iterator<Item = Vec<Kept>>,
    reading: Reading<'_>,
    prints: Option<&Prints>,
    progress: &dyn Progress,
) -> Taken {
    let mut stored = parts.flatten().peekable();
    let mut taken = Taken {
        notes: Vec::with_capacity(entries.len()),
        beside: Vec::with_capacity(entries.len()),
        unread: Vec::new(),
        earlier: Vec::new(),
    };
    for (at, entry) in entries.into_iter().enumerate() {
        while let Some(gone) = stored.next_if(|s| s.note.path < entry.path) {
            taken.earlier.extend(earlier_print(gone, prints));
        }
        let mine = stored.next_if(|s| s.note.path == entry.path);
        let mine = match mine {
            Some(s) if !s.key.serves(&reading) => {
                taken.earlier.extend(earlier_print(s, prints));
                None
            }
            mine => mine,
        };
        match mine {
            Some(kept)
                if entry.kind == EntryKind::File
                    && stamps[at] == Some(kept.key.stamp)
                    && kept.key.stamp.settled_before(started) =>
            {
                progress.advance(1);
                taken.beside.push((Some(kept.key), true));
                taken.notes.push(Some(kept.note));
            }
            mine => {
                taken.notes.push(None);
                taken.beside.push((None, false));
                taken.unread.push((at, entry, mine.map(Box::new)));
            }
        }
    }
    taken.earlier.extend(stored.filter_map(|gone| earlier_print(gone, prints)));
    taken
}

/// The notes of `entries` (in path order, their files under `root`): those
/// whose files are as the last run read them from the notes file of
/// `cache`, the rest read, in parallel. `stamps`: the files' stamps, in the
/// same order, when the run took them already. In a vault large enough to
/// file fingerprints (`prints`), each note's is filed as it is decoded or
/// read, so that they are never all in memory at once: decoded whole, they
/// were 1.2 GB at a million notes.
///
/// The walk and the notes file are both in path order, so each note is
/// found by walking the two side by side as the file is decoded, and moved
/// from it into its place: no index of the cache, no slot for each note
/// beside the note (about 300 bytes a note, with the index), and only a
/// few parts of the file decoded at a time. A note the cache does not have
/// in its place is read, which only costs time. So does a notes file that
/// proves damaged once read to its end: every note taken from it is read
/// again.
pub fn read_entries(
    cache: &Cache,
    root: &Path,
    entries: Vec<Entry>,
    stamps: Option<Vec<Option<Stamp>>>,
    reading: Reading<'_>,
    prints: Option<&Prints>,
    progress: &dyn Progress,
) -> ReadNotes {
    use rayon::prelude::*;
    let stamps = stamps.unwrap_or_else(|| Stamp::of_entries(root, &entries));
    let decode = |part: &[u8]| decode_notes(part, prints);
    let merge = |started: i64, parts: &mut dyn Iterator<Item = Vec<Kept>>| {
        take_kept(entries, &stamps, started, parts, reading, prints, progress)
    };
    let bytes = stamps.iter().flatten().map(|s| s.size).fold(0u64, u64::saturating_add);
    let limit = limit(stamps.len(), bytes);
    let (mut taken, whole) = cache.stream_parts(NOTES, notes_key(&reading), limit, decode, merge);
    if !whole {
        taken.distrust();
    }
    let Taken { mut notes, mut beside, mut unread, mut earlier } = taken;
    // Each note read goes straight into its place: the notes read, listed
    // and then placed, held a first run's notes twice.
    unread.sort_unstable_by_key(|&(at, ..)| at);
    let mut wanted = unread.iter().map(|&(at, ..)| at).peekable();
    let places: Vec<_> = (notes.iter_mut().zip(&mut beside).enumerate())
        .filter_map(|(at, place)| wanted.next_if_eq(&at).map(|_| place))
        .collect();
    let replaced: Vec<EarlierPrint> = (unread.into_par_iter().zip(places))
        .filter_map(|((at, entry, mine), (place, beside))| {
            let mine = mine.map(|mine| *mine);
            let (mut note, key, replaced) = match entry.kind {
                EntryKind::File => refresh(&entry.file(root), entry.path, mine, stamps[at], reading, prints),
                EntryKind::Special(what) => {
                    let note = Note::unreadable(entry.path, format!("it is {what}"));
                    (note, None, mine.and_then(|gone| earlier_print(gone, prints)))
                }
            };
            if let Some(prints) = prints {
                note.file_print(prints);
            }
            progress.advance(1);
            *place = Some(note);
            beside.0 = key;
            replaced
        })
        .collect();
    earlier.extend(replaced);
    (notes.into_iter().map(|n| n.expect("every note read or kept")).collect(), beside, earlier)
}

/// The notes of one part of a notes file, their fingerprints filed in
/// `prints` (when the vault files them).
fn decode_notes(part: &[u8], prints: Option<&Prints>) -> Option<Vec<Kept>> {
    let stored = postcard::from_bytes::<Vec<StoredNote>>(part).ok()?;
    Some(stored.into_iter().map(|s| Kept { key: s.key, note: s.into_note(prints) }).collect())
}

/// What walking the entries beside the notes file made: each note taken
/// from the file (the rest `None`), what the cache keeps beside each,
/// the entries to read (with the note the file had for each), and the
/// fingerprints of the notes the file had and the vault no longer has.
struct Taken {
    notes: Vec<Option<Note>>,
    beside: Vec<(Option<StoredKey>, bool)>,
    /// (The note the file had is boxed: a first run reads every note,
    /// and has none.)
    unread: Vec<(usize, Entry, Option<Box<Kept>>)>,
    earlier: Vec<EarlierPrint>,
}

impl Taken {
    /// Takes back all that came from a notes file that proved damaged:
    /// each note it gave is to be read, and nothing it held is kept.
    fn distrust(&mut self) {
        for (at, note) in self.notes.iter_mut().enumerate() {
            if let Some(note) = note.take() {
                self.beside[at] = (None, false);
                self.unread.push((at, Entry { path: note.path, kind: EntryKind::File }, None));
            }
        }
        for (_, _, mine) in &mut self.unread {
            *mine = None;
        }
        self.earlier.clear();
    }
}

/// The note at `file` (vault path `path`), whose size or time is not as
/// the last run read it (`stored`, if it had it), now `stamp`: kept when
/// its bytes prove unchanged, else read and parsed. Gives its stamp and
/// digest for the next run's cache when the file could be read, and the
/// stored note's fingerprint (from `prints`, where it was filed) when the
/// note was read anew.
fn refresh(
    file: &Path,
    path: String,
    stored: Option<Kept>,
    stamp: Option<Stamp>,
    reading: Reading<'_>,
    prints: Option<&Prints>,
) -> (Note, Option<StoredKey>, Option<EarlierPrint>) {
    let earlier = |stored: Option<Kept>| stored.and_then(|gone| earlier_print(gone, prints));
    let bytes = match crate::files::read_regular(file) {
        Ok(bytes) => bytes,
        Err(err) => return (Note::unreadable(path, err.to_string()), None, earlier(stored)),
    };
    let digest = note::digest(&bytes);
    let seconds = stamp.map(|s| s.modified.div_euclid(1_000_000_000));
    let replaced = match stored {
        Some(Kept { key, mut note }) if key.digest == digest => {
            note.modified = seconds;
            return (note, stamp.map(|stamp| StoredKey { stamp, ..key }), None);
        }
        stored => earlier(stored),
    };
    let key = stamp.map(|stamp| StoredKey {
        stamp,
        digest,
        fingerprinted: reading.fingerprint,
        linked: reading.links,
    });
    let mut note = Note::from_bytes(path, bytes, reading);
    note.modified = seconds;
    note.digest = Some(digest);
    (note, key, replaced)
}

/// The notes file's name in the cache folder.
pub const NOTES: &str = "notes";

/// The notes file holds the notes in parts of this many, decoded in
/// parallel. Small enough that the few parts read and decoded ahead of
/// the notes taken from them stay small: parts of a sixty-fourth of the
/// file (23 MB each at a million notes) put 275 MB on top of the notes
/// while a warm run read them.
const PART: usize = 2048;

/// Stores the notes a run read (those with a key: read whole from a
/// file), with their fingerprints (`print` gives a note's), as the notes
/// file of `cache`, for `reading`.
pub fn store_notes<'a>(
    cache: &Cache,
    reading: &Reading<'_>,
    started: i64,
    notes: impl Iterator<Item = (&'a Note, StoredKey)> + Clone,
    print: impl Fn(&'a Note) -> Option<std::borrow::Cow<'a, Fingerprint>>,
) -> std::io::Result<()> {
    let count = notes.clone().count().div_ceil(PART);
    // Encoded one part at a time, so the file (and every fingerprint) is
    // never held whole beside the notes.
    let mut notes = notes.peekable();
    let parts = std::iter::from_fn(|| {
        notes.peek()?;
        let part: Vec<_> = notes
            .by_ref()
            .take(PART)
            .map(|(note, key)| StoredNote { key, note, print: print(note) })
            .collect();
        Some(encode(&part))
    });
    cache.store_parts(NOTES, notes_key(reading), started, count, parts)
}

fn encode<T: Serialize + ?Sized>(value: &T) -> std::io::Result<Vec<u8>> {
    postcard::to_stdvec(value).map_err(std::io::Error::other)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The notes `n00000.md`... read back with `cache`: each one's
    /// fingerprint digest, and how many were taken from the cache.
    fn read_back(cache: &Cache, root: &Path, count: usize, reading: Reading<'_>) -> (Vec<u64>, usize) {
        let entries = (0..count).map(|i| Entry { path: format!("n{i:05}.md"), kind: EntryKind::File });
        let silent = &vaultlint_core::progress::Silent;
        let (notes, beside, _) = read_entries(cache, root, entries.collect(), None, reading, None, silent);
        (notes.iter().map(print_digest).collect(), beside.iter().filter(|(_, kept)| *kept).count())
    }

    #[test]
    fn stamps_read_folder_by_folder_are_those_read_by_path() {
        let vault = tempfile::tempdir().unwrap();
        let root = vault.path();
        let mut paths = vec!["a.md", "a/b.md", "a/b/c.md", "a/c.md", "gone/x.md", "z.md"];
        for path in &paths[..4] {
            std::fs::create_dir_all(root.join(path).parent().unwrap()).unwrap();
            std::fs::write(root.join(path), path.repeat(3)).unwrap();
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(root.join("a/c.md"), std::fs::Permissions::from_mode(0o640)).unwrap();
            std::os::unix::fs::symlink(root.join("a/b.md"), root.join("z.md")).unwrap();
            std::os::unix::fs::symlink("a/b", root.join("linked")).unwrap();
            paths.push("linked/c.md");
            paths.sort_unstable();
        }
        let entries: Vec<Entry> =
            paths.iter().map(|p| Entry { path: p.to_string(), kind: EntryKind::File }).collect();
        let by_path: Vec<Option<Stamp>> = entries.iter().map(|e| Stamp::of_file(&e.file(root))).collect();
        assert_eq!(Stamp::of_entries(root, &entries), by_path);
        assert_eq!(by_path.iter().filter(|s| s.is_none()).count(), 1, "only the missing file has none");
    }

    /// The text of note `i`, as it was (`old`) or is now (`new`).
    fn words(i: usize, age: &str) -> String {
        format!("# Note {i}\n{age} words of note {i}\n")
    }

    /// The fingerprint digests of the notes as their files say now.
    fn fresh_digests(count: usize, reading: Reading<'_>) -> Vec<u64> {
        (0..count)
            .map(|i| print_digest(&Note::parse_with(format!("n{i:05}.md"), &words(i, "new"), reading)))
            .collect()
    }

    /// A cache in a temporary folder, and the notes `text` gives for
    /// `count` names, read with their fingerprints and stored in it as the
    /// notes of a run started at `started`, each under the key `key` gives.
    fn stored_notes(
        count: usize,
        text: impl Fn(usize) -> String,
        key: impl Fn(usize) -> StoredKey,
        started: i64,
    ) -> (tempfile::TempDir, Cache, Reading<'static>, Vec<Note>) {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path().join("cache"), dir.path());
        let reading = Reading { fingerprint: true, ..Reading::default() };
        let notes: Vec<Note> =
            (0..count).map(|i| Note::parse_with(format!("n{i:05}.md"), &text(i), reading)).collect();
        let keyed = notes.iter().enumerate().map(|(i, note)| (note, key(i)));
        let held = |note| Some(std::borrow::Cow::Borrowed(print_of(note)));
        store_notes(&cache, &reading, started, keyed, held).unwrap();
        (dir, cache, reading, notes)
    }

    /// The notes the notes file of `cache` gives back, decoded as a vault
    /// that files fingerprints in `prints` (or not) decodes them, with the
    /// time its run started, and whether it proved whole.
    fn stored_back(cache: &Cache, reading: &Reading<'_>, prints: Option<&Prints>) -> (i64, Vec<Kept>, bool) {
        let decode = |part: &[u8]| decode_notes(part, prints);
        let take = |started, parts: &mut dyn Iterator<Item = Vec<Kept>>| (started, parts.flatten().collect());
        let ((started, kept), whole) = cache.stream_parts(NOTES, notes_key(reading), u64::MAX, decode, take);
        (started, kept, whole)
    }

    fn key(i: usize) -> StoredKey {
        StoredKey {
            stamp: Stamp {
                size: i as u64,
                modified: 7,
                changed: 7,
                inode: i as u64,
                device: 1,
                mode: 0o100644,
            },
            digest: 1000 + i as u64,
            fingerprinted: true,
            linked: true,
        }
    }

    fn print_of(note: &Note) -> &Fingerprint {
        match &note.print {
            Some(note::Print::Held(print)) => print,
            _ => panic!("a note parsed here holds its fingerprint"),
        }
    }

    /// A short stand-in for a note's fingerprint, to compare.
    fn print_digest(note: &Note) -> u64 {
        note::digest(format!("{:?}", note.print).as_bytes())
    }

    /// The notes file is written piece by piece; it must read back whole,
    /// or every warm run would quietly read the vault again.
    #[test]
    fn the_notes_file_gives_back_the_notes_stored() {
        let text = |i| format!("---\nupdated: 2026-01-0{}\n---\n# Note {i}\nwords of note {i}\n", i % 9 + 1);
        // Two parts and a short one, decoded in parallel, come back in order.
        let (_dir, cache, reading, notes) = stored_notes(2 * PART + 150, text, key, 42);
        let (started, kept, whole) = stored_back(&cache, &reading, None);
        assert_eq!((started, whole), (42, true));
        assert_eq!(kept.len(), notes.len());
        for (i, (note, kept)) in notes.iter().zip(kept).enumerate() {
            assert_eq!(kept.key, key(i));
            assert_eq!(format!("{:?}", kept.note), format!("{note:?}"));
        }
    }

    /// In a vault large enough to file fingerprints, the notes file's are
    /// filed as they are decoded, and read back as they were stored: a
    /// note read anew still gives the similarity pass its old one.
    #[test]
    fn a_large_vaults_stored_fingerprints_are_filed_as_they_are_decoded() {
        let (_dir, cache, reading, notes) =
            stored_notes(70, |i| format!("# Note {i}\nwords of note {i} and more\n"), key, 42);
        let prints = Prints::for_vault(Prints::FILED_PAST + 1).expect("a vault this large files them");
        let (_, kept, whole) = stored_back(&cache, &reading, Some(&prints));
        assert!(whole);
        assert_eq!(kept.len(), notes.len());
        for (i, (note, kept)) in notes.iter().zip(kept).enumerate() {
            let Some(note::Print::Filed(at)) = kept.note.print else { panic!("note {i} was not filed") };
            assert_eq!(prints.get(at).as_ref(), Some(print_of(note)));
            let earlier = earlier_print(kept, Some(&prints));
            assert_eq!(earlier, Some((1000 + i as u64, print_of(note).clone())));
        }
    }

    /// The notes file is used as it is decoded, before its checksum is
    /// known: when the checksum then fails, or a part does not decode,
    /// every note taken from it is read from its file instead.
    #[test]
    fn a_notes_file_that_proves_damaged_gives_no_note() {
        // The file stores each note as it was before, under its file's
        // stamp now, as if the run that wrote it read the notes then.
        let (_vault, _dir, cache, read, fresh) = notes_beside_a_vault(PART + 80);
        let count = fresh.len();
        let whole = read();
        assert_eq!(whole.1, count, "a whole file gives every note");
        assert!(whole.0.iter().zip(&fresh).all(|(kept, read)| kept != read));

        let file = cache.file(NOTES);
        let bytes = std::fs::read(&file).unwrap();
        let checksum = MAGIC.len() + 4 + 8 + 8;
        for at in [checksum, bytes.len() / 2, bytes.len() - 1] {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x40;
            std::fs::write(&file, &damaged).unwrap();
            assert_eq!(read(), (fresh.clone(), 0), "damaged at byte {at} of {}", bytes.len());
        }
    }

    /// A part larger than [`UNPROVEN_PART`] is given once the file proves
    /// whole, and never when its tag is wrong: a wrong file's parts are
    /// never held, whatever lengths it gives them.
    #[test]
    fn a_large_part_is_held_only_once_its_file_is_proven() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path().join("cache"), dir.path());
        let large = vec![7u8; UNPROVEN_PART + 1];
        let parts = [vec![1u8; 10], large.clone(), vec![2u8; 10]];
        cache.store_parts("parts", 1, 42, parts.len(), parts.iter().cloned().map(Ok)).unwrap();
        let lengths = |cache: &Cache| {
            let take = |started, parts: &mut dyn Iterator<Item = usize>| (started, parts.collect::<Vec<_>>());
            cache.stream_parts("parts", 1, u64::MAX, |part| Some(part.len()), take)
        };
        assert_eq!(lengths(&cache), ((42, vec![10, large.len(), 10]), true));

        let file = cache.file("parts");
        let mut bytes = std::fs::read(&file).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&file, &bytes).unwrap();
        assert_eq!(lengths(&cache), ((42, vec![10]), false), "the large part is not given");
    }

    // -----------------------------------------------------------------
    // Damaged and crafted files: absent, or what they say, never a panic
    // -----------------------------------------------------------------

    use proptest::prelude::*;
    use vaultlint_analysis::suggest::minhash::{Banded, Counter, Found, Shingled, Tally};

    /// Shingles to count, as a note's fingerprint gives them.
    struct Shingles(Vec<u32>);

    impl Shingled for Shingles {
        fn shingles(&self, each: impl FnMut(u32)) {
            self.0.iter().copied().for_each(each);
        }
    }

    /// A tally of 260 notes, one shingle of which is in more notes than a
    /// counter holds (so that it keeps exact counts beside). Made once.
    fn a_tally() -> Tally {
        static TALLY: std::sync::OnceLock<Tally> = std::sync::OnceLock::new();
        let tally = TALLY.get_or_init(|| {
            let notes: Vec<Shingles> =
                (0..260u32).map(|i| Shingles(if i < 4 { vec![7, i * 977 + 1] } else { vec![7] })).collect();
            let counter = Counter::new(notes.iter().map(|n| n.0.len() as u64).sum());
            counter.add(&notes, |n| n);
            let mut tally = counter.finish();
            tally.notes = vec![3, 5, 8];
            tally
        });
        assert!(tally.is_sound());
        tally.clone()
    }

    /// The notes' sources of [`a_banded`], and the digest of their paths.
    const SOURCES: [u64; 6] = [11, 12, 13, 0, 15, 16];
    const PATHS: u64 = 99;

    /// What banding found among six notes.
    fn a_banded(tally: &Tally) -> Banded {
        let found = Found { pairs: vec![(0, 1), (2, 4)], crowded: vec![5] };
        let banded = Banded::new(PATHS, SOURCES.to_vec(), &tally.common(), found);
        assert!(banded.is_sound(SOURCES.len()));
        banded
    }

    /// A tally and a banded file stored in a cache in a temporary folder.
    fn stored_counts() -> (tempfile::TempDir, Cache, Tally, Banded) {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path().join("cache"), dir.path());
        let tally = a_tally();
        let banded = a_banded(&tally);
        cache.store("tally", 1, &tally).unwrap();
        cache.store("banded", 1, &banded).unwrap();
        (dir, cache, tally, banded)
    }

    /// A tally or banded value read back is used as the similarity pass
    /// uses it: nothing of it may panic.
    fn use_tally(tally: Tally) {
        if tally.is_sound() {
            let _ = tally.common();
            let _ = tally.update(&[7, 1], &[7, 9]);
        }
    }

    fn use_banded(banded: &Banded, tally: &Tally) {
        let mut sources = SOURCES;
        sources[2] = 14;
        let common = tally.common();
        let scan = |each: vaultlint_analysis::suggest::minhash::Each| each(&[]);
        let _ = banded.update(PATHS, &sources, &common, scan, |_| None);
        let _ = banded.update(PATHS, &SOURCES, &common, scan, |_| None);
    }

    /// A whole cache file of `payload` for `key`, its tag `tagged`.
    fn framed(key: u64, payload: &[u8], tagged: u64) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&FORMAT.to_le_bytes());
        bytes.extend_from_slice(&key.to_le_bytes());
        bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&tagged.to_le_bytes());
        bytes.extend_from_slice(payload);
        bytes
    }

    /// The files the cache tests damage, each as a run of `damaged` bytes
    /// would leave it: empty, cut short anywhere in the header or the
    /// payload, a bit flipped, bytes added.
    fn damaged(bytes: &[u8]) -> Vec<Vec<u8>> {
        let mut all = vec![Vec::new(), MAGIC.to_vec(), bytes[..bytes.len() / 2].to_vec()];
        for cut in [1, 16, 20, 28, 36, HEADER, bytes.len() - 1] {
            all.push(bytes[..cut.min(bytes.len())].to_vec());
        }
        let mut seed = 0x9e37_79b9_u64;
        let mut next = |below: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % below.max(1) as u64) as usize
        };
        // Half the flips in the header and the end of the payload, where
        // the lengths and the counts' tails are.
        for i in 0..24 {
            let mut flipped = bytes.to_vec();
            let at = match i % 3 {
                0 => next(HEADER),
                1 => bytes.len() - 1 - next(64),
                _ => next(bytes.len()),
            };
            flipped[at] ^= 1 << next(8);
            all.push(flipped);
        }
        let mut grown = bytes.to_vec();
        grown.extend_from_slice(b"trailing");
        all.push(grown);
        all
    }

    /// A damaged cache file is absent, whichever byte was damaged, and
    /// the file stored again reads back. (These were the cases of
    /// `tests/cache.rs`'s `a_damaged_cache_is_ignored_and_rebuilt`, there
    /// a process each.)
    #[test]
    fn a_damaged_tally_or_banded_file_is_absent() {
        let (_dir, cache, tally, banded) = stored_counts();
        for name in ["tally", "banded"] {
            let file = cache.file(name);
            let bytes = std::fs::read(&file).unwrap();
            for damaged in damaged(&bytes) {
                std::fs::write(&file, &damaged).unwrap();
                let what = format!("{name} damaged ({} bytes)", damaged.len());
                assert_eq!(cache.load::<Tally>("tally", 1, u64::MAX).is_some(), name != "tally", "{what}");
                assert_eq!(cache.load::<Banded>("banded", 1, u64::MAX).is_some(), name != "banded", "{what}");
            }
            std::fs::write(&file, &bytes).unwrap();
        }
        assert!(cache.load::<Tally>("tally", 1, u64::MAX) == Some(tally));
        assert!(cache.load::<Banded>("banded", 1, u64::MAX) == Some(banded));
        // For another key, with a limit below its size, or with no secret.
        assert!(cache.load::<Tally>("tally", 2, u64::MAX).is_none());
        assert!(cache.load::<Tally>("tally", 1, 8).is_none());
        std::fs::remove_file(cache.dir.join(SECRET)).unwrap();
        assert!(cache.load::<Tally>("tally", 1, u64::MAX).is_none());
    }

    /// One edit of a file's payload: where (from its start, or from its
    /// end, where the short fields are) and what.
    #[derive(Debug, Clone)]
    enum Edit {
        Flip(bool, usize, u8),
        Set(bool, usize, u8),
        Insert(bool, usize, u8),
        Remove(bool, usize),
        Cut(bool, usize),
    }

    fn edits() -> impl Strategy<Value = Vec<Edit>> {
        let at = (any::<bool>(), 0..4096usize);
        let edit = prop_oneof![
            (at.clone(), 1..=255u8).prop_map(|((end, at), bits)| Edit::Flip(end, at, bits)),
            (at.clone(), any::<u8>()).prop_map(|((end, at), byte)| Edit::Set(end, at, byte)),
            (at.clone(), any::<u8>()).prop_map(|((end, at), byte)| Edit::Insert(end, at, byte)),
            at.clone().prop_map(|(end, at)| Edit::Remove(end, at)),
            at.prop_map(|(end, at)| Edit::Cut(end, at)),
        ];
        proptest::collection::vec(edit, 1..4)
    }

    fn edited(payload: &[u8], edits: &[Edit]) -> Vec<u8> {
        let mut bytes = payload.to_vec();
        for edit in edits {
            let place = |end: bool, at: usize, len: usize| match (len, end) {
                (0, _) => 0,
                (_, false) => at % len,
                (_, true) => len - 1 - at % len.min(256),
            };
            let len = bytes.len();
            match *edit {
                Edit::Flip(end, at, bits) if len > 0 => bytes[place(end, at, len)] ^= bits,
                Edit::Set(end, at, byte) if len > 0 => bytes[place(end, at, len)] = byte,
                Edit::Insert(end, at, byte) => bytes.insert(place(end, at, len + 1), byte),
                Edit::Remove(end, at) if len > 0 => _ = bytes.remove(place(end, at, len)),
                Edit::Cut(end, at) => bytes.truncate(place(end, at, len)),
                _ => {}
            }
        }
        bytes
    }

    /// Cases of each property: 32 in the suite; `PROPTEST_CASES` for a
    /// longer run by hand.
    fn cases() -> u32 {
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(32)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

        /// A tally or banded file edited, with a right checksum: made by
        /// one who knows the cache's secret (only its owner), it reads back
        /// as what the bytes say, or as absent, and what the similarity
        /// pass does with it never panics; made by anyone else (its
        /// checksum right, as xxh3 is no secret), it is absent unless it
        /// is the file as stored.
        #[test]
        fn an_edited_tally_or_banded_file_is_absent_or_harmless(edits in edits()) {
            let (_dir, cache, tally, banded) = stored_counts();
            let secret = cache.secret().unwrap();
            for name in ["tally", "banded"] {
                let file = cache.file(name);
                let bytes = std::fs::read(&file).unwrap();
                let payload = edited(&bytes[HEADER..], &edits);
                let digest = xxhash_rust::xxh3::xxh3_128(&payload);
                let owned = framed(1, &payload, tag(secret, 1, payload.len() as u64, digest));
                std::fs::write(&file, &owned).unwrap();
                if name == "tally" {
                    let read = cache.load::<Tally>(name, 1, u64::MAX);
                    prop_assert_eq!(read.is_some(), postcard::from_bytes::<Tally>(&payload).is_ok());
                    if let Some(read) = read {
                        use_tally(read);
                    }
                } else if let Some(read) = cache.load::<Banded>(name, 1, u64::MAX) {
                    use_banded(&read, &tally);
                }
                let foreign = framed(1, &payload, xxhash_rust::xxh3::xxh3_64(&payload));
                std::fs::write(&file, &foreign).unwrap();
                prop_assert!(cache.load::<Tally>("tally", 1, u64::MAX).filter(|_| name == "tally").is_none());
                prop_assert!(cache.load::<Banded>("banded", 1, u64::MAX).filter(|_| name == "banded").is_none());
                std::fs::write(&file, &bytes).unwrap();
            }
            prop_assert!(cache.load::<Tally>("tally", 1, u64::MAX) == Some(tally));
            prop_assert!(cache.load::<Banded>("banded", 1, u64::MAX) == Some(banded));
        }
    }

    /// A vault of `count` notes on disk and a cache whose notes file holds
    /// each as it was before, under its file's stamp now: a whole file
    /// gives every note from it, one that proves damaged none. Gives what
    /// reading gives back (each note's fingerprint in short, and how many
    /// were kept) and what reading every note gives.
    #[allow(clippy::type_complexity)]
    fn notes_beside_a_vault(
        count: usize,
    ) -> (tempfile::TempDir, tempfile::TempDir, Cache, Box<dyn Fn() -> (Vec<u64>, usize)>, Vec<u64>) {
        let vault = tempfile::tempdir().unwrap();
        let files: Vec<PathBuf> = (0..count).map(|i| vault.path().join(format!("n{i:05}.md"))).collect();
        for (i, file) in files.iter().enumerate() {
            std::fs::write(file, words(i, "new")).unwrap();
        }
        let stamp = |i: usize| Stamp::of_file(&files[i]).unwrap();
        let key = |i| StoredKey { stamp: stamp(i), digest: i as u64, fingerprinted: true, linked: true };
        let started = stamp(count - 1).racy_until() + 1;
        let (dir, cache, reading, _) = stored_notes(count, |i| words(i, "old"), key, started);
        let root = vault.path().to_path_buf();
        let read_cache = cache.clone();
        let read = move || read_back(&read_cache, &root, count, reading);
        let fresh = fresh_digests(count, reading);
        (vault, dir, cache, Box::new(read), fresh)
    }

    /// A damaged notes file gives no note: each is read from its file.
    #[test]
    fn a_damaged_notes_file_gives_no_note() {
        let (_vault, _dir, cache, read, fresh) = notes_beside_a_vault(40);
        assert_eq!(read().1, 40, "a whole file gives every note");
        let file = cache.file(NOTES);
        let bytes = std::fs::read(&file).unwrap();
        for damaged in damaged(&bytes) {
            std::fs::write(&file, &damaged).unwrap();
            assert_eq!(read(), (fresh.clone(), 0), "damaged ({} bytes)", damaged.len());
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

        /// A notes file edited, with a right checksum: made by anyone but
        /// the cache's owner it gives no note; made by the owner, reading
        /// it never panics and gives a note for every file.
        #[test]
        fn an_edited_notes_file_gives_no_note_or_harmless_ones(edits in edits()) {
            let (_vault, _dir, cache, read, fresh) = notes_beside_a_vault(12);
            let secret = cache.secret().unwrap();
            let file = cache.file(NOTES);
            let bytes = std::fs::read(&file).unwrap();
            let payload = edited(&bytes[HEADER..], &edits);
            let key = u64::from_le_bytes(bytes[MAGIC.len() + 4..MAGIC.len() + 12].try_into().unwrap());
            let foreign = framed(key, &payload, xxhash_rust::xxh3::xxh3_64(&payload));
            std::fs::write(&file, &foreign).unwrap();
            prop_assert_eq!(read(), (fresh.clone(), 0));
            let digest = xxhash_rust::xxh3::xxh3_128(&payload);
            let owned = framed(key, &payload, tag(secret, key, payload.len() as u64, digest));
            std::fs::write(&file, &owned).unwrap();
            prop_assert_eq!(read().0.len(), 12);
        }
    }
}
