//! What the pass knows of a note: a [`Brief`] of its name, made at the
//! start for the series and the name groups and not kept, and the
//! [`Facts`] of the notes in candidate pairs, with what the vault's
//! templates gave them left out ([`Boilerplate`]).

use super::direction::Age;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use vaultlint_model::vault::{NoteId, Vault};
use vaultlint_syntax::names::{self, Marker, Normalized, PathInfo};
use vaultlint_syntax::note::Note;

/// Whether the pass looks at a note: not at a template, which is never a
/// version of anything, nor at a note without a fingerprint.
pub(super) fn looked_at(vault: &Vault, id: NoteId) -> bool {
    vault.notes[id].print.is_some() && !vault.is_template(id) && !drawing(vault.notes[id].stem())
}

/// Whether a note is a drawing the Excalidraw plugin keeps as Markdown
/// (`Drawing 2023-09-15 10.53.21.excalidraw.md`): its text is the plugin's
/// frame and the scene's data, which every drawing shares, not writing.
fn drawing(stem: &str) -> bool {
    stem.len() > ".excalidraw".len()
        && stem
            .get(stem.len() - ".excalidraw".len()..)
            .is_some_and(|end| end.eq_ignore_ascii_case(".excalidraw"))
}

/// What the pass needs of a note's name before it knows which notes it
/// compares: the periodic series, the numbered series and the name groups.
/// Made in one pass at the start, each name read at most once and only
/// where one of those needs it (reading every name takes long), and let
/// go of once they are made. [`Facts`] are made for the candidates' notes.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Brief {
    /// The name key of a periodic note, to count its series by.
    pub periodic: Option<Box<str>>,
    /// How a name holding a number stands in a numbered series.
    pub ordinal: Option<Box<Ordinal>>,
    /// The group keys ([`names::group_keys`]) of a note that shares one
    /// of their hashes with another note: what tells a shared key from a
    /// shared hash.
    pub keys: Option<Box<[Option<String>; 2]>>,
}

/// A name holding numbers, as a numbered series sees it.
#[derive(Debug, PartialEq)]
pub(super) struct Ordinal {
    /// The hash of the key the series' names share ([`names::ordinal_key`]),
    /// not the key: a vault of numbered notes would hold one for every note.
    pub key: u64,
    /// The name's numbers, in order.
    pub numbers: Vec<u64>,
    /// Whether the name says `v2` or `version 2`.
    pub version: bool,
}

/// Whether a name says which version of a document the note is (`guide
/// v2`, `guide version 2`). A name that is nothing but a version
/// (`v1.4.15.md` among a folder of release notes) names an entry of a
/// log, as a number alone does.
fn names_a_version(path: &names::PathInfo) -> bool {
    !path.name.key.is_empty() && path.name.markers.iter().any(|m| matches!(m, Marker::Version { .. }))
}

impl Brief {
    /// The brief of the note `id`, which the pass looks at; `grouped`
    /// when another note shares the hash of one of its group keys. The
    /// note's grouping, kept from reading, says whether its name is dated.
    pub fn of(vault: &Vault, id: NoteId, grouped: bool) -> Brief {
        let note = &vault.notes[id];
        let periodic = note.grouping.dated() || vault.config.obsidian.series_of(&note.path).is_some();
        let numbered = note.stem().bytes().any(|b| b.is_ascii_digit());
        if !(periodic || numbered || grouped) {
            return Brief::default();
        }
        let path = names::path_info(&note.path, note.stem());
        let ordinal = names::ordinal_key(&path, note.stem()).map(|(key, numbers)| {
            Box::new(Ordinal { key: names::key_hash(&key), numbers, version: names_a_version(&path) })
        });
        let keys = grouped.then(|| Box::new(names::group_keys(&path, &names::normalize(&note.title))));
        Brief { periodic: periodic.then(|| path.name.key.into()), ordinal, keys }
    }
}

