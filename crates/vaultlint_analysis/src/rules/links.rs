//! `links-to-superseded`: a note still in use that links in its body to a
//! retired note sends readers, and retrievers that follow links, to the
//! old text. The fix points the link at the note in force at the end of
//! the chain, keeping its heading and label; in a note that records its
//! day (a daily note, a release copy) the fix is unsafe, since the link
//! is what was linked then, and so it is for a link to a heading or block
//! (which the new note may not have). `links-to-corrected` (off by default): a link
//! to a corrected note that does not also reach its corrections.

use crate::suggest::exclusions::RecordFolders;
use vaultlint_core::code::Code;
use vaultlint_core::diagnostic::{Applicability, Diagnostic, Edit, Fix};
use vaultlint_model::lifecycle::Lifecycle;
use vaultlint_model::vault::{NoteId, Resolution, Vault};
use vaultlint_syntax::link::BodyLink;
use vaultlint_syntax::names;

/// What the rule works out for the whole vault only when a finding asks:
/// most runs have no link to a retired note.
struct Lazy<'v> {
    /// The vault, and its release folders, found once for every rule
    /// that asks.
    cx: &'v super::Context<'v>,
    records: std::sync::OnceLock<RecordFolders>,
    /// The steps both their notes declare (see
    /// [`vaultlint_model::graph::Graph::named_back`]).
    named_back: std::sync::OnceLock<std::collections::HashSet<(NoteId, NoteId)>>,
}

impl Lazy<'_> {
    /// Whether the note `id` is a release kept as history: the note its
    /// `superseded_by` names names it back in its `supersedes`.
    fn kept_as_history(&self, id: NoteId) -> bool {
        let graph = self.cx.graph;
        let named_back = self.named_back.get_or_init(|| graph.named_back());
        graph.edges[id].iter().any(|e| e.rule.is_none() && named_back.contains(&(e.to, id)))
    }

    /// The folders of numbered records.
    fn records(&self) -> &RecordFolders {
        let vault = self.cx.vault;
        self.records.get_or_init(|| RecordFolders::of(vault, &vec![true; vault.notes.len()]))
    }

    /// Whether note `id` is a record of its day: an entry of a periodic
    /// series (configured, or named by a day, week or month), or a copy in
    /// a release folder a newer one replaced. Its links are what it linked
    /// then, so rewriting one rewrites the record: an unsafe fix.
    fn of_its_day(&self, id: NoteId) -> bool {
        let vault = self.cx.vault;
        let note = &vault.notes[id];
        vault.config.obsidian.series_of(&note.path).is_some()
            || vaultlint_syntax::names::path_info(&note.path, note.stem())
                .name_markers()
                .iter()
                .any(vaultlint_syntax::names::Marker::is_period)
            || in_release_folder(&note.path) && self.cx.roots().frozen(id)
    }
}

/// Whether a folder of `path` is named as a release or a live copy: only
/// then can the note be a frozen copy, and the vault's release folders (a
/// pass over every note) are worth finding.
pub(super) fn in_release_folder(path: &str) -> bool {
    let folders = path.rsplit_once('/').map_or("", |(folders, _)| folders);
    !folders.is_empty() && folders.split('/').any(vaultlint_model::version_roots::named_as_root)
}

/// Reports the links of the notes `wanted` marks.
pub fn check(cx: &super::Context, out: &mut Vec<Diagnostic>) {
    let (vault, life, wanted) = (cx.vault, cx.life(), &cx.wanted[..]);
    let lazy = Lazy { cx, records: std::sync::OnceLock::new(), named_back: std::sync::OnceLock::new() };
    // Every link of every note is resolved.
    super::note_by_note(vault, |id| of_note(vault, life, wanted, &lazy, id), out);
}

/// Whether two paths are under one older folder of a `[[supersede]]` rule.
fn one_older_folder(vault: &Vault, a: &str, b: &str) -> bool {
    vault.config.folder_rules.iter().any(|rule| match (rule.older_copy(a), rule.older_copy(b)) {
        (Some((x, _)), Some((y, _))) => x == y,
        _ => false,
    })
}

