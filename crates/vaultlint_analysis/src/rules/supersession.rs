//! Successor declarations: each value must resolve to exactly one other
//! note inside the vault, the declarations must not loop, and each should
//! name the note that is current rather than an intermediate version.

use std::collections::{HashMap, HashSet};
use vaultlint_core::code::Code;
use vaultlint_core::diagnostic::{Diagnostic, Edit, Fix};
use vaultlint_model::focus::Focus;
use vaultlint_model::graph::{Declared, Graph};
use vaultlint_model::vault::{NoteId, Resolution, Side, Vault};
use vaultlint_syntax::frontmatter::{Field, Value, ValueKind};
use vaultlint_syntax::link::Invalid;
use vaultlint_syntax::note::{Relation, Shape, shapes, unquoted_wikilink};

/// Comparisons allowed for close-name help across the whole run.
const CLOSE_NAME_BUDGET: usize = 20_000_000;

/// Reports on the declarations of the notes `wanted` marks.
pub fn check(cx: &super::Context, out: &mut Vec<Diagnostic>) {
    let (vault, graph, wanted, focus) = (cx.vault, cx.graph, &cx.wanted[..], cx.focus);
    for side in Side::ALL {
        for (id, note) in vault.notes.iter().enumerate().filter(|&(id, _)| wanted[id]) {
            if let Some(field) = note.declaration(side).filter(|_| !vault.is_template(id)) {
                report_shapes(vault, id, field, out);
            }
        }
    }
    let mut resolver = Resolver { vault, budget: CLOSE_NAME_BUDGET, close: HashMap::new(), stems: None };
    for declared in graph.declared.iter().filter(|d| wanted[d.by]) {
        resolver.report(declared, out);
    }
    report_conflicts(vault, graph, Relation::Supersession, out);
    report_conflicts(vault, graph, Relation::Correction, out);
    report_cycles(vault, graph, focus, out);
    report_revision_cycles(vault, graph, focus, out);
    report_chains(vault, graph, wanted, out);
}

/// Every value of a declaration that is not a string, reported.
fn report_shapes(vault: &Vault, id: NoteId, field: &Field, out: &mut Vec<Diagnostic>) {
    let note = &vault.notes[id];
    let (path, key) = (note.path.as_str(), field.key.as_ref());
    for shape in shapes(field) {
        match shape {
            Shape::String(_) => {}
            Shape::Unquoted(value) => out.push(unquoted(note, key, value)),
            // A key left blank (`supersedes:`, `superseded_by: []`) declares
            // nothing: templates ship the keys every note may fill, and
            // Obsidian's properties keep a property's key with no value.
            Shape::EmptyList(_) | Shape::Empty => {}
            Shape::NotString { value, .. } if vault.names_by_number(id, value) => {}
            Shape::NotString { value, in_list } => {
                out.push(not_a_string(path, key, value, if in_list { "each entry of " } else { "" }))
            }
        }
    }
}

/// The help that shows how a declaration on `side` is written.
fn example(side: Side, key: &str) -> String {
    match side {
        Side::Successor => format!("name the note that replaces this one, e.g. `{key}: folder/note.md`"),
        Side::Predecessor => format!("name the note this one replaces, e.g. `{key}: folder/old-note.md`"),
        Side::CorrectedBy => format!("name the note that corrects this one, e.g. `{key}: folder/erratum.md`"),
        Side::Corrects => format!("name the note this one corrects, e.g. `{key}: folder/decision.md`"),
    }
}

/// Reports each declared value that leads nowhere.
struct Resolver<'v> {
    vault: &'v Vault,
    budget: usize,
    /// The same missing target is often named by many notes; look it up
    /// once. `None`: not looked for, the budget being spent.
    close: HashMap<String, Option<Vec<NoteId>>>,
    /// The vault's file names, once the first fuzzy look needs them.
    stems: Option<vaultlint_model::vault::Stems>,
}

