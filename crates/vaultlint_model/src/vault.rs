//! The vault: every note, indexed by path, stem and alias, and the
//! resolution of successor values to notes.

use rayon::prelude::*;
use std::borrow::Cow;
use std::path::PathBuf;
use vaultlint_core::diagnostic::Diagnostic;
use vaultlint_core::paths::normalize;
use vaultlint_core::text::{fold, nfc};
use vaultlint_syntax::fingerprint::Fingerprint;
use vaultlint_syntax::link::{self, Invalid, Target};
pub use vaultlint_syntax::note::Side;
use vaultlint_syntax::note::{self, Note};

/// A note's index in [`Vault::notes`], which are sorted by path.
pub type NoteId = usize;

/// A fingerprint the last run held for a note this run read anew or no
/// longer has, by the digest of the note's file then: the similarity
/// pass takes it out of its counts.
pub type EarlierPrint = (u64, Fingerprint);

/// An ambiguous name lists at most this many of the notes it fits.
pub const MAX_CANDIDATES: usize = 10;

/// Every note of a vault, sorted by path, with the indexes that resolve
/// a successor value, a wikilink or an alias to a note, and the settings
/// that say how the vault is read. Built once per run; analysis only reads it.
pub struct Vault {
    pub root: PathBuf,
    /// Sorted by path.
    pub notes: Vec<Note>,
    /// Problems found by the walk (unreadable folders, skipped links).
    pub problems: Vec<Diagnostic>,
    /// What the config and Obsidian's settings say about the vault.
    pub config: VaultConfig,
    /// The fingerprints of the notes that were filed as they were read
    /// (see [`Note::print`]).
    pub prints: vaultlint_syntax::prints::Prints,
    /// The path in NFC: a path names one note (the last read, when two
    /// spell one path in two normal forms).
    by_path: Index,
    /// Lower-cased path without extension.
    by_lower_path: Index,
    /// Lower-cased trailing parts of the path without extension, from a
    /// folder boundary (`dir/note` for `a/dir/note.md`).
    by_suffix: Index,
    by_stem: Index,
    by_alias: Index,
    /// Whether some note is in a templates folder (`902Template/`,
    /// `Templates/`): a vault that files its templates keeps them there.
    templates_filed: bool,
    /// The notes whose names open with a record number or id (`0107-…`, `ADR-086-…`), by
    /// number: built when a value first needs it, as few ever do.
    /// (Each with whether letters come before the number.)
    opened_by_number: std::sync::OnceLock<Vec<(u64, bool, NoteId)>>,
    /// Whether the vault names successors by bare file name from beside
    /// the note (see [`Vault::names_beside`]): learned when a value first
    /// needs it.
    names_beside: std::sync::OnceLock<bool>,
}

/// Notes by a name (a path, a stem, an alias), held by 96 bits of the name's
/// hash ([`vaultlint_core::text::hash128`]) rather than the name: every note has
/// several names, and the names were most of what the indexes held. A
/// sorted list rather than a hash table: at a million notes the tables,
/// half empty after they grow, took a quarter of a gigabyte; the list
/// takes what its entries do, and a byte a name more for a table of where
/// each run of leading bits starts, so that a lookup searches a few
/// entries (a binary search of them all took a twentieth of a warm check).
#[derive(Debug, Clone)]
struct Index {
    /// Sorted by name, then note; a name of several notes has an entry
    /// for each.
    entries: Vec<Entry>,
    /// How many names: entries with a name of their own.
    names: usize,
    /// Where the entries whose names start with each `bits`-bit prefix
    /// start, and after the last, where they end: about four a prefix.
    starts: Vec<u32>,
    bits: u32,
}

/// A name in an [`Index`] and one note it names: 96 bits of the name's
/// hash and the note, sixteen bytes. (Two of ten million names share 96
/// bits with odds of about one in 10^15.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Entry {
    name: [u32; 3],
    note: u32,
}

impl Entry {
    fn new(name: &str, note: NoteId) -> Entry {
        let [a, b] = Index::key(name);
        let name = [(a >> 32) as u32, a as u32, (b >> 32) as u32];
        Entry { name, note: u32::try_from(note).expect("fewer than 2^32 notes") }
    }

    fn note(&self) -> NoteId {
        self.note as NoteId
    }
}

impl Index {
    fn key(name: &str) -> [u64; 2] {
        vaultlint_core::text::hash128(name)
    }

    /// The index of `entries`, in any order.
    fn of(mut entries: Vec<Entry>) -> Index {
        entries.par_sort_unstable();
        entries.dedup();
        entries.shrink_to_fit();
        let names = entries.chunk_by(|a, b| a.name == b.name).count();
        // An empty index has a table too, of one run: `insert` needs one.
        let bits = (entries.len() / 4).max(1).ilog2();
        let mut starts = Vec::with_capacity((1 << bits) + 1);
        let mut at = 0;
        for prefix in 0..=1u64 << bits {
            at += entries[at..].partition_point(|e| u64::from(Index::prefix(e.name, bits)) < prefix);
            starts.push(u32::try_from(at).expect("fewer than 2^32 names"));
        }
        Index { entries, names, starts, bits }
    }

    /// The leading `bits` bits of `name`.
    fn prefix(name: [u32; 3], bits: u32) -> u32 {
        name[0].checked_shr(32 - bits).unwrap_or(0)
    }

    /// The entries whose names share the leading bits of `name`.
    fn around(&self, name: [u32; 3]) -> std::ops::Range<usize> {
        let prefix = Index::prefix(name, self.bits) as usize;
        self.starts[prefix] as usize..self.starts[prefix + 1] as usize
    }

    /// Moves where each prefix after that of `name` starts by `by`.
    fn shift(&mut self, name: [u32; 3], by: i64) {
        let after = Index::prefix(name, self.bits) as usize + 1;
        for start in self.starts.iter_mut().skip(after) {
            *start = u32::try_from(i64::from(*start) + by).expect("entries counted");
        }
    }

    /// The indexes of `notes` by path, lower-cased path, its trailing
    /// parts, stem and alias, in one pass over the notes: each name is
    /// made once, and the lower-cased path serves two indexes.
    fn all(notes: &[Note]) -> [Index; 5] {
        let lists = notes
            .par_iter()
            .enumerate()
            .fold(<[Vec<Entry>; 5]>::default, |mut lists, (id, note)| {
                let [path, lower, suffix, stem, alias] = &mut lists;
                path.push(Entry::new(&nfc(&note.path), id));
                let folded = fold(without_extension(&note.path));
                suffix.extend(folded.match_indices('/').map(|(i, _)| Entry::new(&folded[i + 1..], id)));
                lower.push(Entry::new(&folded, id));
                stem.push(Entry::new(&fold(note.stem()), id));
                alias.extend(note.aliases().iter().map(|a| Entry::new(&fold(a), id)));
                lists
            })
            .reduce(<[Vec<Entry>; 5]>::default, |mut all, lists| {
                all.iter_mut().zip(lists).for_each(|(all, list)| all.extend(list));
                all
            });
        lists.map(Index::of)
    }

    /// The entries of `name`, by note.
    fn get(&self, name: &str) -> &[Entry] {
        self.named(Entry::new(name, 0).name)
    }

    /// The entries of the name hashed as `name`, by note.
    fn named(&self, name: [u32; 3]) -> &[Entry] {
        let near = &self.entries[self.around(name)];
        let start = near.partition_point(|e| e.name < name);
        let len = near[start..].partition_point(|e| e.name == name);
        &near[start..start + len]
    }