/// Whether the folders of two notes of one file name (or a name and its
/// numbered copy) hold no other file name in common: a note moved or
/// copied to another folder, its first copy left, not a page of each of
/// two folders made alike (one per team, project or release), which share
/// several names. Generic names (`README`, `index`) count for neither. A
/// folder too large to look through is taken to be one made alike.
pub(super) fn only_name_in_common(vault: &Vault, a: &Note, b: &Note) -> bool {
    /// The most notes looked through, so that a pair in a folder of a
    /// hundred thousand costs no more than one in a folder of a few.
    const MOST: usize = 4096;
    let under = |folder: &str| {
        let prefix = if folder.is_empty() { String::new() } else { format!("{folder}/") };
        (prefix, vault.notes_under(folder))
    };
    let ((pa, na), (pb, nb)) = (under(a.folder()), under(b.folder()));
    let ((small, notes), other) = if na.len() <= nb.len() { ((pa, na), pb) } else { ((pb, nb), pa) };
    if notes.len() > MOST {
        return false;
    }
    let ours = |stem: &str| stem.eq_ignore_ascii_case(a.stem()) || stem.eq_ignore_ascii_case(b.stem());
    !notes.iter().any(|note| {
        let name = &note.path[small.len()..];
        !name.contains('/')
            && !ours(note.stem())
            && !names::normalize(note.stem()).is_generic()
            && vault.id_of(&format!("{other}{name}")).is_some()
    })
}

/// The keys that say when a note was made, not when what it holds was.
const CAPTURED: [&str; 4] = ["created", "creation_date", "slurped", "clipped"];

/// What the detector knows of one note.
pub(super) struct Facts<'a> {
    pub note: &'a Note,
    pub path: PathInfo,
    pub title: Normalized,
    /// Whether `title` names the note: not a heading many notes open
    /// with, nor an opening heading that neither shares a word with the
    /// note's name nor is held by an alias, nor one in a vault whose
    /// opening headings are sections'. A note with no title has its file
    /// name for one.
    pub title_counts: bool,
    /// Whether the note is filed under a folder named for a version
    /// (`v2.3/`, `version-2.0/`), a recognised release root or not.
    pub in_version_folder: bool,
    pub tags: Vec<String>,
    /// Whether as many notes as [`COMMON_TAG_SET`] carry the note's tags:
    /// then they file a subject, not one document.
    pub tags_common: bool,
    pub language: Option<String>,
    /// How many distinct shingles the body has (see
    /// [`vaultlint_syntax::fingerprint::Fingerprint::size`]). The
    /// fingerprint itself is fetched again for each pair scored: held for
    /// every candidate's note, at a million notes they took 80 MB.
    pub size: u32,
    /// The outline, less the templates' headings.
    pub headings: Vec<u32>,
    /// The configured periodic series the note belongs to, if any.
    pub series: Option<usize>,
    /// Whether its name numbers it among siblings (`RAID 1` beside `RAID
    /// 0` and `RAID 5`): then a trailing ` 1` is not a clash copy's.
    pub numbered: bool,
    /// Where the note says it applies: two notes for different places are
    /// not versions of one document.
    pub scope: &'a vaultlint_syntax::scope::Scope,
    /// The note's aliases that at most one other note holds, each as a
    /// name key and as written: two notes answering to one name no third
    /// note has are one document filed twice (a page made again under a
    /// new file name).
    pub rare_aliases: Vec<(String, &'a str)>,
    /// The day the note's folder is named for (`2026-08-20/`), where its
    /// own name carries no date: a note filed under its day is dated by it.
    pub dated_folder: Option<Marker>,
    /// A folder on the note's path named as another with a word of age
    /// (`Roadmap-New/` beside `Roadmap/`, `Old handbook/`), its depth,
    /// and that word as a marker: see [`Facts::age`].
    pub aged_folder: Option<(usize, Marker)>,
    /// Whether the note is a record of a dated log: in a folder the vault
    /// keeps as one ([`Boilerplate::dated_logs`]), named as its records
    /// are ([`named_subject_then_day`]).
    pub in_dated_log: bool,
}