impl Resolver<'_> {
    fn report(&mut self, declared: &Declared, out: &mut Vec<Diagnostic>) {
        let vault = self.vault;
        let Declared { by: id, side, ref key, ref text, span, ref resolution } = *declared;
        let path = &vault.notes[id].path;
        let noun = side.noun();
        let diagnostic =
            |code, message: String, label: &str| Diagnostic::new(code, path, message).at(span, label);
        match resolution {
            Resolution::Note(target) if *target == id => {
                let message = match side {
                    Side::Successor => format!("note names itself as its successor (`{text}`)"),
                    Side::Predecessor => format!("note says it supersedes itself (`{text}`)"),
                    Side::CorrectedBy => format!("note names itself as its correction (`{text}`)"),
                    Side::Corrects => format!("note says it corrects itself (`{text}`)"),
                };
                let help =
                    format!("{}, or remove `{key}`", example(side, key).split(", e.g.").next().unwrap_or(""));
                out.push(diagnostic(Code::SelfSupersession, message, "this note").help(help));
            }
            Resolution::Note(target) => {
                if let Some(d) = by_alias(vault, declared, *target) {
                    out.push(d);
                }
            }
            Resolution::Missing { wanted, by_name } => {
                if let Some(d) = self.missing(declared, wanted, *by_name) {
                    out.push(d);
                }
            }
            Resolution::Ambiguous { first, total } => {
                let paths: Vec<String> = first.iter().map(|&c| vault.notes[c].path.clone()).collect();
                let more = match total - first.len() {
                    0 => String::new(),
                    n => format!(" and {} more", vaultlint_core::text::thousands(n)),
                };
                out.push(
                    diagnostic(
                        Code::AmbiguousSuccessor,
                        format!("{noun} `{text}` fits {total} notes: {}{more}", quoted_list(&paths)),
                        "ambiguous",
                    )
                    .help(format!(
                        "name the note by its path, e.g. `{key}: \"[[{}]]\"`",
                        vault.path_stem(first[0])
                    ))
                    .related(paths),
                );
            }
            Resolution::Template(template) => out.push(
                diagnostic(
                    Code::InvalidSuccessor,
                    format!("{noun} `{text}` is the template `{}`, not a note", vault.notes[*template].path),
                    "a template",
                )
                .help("name the note made from the template, not the template")
                .related(vec![vault.notes[*template].path.clone()]),
            ),
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
                    // A blank string declares nothing, as a blank key does.
                    Invalid::Empty => return,
                    // What this note replaced was a document elsewhere (a
                    // proposal's earlier pull request, a design document):
                    // history, with nothing in the vault to retire.
                    Invalid::Url if !side.names_newer() => return,
                    // A note its status retires, replaced by a document of
                    // another repository (a proposal moved to a sister
                    // one): the URL is where to read on, as the author meant.
                    Invalid::Url if vaultlint_model::lifecycle::status_retires(&vault.notes[id]) => return,
                    Invalid::Url => format!("{noun} `{text}` is a URL, not a note in the vault"),
                    Invalid::EmptyWikilink => format!("wikilink `{text}` names no note"),
                };
                let mut help = example(side, key);
                if matches!(invalid, Invalid::Url) && side == Side::Successor {
                    // Proposal processes name the design document a record
                    // grew from under the wrong key as often as a successor.
                    help.push_str(
                        "; a page outside the vault that this note came from is its forerunner, which \
                         `supersedes` takes as a URL",
                    );
                }
                out.push(diagnostic(Code::InvalidSuccessor, message, "not a note").help(help));
            }
        }
    }

    /// `missing-successor`, with the closest names in the help. A note
    /// this one replaces (`supersedes`, `corrects`) that is gone is the
    /// usual end of a note merged into this one and deleted: it is
    /// reported only where a note of a close name suggests a slip.
    fn missing(&mut self, declared: &Declared, wanted: &str, by_name: bool) -> Option<Diagnostic> {
        let (id, text, noun) = (declared.by, &declared.text, declared.side.noun());
        let close = self.close_names(wanted, id);
        let backward = matches!(declared.side, Side::Predecessor | Side::Corrects);
        if backward && !close.as_ref().and_then(|c| c.first()).is_some_and(|first| slip(wanted, first)) {
            return None;
        }
        let message = if by_name {
            format!("{noun} `{text}` does not exist: no note has that name or alias")
        } else {
            format!("{noun} `{text}` does not exist: no note at `{wanted}`")
        };
        let mut d = Diagnostic::new(Code::MissingSuccessor, &self.vault.notes[id].path, message)
            .at(declared.span, "no such note");
        let Some(close) = close else {
            return Some(d.help(
                "no close name was looked for: this run has too many broken declarations to compare each with \
                 every note; fix the others first",
            ));
        };
        match meant(wanted, &close)[..] {
            [] => {}
            [first] => d = d.help(format!("did you mean `{first}`?")),
            ref named => {
                let listed: Vec<String> = named.iter().map(|path| format!("`{path}`")).collect();
                d = d.help(format!(
                    "{} notes have that file name: {}; write the path of the one meant",
                    named.len(),
                    listed.join(", ")
                ));
            }
        }
        Some(d.related(close))
    }

    /// The paths of notes named like `wanted`, other than the note `id`;
    /// `None` when they were not looked for (the budget is spent).
    fn close_names(&mut self, wanted: &str, id: NoteId) -> Option<Vec<String>> {
        let vault = self.vault;
        let found = match self.close.get(wanted) {
            Some(found) => found,
            None => {
                let found = vault.close_names(wanted, &mut self.budget, &mut self.stems);
                self.close.entry(wanted.to_string()).or_insert(found)
            }
        };
        let found = found.as_ref()?;
        Some(found.iter().filter(|&&c| c != id).map(|&c| vault.notes[c].path.clone()).collect())
    }
}

