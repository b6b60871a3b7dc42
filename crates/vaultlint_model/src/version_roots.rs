//! Version roots: sibling folders named as versions (`2.0`, `v3`,
//! `version-0.77`, `2024-Q3`) or as the live copy (`docs`, `current`,
//! `next`, `_dev`) that hold mostly the same relative paths, as docs sites
//! keep one folder per release. The same relative path under two roots of
//! one set is one document at two versions, and the roots' order says
//! which is older.

use crate::folder_rule::FolderRule;
use crate::vault::{NoteId, Vault};
use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap, HashSet};

/// Names of the folder holding the pages being written now, oldest
/// sense first: a released "current" is older than an unreleased "next"
/// or `develop`, from which each release folder is copied.
/// An edge, nightly or canary folder (`edge`, `2-edge`) holds what is
/// released after the stable docs: the newest of all.
const LIVE: &[&[&str]] = &[
    &["current", "latest", "stable"],
    &["docs", "main", "master"],
    &["next", "dev", "_dev", "develop", "unreleased", "edge", "nightly", "canary"],
];
/// The rank of a live folder whose name carries a release line before
/// its live word: `2-edge`, `3.x-nightly`.
const LIVE_SUFFIXES: &[&str] = &["edge", "nightly", "canary", "next"];

/// The names of a live folder that holds the pages of a release not yet
/// made, where release folders sit beside it: a site serves its latest
/// release, not these, as the current docs.
const UNRELEASED: &[&str] = &["next", "unreleased", "dev", "_dev", "develop", "main", "master"];

/// What a Docusaurus site's config says of its live docs folder: its
/// folder in the vault (`""`, `website/`), and whether the site serves
/// that folder as its latest version (`lastVersion: 'current'`). By
/// default it does not: the live folder is the next version, unreleased,
/// and the newest of `versions.json` is what readers get.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocusaurusSite {
    /// The site's folder from the vault root, ending in `/` unless empty.
    pub folder: String,
    /// Whether the live docs are the latest version.
    pub live_is_latest: bool,
}

/// A release as a folder's name gives it: its numbers, compared as
/// numbers (`2.10` after `2.9`), and a pre-release tag, which comes before
/// the release it leads to, as semver orders them: `2.0.0-beta.3`, then
/// `2.0.0-rc.1`, then `2.0.0`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Release {
    numbers: Vec<u64>,
    /// The tag's kind (alpha, beta, preview, rc, in that order) and number.
    pre: Option<(u8, u64)>,
}

impl Release {
    fn of(numbers: Vec<u64>) -> Release {
        Release { numbers, pre: None }
    }
}

impl Ord for Release {
    fn cmp(&self, other: &Release) -> Ordering {
        self.numbers.cmp(&other.numbers).then_with(|| match (self.pre, other.pre) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Greater,
            (Some(_), None) => Ordering::Less,
            (Some(a), Some(b)) => a.cmp(&b),
        })
    }
}

impl PartialOrd for Release {
    fn partial_cmp(&self, other: &Release) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The pre-release tags, oldest first, with the spellings each goes by.
const PRE_RELEASES: &[&[&str]] = &[&["alpha", "a"], &["beta", "b"], &["preview", "pre"], &["rc"]];

/// `rc.1`, `beta3`, `alpha`: the kind and number of a pre-release tag.
fn pre_release(tag: &str) -> Option<(u8, u64)> {
    let letters = tag.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(tag.len());
    let kind = PRE_RELEASES.iter().position(|names| names.contains(&&tag[..letters]))?;
    let number = tag[letters..].trim_start_matches(['.', '-', '_']);
    let number = if number.is_empty() { 0 } else { number.parse().ok().filter(|_| number.len() <= 9)? };
    Some((kind as u8, number))
}

/// What a root's name says of its place in the order.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    /// A release.
    Version(Release),
    /// The live copy, in [`LIVE`]'s order.
    Live(usize),
}

/// Whether [`rank`] could read the name: a cheap test first, since most
/// folders of a vault are neither versions nor live copies.
fn may_rank(name: &str) -> bool {
    let bytes = name.as_bytes();
    let starts = |prefix: &str| {
        bytes.len() >= prefix.len() && bytes[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
    };
    bytes.first().is_some_and(u8::is_ascii_digit)
        || matches!(bytes, [b'v' | b'V', d, ..] if d.is_ascii_digit())
        || starts("version")
        || starts("release")
        || LIVE.iter().flat_map(|names| names.iter()).any(|live| name.eq_ignore_ascii_case(live))
}

/// How a folder name reads as a version root, if it does.
fn rank(name: &str) -> Option<Rank> {
    let lower = name.to_lowercase();
    if let Some(i) = LIVE.iter().position(|names| names.contains(&lower.as_str())) {
        return Some(Rank::Live(i));
    }
    if let Some((line, word)) = lower.rsplit_once(['-', '_'])
        && LIVE_SUFFIXES.contains(&word)
        && matches!(rank(line), Some(Rank::Version(_)))
    {
        return Some(Rank::Live(LIVE.len() - 1));
    }
    let rest = ["version-", "version_", "release-", "release_", "v"]
        .iter()
        .find_map(|p| lower.strip_prefix(p))
        .unwrap_or(&lower);
    // Docusaurus writes the version as `versions.json` names it, often with
    // its `v`: `version-v1.15.0`.
    let rest = rest.strip_prefix('v').filter(|r| r.starts_with(|c: char| c.is_ascii_digit())).unwrap_or(rest);
    // `2024-q3`: a year and its quarter.
    if let Some((year, q)) = rest.split_once("-q")
        && year.len() == 4
        && let (Ok(y), Ok(q)) = (year.parse::<u64>(), q.parse::<u64>())
        && (1..=4).contains(&q)
    {
        return Some(Rank::Version(Release::of(vec![y, q])));
    }
    // `v1.15-docs` beside the live `docs`: a release of the docs folder
    // (`10-docs`, a vault's numbered folder, is none).
    let release = lower.starts_with('v') || rest.contains('.');
    let rest =
        ["-docs", "_docs"].iter().find_map(|s| rest.strip_suffix(s).filter(|_| release)).unwrap_or(rest);
    // `2.0.0-rc.1`: the release's numbers, then its pre-release tag.
    let (rest, pre) =
        match rest.find(['-', '_']).filter(|&at| rest[at + 1..].starts_with(char::is_alphabetic)) {
            Some(at) => (&rest[..at], Some(pre_release(&rest[at + 1..])?)),
            None => (rest, None),
        };
    // `4x`, `5x`: a major line, as Express names its docs' folders (`4.x`).
    let line = rest
        .strip_suffix('x')
        .filter(|n| !n.is_empty() && n.len() <= 3 && n.bytes().all(|b| b.is_ascii_digit()))
        .map(|n| [n, "x"]);
    let parts: Vec<&str> = match line {
        Some(parts) => parts.to_vec(),
        None => rest.split(['.', '_', '-']).collect(),
    };
    // `2.1.x`, and `10.x.x` as some Docusaurus sites write a major line.
    let xs = parts.iter().rev().take_while(|p| **p == "x").count().min(parts.len() - 1);
    let x_tail = xs > 0;
    let numbers = &parts[..parts.len() - xs];
    let parsed: Option<Vec<u64>> =
        numbers.iter().map(|p| (!p.is_empty() && p.len() <= 9).then(|| p.parse().ok()).flatten()).collect();
    // `2.1.x` is the line's latest: after `2.1.0`, before `2.2.0`.
    let parsed = parsed.map(|mut numbers| {
        if x_tail {
            numbers.push(u64::MAX);
        }
        numbers
    });
    parsed.filter(|v| v.len() > usize::from(x_tail)).map(|numbers| Rank::Version(Release { numbers, pre }))
}

/// Where a note sits in a set of version roots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    /// The set of roots, an index into [`VersionRoots::sets`].
    pub set: usize,
    /// The root's position in its set, oldest first.
    pub rank: usize,
    /// The note's path under its root.
    pub relative: String,
}

