//! Titles written from one frame: `Risk updates Aave Arbitrum`, `Risk
//! updates Aave Optimism` and `Risk updates Aave Ethereum` are one proposal
//! made for each of three subjects from one skeleton, as `Install on
//! Linux` and `Install on Windows` are one page for each of two systems.
//! Each is a document of its own, however much of its text the skeleton
//! is, and never a version of another.

use super::Pair;
use super::facts::Facts;
use super::score::SAME_TEXT;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use vaultlint_model::vault::{NoteId, Vault};
use vaultlint_syntax::names::{Marker, Normalized, normalize};

/// At least this many notes, each filling one frame with a word of its
/// own, make a series of subjects. Two are as often a page renamed
/// (`Pool coordinator` and `Yurt coordinator`).
const FILLERS: usize = 3;
/// The words a frame keeps of its titles, at least: `Install on *` is a
/// frame, `* guide` is a word's use.
const FRAME_WORDS: usize = 2;
/// Where a frame's filler stands in its key.
const HOLE: &str = "\u{1}";

/// Drops each pair whose two notes fill one frame with two subjects
/// (their titles, or their names, the same but for one word each), where
/// the notes of their folders fill that frame with [`FILLERS`] words or
/// more, unless the two hold one text: then neither says anything of its
/// own subject. Shown only to one who asks for every pair: run only then.
pub(super) fn drop_subjects_of_one_frame(pairs: &mut Vec<Pair>, vault: &Vault, facts: &[Option<Box<Facts>>]) {
    let framed: Vec<Option<Vec<String>>> = pairs
        .par_iter()
        .map(|p| {
            if p.signals.content >= SAME_TEXT {
                return None;
            }
            let (fa, fb) = (facts[p.older].as_deref()?, facts[p.newer].as_deref()?);
            let frames: Vec<String> =
                keys(fa).into_iter().zip(keys(fb)).filter_map(|(a, b)| frame(a, b)).collect();
            (!frames.is_empty()).then_some(frames)
        })
        .collect();
    if framed.iter().all(Option::is_none) {
        return;
    }
    // Each frame, and the folders of the pairs that fill it.
    let mut wanted: HashMap<&str, HashSet<&str>> = HashMap::new();
    for (pair, frames) in pairs.iter().zip(&framed) {
        for frame in frames.iter().flatten() {
            let folders = wanted.entry(frame.as_str()).or_default();
            folders.extend([vault.notes[pair.older].folder(), vault.notes[pair.newer].folder()]);
        }
    }
    let folders: HashSet<&str> = wanted.values().flatten().copied().collect();
    // The words each frame is filled with by the notes of those folders.
    let filled: Vec<(&str, String)> = (0..vault.notes.len())
        .into_par_iter()
        .filter(|&id| !vault.notes[id].template && folders.contains(vault.notes[id].folder()))
        .flat_map_iter(|id: NoteId| {
            let note = &vault.notes[id];
            let (title, name) = (normalize(&note.title), normalize(note.stem()));
            let mut found: Vec<(&str, String)> = Vec::new();
            for key in [&title, &name].into_iter().filter(|n| plain(n)) {
                let words: Vec<&str> = key.key.split(' ').collect();
                for (start, width) in holes(words.len()) {
                    let filling = words[start..start + width].join(" ");
                    let holed = [&words[..start], &[HOLE], &words[start + width..]].concat().join(" ");
                    if let Some((frame, folders)) = wanted.get_key_value(holed.as_str())
                        && folders.contains(note.folder())
                        && filler(&filling)
                    {
                        found.push((frame, filling));
                    }
                }
            }
            // One subject a note, for each frame: its title's where both fit.
            let mut seen = HashSet::new();
            found.retain(|(frame, _)| seen.insert(*frame));
            found
        })
        .collect();
    let mut fillers: HashMap<&str, HashSet<String>> = HashMap::new();
    for (frame, word) in filled {
        fillers.entry(frame).or_default().insert(word);
    }
    let series = |frame: &String| fillers.get(frame.as_str()).is_some_and(|f| f.len() >= FILLERS);
    let dropped: Vec<bool> =
        framed.iter().map(|f| f.as_ref().is_some_and(|f| f.iter().any(series))).collect();
    let mut dropped = dropped.into_iter();
    pairs.retain(|_| !dropped.next().unwrap_or(false));
}

/// The keys a note goes by: its title, where it names the note, and its
/// file name; `None` for one that says which of two versions it is.
fn keys<'f>(f: &'f Facts) -> [Option<&'f Normalized>; 2] {
    [(f.titled() && plain(&f.title)).then_some(&f.title), plain(&f.path.name).then_some(&f.path.name)]
}