/// The first folder of `note`'s path named with a word of age and words
/// of its own (`Roadmap-New`, `handbook (old)`), with its depth and that
/// word as a marker (`-New`). A folder named by the word alone
/// (`archive/`) is one [`names::path_info`] reads already.
fn aged_folder(note: &Note) -> Option<(usize, Marker)> {
    let folders = note.folder().split('/').filter(|f| !f.is_empty());
    folders.enumerate().find_map(|(depth, folder)| {
        if !folder.bytes().any(|b| b.is_ascii_alphabetic()) || names::older_folder(folder) {
            return None;
        }
        let name = names::normalize(folder);
        let [word] = &name.markers[..] else { return None };
        let aged = matches!(word, Marker::Older { .. } | Marker::Newer { .. });
        (aged && !name.key.is_empty()).then(|| (depth, word.clone()))
    })
}

/// Whether `other` sits in a sibling of the folder at `depth` on `path`
/// named as it is but for its word of age (`Mark/Roadmap/` beside
/// `Mark/Roadmap-New/`).
fn in_unaged_sibling(path: &str, depth: usize, other: &str) -> bool {
    let (mine, theirs): (Vec<&str>, Vec<&str>) = (path.split('/').collect(), other.split('/').collect());
    if theirs.len() <= depth + 1 || mine[..depth] != theirs[..depth] {
        return false;
    }
    let (a, b) = (names::normalize(mine[depth]), names::normalize(theirs[depth]));
    mine[depth] != theirs[depth] && a.key == b.key && b.markers.is_empty()
}

/// The day `note`'s own folder is named for, as a marker, where the
/// note's own name carries no date.
fn dated_folder(note: &Note, path: &PathInfo) -> Option<Marker> {
    if path.name_markers().iter().any(|m| matches!(m, Marker::Date { .. } | Marker::Week { .. })) {
        return None;
    }
    let folder = note.folder().rsplit('/').next()?;
    let day = vaultlint_core::date::parse_day(folder)?;
    Some(Marker::Date { day, text: format!("{folder}/") })
}

/// The aliases of `note`, as name keys and as written, that at most one
/// other note of the vault holds, leaving out those that say nothing
/// (`index`, a date). None for a note named by a generated id (a UUID, as
/// a knowledge base built from records names each): two ids are two
/// records, whatever name they share.
fn rare_aliases<'a>(vault: &Vault, note: &'a Note) -> Vec<(String, &'a str)> {
    if names::holds_uuid(note.stem()) {
        return Vec::new();
    }
    let mut keys: Vec<(String, &str)> = (note.aliases().iter())
        .filter(|alias| vault.alias_holders(alias) <= 2)
        .map(|alias| (names::normalize(alias), alias.as_str()))
        .filter(|(name, _)| !name.key.is_empty() && !name.is_generic())
        .map(|(name, alias)| (name.key, alias))
        .collect();
    // By key, and for one key the alias written first.
    keys.sort_by(|x, y| x.0.cmp(&y.0));
    keys.dedup_by(|x, y| x.0 == y.0);
    keys
}

