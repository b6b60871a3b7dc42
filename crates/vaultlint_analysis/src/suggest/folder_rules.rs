//! `[[supersede]]` tables to suggest: release folders whose copies were
//! paired, and that no folder rule retires yet, are settled by one table
//! each instead of a pair per page.

use super::Pair;
use serde::Serialize;
use std::collections::{BTreeSet, HashSet};
use vaultlint_model::folder_rule::FolderRule;
use vaultlint_model::vault::{NoteId, Vault};
use vaultlint_model::version_roots::{self, VersionRoots};

/// A `[[supersede]]` table to add to the config.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct FolderRuleSuggestion {
    /// The glob of the older roots.
    pub older: String,
    /// The newest root.
    pub newer: String,
    /// The older roots, oldest first.
    pub roots: Vec<String>,
    /// How many older copies the table retires.
    pub copies: usize,
}

impl FolderRuleSuggestion {
    /// `19 release folders (api/v1/ to api/v19/) hold 114 older copies of
    /// pages in api/latest/`.
    pub fn describe(&self) -> String {
        let roots = match &self.roots[..] {
            [one] => format!("{one}/ holds"),
            [a, b] => format!("2 release folders ({a}/, {b}/) hold"),
            [first, .., last] => format!("{} release folders ({first}/ to {last}/) hold", self.roots.len()),
            [] => String::new(),
        };
        format!("{roots} {} older copies of pages in {}/", self.copies, self.newer)
    }

    /// The table, as it goes into `vaultlint.toml`.
    pub fn table(&self) -> String {
        format!("[[supersede]]\nolder = {}\nnewer = {}\n", toml_string(&self.older), toml_string(&self.newer))
    }
}

/// A TOML basic string.
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// The tables that would settle the copies among `pairs`, whose pairs
/// are taken out of `pairs`: one table says it for them all.
/// A table the config holds already is never suggested again (its copies
/// left are ones it cannot settle, and are listed as pairs).
/// So is a pair the table settles though a copy of it is under a folder
/// that joined no set (a release folder of one page): it retires both in
/// favour of one page, or the one in favour of the other.
pub(super) fn take_folder_rules(
    pairs: &mut Vec<Pair>,
    vault: &Vault,
    roots: &VersionRoots,
    existing: &[FolderRule],
) -> Vec<FolderRuleSuggestion> {
    let mut folders = folder_rules(roots, pairs);
    folders.retain(|(_, f)| !existing.iter().any(|r| r.older == f.older && r.newer == f.newer));
    let proposed: HashSet<usize> = folders.iter().map(|(set, _)| *set).collect();
    let rules: Vec<FolderRule> = folders.into_iter().map(|(_, rule)| rule).collect();
    // What the tables would retire, as the config would apply them: their
    // globs also take release folders too small to join a set.
    let covered = version_roots::cover(vault, &rules);
    let suggestions = rules
        .iter()
        .enumerate()
        .map(|(i, rule)| {
            let copies: Vec<&str> = (covered.successor.iter().enumerate())
                .filter(|(_, by)| by.is_some_and(|(_, by_rule)| by_rule == i))
                .filter_map(|(id, _)| Some(rule.older_copy(&vault.notes[id].path)?.0))
                .collect();
            let mut older: Vec<String> = copies.iter().map(|f| f.trim_end_matches('/').to_string()).collect();
            older.sort_by(|a, b| version_roots::by_release(a, b));
            older.dedup();
            FolderRuleSuggestion {
                older: rule.older.clone(),
                newer: rule.newer.clone(),
                roots: older,
                copies: copies.len(),
            }
        })
        .collect();
    let successor = |id: NoteId| covered.successor.get(id).copied().flatten().map(|(to, _)| to);
    pairs.retain(|p| {
        let (a, b) = (p.older, p.newer);
        // Both retired in favour of one page, or one in favour of the
        // other; a page renamed between two releases is still a pair.
        let settled = successor(a).is_some() && successor(a) == successor(b)
            || successor(a) == Some(b)
            || successor(b) == Some(a);
        roots.order(a, b).is_none_or(|_| !proposed.contains(&set_of(roots, a))) && !settled
    });
    suggestions
}

