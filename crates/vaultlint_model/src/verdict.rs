//! The verdict a retrieval layer acts on, one of four for every note, and
//! the closure: the notes that must come with it. Only an `active` note may
//! support a current answer, and only together with its closure.
//!
//! The rules, first match wins:
//! 1. `unknown`: the note could not be read (nor a frontmatter line that
//!    could decide its standing), is quarantined or says
//!    `status: unknown`; a declaration of it leads nowhere (missing,
//!    ambiguous, outside the vault, itself, a template) or loops; or its
//!    `review_due` is more than `review-grace` days past.
//! 2. `stale`: it is not in force (superseded, expired, revoked, deleted, a
//!    draft, not yet in force); a successor replaces it in part of its
//!    scope (the map for one scope tells where it still holds); or it is
//!    corrected and its closure cannot be honoured (a correction is not
//!    `active`).
//! 3. `conflict`: it is in force, and so is another note in an overlapping
//!    scope that also says it supersedes the same note, with no
//!    declaration between the two; or (when asked) the two are a suspected
//!    pair of versions, both in force and neither declared.
//! 4. `active`.

use crate::graph::Graph;
use crate::lifecycle::{Lifecycle, Standing};
use crate::vault::{NoteId, Resolution, Vault};
use std::collections::{BTreeSet, HashMap};
use vaultlint_core::date::Day;
use vaultlint_syntax::note::Relation;

/// At most this many other notes are named in a conflict.
const MAX_CONFLICTS: usize = 10;

/// What an indexer should do with a note, in one word: serve it
/// (`Active`), serve it with a warning (`Stale`), hold it until a person
/// decides (`Conflict`), or not know (`Unknown`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    Active,
    Stale,
    Conflict,
    Unknown,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Active => "active",
            Verdict::Stale => "stale",
            Verdict::Conflict => "conflict",
            Verdict::Unknown => "unknown",
        }
    }
}

/// One note's verdict, with what comes with it. (Every note has one, and
/// nearly all have no conflict and no reason: boxed lists, not growable
/// ones, forty bytes, not fifty-six.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    pub verdict: Verdict,
    /// For a conflict, the other notes in force that claim its place.
    pub conflicts_with: Box<[NoteId]>,
    /// Why the verdict is `unknown`, `stale` for a closure, or `conflict`.
    pub because: Option<Box<str>>,
}

/// Every note's judgement. `suspected` are the undeclared pairs of
/// versions the similarity pass found, when the caller ran it.
pub fn judge(
    vault: &Vault,
    graph: &Graph,
    life: &Lifecycle,
    suspected: &[(NoteId, NoteId)],
) -> Vec<Judgement> {
    let n = vault.notes.len();
    // Why each note's declarations lead nowhere: a value that is not a
    // note's name, or one that names no other note.
    let mut broken: HashMap<NoteId, String> = HashMap::new();
    for (id, note) in vault.notes.iter().enumerate().filter(|&(id, _)| !vault.is_template(id)) {
        for side in vaultlint_syntax::note::Side::ALL {
            let Some(field) = note.declaration(side) else { continue };
            // A key left blank (`superseded-by:`, `supersedes: []`), as a
            // template ships it, declares nothing: it breaks nothing either.
            if vaultlint_syntax::note::shapes(field).iter().any(|s| match s {
                vaultlint_syntax::note::Shape::String(_)
                | vaultlint_syntax::note::Shape::Empty
                | vaultlint_syntax::note::Shape::EmptyList(_) => false,
                vaultlint_syntax::note::Shape::NotString { value, .. } => !vault.names_by_number(id, value),
                _ => true,
            }) {
                broken
                    .entry(id)
                    .or_insert_with(|| format!("its `{}` is not written as a note's name", field.key));
            }
        }
    }
    for d in &graph.declared {
        // A note that replaced one since deleted (merged into it) is in
        // force whatever became of the other: only a way forward that
        // leads nowhere leaves its own standing unknown.
        let backward = matches!(
            d.side,
            vaultlint_syntax::note::Side::Predecessor | vaultlint_syntax::note::Side::Corrects
        );
        // Nor does one whose forerunner is a document outside the vault (a
        // proposal's earlier pull request, a design document), named by URL.
        let outside = matches!(d.resolution, Resolution::Invalid(vaultlint_syntax::link::Invalid::Url));
        if backward && (outside || matches!(d.resolution, Resolution::Missing { .. })) {
            continue;
        }
        // A note whose status retires it and whose successor lives in
        // another repository (named by URL) is out of force, as it says.
        if outside && crate::lifecycle::status_retires(&vault.notes[d.by]) {
            continue;
        }
        if !matches!(d.resolution, Resolution::Note(target) if target != d.by) {
            let why = format!("its {} `{}` names no other note of the vault", d.side.noun(), d.text);
            broken.entry(d.by).or_insert(why);
        }
    }
    for &id in graph.revision_cycles.iter().flatten() {
        broken.entry(id).or_insert_with(|| "the note is in a cycle of corrections".into());
    }
    let mut judged: Vec<Judgement> = (0..n)
        .map(|id| {
            let (verdict, because) = match unknown(vault, life, id, broken.remove(&id)) {
                Some(why) => (Verdict::Unknown, Some(why)),
                None if !life.in_force(id) => (Verdict::Stale, None),
                None if !life.partly[id].is_empty() => (Verdict::Stale, Some(partly(vault, life, id))),
                None => (Verdict::Active, None),
            };
            Judgement {
                verdict,
                conflicts_with: Box::default(),
                because: because.map(String::into_boxed_str),
            }
        })
        .collect();
    for (id, others, why) in conflicts(vault, graph, life, suspected) {
        let judgement = &mut judged[id];
        if judgement.verdict == Verdict::Active {
            judgement.verdict = Verdict::Conflict;
            let mut conflicts = std::mem::take(&mut judgement.conflicts_with).into_vec();
            conflicts.extend(others);
            conflicts.sort_unstable();
            conflicts.dedup();
            judgement.conflicts_with = conflicts.into_boxed_slice();
            judgement.because.get_or_insert(why.into_boxed_str());
        }
    }
    settle_corrected(vault, life, &mut judged);
    judged
}