    /// Files `id` under `name`, unless it is there.
    fn insert(&mut self, name: &str, id: NoteId) {
        let entry = Entry::new(name, id);
        let near = self.around(entry.name);
        if let Err(at) = self.entries[near.clone()].binary_search(&entry) {
            let new_name = self.named(entry.name).is_empty();
            self.entries.insert(near.start + at, entry);
            self.shift(entry.name, 1);
            self.names += usize::from(new_name);
        }
    }

    fn remove(&mut self, name: &str, id: NoteId) {
        let entry = Entry::new(name, id);
        let near = self.around(entry.name);
        if let Ok(at) = self.entries[near.clone()].binary_search(&entry) {
            self.entries.remove(near.start + at);
            self.shift(entry.name, -1);
            self.names -= usize::from(self.named(entry.name).is_empty());
        }
    }

    /// How many names the index holds.
    fn len(&self) -> usize {
        self.names
    }
}

/// What the config and Obsidian's settings say about reading a vault,
/// settled before its notes are read: the analysis reads these, never the
/// settings themselves.
#[derive(Debug, Clone)]
pub struct VaultConfig {
    /// The keys that declare a successor, the first one used for new ones.
    pub successor_keys: Vec<String>,
    /// What the vault's Obsidian settings say: its templates and periodic notes.
    pub obsidian: crate::obsidian::Obsidian,
    /// The extensions of notes, without dots.
    pub extensions: Vec<String>,
    /// The config's `[[supersede]]` folder rules.
    pub folder_rules: Vec<crate::folder_rule::FolderRule>,
    /// The config file's path from the vault root, as findings about it
    /// name it.
    pub config_name: String,
    /// What the config says of scopes, authorities and review deadlines.
    pub terms: Terms,
    /// What the vault's Docusaurus sites' configs say of their live docs.
    pub docusaurus_sites: Vec<crate::version_roots::DocusaurusSite>,
}

impl Default for VaultConfig {
    fn default() -> Self {
        VaultConfig {
            successor_keys: note::SUCCESSOR_KEYS.iter().map(|k| k.to_string()).collect(),
            obsidian: crate::obsidian::Obsidian::default(),
            extensions: vaultlint_core::paths::DEFAULT_EXTENSIONS.iter().map(|e| e.to_string()).collect(),
            folder_rules: Vec::new(),
            config_name: "vaultlint.toml".into(),
            terms: Terms::default(),
            docusaurus_sites: Vec::new(),
        }
    }
}

/// What the config says of how notes relate beyond their declarations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Terms {
    /// The frontmatter keys that say where a note applies.
    pub scope_keys: Vec<String>,
    /// The values of the `authority` key, highest first.
    pub authorities: Vec<String>,
    /// Days past `review_due` that a note is still trusted; `None`: always.
    pub review_grace: Option<u32>,
}

impl Default for Terms {
    fn default() -> Self {
        Terms {
            scope_keys: vaultlint_syntax::scope::DEFAULT_KEYS.iter().map(|k| k.to_string()).collect(),
            authorities: Vec::new(),
            review_grace: None,
        }
    }
}

impl Vault {
    /// The rank of the note's `authority` among the configured ones, 0 the
    /// highest; `None` when it has none, or one not configured.
    pub fn authority(&self, id: NoteId) -> Option<(usize, &str)> {
        let value = self.notes[id].field("authority")?.value.scalar_text()?.trim();
        let rank = self.config.terms.authorities.iter().position(|a| a.eq_ignore_ascii_case(value))?;
        Some((rank, value))
    }
}

/// Where a successor value leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    Note(NoteId),
    /// No note. `wanted` is what was looked for: the vault path for a
    /// path, the name (with `.md` where it has a folder) for a wikilink,
    /// which `by_name` marks.
    Missing {
        wanted: String,
        by_name: bool,
    },
    /// Several notes: the first [`MAX_CANDIDATES`] by path, and how many
    /// there are in all. A thousand notes named `index.md` cost ten ids a
    /// declaration, not a thousand.
    Ambiguous {
        first: Vec<NoteId>,
        total: usize,
    },
    /// A template: never a version of anything (only declarations are
    /// told so; [`Vault::resolve`] gives the note).
    Template(NoteId),
    Outside,
    Invalid(Invalid),
}

/// A note's path without its extension (every note has one).
fn without_extension(path: &str) -> &str {
    path.rsplit_once('.').filter(|(_, ext)| !ext.contains('/')).map_or(path, |(stem, _)| stem)
}

/// Notes of one lower-cased path, more than this many, are no rename's
/// leftovers (see [`Vault::case_variants`]).
const MAX_CASE_VARIANTS: usize = 8;

/// The most digits a document number is written with (`fip-000015`).
const MAX_NUMBER_DIGITS: usize = 6;

/// How many declaration values naming a note beside them by bare file
/// name make that the vault's way of naming successors.
const NAMED_BESIDE: usize = 3;

/// `FIP-0090`, `eip_1559`, `bip0009` or a bare `0015`: the letters before
/// a document number (empty for a bare one) and the number.
pub(crate) fn numbered(text: &str) -> Option<(&str, u64)> {
    let letters = text.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(text.len());
    let digits = text[letters..].trim_start_matches(['-', '_']);
    let separated = text.len() - letters - digits.len();
    let fits = letters <= 8
        && separated <= 1
        && (letters > 0 || separated == 0)
        && (1..=MAX_NUMBER_DIGITS).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit());
    fits.then(|| Some((&text[..letters], digits.parse().ok()?))).flatten()
}

/// The one note of `found` (sorted, without repeats), several as
/// [`Resolution::Ambiguous`], or `None` for none.
fn one_or_ambiguous(found: &[NoteId]) -> Option<Resolution> {
    match found {
        [] => None,
        [one] => Some(Resolution::Note(*one)),
        _ => Some(Resolution::Ambiguous {
            first: found.iter().copied().take(MAX_CANDIDATES).collect(),
            total: found.len(),
        }),
    }
}

/// The number a name opens with, of two digits or more and followed by a
/// separator (`0107-propagating-parameters`), as records filed by number
/// and title are named.
fn opened_by_number(stem: &str) -> Option<u64> {
    let digits = stem.bytes().take_while(u8::is_ascii_digit).count();
    let separated = stem[digits..].starts_with(['-', '_', ' ', '.']);
    ((2..=MAX_NUMBER_DIGITS).contains(&digits) && separated).then(|| stem[..digits].parse().ok()).flatten()
}

/// The letters and number of a name that opens with a record's id and
/// goes on with its title (`ADR` and 86 of `ADR-086-lefthook-hooks`; no
/// letters and 107 of `0107-propagating-parameters`).
fn opened_by_id(stem: &str) -> Option<(&str, u64)> {
    let letters = stem.bytes().take_while(u8::is_ascii_alphabetic).count();
    if letters == 0 {
        return opened_by_number(stem).map(|n| ("", n));
    }
    let rest = &stem[letters..];
    let rest = rest.strip_prefix(['-', '_', ' ']).unwrap_or(rest);
    (2..=6).contains(&letters).then(|| Some((&stem[..letters], opened_by_number(rest)?))).flatten()
}

/// Whether two notes' paths are one path but for case or Unicode form,
/// their extensions aside (see [`Vault::case_variants`]).
pub fn one_path_but_case(a: &Note, b: &Note) -> bool {
    fold(without_extension(&a.path)) == fold(without_extension(&b.path))
}

impl Vault {
    /// Builds the indexes over already parsed notes (sorted by path).
    pub fn from_notes(root: PathBuf, mut notes: Vec<Note>) -> Vault {
        notes.sort_by(|a, b| a.path.cmp(&b.path));
        let [by_path, by_lower_path, by_suffix, by_stem, by_alias] = Index::all(&notes);
        let templates_filed = notes.iter().any(|n| vaultlint_syntax::template::in_templates_folder(&n.path));
        Vault {
            templates_filed,
            opened_by_number: std::sync::OnceLock::new(),
            names_beside: std::sync::OnceLock::new(),
            root,
            problems: Vec::new(),
            config: VaultConfig::default(),
            prints: vaultlint_syntax::prints::Prints::default(),
            by_path,
            by_lower_path,
            by_suffix,
            by_stem,
            by_alias,
            notes,
        }
    }

