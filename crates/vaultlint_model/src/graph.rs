//! The supersession graph, built once per run from the vault's
//! declarations: every declared value with where it leads, the edges
//! older -> newer, the strongly connected components, and the notes at
//! the end of each chain. The rules, the lifecycle, the version detector,
//! `lineage` and the drawing all read this one value.

use crate::vault::{NoteId, Resolution, Side, Vault};
use std::collections::HashMap;
use vaultlint_core::diagnostic::Span;
use vaultlint_syntax::note::{Relation, Shape, shapes};

/// At most this many current notes are named at the end of a split chain.
const MAX_ENDS: usize = 8;

/// One resolved declaration: the edge older -> `to`, stated by the note
/// `by` (the older note for `superseded_by`, the newer for `supersedes`)
/// with the value at `span` in that note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    pub to: NoteId,
    pub by: NoteId,
    pub side: Side,
    pub span: Span,
    /// Stated by a `[[supersede]]` folder rule of the config (its index),
    /// not by the note: `span` is then the note's first line.
    pub rule: Option<usize>,
}

/// One string value of a declaration, and where it leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declared {
    pub by: NoteId,
    pub side: Side,
    /// The key as written.
    pub key: String,
    pub text: String,
    pub span: Span,
    pub resolution: Resolution,
}

/// The supersession graph: every declaration of the vault as edges
/// between notes, built once per run.
pub struct Graph {
    /// For each note, the edges to its successors. An edge declared on
    /// both sides is kept once, as its successor side.
    pub edges: Lists<Edge>,
    /// Every string value of every declaration, side by side in
    /// [`Side::ALL`] order, each side in note order.
    pub declared: Vec<Declared>,
    /// For each note, the edges to the notes that correct it: it stays
    /// readable, but only together with them.
    pub corrections: Lists<Edge>,
    /// For each note with a `supersedes` (`corrects`) declaration, the
    /// notes it names there (itself included when it names itself), by
    /// [`Relation`].
    pub named: [HashMap<NoteId, Vec<NoteId>>; 2],
    /// The strongly connected components, sinks first (see
    /// [`strongly_connected`]): what the lifecycle walks in order.
    pub components: Lists,
    /// For each note, the notes at the end of its chain; itself when it
    /// has no successor, `None` inside or behind a cycle.
    pub ends: Ends,
    /// The loops that go through a correction: the components of
    /// supersessions and corrections together with a correction inside.
    pub revision_cycles: Vec<Vec<NoteId>>,
    /// What the config's folder rules cover.
    pub covered: crate::version_roots::Covered,
}

impl Graph {
    /// Resolves every declaration of the vault once.
    pub fn build(vault: &Vault) -> Graph {
        let per_note: Vec<Vec<Declared>> =
            (0..vault.notes.len()).map(|id| declarations_of(vault, id)).collect();
        Graph::assemble(vault, &per_note)
    }

    /// The graph of the declarations already resolved, note by note (see
    /// [`declarations_of`]): what the language server keeps, so an edit
    /// resolves again only the note edited.
    pub fn assemble(vault: &Vault, per_note: &[Vec<Declared>]) -> Graph {
        // Each relation's edges by the older note, gathered as pairs and
        // laid out once, since few notes have one.
        let mut relations: [Vec<(NoteId, Edge)>; 2] = Default::default();
        let mut seen: std::collections::HashSet<(usize, NoteId, NoteId)> = std::collections::HashSet::new();
        let mut declared = Vec::new();
        let mut named: [HashMap<NoteId, Vec<NoteId>>; 2] = Default::default();
        for side in Side::ALL {
            let relation = side.relation() as usize;
            let (edges, named) = (&mut relations[relation], &mut named[relation]);
            for d in per_note.iter().flatten().filter(|d| d.side == side) {
                let id = d.by;
                if let Resolution::Note(target) = d.resolution {
                    if !side.names_newer() {
                        named.entry(id).or_default().push(target);
                    }
                    let (older, newer) = side.edge(id, target);
                    if target != id && seen.insert((relation, older, newer)) {
                        edges.push((older, Edge { to: newer, by: id, side, span: d.span, rule: None }));
                    }
                }
                declared.push(d.clone());
            }
        }
        let [mut edges, corrections] = relations;
        // A folder rule retires what no declaration speaks of: a note's own
        // declaration, or a newer note naming it, wins over the rule.
        let covered = crate::version_roots::cover(vault, &vault.config.folder_rules);
        let mut declares = vec![false; vault.notes.len()];
        edges.iter().for_each(|&(older, _)| declares[older] = true);
        for (id, by_rule) in covered.successor.iter().enumerate() {
            let Some((to, rule)) = *by_rule else { continue };
            if !declares[id]
                && vault.notes[id].declaration(Side::Successor).is_none()
                && !vault.is_template(id)
            {
                let span = Span::new(0, 0);
                edges.push((id, Edge { to, by: id, side: Side::Successor, span, rule: Some(rule) }));
            }
        }
        let edges = Lists::by_note(vault.notes.len(), edges);
        let corrections = Lists::by_note(vault.notes.len(), corrections);
        let components = strongly_connected(&edges);
        let ends = ends(&edges, &components);
        let revision_cycles = revision_cycles(&edges, &corrections);
        Graph { edges, corrections, declared, named, components, ends, revision_cycles, covered }
    }

