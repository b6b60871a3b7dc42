//! Turning a decision ("this note is superseded by that one") into a fix
//! of the older note's frontmatter: the value to write, in the vault's
//! link style, spliced in as one edit.

use std::collections::HashMap;
use vaultlint_core::diagnostic::{Applicability, Edit, Fix, Sources};
use vaultlint_model::folder_rule::FolderRule;
use vaultlint_model::graph::Graph;
use vaultlint_model::vault::{NoteId, Vault};
use vaultlint_syntax::link::LinkStyle;
use vaultlint_syntax::note::Note;
use vaultlint_syntax::splice;

/// The vault's own convention: wikilinks when most existing successor
/// values are wikilinks, paths when most are paths. Where the vault has no
/// declaration to learn from, how Obsidian writes new links (its
/// `useMarkdownLinks` and `newLinkFormat`), else paths.
pub fn vault_style(vault: &Vault) -> LinkStyle {
    let (mut wikilinks, mut paths) = (0usize, 0usize);
    for note in &vault.notes {
        let Some(field) = note.successor() else { continue };
        for value in field.value.strings() {
            if value.trim_start().starts_with("[[") { wikilinks += 1 } else { paths += 1 }
        }
    }
    match (wikilinks, paths, vault.config.obsidian.link_format) {
        (0, 0, Some(format)) if format.markdown => LinkStyle::Path,
        (0, 0, Some(format)) if format.absolute => LinkStyle::WikilinkPath,
        (0, 0, Some(_)) => LinkStyle::Wikilink,
        (w, p, _) if w > p => LinkStyle::Wikilink,
        _ => LinkStyle::Path,
    }
}

/// The style `chosen` on the command line or in the config, else the
/// vault's own convention ([`vault_style`]).
pub fn link_style(vault: &Vault, chosen: Option<LinkStyle>) -> LinkStyle {
    chosen.unwrap_or_else(|| vault_style(vault))
}

/// How the note `older` should name `newer`.
pub fn successor_value(vault: &Vault, older: NoteId, newer: NoteId, style: LinkStyle) -> String {
    match style {
        LinkStyle::Wikilink => vault.wikilink_name(older, newer).map(|name| format!("[[{name}]]")),
        LinkStyle::WikilinkPath => Some(format!("[[{}]]", vault.path_stem(newer))),
        LinkStyle::Path => None,
    }
    .unwrap_or_else(|| vault.notes[newer].path.clone())
}

/// Marking `older` superseded by `newer`: what is written, and the fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    pub older: NoteId,
    /// The key and the value written.
    pub key: String,
    pub value: String,
    /// The successor the note declared before, if any.
    pub replaces: Option<String>,
    /// The status that said the note is in force, and the one written in
    /// its place in the same edit (`active`, `superseded`): a note marked
    /// superseded whose status says it is current would be a finding.
    pub status: Option<(String, String)>,
    pub fix: Fix,
}

/// Plans marking `older` superseded by `newer`, from the note as it was
/// read. `Ok(None)` when the note already says so; `Err` with the reason
/// when its frontmatter cannot be edited safely. The fix is not safe to
/// apply without a person's word: it is a judgement.
pub fn mark(
    vault: &Vault,
    older: NoteId,
    newer: NoteId,
    style: LinkStyle,
    sources: &(dyn Sources + Sync),
) -> Result<Option<Mark>, String> {
    let note = &vault.notes[older];
    if let Some(problem) =
        note.problems().iter().find(|p| p.code == vaultlint_core::code::Code::UnreadableNote)
    {
        return Err(problem.message.clone());
    }
    let value = successor_value(vault, older, newer, style);
    let keys: Vec<&str> = vault.config.successor_keys.iter().map(String::as_str).collect();
    let head = head(note, sources).ok_or_else(|| "cannot read note".to_string())?;
    let Some(mut edit) = splice::successor_edit(&head, &value, &keys)? else { return Ok(None) };
    let mut status = None;
    if let Some((was, status_edit)) = retire_status(note, &head) {
        // The successor's line is written only where the status stays
        // in its place; otherwise the note gets the declaration alone.
        if let Some(both) = vaultlint_core::diagnostic::Edit::joined(&head, edit.clone(), status_edit.clone())
        {
            status = Some((was, status_edit.replacement));
            edit = both;
        }
    }
    let key = note.successor().map_or_else(|| vault.successor_key().to_string(), |f| f.key.to_string());
    Ok(Some(Mark {
        older,
        key,
        value,
        replaces: note.successor().map(|f| f.value.strings().join(", ")),
        status,
        fix: Fix { edit, applicability: Applicability::DisplayOnly, digest: note.digest },
    }))
}

/// The start of `note` up to the end of its frontmatter, as an edit of it
/// is spliced into. A note without a declaration keeps no frontmatter
/// text: it is read again, from `sources`. (Should the file have changed
/// since, a fix's digest keeps it from being applied.)
pub(crate) fn head<'n>(note: &'n Note, sources: &dyn Sources) -> Option<std::borrow::Cow<'n, str>> {
    match note.head() {
        Some(head) => Some(std::borrow::Cow::Borrowed(head)),
        None => {
            let text = sources.text(&note.path)?;
            let block = vaultlint_syntax::frontmatter::delimit(&text);
            Some(std::borrow::Cow::Owned(vaultlint_syntax::note::head_of(&text, &block).to_string()))
        }
    }
}

