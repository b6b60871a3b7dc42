//! What the pass knows of a note: a [`Brief`] of every note, made at the
//! start and not kept, and the [`Facts`] of the notes in candidate pairs,
//! with what the vault's templates gave them left out ([`Boilerplate`]).

use super::direction::Age;
use rayon::prelude::*;
use vaultlint_model::vault::{NoteId, Vault};
use vaultlint_syntax::names::{self, Marker, Normalized, PathInfo};
use vaultlint_syntax::note::Note;

/// What the detector knows of a note from reading alone, made for every
/// note at the start of the pass (whether it looks at the note, and the
/// periodic series) and not kept. [`Facts`] are made for the candidates'
/// notes alone.
#[derive(Debug, PartialEq)]
pub(super) struct Brief {
    /// The name key of a periodic note, to count its series by.
    pub periodic: Option<Box<str>>,
}

impl Brief {
    /// What [`Facts::of`] would give of the note `id`, from what reading
    /// it kept: the name is read again only for a periodic note, to count
    /// its series by.
    pub fn of(vault: &Vault, id: NoteId) -> Option<Brief> {
        let note = &vault.notes[id];
        if note.print.is_none() || vault.is_template(id) {
            return None;
        }
        let periodic = note.grouping.dated() || vault.config.obsidian.series_of(&note.path).is_some();
        Some(Brief { periodic: periodic.then(|| names::path_info(&note.path, note.stem()).name.key.into()) })
    }

    /// The keys whose hashes the note keeps (its grouping's, which name
    /// groups are made by), made again.
    pub fn keys_of(vault: &Vault, id: NoteId) -> [Option<String>; 2] {
        let note = &vault.notes[id];
        names::group_keys(&names::path_info(&note.path, note.stem()), &names::normalize(&note.title))
    }
}

/// What the detector knows of one note.
pub(super) struct Facts<'a> {
    pub note: &'a Note,
    pub path: PathInfo,
    pub title: Normalized,
    pub tags: Vec<String>,
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
    /// Where the note says it applies: two notes for different places are
    /// not versions of one document.
    pub scope: &'a vaultlint_syntax::scope::Scope,
}

impl<'a> Facts<'a> {
    /// What the detector knows of a note; `None` for a template, which is
    /// never a version of anything, and for a note without a fingerprint.
    pub fn of(vault: &'a Vault, id: NoteId, boilerplate: &Boilerplate) -> Option<Facts<'a>> {
        let note = &vault.notes[id];
        if note.print.is_none() || vault.is_template(id) {
            return None;
        }
        let fingerprint = vault.print(id)?;
        let path = names::path_info(&note.path, note.stem());
        // What a template gave the note tells nothing about which document it is.
        let mut tags: Vec<String> =
            note.tags().map(str::to_lowercase).filter(|t| !boilerplate.tags.contains(t)).collect();
        tags.sort();
        tags.dedup();
        let own = fingerprint.headings().iter().copied();
        let headings = own.filter(|h| boilerplate.headings.binary_search(h).is_err()).collect();
        let language = note
            .fields
            .iter()
            .find(|f| matches!(f.key.as_ref(), "lang" | "language"))
            .and_then(|f| f.value.scalar_text())
            .map(|l| l.trim().to_lowercase())
            .or_else(|| path.language.clone());
        let title = names::normalize(&note.title);
        Some(Facts {
            note,
            title,
            series: vault.config.obsidian.series_of(&note.path),
            scope: note.scope(),
            path,
            tags,
            language,
            size: fingerprint.size(),
            headings,
        })
    }

    /// What is known of the note's age beside `other`. A version marker
    /// is evidence only where the two names (or titles) are the same once
    /// markers are out, or a date or version in a file name beside a name
    /// with no marker at all (`deploy-2024` beside `deploy-build`): in `SNMP v1` beside
    /// `SNMP v3 traps`, or `Paper (ICB 2019)` beside `Other paper (ICCV
    /// 2020)`, the marker is the subject, not the time.
    pub fn age(&self, committed: Option<i64>, other: &Facts) -> Age<'_> {
        let dates = vaultlint_syntax::keys::version_dates()
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
        let names = name
            .markers
            .iter()
            .enumerate()
            .filter(move |(i, m)| same || alone && *i < self.path.own_markers && (bare || dated(m)));
        let titles = !self.title.key.is_empty() && self.title.key == other.title.key;
        let markers = names.map(|(_, m)| m).chain(self.title.markers.iter().filter(|_| titles)).collect();
        Age { dates, markers, committed, modified: self.note.modified }
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

/// What the vault's templates give the notes made from them: their text,
/// headings and tags, which are boilerplate wherever they appear.
#[derive(Default)]
pub(super) struct Boilerplate {
    /// Sorted.
    pub shingles: Vec<u32>,
    /// Sorted.
    pub headings: Vec<u32>,
    pub tags: Vec<String>,
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
        out
    }
}

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
            ("no-title-no-body.md", ""),
        ]);
        let boilerplate = Boilerplate::of_templates(&v);
        for id in 0..v.notes.len() {
            let facts = Facts::of(&v, id, &boilerplate);
            let made = facts
                .as_ref()
                .map(|f| Brief { periodic: f.periodic().then(|| f.path.name.key.as_str().into()) });
            assert!(made.is_some(), "{}", v.notes[id].path);
            assert_eq!(Brief::of(&v, id), made, "{}", v.notes[id].path);
            // The hashes reading kept are those of the keys the facts give.
            let keys = facts.map(|f| names::group_keys(&f.path, &f.title));
            let hashes = keys.map(|k| k.each_ref().map(|k| k.as_deref().map(names::key_hash)));
            assert_eq!(Some(v.notes[id].grouping.keys()), hashes, "{}", v.notes[id].path);
        }
        let periodic = (0..v.notes.len()).filter(|&id| Brief::of(&v, id).unwrap().periodic.is_some());
        assert_eq!(periodic.count(), 2);
    }
}