    /// Every `(newer, older)` where the newer note's `supersedes` names the
    /// older: with the older's `superseded_by`, a step both notes declare.
    pub fn named_back(&self) -> std::collections::HashSet<(NoteId, NoteId)> {
        (self.declared.iter())
            .filter(|d| d.side == Side::Predecessor)
            .filter_map(|d| match d.resolution {
                Resolution::Note(older) => Some((d.by, older)),
                _ => None,
            })
            .collect()
    }

    /// Whether some note supersedes `id`.
    pub fn superseded(&self, id: NoteId) -> bool {
        !self.edges[id].is_empty()
    }

    /// Every edge of `relation` as `(older, newer)`.
    pub fn pairs_of(&self, relation: Relation) -> impl Iterator<Item = (NoteId, NoteId)> + '_ {
        let edges = match relation {
            Relation::Supersession => &self.edges,
            Relation::Correction => &self.corrections,
        };
        edges.iter().enumerate().flat_map(|(from, edges)| edges.iter().map(move |e| (from, e.to)))
    }

    /// Every supersession edge as `(older, newer)`.
    pub fn pairs(&self) -> impl Iterator<Item = (NoteId, NoteId)> + '_ {
        self.pairs_of(Relation::Supersession)
    }

    /// For each note, a representative of the notes linked to it by
    /// declarations, either way, directly or through others.
    pub fn chains(&self) -> Vec<NoteId> {
        linked(self.edges.len(), self.pairs())
    }
}

/// Every string value of note `id`'s declarations, resolved, side by side
/// in [`Side::ALL`] order. A template's declarations are placeholders for
/// the notes made from it, not facts about the template: it has none.
pub fn declarations_of(vault: &Vault, id: NoteId) -> Vec<Declared> {
    let mut out = Vec::new();
    if vault.is_template(id) {
        return out;
    }
    for side in Side::ALL {
        let Some(field) = vault.notes[id].declaration(side) else { continue };
        for shape in shapes(field) {
            let (value, text) = match shape {
                // `replaces: 655, 777`, as proposal templates ask for more
                // than one: each number a declaration of its own.
                Shape::String(value) if let Some(parts) = numbers_listed(vault, id, value) => {
                    out.extend(parts.into_iter().map(|(text, span, resolution)| Declared {
                        by: id,
                        side,
                        key: field.key.to_string(),
                        text,
                        span,
                        resolution,
                    }));
                    continue;
                }
                Shape::String(value) => (value, value.as_str().unwrap_or_default()),
                Shape::NotString { value, .. } if vault.names_by_number(id, value) => {
                    (value, value.scalar_text().unwrap_or_default())
                }
                _ => continue,
            };
            let resolution = match vault.resolve(id, text) {
                Resolution::Note(target) if vault.is_template(target) => Resolution::Template(target),
                // A note merged into another and deleted leaves its name as
                // the other's alias, so that links to it still land: a
                // `supersedes` naming it names the note that is gone, not
                // the note that took its name (nor the note itself).
                Resolution::Note(target) if matches!(side, Side::Predecessor | Side::Corrects) => {
                    match vaultlint_syntax::link::parse(text) {
                        Ok(vaultlint_syntax::link::Target::Wikilink { name })
                            if !name.contains('/') && !vault.named(target, &name) =>
                        {
                            Resolution::Missing { wanted: name, by_name: true }
                        }
                        _ => Resolution::Note(target),
                    }
                }
                Resolution::Missing { .. } if vaultlint_syntax::note::says_none(text) => continue,
                other => other,
            };
            let key = field.key.to_string();
            out.push(Declared { by: id, side, key, text: text.to_string(), span: value.span, resolution });
        }
    }
    out
}