/// One set of sibling version roots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootSet {
    /// The roots' vault-relative folders, oldest first, each ending in `/`.
    pub roots: Vec<String>,
    /// The names the reasons quote (`2.0`, `_dev`), in the same order.
    pub names: Vec<String>,
    /// Per root, whether it is frozen: a release folder (named as a
    /// version) that a newer root of the set, or a live folder beside it,
    /// has replaced. A frozen copy is never newer than a live page.
    pub frozen: Vec<bool>,
    /// Per root, whether it holds a release not yet made: the newest
    /// roots, after the latest release, when their name says so (`next`,
    /// `main`, `2.0.0-rc.1`) or their site's config does (Docusaurus's
    /// `docs`). Newer in time, they replace nothing yet: the latest
    /// release is the copy in force.
    pub unreleased: Vec<bool>,
}

/// The sets of release folders found in a vault (`docs/v1/`, `docs/v2/`,
/// ...), ordered oldest first, and where each note sits among them.
#[derive(Debug, Clone, Default)]
pub struct VersionRoots {
    pub sets: Vec<RootSet>,
    /// Per note, where it sits, if under a root.
    pub placed: Vec<Option<Placed>>,
    /// Every `(set, rank, relative path)` that holds a note.
    pages: HashSet<(usize, usize, String)>,
    /// Per note, whether a folder of its path is named as a version
    /// (`v2.3/`, a year folder aside), in a set or not.
    versioned: Vec<bool>,
    /// Per note, whether a folder of its path sets it aside (`archive/`,
    /// `wip-docs/`): such a note is not the live page a frozen copy yields
    /// to. Empty where no set has a frozen root, so nothing asks.
    set_aside: Vec<bool>,
}

/// A root must share at least this share of its documents with the others
/// of its set, so that `2024/` and `2025/` folders of unrelated notes are
/// not taken for releases.
const SHARED: f64 = 0.5;

/// The share of its documents a folder named as a release must hold in
/// common with a set of releases to join it: a release whose pages were
/// moved between sections in the next one shares a third of them.
const REORGANISED_SHARED: f64 = 0.2;

impl VersionRoots {
    /// Finds the sets of version roots among the vault's folders.
    pub fn find(vault: &Vault) -> VersionRoots {
        let mut found = VersionRoots {
            sets: Vec::new(),
            placed: vec![None; vault.notes.len()],
            pages: HashSet::new(),
            versioned: vec![false; vault.notes.len()],
            set_aside: Vec::new(),
        };
        let (mut candidates, mut under) = candidate_roots(vault);
        merge_archived(&mut candidates);
        merge_majors(&mut candidates);
        nest_in_live(vault, &mut candidates, &mut under);
        for (folder, ids) in &under {
            if release_version(folder_name(folder)).is_some() {
                ids.iter().for_each(|&id| found.versioned[id] = true);
            }
        }
        for (parent, roots) in candidates {
            let docusaurus = parent.ends_with("versioned_docs/");
            // A Docusaurus site's live folder is unreleased as its config
            // says, whatever its name (`path: 'main'`); another's by name.
            let live = match docusaurus_site(&parent) {
                Some(site) => LiveFolder::Docusaurus {
                    unreleased: (vault.config.docusaurus_sites.iter())
                        .any(|s| s.folder == site && !s.live_is_latest),
                },
                None => LiveFolder::Named,
            };
            found.add_set(vault, roots, &under, docusaurus, live);
        }
        found.pages = found.placed.iter().flatten().map(|p| (p.set, p.rank, p.relative.clone())).collect();
        // Asked only beside a frozen copy: a vault with none reads no folder.
        if found.sets.iter().any(|set| set.frozen.contains(&true)) {
            let aside = |n: &vaultlint_syntax::note::Note| {
                n.folder().split('/').any(vaultlint_syntax::names::set_aside_folder)
            };
            found.set_aside = vault.notes.iter().map(aside).collect();
        }
        found
    }

    /// Keeps the roots of one parent that share their documents, and
    /// places their notes. `under`: the notes under each candidate root.
    fn add_set(
        &mut self,
        vault: &Vault,
        roots: Vec<(String, String, Rank)>,
        under: &HashMap<&str, Vec<NoteId>>,
        docusaurus: bool,
        live_folder: LiveFolder,
    ) {
        if roots.len() < 2 {
            return;
        }
        let notes = |folder: &str| under.get(folder).map_or(&[][..], Vec::as_slice);
        let documents: Vec<Vec<&str>> = roots
            .iter()
            .map(|(folder, _, _)| {
                let paths = notes(folder).iter().map(|&id| vault.notes[id].path.as_str());
                paths.map(|p| &p[folder.len()..]).filter(|relative| !periodic(relative)).collect()
            })
            .collect();
        // How many of the roots hold each document.
        let mut holders: HashMap<&str, usize> = HashMap::new();
        for docs in &documents {
            for doc in docs {
                *holders.entry(doc).or_default() += 1;
            }
        }
        // Docusaurus's `docs` folder is the live copy of its
        // `versioned_docs` by convention, however many pages it has added.
        let keep = documents.iter().zip(&roots).map(|(docs, (_, _, rank))| {
            let shared = docs.iter().filter(|d| holders[*d] > 1).count();
            let live = docusaurus && matches!(rank, Rank::Live(_));
            shared >= 2 && (live || shared as f64 >= SHARED * docs.len() as f64)
        });
        let mut keep: Vec<bool> = keep.collect();
        // A release the pages were reorganised after shares fewer of them,
        // yet a folder named as one (`v1.20`, `3.4`, not a year) beside
        // releases that make a set is one of them; so is every version
        // Docusaurus keeps, however few pages it still shares.
        if docusaurus || keep.iter().filter(|&&k| k).count() >= 2 {
            for ((docs, (folder, _, _)), kept) in documents.iter().zip(&roots).zip(keep.iter_mut()) {
                let shared = docs.iter().filter(|d| holders[*d] > 1).count();
                let named = release_version(folder_name(folder)).is_some();
                let enough = docusaurus || shared as f64 >= REORGANISED_SHARED * docs.len() as f64;
                *kept |= named && shared >= 2 && enough;
            }
        }
        let mut kept: Vec<(String, String, Rank)> =
            roots.into_iter().zip(keep).filter(|(_, k)| *k).map(|(r, _)| r).collect();
        if kept.len() < 2 {
            return;
        }
        kept.sort_by(|a, b| a.2.cmp(&b.2).then_with(|| a.1.cmp(&b.1)).then_with(|| a.0.cmp(&b.0)));
        let set = self.sets.len();
        for (rank, (folder, _, _)) in kept.iter().enumerate() {
            for &id in notes(folder) {
                let relative = vault.notes[id].path[folder.len()..].to_string();
                self.placed[id].get_or_insert(Placed { set, rank, relative });
            }
        }
        let live = kept.iter().any(|(_, _, rank)| matches!(rank, Rank::Live(_)));
        let last = kept.len() - 1;
        let frozen = kept
            .iter()
            .enumerate()
            .map(|(i, (_, _, rank))| matches!(rank, Rank::Version(_)) && (i < last || live || docusaurus))
            .collect();
        let unreleased = unreleased_roots(&kept, live_folder);
        self.sets.push(RootSet {
            names: kept.iter().map(|(_, name, _)| name.clone()).collect(),
            roots: kept.into_iter().map(|(folder, _, _)| folder).collect(),
            frozen,
            unreleased,
        });
    }