/// Of the `close` names found for a missing `wanted` (best first), the
/// ones its author may have meant: every note of its file name when
/// several have it (a bare name names none of them for certain, so which
/// is the author's to say), else the closest alone.
pub fn meant<'c>(wanted: &str, close: &'c [String]) -> Vec<&'c String> {
    let named: Vec<&String> = close.iter().filter(|path| one_file_name(path, wanted)).collect();
    if named.len() > 1 { named } else { close.first().into_iter().collect() }
}

/// Whether two paths end in one file name, in any case and extension.
pub fn one_file_name(a: &str, b: &str) -> bool {
    let stem = |path: &str| vaultlint_core::text::fold(vaultlint_syntax::note::stem_of(path));
    stem(a) == stem(b)
}

/// The edit that points the value `declared` at the note `to` instead,
/// written as the value was (a wikilink or a path, with or without its
/// extension, from the note's folder or the root) and quoted as the
/// frontmatter needs (a wikilink must be, or YAML reads a list); the value
/// written, and the edit. `None` when the note's text is not at hand or
/// the edited declaration would not read back as that value.
pub fn respelled(vault: &Vault, declared: &Declared, to: NoteId) -> Option<(String, Edit)> {
    let note = &vault.notes[declared.by];
    let head = note.head()?;
    let written = head.get(declared.span.range())?;
    let inner = match (written.find("[["), written.rfind("]]")) {
        (Some(open), Some(close)) if open < close => &written[open..close + 2],
        _ => written.trim_matches(['"', '\'']),
    };
    let value = spelled(vault, declared.by, inner, to);
    let yaml = vaultlint_syntax::splice::yaml_scalar(&value);
    // Quoted as it was, where the value needs no escape inside the quotes.
    let replacement = match written.chars().next() {
        Some('\'') => format!("'{}'", value.replace('\'', "''")),
        Some('"') if !yaml.starts_with('"') => format!("\"{value}\""),
        _ => yaml,
    };
    let edit = Edit { offset: declared.span.offset(), original: written.to_string(), replacement };
    // Read back: the declaration must hold the value written.
    let new = edit.apply(head);
    let vaultlint_syntax::frontmatter::Delimited::Found(block) = vaultlint_syntax::frontmatter::delimit(&new)
    else {
        return None;
    };
    let reads = |k: &str| k == declared.key;
    let fields = vaultlint_syntax::frontmatter::parse_reading(&new, &block, &reads).ok()?;
    let field = fields.iter().find(|f| *f.key == *declared.key)?;
    field.value.strings().contains(&value.as_str()).then_some((value, edit))
}