/// The findings on the links of the note `id`.
fn of_note(vault: &Vault, life: &Lifecycle, wanted: &[bool], lazy: &Lazy, id: NoteId) -> Vec<Diagnostic> {
    let note = &vault.notes[id];
    let mut out = Vec::new();
    // A retired note is history: its links stay as they were written.
    if !wanted[id] || life.states[id].standing.is_retired() {
        return out;
    }
    let targets: Vec<Option<NoteId>> = note
        .links
        .iter()
        .map(|link| match vault.resolve_target(id, link.parsed()) {
            Resolution::Note(target) => Some(target),
            _ => None,
        })
        .collect();
    for (link, &target) in note.links.iter().zip(&targets) {
        let Some(target) = target else { continue };
        let state = &life.states[target];
        if state.standing == vaultlint_model::lifecycle::Standing::Corrected {
            let by = &life.corrections[target];
            if !by.contains(&id) && !by.iter().any(|c| targets.contains(&Some(*c))) {
                out.push(to_corrected(vault, id, link, target, by));
            }
            continue;
        }
        // A note may name the versions it replaced, as history; and a page
        // of a release folder links to its own release's pages, which a
        // `[[supersede]]` rule retires with it: the release as published.
        // A note retired by its status alone (`deprecated`, `superseded by
        // ADR-0018` as words), with nothing in force in its place, is a
        // record others cite and index as history: no link to it is wrong.
        let replaced_by_nothing =
            state.standing == vaultlint_model::lifecycle::Standing::Superseded && state.current.is_empty();
        if target == id
            || !state.standing.is_retired()
            || replaced_by_nothing
            || state.current.contains(&id)
            || one_older_folder(vault, &note.path, &vault.notes[target].path)
        {
            continue;
        }
        // A record (a proposal, a decision record) cites another as it
        // stood when it was written: records are dated documents, and a
        // later one replacing the cited one does not change the citation.
        let records = lazy.records();
        if records.holds(note.folder()) && records.holds(vault.notes[target].folder()) {
            continue;
        }
        // A link to `Migrate-v1.0.0` where `Migrate-v1.2.1` is in force, in
        // a vault that keeps its releases as a history both ways (v1.0.0's
        // successor names it back), names the release it means, as a bug
        // report cites the version it was found in: the link is pinned.
        if let [current] = state.current[..]
            && releases_of_one_name(vault.notes[target].stem(), vault.notes[current].stem())
            && lazy.kept_as_history(target)
        {
            continue;
        }
        let old = &vault.notes[target].path;
        let current: Vec<&str> = state.current.iter().map(|&c| vault.notes[c].path.as_str()).collect();
        let mut message = format!("links to `{old}`, which {}", state.standing.describe());
        let of_its_day = current.len() == 1 && lazy.of_its_day(id);
        // The fix asks to be asked for where the link may be meant as it is.
        let unsafe_fix = of_its_day || link.anchored;
        let help = match current.as_slice() {
            [] => "no note in force replaces it; remove the link, or point it at the note that took over"
                .to_string(),
            [one] => {
                message.push_str(&format!("; the current version is `{one}`"));
                // A link to a part of the old note (`[[Old#Meals]]`,
                // `![[Old#^quote]]`): the new note may have no such part,
                // and the link, or the text embedded, would come up empty.
                let check_first = if of_its_day {
                    ", if this note is not the record of what was linked on its day"
                } else if link.anchored {
                    ", once you have checked that the heading or block it names is there"
                } else {
                    ""
                };
                let fix = if unsafe_fix { "--fix --unsafe-fixes" } else { "--fix" };
                format!("link to `{one}` instead{check_first} (`vaultlint check {fix}` rewrites the link)")
            }
            many => {
                let list: Vec<String> = many.iter().map(|p| format!("`{p}`")).collect();
                message.push_str(&format!("; the current versions are {}", list.join(", ")));
                "link to the current version that is meant".to_string()
            }
        };
        let fix = match state.current.as_slice() {
            [one] => Some(Fix {
                edit: Edit {
                    offset: link.target().start,
                    original: link.written.to_string(),
                    replacement: retarget(vault, id, link, *one),
                },
                applicability: if unsafe_fix { Applicability::Unsafe } else { Applicability::Safe },
                digest: note.digest,
            }),
            _ => None,
        };
        let mut related = vec![old.clone()];
        related.extend(current.iter().map(|p| p.to_string()));
        out.push(
            Diagnostic::new(Code::LinksToSuperseded, &note.path, message)
                .at(link.span(), "links to a retired note")
                .help(help)
                .related(related)
                .fix(fix),
        );
    }
    out
}

