//! How alike two notes are: the signals (shared text, names, titles,
//! tags, headings), the score made of them, and the evidence they give.

use super::Signals;
use super::candidates::clash_copy;
use super::evidence::Evidence;
use super::facts::Facts;
use super::minhash::Common;
use std::cmp::Ordering;
use vaultlint_syntax::fingerprint::{self, Fingerprint};
use vaultlint_syntax::names::Normalized;

/// Names or titles this alike count as the same document's.
const STRONG_NAME: f64 = 0.85;
/// Name evidence needs at least this much shared text to count, so that a
/// translation or an unrelated note with the same title is not a version.
pub(super) const SOME_CONTENT: f64 = 0.02;
/// A note with fewer distinctive shingles than this (a dozen words) is
/// too short for its text alone to say it is a version of another.
const SHORT: usize = 24;
/// Two texts sharing this much are the same text: inside a series, that
/// is the skeleton alone, with nothing of either note's own.
pub(super) const SAME_TEXT: f64 = 0.98;

/// Jaccard similarity of two notes' shingles, leaving out common ones,
/// and about how many distinctive shingles the shorter of the two has.
/// Both are measured on the two samples cut to the higher of their
/// levels: exact for short notes, an estimate for long ones.
fn content(a: &Fingerprint, b: &Fingerprint, common: &Common) -> (f64, usize) {
    let level = a.level().max(b.level());
    let (a, b) = (fingerprint::below(a.sample(), level), fingerprint::below(b.sample(), level));
    let (mut i, mut j) = (0, 0);
    let (mut only_a, mut only_b, mut shared) = (0usize, 0usize, 0usize);
    while i < a.len() || j < b.len() {
        let order = match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) => x.cmp(y),
            (Some(_), None) => Ordering::Less,
            _ => Ordering::Greater,
        };
        match order {
            Ordering::Less => {
                only_a += usize::from(!common.is_common(a[i]));
                i += 1;
            }
            Ordering::Greater => {
                only_b += usize::from(!common.is_common(b[j]));
                j += 1;
            }
            Ordering::Equal => {
                shared += usize::from(!common.is_common(a[i]));
                i += 1;
                j += 1;
            }
        }
    }
    let union = only_a + only_b + shared;
    let shorter = ((only_a + shared).min(only_b + shared)) << level;
    (if union == 0 { 0.0 } else { shared as f64 / union as f64 }, shorter)
}

/// How many items two sorted sets share, and how many they hold between
/// them; `None` when either is empty.
fn set_overlap<T: Ord>(a: &[T], b: &[T]) -> Option<(usize, usize)> {
    if a.is_empty() || b.is_empty() {
        return None;
    }
    let shared = a.iter().filter(|x| b.binary_search(x).is_ok()).count();
    Some((shared, a.len() + b.len() - shared))
}

/// How alike two normalised names are; generic ones only count in the
/// same place.
fn name_similarity(a: &Normalized, b: &Normalized, same_place: bool) -> f64 {
    if a.key.is_empty() || b.key.is_empty() || (a.is_generic() || b.is_generic()) && !same_place {
        return 0.0;
    }
    if a.key == b.key { 1.0 } else { strsim::normalized_levenshtein(&a.key, &b.key) }
}

/// How alike two notes are, 0 to 1, with the signals and the evidence.
/// `copies`: the two are the same page under two version roots, so a
/// generic name counts as if in one place.
pub(super) fn score(
    a: &Facts,
    b: &Facts,
    prints: (&Fingerprint, &Fingerprint),
    common: &Common,
    copies: bool,
) -> (f64, Signals, Vec<Evidence>) {
    let same_place = copies || a.path.place == b.path.place;
    let (content, shorter) = content(prints.0, prints.1, common);
    // A clash copy (`Name 1.md`) has its note's name.
    let clash = clash_copy(a.note, b.note);
    let name = if clash { 1.0 } else { name_similarity(&a.path.name, &b.path.name, same_place) };
    let title = name_similarity(&a.title, &b.title, same_place);
    let title = if clash { title.max(name) } else { title };
    let tags = set_overlap(&a.tags, &b.tags);
    let headings = set_overlap(&a.headings, &b.headings);
    let ratio = |o: Option<(usize, usize)>| o.map(|(s, u)| s as f64 / u as f64);
    let signals = Signals { title, name, tags: ratio(tags), headings: ratio(headings), content };

    // Name, title, tags and headings, each weighted, over those present.
    let mut weighted = [(name, 0.35), (title, 0.35)].to_vec();
    weighted.extend(signals.tags.map(|t| (t, 0.15)));
    weighted.extend(signals.headings.map(|h| (h, 0.15)));
    let meta =
        weighted.iter().map(|(v, w)| v * w).sum::<f64>() / weighted.iter().map(|(_, w)| w).sum::<f64>();
    // Strong shared text (30% of the shingles or more scores 0.5: for
    // three-word shingles that is nearly half of each note's text, far
    // above what unrelated notes share), nudged up by matching names...
    let base = if content >= 0.3 { 0.5 + (content - 0.3) / 1.4 } else { content / 0.6 };
    // ...a short note's few words say little on their own...
    let base = base * (shorter as f64 / SHORT as f64).min(1.0).powi(2);
    let by_content = base + (1.0 - base) * 0.25 * meta;
    // ...or the same name and title with some text in common: a rewrite.
    let by_name = if named(a, b, &signals, same_place) {
        0.85 * meta * (0.7 + 0.3 * (content / 0.3).min(1.0))
    } else {
        0.0
    };
    let score = (by_content.max(by_name) * 1000.0).round() / 1000.0;
    (score, signals, likeness(a, b, &signals, tags, headings, by_name > by_content))
}

