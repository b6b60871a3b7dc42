//! `vaultlint graph`: the supersession graph as Graphviz DOT or Mermaid,
//! with the notes in force and broken declarations visibly marked.

use std::collections::BTreeSet;
use std::fmt::Write;
use vaultlint_core::text::sanitize;
use vaultlint_model::focus::Focus;
use vaultlint_model::graph::Graph;
use vaultlint_model::lifecycle::Lifecycle;
use vaultlint_model::vault::{NoteId, Resolution, Vault};
use vaultlint_syntax::note::Side;

/// What the picture shows: every note in a declaration, each resolved
/// edge older -> newer, and each declaration that leads nowhere.
struct Picture {
    nodes: Vec<NoteId>,
    edges: Vec<(NoteId, NoteId)>,
    /// `(note, the value that does not resolve, why)`.
    broken: Vec<(NoteId, String, &'static str)>,
    /// Notes in force on the as-of day, as the lifecycle says.
    current: BTreeSet<NoteId>,
}

fn picture(vault: &Vault, graph: &Graph, life: &Lifecycle, focus: Option<&Focus>) -> Picture {
    let mut edges: Vec<(NoteId, NoteId)> = graph.pairs().collect();
    let mut broken = Vec::new();
    // Notes whose own successor declaration leads nowhere: in limbo, not current.
    let mut limbo = BTreeSet::new();
    for declared in &graph.declared {
        let id = declared.by;
        let why = match declared.resolution {
            Resolution::Note(target) if target != id => continue,
            Resolution::Note(_) => "itself",
            Resolution::Missing { .. } => "missing",
            Resolution::Ambiguous { .. } => "ambiguous",
            Resolution::Outside => "outside the vault",
            Resolution::Template(_) => "a template",
            Resolution::Invalid(_) => "invalid",
        };
        if declared.side == Side::Successor {
            limbo.insert(id);
        }
        broken.push((id, declared.text.clone(), why));
    }
    // Each note's broken values in the order it declares them.
    broken.sort_by_key(|(id, _, _)| *id);
    if let Some(focus) = focus {
        let inside = |id: NoteId| focus.contains(&vault.notes[id].path);
        edges.retain(|&(a, b)| inside(a) || inside(b));
        broken.retain(|(a, _, _)| inside(*a));
    }
    edges.sort();
    edges.dedup();
    let nodes: BTreeSet<NoteId> =
        edges.iter().flat_map(|&(a, b)| [a, b]).chain(broken.iter().map(|(a, _, _)| *a)).collect();
    let current = nodes.iter().copied().filter(|&n| life.in_force(n) && !limbo.contains(&n)).collect();
    Picture { nodes: nodes.into_iter().collect(), edges, broken, current }
}

/// A DOT string literal.
fn quoted(text: &str) -> String {
    format!("\"{}\"", sanitize(text).replace('\\', "\\\\").replace('"', "\\\""))
}

pub fn dot(vault: &Vault, graph: &Graph, life: &Lifecycle, focus: Option<&Focus>) -> String {
    let p = picture(vault, graph, life, focus);
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

pub fn mermaid(vault: &Vault, graph: &Graph, life: &Lifecycle, focus: Option<&Focus>) -> String {
    let p = picture(vault, graph, life, focus);
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