/// Whether two names are one name with two versions (`JT-Migrate-v1.0.0`,
/// `JT-Migrate-v1.2.1`): each says its version (`v2`, `version 3`), not
/// only a date or a word of age.
fn releases_of_one_name(old: &str, current: &str) -> bool {
    let (old, current) = (names::normalize(old), names::normalize(current));
    let versioned =
        |n: &names::Normalized| n.markers.iter().any(|m| matches!(m, names::Marker::Version { .. }));
    !old.key.is_empty() && old.key == current.key && versioned(&old) && versioned(&current)
}

/// `links-to-corrected`: the link, and the corrections it leaves out.
fn to_corrected(vault: &Vault, id: NoteId, link: &BodyLink, target: NoteId, by: &[NoteId]) -> Diagnostic {
    let paths: Vec<String> = by.iter().map(|&c| vault.notes[c].path.clone()).collect();
    let list = paths.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ");
    let old = &vault.notes[target].path;
    Diagnostic::new(
        Code::LinksToCorrected,
        &vault.notes[id].path,
        format!("links to `{old}`, which {list} {}", if by.len() == 1 { "corrects" } else { "correct" }),
    )
    .at(link.span(), "links to a corrected note")
    .help(format!("link to {list} too, so a reader sees the correction"))
    .related([old.clone()].into_iter().chain(paths).collect())
}

/// What the link's target should say to reach `to` from the note `from`,
/// in the link's own style: the bytes [`BodyLink::target`] covers, for a
/// fix here and for a note's rename in the language server.
pub fn retarget(vault: &Vault, from: NoteId, link: &BodyLink, to: NoteId) -> String {
    let original = &link.written;
    let target = &vault.notes[to];
    let keep_extension = vault.has_note_extension(original);
    let without = vault.path_stem(to);
    if link.wikilink {
        // A link written with its folder keeps one, as do all where Obsidian
        // writes new links with their paths.
        let absolute = vault.config.obsidian.link_format.is_some_and(|f| f.absolute);
        let name = if original.contains('/') || absolute { None } else { vault.wikilink_name(from, to) }
            .unwrap_or_else(|| without.to_string());
        let ext = &target.path[without.len()..];
        return if keep_extension { format!("{name}{ext}") } else { name };
    }
    let path = if keep_extension { target.path.as_str() } else { without };
    let written = match original.strip_prefix('/') {
        Some(_) => format!("/{path}"),
        None => relative(vault.notes[from].folder(), path),
    };
    // Inside `<...>` a path is written as it is; elsewhere a space or a
    // parenthesis would end it.
    if link.angle {
        written
    } else {
        written.replace('%', "%25").replace(' ', "%20").replace('(', "%28").replace(')', "%29")
    }
}

/// `path` (from the vault root) as seen from the folder `base`.
pub(crate) fn relative(base: &str, path: &str) -> String {
    let base: Vec<&str> = base.split('/').filter(|p| !p.is_empty()).collect();
    let parts: Vec<&str> = path.split('/').collect();
    let shared = base.iter().zip(&parts).take_while(|(a, b)| a == b).count().min(parts.len() - 1);
    let mut out: Vec<&str> = vec![".."; base.len() - shared];
    out.extend(&parts[shared..]);
    out.join("/")
}

#[cfg(test)]
mod tests {
    use super::relative;

    #[test]
    fn relative_paths() {
        assert_eq!(relative("", "hr/a.md"), "hr/a.md");
        assert_eq!(relative("hr", "hr/a.md"), "a.md");
        assert_eq!(relative("hr/old", "hr/a.md"), "../a.md");
        assert_eq!(relative("eng", "hr/sub/a.md"), "../hr/sub/a.md");
    }
}