/// The notes to serve in the place of note `id` or beside it, every one
/// `active`: itself when active and uncorrected; its corrections,
/// transitively, when corrected; the current notes (with their
/// corrections) when superseded; nothing when no note can stand for it.
/// Made when asked for, as only the map shows it.
pub fn closure(judged: &[Judgement], life: &Lifecycle, id: NoteId) -> Vec<NoteId> {
    let start: Vec<NoteId> = match judged[id].verdict {
        Verdict::Unknown | Verdict::Conflict => Vec::new(),
        Verdict::Active if life.states[id].standing == Standing::InForce => return vec![id],
        Verdict::Active => reach(life, &[id]).into_iter().filter(|&c| c != id).collect(),
        Verdict::Stale if life.states[id].standing == Standing::Superseded => life.states[id].current.clone(),
        Verdict::Stale => Vec::new(),
    };
    reach(life, &start).into_iter().filter(|&c| judged[c].verdict == Verdict::Active).collect()
}

/// Why a note replaced in part of its scope is not active for all of it.
fn partly(vault: &Vault, life: &Lifecycle, id: NoteId) -> String {
    let by = &life.partly[id];
    let scope = |s: NoteId| life.scopes.get(s).map(|s| s.describe()).unwrap_or_default();
    let each: Vec<String> = by.iter().map(|&s| format!("`{}` ({})", vault.notes[s].path, scope(s))).collect();
    format!("superseded where {} applies; in force elsewhere (see `--scope`)", each.join(", "))
}

/// A corrected note stands only with its corrections: it stays `active`
/// only if every note it stands on is `active` once settled itself.
fn settle_corrected(vault: &Vault, life: &Lifecycle, judged: &mut [Judgement]) {
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    // What a corrected note stands on: each correction, or the notes now in
    // force in its place. Settled depth first, each note once, so a long
    // chain of corrections costs its length, not its square.
    let stands_on = |n: NoteId| -> Vec<NoteId> {
        life.corrections[n].iter().flat_map(|c| life.now(c)).copied().filter(|&d| d != n).collect()
    };
    let mut mark = vec![Mark::New; judged.len()];
    for root in 0..judged.len() {
        let open = |judged: &[Judgement], n: NoteId| {
            judged[n].verdict == Verdict::Active && life.states[n].standing == Standing::Corrected
        };
        if mark[root] != Mark::New || !open(judged, root) {
            continue;
        }
        mark[root] = Mark::Open;
        let mut stack = vec![(root, stands_on(root), 0)];
        while let Some((node, on, next)) = stack.last_mut() {
            if let Some(&d) = on.get(*next) {
                *next += 1;
                if mark[d] == Mark::New && open(judged, d) {
                    mark[d] = Mark::Open;
                    stack.push((d, stands_on(d), 0));
                }
                continue;
            }
            let (node, on) = (*node, std::mem::take(on));
            stack.pop();
            // A note still open here is one this note stands on in turn.
            let bad = on.iter().find(|&&d| judged[d].verdict != Verdict::Active || mark[d] == Mark::Open);
            if let Some(&bad) = bad {
                let what = if mark[bad] == Mark::Open {
                    "in a loop of corrections"
                } else {
                    judged[bad].verdict.name()
                };
                judged[node].verdict = Verdict::Stale;
                judged[node].because = Some(
                    format!("corrected by `{}`, which is {what}", vault.notes[bad].path).into_boxed_str(),
                );
            }
            mark[node] = Mark::Done;
        }
    }
}