    /// The vault with `note` in place of the note at its path (or added,
    /// for a note not saved yet), indexed again; everything else kept.
    pub fn with_note(mut self, note: Note) -> Vault {
        let _ = self.put(note);
        self
    }

    /// Puts `note` in place of the note at its path. Only its aliases can
    /// change the indexes, so those are updated in place; a note new to
    /// the vault makes the indexes be built again. Whether what other
    /// notes' values resolve to may have changed (new ids, new aliases, or
    /// a new way of naming successors learned from its declarations).
    pub fn put(&mut self, note: Note) -> bool {
        let Some(id) = self.id_of(&note.path) else {
            let mut notes = std::mem::take(&mut self.notes);
            notes.push(note);
            self.reindex(notes);
            return true;
        };
        let renamed = self.notes[id].aliases() != note.aliases();
        // The vault's way of naming successors is learned from every
        // note's declarations: a note that changes its own is learned again.
        let declared =
            |n: &Note| Side::ALL.map(|side| n.declaration(side).map(|f| f.value.strings().join("\n")));
        let learned = match declared(&self.notes[id]) != declared(&note) {
            true => std::mem::take(&mut self.names_beside).into_inner(),
            false => None,
        };
        for alias in self.notes[id].aliases() {
            self.by_alias.remove(&fold(alias), id);
        }
        for alias in note.aliases() {
            self.by_alias.insert(&fold(alias), id);
        }
        self.notes[id] = note;
        // Other notes' values resolve otherwise only where it changed.
        let relearned = learned.is_some_and(|before| self.names_beside() != before);
        renamed || relearned
    }

    /// Puts each of `notes` in place of the note at its path, as
    /// [`Vault::put`] does, and adds those new to the vault all at once:
    /// the indexes are built again once, where putting them one by one
    /// built them again for each (a thousand notes opened in an editor
    /// and not saved yet took time in the square of their number). Of
    /// two new notes at one path, the later is kept. Whether what other
    /// notes' values resolve to may have changed.
    pub fn put_all(&mut self, notes: impl IntoIterator<Item = Note>) -> bool {
        let mut renamed = false;
        let mut new = Vec::new();
        for note in notes {
            match self.id_of(&note.path) {
                Some(_) => renamed |= self.put(note),
                None => new.push(note),
            }
        }
        if new.is_empty() {
            return renamed;
        }
        new.reverse();
        new.sort_by(|a, b| a.path.cmp(&b.path));
        new.dedup_by(|later, kept| later.path == kept.path);
        let mut notes = std::mem::take(&mut self.notes);
        notes.append(&mut new);
        self.reindex(notes);
        true
    }

    /// Takes the note at `path` out of the vault, if it is there.
    pub fn remove(&mut self, path: &str) {
        if self.id_of(path).is_some() {
            let mut notes = std::mem::take(&mut self.notes);
            notes.retain(|n| n.path != path);
            self.reindex(notes);
        }
    }

    /// Builds the indexes again over `notes`, keeping everything else.
    fn reindex(&mut self, notes: Vec<Note>) {
        let indexed = Vault::from_notes(self.root.clone(), notes);
        self.notes = indexed.notes;
        self.by_path = indexed.by_path;
        self.by_lower_path = indexed.by_lower_path;
        self.by_suffix = indexed.by_suffix;
        self.by_stem = indexed.by_stem;
        self.by_alias = indexed.by_alias;
        self.templates_filed = indexed.templates_filed;
        self.opened_by_number = indexed.opened_by_number;
        self.names_beside = indexed.names_beside;
    }

    /// The note at `path`, or at `path` with another of the vault's note
    /// extensions: a page the live folder renamed from `.md` to `.mdx` is
    /// still the page its release copies are copies of.
    pub fn page_at(&self, path: &str) -> Option<NoteId> {
        self.id_of(path).or_else(|| {
            let (stem, _) = path.rsplit_once('.')?;
            self.config.extensions.iter().find_map(|ext| self.id_of(&format!("{stem}.{ext}")))
        })
    }

    /// The pairs of notes whose paths are one path but for case or
    /// Unicode form (`Quarterly Goals/2021-Q1.md` beside `quarterly
    /// goals/2021-Q1.md`): one file where names ignore case, as on macOS
    /// and Windows, and two here, one of them left by a rename. Read from
    /// the index of lower-cased paths, which files them side by side
    /// (sorted by note, so each pair comes lower id first).
    ///
    /// A group of more than eight is left out: no rename makes one, and
    /// its pairs would grow with its square.
    pub fn case_variants(&self) -> Vec<(NoteId, NoteId)> {
        let groups = (self.by_lower_path.entries.chunk_by(|a, b| a.name == b.name))
            .filter(|g| (2..=MAX_CASE_VARIANTS).contains(&g.len()));
        groups
            .flat_map(|group| {
                (group.iter().enumerate())
                    .flat_map(move |(i, x)| group[i + 1..].iter().map(move |y| (x.note(), y.note())))
            })
            .collect()
    }

    /// How many notes hold `alias` among their aliases, as Obsidian
    /// matches a link to it (case and Unicode form aside).
    pub fn alias_holders(&self, alias: &str) -> usize {
        let mut ids: Vec<NoteId> = self.by_alias.get(&fold(alias)).iter().map(Entry::note).collect();
        ids.dedup();
        ids.len()
    }

    /// Whether the notes `a` and `b` are one path but for case or Unicode
    /// form (see [`Vault::case_variants`]).
    pub fn case_variant(&self, a: NoteId, b: NoteId) -> bool {
        a != b && one_path_but_case(&self.notes[a], &self.notes[b])
    }

    /// Whether the note is a template: its values are placeholders, it is
    /// never a finding and never a version of anything. A template is one
    /// by the vault's settings (the templates folder), by where it is (a
    /// templates folder at any depth, Hugo's archetypes) or by what it holds
    /// (Templater tags, `{{date}}` placeholders): see
    /// [`vaultlint_syntax::template`].
    pub fn is_template(&self, id: NoteId) -> bool {
        let note = &self.notes[id];
        let settings = &self.config.obsidian;
        // A vault that names its templates folder, or files its templates
        // in one, keeps its templates there.
        let by_name_elsewhere =
            note.template_by_name && (settings.templates.is_some() || self.templates_filed);
        // A page of a collection a site publishes from `_templates/`.
        let published = note.template_by_folder && settings.in_published(&note.path);
        (note.template && !by_name_elsewhere && !published) || settings.is_template(&note.path)
    }

    /// What could not be read, `(path, why)` in path order: folders the walk
    /// could not enter, notes that could not be read, and notes whose
    /// frontmatter could not be read.
    pub fn unread(&self) -> Vec<(&str, &str)> {
        self.unread_problems().into_iter().map(|p| (p.path.as_str(), p.message.as_str())).collect()
    }

    /// What [`Vault::unread`] lists, as the problems that say so: an
    /// `unreadable-note` left something out of the vault, an
    /// `invalid-frontmatter` left only a note's declarations unread.
    pub fn unread_problems(&self) -> Vec<&Diagnostic> {
        use vaultlint_core::code::Code::{InvalidFrontmatter, UnreadableNote};
        let walk = self.problems.iter().filter(|p| p.code == UnreadableNote);
        let notes = self.notes.iter().filter_map(|n| {
            n.problems().iter().find(|p| matches!(p.code, UnreadableNote | InvalidFrontmatter))
        });
        let mut out: Vec<&Diagnostic> = walk
            .chain(notes)
            .filter(|p| self.id_of(&p.path).is_none_or(|id| !self.is_template(id)))
            .collect();
        out.sort_unstable_by(|a, b| (&a.path, &a.message).cmp(&(&b.path, &b.message)));
        out
    }