/// How the note `id` names the note `to` in a value written as `old` (a
/// wikilink, a path with or without its extension, or one from the note's
/// own folder): in the same form.
fn spelled(vault: &Vault, id: NoteId, old: &str, to: NoteId) -> String {
    if old.starts_with("[[") {
        let name = vault.wikilink_name(id, to).unwrap_or_else(|| vault.path_stem(to).to_string());
        return format!("[[{name}]]");
    }
    // A bare file name, in a vault that names successors beside the note,
    // stays one where the note named is beside it too.
    if !old.contains('/')
        && let Some(file) = vault.name_beside(id, to)
    {
        return if vault.has_note_extension(old) {
            file.to_string()
        } else {
            vaultlint_syntax::note::stem_of(file).to_string()
        };
    }
    let path = if vault.has_note_extension(old) { &vault.notes[to].path } else { vault.path_stem(to) };
    if old.starts_with("./") || old.starts_with("../") {
        // Written from the note's folder: so is the new value.
        let relative = super::links::relative(vault.notes[id].folder(), path);
        if relative.starts_with("../") { relative } else { format!("./{relative}") }
    } else {
        path.to_string()
    }
}

/// How alike a name written and a note's file name must be for the one
/// to read as a slip for the other.
const SLIP: f64 = 0.85;

/// Whether `wanted` (a name or a path) reads as a slip for the note at
/// `path`: the same file name but for case, folder or a few letters, or
/// the record number its file name opens (`0048` or `SIMD-0048` for
/// `0048-native-program.md`), as proposals name each other.
fn slip(wanted: &str, path: &str) -> bool {
    let name = |p: &str| vaultlint_core::text::fold(vaultlint_syntax::note::stem_of(p));
    let (wanted, stem) = (name(wanted), name(path));
    let number =
        wanted.trim_start_matches(|c: char| c.is_ascii_alphabetic()).trim_start_matches(['-', '_', ' ']);
    let record = !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
        && stem.strip_prefix(number).is_some_and(|rest| rest.starts_with(['-', '_', ' ']));
    record || strsim::normalized_levenshtein(&wanted, &stem) >= SLIP
}

/// `successor-by-alias`: a bare wikilink that reached `target` through one
/// of its aliases, not its file name; the fix names the file.
fn by_alias(vault: &Vault, declared: &Declared, target: NoteId) -> Option<Diagnostic> {
    let vaultlint_syntax::link::Target::Wikilink { name } =
        vaultlint_syntax::link::parse(&declared.text).ok()?
    else {
        return None;
    };
    let note = &vault.notes[target];
    let by_file = |n: &str| vaultlint_core::text::fold(n) == vaultlint_core::text::fold(note.stem());
    if name.contains('/') || by_file(&name) || by_file(vault.strip_extension(&name)) {
        return None;
    }
    let file_name = vault.wikilink_name(declared.by, target).filter(|n| !n.eq_ignore_ascii_case(&name))?;
    let by = &vault.notes[declared.by];
    let written = by.head()?.get(declared.span.range())?;
    let at = written.find(name.as_str())?;
    let fix = Fix::safe(
        Edit { offset: declared.span.offset() + at, original: name.clone(), replacement: file_name.clone() },
        by.digest,
    );
    Some(
        Diagnostic::new(
            Code::SuccessorByAlias,
            &by.path,
            format!("`{name}` is an alias of `{}`; Obsidian resolves wikilinks by file name only", note.path),
        )
        .at(declared.span, "an alias")
        .help(format!("name the note by its file: `[[{file_name}]]` (`vaultlint check --fix` rewrites it)"))
        .related(vec![note.path.clone()])
        .fix(Some(fix)),
    )
}

/// Whether a chain of edges (declared on either side) leads from `from`
/// to `to`.
fn leads_to(
    edges: &vaultlint_model::graph::Lists<vaultlint_model::graph::Edge>,
    from: NoteId,
    to: NoteId,
) -> bool {
    let (mut seen, mut next) = (HashSet::from([from]), vec![from]);
    while let Some(at) = next.pop() {
        for edge in &edges[at] {
            if edge.to == to {
                return true;
            }
            if seen.insert(edge.to) {
                next.push(edge.to);
            }
        }
    }
    false
}

