//! Successor declarations: each value must resolve to exactly one other
//! note inside the vault, the declarations must not loop, and each should
//! name the note that is current rather than an intermediate version.

use crate::diagnostic::{Diagnostic, Span};
use crate::frontmatter::{Field, Value, ValueKind};
use crate::link::Invalid;
use crate::root::Focus;
use crate::rules::Code;
use crate::vault::{NoteId, Resolution, Side, Vault};
use std::collections::{HashMap, HashSet};

/// At most this many current notes are named at the end of a split chain.
const MAX_ENDS: usize = 8;
/// Comparisons allowed for close-name help across the whole run.
const CLOSE_NAME_BUDGET: usize = 20_000_000;

/// One resolved declaration: the edge older -> `to`, stated by the note
/// `by` (the older note for `superseded_by`, the newer for `supersedes`)
/// with the value at `span` in that note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    pub to: NoteId,
    pub by: NoteId,
    pub side: Side,
    pub span: Span,
}

/// Resolved declarations: for each note, the edges to its successors.
/// An edge declared on both sides is kept once, as its successor side.
pub struct Graph {
    pub edges: Vec<Vec<Edge>>,
    /// For each note, the notes at the end of its chain; itself when it
    /// has no successor, `None` inside or behind a cycle.
    pub ends: Vec<Option<Vec<NoteId>>>,
    /// The strongly connected components, sinks first (see
    /// [`strongly_connected`]): what the lifecycle walks in order.
    pub components: Vec<Vec<NoteId>>,
}

impl Graph {
    /// Whether some note supersedes `id`.
    pub fn superseded(&self, id: NoteId) -> bool {
        !self.edges[id].is_empty()
    }
}

pub fn check(vault: &Vault, focus: Option<&Focus>, out: &mut Vec<Diagnostic>) -> Graph {
    let mut edges: Vec<Vec<Edge>> = vec![Vec::new(); vault.notes.len()];
    let mut resolver = Resolver { vault, budget: CLOSE_NAME_BUDGET, close: HashMap::new() };
    // What each note with a `supersedes` declaration names there, resolved,
    // for the agreement of the two sides.
    let mut named: HashMap<NoteId, Vec<NoteId>> = HashMap::new();
    for side in [Side::Successor, Side::Predecessor] {
        for (id, note) in vault.notes.iter().enumerate() {
            let field = match side {
                Side::Successor => &note.successor,
                Side::Predecessor => &note.predecessor,
            };
            let Some(field) = field else { continue };
            if side == Side::Predecessor {
                named.entry(id).or_default();
            }
            for value in shaped_values(&note.path, field, side, out) {
                let Some(target) = resolver.resolve(id, side, &field.key, value, out) else { continue };
                if side == Side::Predecessor {
                    named.entry(id).or_default().push(target);
                }
                if target == id {
                    continue;
                }
                let (older, newer) = side.edge(id, target);
                if !edges[older].iter().any(|e| e.to == newer) {
                    edges[older].push(Edge { to: newer, by: id, side, span: value.span });
                }
            }
        }
    }
    let components = strongly_connected(&edges);
    let mut graph = Graph { edges, ends: Vec::new(), components };
    report_conflicts(vault, &graph, &named, out);
    report_cycles(vault, &graph, &graph.components, focus, out);
    graph.ends = ends(&graph, &graph.components);
    report_chains(vault, &graph, out);
    graph
}

/// The string values of a declaration, each other shape reported.
fn shaped_values<'f>(path: &str, field: &'f Field, side: Side, out: &mut Vec<Diagnostic>) -> Vec<&'f Value> {
    let key = field.key.as_str();
    let example = example(side, key);
    let mut values: Vec<&Value> = Vec::new();
    match &field.value.kind {
        _ if unquoted_wikilink(&field.value).is_some() => out.push(unquoted(path, key, &field.value)),
        ValueKind::Seq(items) if items.is_empty() => out.push(
            Diagnostic::new(Code::InvalidSuccessor, path, format!("`{key}` is an empty list"))
                .at(field.value.span, "names no note")
                .help(example),
        ),
        ValueKind::Seq(items) => {
            for item in items {
                if unquoted_wikilink(item).is_some() {
                    out.push(unquoted(path, key, item));
                } else if item.as_str().is_some() {
                    values.push(item);
                } else {
                    out.push(not_a_string(path, key, item, "each entry of "));
                }
            }
        }
        _ if field.value.is_null() => out.push(
            Diagnostic::new(Code::InvalidSuccessor, path, format!("`{key}` is empty"))
                .at(field.key_span, "no value")
                .help(example),
        ),
        _ if field.value.as_str().is_some() => values.push(&field.value),
        _ => out.push(not_a_string(path, key, &field.value, "")),
    }
    values
}