    /// Whether a name ends in one of the extensions of notes.
    pub fn has_note_extension(&self, name: &str) -> bool {
        vaultlint_core::paths::strip_extension(name, &self.config.extensions).is_some()
    }

    /// A name without its note extension, if it has one.
    pub fn strip_extension<'n>(&self, name: &'n str) -> &'n str {
        vaultlint_core::paths::strip_extension(name, &self.config.extensions).unwrap_or(name)
    }

    /// A note's vault path without its extension.
    pub fn path_stem(&self, id: NoteId) -> &str {
        without_extension(&self.notes[id].path)
    }

    /// The key new successor declarations are written with.
    pub fn successor_key(&self) -> &str {
        self.config.successor_keys.first().map_or(note::SUCCESSOR_KEYS[0], String::as_str)
    }

    /// The fingerprint of note `id`, when it has one (and, filed, it can
    /// be read back).
    pub fn print(
        &self,
        id: NoteId,
    ) -> Option<std::borrow::Cow<'_, vaultlint_syntax::fingerprint::Fingerprint>> {
        self.print_of(&self.notes[id])
    }

    /// [`Vault::print`] of one of the vault's notes.
    pub fn print_of<'v>(
        &'v self,
        note: &'v Note,
    ) -> Option<std::borrow::Cow<'v, vaultlint_syntax::fingerprint::Fingerprint>> {
        match note.print.as_ref()? {
            note::Print::Held(print) => Some(std::borrow::Cow::Borrowed(print)),
            note::Print::Filed(at) => self.prints.get(*at).map(std::borrow::Cow::Owned),
        }
    }

    /// Calls `each` with the fingerprints of the notes `ids` gives (each
    /// once, in no set order), a batch of them at a time: those filed
    /// are read from the vault's file of them in long reads.
    pub fn scan_prints(
        &self,
        ids: impl Iterator<Item = NoteId>,
        each: impl FnMut(&[(NoteId, Cow<'_, Fingerprint>)]),
    ) {
        self.prints_of(ids).scan(each);
    }

    /// The fingerprints of the notes `ids` gives, found once for scans
    /// over them: following each note to its print on every scan of
    /// many took longer than the scans' own work.
    pub fn prints_of(&self, ids: impl Iterator<Item = NoteId>) -> PrintList<'_> {
        let mut filed = Vec::new();
        let mut held = Vec::new();
        for id in ids {
            match &self.notes[id].print {
                Some(note::Print::Held(print)) => held.push((id, Cow::Borrowed(print))),
                Some(note::Print::Filed(at)) => filed.push((id, *at)),
                None => {}
            }
        }
        filed.sort_unstable_by_key(|&(_, at)| at);
        PrintList { held, filed, prints: &self.prints }
    }

    /// The notes under `folder` (vault-relative, `""` for the root), at any
    /// depth: sorted by path, they are one run of [`Vault::notes`].
    pub fn notes_under(&self, folder: &str) -> &[Note] {
        let prefix = if folder.is_empty() { String::new() } else { format!("{folder}/") };
        let start = self.notes.partition_point(|n| n.path.as_str() < prefix.as_str());
        let len = self.notes[start..].partition_point(|n| n.path.starts_with(&prefix));
        &self.notes[start..start + len]
    }

    pub fn id_of(&self, path: &str) -> Option<NoteId> {
        self.by_path.get(&nfc(path)).last().map(Entry::note)
    }

    /// How a wikilink written in `from` names `to`: its bare file name
    /// where that is unambiguous, else its path without the extension;
    /// `None` when neither leads there.
    pub fn wikilink_name(&self, from: NoteId, to: NoteId) -> Option<String> {
        let target = &self.notes[to];
        let without = without_extension(&target.path);
        [target.stem(), without]
            .into_iter()
            .find(|name| self.resolve(from, &format!("[[{name}]]")) == Resolution::Note(to))
            .map(str::to_string)
    }

    /// Resolves one successor value written in the note `from`.
    pub fn resolve(&self, from: NoteId, value: &str) -> Resolution {
        match self.resolve_target(from, link::parse(value)) {
            // `C#.md`: the name before the `#` is no note's, the whole is.
            missing @ Resolution::Missing { .. } => match link::path_with_hash(value) {
                Some(whole) => match self.resolve_target(from, Ok(whole)) {
                    found @ Resolution::Note(_) => found,
                    _ => self.beside(from, value).unwrap_or(missing),
                },
                None => self.beside(from, value).unwrap_or(missing),
            },
            resolved => resolved,
        }
    }

    /// A bare file name (`scs-0002-v1.md`) that no note at the vault root
    /// has, read as the note of that name beside `from`, in a vault whose
    /// declarations name successors so ([`Vault::names_beside`]): records
    /// that name each other in one folder write them as a Markdown link
    /// beside them would. Elsewhere such a name is a slip an indexer reading
    /// paths from the root cannot follow, and a finding. A name rooted by
    /// `/`, or holding a folder, is read from the root alone.
    fn beside(&self, from: NoteId, value: &str) -> Option<Resolution> {
        let found = self.found_beside(from, value)?;
        self.names_beside().then_some(Resolution::Note(found))
    }

    /// The note a bare file name `value` names beside `from`, where no
    /// note at the root has that name.
    fn found_beside(&self, from: NoteId, value: &str) -> Option<NoteId> {
        let value = value.trim();
        let folder = self.notes[from].folder();
        let bare = !folder.is_empty() && !value.contains(['/', '\\']) && !value.starts_with(['[', '/']);
        if !bare {
            return None;
        }
        let Ok(Target::Path { path, relative: false }) = link::parse(value) else { return None };
        match (self.resolve_path(&path), self.resolve_path(&format!("{folder}/{path}"))) {
            (Resolution::Missing { .. }, Resolution::Note(found)) => Some(found),
            _ => None,
        }
    }

    /// The bare file name that names `to` from a value written in `from`,
    /// in a vault that names successors so (see [`Vault::names_beside`]):
    /// `to` is beside `from`, and no note at the root has that name.
    pub fn name_beside(&self, from: NoteId, to: NoteId) -> Option<&str> {
        let (target, folder) = (&self.notes[to], self.notes[from].folder());
        let file = target.path.rsplit('/').next()?;
        let beside = !folder.is_empty() && target.folder() == folder;
        (beside && matches!(self.resolve_path(file), Resolution::Missing { .. }) && self.names_beside())
            .then_some(file)
    }

    /// Whether the vault's own convention is to name successors by bare
    /// file name from beside the declaring note: at least
    /// [`NAMED_BESIDE`] declaration values do, and more than name one with
    /// its folder (a path, or a wikilink).
    fn names_beside(&self) -> bool {
        *self.names_beside.get_or_init(|| {
            let (mut beside, mut rooted) = (0usize, 0usize);
            for (id, note) in self.notes.iter().enumerate() {
                let declared = Side::ALL.into_iter().filter_map(|side| note.declaration(side));
                for value in declared.flat_map(|field| field.value.strings()) {
                    if self.found_beside(id, value).is_some() {
                        beside += 1;
                    } else if value.contains('/')
                        && !value.starts_with('.')
                        && matches!(self.resolve_target(id, link::parse(value)), Resolution::Note(_))
                    {
                        // A path or a wikilink with its folder, as from the root.
                        rooted += 1;
                    }
                }
            }
            beside >= NAMED_BESIDE && beside > rooted
        })
    }

    /// Where a link's parsed `target`, written in `from`, leads: as
    /// [`Vault::resolve`], for a target already read from a body link.
    pub fn resolve_target(&self, from: NoteId, target: Result<link::Target, link::Invalid>) -> Resolution {
        match target {
            Err(invalid) => Resolution::Invalid(invalid),
            Ok(Target::Path { path, relative }) => {
                let base = if relative { self.notes[from].folder() } else { "" };
                match normalize(base, &path) {
                    None => Resolution::Outside,
                    Some(full) => match self.resolve_path(&full) {
                        Resolution::Missing { .. } if let Some(found) = self.resolve_number(from, &path) => {
                            found
                        }
                        resolved => resolved,
                    },
                }
            }
            Ok(Target::Wikilink { name }) => self.resolve_wikilink(&name),
        }
    }

    /// Whether `value`, a number as YAML reads it (`SupersededBy: 141`),
    /// is a document number written in a numbered note, as a proposal's
    /// header names another: `141` in `nep-0021.md` is `nep-0141.md`. Such
    /// a value is read as the name it is written as, and resolved as any
    /// other; a number in any other note is no note's name.
    pub fn names_by_number(&self, from: NoteId, value: &vaultlint_syntax::frontmatter::Value) -> bool {
        let digits = value.scalar_text().filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()));
        digits.is_some_and(|digits| numbered(digits).is_some())
            && (numbered(self.notes[from].stem()).is_some_and(|(prefix, _)| !prefix.is_empty())
                || opened_by_number(self.notes[from].stem()).is_some())
    }

    /// A document named by its number, as proposal repositories (EIPs,
    /// BIPs, FIPs) name the one that replaces it: `"0015"` from
    /// `fip-0009.md` is `fip-0015.md`, `FIP-0090` is `fip-0090.md` (or
    /// `FIP-0090/README.md`, a proposal filed as a folder), written with any
    /// number of leading zeros. `None` where the value is no such
    /// number, or no note has it.
    fn resolve_number(&self, from: NoteId, value: &str) -> Option<Resolution> {
        let (prefix, number) = numbered(value)?;
        let own = numbered(self.notes[from].stem()).map(|(p, _)| p).filter(|p| !p.is_empty());
        // A record filed by number and title (`proposals/0436-reduce-rent.md`)
        // names another by its number alone (`superseded-by: '0437'`): the
        // one note of its folder whose name opens with that number.
        if prefix.is_empty() && own.is_none() && opened_by_number(self.notes[from].stem()).is_some() {
            return self.resolve_in_own_folder(from, number);
        }
        let prefix = if prefix.is_empty() { own? } else { prefix };
        let (mut found, mut stems): (Vec<NoteId>, Vec<String>) = (Vec::new(), Vec::new());
        for width in number.to_string().len()..=MAX_NUMBER_DIGITS {
            for separator in ["-", "_", ""] {
                let stem = fold(&format!("{prefix}{separator}{number:0width$}"));
                found.extend(self.by_stem.get(&stem).iter().map(Entry::note));
                stems.push(stem);
            }
        }
        // A proposal filed as a folder of its own (`CIP-0121/README.md`),
        // where no note has the number as its name: a proposal's folder of
        // resources beside its note (`resources/fip-0090/README.md`) is not it.
        if found.is_empty() {
            for stem in &stems {
                for page in ["readme", "index"] {
                    let folder_page = format!("{stem}/{page}");
                    for index in [&self.by_lower_path, &self.by_suffix] {
                        found.extend(index.get(&folder_page).iter().map(Entry::note));
                    }
                }
            }
        }
        // A record named by its id (`TEP-0107`, `ADR-0006`) where records
        // are filed by number and title (`teps/0107-propagating-parameters.md`):
        // the one note so opened in a folder named for the prefix, or whose
        // title opens with the id.
        if found.is_empty() && !prefix.is_empty() {
            let records =
                self.opened_with(number, true).filter(|&id| self.files_record(id, prefix, number, value));
            found.extend(records);
        }
        found.sort_unstable();
        found.dedup();
        one_or_ambiguous(&found)
    }

    /// The notes whose names open with `number` and a separator, after an
    /// id's letters or none.
    /// (`lettered`: those after an id's letters too.)
    fn opened_with(&self, number: u64, lettered: bool) -> impl Iterator<Item = NoteId> + '_ {
        let opened = self.opened_by_number.get_or_init(|| self.notes_opened_by_number());
        let start = opened.partition_point(|&(n, ..)| n < number);
        (opened[start..].iter().take_while(move |&&(n, ..)| n == number))
            .filter(move |&&(_, letters, _)| lettered || !letters)
            .map(|&(.., id)| id)
    }

    /// Every note whose name opens with a number of two digits or more and
    /// a separator, after an id's letters or none
    /// (`0107-propagating-parameters`, `ADR-086-lefthook-hooks`), by that
    /// number.
    fn notes_opened_by_number(&self) -> Vec<(u64, bool, NoteId)> {
        let mut opened: Vec<(u64, bool, NoteId)> = (self.notes.iter().enumerate())
            .filter_map(|(id, note)| {
                opened_by_id(note.stem()).map(|(letters, n)| (n, !letters.is_empty(), id))
            })
            .collect();
        opened.sort_unstable();
        opened
    }

    /// The note of `from`'s folder whose name opens with `number`, if one
    /// does and no other; several are [`Resolution::Ambiguous`].
    fn resolve_in_own_folder(&self, from: NoteId, number: u64) -> Option<Resolution> {
        let folder = self.notes[from].folder();
        let found: Vec<NoteId> = self
            .opened_with(number, false)
            .filter(|&id| id != from && self.notes[id].folder() == folder)
            .collect();
        one_or_ambiguous(&found)
    }

    /// Whether note `id`, whose name opens with a record's number, is the
    /// record `id_text` (`prefix` and `number`) names: its folder is named
    /// for the prefix (`teps/` for `TEP`, `adr/` for `ADR`), its title
    /// opens with the id as written, or its name with the id.
    fn files_record(&self, id: NoteId, prefix: &str, number: u64, id_text: &str) -> bool {
        let note = &self.notes[id];
        let folder = note.folder().rsplit('/').next().unwrap_or_default();
        let folder_says = folder.eq_ignore_ascii_case(prefix)
            || folder.len() == prefix.len() + 1
                && folder.get(..prefix.len()).is_some_and(|f| f.eq_ignore_ascii_case(prefix))
                && folder.ends_with(['s', 'S']);
        let title = note.title.trim_start();
        let opens = |text: &str| text.get(..id_text.len()).is_some_and(|t| t.eq_ignore_ascii_case(id_text));
        // The name itself opens with the id (`ADR-086-lefthook-hooks`, for
        // `ADR-86` as well), its letters and number.
        let named = opened_by_id(note.stem())
            .is_some_and(|(letters, n)| n == number && letters.eq_ignore_ascii_case(prefix));
        folder_says || opens(title) || named
    }

    fn resolve_path(&self, path: &str) -> Resolution {
        let path = nfc(path);
        let path = path.as_ref();
        if let Some(entry) = self.by_path.get(path).last() {
            return Resolution::Note(entry.note());
        }
        for ext in &self.config.extensions {
            if let Some(entry) = self.by_path.get(&format!("{path}.{ext}")).last() {
                return Resolution::Note(entry.note());
            }
        }
        let wanted = if self.has_note_extension(path) { path.to_string() } else { format!("{path}.md") };
        Resolution::Missing { wanted, by_name: false }
    }

    /// The note a name stands for, as a wikilink `[[name]]` finds it: its
    /// file name without the extension, or one of its aliases, in any
    /// case; a name with a `/` ends a path. (`[[` and `]]` around it are
    /// allowed.)
    pub fn note_named(&self, name: &str) -> Resolution {
        let name = name.trim();
        let name = name.strip_prefix("[[").and_then(|n| n.strip_suffix("]]")).unwrap_or(name);
        self.resolve_wikilink(name.split(['|', '#']).next().unwrap_or(name).trim())
    }

    /// Whether the wikilink `name` names note `id` by its file name, not
    /// an alias.
    pub fn named(&self, id: NoteId, name: &str) -> bool {
        fold(self.strip_extension(name.trim_start_matches('/'))) == fold(self.notes[id].stem())
    }

    fn resolve_wikilink(&self, name: &str) -> Resolution {
        let key = fold(self.strip_extension(name.trim_start_matches('/')));
        fn found<'m>(index: &'m Index, key: &str) -> Option<&'m [Entry]> {
            Some(index.get(key)).filter(|ids| !ids.is_empty())
        }
        let candidates = if key.contains('/') {
            found(&self.by_lower_path, &key).or_else(|| found(&self.by_suffix, &key))
        } else {
            found(&self.by_stem, &key).or_else(|| found(&self.by_alias, &key))
        };
        match candidates {
            Some([one]) => Resolution::Note(one.note()),
            Some(ids) => Resolution::Ambiguous {
                first: ids.iter().take(MAX_CANDIDATES).map(Entry::note).collect(),
                total: ids.len(),
            },
            None => Resolution::Missing {
                wanted: if key.contains('/') {
                    format!("{}.md", name.trim_start_matches('/'))
                } else {
                    name.to_string()
                },
                by_name: true,
            },
        }
    }

    /// Notes whose name is close to what a missing successor asked for,
    /// best first: the same path in another case, then the notes the path
    /// ends, then the same file name in another folder, then similar file
    /// names. `None` when the fuzzy pass was needed but `budget` could not
    /// pay for it: it compares with every file name, and a budget shared by
    /// a run keeps a vault full of broken links from making it quadratic.
    /// `stems` is the vault's [`Stems`], made on the first call that needs
    /// it.
    pub fn close_names(
        &self,
        wanted: &str,
        budget: &mut usize,
        stems: &mut Option<Stems>,
    ) -> Option<Vec<NoteId>> {
        let lower = fold(self.strip_extension(wanted));
        // A path of a folder moved since (`/quiesce/README.md` for
        // `proposals/archived/quiesce/README.md`): the notes it ends, before
        // every note of its file name, which for `README` is most folders'.
        let tail = lower.trim_start_matches(['/', '.']);
        let ending = if tail.contains('/') { self.by_suffix.get(tail) } else { &[] };
        // The file name, its extension taken off already: a Dendron name's
        // dots (`notes.tutorial.publish`) are the name's own.
        let stem = lower.rsplit('/').next().unwrap_or_default();
        for ids in [self.by_lower_path.get(&lower), ending, self.by_stem.get(stem)] {
            if !ids.is_empty() {
                return Some(ids.iter().map(Entry::note).collect());
            }
        }
        if *budget < self.by_stem.len() {
            return None;
        }
        *budget -= self.by_stem.len();
        let stems = stems.get_or_insert_with(|| Stems::of(self));
        let best = stems.closest(stem);
        Some(best.map(|name| self.by_stem.get(name).iter().map(Entry::note).collect()).unwrap_or_default())
    }
}