/// `conflicting-supersession`: where both sides of an edge are declared,
/// they must agree. A note that says it supersedes (corrects) X while X
/// names other successors (corrections), not it; and a note that names a
/// successor (correction) which lists what it supersedes (corrects) and
/// leaves this note out.
fn report_conflicts(vault: &Vault, graph: &Graph, relation: Relation, out: &mut Vec<Diagnostic>) {
    let (all_edges, verb, noun) = match relation {
        Relation::Supersession => (&graph.edges, "supersedes", "successor"),
        Relation::Correction => (&graph.corrections, "corrects", "correction"),
    };
    let named_back = &graph.named[relation as usize];
    let path = |id: NoteId| vault.notes[id].path.clone();
    let list = |ids: &[NoteId]| quoted_list(&ids.iter().map(|&s| path(s)).collect::<Vec<_>>());
    for (older, edges) in all_edges.iter().enumerate() {
        let newer: Vec<NoteId> = edges.iter().filter(|e| e.side.names_newer()).map(|e| e.to).collect();
        // A folder rule states nothing in the note to disagree with.
        for edge in edges.iter().filter(|e| e.rule.is_none()) {
            let (older_path, newer_path) = (path(older), path(edge.to));
            if !edge.side.names_newer() {
                // Stated by the newer note alone. The older note may name
                // the end of the chain that runs through this one (`B`
                // supersedes `A`, `C` supersedes `B`, and `A` names `C`), as
                // `superseded-successor` asks: no disagreement.
                if newer.is_empty() || newer.iter().all(|&named| leads_to(all_edges, edge.to, named)) {
                    continue;
                }
                out.push(
                    Diagnostic::new(
                        Code::ConflictingSupersession,
                        &newer_path,
                        format!(
                            "note says it {verb} `{older_path}`, but that note names {} as its {noun}",
                            list(&newer)
                        ),
                    )
                    .at(edge.span, "disagrees")
                    .help(format!("add this note to the {noun}s of `{older_path}`, or stop naming it here"))
                    .related([older].into_iter().chain(newer.iter().copied()).map(path).collect()),
                );
                continue;
            }
            let Some(named) = named_back.get(&edge.to) else { continue };
            // The successor names a note that replaced this one (`A` names
            // `C`, which supersedes `B`, which supersedes `A`): the end of
            // its chain, no disagreement.
            if named.is_empty()
                || named.contains(&older)
                || named.iter().any(|&n| leads_to(all_edges, older, n))
            {
                continue;
            }
            out.push(
                Diagnostic::new(
                    Code::ConflictingSupersession,
                    &older_path,
                    format!(
                        "{noun} `{newer_path}` does not name this note back: it says it {verb} {}",
                        list(named)
                    ),
                )
                .at(edge.span, "disagrees")
                .help(format!("add this note to what `{newer_path}` {verb}, or name another {noun}"))
                .related([edge.to].into_iter().chain(named.iter().copied()).map(path).collect()),
            );
        }
    }
}

/// An unquoted wikilink, with the fix that quotes it as written: what
/// was meant is not in doubt.
fn unquoted(note: &vaultlint_syntax::note::Note, key: &str, value: &Value) -> Diagnostic {
    let name = unquoted_wikilink(value).unwrap_or_default();
    let (span, fix) = (value.span, super::quoting_fix(note, value));
    Diagnostic::new(
        Code::InvalidSuccessor,
        &note.path,
        format!("unquoted wikilink: YAML reads `[[{name}]]` as a list inside a list, not a link"),
    )
    .at(span, "needs quotes")
    .help(format!("quote it: `{key}: \"[[{name}]]\"`"))
    .fix(fix)
}