/// The help that shows how a declaration on `side` is written.
fn example(side: Side, key: &str) -> String {
    match side {
        Side::Successor => format!("name the note that replaces this one, e.g. `{key}: folder/note.md`"),
        Side::Predecessor => format!("name the note this one replaces, e.g. `{key}: folder/old-note.md`"),
    }
}

/// Resolves declared values, reporting each that leads nowhere.
struct Resolver<'v> {
    vault: &'v Vault,
    budget: usize,
    /// The same missing target is often named by many notes; look it up once.
    close: HashMap<String, Vec<NoteId>>,
}

impl Resolver<'_> {
    /// The note `value` leads to (the note itself, reported as such), or
    /// `None` with the reason reported.
    fn resolve(
        &mut self,
        id: NoteId,
        side: Side,
        key: &str,
        value: &Value,
        out: &mut Vec<Diagnostic>,
    ) -> Option<NoteId> {
        let vault = self.vault;
        let path = &vault.notes[id].path;
        let text = value.as_str().unwrap_or_default();
        let noun = side.noun();
        let diagnostic =
            |code, message: String, label: &str| Diagnostic::new(code, path, message).at(value.span, label);
        match vault.resolve(id, text) {
            Resolution::Note(target) if target == id => {
                let message = match side {
                    Side::Successor => format!("note names itself as its successor (`{text}`)"),
                    Side::Predecessor => format!("note says it supersedes itself (`{text}`)"),
                };
                let help = match side {
                    Side::Successor => format!("name the note that replaces this one, or remove `{key}`"),
                    Side::Predecessor => format!("name the note this one replaces, or remove `{key}`"),
                };
                out.push(diagnostic(Code::SelfSupersession, message, "this note").help(help));
                return Some(id);
            }
            Resolution::Note(target) => return Some(target),
            Resolution::Missing { wanted, by_name } => {
                let close = match self.close.get(&wanted) {
                    Some(found) => found.clone(),
                    None => {
                        let found = vault.close_names(&wanted, &mut self.budget);
                        self.close.insert(wanted.clone(), found.clone());
                        found
                    }
                };
                let close: Vec<String> =
                    close.into_iter().filter(|&c| c != id).map(|c| vault.notes[c].path.clone()).collect();
                let message = if by_name {
                    format!("{noun} `{text}` does not exist: no note has that name or alias")
                } else {
                    format!("{noun} `{text}` does not exist: no note at `{wanted}`")
                };
                let mut d = diagnostic(Code::MissingSuccessor, message, "no such note");
                if let Some(first) = close.first() {
                    d = d.help(format!("did you mean `{first}`?"));
                }
                out.push(d.related(close));
            }
            Resolution::Ambiguous(ids) => {
                let paths: Vec<String> = ids.iter().map(|&c| vault.notes[c].path.clone()).collect();
                out.push(
                    diagnostic(
                        Code::AmbiguousSuccessor,
                        format!("{noun} `{text}` fits {} notes: {}", paths.len(), quoted_list(&paths)),
                        "ambiguous",
                    )
                    .help(format!(
                        "name the note by its path, e.g. `{key}: \"[[{}]]\"`",
                        crate::walk::strip_note_extension(&paths[0]).unwrap_or(&paths[0])
                    ))
                    .related(paths),
                );
            }
            Resolution::Outside => out.push(
                diagnostic(
                    Code::SuccessorOutsideVault,
                    format!("{noun} `{text}` is outside the vault"),
                    "leaves the vault root",
                )
                .help(format!("a {noun} must be a note inside the vault")),
            ),
            Resolution::Invalid(invalid) => {
                let message = match invalid {
                    Invalid::Empty => format!("`{key}` is empty"),
                    Invalid::Url => format!("{noun} `{text}` is a URL, not a note in the vault"),
                    Invalid::EmptyWikilink => format!("wikilink `{text}` names no note"),
                };
                out.push(diagnostic(Code::InvalidSuccessor, message, "not a note").help(example(side, key)));
            }
        }
        None
    }
}