impl Vault {
    /// The one note whose file name the record number `wanted` opens
    /// (`ADR-0032` or `0032` for `0032-label-format.md`), as decision
    /// records name each other in words; `None` when none or several do.
    /// `stems` as for [`Vault::close_names`].
    pub fn record_named(&self, wanted: &str, stems: &mut Option<Stems>) -> Option<NoteId> {
        // Most names end in no number (two digits or more, as `numbered`
        // needs): the names are gathered only for one that does.
        wanted.bytes().rev().take_while(u8::is_ascii_digit).nth(1)?;
        let stems = stems.get_or_insert_with(|| Stems::of(self));
        match self.by_stem.get(stems.numbered(&fold(wanted))?) {
            [one] => Some(one.note()),
            _ => None,
        }
    }
}

/// The vault's file names, folded, each once, as characters: what
/// [`Vault::close_names`] compares with. The index keeps no names, and
/// folding them again for every broken declaration cost more than
/// comparing them.
pub struct Stems {
    /// Sorted, each once.
    names: Vec<(Box<str>, Box<[char]>)>,
}

impl Stems {
    /// The file names of the notes of `vault`.
    pub fn of(vault: &Vault) -> Stems {
        let mut names: Vec<Box<str>> = vault.notes.par_iter().map(|n| fold(n.stem()).into()).collect();
        names.par_sort_unstable();
        names.dedup();
        Stems {
            names: names
                .into_iter()
                .map(|n| {
                    let chars = n.chars().collect();
                    (n, chars)
                })
                .collect(),
        }
    }