/// The records a plain string value lists by number, comma between them
/// (`655, 777`, `HIP-21, HIP-23`), each with its text, its span and where
/// it leads, if the value as a whole names no note and every part is a
/// record's number.
fn numbers_listed(
    vault: &Vault,
    id: NoteId,
    value: &vaultlint_syntax::frontmatter::Value,
) -> Option<Vec<(String, vaultlint_core::diagnostic::Span, Resolution)>> {
    let text = value.as_str()?;
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() < 2
        || !parts.iter().all(|p| crate::vault::numbered(p).is_some())
        || matches!(vault.resolve(id, text), Resolution::Note(_))
    {
        return None;
    }
    // Only a value written as it reads (plain, on one line) is split: a
    // quoted one has no span for each part that a fix could rewrite.
    let plain = matches!(
        &value.kind,
        vaultlint_syntax::frontmatter::ValueKind::Scalar {
            style: vaultlint_syntax::frontmatter::ScalarStyle::Plain,
            ..
        }
    );
    if !plain || value.span.len() != text.len() {
        return None;
    }
    let mut at = 0;
    let listed = parts
        .into_iter()
        .map(|part| {
            let start = text[at..].find(part).map_or(at, |i| at + i);
            at = start + part.len();
            let span = vaultlint_core::diagnostic::Span::new(value.span.offset() + start, part.len());
            (part.to_string(), span, vault.resolve(id, part))
        })
        .collect();
    Some(listed)
}

