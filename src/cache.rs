//! The cache of warm runs: what a run learned of each note (its facts and
//! fingerprint), and the findings of the last `check`, kept in a folder
//! (`.vaultlint_cache/` at the vault root unless told otherwise) so that
//! the next run reads only the notes that changed.
//!
//! Nothing read from it is trusted on its word. Each file carries a magic
//! line, a format number, a key for the vaultlint version and settings it
//! was made with, and a checksum of its contents: a file that is
//! truncated, corrupt, from another version or for other settings is
//! ignored and rebuilt. Files are replaced by rename, so a run never sees
//! another run's half-written file.

use crate::fingerprint::Fingerprint;
use crate::note::{self, Note, Reading};
use crate::prints::Prints;
use crate::progress::Progress;
use crate::walk::{Entry, EntryKind};
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The cache's folder under the vault root, unless configured.
pub const DEFAULT_DIR: &str = ".vaultlint_cache";
const MAGIC: &[u8; 16] = b"vaultlint cache\n";
/// Bumped whenever what is stored changes shape, or what a note keeps.
const FORMAT: u32 = 12;
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

/// How a file looked on disk: its size and modification time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stamp {
    pub size: u64,
    /// Nanoseconds since the Unix epoch.
    pub modified: i64,
}

impl Stamp {
    pub fn of(meta: &std::fs::Metadata) -> Option<Stamp> {
        let modified = meta.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?;
        Some(Stamp { size: meta.len(), modified: i64::try_from(modified.as_nanos()).ok()? })
    }

    /// The stamp of the file at `file` as it is now.
    pub fn of_file(file: &Path) -> Option<Stamp> {
        std::fs::metadata(file).ok().as_ref().and_then(Stamp::of)
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
}

impl Cache {
    pub fn new(dir: PathBuf, root: &Path) -> Cache {
        Cache { dir, vault: note::digest(root.as_os_str().as_encoded_bytes()) }
    }

    fn file(&self, name: &str) -> PathBuf {
        self.dir.join(format!("{name}-{:016x}.bin", self.vault))
    }

    /// The value stored under `name` for `key`, if the file is whole,
    /// of this format and made for this key.
    pub fn load<T: DeserializeOwned>(&self, name: &str, key: u64) -> Option<T> {
        let bytes = crate::walk::read_regular(&self.file(name)).ok()?;
        decode(&bytes, key)
    }

    /// Stores `value` under `name` for `key`: written whole to a temporary
    /// file in the folder, then renamed over the old one.
    pub fn store<T: Serialize>(&self, name: &str, key: u64, value: &T) -> std::io::Result<()> {
        let payload = encode(value)?;
        self.store_with(name, key, |write| write(&payload))
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
        self.prepare()?;
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
        file.write_all(&digest.digest().to_le_bytes())?;
        file.persist(self.file(name)).map_err(|e| e.error)?;
        Ok(())
    }