    /// Whether the note is under a root that holds a release not yet made
    /// (see [`RootSet::unreleased`]).
    pub fn unreleased(&self, id: NoteId) -> bool {
        self.placed[id].as_ref().is_some_and(|p| self.sets[p.set].unreleased[p.rank])
    }

    /// The document a note is a copy of: its set and relative path.
    pub fn family(&self, id: NoteId) -> Option<(usize, &str)> {
        self.placed[id].as_ref().map(|p| (p.set, p.relative.as_str()))
    }

    /// `Less` when `a`'s root is older than `b`'s; `None` unless both are
    /// copies of one document.
    pub fn order(&self, a: NoteId, b: NoteId) -> Option<Ordering> {
        let (x, y) = (self.placed[a].as_ref()?, self.placed[b].as_ref()?);
        (x.set == y.set && x.relative == y.relative && x.rank != y.rank).then(|| x.rank.cmp(&y.rank))
    }

    /// Whether two notes are different pages of one set of release
    /// folders: different paths under one release root, or under two roots
    /// where either path exists under the other root too (so neither is
    /// the other renamed). Template siblings (`install-android.md` and
    /// `install-ios.md`) are such pages, however much text they share.
    /// Two pages under the newest root are two pages where an older root
    /// holds both too; otherwise they are compared as any two notes are:
    /// the live folder is where a page's old copy or draft is left, as it
    /// is in a vault with no release folders.
    pub fn different_pages(&self, a: NoteId, b: NoteId) -> bool {
        let (Some(x), Some(y)) = (self.placed[a].as_ref(), self.placed[b].as_ref()) else { return false };
        if x.set != y.set || x.relative == y.relative {
            return false;
        }
        if x.rank == y.rank {
            let holds =
                |rank: usize, page: &Placed| self.pages.contains(&(x.set, rank, page.relative.clone()));
            let newest = x.rank + 1 == self.sets[x.set].roots.len();
            return !newest || (0..x.rank).any(|rank| holds(rank, x) && holds(rank, y));
        }
        self.pages.contains(&(x.set, y.rank, x.relative.clone()))
            || self.pages.contains(&(y.set, x.rank, y.relative.clone()))
    }

    /// Whether the note is a copy in a frozen release folder (see
    /// [`RootSet::frozen`]).
    pub fn frozen(&self, id: NoteId) -> bool {
        self.placed[id].as_ref().is_some_and(|p| self.sets[p.set].frozen[p.rank])
    }

    /// Whether `other`, under no root of a set, is in no folder named as a
    /// version either (`archives/0.8.0/` beside a set it did not join).
    pub fn unversioned(&self, other: NoteId) -> bool {
        self.placed[other].is_none() && self.versioned.get(other) != Some(&true)
    }

    /// Whether the note is a frozen copy of a page that a newer root of
    /// its set still holds at the same path: that copy replaces it, so no
    /// note outside the set (a blog post reprinting the page) is its
    /// successor.
    pub fn outlived(&self, id: NoteId) -> bool {
        self.held_newer(id, true)
    }

    /// Whether the note is a frozen copy of a page that a newer release
    /// still holds at the same path: replaced for a reader, so that its
    /// notices and links are the newer copy's to answer for. A released
    /// copy is not replaced by the copy of a release not yet made
    /// ([`RootSet::unreleased`]); [`outlived`](Self::outlived) counts that
    /// one too.
    pub fn replaced(&self, id: NoteId) -> bool {
        self.held_newer(id, false)
    }

    /// Whether a newer root of the note's set holds its page at the same
    /// path, the note being frozen; `unreleased`: whether a root of a
    /// release not yet made counts as newer for a released copy.
    fn held_newer(&self, id: NoteId, unreleased: bool) -> bool {
        let Some(p) = self.placed[id].as_ref().filter(|_| self.frozen(id)) else { return false };
        let set = &self.sets[p.set];
        let counts = |rank: usize| unreleased || set.unreleased[p.rank] || !set.unreleased[rank];
        (p.rank + 1..set.roots.len())
            .filter(|&rank| counts(rank))
            .any(|rank| self.pages.contains(&(p.set, rank, p.relative.clone())))
    }

    /// The release order of two notes whose paths the roots do not match
    /// (a page renamed between releases, or a live page beside a frozen
    /// copy): `Less` when `a` is the older. Two roots of one set are in
    /// the set's order; a frozen copy is older than a note under no root,
    /// in no other folder named as a version and in none set aside
    /// (`archive/`, `wip-docs/`).
    pub fn release_order(&self, a: NoteId, b: NoteId) -> Option<Ordering> {
        match (self.placed[a].as_ref(), self.placed[b].as_ref()) {
            (Some(x), Some(y)) if x.set == y.set && x.rank != y.rank => Some(x.rank.cmp(&y.rank)),
            (Some(_), None) if self.frozen(a) && self.live(b) => Some(Ordering::Less),
            (None, Some(_)) if self.frozen(b) && self.live(a) => Some(Ordering::Greater),
            _ => None,
        }
    }

    /// Whether a note under no root may be a live page: in no other
    /// folder named as a version, nor in one set aside.
    fn live(&self, id: NoteId) -> bool {
        self.versioned.get(id) != Some(&true) && self.set_aside.get(id) != Some(&true)
    }

    /// The name of a note's root, as the reasons quote it.
    pub fn root_name(&self, id: NoteId) -> Option<&str> {
        let p = self.placed[id].as_ref()?;
        Some(&self.sets[p.set].names[p.rank])
    }

    /// The notes of each family with copies under two roots or more,
    /// oldest root first.
    pub fn families(&self) -> Vec<Vec<NoteId>> {
        let mut by: BTreeMap<(usize, &str), Vec<NoteId>> = BTreeMap::new();
        for (id, placed) in self.placed.iter().enumerate() {
            if let Some(p) = placed {
                by.entry((p.set, p.relative.as_str())).or_default().push(id);
            }
        }
        let rank = |id: &NoteId| self.placed[*id].as_ref().map_or(0, |p| p.rank);
        by.into_values()
            .filter(|ids| ids.len() > 1)
            .map(|mut ids| {
                ids.sort_by_key(rank);
                ids
            })
            .collect()
    }
}

/// What the folder rules make of a vault.
#[derive(Debug, Clone, Default)]
pub struct Covered {
    /// Per note: the note that supersedes it by a rule, and which rule;
    /// empty when there is no rule.
    pub successor: Vec<Option<(NoteId, usize)>>,
    /// Per rule: how many notes it covers, and how many of those stay in
    /// force: the newest copy of a page the newer folder lacks.
    pub counts: Vec<(usize, usize)>,
    /// Per rule: the copies of pages the newer folder lacks that stay in
    /// force because no release order says which is the newest, and that
    /// declare no successor of their own: for a person to settle.
    pub unordered: Vec<Vec<NoteId>>,
    /// Per rule: whether its newer folder holds any note.
    pub newer_found: Vec<bool>,
}

/// A copy of a page under a folder a rule matches: the release the
/// folder's name gives, if it gives one, and the note.
type ReleaseCopy = (Option<Release>, NoteId);

