//! Where the last check placed its findings, note by note. A finding
//! carries a byte offset; its line and column come from the note's text,
//! which a run read from the cache does not hold. A note whose text is
//! the one the last run placed its findings on (the same digest) gets the
//! same places again, and is not read a second time; any other note is
//! read and placed afresh.

use crate::cache::Cache;
use vaultlint_core::diagnostic::{Diagnostic, Sources};
use vaultlint_core::lines::{LineColumn, LineIndex};
use vaultlint_model::vault::Vault;

/// The cache's file of places.
const PLACES: &str = "places";

/// The places of the findings on one text of one note.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct Placed {
    path: String,
    /// [`vaultlint_syntax::note::digest`] of the text they were placed on.
    digest: u64,
    /// Each finding's byte offset and its place, by offset.
    places: Vec<(usize, LineColumn)>,
}

impl Placed {
    /// The place of the finding at `offset`, if one was made there and
    /// could be there: a damaged file is not taken on its word.
    fn at(&self, offset: usize) -> Option<LineColumn> {
        let found = self.places.binary_search_by_key(&offset, |&(at, _)| at).ok()?;
        Some(self.places[found].1).filter(|&place| position_fits(place, offset))
    }
}

/// The places of a check's findings, by note, in path order.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Places {
    notes: Vec<Placed>,
}

impl Places {
    /// The places the last check in `cache` left, or none. `limit`: the
    /// most the file may hold ([`crate::cache::limit`]).
    pub fn load(cache: &Cache, limit: u64) -> Places {
        cache.load(PLACES, key(), limit).unwrap_or_default()
    }

    /// Keeps these places for the next check.
    pub fn store(&self, cache: &Cache) -> std::io::Result<()> {
        cache.store(PLACES, key(), self)
    }

    /// The places made on the text of the note at `path` whose digest is
    /// `digest`.
    fn of(&self, path: &str, digest: u64) -> Option<&Placed> {
        let found = self.notes.binary_search_by(|p| p.path.as_str().cmp(path)).ok()?;
        Some(&self.notes[found]).filter(|p| p.digest == digest)
    }
}

/// The key of the places: they hold for any settings, as each is checked
/// against its note's digest before it is used.
fn key() -> u64 {
    crate::cache::key([PLACES.as_bytes(), crate::cache::BUILD.as_bytes()])
}

/// Places the findings of `diagnostics` (sorted by path) that have a span
/// and no place yet, one note at a time and notes in parallel: from
/// `earlier` where the note's text is the one they were made on, from its
/// text as `sources` give it otherwise. Returns the places made, for the
/// next run: those of notes whose text was the one `vault` read.
pub fn locate(
    diagnostics: &mut [Diagnostic],
    sources: &(dyn Sources + Sync),
    vault: &Vault,
    earlier: &Places,
) -> Places {
    use rayon::prelude::*;
    let mut files: Vec<&mut [Diagnostic]> = diagnostics.chunk_by_mut(|a, b| a.path == b.path).collect();
    let notes = files.par_iter_mut().filter_map(|file| place_file(file, sources, vault, earlier)).collect();
    Places { notes }
}

/// [`locate`] for the findings of one file.
fn place_file(
    file: &mut [Diagnostic],
    sources: &(dyn Sources + Sync),
    vault: &Vault,
    earlier: &Places,
) -> Option<Placed> {
    let unplaced = |d: &Diagnostic| d.span.is_some() && d.position.is_none();
    if !file.iter().any(unplaced) {
        return None;
    }
    let path = file[0].path.clone();
    let digest = vault.id_of(&path).and_then(|id| vault.notes[id].digest);
    let known = digest.and_then(|digest| earlier.of(&path, digest));
    let reused = known.filter(|known| {
        file.iter().filter(|d| unplaced(d)).all(|d| d.span.is_some_and(|s| known.at(s.offset()).is_some()))
    });
    match reused {
        Some(known) => {
            for d in file.iter_mut().filter(|d| unplaced(d)) {
                d.position = d.span.and_then(|s| known.at(s.offset()));
            }
        }
        None => {
            let text = sources.text(&path)?;
            let lines = LineIndex::new(&text);
            file.iter_mut().for_each(|d| d.locate(&lines));
            // Kept only if placed on the text the findings were made from:
            // a note written since it was read is placed anew next time.
            if digest != Some(vaultlint_syntax::note::digest(text.as_bytes())) {
                return None;
            }
        }
    }
    let mut places: Vec<(usize, LineColumn)> =
        file.iter().filter_map(|d| Some((d.span?.offset(), d.position?))).collect();
    places.sort_unstable_by_key(|&(at, _)| at);
    places.dedup_by_key(|&mut (at, _)| at);
    Some(Placed { path, digest: digest?, places })
}

/// Whether a finding's line and column could be those of the byte at
/// `offset` of some text, as far as a cache file can tell without the text:
/// each is 1 or more, and the line breaks before the line and the
/// characters before the column on it take a byte each at least, all
/// before the offset. (A position is made only for a span, so one
/// without a span is not placed anywhere either.)
pub fn position_fits(position: LineColumn, offset: usize) -> bool {
    let (line, column) = (position.line(), position.column());
    line >= 1 && column >= 1 && (line - 1).checked_add(column - 1).is_some_and(|before| before <= offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places() -> Places {
        let place = |line, column| LineColumn::new(line, column);
        // The first place cannot be that of byte 3: four lines end before it.
        let places = vec![(3, place(5, 1)), (10, place(2, 4))];
        Places { notes: vec![Placed { path: "a.md".into(), digest: 7, places }] }
    }

    #[test]
    fn places_serve_only_the_text_they_were_made_on() {
        let places = places();
        assert!(places.of("a.md", 8).is_none(), "another digest is another text");
        assert!(places.of("b.md", 7).is_none());
        let known = places.of("a.md", 7).unwrap();
        assert_eq!(known.at(10), Some(LineColumn::new(2, 4)));
        assert_eq!(known.at(11), None, "no finding was placed there");
        assert_eq!(known.at(3), None, "a place that cannot be that byte's is not taken");
    }
}