fn not_a_string(path: &str, key: &str, value: &Value, prefix: &str) -> Diagnostic {
    let what = match &value.kind {
        ValueKind::Map => "a mapping",
        ValueKind::Seq(_) => "a nested list",
        ValueKind::Alias => "a YAML alias",
        ValueKind::Scalar { text, .. } => match &**text {
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

/// One `supersession-cycle` per loop, on its first member by path (the
/// first one in focus, when only some notes are reported).
fn report_cycles(vault: &Vault, graph: &Graph, focus: Option<&Focus>, out: &mut Vec<Diagnostic>) {
    for component in graph.components.iter().filter(|c| c.len() > 1) {
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

/// One `supersession-cycle` per loop that goes through a correction: a
/// note cannot correct a note that corrects or supersedes it, in the end.
fn report_revision_cycles(vault: &Vault, graph: &Graph, focus: Option<&Focus>, out: &mut Vec<Diagnostic>) {
    for component in &graph.revision_cycles {
        let start = focus
            .and_then(|f| component.iter().copied().find(|&m| f.contains(&vault.notes[m].path)))
            .unwrap_or(component[0]);
        let members: HashSet<NoteId> = component.iter().copied().collect();
        let next = |n: NoteId| graph.edges[n].iter().chain(&graph.corrections[n]).map(|e| e.to).collect();
        let cycle = shortest_loop(start, &members, next);
        let names: Vec<String> = cycle.iter().map(|&m| vault.notes[m].path.clone()).collect();
        let mut shown = names.clone();
        shown.push(names[0].clone());
        let span = graph.edges[start]
            .iter()
            .chain(&graph.corrections[start])
            .find(|e| cycle.get(1) == Some(&e.to) && e.by == start)
            .map(|e| e.span);
        out.push(
            Diagnostic::new(
                Code::SupersessionCycle,
                &names[0],
                format!(
                    "revision cycle through a correction: {}; what these notes say cannot be settled",
                    shown.join(" -> ")
                ),
            )
            .at_opt(span, "starts a loop")
            .help("a correction is newer than the note it corrects: remove the declaration that points back")
            .related(names[1..].to_vec()),
        );
    }
}

/// The shortest loop from `start` back to itself inside one component,
/// found breadth-first so the listing is stable and minimal.
fn shortest_cycle(graph: &Graph, start: NoteId, members: &HashSet<NoteId>) -> Vec<NoteId> {
    shortest_loop(start, members, |n| graph.edges[n].iter().map(|e| e.to).collect())
}

/// The shortest loop from `start` back to itself through `members`,
/// following `next`.
fn shortest_loop(
    start: NoteId,
    members: &HashSet<NoteId>,
    next: impl Fn(NoteId) -> Vec<NoteId>,
) -> Vec<NoteId> {
    let mut parent: std::collections::HashMap<NoteId, NoteId> = std::collections::HashMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for succ in next(node) {
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

/// `superseded-successor`: a `superseded_by` value that names a note which
/// is itself superseded. (A `supersedes` value naming the note just before
/// is how that side is written, so it is not reported; nor is a step of a
/// chain both its notes declare, the successor naming this note back in
/// its `supersedes`: a history of releases kept on purpose.)
fn report_chains(vault: &Vault, graph: &Graph, wanted: &[bool], out: &mut Vec<Diagnostic>) {
    let named_back = graph.named_back();
    for (id, note) in vault.notes.iter().enumerate().filter(|&(id, _)| wanted[id]) {
        for edge in graph.edges[id].iter().filter(|e| e.side == Side::Successor && e.rule.is_none()) {
            let succ = edge.to;
            if graph.edges[succ].is_empty() || named_back.contains(&(succ, id)) {
                continue;
            }
            let Some(current) = graph.ends.get(succ) else { continue };
            let successor = &vault.notes[succ].path;
            let current: Vec<String> = current.iter().map(|&c| vault.notes[c].path.clone()).collect();
            let mut related = vec![successor.clone()];
            related.extend(current.iter().cloned());
            let fix = match graph.ends.get(succ) {
                Some(&[one]) => to_current(vault, id, edge.span, one),
                _ => None,
            };
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
                .related(related)
                .fix(fix),
            );
        }
    }
}

/// The edit that points the declared value at `span` in note `id` at the
/// note `current`, written as the value was (a wikilink or a path, with or
/// without its extension). Unsafe: the chain through the intermediate
/// note may have been meant, so `check --fix` makes it only with
/// `--unsafe-fixes`.
fn to_current(
    vault: &Vault,
    id: NoteId,
    span: vaultlint_core::diagnostic::Span,
    current: NoteId,
) -> Option<Fix> {
    let note = &vault.notes[id];
    let head = note.head()?;
    let written = head.get(span.range())?;
    // One record of several a value lists by number (`655, 777`): a path
    // written in its place would leave the rest no list the vault reads.
    let listed = head[span.end()..].trim_start_matches([' ', '\t']).starts_with(',')
        || head[..span.offset()].trim_end_matches([' ', '\t']).ends_with(',');
    if listed {
        return None;
    }
    let (start, old) = match (written.find("[["), written.rfind("]]")) {
        (Some(open), Some(close)) if open < close => (open, &written[open..close + 2]),
        _ => {
            let inner = written.trim_matches(['"', '\'']);
            (written.find(inner)?, inner)
        }
    };
    let replacement = spelled(vault, id, old, current);
    let edit = Edit { offset: span.offset() + start, original: old.to_string(), replacement };
    Some(Fix { edit, applicability: vaultlint_core::diagnostic::Applicability::Unsafe, digest: note.digest })
}

/// The config's `[[supersede]]` rules: one that matches nothing, names a
/// newer folder with no notes, or leaves notes with no counterpart.
pub fn folder_rules(cx: &super::Context, out: &mut Vec<Diagnostic>) {
    let (vault, graph) = (cx.vault, cx.graph);
    let config = &vault.config.config_name;
    for (i, rule) in vault.config.folder_rules.iter().enumerate() {
        let (covered, _) = graph.covered.counts[i];
        // The newest copy of a page the live folder lacks stays in force by
        // design (the summary counts them); copies no release order ranks
        // are for a person to settle.
        let unordered = &graph.covered.unordered[i];
        let table = format!("`[[supersede]]` with `older = \"{}\"`", rule.older);
        if covered == 0 {
            out.push(
                Diagnostic::new(Code::FolderRule, config, format!("{table} matches no folder holding notes"))
                    .help("the glob is relative to the vault root: `versioned_docs/version-*`"),
            );
        } else if !graph.covered.newer_found[i] {
            let message = format!("{table} names `newer = \"{}\"`, which holds no notes", rule.newer);
            out.push(Diagnostic::new(Code::FolderRule, config, message));
        } else if !unordered.is_empty() {
            let mut left: Vec<String> = unordered.iter().map(|&id| vault.notes[id].path.clone()).collect();
            left.sort();
            left.truncate(10);
            let message = format!(
                "{table} covers {} with no counterpart under `{}` and no release order among their \
                 copies; they stay in force",
                vaultlint_core::text::plural(unordered.len(), "note"),
                rule.newer
            );
            out.push(
                Diagnostic::new(Code::FolderRule, config, message)
                    .help("declare their successors in their frontmatter, or leave them in force")
                    .related(left),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;
    use vaultlint_syntax::note::Note;

    /// The value `respelled` writes in `a/old.md`, declaring `value`, to
    /// name `a/New note.md` in place of its value naming `nwe`, and the
    /// note's text after.
    fn respelled_as(value: &str) -> (String, String) {
        let text = format!("---\ntitle: Old\nsuperseded_by: {value}\n---\n# Old\n");
        let files = [("a/old.md", text.as_str()), ("a/New note.md", "# New\n"), ("b/x.md", "# X\n")];
        let notes = files.iter().map(|(p, t)| Note::parse(p.to_string(), t)).collect();
        let vault = Vault::from_notes(PathBuf::from("/nonexistent"), notes);
        let graph = Graph::build(&vault);
        let old = vault.id_of("a/old.md").unwrap();
        let declared = graph.declared.iter().find(|d| d.by == old && d.text.contains("nwe")).unwrap();
        let (written, edit) = respelled(&vault, declared, vault.id_of("a/New note.md").unwrap())
            .unwrap_or_else(|| panic!("{value}: no edit"));
        (written, edit.apply(&text))
    }

    #[test]
    fn a_value_is_respelled_in_the_form_and_quotes_it_was_written_in() {
        let cases = [
            ("\"[[nwe note]]\"", "[[New note]]", "superseded_by: \"[[New note]]\""),
            ("'[[nwe note]]'", "[[New note]]", "superseded_by: '[[New note]]'"),
            ("a/nwe.md", "a/New note.md", "superseded_by: a/New note.md"),
            ("\"a/nwe.md\"", "a/New note.md", "superseded_by: \"a/New note.md\""),
            ("a/nwe", "a/New note", "superseded_by: a/New note"),
            // YAML would read it plain, but the quoting is kept simple.
            ("./nwe.md", "./New note.md", "superseded_by: \"./New note.md\""),
            ("[b/x.md, \"[[nwe]]\"]", "[[New note]]", "superseded_by: [b/x.md, \"[[New note]]\"]"),
        ];
        for (value, written, line) in cases {
            let (got, text) = respelled_as(value);
            assert_eq!(got, written, "{value}");
            assert!(text.contains(&format!("\n{line}\n")), "{value}: {text}");
        }
    }
}