/// For each of `n` notes, a representative of the notes linked to it by
/// `pairs`, directly or through others (union-find with path halving).
pub fn linked(n: usize, pairs: impl IntoIterator<Item = (NoteId, NoteId)>) -> Vec<NoteId> {
    let mut parent: Vec<NoteId> = (0..n).collect();
    fn root(parent: &mut [NoteId], mut x: NoteId) -> NoteId {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for (a, b) in pairs {
        let (x, y) = (root(&mut parent, a), root(&mut parent, b));
        parent[x.max(y)] = x.min(y);
    }
    (0..n).map(|x| root(&mut parent, x)).collect()
}

/// Strongly connected components (Tarjan's algorithm, iterative so a long
/// chain cannot overflow the stack). Components come out sinks first: every
/// component's successors come before it.
pub fn strongly_connected(edges: &Lists<Edge>) -> Lists {
    const UNSEEN: usize = usize::MAX;
    let n = edges.len();
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<NoteId> = Vec::new();
    let mut components = Lists::default();
    let mut component = Vec::new();
    let mut next = 0;
    // (node, position in its edge list)
    let mut work: Vec<(NoteId, usize)> = Vec::new();
    for start in 0..n {
        if index[start] != UNSEEN {
            continue;
        }
        if edges[start].is_empty() {
            // No successors: a component of its own.
            index[start] = next;
            next += 1;
            components.push(&[start]);
            continue;
        }
        work.push((start, 0));
        while let Some(&(node, pos)) = work.last() {
            if pos == 0 && index[node] == UNSEEN {
                index[node] = next;
                low[node] = next;
                next += 1;
                stack.push(node);
                on_stack[node] = true;
            }
            if let Some(&Edge { to: succ, .. }) = edges[node].get(pos) {
                if let Some(top) = work.last_mut() {
                    top.1 += 1;
                }
                if index[succ] == UNSEEN {
                    work.push((succ, 0));
                } else if on_stack[succ] {
                    low[node] = low[node].min(index[succ]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == index[node] {
                component.clear();
                loop {
                    let member = stack.pop().expect("tarjan stack");
                    on_stack[member] = false;
                    component.push(member);
                    if member == node {
                        break;
                    }
                }
                component.sort_unstable();
                components.push(&component);
            }
        }
    }
    components
}

/// The loops of supersessions and corrections together that go through a
/// correction (a loop of supersessions alone is in `components`).
fn revision_cycles(edges: &Lists<Edge>, corrections: &Lists<Edge>) -> Vec<Vec<NoteId>> {
    if corrections.iter().all(<[Edge]>::is_empty) {
        return Vec::new();
    }
    let pairs = |lists: &Lists<Edge>| -> Vec<(NoteId, Edge)> {
        lists.iter().enumerate().flat_map(|(id, list)| list.iter().map(move |e| (id, *e))).collect()
    };
    let both = Lists::by_note(edges.len(), [pairs(edges), pairs(corrections)].concat());
    let mut cycles: Vec<Vec<NoteId>> = strongly_connected(&both)
        .iter()
        .filter(|c| {
            c.len() > 1 && c.iter().any(|&m| corrections[m].iter().any(|e| c.binary_search(&e.to).is_ok()))
        })
        .map(<[NoteId]>::to_vec)
        .collect();
    cycles.sort();
    cycles
}

/// Lists (of notes, unless said) side by side in one allocation, by
/// their number: what a list of lists holds, without a header and an
/// allocation for each (there is one for each note, and nearly every one
/// holds one item, or none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lists<T = NoteId> {
    items: Vec<T>,
    /// Where each list ends in `items`.
    ends: Vec<u32>,
}

impl<T> Default for Lists<T> {
    fn default() -> Self {
        Lists { items: Vec::new(), ends: Vec::new() }
    }
}

impl<T: Clone> Lists<T> {
    /// Adds `list` as the next list.
    pub fn push(&mut self, list: &[T]) {
        self.items.extend_from_slice(list);
        self.ends.push(u32::try_from(self.items.len()).expect("fewer than 2^32 items"));
    }

    /// A list for each of `n` notes, of the items `pairs` gives it, in the
    /// order given.
    pub fn by_note(n: usize, mut pairs: Vec<(NoteId, T)>) -> Lists<T> {
        pairs.sort_by_key(|(note, _)| *note);
        let mut lists = Lists { items: Vec::with_capacity(pairs.len()), ends: Vec::with_capacity(n) };
        let mut pairs = pairs.into_iter().peekable();
        for note in 0..n {
            while let Some((_, item)) = pairs.next_if(|(of, _)| *of == note) {
                lists.items.push(item);
            }
            lists.ends.push(u32::try_from(lists.items.len()).expect("fewer than 2^32 items"));
        }
        lists
    }
}

impl<T> std::ops::Index<usize> for Lists<T> {
    type Output = [T];

    fn index(&self, at: usize) -> &[T] {
        self.get(at)
    }
}

impl<T> Lists<T> {
    /// List number `at`.
    pub fn get(&self, at: usize) -> &[T] {
        let start = at.checked_sub(1).map_or(0, |before| self.ends[before] as usize);
        &self.items[start..self.ends[at] as usize]
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &[T]> {
        (0..self.len()).map(|at| self.get(at))
    }
}

/// For each note, the current notes at the end of its chain.
#[derive(Debug, Clone, Default)]
pub struct Ends {
    lists: Lists,
    /// Each note's list in `lists`; [`NONE`] for none.
    of: Vec<usize>,
}

/// A note with no end: inside or behind a cycle.
const NONE: usize = usize::MAX;

impl Ends {
    /// The current notes at the end of the chain of note `id`: itself
    /// when it has no successor, `None` inside or behind a cycle.
    pub fn get(&self, id: NoteId) -> Option<&[NoteId]> {
        let at = self.of[id];
        (at != NONE).then(|| self.lists.get(at))
    }
}

/// The current notes at the end of each note's chain, computed once per
/// component, sinks first, so long chains stay linear.
fn ends(edges: &Lists<Edge>, components: &Lists) -> Ends {
    let mut ends = Ends { lists: Lists::default(), of: vec![NONE; edges.len()] };
    let mut mine: Vec<NoteId> = Vec::new();
    for component in components.iter() {
        let &[node] = component else {
            continue; // a loop has no current note
        };
        mine.clear();
        if edges[node].is_empty() {
            mine.push(node);
        }
        for edge in &edges[node] {
            match ends.get(edge.to) {
                Some(theirs) => mine.extend(theirs),
                None => {
                    mine.clear();
                    break;
                }
            }
        }
        mine.sort_unstable();
        mine.dedup();
        mine.truncate(MAX_ENDS);
        if !mine.is_empty() {
            ends.of[node] = ends.lists.len();
            ends.lists.push(&mine);
        }
    }
    ends
}

#[cfg(test)]
mod tests {
    use super::*;
    use vaultlint_syntax::note::Note;

    fn note(path: &str, keys: &str) -> Note {
        Note::parse(path.into(), &format!("---\n{keys}---\nText.\n"))
    }

    #[test]
    fn a_note_resolved_again_alone_gives_the_graph_built_anew() {
        let mut vault = Vault::from_notes(
            "/v".into(),
            vec![
                note("a.md", "superseded_by: b.md\n"),
                note("b.md", "supersedes: a.md\ncorrected_by: \"[[c]]\"\n"),
                note("c.md", "corrects: b.md\n"),
                note("d.md", "superseded_by: \"[[a]]\"\n"),
            ],
        );
        let mut per_note: Vec<Vec<Declared>> = (0..4).map(|id| declarations_of(&vault, id)).collect();
        // d now names c; a names nothing; both as an editor would change them.
        for changed in [note("d.md", "superseded_by: \"[[c]]\"\n"), note("a.md", "")] {
            let path = changed.path.clone();
            assert!(!vault.put(changed), "no alias changed");
            let id = vault.id_of(&path).unwrap();
            per_note[id] = declarations_of(&vault, id);
        }
        let (kept, fresh) = (Graph::assemble(&vault, &per_note), Graph::build(&vault));
        assert_eq!(kept.edges, fresh.edges);
        assert_eq!(kept.corrections, fresh.corrections);
        assert_eq!(kept.declared, fresh.declared);
        assert_eq!(kept.named, fresh.named);
        assert_eq!(fresh.edges[3][0].to, 2);
        assert_eq!(
            fresh.edges[0],
            [Edge { to: 1, by: 1, side: Side::Predecessor, span: fresh.edges[0][0].span, rule: None }]
        );
    }
}