/// `conflicting-supersession`: where both sides of an edge are declared,
/// they must agree. A note that says it supersedes X while X names other
/// successors, not it; and a note that names a successor which lists what
/// it supersedes and leaves this note out.
/// `predecessors`: what each note with a `supersedes` declaration names
/// there, resolved (itself included).
fn report_conflicts(
    vault: &Vault,
    graph: &Graph,
    predecessors: &HashMap<NoteId, Vec<NoteId>>,
    out: &mut Vec<Diagnostic>,
) {
    let path = |id: NoteId| vault.notes[id].path.clone();
    for (older, edges) in graph.edges.iter().enumerate() {
        let successors: Vec<NoteId> =
            edges.iter().filter(|e| e.side == Side::Successor).map(|e| e.to).collect();
        for edge in edges {
            let (older_path, newer_path) = (path(older), path(edge.to));
            match edge.side {
                // Stated by the newer note alone.
                Side::Predecessor if !successors.is_empty() => out.push(
                    Diagnostic::new(
                        Code::ConflictingSupersession,
                        &newer_path,
                        format!(
                            "note says it supersedes `{older_path}`, but that note names {} as its successor",
                            quoted_list(&successors.iter().map(|&s| path(s)).collect::<Vec<_>>())
                        ),
                    )
                    .at(edge.span, "disagrees")
                    .help(format!(
                        "add this note to the successors of `{older_path}`, or stop naming it here"
                    ))
                    .related([older].into_iter().chain(successors.iter().copied()).map(path).collect()),
                ),
                Side::Successor => {
                    let Some(named) = predecessors.get(&edge.to) else { continue };
                    if named.is_empty() || named.contains(&older) {
                        continue;
                    }
                    out.push(
                        Diagnostic::new(
                            Code::ConflictingSupersession,
                            &older_path,
                            format!(
                                "successor `{newer_path}` does not name this note back: it says it supersedes {}",
                                quoted_list(&named.iter().map(|&n| path(n)).collect::<Vec<_>>())
                            ),
                        )
                        .at(edge.span, "disagrees")
                        .help(format!("add this note to what `{newer_path}` supersedes, or name another successor"))
                        .related([edge.to].into_iter().chain(named.iter().copied()).map(path).collect()),
                    );
                }
                Side::Predecessor => {}
            }
        }
    }
}

/// `[[Note]]` written without quotes: YAML reads it as a list holding a
/// list holding the name.
fn unquoted_wikilink(value: &Value) -> Option<&str> {
    match &value.kind {
        ValueKind::Seq(outer) if outer.len() == 1 => match &outer[0].kind {
            ValueKind::Seq(inner) if inner.len() == 1 => inner[0].scalar_text(),
            _ => None,
        },
        _ => None,
    }
}

fn unquoted(path: &str, key: &str, value: &Value) -> Diagnostic {
    let name = unquoted_wikilink(value).unwrap_or_default();
    Diagnostic::new(
        Code::InvalidSuccessor,
        path,
        format!("unquoted wikilink: YAML reads `[[{name}]]` as a list inside a list, not a link"),
    )
    .at(value.span, "needs quotes")
    .help(format!("quote it: `{key}: \"[[{name}]]\"`"))
}

fn not_a_string(path: &str, key: &str, value: &Value, prefix: &str) -> Diagnostic {
    let what = match &value.kind {
        ValueKind::Map => "a mapping",
        ValueKind::Seq(_) => "a nested list",
        ValueKind::Alias => "a YAML alias",
        ValueKind::Scalar { text, .. } => match text.as_str() {
            "true" | "false" | "True" | "False" | "TRUE" | "FALSE" => "a boolean",
            _ => "a number",
        },
    };
    let mut d = Diagnostic::new(
        Code::InvalidSuccessor,
        path,
        format!("{prefix}`{key}` must be a string or a list of strings, not {what}"),
    )
    .at(value.span, "not a string");
    if let ValueKind::Scalar { text, .. } = &value.kind {
        d = d.help(format!("quote it if it names a note: \"{text}\""));
    }
    d
}

fn quoted_list(paths: &[String]) -> String {
    paths.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ")
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
pub fn strongly_connected(edges: &[Vec<Edge>]) -> Vec<Vec<NoteId>> {
    const UNSEEN: usize = usize::MAX;
    let n = edges.len();
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<NoteId> = Vec::new();
    let mut components = Vec::new();
    let mut next = 0;
    // (node, position in its edge list)
    let mut work: Vec<(NoteId, usize)> = Vec::new();
    for start in 0..n {
        if index[start] != UNSEEN || edges[start].is_empty() {
            if index[start] == UNSEEN {
                // No successors: a component of its own.
                index[start] = next;
                next += 1;
                components.push(vec![start]);
            }
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
                let mut component = Vec::new();
                loop {
                    let member = stack.pop().expect("tarjan stack");
                    on_stack[member] = false;
                    component.push(member);
                    if member == node {
                        break;
                    }
                }
                component.sort_unstable();
                components.push(component);
            }
        }
    }
    components
}