/// Applies the folder rules: the first rule that covers a note decides.
/// A page the newer folder lacks (taken out of the live docs) is
/// superseded by its copy in the newest of the older folders that holds
/// it, where their names order them as releases; that copy stays in force.
pub fn cover(vault: &Vault, rules: &[FolderRule]) -> Covered {
    // With no rule, as in most vaults, no note is covered: no list.
    let notes = if rules.is_empty() { 0 } else { vault.notes.len() };
    let mut covered = Covered {
        successor: vec![None; notes],
        counts: vec![(0, 0); rules.len()],
        unordered: vec![Vec::new(); rules.len()],
        newer_found: rules
            .iter()
            .map(|r| {
                r.newer.is_empty() || vault.notes.iter().any(|n| n.path.starts_with(&format!("{}/", r.newer)))
            })
            .collect(),
    };
    if rules.is_empty() {
        return covered;
    }
    // Per rule and path under the older folders: the copies of a page the
    // newer folder lacks, each with its folder's release.
    let mut lacking: BTreeMap<(usize, &str), Vec<ReleaseCopy>> = BTreeMap::new();
    for (id, note) in vault.notes.iter().enumerate() {
        let Some((i, (folder, relative))) =
            rules.iter().enumerate().find_map(|(i, r)| Some((i, r.older_copy(&note.path)?)))
        else {
            continue;
        };
        covered.counts[i].0 += 1;
        match vault.page_at(&rules[i].newer_path(relative)) {
            Some(to) if to != id => covered.successor[id] = Some((to, i)),
            _ => {
                let release = release_version(folder_name(folder));
                lacking.entry((i, relative)).or_default().push((release, id));
            }
        }
    }
    // A copy left in force that declares its own successor is retired by
    // that: it is not left uncovered.
    let undeclared = |id: &NoteId| vault.notes[*id].successor().is_none();
    for ((i, _), mut copies) in lacking {
        let ordered = copies.iter().all(|(release, _)| release.is_some());
        copies.sort();
        match copies.split_last() {
            Some(((_, newest), older)) if ordered && copies.windows(2).all(|w| w[0].0 < w[1].0) => {
                for &(_, id) in older {
                    covered.successor[id] = Some((*newest, i));
                }
                covered.counts[i].1 += usize::from(undeclared(newest));
            }
            _ => {
                covered.unordered[i].extend(copies.iter().map(|&(_, id)| id).filter(undeclared));
                covered.counts[i].1 += copies.iter().filter(|(_, id)| undeclared(id)).count();
            }
        }
    }
    covered
}

/// What says whether a set's live folder holds a release not yet made.
#[derive(Debug, Clone, Copy)]
enum LiveFolder {
    /// Its name ([`UNRELEASED`]).
    Named,
    /// Its Docusaurus site's config, where one was read.
    Docusaurus { unreleased: bool },
}

/// Which of a set's roots, oldest first, hold a release not yet made:
/// those after the last release that are live folders `live` says are
/// unreleased, or releases with a pre-release tag. Only after a release:
/// a set of live folders alone keeps its order.
fn unreleased_roots(kept: &[(String, String, Rank)], live: LiveFolder) -> Vec<bool> {
    let unreleased_root = |name: &str, rank: &Rank| match (rank, live) {
        // `4-next`: the next release of a line.
        (Rank::Live(_), LiveFolder::Named) => {
            let lower = name.to_lowercase();
            UNRELEASED.contains(&lower.as_str())
                || lower.rsplit_once(['-', '_']).is_some_and(|(_, word)| word == "next")
        }
        (Rank::Live(_), LiveFolder::Docusaurus { unreleased }) => unreleased,
        (Rank::Version(release), _) => release.pre.is_some(),
    };
    let mut unreleased = vec![false; kept.len()];
    // The newest roots, back to the latest final release.
    let tail = kept.iter().rev().take_while(|(_, name, rank)| unreleased_root(name, rank)).count();
    let released = kept.len() - tail;
    let after_a_release =
        kept[..released].iter().any(|(_, _, rank)| matches!(rank, Rank::Version(r) if r.pre.is_none()));
    if after_a_release {
        unreleased[released..].iter_mut().for_each(|u| *u = true);
    }
    unreleased
}

/// The Docusaurus site whose versions a set's parent holds: `website/`
/// for `website/versioned_docs/`, and for a translation's versions
/// (`website/i18n/fr/docusaurus-plugin-content-docs/`) too. A second docs
/// instance (`kusion_versioned_docs/`) sets its own versions, and is none.
fn docusaurus_site(parent: &str) -> Option<&str> {
    if let Some(site) = parent.strip_suffix("versioned_docs/") {
        return (!site.ends_with('_')).then_some(site);
    }
    let translated = parent.strip_suffix("/docusaurus-plugin-content-docs/")?;
    let (site, _language) = translated.rsplit_once("i18n/")?;
    (site.is_empty() || site.ends_with('/')).then_some(site)
}

/// The last name of a folder written with its trailing `/` (`docs/v2/`:
/// `v2`).
fn folder_name(folder: &str) -> &str {
    folder.trim_end_matches('/').rsplit('/').next().unwrap_or_default()
}

/// The folder holding a folder, both written with their trailing `/`
/// (`docs/v2/`: `docs/`); the vault's root is `""`.
fn parent_folder(folder: &str) -> String {
    folder.trim_end_matches('/').rsplit_once('/').map_or(String::new(), |(parent, _)| format!("{parent}/"))
}

/// Moves releases kept in an archive folder beside the others
/// (`docs/archive/17.0/` beside `docs/18.0/`) into the set beside it, as
/// its older releases.
fn merge_archived(candidates: &mut BTreeMap<String, Vec<(String, String, Rank)>>) {
    // Releases in an archive folder inside the set's parent, and in a
    // folder beside the set's named for it as archived
    // (`versioned_docs_archived/version-9.x` beside `versioned_docs/`, as
    // a Docusaurus site moves the releases it no longer builds).
    let moves: Vec<(String, String)> = candidates
        .keys()
        .filter_map(|parent| {
            let name = folder_name(parent);
            if vaultlint_syntax::names::older_folder(name) {
                return Some((parent.clone(), parent_folder(parent)));
            }
            let (head, tail) = name.rsplit_once(['_', '-'])?;
            let set = format!("{}{head}/", parent_folder(parent));
            vaultlint_syntax::names::older_folder(tail).then(|| (parent.clone(), set))
        })
        .collect();
    for (parent, set) in moves {
        let all_versions = candidates[&parent].iter().all(|r| matches!(r.2, Rank::Version(_)));
        if all_versions && candidates.get(&set).is_some_and(|roots| !roots.is_empty()) {
            let moved = candidates.remove(&parent).unwrap_or_default();
            candidates.entry(set).or_default().extend(moved);
        }
    }
}