impl<'a> Facts<'a> {
    /// What the detector knows of a note; `None` for a template, which is
    /// never a version of anything, and for a note without a fingerprint.
    pub fn of(vault: &'a Vault, id: NoteId, boilerplate: &Boilerplate) -> Option<Facts<'a>> {
        if !looked_at(vault, id) {
            return None;
        }
        let note = &vault.notes[id];
        let fingerprint = vault.print(id)?;
        let mut path = names::path_info(&note.path, note.stem());
        path.name.common = note.grouping.keys()[0].is_some_and(|h| boilerplate.names.contains(&h));
        if !boilerplate.subject_words.is_empty() {
            path.without_words(&boilerplate.subject_words);
        }
        let tags = own_tags(note, boilerplate);
        let tags_common = !tags.is_empty() && boilerplate.tag_sets.contains(&tag_set_hash(&tags));
        let own = fingerprint.headings().iter().copied();
        let headings = own.filter(|h| boilerplate.headings.binary_search(h).is_err()).collect();
        let language = note
            .fields
            .iter()
            .find(|f| matches!(f.key.as_ref(), "lang" | "language"))
            .and_then(|f| f.value.scalar_text())
            .map(|l| l.trim().to_lowercase())
            .or_else(|| path.language.clone());
        let mut title = names::normalize(&note.title);
        title.without_words(&boilerplate.subject_words, usize::MAX);
        let common = note.grouping.keys()[1].is_some_and(|h| boilerplate.titles.contains(&h));
        // An opening heading that shares nothing with its note's name, and
        // that no alias of the note holds, opens a section (`Vacation.md`
        // and `Working hours.md` opening with `# Minors`), even where most
        // headings name their notes; a person's page named by an account
        // (`dybrawin.md`) is titled by the person, whom an alias names.
        let aliased = || note.aliases().iter().any(|a| names::normalize(a).key == title.key);
        let named_by_heading =
            !note.heading_title || boilerplate.headings_name_notes && (names_note(note) || aliased());
        let title_counts = !common && named_by_heading;
        Some(Facts {
            note,
            title,
            title_counts,
            in_version_folder: in_version_folder(note),
            series: vault.config.obsidian.series_of(&note.path),
            numbered: false,
            scope: note.scope(),
            tags,
            tags_common,
            language,
            size: fingerprint.size(),
            headings,
            rare_aliases: rare_aliases(vault, note),
            dated_folder: dated_folder(note, &path),
            aged_folder: aged_folder(note),
            in_dated_log: boilerplate.dated_logs.contains(note.folder()) && named_subject_then_day(note),
            path,
        })
    }

    /// Whether the note has a title of its own: one that counts and is
    /// not its file name again.
    pub fn titled(&self) -> bool {
        self.title_counts && self.title.key != self.path.name.key
    }

    /// What is known of the note's age beside `other`. A version marker
    /// is evidence only where the two names (or titles) are the same once
    /// markers are out, or a date or version in a file name beside a name
    /// with no marker at all (`deploy-2024` beside `deploy-build`): in `SNMP v1` beside
    /// `SNMP v3 traps`, or `Paper (ICB 2019)` beside `Other paper (ICCV
    /// 2020)`, the marker is the subject, not the time.
    pub fn age(&self, committed: Option<i64>, other: &Facts) -> Age<'_> {
        // Two clips of one page: its `date` is the page's, when it was
        // published, in each; when each note was made, where both say it
        // (`created`, `slurped`), is what orders them.
        let one_page = match (self.note.source_url(), other.note.source_url()) {
            (Some(x), Some(y)) => super::exclusions::page_address(x) == super::exclusions::page_address(y),
            _ => false,
        };
        let made = |note: &Note| CAPTURED.iter().any(|key| note.date(key).is_some());
        let page_dated = one_page && made(self.note) && made(other.note);
        let dates = vaultlint_syntax::keys::version_dates()
            .filter(|&key| !(page_dated && key == "date"))
            .filter_map(|key| Some((key, self.note.date(key)?)))
            .collect();
        let name = &self.path.name;
        let same = name.key == other.path.name.key;
        // Beside a name with no marker, a date or number in this one's
        // file name still tells; a word (`copy buttons`, `the new way`)
        // in a different name is the subject.
        let alone = other.path.name.markers.is_empty();
        let dated =
            |m: &&Marker| matches!(m, Marker::Date { .. } | Marker::Week { .. } | Marker::Version { .. });
        // A name that is nothing but markers (`old.md`) says only that.
        let bare = name.key.is_empty();
        // A folder that files old copies (`OLD/`, `archive/`) says so of
        // a note renamed there too, where the other note is in none and
        // sits beside that folder (in the folder holding it, or below):
        // the project's old copies put aside within the project; or where
        // the two have one title of their own (a course's `assignments/`
        // page and its copy under `meta/legacy/`).
        let titles = !self.title.key.is_empty() && self.title.key == other.title.key;
        let theirs = other.path.folder_markers();
        // The index page of a folder (`archived/index.md`, the page on old
        // releases) is named by it: that folder is its subject, not where
        // it was put aside.
        let folder_name = self.note.folder().rsplit('/').next().unwrap_or_default();
        let names_it = |m: &Marker| {
            name.is_generic() && m.text().trim_end_matches('/').eq_ignore_ascii_case(folder_name)
        };
        let filed_old = |i: usize, m: &Marker| {
            i >= self.path.own_markers
                && matches!(m, Marker::Older { .. })
                && !names_it(m)
                && !theirs.iter().any(|o| matches!(o, Marker::Older { .. }))
                && (titles && self.titled() && other.titled()
                    || beside_folder(&self.note.path, m.text(), &other.note.path))
        };
        // A clash copy's number (`Lori (1)`) is given where a file of that
        // name is already in the folder: beside a note of another folder it
        // says nothing of which was made first (a sync plugin's second
        // note of one name, beside the first note's copy elsewhere).
        let apart = self.note.folder() != other.note.folder();
        let names = name.markers.iter().enumerate().filter(move |(i, m)| {
            same || alone && *i < self.path.own_markers && (bare || dated(m)) || filed_old(*i, m)
        });
        // A note filed under its day (`2026-08-20/paper.md`) beside one whose
        // name is dated: its folder's day is its date.
        let other_dated = other.path.name_markers().iter().any(|m| matches!(m, Marker::Date { .. }));
        let folder_day = self.dated_folder.iter().filter(|_| other_dated);
        // A folder named as the other's but for a word of age (`Roadmap-New/`
        // beside `Roadmap/`) says which of its notes' copies is which.
        let aged = self
            .aged_folder
            .iter()
            .filter(|(depth, _)| in_unaged_sibling(&self.note.path, *depth, &other.note.path));
        let markers = names
            .map(|(_, m)| m)
            .chain(self.title.markers.iter().filter(|_| titles))
            .filter(|m| !(apart && m.is_copy_number()))
            .chain(folder_day)
            .chain(aged.map(|(_, m)| m))
            .collect();
        // An alias that is the other note's file name (a generic one such
        // as `README` aside) and not an alias of the other too: a page
        // listing every handle of a person (`alice`, `alice-work`) on each
        // of the person's pages names no rename.
        let fold = |text: &str| vaultlint_core::text::fold(text.trim());
        let named_by = |alias: &&String, of: &Facts| {
            fold(alias) == fold(of.note.stem())
                && !of.note.aliases().iter().any(|own| fold(own) == fold(alias))
        };
        let keeps_name_of_other = (!other.path.name.is_generic()
            && !vaultlint_core::text::fold(self.note.stem())
                .eq(&vaultlint_core::text::fold(other.note.stem())))
        .then(|| self.note.aliases().iter().find(|alias| named_by(alias, other)))
        .flatten()
        .map(String::as_str);
        let says_retired = self.note.retired_in_text().is_some();
        Age { dates, markers, committed, modified: self.note.modified, keeps_name_of_other, says_retired }
    }