/// The set of version roots a note is under; `usize::MAX` for none.
fn set_of(roots: &VersionRoots, id: NoteId) -> usize {
    roots.placed[id].as_ref().map_or(usize::MAX, |p| p.set)
}

/// The sets of version roots whose copies were paired, and that no folder
/// rule covers yet: a `[[supersede]]` table for each (with its set).
fn folder_rules(roots: &VersionRoots, pairs: &[Pair]) -> Vec<(usize, FolderRule)> {
    let paired: BTreeSet<usize> = (pairs.iter())
        .filter(|p| roots.order(p.older, p.newer).is_some())
        .map(|p| set_of(roots, p.older))
        .collect();
    paired
        .into_iter()
        .filter_map(|set_id| {
            // The newest root in force: the latest release, where roots
            // of releases not yet made come after it. Those stay out of
            // the table, neither retired nor retiring.
            let set = &roots.sets[set_id];
            let released = set.unreleased.iter().take_while(|u| !**u).count();
            let all = &set.roots[..released];
            let (newest, older) = all.split_last()?;
            (!older.is_empty()).then_some(())?;
            let newest = newest.trim_end_matches('/').to_string();
            let older: Vec<String> = older.iter().map(|r| r.trim_end_matches('/').to_string()).collect();
            let retires =
                |rule: &FolderRule, root: &str| rule.successor_path(&format!("{root}x.md")).is_some();
            let glob = glob_for(&older, &newest);
            let mut rule = FolderRule::new(&glob, &newest).ok()?;
            // A glob that would also take an unreleased root's copies
            // (`[0-9]*` and `2.0.0-rc.1/`) lists the older roots instead.
            if set.roots[released..].iter().any(|root| retires(&rule, root)) {
                // `globset::escape` leaves `,`, which splits a `{…}` list.
                let listed: Vec<String> =
                    older.iter().map(|r| globset::escape(r).replace(',', "[,]")).collect();
                let glob = match &listed[..] {
                    [one] => one.clone(),
                    _ => format!("{{{}}}", listed.join(",")),
                };
                rule = FolderRule::new(&glob, &newest).ok()?;
            }
            // A rule that would also retire the newest copies, or the
            // unreleased ones, or that misses an older root, is no rule.
            let retires_none = !retires(&rule, &format!("{newest}/"))
                && !set.roots[released..].iter().any(|root| retires(&rule, root));
            let retires_all = set.roots[..released - 1].iter().all(|root| retires(&rule, root));
            (retires_none && retires_all).then_some((set_id, rule))
        })
        .collect()
}

/// A glob for older roots under several parents (major versions' folders,
/// `docs/v1/1.76` and `docs/v2/2.0` to `docs/v2/2.20`): each parent's own
/// glob, after the folders they all share (`docs/{v1/[0-9]*,v2/[0-9]*}`);
/// every root listed where that glob would not do.
fn across_parents(older: &[String], newest: &str) -> String {
    let parent_of = |root: &str| root.rsplit_once('/').map_or("", |(p, _)| p).to_string();
    let mut groups: Vec<Vec<String>> = Vec::new();
    for root in older {
        match groups.last_mut() {
            Some(group) if parent_of(&group[0]) == parent_of(root) => group.push(root.clone()),
            _ => groups.push(vec![root.clone()]),
        }
    }
    let listed = || format!("{{{}}}", older.iter().map(|r| globset::escape(r)).collect::<Vec<_>>().join(","));
    // Braces do not nest: a parent listing its roots lists them here.
    let mut parts: Vec<String> = Vec::new();
    for group in &groups {
        let glob = glob_for(group, newest);
        if glob.contains('{') {
            parts.extend(group.iter().map(|r| globset::escape(r)));
        } else {
            parts.push(glob);
        }
    }
    // The folders every part starts with.
    let shared = parts[0].split('/').count();
    let shared = (0..shared)
        .take_while(|&i| {
            let at = |p: &String| p.split('/').nth(i).map(str::to_string);
            parts.iter().all(|p| at(p) == at(&parts[0]) && p.split('/').count() > i + 1)
        })
        .count();
    let outer: Vec<&str> = parts[0].split('/').take(shared).collect();
    let inner: Vec<String> =
        parts.iter().map(|p| p.split('/').skip(shared).collect::<Vec<_>>().join("/")).collect();
    let glob = match outer.is_empty() {
        true => format!("{{{}}}", inner.join(",")),
        false => format!("{}/{{{}}}", outer.join("/"), inner.join(",")),
    };
    let matcher = globset::Glob::new(&glob).map(|g| g.compile_matcher());
    let fits = matcher.is_ok_and(|m| older.iter().all(|r| m.is_match(r)) && !m.is_match(newest));
    if fits { glob } else { listed() }
}

