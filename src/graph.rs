//! `vaultlint graph`: the supersession graph as Graphviz DOT or Mermaid,
//! with current notes and broken declarations visibly marked.

use crate::root::Focus;
use crate::text::sanitize;
use crate::vault::{NoteId, Resolution, Side, Vault};
use std::collections::BTreeSet;
use std::fmt::Write;

/// What the picture shows: every note in a declaration, each resolved
/// edge older -> newer, and each declaration that leads nowhere.
struct Picture {
    nodes: Vec<NoteId>,
    edges: Vec<(NoteId, NoteId)>,
    /// `(note, the value that does not resolve, why)`.
    broken: Vec<(NoteId, String, &'static str)>,
    /// Notes that are in force: declared as a successor, declaring none.
    current: BTreeSet<NoteId>,
}

fn picture(vault: &Vault, focus: Option<&Focus>) -> Picture {
    let mut edges = Vec::new();
    let mut broken = Vec::new();
    // Notes whose own successor declaration leads nowhere: in limbo, not current.
    let mut limbo = BTreeSet::new();
    for id in 0..vault.notes.len() {
        for declaration in vault.declarations(id) {
            let why = match declaration.resolution {
                Resolution::Note(target) if target != id => {
                    edges.push(declaration.side.edge(id, target));
                    continue;
                }
                Resolution::Note(_) => "itself",
                Resolution::Missing { .. } => "missing",
                Resolution::Ambiguous(_) => "ambiguous",
                Resolution::Outside => "outside the vault",
                Resolution::Invalid(_) => "invalid",
            };
            if declaration.side == Side::Successor {
                limbo.insert(id);
            }
            broken.push((id, declaration.value.to_string(), why));
        }
    }
    // Current: the newer note of an edge and the older of none, judged
    // over the whole vault before any focus narrows the picture.
    let older: BTreeSet<NoteId> = edges.iter().map(|&(a, _)| a).collect();
    if let Some(focus) = focus {
        let inside = |id: NoteId| focus.contains(&vault.notes[id].path);
        edges.retain(|&(a, b)| inside(a) || inside(b));
        broken.retain(|(a, _, _)| inside(*a));
    }
    edges.sort();
    edges.dedup();
    let nodes: BTreeSet<NoteId> =
        edges.iter().flat_map(|&(a, b)| [a, b]).chain(broken.iter().map(|(a, _, _)| *a)).collect();
    let current =
        edges.iter().map(|&(_, b)| b).filter(|b| !older.contains(b) && !limbo.contains(b)).collect();
    Picture { nodes: nodes.into_iter().collect(), edges, broken, current }
}

/// A DOT string literal.
fn quoted(text: &str) -> String {
    format!("\"{}\"", sanitize(text).replace('\\', "\\\\").replace('"', "\\\""))
}

pub fn dot(vault: &Vault, focus: Option<&Focus>) -> String {
    let p = picture(vault, focus);
    let mut out =
        String::from("digraph supersession {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\"];\n");
    for &id in &p.nodes {
        let path = quoted(&vault.notes[id].path);
        if p.current.contains(&id) {
            let _ =
                writeln!(out, "  {path} [style=\"bold,filled\", fillcolor=\"#e6f4ea\", color=\"#137333\"];");
        } else {
            let _ = writeln!(out, "  {path};");
        }
    }
    for &(a, b) in &p.edges {
        let _ = writeln!(out, "  {} -> {};", quoted(&vault.notes[a].path), quoted(&vault.notes[b].path));
    }
    for (i, (id, value, why)) in p.broken.iter().enumerate() {
        let _ = writeln!(
            out,
            "  \"broken {i}\" [label={}, shape=note, color=\"#c5221f\", fontcolor=\"#c5221f\"];\n  {} -> \"broken {i}\" [style=dashed, color=\"#c5221f\", label={}];",
            quoted(value),
            quoted(&vault.notes[*id].path),
            quoted(why)
        );
    }
    out.push_str("}\n");
    out
}

/// A Mermaid label: quotes and angle brackets as entities.
fn label(text: &str) -> String {
    format!("\"{}\"", sanitize(text).replace('"', "#quot;").replace('<', "#lt;").replace('>', "#gt;"))
}

pub fn mermaid(vault: &Vault, focus: Option<&Focus>) -> String {
    let p = picture(vault, focus);
    let mut out = String::from("flowchart LR\n");
    let name = |id: NoteId| format!("n{}", p.nodes.binary_search(&id).expect("every edge's note is a node"));
    for &id in &p.nodes {
        let _ = writeln!(out, "  {}[{}]", name(id), label(&vault.notes[id].path));
    }
    for &(a, b) in &p.edges {
        let _ = writeln!(out, "  {} --> {}", name(a), name(b));
    }
    for (i, (id, value, why)) in p.broken.iter().enumerate() {
        let _ = writeln!(out, "  b{i}[{}]\n  {} -.->|{why}| b{i}", label(value), name(*id));
    }
    out.push_str("  classDef current stroke:#137333,stroke-width:3px,fill:#e6f4ea\n");
    out.push_str("  classDef broken stroke:#c5221f,color:#c5221f,stroke-dasharray:4\n");
    if !p.current.is_empty() {
        let names: Vec<String> = p.current.iter().map(|&id| name(id)).collect();
        let _ = writeln!(out, "  class {} current", names.join(","));
    }
    if !p.broken.is_empty() {
        let names: Vec<String> = (0..p.broken.len()).map(|i| format!("b{i}")).collect();
        let _ = writeln!(out, "  class {} broken", names.join(","));
    }
    out
}