    /// Whether the note is one of a periodic series: configured as one,
    /// or with a day, week, month or quarter in its name.
    pub fn periodic(&self) -> bool {
        self.series.is_some() || self.path.name.markers.iter().any(Marker::is_period)
    }
}

/// The facts of every note in a candidate pair, by note; `None` elsewhere.
pub(super) fn facts_of_candidates<'a>(
    candidates: &[(u32, u32)],
    notes: usize,
    facts_of: &(dyn Fn(NoteId) -> Option<Facts<'a>> + Sync),
) -> Vec<Option<Box<Facts<'a>>>> {
    let mut ids: Vec<NoteId> = candidates.iter().flat_map(|&(a, b)| [a as NoteId, b as NoteId]).collect();
    ids.par_sort_unstable();
    ids.dedup();
    let made: Vec<(NoteId, Option<Facts>)> = ids.into_par_iter().map(|id| (id, facts_of(id))).collect();
    let mut facts: Vec<Option<Box<Facts>>> = std::iter::repeat_with(|| None).take(notes).collect();
    for (id, f) in made {
        facts[id] = f.map(Box::new);
    }
    facts
}

/// The note's tags, lower-cased, sorted, each once, less those its
/// template gave it: what a template gave tells nothing about which
/// document a note is.
fn own_tags(note: &Note, boilerplate: &Boilerplate) -> Vec<String> {
    let mut tags: Vec<String> =
        note.tags().map(str::to_lowercase).filter(|t| !boilerplate.tags.contains(t)).collect();
    tags.sort();
    tags.dedup();
    tags
}