/// Joins the releases of major versions kept in folders of their own
/// (`docs/v1/1.76/` beside `docs/v2/2.0/` to `docs/v2/2.20/` and the live
/// `docs/v2/_dev/`) into one set, in place of the majors' folders: the
/// last release of one major is older than the first of the next. Only
/// where each release sits under its own major (1.x under `v1/`), and a
/// live folder, if any, under the last.
fn merge_majors(candidates: &mut BTreeMap<String, Vec<(String, String, Rank)>>) {
    let major = |parent: &str| {
        let name = folder_name(parent);
        let numbered = matches!(name.as_bytes(), [b'v' | b'V', ..]);
        match release_version(name)?.numbers.as_slice() {
            [n] if numbered => Some(*n),
            _ => None,
        }
    };
    // Per grandparent: its majors' folders, in order.
    let mut by_outer: BTreeMap<String, Vec<(u64, String)>> = BTreeMap::new();
    for parent in candidates.keys() {
        if let Some(n) = major(parent) {
            by_outer.entry(parent_folder(parent)).or_default().push((n, parent.clone()));
        }
    }
    for (outer, mut majors) in by_outer {
        if majors.len() < 2 {
            continue;
        }
        majors.sort();
        let last = majors.len() - 1;
        let fits = majors.iter().enumerate().all(|(i, (n, parent))| {
            candidates[parent].iter().all(|(_, _, rank)| match rank {
                Rank::Version(release) => release.numbers.first() == Some(n),
                Rank::Live(_) => i == last,
            })
        });
        if !fits {
            continue;
        }
        let merged: Vec<_> =
            majors.iter().flat_map(|(_, parent)| candidates.remove(parent).unwrap_or_default()).collect();
        // The majors' own folders are no roots beside their releases.
        let roots = candidates.entry(outer).or_default();
        roots.retain(|(folder, _, _)| !majors.iter().any(|(_, parent)| parent == folder));
        roots.extend(merged);
    }
}

/// Releases kept inside the live tree, each a copy of one of its folders
/// (`content/en/v0.19/docs/` beside the live `content/en/docs/`, a
/// snapshot made at release time): the releases' folder of that name is
/// the root of each release, and the live folder the set's live copy.
/// Only where the newest release keeps nine tenths of its pages in that
/// one folder, no live folder beside the releases holds them, and the
/// live folder holds at least half of them under the same paths.
fn nest_in_live<'v>(
    vault: &'v Vault,
    candidates: &mut BTreeMap<String, Vec<(String, String, Rank)>>,
    under: &mut HashMap<&'v str, Vec<NoteId>>,
) {
    // Per nested set: the parent it leaves, the live folder's name, its roots.
    type Nested = (String, String, Vec<(String, String, Rank)>);
    let mut nested: Vec<Nested> = Vec::new();
    for (parent, roots) in candidates.iter() {
        let mut releases: Vec<&(String, String, Rank)> =
            roots.iter().filter(|(_, _, rank)| matches!(rank, Rank::Version(_))).collect();
        if releases.len() < 2 {
            continue;
        }
        releases.sort_by(|a, b| a.2.cmp(&b.2));
        let newest = releases[releases.len() - 1];
        let pages = under.get(newest.0.as_str()).map_or(&[][..], Vec::as_slice);
        // The newest release's pages by the folder under it that holds them.
        let mut by_child: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for &id in pages {
            let relative = &vault.notes[id].path[newest.0.len()..];
            let Some((child, _)) = relative.split_once('/') else { continue };
            let live = vault.id_of(&format!("{parent}{relative}")).is_some();
            let counts = by_child.entry(child).or_default();
            counts.0 += 1;
            counts.1 += usize::from(live);
        }
        // A set whose live folder sits beside its releases is found as it is.
        let beside = |child: &str| {
            roots.iter().any(|(folder, _, rank)| {
                matches!(rank, Rank::Live(_))
                    && pages.iter().any(|&id| {
                        let relative = &vault.notes[id].path[newest.0.len()..];
                        relative.starts_with(child) && vault.id_of(&format!("{folder}{relative}")).is_some()
                    })
            })
        };
        // One folder holding nearly all the newest release's pages: a
        // release of many sections is a copy of the whole tree, whose
        // sections are no roots of their own.
        let Some((&child, &(count, live))) = by_child.iter().max_by_key(|(_, (count, _))| *count) else {
            continue;
        };
        let one_folder = count * 10 >= pages.len() * 9;
        if !one_folder || count < 2 || live * 2 < count || beside(child) {
            continue;
        }
        if named_as_root(child) && !is_live_name(child) {
            continue;
        }
        let mut set: Vec<(String, String, Rank)> = releases
            .iter()
            .map(|(folder, name, rank)| (format!("{folder}{child}/"), name.clone(), rank.clone()))
            .collect();
        set.push((format!("{parent}{child}/"), child.to_string(), Rank::Live(1)));
        nested.push((parent.clone(), child.to_string(), set));
    }
    for (parent, child, set) in nested {
        // The releases, and the live folder, leave the parent's group: their
        // notes are placed by the nested set.
        if let Some(roots) = candidates.get_mut(&parent) {
            roots.retain(|(folder, _, _)| {
                !set.iter().any(|(nested, _, _)| nested.starts_with(folder.as_str()))
            });
        }
        for (folder, _, _) in &set {
            if under.contains_key(folder.as_str()) {
                continue;
            }
            let notes = notes_in(vault, folder);
            if let Some(&first) = notes.first() {
                under.insert(&vault.notes[first].path[..folder.len()], notes);
            }
        }
        candidates.insert(format!("{parent}*/{child}/"), set);
    }
}

/// Whether a folder's name is one a live copy goes by (`docs`, `next`).
fn is_live_name(name: &str) -> bool {
    matches!(rank(name), Some(Rank::Live(_)))
}

/// Daily and weekly notes share their paths from year to year without
/// being versions, and so do the notes filed in a week's or a month's
/// folder (`2023/W01/manifest.md`, `2024/W01/manifest.md`): they do not
/// count towards a set. A name mostly of digits is a period's.
fn periodic(relative: &str) -> bool {
    let stem = vaultlint_syntax::note::stem_of(relative);
    let folders = relative.rsplit_once('/').map_or("", |(folders, _)| folders);
    let dated = |name: &str| name.bytes().filter(u8::is_ascii_digit).count() * 2 > name.len();
    dated(stem) || !folders.is_empty() && folders.split('/').any(dated)
}

/// Whether a folder is named for a period (`2024/`, `2024-Q3/`, `2024-07/`,
/// a day):
/// it holds that period's notes (an election's statements and results, a
/// year's posts), each the record of its period, not a release of the
/// next period's. A vault that keeps a handbook's yearly editions in year
/// folders says so with a `[[supersede]]` rule; no guess retires a year.
fn period(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let year = |y: &str| vaultlint_syntax::names::year_folder(y).is_some();
    year(&lower)
        || lower.split_once("-q").is_some_and(|(y, q)| year(y) && matches!(q, "1" | "2" | "3" | "4"))
        || year_and_month(name)
        || vaultlint_core::date::parse_day(name).is_some()
}

/// `2024-07`: a month, as monthly release notes and reports are filed.
fn year_and_month(name: &str) -> bool {
    name.split_once('-').is_some_and(|(y, m)| {
        vaultlint_syntax::names::year_folder(y).is_some()
            && m.len() == 2
            && m.parse::<u8>().is_ok_and(|m| (1..=12).contains(&m))
    })
}

/// The order of two folders by the releases their names give (`1.0.1`
/// before `2.0.0-rc.1`), names that give none after, by name.
pub fn by_release(a: &str, b: &str) -> Ordering {
    let release = |path: &str| release_version(path.rsplit('/').next().unwrap_or(path));
    match (release(a), release(b)) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
    .then_with(|| a.cmp(b))
}

/// Whether a folder's name reads as a version root: a release, a year
/// or quarter, or a live copy (`docs`, `next`).
pub fn named_as_root(name: &str) -> bool {
    may_rank(name) && rank(name).is_some()
}

/// The version a folder's name gives as a release: neither a year, a
/// month nor a day (`2024/`, `2024-07/` and `2026-05-05/` are dates) nor a
/// live folder.
fn release_version(name: &str) -> Option<Release> {
    let year = vaultlint_syntax::names::year_folder(name).is_some()
        || year_and_month(name)
        || vaultlint_core::date::parse_day(name).is_some();
    match (!year && may_rank(name)).then(|| rank(name)).flatten() {
        Some(Rank::Version(release)) => Some(release),
        _ => None,
    }
}