/// A glob that matches the older roots and not the newest: their shared
/// name prefix and the version's digit (`versioned_docs/version-[0-9]*`,
/// `api/v[0-9]*`), `[0-9]*` for bare numbers, else the names listed
/// (`site/{1.0,2.0}`); under several parents, see [`across_parents`].
fn glob_for(older: &[String], newest: &str) -> String {
    fn parent_of(root: &str) -> &str {
        root.rsplit_once('/').map_or("", |(p, _)| p)
    }
    let (parents, names): (Vec<&str>, Vec<&str>) =
        older.iter().map(|r| r.rsplit_once('/').unwrap_or(("", r.as_str()))).unzip();
    let parent = parents[0];
    let prefix = |p: &str| if p.is_empty() { String::new() } else { format!("{p}/") };
    let escape = |n: &str| globset::escape(n);
    let newest_name = newest.rsplit_once('/').map_or(newest, |(_, n)| n);
    if parents.iter().any(|p| *p != parent) {
        // Releases each holding a copy of one live folder
        // (`content/v0.18/docs` beside `content/docs`): the releases' glob,
        // then that folder.
        let (outer, tail) = newest.rsplit_once('/').unwrap_or(("", newest));
        let nested = names.iter().all(|n| *n == tail) && parents.iter().all(|p| parent_of(p) == outer);
        if nested && !outer.is_empty() {
            let glob = format!(
                "{}/{tail}",
                glob_for(&parents.iter().map(|p| p.to_string()).collect::<Vec<_>>(), outer)
            );
            let matcher = globset::Glob::new(&glob).map(|g| g.compile_matcher());
            if matcher.is_ok_and(|m| older.iter().all(|r| m.is_match(r)) && !m.is_match(newest)) {
                return glob;
            }
        }
        return across_parents(older, newest);
    }
    let common: String = names[0]
        .chars()
        .enumerate()
        .take_while(|(i, c)| names.iter().all(|n| n.chars().nth(*i) == Some(*c)))
        .map(|(_, c)| c)
        .take_while(|c| !c.is_ascii_digit())
        .collect();
    let fits = |glob: &str| {
        let matcher = globset::Glob::new(glob).map(|g| g.compile_matcher());
        matcher.is_ok_and(|m| names.iter().all(|n| m.is_match(n)) && !m.is_match(newest_name))
    };
    // The prefix with the version's digit where every name goes on with
    // one: `v*` would also retire a `videos/` folder beside them, and
    // `release-*` a `release-notes/` one.
    let digit = names.iter().all(|n| n[common.len()..].starts_with(|c: char| c.is_ascii_digit()));
    let rest = if digit { "[0-9]*" } else { "*" };
    let candidates = [format!("{}{rest}", escape(&common)), "[0-9]*".to_string()];
    match candidates.iter().find(|g| !g.starts_with('*') && fits(g)) {
        Some(glob) => format!("{}{glob}", prefix(parent)),
        None if names.len() == 1 => format!("{}{}", prefix(parent), escape(names[0])),
        None => {
            format!("{}{{{}}}", prefix(parent), names.iter().map(|n| escape(n)).collect::<Vec<_>>().join(","))
        }
    }
}