    /// The name closest to `stem` by Jaro-Winkler, at 0.85 or more: the
    /// highest score, then the name that sorts first, whichever thread
    /// found it. A name whose length alone keeps it under 0.85 is not
    /// compared.
    fn closest(&self, stem: &str) -> Option<&str> {
        if let Some(name) = self.numbered(stem) {
            return Some(name);
        }
        let wanted: Vec<char> = stem.chars().collect();
        self.names
            .par_iter()
            .filter(|(_, other)| may_be_close(wanted.len(), other.len()))
            .filter_map(|(name, chars)| {
                let score = jaro_winkler(&wanted, chars);
                (score >= 0.85).then_some((score, &**name))
            })
            .reduce_with(|a, b| if b.0 > a.0 || (b.0 == a.0 && b.1 < a.1) { b } else { a })
            .map(|(_, name)| name)
    }
}

impl Stems {
    /// The one name that a record's number opens (`0118-partitioned-epoch…`
    /// for `0118` or `simd-0118`), as proposals, RFCs and decision records
    /// are filed and named in each other's frontmatter; `None` when no name
    /// or several do.
    fn numbered(&self, stem: &str) -> Option<&str> {
        let digits = stem.len() - stem.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let prefix = &stem[..stem.len() - digits];
        if digits < 2 || !(prefix.is_empty() || prefix.ends_with(['-', '_', ' '])) {
            return None;
        }
        let number = &stem[stem.len() - digits..];
        let start = self.names.partition_point(|(name, _)| &**name < number);
        let mut opened = self.names[start..]
            .iter()
            .take_while(|(name, _)| name.starts_with(number))
            .filter(|(name, _)| name[number.len()..].starts_with(['-', '_', ' ', '.']));
        let first = opened.next()?;
        opened.next().is_none().then_some(&*first.0)
    }
}

/// Whether names of `a` and `b` characters can score 0.85 by
/// Jaro-Winkler. The prefix bonus lifts a Jaro score `j` to at most
/// `j + 0.4 (1 - j)`, so 0.85 needs `j >= 0.75`; and with `m` characters
/// matched, at most the shorter length, `j <= (m / a + m / b + 1) / 3`.
/// (A little is given away, so that rounding never drops a name.)
fn may_be_close(a: usize, b: usize) -> bool {
    let (a, b) = (a as f64, b as f64);
    let m = a.min(b);
    a == 0.0 || b == 0.0 || (m / a + m / b + 1.0) / 3.0 >= 0.74
}

/// The names this long or shorter are compared without allocating.
const SHORT_NAME: usize = 64;