/// The order of two paths filed under sibling folders named as versions
/// (`docs/v2.3/clustering.md` and `docs/v3.1/op-guide/clustering.md`)
/// that no set of roots holds, because too few of their pages match:
/// `Less` when `a`'s folder is the older, with the two folders' names,
/// older first. Years (`2024/`) are dates, not releases; live folders
/// (`docs`, `next`) are left to the sets, whose pages say what is live.
pub fn version_folders_order(a: &str, b: &str) -> Option<(Ordering, String, String)> {
    // The first folder the two paths part at, below one parent: each must
    // be a folder, not the file name.
    let parted = vaultlint_core::paths::parting(a, b)?;
    parted.below.0.and(parted.below.1)?;
    let (fx, fy) = parted.parts;
    let (vx, vy) = (release_version(fx)?, release_version(fy)?);
    match vx.cmp(&vy) {
        Ordering::Equal => None,
        Ordering::Less => Some((Ordering::Less, fx.to_string(), fy.to_string())),
        Ordering::Greater => Some((Ordering::Greater, fy.to_string(), fx.to_string())),
    }
}

/// Candidate roots by parent folder: per parent, its child folders that
/// read as version roots, `(folder/, name, rank)`; and the notes under
/// each. A Docusaurus site's `versioned_docs/version-X` folders join the
/// `docs` folder beside `versioned_docs`.
#[allow(clippy::type_complexity)]
fn candidate_roots(
    vault: &Vault,
) -> (BTreeMap<String, Vec<(String, String, Rank)>>, HashMap<&str, Vec<NoteId>>) {
    let mut ranks: HashMap<&str, Option<Rank>> = HashMap::new();
    let mut under: HashMap<&str, Vec<NoteId>> = HashMap::new();
    for (id, note) in vault.notes.iter().enumerate() {
        let mut start = 0;
        // Every folder of every note's path: memchr, not a `char` search.
        for slash in memchr::memchr_iter(b'/', note.path.as_bytes()) {
            let name = &note.path[start..slash];
            start = slash + 1;
            if !may_rank(name) {
                continue;
            }
            let folder = &note.path[..start];
            let rank = ranks.entry(folder).or_insert_with(|| rank(name).filter(|_| !period(name)));
            if rank.is_some() {
                under.entry(folder).or_default().push(id);
            }
        }
    }
    let mut by_parent: BTreeMap<String, Vec<(String, String, Rank)>> = BTreeMap::new();
    let mut docusaurus: HashMap<String, Vec<(String, String, Rank)>> = HashMap::new();
    for (folder, rank) in ranks {
        let Some(rank) = rank else { continue };
        let trimmed = &folder[..folder.len() - 1];
        let (parent, name) = trimmed.rsplit_once('/').map_or(("", trimmed), |(p, n)| (p, n));
        let parent = if parent.is_empty() { String::new() } else { format!("{parent}/") };
        let entry = (folder.to_string(), name.to_string(), rank);
        match parent.strip_suffix("versioned_docs/") {
            Some(site) if matches!(entry.2, Rank::Version(_)) => {
                docusaurus.entry(site.to_string()).or_default().push(entry)
            }
            _ => by_parent.entry(parent).or_default().push(entry),
        }
    }
    for (site, mut versions) in docusaurus {
        // A second docs instance (`kusion_versioned_docs/` for the plugin
        // instance `kusion`) keeps its live pages where its config says
        // (`docs/kusion/`), in a folder named as no live folder is: it is
        // the set's live copy all the same.
        let instance = site.strip_suffix('_').and_then(|id| live_instance(vault, &under, &versions, id));
        if let Some((live, pages)) = instance {
            let name = live.trim_end_matches('/').rsplit('/').next().unwrap_or_default().to_string();
            under.insert(&vault.notes[pages[0]].path[..live.len()], pages);
            versions.push((live, name, Rank::Live(1)));
            by_parent.insert(format!("{site}versioned_docs/"), versions);
            continue;
        }
        // The live docs sit beside `versioned_docs` by default; a site in
        // its own folder (`website/`) often keeps them one level up
        // (`docs.path: '../docs'`), at the repository's root.
        let up = parent_folder(&site);
        let places = [site.clone()].into_iter().chain((!site.is_empty()).then_some(up));
        let mut found = false;
        for parent in places {
            let live = format!("{parent}docs/");
            // A site kept in a `docs/` folder of its own holds
            // `versioned_docs/` there: that folder is the site's.
            if site.starts_with(&live) {
                continue;
            }
            if let Some(pos) = by_parent.get(&parent).and_then(|c| c.iter().position(|(f, _, _)| *f == live))
            {
                let docs = by_parent.get_mut(&parent).expect("found above").remove(pos);
                versions.push(docs);
                found = true;
                break;
            }
        }
        // Elsewhere, its config put them (`path: 'main'`): the folder that
        // holds the newest release's pages.
        if !found && let Some((live, pages)) = live_by_pages(vault, &under, &versions) {
            let name = live.trim_end_matches('/').rsplit('/').next().unwrap_or_default().to_string();
            under.insert(&vault.notes[pages[0]].path[..live.len()], pages);
            versions.push((live, name, Rank::Live(1)));
        }
        by_parent.insert(format!("{site}versioned_docs/"), versions);
    }
    (by_parent, under)
}

/// The live folder of the docs instance `id` (`site/kusion`, after its
/// `site/kusion_versioned_docs/`), with its notes: the folder named by the
/// instance (`docs/kusion/`, `kusion/`) where there is one, else the one
/// that holds the newest version's pages ([`live_by_pages`]).
fn live_instance(
    vault: &Vault,
    under: &HashMap<&str, Vec<NoteId>>,
    versions: &[(String, String, Rank)],
    id: &str,
) -> Option<(String, Vec<NoteId>)> {
    let (base, name) = id.rsplit_once('/').map_or(("", id), |(base, name)| (base, name));
    let base = if base.is_empty() { String::new() } else { format!("{base}/") };
    // An instance named as a live folder (`docs_versioned_docs/`) names
    // no folder of its own: `docs/` holds every instance's pages.
    for folder in
        [format!("{base}docs/{name}/"), format!("{base}{name}/")].into_iter().filter(|_| !named_as_root(name))
    {
        let notes = notes_in(vault, &folder);
        if !notes.is_empty() {
            return Some((folder, notes));
        }
    }
    live_by_pages(vault, under, versions)
}

/// The notes under `folder`.
fn notes_in(vault: &Vault, folder: &str) -> Vec<NoteId> {
    (0..vault.notes.len()).filter(|&n| vault.notes[n].path.starts_with(folder)).collect()
}

