//! Successor declarations: each value must resolve to exactly one other
//! note inside the vault, the declarations must not loop, and each should
//! name the note that is current rather than an intermediate version.

use crate::diagnostic::{Diagnostic, Span};
use crate::frontmatter::{Value, ValueKind};
use crate::link::Invalid;
use crate::root::Focus;
use crate::rules::Code;
use crate::vault::{NoteId, Resolution, Vault};
use std::collections::HashSet;

/// At most this many current notes are named at the end of a split chain.
const MAX_ENDS: usize = 8;
/// Comparisons allowed for close-name help across the whole run.
const CLOSE_NAME_BUDGET: usize = 20_000_000;

/// Resolved declarations: for each note, its successors and the span of
/// the value that names each one.
pub struct Graph {
    pub edges: Vec<Vec<(NoteId, Span)>>,
}

pub fn check(vault: &Vault, focus: Option<&Focus>, out: &mut Vec<Diagnostic>) -> Graph {
    let mut edges: Vec<Vec<(NoteId, Span)>> = vec![Vec::new(); vault.notes.len()];
    let mut budget = CLOSE_NAME_BUDGET;
    // The same missing target is often named by many notes; look it up once.
    let mut close_cache: std::collections::HashMap<String, Vec<NoteId>> = std::collections::HashMap::new();
    for (id, note) in vault.notes.iter().enumerate() {
        let Some(field) = &note.successor else { continue };
        let key = field.key.as_str();
        let mut values: Vec<&Value> = Vec::new();
        match &field.value.kind {
            _ if unquoted_wikilink(&field.value).is_some() => {
                out.push(unquoted(&note.path, key, &field.value));
            }
            ValueKind::Seq(items) if items.is_empty() => out.push(
                Diagnostic::new(Code::InvalidSuccessor, &note.path, format!("`{key}` is an empty list"))
                    .at(field.value.span, "names no note")
                    .help(format!("name the note that replaces this one, e.g. `{key}: folder/note.md`")),
            ),
            ValueKind::Seq(items) => {
                for item in items {
                    if unquoted_wikilink(item).is_some() {
                        out.push(unquoted(&note.path, key, item));
                    } else if item.as_str().is_some() {
                        values.push(item);
                    } else {
                        out.push(not_a_string(&note.path, key, item, "each entry of "));
                    }
                }
            }
            _ if field.value.is_null() => out.push(
                Diagnostic::new(Code::InvalidSuccessor, &note.path, format!("`{key}` is empty"))
                    .at(field.key_span, "no value")
                    .help(format!("name the note that replaces this one, e.g. `{key}: folder/note.md`")),
            ),
            _ if field.value.as_str().is_some() => values.push(&field.value),
            _ => out.push(not_a_string(&note.path, key, &field.value, "")),
        }
        for value in values {
            let text = value.as_str().unwrap_or_default();
            let diagnostic = |code, message: String, label: &str| {
                Diagnostic::new(code, &note.path, message).at(value.span, label)
            };
            match vault.resolve(id, text) {
                Resolution::Note(target) if target == id => out.push(
                    diagnostic(
                        Code::SelfSupersession,
                        format!("note names itself as its successor (`{text}`)"),
                        "this note",
                    )
                    .help(format!("name the note that replaces this one, or remove `{key}`")),
                ),
                Resolution::Note(target) => {
                    if !edges[id].iter().any(|(t, _)| *t == target) {
                        edges[id].push((target, value.span));
                    }
                }
                Resolution::Missing { wanted, by_name } => {
                    let close = match close_cache.get(&wanted) {
                        Some(found) => found.clone(),
                        None => {
                            let found = vault.close_names(&wanted, &mut budget);
                            close_cache.insert(wanted.clone(), found.clone());
                            found
                        }
                    };
                    let close: Vec<String> =
                        close.into_iter().filter(|&c| c != id).map(|c| vault.notes[c].path.clone()).collect();
                    let message = if by_name {
                        format!("successor `{text}` does not exist: no note has that name or alias")
                    } else {
                        format!("successor `{text}` does not exist: no note at `{wanted}`")
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
                            format!("successor `{text}` fits {} notes: {}", paths.len(), quoted_list(&paths)),
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
                        format!("successor `{text}` is outside the vault"),
                        "leaves the vault root",
                    )
                    .help("a successor must be a note inside the vault"),
                ),
                Resolution::Invalid(invalid) => {
                    let message = match invalid {
                        Invalid::Empty => format!("`{key}` is empty"),
                        Invalid::Url => format!("successor `{text}` is a URL, not a note in the vault"),
                        Invalid::EmptyWikilink => format!("wikilink `{text}` names no note"),
                    };
                    out.push(
                        diagnostic(Code::InvalidSuccessor, message, "not a note").help(format!(
                            "name the note that replaces this one, e.g. `{key}: folder/note.md`"
                        )),
                    );
                }
            }
        }
    }
    let graph = Graph { edges };
    let components = strongly_connected(&graph.edges);
    report_cycles(vault, &graph, &components, focus, out);
    report_chains(vault, &graph, &components, out);
    graph
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

/// Strongly connected components (Tarjan's algorithm, iterative so a long
/// chain cannot overflow the stack). Components come out sinks first: every
/// component's successors come before it.
pub fn strongly_connected(edges: &[Vec<(NoteId, Span)>]) -> Vec<Vec<NoteId>> {
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
            if let Some(&(succ, _)) = edges[node].get(pos) {
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
        let span = graph.edges[start].iter().find(|(t, _)| *t == cycle[1]).map(|(_, s)| *s);
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
        for &(succ, _) in &graph.edges[node] {
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

/// `superseded-successor`: a declaration that names a note which is itself
/// superseded. The current notes at the end of each chain are computed once
/// per component, sinks first, so long chains stay linear.
fn report_chains(vault: &Vault, graph: &Graph, components: &[Vec<NoteId>], out: &mut Vec<Diagnostic>) {
    let mut ends: Vec<Option<Vec<NoteId>>> = vec![None; vault.notes.len()];
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
        for &(succ, _) in &graph.edges[node] {
            match &ends[succ] {
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
    for (id, note) in vault.notes.iter().enumerate() {
        for &(succ, span) in &graph.edges[id] {
            if graph.edges[succ].is_empty() {
                continue;
            }
            let Some(current) = &ends[succ] else { continue };
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
                .at(span, "superseded")
                .help(format!("point the declaration at {}", quoted_list(&current)))
                .related(related),
            );
        }
    }
}