/// The edit that sets a `status` saying the note is in force (`active`,
/// `current`, `accepted`) to `superseded`, written in the value's case
/// (`Active` becomes `Superseded`) and inside its quotes: the status the
/// declaration makes true. `None` for any other status, the vault's own.
fn retire_status(note: &Note, head: &str) -> Option<(String, Edit)> {
    let status = in_force_status(note)?;
    let span = &note.status()?.1;
    let written = head.get(span.range())?;
    let at = span.offset() + written.find(status)?;
    let word = if status.bytes().all(|b| b.is_ascii_uppercase()) {
        "SUPERSEDED"
    } else if status.starts_with(|c: char| c.is_ascii_uppercase()) {
        "Superseded"
    } else {
        "superseded"
    };
    let edit = Edit { offset: at, original: status.to_string(), replacement: word.to_string() };
    Some((status.to_string(), edit))
}

/// The note's `status` when it says the note is in force (`active`,
/// `current`, `accepted`): marking the note superseded sets it to
/// `superseded` in the same edit.
pub fn in_force_status(note: &Note) -> Option<&str> {
    let (status, _) = note.status()?;
    crate::rules::status::CURRENT.contains(&status.to_lowercase().as_str()).then_some(status.as_str())
}

/// What a mark's successor is followed through to the current note:
/// the vault's declarations (and its config's folder rules), the marks
/// `decided` (older to newer) and the folder rules being added with them.
pub struct Chains<'a> {
    pub vault: &'a Vault,
    pub graph: &'a Graph,
    pub decided: HashMap<NoteId, NoteId>,
    /// Per note, the note the folder rules being added retire it in
    /// favour of, as `check` will read them once written (a page the
    /// newer folder lacks is retired by its newest older copy).
    by_rule: Vec<Option<NoteId>>,
}

impl<'a> Chains<'a> {
    /// The chains of `vault`'s declarations, with the folder `rules` being
    /// added and nothing decided yet.
    pub fn new(vault: &'a Vault, graph: &'a Graph, rules: &[FolderRule]) -> Chains<'a> {
        let covered = vaultlint_model::version_roots::cover(vault, rules);
        let by_rule = covered.successor.iter().map(|s| s.map(|(to, _)| to)).collect();
        Chains { vault, graph, decided: HashMap::new(), by_rule }
    }

    /// The note a mark of `older` superseded by `newer` names: `newer`,
    /// or, where `newer` is superseded itself, the current note at the end
    /// of its chain, so that the declaration written names no superseded
    /// note (`superseded-successor`). `newer` where the chain forks, loops
    /// or comes back to `older`.
    pub fn current_successor(&self, older: NoteId, newer: NoteId) -> NoteId {
        let by_rule = |id: NoteId| self.by_rule.get(id).copied().flatten().filter(|&to| to != id);
        let mut at = newer;
        for _ in 0..=self.decided.len() + self.graph.edges.len() {
            let next = match self.decided.get(&at).copied().or_else(|| by_rule(at)) {
                Some(next) => next,
                None => match self.graph.ends.get(at) {
                    Some(&[end]) if end != at => end,
                    Some(&[_]) => return at,
                    _ => return newer,
                },
            };
            if next == older {
                return newer;
            }
            at = next;
        }
        newer
    }

    /// The marks applying `pairs` in their order makes without asking:
    /// the first pair of each older note, each naming the current note of
    /// the chain (see [`Chains::current_successor`]), as `(older, newer,
    /// named)`.
    pub fn plan(
        &mut self,
        pairs: impl IntoIterator<Item = (NoteId, NoteId)>,
    ) -> Vec<(NoteId, NoteId, NoteId)> {
        let mut order = Vec::new();
        for (older, newer) in pairs {
            if let std::collections::hash_map::Entry::Vacant(entry) = self.decided.entry(older) {
                entry.insert(newer);
                order.push((older, newer));
            }
        }
        order.into_iter().map(|(older, newer)| (older, newer, self.current_successor(older, newer))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// A page the newest release lacks is retired, by the table being
    /// added, in favour of its newest older copy, which `check` will read
    /// so: a mark naming an older release's page follows it there, to the
    /// note that copy is being marked superseded by.
    #[test]
    fn a_mark_follows_a_page_the_newest_release_lacks_to_its_newest_copy() {
        let files = [
            "docs/v1/design/ratelimit.md",
            "docs/v2/design/rate-limit.md",
            "docs/v3/design/rate-limit.md",
            "docs/v3/guide.md",
            "docs/v4/guide.md",
            "community/design/rate-limit.md",
        ];
        let notes = files.iter().map(|p| Note::parse(p.to_string(), "---\ntitle: x\n---\ntext\n")).collect();
        let vault = Vault::from_notes(PathBuf::from("/nonexistent"), notes);
        let graph = Graph::build(&vault);
        let id = |p: &str| vault.id_of(p).unwrap();
        let rule = FolderRule::new("docs/{v1,v2,v3}", "docs/v4").unwrap();
        let mut chains = Chains::new(&vault, &graph, &[rule]);
        let planned = chains.plan([
            (id("docs/v3/design/rate-limit.md"), id("community/design/rate-limit.md")),
            (id("docs/v1/design/ratelimit.md"), id("docs/v2/design/rate-limit.md")),
        ]);
        assert_eq!(
            planned[1],
            (
                id("docs/v1/design/ratelimit.md"),
                id("docs/v2/design/rate-limit.md"),
                id("community/design/rate-limit.md")
            )
        );
    }
}