/// `strsim::jaro_winkler` of the characters `a` and `b`, to the bit: the
/// same matches, transpositions and arithmetic, but looking only inside
/// each character's window and, for short names, without allocating.
fn jaro_winkler(a: &[char], b: &[char]) -> f64 {
    if a.len() > SHORT_NAME || b.len() > SHORT_NAME {
        return strsim::jaro_winkler(&a.iter().collect::<String>(), &b.iter().collect::<String>());
    }
    let (a_len, b_len) = (a.len(), b.len());
    if a_len == 0 && b_len == 0 {
        return 1.0;
    } else if a_len == 0 || b_len == 0 {
        return 0.0;
    }
    let range = (a_len.max(b_len) / 2).saturating_sub(1);
    let mut a_flags = [false; SHORT_NAME];
    let mut b_flags = [false; SHORT_NAME];
    let mut matches = 0_usize;
    for (i, x) in a.iter().enumerate() {
        let low = i.saturating_sub(range);
        let high = b_len.min(i + range + 1);
        for j in low..high {
            if !b_flags[j] && b[j] == *x {
                a_flags[i] = true;
                b_flags[j] = true;
                matches += 1;
                break;
            }
        }
    }
    if matches == 0 {
        return 0.0;
    }
    let mut transpositions = 0_usize;
    let mut in_b = b.iter().zip(&b_flags).filter(|(_, f)| **f).map(|(c, _)| c);
    for (x, _) in a.iter().zip(&a_flags).filter(|(_, f)| **f) {
        if in_b.next().is_some_and(|y| y != x) {
            transpositions += 1;
        }
    }
    transpositions /= 2;
    let sim = ((matches as f64 / a_len as f64)
        + (matches as f64 / b_len as f64)
        + ((matches - transpositions) as f64 / matches as f64))
        / 3.0;
    if sim > 0.7 {
        let prefix = a.iter().take(4).zip(b).take_while(|(x, y)| x == y).count();
        sim + 0.1 * prefix as f64 * (1.0 - sim)
    } else {
        sim
    }
}

/// Fingerprints of some of a vault's notes, from [`Vault::prints_of`].
pub struct PrintList<'v> {
    /// Those in memory, in note order.
    pub held: Vec<(NoteId, Cow<'v, Fingerprint>)>,
    /// Those in the vault's file of them, in file order.
    filed: Vec<(NoteId, vaultlint_syntax::prints::PrintAt)>,
    prints: &'v vaultlint_syntax::prints::Prints,
}