    /// The parts of a file [`Cache::store_parts`] wrote under `name` for
    /// `key`, each given to `decode` as soon as it is read, on the thread
    /// pool, while this thread reads on: the file is never held whole,
    /// nor beside all its notes decoded (at a million notes, that was the
    /// run's peak). Only a few parts wait to be decoded at a time, and
    /// their buffers are used again for the parts after, so a few buffers
    /// serve the whole file. The checksum is taken as the parts are read,
    /// and what was decoded is given back only if the file proves whole;
    /// `None` otherwise, or if a part does not decode. (Decoding bytes not
    /// yet proven is safe: the decoder checks every length against the
    /// bytes it has.)
    fn load_parts<T: Send>(
        &self,
        name: &str,
        key: u64,
        decode: impl Fn(&[u8]) -> Option<T> + Sync,
    ) -> Option<(i64, Vec<T>)> {
        use rayon::iter::{ParallelBridge, ParallelIterator};
        // Looked at before it is opened: opening a FIFO would wait forever.
        let path = self.file(name);
        let size = std::fs::metadata(&path).ok().filter(|m| m.is_file())?.len();
        let file = std::fs::File::open(path).ok()?;
        let waiting = rayon::current_num_threads().max(1);
        let (parts, read) = std::sync::mpsc::sync_channel::<(usize, Vec<u8>)>(waiting);
        let (spare, spares) = std::sync::mpsc::channel::<Vec<u8>>();
        std::thread::scope(|scope| {
            let reader = scope.spawn(move || {
                let buffer = || spares.try_recv().unwrap_or_default();
                read_parts(file, size, key, buffer, |at, part| parts.send((at, part)).is_ok())
            });
            let mut decoded: Vec<(usize, Option<T>)> = read
                .into_iter()
                .par_bridge()
                .map(|(at, part)| {
                    let decoded = decode(&part);
                    let _ = spare.send(part);
                    (at, decoded)
                })
                .collect();
            let started = reader.join().ok()??;
            decoded.sort_unstable_by_key(|&(at, _)| at);
            let decoded: Option<Vec<T>> = decoded.into_iter().map(|(_, part)| part).collect();
            Some((started, decoded?))
        })
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
    /// a `CACHEDIR.TAG` so backups leave it out.
    fn prepare(&self) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        for (name, text) in [
            (".gitignore", "# Made by vaultlint: nothing here is committed.\n*\n"),
            ("CACHEDIR.TAG", CACHEDIR_TAG),
        ] {
            let file = self.dir.join(name);
            if !file.exists() {
                std::fs::write(file, text)?;
            }
        }
        Ok(())
    }
}

/// Reads the parts of a notes file from `file` (of `size` bytes), giving
/// each with its place to `give`, which says whether to go on. Gives the
/// time the file's run started, if the file was read whole, for `key`,
/// with its checksum right.
fn read_parts(
    file: std::fs::File,
    size: u64,
    key: u64,
    mut buffer: impl FnMut() -> Vec<u8>,
    mut give: impl FnMut(usize, Vec<u8>) -> bool,
) -> Option<i64> {
    use std::io::Read;
    let mut reader = std::io::BufReader::new(file);
    let mut header = [0; HEADER];
    reader.read_exact(&mut header).ok()?;
    let (length, digest) = header_for(&header, key)?;
    if size.checked_sub(HEADER as u64) != Some(length) {
        return None;
    }
    let (mut read, mut checksum) = (0u64, xxhash_rust::xxh3::Xxh3Default::new());
    // Never past the length the header gives, which the file's size
    // bears out: a damaged count cannot make a huge allocation.
    let mut fill = |bytes: &mut [u8]| -> Option<()> {
        let end = read.checked_add(bytes.len() as u64).filter(|&end| end <= length)?;
        reader.read_exact(bytes).ok()?;
        checksum.update(bytes);
        read = end;
        Some(())
    };
    let word = |fill: &mut dyn FnMut(&mut [u8]) -> Option<()>| {
        let mut bytes = [0; 8];
        fill(&mut bytes).map(|()| u64::from_le_bytes(bytes))
    };
    let started = word(&mut fill)? as i64;
    let count = word(&mut fill)?;
    for at in 0..usize::try_from(count).ok()? {
        let len = usize::try_from(word(&mut fill)?).ok().filter(|&len| len as u64 <= length)?;
        let mut part = buffer();
        part.clear();
        part.resize(len, 0);
        fill(&mut part)?;
        if !give(at, part) {
            return None;
        }
    }
    (read == length && checksum.digest() == digest).then_some(started)
}

fn decode<T: DeserializeOwned>(bytes: &[u8], key: u64) -> Option<T> {
    let (header, payload) = bytes.split_at_checked(HEADER)?;
    let (length, digest) = header_for(header.try_into().ok()?, key)?;
    let whole = length == payload.len() as u64 && digest == note::digest(payload);
    whole.then(|| postcard::from_bytes(payload).ok()).flatten()
}

/// The payload's length and checksum a header gives, if it is a header of
/// this format made for `key`.
fn header_for(header: &[u8; HEADER], key: u64) -> Option<(u64, u64)> {
    let word = |at: usize| u64::from_le_bytes(header[at..at + 8].try_into().expect("8 bytes"));
    let at = MAGIC.len();
    let format = u32::from_le_bytes(header[at..at + 4].try_into().expect("4 bytes"));
    let fits = &header[..at] == MAGIC && format == FORMAT && word(at + 4) == key;
    fits.then(|| (word(at + 12), word(at + 20)))
}

/// Removes the cache folder `dir`: says whether there was one. Only a
/// folder that vaultlint made (it holds the tag) is removed.
pub fn clean(dir: &Path) -> std::io::Result<bool> {
    match std::fs::read_to_string(dir.join("CACHEDIR.TAG")) {
        Ok(tag) if tag.contains("created by vaultlint") => std::fs::remove_dir_all(dir).map(|()| true),
        Ok(_) => Err(std::io::Error::other("it holds a CACHEDIR.TAG that vaultlint did not make")),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !dir.exists() => Ok(false),
        Err(_) => {
            Err(std::io::Error::other("it is not a vaultlint cache (it has no CACHEDIR.TAG of vaultlint's)"))
        }
    }
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
    key([&FORMAT.to_le_bytes()[..], env!("CARGO_PKG_VERSION").as_bytes(), settings.as_bytes()])
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
        note.print = print.map(crate::note::Print::Held);
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

/// The notes of the last run, in the order it stored them: by path, the
/// order of a walk.
#[derive(Debug, Default)]
pub struct Known {
    started: i64,
    /// The decoded parts of the notes file, in order.
    parts: Vec<Vec<Kept>>,
    /// Where their fingerprints were filed, in a vault large enough to file
    /// them: the vault keeps the store.
    prints: Option<Prints>,
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
        crate::note::Print::Held(print) => print,
        crate::note::Print::Filed(at) => prints?.get(at)?,
    };
    Some((kept.key.digest, print))
}

impl Known {
    /// Whether the last run kept no notes (or there was none to trust).
    pub fn is_empty(&self) -> bool {
        self.parts.iter().all(Vec::is_empty)
    }