/// One hash for a set of [`own_tags`], to count notes by.
fn tag_set_hash(tags: &[String]) -> u64 {
    names::key_hash(&tags.join("\n"))
}

/// The hashes of the tag sets (see [`own_tags`]) that [`COMMON_TAG_SET`]
/// notes or more of those `looked_at` carry.
pub(super) fn common_tag_sets(vault: &Vault, looked_at: &[bool], boilerplate: &Boilerplate) -> HashSet<u64> {
    let mut hashes: Vec<u64> = (0..vault.notes.len())
        .into_par_iter()
        .filter(|&id| looked_at[id] && vault.notes[id].tags().next().is_some())
        .filter_map(|id| {
            let tags = own_tags(&vault.notes[id], boilerplate);
            (!tags.is_empty()).then(|| tag_set_hash(&tags))
        })
        .collect();
    hashes.par_sort_unstable();
    hashes.chunk_by(|a, b| a == b).filter(|run| run.len() >= COMMON_TAG_SET).map(|run| run[0]).collect()
}

/// A tag set this many notes carry files a subject (`hardware`,
/// `electricity` on fifty notes of a Zettelkasten), and two notes that
/// share it are of one subject, not one document for it.
pub(super) const COMMON_TAG_SET: usize = 5;

/// Whether `other` is in the folder that holds the folder `marked` (as a
/// marker quotes it, `OLD/`) on the way to `path`, or below it.
fn beside_folder(path: &str, marked: &str, other: &str) -> bool {
    let name = marked.trim_end_matches('/');
    let mut start = 0;
    for folder in path.split('/') {
        if folder.eq_ignore_ascii_case(name) {
            return other.starts_with(&path[..start]);
        }
        start += folder.len() + 1;
    }
    false
}

/// See [`Facts::in_version_folder`].
fn in_version_folder(note: &Note) -> bool {
    note.folder().split('/').any(|folder| {
        let n = names::normalize(folder);
        n.key.is_empty() && n.markers.iter().any(|m| matches!(m, Marker::Version { .. }))
    })
}

/// What the vault's templates give the notes made from them: their text,
/// headings and tags, which are boilerplate wherever they appear.
#[derive(Default)]
pub(super) struct Boilerplate {
    /// Sorted.
    pub shingles: Vec<u32>,
    /// Sorted.
    pub headings: Vec<u32>,
    pub tags: Vec<String>,
    /// The hashes of the tag sets many notes carry ([`common_tag_sets`]):
    /// learned from the vault, not its templates.
    pub tag_sets: HashSet<u64>,
    /// The hashes of the title keys that notes of [`COMMON_TITLE`]
    /// different names or more share: learned from the vault, not its
    /// templates.
    pub titles: HashSet<u64>,
    /// The hashes of the name keys borne in [`COMMON_NAME`] places or
    /// more: learned from the vault, names as generic as `README`.
    pub names: HashSet<u64>,
    /// Whether the headings this vault's notes open with name them (see
    /// [`headings_name_notes`]); where they do not, such a heading is a
    /// section's (`# Economy`, `# Table`), and no evidence of which
    /// document a note is.
    pub headings_name_notes: bool,
    /// The words of age (`backup`, `legacy`, `new`) the vault writes in the
    /// names of so many notes ([`SUBJECT_SHARE`]) that they are its subject,
    /// not the mark of a copy: learned from the vault.
    pub subject_words: Vec<String>,
    /// The folders the vault keeps as logs of dated records ([`dated_logs`]):
    /// learned from the vault, not from the folders' names.
    pub dated_logs: HashSet<String>,
}

/// At least this many notes directly in a folder, and half of those there,
/// named by their subject and then a day make it a log of dated records.
const DATED_LOG: usize = 10;