/// The one folder outside `versions` and outside translations that holds
/// at least half the pages of the newest version under the same relative
/// paths, with its notes: a docs instance's live folder, wherever the
/// site's config put it.
fn live_by_pages(
    vault: &Vault,
    under: &HashMap<&str, Vec<NoteId>>,
    versions: &[(String, String, Rank)],
) -> Option<(String, Vec<NoteId>)> {
    let (newest, _, _) = versions.iter().max_by(|a, b| a.2.cmp(&b.2))?;
    let pages = under.get(newest.as_str())?;
    let relative: HashSet<&str> = pages.iter().map(|&id| &vault.notes[id].path[newest.len()..]).collect();
    let in_versions = |path: &str| {
        path.starts_with("i18n/")
            || path.contains("/i18n/")
            || versions.iter().any(|(folder, _, _)| path.starts_with(folder.as_str()))
    };
    let mut holds: HashMap<&str, usize> = HashMap::new();
    for note in vault.notes.iter().filter(|n| !in_versions(&n.path)) {
        for slash in memchr::memchr_iter(b'/', note.path.as_bytes()) {
            if relative.contains(&note.path[slash + 1..]) {
                *holds.entry(&note.path[..slash + 1]).or_default() += 1;
            }
        }
    }
    let (folder, &count) = holds.iter().max_by(|a, b| a.1.cmp(b.1).then_with(|| b.0.cmp(a.0)))?;
    if count * 2 < relative.len() || holds.values().filter(|&&n| n == count).count() > 1 {
        return None;
    }
    Some((folder.to_string(), notes_in(vault, folder)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;
    use vaultlint_syntax::note::Note;

    fn vault(paths: &[&str]) -> Vault {
        let notes = paths.iter().map(|p| Note::parse(p.to_string(), "# Page\n")).collect();
        Vault::from_notes(PathBuf::from("/v"), notes)
    }

    #[test]
    fn names_read_as_versions_in_numeric_order() {
        let mut names = [
            "2.10",
            "v2",
            "2.9",
            "_dev",
            "version-0.77",
            "2024-Q3",
            "1.x",
            "current",
            "next",
            "docs",
            "version-v0.8.2",
        ];
        names.sort_by_key(|n| rank(n).unwrap());
        assert_eq!(
            names,
            [
                "version-v0.8.2",
                "version-0.77",
                "1.x",
                "v2",
                "2.9",
                "2.10",
                "2024-Q3",
                "current",
                "docs",
                "_dev",
                "next"
            ]
        );
        // A major line written without its dot, as Express's docs are filed.
        assert_eq!(rank("4x"), rank("4.x"));
        assert_eq!(rank("version-10.x.x"), rank("10.x"));
        assert!(rank("version-9.x.x") < rank("version-10.x.x") && rank("x.x").is_none());
        assert!(
            rank("4x") < rank("5x") && rank("5x").is_some() && rank("x").is_none() && rank("4xl").is_none()
        );
        // An edge folder is live and newest, with or without its release line.
        assert_eq!(rank("2-edge"), Some(Rank::Live(2)));
        assert_eq!(rank("edge"), Some(Rank::Live(2)));
        // A site that writes its next release in `develop/`.
        assert!(rank("v0.60.x") < rank("develop") && rank("develop") == Some(Rank::Live(2)));
        assert!(rank("2.19") < rank("docs") && rank("docs") < rank("2-edge"));
        // Releases of the docs folder named after it.
        assert_eq!(rank("v1.15-docs"), Some(Rank::Version(Release::of(vec![1, 15]))));
        assert!(rank("v1.9-docs") < rank("v1.10-docs") && rank("v1.10-docs") < rank("docs"));
        // Pre-releases before their release, after the one before it.
        let mut names =
            vec!["version-2.0.0", "version-2.0.0-rc.4", "version-1.2.0-rc.1", "version-2.0.0-beta.3"];
        names.extend(["version-1.1.1", "version-2.0.0-rc.1", "version-2.0.0-beta.10", "v2.0.0-alpha"]);
        names.sort_by_key(|n| rank(n).unwrap());
        assert_eq!(
            names,
            [
                "version-1.1.1",
                "version-1.2.0-rc.1",
                "v2.0.0-alpha",
                "version-2.0.0-beta.3",
                "version-2.0.0-beta.10",
                "version-2.0.0-rc.1",
                "version-2.0.0-rc.4",
                "version-2.0.0"
            ]
        );
        for not in
            ["guides", "v", "2.0beta", "", "1..2", "-docs", "v-docs", "10-docs", "01_docs", "2.0-notes"]
        {
            assert_eq!(rank(not), None, "{not}");
        }
    }

    #[test]
    fn sibling_version_folders_order_two_paths() {
        let order = version_folders_order("docs/v3.1/op-guide/clustering.md", "docs/v2.3/clustering.md");
        assert_eq!(order, Some((Ordering::Greater, "v2.3".to_string(), "v3.1".to_string())));
        assert_eq!(
            version_folders_order("a/1.x/p.md", "a/2.x/p.md"),
            Some((Ordering::Less, "1.x".to_string(), "2.x".to_string()))
        );
        // `v2.1.x` is the latest of 2.1: after `v2.1.0`, before `v2.2.0`.
        for (older, newer) in [("version-v2.1.0", "version-v2.1.x"), ("version-v2.1.x", "version-v2.2.0")] {
            let order = version_folders_order(&format!("d/{older}/p.md"), &format!("d/{newer}/p.md"));
            assert_eq!(order, Some((Ordering::Less, older.to_string(), newer.to_string())));
        }
        for (a, b) in [
            ("notes/2024/p.md", "notes/2025/p.md"),
            ("docs/v2/p.md", "docs/next/p.md"),
            ("docs/v2/p.md", "docs/v2/q/p.md"),
            ("docs/v2.md", "docs/v3.md"),
            ("v2/p.md", "guides/p.md"),
        ] {
            assert_eq!(version_folders_order(a, b), None, "{a} {b}");
        }
    }

    #[test]
    fn a_release_whose_pages_moved_after_it_joins_the_releases_beside_it() {
        // v1.9 shares two of its six pages with the later releases (their
        // sections were renamed in 2.0). Year folders that share as few
        // stay out, and so does such a release beside a single other root.
        let mut paths = vec!["docs/v1.9/intro.md", "docs/v1.9/install.md"];
        paths.extend(["a", "b", "c", "d"].map(|p| format!("docs/v1.9/concepts/{p}.md").leak() as &str));
        for root in ["docs/v2.0", "docs/v2.1", "docs/next"] {
            let pages = ["intro.md", "install.md", "guides/a.md", "guides/b.md"];
            paths.extend(pages.map(|p| format!("{root}/{p}").leak() as &str));
        }
        for year in ["2024", "2025", "2026"] {
            let own = ["a", "b", "c", "d"].map(|p| format!("notes/{year}/{p}-{}.md", &year[3..]));
            paths.extend(["intro", "install"].map(|p| format!("notes/{year}/{p}.md").leak() as &str));
            paths.extend(own.map(|p| p.leak() as &str));
        }
        let roots = VersionRoots::find(&vault(&paths));
        assert_eq!(roots.sets.len(), 1, "{:?}", roots.sets);
        assert_eq!(roots.sets[0].names, ["v1.9", "v2.0", "v2.1", "next"]);
        let two: Vec<&str> =
            paths.iter().filter(|p| p.contains("v1.9") || p.contains("next")).copied().collect();
        assert!(VersionRoots::find(&vault(&two)).sets.is_empty());
    }

    #[test]
    fn sibling_roots_sharing_pages_make_a_set() {
        let v = vault(&[
            "site/1.0/intro.md",
            "site/1.0/setup.md",
            "site/2.0/intro.md",
            "site/2.0/setup.md",
            "site/2.0/new.md",
            "site/_dev/intro.md",
            "site/_dev/setup.md",
            "site/_dev/new.md",
            "journal/2024/01-05.md",
            "journal/2025/01-05.md",
        ]);
        let roots = VersionRoots::find(&v);
        assert_eq!(roots.sets.len(), 1, "{:?}", roots.sets);
        assert_eq!(roots.sets[0].names, ["1.0", "2.0", "_dev"]);
        let intro = |p: &str| v.id_of(p).unwrap();
        assert_eq!(
            roots.order(intro("site/1.0/intro.md"), intro("site/_dev/intro.md")),
            Some(Ordering::Less)
        );
        assert_eq!(roots.families().len(), 3);
        assert_eq!(roots.families()[1], [intro("site/2.0/new.md"), intro("site/_dev/new.md")]);
    }

    #[test]
    fn docusaurus_versioned_docs_join_docs() {
        let v = vault(&[
            "docs/intro.md",
            "docs/api.md",
            "versioned_docs/version-3.13/intro.md",
            "versioned_docs/version-3.13/api.md",
            "versioned_docs/version-3.2/intro.md",
            "versioned_docs/version-3.2/api.md",
        ]);
        let roots = VersionRoots::find(&v);
        assert_eq!(roots.sets.len(), 1);
        assert_eq!(
            roots.sets[0].roots,
            ["versioned_docs/version-3.2/", "versioned_docs/version-3.13/", "docs/"]
        );
        assert_eq!(roots.sets[0].frozen, [true, true, false]);
    }

    #[test]
    fn docusaurus_docs_join_however_many_pages_they_added() {
        let mut paths = vec!["versioned_docs/version-3.x/intro.md", "versioned_docs/version-3.x/api.md"];
        paths.extend(["docs/intro.md", "docs/api.md", "docs/a.md", "docs/b.md", "docs/c.md", "docs/d.md"]);
        let v = vault(&paths);
        let roots = VersionRoots::find(&v);
        assert_eq!(roots.sets[0].roots, ["versioned_docs/version-3.x/", "docs/"]);
        let id = |p: &str| v.id_of(p).unwrap();
        assert!(roots.frozen(id("versioned_docs/version-3.x/api.md")));
        assert!(!roots.frozen(id("docs/a.md")));
    }

    #[test]
    fn a_docusaurus_site_in_its_own_folder_joins_the_docs_one_level_up() {
        let v = vault(&[
            "docs/intro.md",
            "docs/api.md",
            "website/versioned_docs/version-29.7/intro.md",
            "website/versioned_docs/version-29.7/api.md",
            "website/versioned_docs/version-30.0/intro.md",
            "website/versioned_docs/version-30.0/api.md",
            "website/blog/docs/notes.md",
        ]);
        let roots = VersionRoots::find(&v);
        assert_eq!(roots.sets.len(), 1);
        assert_eq!(
            roots.sets[0].roots,
            ["website/versioned_docs/version-29.7/", "website/versioned_docs/version-30.0/", "docs/"]
        );
        assert_eq!(roots.sets[0].frozen, [true, true, false]);
    }

    #[test]
    fn the_roots_after_the_latest_release_are_unreleased_where_their_names_or_site_say_so() {
        let unreleased = |names: &[&str], live: LiveFolder| {
            let kept: Vec<(String, String, Rank)> =
                names.iter().map(|n| (format!("docs/{n}/"), n.to_string(), rank(n).unwrap())).collect();
            unreleased_roots(&kept, live)
        };
        assert_eq!(unreleased(&["1.0", "1.1", "next"], LiveFolder::Named), [false, false, true]);
        assert_eq!(unreleased(&["1.0", "1.1", "2.0.0-rc.1"], LiveFolder::Named), [false, false, true]);
        assert_eq!(unreleased(&["1.0", "2.0.0-rc.1", "_dev"], LiveFolder::Named), [false, true, true]);
        // Released live folders, and live folders with no release before them.
        assert_eq!(unreleased(&["1.0", "1.1", "latest"], LiveFolder::Named), [false, false, false]);
        assert_eq!(unreleased(&["1.0", "1.1", "2-edge"], LiveFolder::Named), [false, false, false]);
        assert_eq!(unreleased(&["1.0", "1.1", "4-next"], LiveFolder::Named), [false, false, true]);
        assert_eq!(unreleased(&["stable", "next"], LiveFolder::Named), [false, false]);
        assert_eq!(unreleased(&["1.0-beta", "next"], LiveFolder::Named), [false, false]);
        // A Docusaurus site's live folder is as its config says, whatever its name.
        let site = |unreleased| LiveFolder::Docusaurus { unreleased };
        assert_eq!(unreleased(&["version-1.0", "docs"], site(true)), [false, true]);
        assert_eq!(unreleased(&["version-1.0", "main"], site(false)), [false, false]);
    }

    #[test]
    fn an_edge_folder_is_the_newest_root_and_frozen_copies_are_older_than_live_pages() {
        let v = vault(&[
            "2.18/intro.md",
            "2.18/setup.md",
            "2.19/intro.md",
            "2.19/setup.md",
            "docs/intro.md",
            "docs/setup.md",
            "2-edge/intro.md",
            "2-edge/setup.md",
            "blog/setup-guide.md",
            "1.0/setup.md",
            "wip-docs/setup.md",
            "archive/setup.md",
        ]);
        let roots = VersionRoots::find(&v);
        assert_eq!(roots.sets[0].names, ["2.18", "2.19", "docs", "2-edge"]);
        assert_eq!(roots.sets[0].frozen, [true, true, false, false]);
        let id = |p: &str| v.id_of(p).unwrap();
        assert_eq!(roots.order(id("docs/intro.md"), id("2-edge/intro.md")), Some(Ordering::Less));
        assert_eq!(
            roots.release_order(id("blog/setup-guide.md"), id("2.18/setup.md")),
            Some(Ordering::Greater)
        );
        assert_eq!(roots.release_order(id("blog/setup-guide.md"), id("2-edge/setup.md")), None);
        // A release folder left out of the set is no live page, nor is a
        // folder of drafts or of old notes.
        assert_eq!(roots.release_order(id("1.0/setup.md"), id("2.18/setup.md")), None);
        assert_eq!(roots.release_order(id("2.18/setup.md"), id("wip-docs/setup.md")), None);
        assert_eq!(roots.release_order(id("archive/setup.md"), id("2.19/setup.md")), None);
    }

    #[test]
    fn releases_under_an_archive_folder_join_the_set_beside_it() {
        let v = vault(&[
            "docs/archive/1.0/intro.md",
            "docs/archive/1.0/setup.md",
            "docs/archive/2.0/intro.md",
            "docs/archive/2.0/setup.md",
            "docs/3.0/intro.md",
            "docs/3.0/setup.md",
            "docs/4.0/intro.md",
            "docs/4.0/setup.md",
        ]);
        let roots = VersionRoots::find(&v);
        assert_eq!(roots.sets.len(), 1);
        assert_eq!(roots.sets[0].names, ["1.0", "2.0", "3.0", "4.0"]);
        assert_eq!(roots.sets[0].frozen, [true, true, true, false]);
    }

    #[test]
    fn releases_in_an_archived_folder_beside_the_set_join_it() {
        let v = vault(&[
            "versioned_docs_archived/version-8.x/intro.md",
            "versioned_docs_archived/version-8.x/setup.md",
            "versioned_docs_archived/version-9.x/intro.md",
            "versioned_docs_archived/version-9.x/setup.md",
            "versioned_docs/version-10.x/intro.md",
            "versioned_docs/version-10.x/setup.md",
            "docs/intro.md",
            "docs/setup.md",
        ]);
        let roots = VersionRoots::find(&v);
        assert_eq!(roots.sets.len(), 1);
        assert_eq!(roots.sets[0].names, ["version-8.x", "version-9.x", "version-10.x", "docs"]);
        assert_eq!(roots.sets[0].frozen, [true, true, true, false]);
    }
}