/// One `supersession-cycle` per loop, on its first member by path (the
/// first one in focus, when only some notes are reported).
fn report_cycles(
    vault: &Vault,
    graph: &Graph,
    components: &[Vec<NoteId>],
    focus: Option<&Focus>,
    out: &mut Vec<Diagnostic>,
) {
    for component in components.iter().filter(|c| c.len() > 1) {
        let start = focus
            .and_then(|f| component.iter().copied().find(|&m| f.contains(&vault.notes[m].path)))
            .unwrap_or(component[0]);
        let members: HashSet<NoteId> = component.iter().copied().collect();
        let cycle = shortest_cycle(graph, start, &members);
        let names: Vec<String> = cycle.iter().map(|&m| vault.notes[m].path.clone()).collect();
        let mut shown = names.clone();
        shown.push(names[0].clone());
        // The value in this note that closes the loop: its edge out, or the
        // edge in that it states with `supersedes`.
        let last = cycle[cycle.len() - 1];
        let span = graph.edges[start]
            .iter()
            .find(|e| e.to == cycle[1] && e.by == start)
            .or_else(|| graph.edges[last].iter().find(|e| e.to == start && e.by == start))
            .map(|e| e.span);
        out.push(
            Diagnostic::new(
                Code::SupersessionCycle,
                &names[0],
                format!("supersession cycle: {}; none of these notes is current", shown.join(" -> ")),
            )
            .at_opt(span, "starts a loop")
            .help("remove the successor declaration from the note that is current")
            .related(names[1..].to_vec()),
        );
    }
}

/// The shortest loop from `start` back to itself inside one component,
/// found breadth-first so the listing is stable and minimal.
fn shortest_cycle(graph: &Graph, start: NoteId, members: &HashSet<NoteId>) -> Vec<NoteId> {
    let mut parent: std::collections::HashMap<NoteId, NoteId> = std::collections::HashMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for &Edge { to: succ, .. } in &graph.edges[node] {
            if !members.contains(&succ) {
                continue;
            }
            if succ == start {
                let mut cycle = vec![node];
                let mut at = node;
                while at != start {
                    at = parent[&at];
                    cycle.push(at);
                }
                cycle.reverse();
                return cycle;
            }
            if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(succ) {
                e.insert(node);
                queue.push_back(succ);
            }
        }
    }
    vec![start]
}

/// The current notes at the end of each note's chain, computed once per
/// component, sinks first, so long chains stay linear.
fn ends(graph: &Graph, components: &[Vec<NoteId>]) -> Vec<Option<Vec<NoteId>>> {
    let mut ends: Vec<Option<Vec<NoteId>>> = vec![None; graph.edges.len()];
    for component in components {
        if component.len() > 1 {
            continue; // a loop has no current note; reported as a cycle
        }
        let node = component[0];
        if graph.edges[node].is_empty() {
            ends[node] = Some(vec![node]);
            continue;
        }
        let mut mine: Vec<NoteId> = Vec::new();
        for edge in &graph.edges[node] {
            match &ends[edge.to] {
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
        ends[node] = (!mine.is_empty()).then_some(mine);
    }
    ends
}

/// `superseded-successor`: a `superseded_by` value that names a note which
/// is itself superseded. (A `supersedes` value naming the note just before
/// is how that side is written, so it is not reported.)
fn report_chains(vault: &Vault, graph: &Graph, out: &mut Vec<Diagnostic>) {
    for (id, note) in vault.notes.iter().enumerate() {
        for edge in graph.edges[id].iter().filter(|e| e.side == Side::Successor) {
            let succ = edge.to;
            if graph.edges[succ].is_empty() {
                continue;
            }
            let Some(current) = &graph.ends[succ] else { continue };
            let successor = &vault.notes[succ].path;
            let current: Vec<String> = current.iter().map(|&c| vault.notes[c].path.clone()).collect();
            let mut related = vec![successor.clone()];
            related.extend(current.iter().cloned());
            out.push(
                Diagnostic::new(
                    Code::SupersededSuccessor,
                    &note.path,
                    format!(
                        "successor `{successor}` is itself superseded; the current {} {}",
                        if current.len() == 1 { "note is" } else { "notes are" },
                        quoted_list(&current)
                    ),
                )
                .at(edge.span, "superseded")
                .help(format!("point the declaration at {}", quoted_list(&current)))
                .related(related),
            );
        }
    }
}