/// Whether a note is named by its subject and then the day it records
/// (`Raise the debt ceiling - March 9, 2020`, `Standup 2024-01-05`): the
/// day qualifies which of the subject's occasions the note is. A day the
/// name opens with (`2026-07-08-paper-title`) is how notes are filed by
/// the day they were written, and two such notes on one paper are one
/// note written twice.
pub(super) fn named_subject_then_day(note: &Note) -> bool {
    if !note.grouping.dated() {
        return false;
    }
    let stem = note.stem().trim_end();
    let name = names::normalize(stem);
    let last = name.markers.iter().rev().find(|m| matches!(m, Marker::Date { day, .. } if day.day != 0));
    let ends = last.is_some_and(|m| stem.ends_with(m.text().trim()));
    ends && !name.key.trim().is_empty()
}

/// The folders most of whose notes are named by their subject and the
/// day they record ([`named_subject_then_day`]: `governance/polls/`, a
/// folder of minutes), with [`DATED_LOG`] such notes or more: each note is
/// the record of its day, as a post is, and the next one on the same
/// subject is another record, not a version. Only the folders of notes
/// with a dated name are counted.
fn dated_logs(vault: &Vault) -> HashSet<String> {
    let mut dated: HashMap<&str, usize> = HashMap::new();
    for note in vault.notes.iter().filter(|n| !n.template && named_subject_then_day(n)) {
        *dated.entry(note.folder()).or_default() += 1;
    }
    dated
        .into_iter()
        // The folder's own notes are counted only for a folder with enough.
        .filter(|&(_, count)| count >= DATED_LOG)
        .filter(|&(folder, count)| {
            let prefix = folder.len() + usize::from(!folder.is_empty());
            let here = vault.notes_under(folder).iter().filter(|n| !n.path[prefix..].contains('/')).count();
            count * 2 >= here
        })
        .map(|(folder, _)| folder.to_string())
        .collect()
}

/// A word of age in the names of at least one note in this many (and of
/// [`SUBJECT_NOTES`] or more) is a subject of the vault: `backup` in the
/// names of 175 of a backup tool's 1,986 pages, where a vault's copies
/// carry such a word on a handful.
const SUBJECT_SHARE: usize = 50;
const SUBJECT_NOTES: usize = 20;

/// See [`Boilerplate::subject_words`].
fn subject_words(vault: &Vault) -> Vec<String> {
    let mut counts: HashMap<String, usize> = HashMap::new();
    for note in vault.notes.iter().filter(|n| !n.template) {
        let mut seen: Vec<String> = Vec::new();
        for word in
            note.stem().split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| (2..=10).contains(&w.len()))
        {
            let word = word.to_ascii_lowercase();
            if names::is_age_word(&word) && !seen.contains(&word) {
                seen.push(word);
            }
        }
        for word in seen {
            *counts.entry(word).or_default() += 1;
        }
    }
    let mut words: Vec<String> = counts
        .into_iter()
        .filter(|&(_, n)| n >= SUBJECT_NOTES && n * SUBJECT_SHARE >= vault.notes.len())
        .map(|(word, _)| word)
        .collect();
    words.sort_unstable();
    words
}

impl Boilerplate {
    pub fn of_templates(vault: &Vault) -> Boilerplate {
        let mut out = Boilerplate::default();
        for id in (0..vault.notes.len()).filter(|&id| vault.is_template(id)) {
            if let Some(f) = vault.print(id) {
                out.shingles.extend(f.known_shingles());
                out.headings.extend(f.headings());
            }
            out.tags.extend(vault.notes[id].tags().map(str::to_lowercase));
        }
        out.shingles.sort_unstable();
        out.headings.sort_unstable();
        out.headings_name_notes = headings_name_notes(vault);
        out.subject_words = subject_words(vault);
        out.dated_logs = dated_logs(vault);
        out
    }
}

/// At most this many notes are read to learn whether a vault's opening
/// headings name their notes: enough for the share, and no cost that grows
/// with the vault.
const HEADINGS_SAMPLED: usize = 2000;