/// The notes `start` stands with: themselves and their corrections, each
/// correction by the notes now in force in its place, transitively.
fn reach(life: &Lifecycle, start: &[NoteId]) -> BTreeSet<NoteId> {
    let mut seen: BTreeSet<NoteId> = start.iter().copied().collect();
    if start.iter().all(|&n| life.corrections[n].is_empty()) {
        return seen;
    }
    let mut queue: Vec<NoteId> = start.to_vec();
    while let Some(n) = queue.pop() {
        for c in &life.corrections[n] {
            for &m in life.now(c) {
                if seen.insert(m) {
                    queue.push(m);
                }
            }
        }
    }
    seen
}

/// Why the note's state cannot be told, if it cannot.
fn unknown(vault: &Vault, life: &Lifecycle, id: NoteId, broken: Option<String>) -> Option<String> {
    let note = &vault.notes[id];
    match life.states[id].standing {
        Standing::Unreadable => return Some("the note could not be read".into()),
        Standing::Quarantined => return Some("the note is quarantined".into()),
        Standing::Cycle => return Some("the note is in a supersession cycle".into()),
        _ => {}
    }
    if note.status().is_some_and(|(s, _)| s.eq_ignore_ascii_case("unknown")) {
        return Some("the note says `status: unknown`".into());
    }
    if broken.is_some() {
        return broken;
    }
    let grace = vault.config.terms.review_grace?;
    let due = note.day("review_due")?;
    let deadline: Day = due.plus_days(grace);
    (deadline < life.as_of).then(|| format!("its review was due on {due}, more than {grace} days ago"))
}

/// The notes in conflict, each with the others that claim its place and why.
fn conflicts(
    vault: &Vault,
    graph: &Graph,
    life: &Lifecycle,
    suspected: &[(NoteId, NoteId)],
) -> Vec<(NoteId, Vec<NoteId>, String)> {
    let live = |id: NoteId| life.in_force(id) && life.applies(id);
    // For each superseded note, the notes that say they supersede it.
    let mut claimants: HashMap<NoteId, Vec<NoteId>> = HashMap::new();
    for (&newer, olders) in &graph.named[Relation::Supersession as usize] {
        for &older in olders.iter().filter(|&&o| o != newer) {
            claimants.entry(older).or_default().push(newer);
        }
    }
    let mut found = Vec::new();
    let mut olders: Vec<_> = claimants.into_iter().collect();
    olders.sort_unstable();
    for (older, mut claims) in olders {
        claims.sort_unstable();
        claims.retain(|&c| live(c));
        // What each claimant leads to: a note in force seldom has a
        // successor, so this is small.
        let later: Vec<BTreeSet<NoteId>> = claims.iter().map(|&a| later(graph, a)).collect();
        for (i, &a) in claims.iter().enumerate() {
            let others: Vec<NoteId> = (0..claims.len())
                .filter(|&j| j != i && life.overlap(a, claims[j]))
                .filter(|&j| !later[i].contains(&claims[j]) && !later[j].contains(&a))
                .map(|j| claims[j])
                .take(MAX_CONFLICTS)
                .collect();
            if !others.is_empty() {
                let why =
                    format!("another note in force also says it supersedes `{}`", vault.notes[older].path);
                found.push((a, others, why));
            }
        }
    }
    for &(a, b) in suspected {
        if live(a) && live(b) && life.overlap(a, b) {
            found.push((a, vec![b], "a suspected version of it is in force too".into()));
            found.push((b, vec![a], "a suspected version of it is in force too".into()));
        }
    }
    found
}

/// The notes a chain of supersessions leads to from `from`.
fn later(graph: &Graph, from: NoteId) -> BTreeSet<NoteId> {
    let mut seen = BTreeSet::new();
    let mut queue = vec![from];
    while let Some(n) = queue.pop() {
        for e in &graph.edges[n] {
            if seen.insert(e.to) {
                queue.push(e.to);
            }
        }
    }
    seen
}