    /// The store the notes' fingerprints were filed in, for the vault.
    pub fn take_prints(&mut self) -> Option<Prints> {
        self.prints.take()
    }

    /// The notes of `entries` (in path order, their files under `root`):
    /// those whose files are as the last run read them from the cache, the
    /// rest read, in parallel. `stamps`: the files' stamps, in the same
    /// order, when the run took them already.
    ///
    /// The walk and the cache are both in path order, so each note is
    /// found by walking the two side by side, and moved from the cache
    /// into its place: no index of the cache, and no slot for each note
    /// beside the note (about 300 bytes a note, with the index). A note
    /// the cache does not have in its place is read, which only costs
    /// time.
    pub fn read_entries(
        self,
        root: &Path,
        entries: Vec<Entry>,
        stamps: Option<Vec<Option<Stamp>>>,
        reading: Reading<'_>,
        prints: Option<&Prints>,
        progress: &dyn Progress,
    ) -> ReadNotes {
        use rayon::prelude::*;
        let stamps =
            stamps.unwrap_or_else(|| entries.par_iter().map(|e| Stamp::of_file(&e.file(root))).collect());
        let mut stored = self.parts.into_iter().flatten().peekable();
        let mut notes: Vec<Option<Note>> = Vec::with_capacity(entries.len());
        let mut beside = Vec::with_capacity(entries.len());
        let mut unread = Vec::new();
        let mut earlier = Vec::new();
        for (at, entry) in entries.into_iter().enumerate() {
            while let Some(gone) = stored.next_if(|s| s.note.path < entry.path) {
                earlier.extend(earlier_print(gone, prints));
            }
            let mine = stored.next_if(|s| s.note.path == entry.path);
            let mine = match mine {
                Some(s) if !s.key.serves(&reading) => {
                    earlier.extend(earlier_print(s, prints));
                    None
                }
                mine => mine,
            };
            match mine {
                Some(kept)
                    if entry.kind == EntryKind::File
                        && stamps[at] == Some(kept.key.stamp)
                        && kept.key.stamp.settled_before(self.started) =>
                {
                    progress.advance(1);
                    beside.push((Some(kept.key), true));
                    notes.push(Some(kept.note));
                }
                mine => {
                    notes.push(None);
                    beside.push((None, false));
                    unread.push((at, entry, mine));
                }
            }
        }
        earlier.extend(stored.filter_map(|gone| earlier_print(gone, prints)));
        let read: Vec<(usize, Note, Option<StoredKey>, Option<EarlierPrint>)> = unread
            .into_par_iter()
            .map(|(at, entry, mine)| {
                let (mut note, key, replaced) = match entry.kind {
                    EntryKind::File => {
                        refresh(&entry.file(root), entry.path, mine, stamps[at], reading, prints)
                    }
                    EntryKind::Special(what) => {
                        let note = Note::unreadable(entry.path, format!("it is {what}"));
                        (note, None, mine.and_then(|gone| earlier_print(gone, prints)))
                    }
                };
                if let Some(prints) = prints {
                    note.file_print(prints);
                }
                progress.advance(1);
                (at, note, key, replaced)
            })
            .collect();
        for (at, note, key, replaced) in read {
            notes[at] = Some(note);
            beside[at].0 = key;
            earlier.extend(replaced);
        }
        (notes.into_iter().map(|n| n.expect("every note read or kept")).collect(), beside, earlier)
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
    let bytes = match crate::walk::read_regular(file) {
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

/// The notes file holds the notes in this many parts, decoded in parallel.
const PARTS: usize = 64;

/// Reads the notes file of `cache` for `reading`, for a vault of `notes`
/// notes; empty when there is none to trust (a part that does not decode
/// spoils the whole file). In a vault large enough to file fingerprints,
/// each is filed as its part is decoded, so that they are never all in
/// memory at once: decoded whole, they were 1.2 GB at a million notes.
pub fn known(cache: &Cache, reading: &Reading<'_>, notes: usize) -> Known {
    let prints = Prints::for_vault(notes);
    let decode = |part: &[u8]| {
        let stored = postcard::from_bytes::<Vec<StoredNote>>(part).ok()?;
        let kept = stored.into_iter().map(|s| Kept { key: s.key, note: s.into_note(prints.as_ref()) });
        Some(kept.collect::<Vec<_>>())
    };
    match cache.load_parts(NOTES, notes_key(reading), decode) {
        Some((started, parts)) => Known { started, parts, prints },
        None => Known { prints, ..Known::default() },
    }
}

/// Stores the notes a run read (those with a key: read whole from a
/// file), with their fingerprints (`print` gives a note's), as the notes
/// file of `cache`, for `reading`.
pub fn store_notes<'a>(
    cache: &Cache,
    reading: &Reading<'_>,
    started: i64,
    notes: impl Iterator<Item = (&'a Note, StoredKey)>,
    print: impl Fn(&'a Note) -> Option<std::borrow::Cow<'a, Fingerprint>>,
) -> std::io::Result<()> {
    let notes: Vec<(&Note, StoredKey)> = notes.collect();
    let size = notes.len().div_ceil(PARTS).max(1);
    // Encoded one part at a time, so the file (and every fingerprint) is
    // never held whole beside the notes.
    let parts = notes.chunks(size).map(|part| {
        let part: Vec<_> =
            part.iter().map(|&(note, key)| StoredNote { key, note, print: print(note) }).collect();
        encode(&part)
    });
    cache.store_parts(NOTES, notes_key(reading), started, notes.chunks(size).len(), parts)
}

fn encode<T: Serialize + ?Sized>(value: &T) -> std::io::Result<Vec<u8>> {
    postcard::to_stdvec(value).map_err(std::io::Error::other)
}

/// Lists of 32-bit hashes stored as their bytes: a note's signature and
/// sample are most of what the cache holds, and bytes are copied, not
/// decoded.
pub mod words {
    use serde::{Deserializer, Serializer};

    // Word by word, into a buffer made at its size.
    pub fn serialize<S: Serializer>(words: &[u32], serializer: S) -> Result<S::Ok, S::Error> {
        let mut bytes = vec![0u8; words.len() * 4];
        for (to, word) in bytes.chunks_exact_mut(4).zip(words) {
            to.copy_from_slice(&word.to_le_bytes());
        }
        serializer.serialize_bytes(&bytes)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Box<[u32]>, D::Error> {
        deserializer.deserialize_bytes(super::Bytes(|bytes: &[u8]| {
            if !bytes.len().is_multiple_of(4) {
                return None;
            }
            let mut words = vec![0u32; bytes.len() / 4];
            for (word, from) in words.iter_mut().zip(bytes.chunks_exact(4)) {
                *word = u32::from_le_bytes(from.try_into().expect("4 bytes"));
            }
            Some(words.into_boxed_slice())
        }))
    }
}

/// A byte string stored whole, not byte by byte: a counting table is
/// millions of them.
pub mod bytes {
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(bytes)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        deserializer.deserialize_bytes(super::Bytes(|bytes: &[u8]| Some(bytes.to_vec())))
    }
}

/// Reads a byte string with `read`, which rejects it with `None`.
struct Bytes<F>(F);

impl<'de, T, F: FnOnce(&[u8]) -> Option<T>> serde::de::Visitor<'de> for Bytes<F> {
    type Value = T;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("bytes")
    }

    fn visit_bytes<E: serde::de::Error>(self, bytes: &[u8]) -> Result<T, E> {
        (self.0)(bytes).ok_or_else(|| E::custom("malformed bytes"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The notes file is written piece by piece; it must read back whole,
    /// or every warm run would quietly read the vault again.
    #[test]
    fn the_notes_file_gives_back_the_notes_stored() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path().join("cache"), dir.path());
        let reading = Reading { fingerprint: true, ..Reading::default() };
        let notes: Vec<Note> = (0..150)
            .map(|i| {
                let text =
                    format!("---\nupdated: 2026-01-0{}\n---\n# Note {i}\nwords of note {i}\n", i % 9 + 1);
                Note::parse_with(format!("n{i}.md"), &text, reading)
            })
            .collect();
        let key = |i: usize| StoredKey {
            stamp: Stamp { size: i as u64, modified: 7 },
            digest: i as u64,
            fingerprinted: true,
            linked: true,
        };
        fn print(note: &Note) -> Option<std::borrow::Cow<'_, Fingerprint>> {
            match &note.print {
                Some(note::Print::Held(print)) => Some(std::borrow::Cow::Borrowed(print)),
                _ => None,
            }
        }
        store_notes(&cache, &reading, 42, notes.iter().enumerate().map(|(i, n)| (n, key(i))), print).unwrap();
        let known = known(&cache, &reading, notes.len());
        assert_eq!(known.started, 42);
        let kept: Vec<Kept> = known.parts.into_iter().flatten().collect();
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
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path().join("cache"), dir.path());
        let reading = Reading { fingerprint: true, ..Reading::default() };
        let notes: Vec<Note> = (0..70)
            .map(|i| {
                Note::parse_with(
                    format!("n{i}.md"),
                    &format!("# Note {i}\nwords of note {i} and more\n"),
                    reading,
                )
            })
            .collect();
        let key = |i: usize| StoredKey {
            stamp: Stamp { size: i as u64, modified: 7 },
            digest: 1000 + i as u64,
            fingerprinted: true,
            linked: true,
        };
        let held = |note: &Note| match &note.print {
            Some(note::Print::Held(print)) => print.clone(),
            _ => panic!("a note parsed here holds its fingerprint"),
        };
        let print = |note| Some(std::borrow::Cow::Owned(held(note)));
        store_notes(&cache, &reading, 42, notes.iter().enumerate().map(|(i, n)| (n, key(i))), print).unwrap();

        assert!(known(&cache, &reading, Prints::FILED_PAST).prints.is_none());
        let mut large = known(&cache, &reading, Prints::FILED_PAST + 1);
        let prints = large.take_prints().expect("a vault this large files its fingerprints");
        let kept: Vec<Kept> = large.parts.into_iter().flatten().collect();
        assert_eq!(kept.len(), notes.len());
        for (i, (note, kept)) in notes.iter().zip(kept).enumerate() {
            let Some(note::Print::Filed(at)) = kept.note.print else { panic!("note {i} was not filed") };
            assert_eq!(prints.get(at).as_ref(), Some(&held(note)));
            assert_eq!(earlier_print(kept, Some(&prints)), Some((1000 + i as u64, held(note))));
        }
    }
}