/// Whether the names make two notes one document, given some text in
/// common; with none, only where a version marker tells the two names
/// apart. Same-named notes in parallel folders (one per team or region)
/// are not versions for their names alone.
fn named(a: &Facts, b: &Facts, signals: &Signals, same_place: bool) -> bool {
    let Signals { name, title, content, .. } = *signals;
    let same_stem = a.note.stem().eq_ignore_ascii_case(b.note.stem());
    // A note moved into a subfolder (or out of one), its copy left behind,
    // is one document in two places, not a page of each of two teams.
    let inside = |x: &Facts, y: &Facts| {
        let (fx, fy) = (x.note.folder(), y.note.folder());
        fx.is_empty() || fy.len() > fx.len() && fy.starts_with(fx) && fy.as_bytes()[fx.len()] == b'/'
    };
    let moved = same_stem && (inside(a, b) || inside(b, a));
    let parallel = !same_place && same_stem && !moved;
    let named = a.language == b.language && !parallel && name >= STRONG_NAME && title >= STRONG_NAME;
    // A rewrite with no text in common: the names differ only by a
    // version marker in one of them, and both have text.
    // In one of them only: two dated names with nothing in common are
    // two entries of a series (`notes 1950s`, `notes 1960s`).
    let marked = !same_stem && (a.path.own_markers == 0) != (b.path.own_markers == 0);
    let rewritten = marked && same_place && name == 1.0 && a.size.min(b.size) as usize >= SHORT;
    named && (content >= SOME_CONTENT || rewritten)
}

/// The evidence that two notes are one document; none states what its
/// signal contradicts. `by_name`: the names, not the text, made the score.
fn likeness(
    a: &Facts,
    b: &Facts,
    signals: &Signals,
    tags: Option<(usize, usize)>,
    headings: Option<(usize, usize)>,
    by_name: bool,
) -> Vec<Evidence> {
    let Signals { title, name, content, .. } = *signals;
    let mut evidence = Vec::new();
    if title == 1.0 {
        evidence.push(Evidence::SameTitle);
    } else if title >= STRONG_NAME {
        evidence.push(Evidence::SimilarTitles);
    } else if !a.note.title.is_empty() && !b.note.title.is_empty() && content >= 0.5 {
        evidence.push(Evidence::Retitled);
    }
    if a.note.stem().eq_ignore_ascii_case(b.note.stem()) && name > 0.0 {
        evidence.push(Evidence::SameFileName);
    } else if name == 1.0 {
        evidence.push(Evidence::SameNameApartFromMarkers);
    } else if name >= STRONG_NAME {
        evidence.push(Evidence::SimilarNames);
    }
    if let Some((shared, union)) = tags {
        evidence.push(Evidence::Tags { shared, union });
    }
    if let Some((shared, union)) = headings.filter(|(s, _)| *s > 0) {
        evidence.push(Evidence::Headings { shared, union });
    }
    if by_name && content < SOME_CONTENT {
        evidence.push(Evidence::RewrittenWithNoSharedText);
    } else {
        evidence.push(Evidence::SharedText { share: content });
    }
    evidence
}

#[cfg(test)]
mod tests {
    use super::*;
    use vaultlint_syntax::names;

    #[test]
    fn generic_names_only_match_in_one_place() {
        let a = names::normalize("Overview");
        assert_eq!(name_similarity(&a, &a, false), 0.0);
        assert_eq!(name_similarity(&a, &a, true), 1.0);
        let b = names::normalize("expenses-policy-2025");
        let c = names::normalize("Expenses policy");
        assert_eq!(name_similarity(&b, &c, false), 1.0);
    }
}