impl PrintList<'_> {
    /// Calls `each` with every fingerprint (each once), a batch at a time.
    pub fn scan(&self, mut each: impl FnMut(&[(NoteId, Cow<'_, Fingerprint>)])) {
        if !self.held.is_empty() {
            each(&self.held);
        }
        self.scan_filed(each);
    }

    /// [`PrintList::scan`] of those filed alone.
    pub fn scan_filed(&self, mut each: impl FnMut(&[(NoteId, Cow<'_, Fingerprint>)])) {
        self.prints.scan(&self.filed, |batch| {
            let batch: Vec<_> = batch.into_iter().map(|(id, print)| (id, Cow::Owned(print))).collect();
            each(&batch);
        });
    }
}

#[cfg(test)]
mod tests {
    /// A record named by its number (`0118`, `SIMD-0118`) is the one note
    /// whose name that number opens.
    #[test]
    fn a_record_number_names_the_note_it_opens() {
        let v = vault(&[("proposals/0118-partitioned-rewards.md", ""), ("proposals/1180-other.md", "")]);
        let close = |wanted: &str| {
            let found = v.close_names(wanted, &mut usize::MAX.clone(), &mut None).unwrap_or_default();
            found.iter().map(|&id| v.notes[id].path.clone()).collect::<Vec<_>>()
        };
        assert_eq!(close("0118"), ["proposals/0118-partitioned-rewards.md"]);
        assert_eq!(close("SIMD-0118"), ["proposals/0118-partitioned-rewards.md"]);
        assert_eq!(close("1180"), ["proposals/1180-other.md"]);
    }

    /// Paths one but for case or Unicode form are paired, each pair once;
    /// a crowd of such paths, which no rename makes, is not.
    #[test]
    fn case_variants_are_paired_unless_a_crowd() {
        let v = vault(&[
            ("Goals/Q1.md", ""),
            ("goals/q1.md", ""),
            ("caf\u{e9}.md", ""),
            ("cafe\u{301}.md", ""),
            ("other.md", ""),
        ]);
        let mut pairs: Vec<(String, String)> = v
            .case_variants()
            .iter()
            .map(|&(a, b)| (v.notes[a].path.clone(), v.notes[b].path.clone()))
            .collect();
        pairs.sort();
        assert_eq!(pairs.len(), 2, "{pairs:?}");
        assert!(pairs.contains(&("Goals/Q1.md".to_string(), "goals/q1.md".to_string())), "{pairs:?}");
        let (a, b) = v.case_variants()[0];
        assert!(v.case_variant(a, b) && !v.case_variant(a, a));
        // Nine spellings of one path, 36 pairs: left out.
        let spellings: Vec<String> = (0..9u32)
            .map(|bits| {
                (0..4).map(|i| if bits >> i & 1 == 1 { 'A' } else { 'a' }).collect::<String>() + ".md"
            })
            .collect();
        let crowd: Vec<(&str, &str)> = spellings.iter().map(|p| (p.as_str(), "")).collect();
        assert!(vault(&crowd).case_variants().is_empty());
    }

    /// The window-only, allocation-free Jaro-Winkler gives strsim's score
    /// to the bit, on names alike and unalike, short and long.
    #[test]
    fn jaro_winkler_is_strsim_s() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let alphabet: Vec<char> = "abcab-é0 ".chars().collect();
        for _ in 0..20_000 {
            let max = if next() % 10 == 0 { 90 } else { 14 };
            let mut word = || -> String {
                let len = next() % max;
                (0..len).map(|_| alphabet[(next() % alphabet.len() as u64) as usize]).collect()
            };
            let (a, b) = (word(), word());
            let (ca, cb): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            let ours = super::jaro_winkler(&ca, &cb);
            assert_eq!(ours.to_bits(), strsim::jaro_winkler(&a, &b).to_bits(), "{a:?} {b:?}");
            if !super::may_be_close(ca.len(), cb.len()) {
                assert!(ours < 0.85, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn a_note_put_in_place_is_indexed_as_a_vault_built_anew() {
        let note = |path: &str, aliases: &str| {
            vaultlint_syntax::note::Note::parse(path.into(), &format!("---\naliases: [{aliases}]\n---\n"))
        };
        let notes = || vec![note("a.md", "Spending, Rules"), note("b.md", "Rules"), note("c.md", "")];
        let mut put = Vault::from_notes("/v".into(), notes());
        put.put(note("a.md", "Travel"));
        put.put(note("c.md", "Rules, Spending"));
        let mut changed = notes();
        changed[0] = note("a.md", "Travel");
        changed[2] = note("c.md", "Rules, Spending");
        let built = Vault::from_notes("/v".into(), changed);
        for name in ["[[Spending]]", "[[Rules]]", "[[Travel]]", "[[a]]", "[[c]]"] {
            assert_eq!(put.resolve(1, name), built.resolve(1, name), "{name}");
        }
        put.put(note("d.md", "Travel"));
        assert!(matches!(put.resolve(1, "[[Travel]]"), Resolution::Ambiguous { total: 2, .. }));
        put.remove("a.md");
        assert_eq!(put.resolve(0, "[[Travel]]"), Resolution::Note(put.id_of("d.md").unwrap()));
    }

    /// Notes put all at once are indexed as a vault built anew, and as
    /// notes put one by one: those at a path the vault has replace its
    /// note, the rest are added, the last of two at one path kept.
    #[test]
    fn notes_put_all_at_once_are_indexed_as_a_vault_built_anew() {
        let note = |path: &str, aliases: &str| {
            vaultlint_syntax::note::Note::parse(path.into(), &format!("---\naliases: [{aliases}]\n---\n"))
        };
        let notes = || vec![note("b.md", "Rules"), note("d.md", "")];
        let put = || {
            vec![
                note("e.md", "First"),
                note("b.md", "Travel"),
                note("a.md", "Rules"),
                note("e.md", "Spending"),
            ]
        };
        let mut all = Vault::from_notes("/v".into(), notes());
        assert!(all.put_all(put()));
        let mut one_by_one = Vault::from_notes("/v".into(), notes());
        for note in put().into_iter().take(3) {
            one_by_one.put(note);
        }
        one_by_one.put(note("e.md", "Spending"));
        let built = Vault::from_notes(
            "/v".into(),
            vec![note("a.md", "Rules"), note("b.md", "Travel"), note("d.md", ""), note("e.md", "Spending")],
        );
        let paths = |v: &Vault| v.notes.iter().map(|n| n.path.clone()).collect::<Vec<_>>();
        assert_eq!(paths(&all), paths(&built));
        assert_eq!(paths(&one_by_one), paths(&built));
        for name in ["[[Rules]]", "[[Travel]]", "[[Spending]]", "[[First]]", "[[a]]", "[[e]]", "[[d]]"] {
            assert_eq!(all.resolve(2, name), built.resolve(2, name), "{name}");
            assert_eq!(one_by_one.resolve(2, name), built.resolve(2, name), "{name}");
        }
        assert!(!all.put_all([note("d.md", "")]), "nothing new, no alias changed");
    }

    use super::*;

    fn vault(files: &[(&str, &str)]) -> Vault {
        let notes = files.iter().map(|(p, t)| Note::parse(p.to_string(), t)).collect();
        Vault::from_notes(PathBuf::from("/v"), notes)
    }

    /// Three values naming a note beside them by bare file name make that
    /// the vault's way; a note edited into or out of it says so, so that
    /// every other value is resolved again.
    #[test]
    fn names_beside_are_learned_again_when_a_declaration_changes() {
        let declaring = |to: &str| format!("---\nsuperseded_by: {to}\n---\n");
        let (a, b, c) = (declaring("a2.md"), declaring("b2.md"), declaring("c2.md"));
        let files = [("s/a1.md", a.as_str()), ("s/a2.md", ""), ("s/b1.md", b.as_str()), ("s/b2.md", "")];
        let mut v = vault(&[files[0], files[1], files[2], files[3], ("s/c1.md", ""), ("s/c2.md", "")]);
        let a1 = v.id_of("s/a1.md").unwrap();
        assert!(matches!(v.resolve(a1, "a2.md"), Resolution::Missing { .. }));
        assert!(v.put(Note::parse("s/c1.md".into(), &c)), "the third makes the convention");
        assert_eq!(v.resolve(a1, "a2.md"), Resolution::Note(v.id_of("s/a2.md").unwrap()));
        assert!(!v.put(Note::parse("s/c1.md".into(), &c)), "the same declaration changes nothing");
        assert!(v.put(Note::parse("s/c1.md".into(), "")), "two are no convention");
        assert!(matches!(v.resolve(a1, "a2.md"), Resolution::Missing { .. }));
    }

    #[test]
    fn an_index_counts_its_names_and_gives_notes_in_order() {
        let mut index = Index::of(vec![Entry::new("b", 3), Entry::new("a", 2), Entry::new("b", 1)]);
        let notes = |index: &Index, name| index.get(name).iter().map(Entry::note).collect::<Vec<_>>();
        assert_eq!((notes(&index, "b"), notes(&index, "a"), index.len()), (vec![1, 3], vec![2], 2));
        index.insert("b", 3);
        index.insert("c", 0);
        assert_eq!((notes(&index, "b"), index.len()), (vec![1, 3], 3));
        index.remove("b", 1);
        index.remove("a", 2);
        index.remove("a", 2);
        assert_eq!((notes(&index, "b"), notes(&index, "a"), index.len()), (vec![3], vec![], 2));
    }

    #[test]
    fn an_index_updated_in_place_finds_what_one_built_anew_finds() {
        let names: Vec<String> = (0..1000).map(|i| format!("note {i}")).collect();
        let mut index = Index::of(names.iter().enumerate().map(|(id, n)| Entry::new(n, id)).collect());
        assert!(index.bits > 0);
        index.insert("new", 7);
        index.insert("note 5", 9);
        index.remove("note 6", 6);
        let mut entries: Vec<Entry> = names.iter().enumerate().map(|(id, n)| Entry::new(n, id)).collect();
        entries.extend([Entry::new("new", 7), Entry::new("note 5", 9)]);
        entries.retain(|e| *e != Entry::new("note 6", 6));
        let built = Index::of(entries);
        for name in names.iter().map(String::as_str).chain(["new", "gone"]) {
            assert_eq!(index.get(name), built.get(name), "{name}");
        }
        assert_eq!((index.len(), index.entries.len()), (built.len(), built.entries.len()));
    }

    #[test]
    fn normalize_paths() {
        assert_eq!(normalize("a/b", "../c.md").as_deref(), Some("a/c.md"));
        assert_eq!(normalize("a", "./x/./y.md").as_deref(), Some("a/x/y.md"));
        assert_eq!(normalize("a", "../../x.md"), None);
    }

    #[test]
    fn document_numbers_as_proposals_write_them() {
        assert_eq!(numbered("FIP-0090"), Some(("FIP", 90)));
        assert_eq!(numbered("0015"), Some(("", 15)));
        assert_eq!(numbered("bip0009"), Some(("bip", 9)));
        assert_eq!(numbered("eip_1559"), Some(("eip", 1559)));
        for not in ["FIP-OO35", "-15", "fip--15", "1234567", "notes", "v2.1", "fip-15a", "toolonglabel-1"] {
            assert_eq!(numbered(not), None, "{not}");
        }
        let v = vault(&[("eips/eip-1559.md", ""), ("eips/eip-2718.md", ""), ("notes/2024.md", "")]);
        assert_eq!(v.resolve(1, "1559"), Resolution::Note(0));
        assert_eq!(v.resolve(2, "EIP-01559"), Resolution::Note(0));
        // A bare number from a note that has none is a path, and missing.
        assert!(matches!(v.resolve(2, "1559"), Resolution::Missing { .. }));
    }

    #[test]
    fn resolves_each_form() {
        let v = vault(&[
            ("hr/expenses.md", "---\naliases: [Spending rules]\n---\n"),
            ("hr/old.md", ""),
            ("eng/README.md", ""),
            ("ops/README.md", ""),
        ]);
        let old = v.id_of("hr/old.md").unwrap();
        let exp = Resolution::Note(v.id_of("hr/expenses.md").unwrap());
        for value in [
            "hr/expenses.md",
            "hr/expenses",
            "/hr/expenses.md",
            "./expenses.md",
            "../hr/expenses.md",
            "hr\\expenses.md",
            "[[expenses]]",
            "[[Expenses|the rules]]",
            "[[hr/expenses#Limits]]",
            "[[spending rules]]",
            "[Rules](expenses.md)",
        ] {
            assert_eq!(v.resolve(old, value), exp, "{value}");
        }
        assert!(
            matches!(v.resolve(old, "[[README]]"), Resolution::Ambiguous { first, total: 2 } if first.len() == 2)
        );
        assert_eq!(v.resolve(old, "../../x.md"), Resolution::Outside);
        // A bare file name no root note has is a slip where the vault does
        // not name successors so.
        assert!(matches!(v.resolve(old, "expenses.md"), Resolution::Missing { .. }));
        assert_eq!(
            v.resolve(old, "hr/expenses-2026"),
            Resolution::Missing { wanted: "hr/expenses-2026.md".into(), by_name: false }
        );
    }
}