/// Whether a key carries no word of age (`old`, `final`, `draft`): a
/// person saying the note is a version, whatever the frame.
fn plain(n: &Normalized) -> bool {
    !n.markers
        .iter()
        .any(|m| matches!(m, Marker::Older { .. } | Marker::Newer { .. } | Marker::Neutral { .. }))
}

/// The most words a frame's hole holds (`1 inch`, `Terra USD`).
const HOLE_WORDS: usize = 2;

/// Where a key of `len` words can have its hole: each start, and each
/// width up to [`HOLE_WORDS`] that leaves [`FRAME_WORDS`] words around it.
fn holes(len: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..=HOLE_WORDS)
        .flat_map(move |width| (0..=len.saturating_sub(width)).map(move |start| (start, width)))
        .filter(move |&(_, width)| len >= width + FRAME_WORDS)
}

/// The frame two keys share, with a hole for the words each fills it with
/// (one or two), where those are two subjects ([`filler`]) and no
/// spelling of one word (`tune` and `tuning`, a typo mended).
fn frame(a: Option<&Normalized>, b: Option<&Normalized>) -> Option<String> {
    let (wa, wb): (Vec<&str>, Vec<&str>) = (a?.key.split(' ').collect(), b?.key.split(' ').collect());
    let shorter = wa.len().min(wb.len());
    let before = wa.iter().zip(&wb).take_while(|(x, y)| x == y).count();
    let after =
        wa.iter().rev().zip(wb.iter().rev()).take(shorter - before).take_while(|(x, y)| x == y).count();
    let (x, y) = (&wa[before..wa.len() - after], &wb[before..wb.len() - after]);
    let width = 1..=HOLE_WORDS;
    if before + after < FRAME_WORDS || !width.contains(&x.len()) || !width.contains(&y.len()) {
        return None;
    }
    // A word both holes hold was moved, not replaced (`gpt 5 nerdy
    // personality`, `gpt 5 1 nerdy`).
    if x.iter().any(|w| y.contains(w)) {
        return None;
    }
    let (x, y) = (x.join(" "), y.join(" "));
    if !filler(&x) || !filler(&y) || spellings(&x, &y) {
        return None;
    }
    Some([&wa[..before], &[HOLE], &wa[wa.len() - after..]].concat().join(" "))
}

/// Whether a hole's words can name a subject: each has a letter (a
/// number is a version's or a series' ordinal).
fn filler(words: &str) -> bool {
    words.split(' ').all(|w| w.chars().any(char::is_alphabetic))
}

/// Whether two words are spellings of one: they begin alike but for the
/// shorter's last letter, for four letters at most (`tune`, `tuning`;
/// `instruction`, `instructions`), or one is the other with a letter or
/// two mistyped (`principles`, `priciples`).
fn spellings(x: &str, y: &str) -> bool {
    let (x, y): (Vec<char>, Vec<char>) = (x.chars().collect(), y.chars().collect());
    let shorter = x.len().min(y.len());
    let common = x.iter().zip(&y).take_while(|(a, b)| a == b).count();
    common >= shorter.saturating_sub(1).min(4) || edits(&x, &y) <= (shorter / 4).max(1)
}

/// The Levenshtein distance between two words.
fn edits(x: &[char], y: &[char]) -> usize {
    let mut row: Vec<usize> = (0..=y.len()).collect();
    for (i, a) in x.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, b) in y.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(a != b)).min(above + 1).min(row[j] + 1);
            diagonal = above;
        }
    }
    row[y.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framed(a: &str, b: &str) -> Option<String> {
        frame(Some(&normalize(a)), Some(&normalize(b))).map(|f| f.replace(HOLE, "*"))
    }

    #[test]
    fn frames() {
        assert_eq!(
            framed("Risk updates Aave Arbitrum", "Risk updates Aave Optimism").as_deref(),
            Some("risk updates aave *")
        );
        assert_eq!(framed("Install on Linux", "Install on Windows").as_deref(), Some("install on *"));
        // A word's spelling, a typo mended, two words changed, too short a frame.
        assert_eq!(framed("Fine-tuning the OS", "Fine-tune the OS"), None);
        assert_eq!(framed("First Principles of design", "First Priciples of design"), None);
        assert_eq!(framed("Client architecture notes", "Server design notes"), None);
        assert_eq!(framed("Linux install", "Windows install"), None);
        // A hole of two words, with no number and no word of the other's.
        assert_eq!(framed("Add Terra USD to Aave", "Add ENS to Aave").as_deref(), Some("add * to aave"));
        assert_eq!(framed("Add ENS to Aave", "Add 1INCH to Aave"), None);
        assert_eq!(framed("gpt-5-nerdy-personality", "gpt-5.1-nerdy"), None);
    }
}