/// Whether the headings the vault's notes open with name their notes: at
/// least half of them share a word with the note's file name, or hold it,
/// or are held by it. In a vault whose notes open with a section heading
/// (`China.md` opening with `# Economy`, `Graphing Sine Graphs.md` with
/// `# Table`) they do not, and two notes opening with one section
/// heading are not one document for it. Read on an even sample of those
/// notes, so the answer is the same whatever the thread count.
fn headings_name_notes(vault: &Vault) -> bool {
    // Counted first, so that the sample is taken without a list of them all.
    let titled = || vault.notes.iter().filter(|n| n.heading_title && !n.template);
    let step = titled().count().div_ceil(HEADINGS_SAMPLED).max(1);
    let sample = titled().step_by(step);
    let (naming, all) =
        sample.fold((0, 0), |(naming, all), n| (naming + usize::from(names_note(n)), all + 1));
    2 * naming >= all
}

/// Whether a note's title shares a word with its file name, holds it or
/// is held by it, letters and digits compared without case.
fn names_note(note: &Note) -> bool {
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
    };
    let (name, title) = (words(note.stem()), words(&note.title));
    let (joined_name, joined_title) = (name.concat(), title.concat());
    joined_name.contains(&joined_title)
        || joined_title.contains(&joined_name)
        || name.iter().any(|w| w.chars().count() > 1 && title.contains(w))
}

/// A title held by notes of this many different names or more is a
/// heading the vault's notes open with (`# Theorem`, `# Table`), not the
/// name of one document.
pub(super) const COMMON_TITLE: usize = 4;

/// A file name borne in this many places or more names a slot that each
/// folder of a structure fills (see [`super::candidates::KeyHashes::common_names`]).
/// A note copied or moved leaves its name in two or three.
pub(super) const COMMON_NAME: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;

    use std::path::PathBuf;

    fn vault(files: &[(&str, &str)]) -> Vault {
        let notes = files.iter().map(|(p, t)| Note::parse(p.to_string(), t)).collect();
        Vault::from_notes(PathBuf::from("/nonexistent"), notes)
    }

    #[test]
    fn a_brief_from_reading_is_what_the_facts_give() {
        let v = vault(&[
            ("handbook/archive/expenses-policy-2025.md", "---\ntitle: Expenses policy (2025)\n---\nText.\n"),
            ("handbook/expenses-policy.md", "# Expenses policy\n\nText.\n"),
            ("journal/2026-03-05.md", "Met the auditors.\n"),
            ("reviews/weekly review 2026-W10.md", "# Week 10\n\nShipped.\n"),
            ("fr/guide.fr.md", "---\ntitle: Guide\n---\nTexte.\n"),
            ("teams/a/index.md", "Team A.\n"),
            ("guides/guide v2.md", "# Guide\n\nText.\n"),
            ("no-title-no-body.md", ""),
        ]);
        let boilerplate = Boilerplate::of_templates(&v);
        for id in 0..v.notes.len() {
            let path = &v.notes[id].path;
            assert!(looked_at(&v, id), "{path}");
            let facts = Facts::of(&v, id, &boilerplate).unwrap();
            let brief = Brief::of(&v, id, true);
            assert_eq!(brief.periodic.as_deref(), facts.periodic().then_some(facts.path.name.key.as_str()));
            let ordinal = names::ordinal_key(&facts.path, facts.note.stem());
            let version = names_a_version(&facts.path);
            let ordinal =
                ordinal.map(|(key, numbers)| Ordinal { key: names::key_hash(&key), numbers, version });
            assert_eq!(brief.ordinal.as_deref(), ordinal.as_ref(), "{path}");
            let keys = names::group_keys(&facts.path, &facts.title);
            assert_eq!(brief.keys.as_deref(), Some(&keys), "{path}");
            // The hashes reading kept are those of the keys the facts give.
            let hashes = keys.each_ref().map(|k| k.as_deref().map(names::key_hash));
            assert_eq!(v.notes[id].grouping.keys(), hashes, "{path}");
            // A name nothing needs is not read.
            if brief.periodic.is_none() && brief.ordinal.is_none() {
                assert_eq!(Brief::of(&v, id, false), Brief::default(), "{path}");
            }
        }
        let periodic = (0..v.notes.len()).filter(|&id| Brief::of(&v, id, false).periodic.is_some());
        assert_eq!(periodic.count(), 2);
        let versions = (0..v.notes.len()).filter_map(|id| Brief::of(&v, id, false).ordinal);
        assert_eq!(versions.filter(|o| o.version).count(), 1);
    }
}
