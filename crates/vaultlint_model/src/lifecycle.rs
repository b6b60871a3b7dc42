//! Which note is in force on a given day. A note is in force from its
//! `effective_from` through its `effective_to` (either may be absent),
//! unless its status keeps it out (a draft, a revoked note) or a successor
//! has taken effect. A successor takes effect on its own `effective_from`
//! (at once when it has none), and not while it is a draft or quarantined.
//! A successor retires the older note only where it applies: its scope
//! must hold all of the older note's (see [`vaultlint_syntax::scope`]). A note in
//! force that a correction in effect names stays in force, `corrected`.
//! A note of lower authority (the config's `authorities`) retires and
//! corrects nothing of higher authority.
//! This is the reading `lineage`, `links-to-superseded` and the statistics
//! share, so a retrieval layer that loads `lineage --all` agrees with `check`.

use crate::graph::{Graph, Lists};
use crate::vault::{NoteId, Vault};
use vaultlint_core::date::Day;
use vaultlint_syntax::scope::Scope;

/// At most this many current notes are named at the end of a split chain.
const MAX_CURRENT: usize = 8;

/// Where a note stands on the as-of day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    InForce,
    /// In force, and a correction in effect names it: it may be read only
    /// together with its corrections.
    Corrected,
    /// A successor has taken effect (or the status says superseded).
    Superseded,
    /// In a supersession cycle: every member is superseded by another.
    Cycle,
    /// `effective_from` is later (or `status: scheduled` with no date).
    NotYetInForce(Option<Day>),
    /// `effective_to` has passed.
    Expired(Day),
    Revoked,
    Deleted,
    /// A proposal rejected or withdrawn, in a vault of proposals: it
    /// never took effect.
    Rejected,
    Draft,
    Quarantined,
    /// The note could not be read, or its frontmatter could not, where a
    /// line of it may decide its standing: what it says is unknown, so it
    /// is not in force.
    Unreadable,
}

impl Standing {
    /// In force on the day, corrected or not.
    pub fn is_in_force(self) -> bool {
        matches!(self, Standing::InForce | Standing::Corrected)
    }

    /// Retired: it was in force once and is no longer, so links to it and
    /// search results should go elsewhere.
    pub fn is_retired(self) -> bool {
        matches!(
            self,
            Standing::Superseded
                | Standing::Cycle
                | Standing::Expired(_)
                | Standing::Revoked
                | Standing::Deleted
        )
    }

    /// The stable name used in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Standing::InForce => "in-force",
            Standing::Corrected => "corrected",
            Standing::Superseded => "superseded",
            Standing::Cycle => "cycle",
            Standing::NotYetInForce(_) => "not-yet-in-force",
            Standing::Expired(_) => "expired",
            Standing::Revoked => "revoked",
            Standing::Rejected => "rejected",
            Standing::Deleted => "deleted",
            Standing::Draft => "draft",
            Standing::Quarantined => "quarantined",
            Standing::Unreadable => "unreadable",
        }
    }

    /// How the standing reads in a sentence: "is superseded".
    pub fn describe(self) -> String {
        match self {
            Standing::InForce => "is in force".into(),
            Standing::Corrected => "is in force, with corrections".into(),
            Standing::Superseded => "is superseded".into(),
            Standing::Cycle => "is in a supersession cycle".into(),
            Standing::NotYetInForce(Some(day)) => format!("takes effect on {day}"),
            Standing::NotYetInForce(None) => "is scheduled, with no `effective_from`".into(),
            Standing::Expired(day) => format!("expired on {day}"),
            Standing::Revoked => "is revoked".into(),
            Standing::Rejected => "was rejected or withdrawn".into(),
            Standing::Deleted => "is deleted".into(),
            Standing::Draft => "is a draft".into(),
            Standing::Quarantined => "is quarantined".into(),
            Standing::Unreadable => "could not be read".into(),
        }
    }
}

/// One note's place in its document's lifecycle on a day: whether it is
/// in force, and which notes stand in for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    pub standing: Standing,
    /// The notes in force that replace this one, following successors that
    /// have taken effect: itself when it is in force, empty when the chain
    /// ends in no note in force (a revoked note, a cycle).
    pub current: Vec<NoteId>,
}

/// For each note, the corrections that have taken effect, are not
/// withdrawn (revoked or deleted), and `apply` to it.
fn in_effect(
    graph: &Graph,
    states: &[State],
    took_effect: &dyn Fn(NoteId) -> bool,
    apply: &dyn Fn(NoteId, NoteId) -> bool,
) -> Lists {
    let withdrawn = |c: NoteId| matches!(states[c].standing, Standing::Revoked | Standing::Deleted);
    let mut lists = Lists::default();
    for (id, edges) in graph.corrections.iter().enumerate() {
        let mut by: Vec<NoteId> = edges
            .iter()
            .map(|e| e.to)
            .filter(|&c| c != id && took_effect(c) && !withdrawn(c) && apply(c, id))
            .collect();
        by.sort_unstable();
        by.dedup();
        lists.push(&by);
    }
    lists
}

/// Each note's scope: nearly every note has the same (none said, or the
/// same as asked about), so each holds a number in a list of the
/// scopes, four bytes, not a scope of its own.
#[derive(Debug, Clone)]
pub struct Scopes {
    /// The scopes, everywhere first.
    distinct: Vec<Scope>,
    /// Each note's place in `distinct`; [`Scopes::NOWHERE`] for none.
    of: Vec<u32>,
}

impl Scopes {
    const NOWHERE: u32 = u32::MAX;

    fn new(each: impl Iterator<Item = Option<Scope>>) -> Scopes {
        let mut scopes = Scopes { distinct: vec![Scope::EVERYWHERE], of: Vec::new() };
        for scope in each {
            let at = match scope {
                None => Scopes::NOWHERE,
                Some(scope) if scope == Scope::EVERYWHERE => 0,
                Some(scope) => {
                    scopes.distinct.push(scope);
                    u32::try_from(scopes.distinct.len() - 1).expect("fewer than 2^32 scopes")
                }
            };
            scopes.of.push(at);
        }
        scopes
    }

    /// Note `id`'s scope; `None` where it does not apply.
    pub fn get(&self, id: NoteId) -> Option<&Scope> {
        let at = self.of[id];
        (at != Scopes::NOWHERE).then(|| &self.distinct[at as usize])
    }
}

/// Whether notes `a` and `b` both apply somewhere, and somewhere in common.
fn overlap(scopes: &Scopes, a: NoteId, b: NoteId) -> bool {
    match (scopes.get(a), scopes.get(b)) {
        (Some(a), Some(b)) => a.overlaps(b),
        _ => false,
    }
}

/// Every note's state on `as_of`.
pub struct Lifecycle {
    pub as_of: Day,
    pub states: Vec<State>,
    /// Each note's scope, within the scope asked about; `None` for a note
    /// that does not apply there.
    pub scopes: Scopes,
    /// For each note, the corrections in effect that name it.
    pub corrections: Lists,
    /// For each note in force, the successors in effect that replace it in
    /// part of its scope only: it stays in force for the rest.
    pub partly: Lists,
}

/// The statuses the lifecycle reads: every other value is the vault's own
/// (a workflow state, a maturity label) and says nothing about whether a
/// note is in force.
pub const LIFECYCLE_WORDS: &[&str] =
    &["draft", "scheduled", "active", "superseded", "revoked", "deleted", "quarantined", "unknown"];

/// The statuses of decision records (ADRs), which vaults keep for their
/// own tools, and the lifecycle word each is read as: an accepted decision
/// is in force, a proposed one is not yet, and a deprecated one is retired
/// (a retirement word: the note should no longer be relied on, and what
/// replaces it should be declared). `rejected` is left to the vault, since
/// job searches and reviews use it for other things.
pub const READ_AS: &[(&str, &str)] =
    &[("accepted", "active"), ("proposed", "draft"), ("deprecated", "superseded")];

/// The lifecycle word a status value (in lower case) is read as: itself,
/// or the word a decision record's status stands for; `None` for a value
/// that is the vault's own.
pub fn lifecycle_word(lower: &str) -> Option<&'static str> {
    LIFECYCLE_WORDS
        .iter()
        .find(|w| **w == lower)
        .copied()
        .or_else(|| READ_AS.iter().find(|(word, _)| *word == lower).map(|(_, meant)| *meant))
}

/// Whether a note's own status retires it: `superseded` (`Superseded by
/// …` too), `revoked`, `deleted`, or a word read as one of them (a
/// decision record's `deprecated`, a proposal's `Replaced`, `obsolete`).
/// A note so retired that names its successor by URL (a proposal moved
/// to a sister repository) is out of force, whatever that page is.
pub fn status_retires(note: &vaultlint_syntax::note::Note) -> bool {
    let Some((value, _)) = note.status() else { return false };
    let lower = value.trim().to_lowercase();
    let word = lifecycle_word(&lower).or_else(|| proposal_reading(&lower));
    matches!(word, Some("superseded" | "revoked" | "deleted"))
        || lower.starts_with("superseded")
        || lower == "retired"
}

/// The statuses of a proposal that took effect or is on its way to
/// (improvement proposals, RFCs, decision records, enhancement proposals).
/// A vault whose notes use [`PROPOSALS_KEPT`] of them keeps proposals, and
/// there `rejected` and `withdrawn` say a proposal never took effect;
/// elsewhere (a job search, a review queue) they are the vault's own words.
const PROPOSAL_WORDS: &[&str] = &[
    "accepted",
    "approved",
    "final",
    "implementable",
    "implemented",
    "last call",
    "living",
    "proposed",
    "provisional",
    "stagnant",
];

/// How many of [`PROPOSAL_WORDS`] a vault of proposals uses, each on one
/// note at least, with at least [`PROPOSAL_NOTES`] notes in all.
const PROPOSALS_KEPT: usize = 2;
const PROPOSAL_NOTES: usize = 3;

/// The statuses of a proposal that never took effect, in a vault of
/// proposals: turned down, withdrawn by its author, or approved and left to
/// expire without being carried out.
const PROPOSAL_CLOSED: &[&str] = &["rejected", "withdrawn", "expired"];

/// The statuses of a proposal still on its way, in a vault of proposals,
/// read as `draft`: in review (`Review`, `In Review`), in its last call,
/// or stalled (`Stagnant`, a draft no one has moved for months; `Deferred`,
/// put off to a later day, as PEPs write it). None has taken effect.
const PROPOSAL_PENDING: &[&str] =
    &["review", "in review", "under review", "last call", "stagnant", "deferred"];

/// The statuses of a proposal a later one replaced or time made moot, in
/// a vault of proposals (BIP-2's `Replaced` and `Obsolete`), or whose text
/// now lives elsewhere (EIP-1's `Moved`, left behind as a stub that
/// points to another repository), read as `superseded`.
const PROPOSAL_REPLACED: &[&str] = &["replaced", "obsolete", "moved"];

/// What a status of a proposal (in lower case) is read as in a vault of
/// proposals: `rejected` for one that never took effect, `draft` for one
/// still on its way, `superseded` for one replaced; `None` for the rest.
pub fn proposal_reading(lower: &str) -> Option<&'static str> {
    if PROPOSAL_CLOSED.contains(&lower) {
        Some("rejected")
    } else if PROPOSAL_PENDING.contains(&lower) {
        Some("draft")
    } else if PROPOSAL_REPLACED.contains(&lower) {
        Some("superseded")
    } else {
        None
    }
}

/// Whether the vault keeps proposals: its notes use [`PROPOSALS_KEPT`] of
/// [`PROPOSAL_WORDS`]; or they use one, and most notes with one of them or
/// of [`PROPOSAL_CLOSED`] are named by their document numbers
/// (`ecip-1000.md`, `eip-1559.md`), as a collection of improvement
/// proposals whose own words (`Draft`, `Active`, `Withdrawn`) are mostly
/// not a proposal's alone.
pub fn keeps_proposals(vault: &Vault) -> bool {
    let mut used = [0usize; PROPOSAL_WORDS.len()];
    // Notes with a proposal's status, and those of them named by number.
    let (mut proposals, mut numbered) = (0usize, 0usize);
    for note in &vault.notes {
        let Some((status, _)) = note.status() else { continue };
        let word = PROPOSAL_WORDS.iter().position(|w| status.eq_ignore_ascii_case(w));
        if let Some(i) = word {
            used[i] += 1;
        }
        if word.is_some() || PROPOSAL_CLOSED.iter().any(|w| status.eq_ignore_ascii_case(w)) {
            proposals += 1;
            numbered += usize::from(
                crate::vault::numbered(note.stem()).is_some_and(|(prefix, _)| !prefix.is_empty()),
            );
        }
    }
    let words = used.iter().filter(|&&n| n > 0).count();
    words >= PROPOSALS_KEPT && used.iter().sum::<usize>() >= PROPOSAL_NOTES
        || words >= 1 && proposals >= PROPOSAL_NOTES && 2 * numbered >= proposals
}

/// The note's `status` in lower case, a decision record's word read as the
/// lifecycle word it means (and, in a vault that keeps `proposals`, a
/// rejected or withdrawn one as `rejected`, a pending one as `draft`, a
/// replaced one as `superseded`); empty when it has none. Most
/// notes have none, and those that do say it in ASCII: no allocation for them.
fn status(vault: &Vault, id: NoteId, proposals: bool) -> std::borrow::Cow<'_, str> {
    let lower: std::borrow::Cow<'_, str> = match vault.notes[id].status() {
        None => return "".into(),
        Some((s, _)) if !s.bytes().any(|b| b.is_ascii_uppercase()) && s.is_ascii() => s.as_str().into(),
        Some((s, _)) => s.to_lowercase().into(),
    };
    match READ_AS.iter().find(|(word, _)| *word == lower) {
        Some((_, meant)) => (*meant).into(),
        None if let Some(word) = proposals.then(|| proposal_reading(&lower)).flatten() => word.into(),
        // `Superseded by [ADR-0018](0018-x.md)`, as MADR and adr-tools
        // write a replaced decision: superseded, as the word alone is.
        None if NAMES_SUCCESSOR.iter().any(|p| lower.starts_with(p)) => "superseded".into(),
        None => lower,
    }
}

/// How a status that names its successor in words starts.
const NAMES_SUCCESSOR: &[&str] = &["superseded by ", "replaced by "];

/// The note's standing from its own keys alone, ignoring successors.
fn own(vault: &Vault, id: NoteId, as_of: Day, proposals: bool) -> Standing {
    let note = &vault.notes[id];
    if !note.parsed && !note.standing_known {
        return Standing::Unreadable;
    }
    let from = note.day("effective_from");
    let to = note.day("effective_to");
    let status = status(vault, id, proposals);
    match &*status {
        "draft" => return Standing::Draft,
        "rejected" if proposals => return Standing::Rejected,
        "quarantined" => return Standing::Quarantined,
        // Revoked with an end date: in force until then.
        "revoked" | "deleted" if to.is_none_or(|to| to < as_of) => {
            return if status == "revoked" { Standing::Revoked } else { Standing::Deleted };
        }
        "scheduled" if from.is_none() => return Standing::NotYetInForce(None),
        _ => {}
    }
    match (from, to) {
        (Some(from), _) if from > as_of => Standing::NotYetInForce(Some(from)),
        (_, Some(to)) if to < as_of => Standing::Expired(to),
        _ => Standing::InForce,
    }
}

impl Lifecycle {
    pub fn new(vault: &Vault, graph: &Graph, as_of: Day) -> Lifecycle {
        Lifecycle::scoped(vault, graph, as_of, None)
    }

    /// Every note's state on `as_of` within `query` (everywhere: `None`).
    pub fn scoped(vault: &Vault, graph: &Graph, as_of: Day, query: Option<&Scope>) -> Lifecycle {
        let proposals = keeps_proposals(vault);
        let own: Vec<Standing> = (0..vault.notes.len()).map(|id| own(vault, id, as_of, proposals)).collect();
        let took_effect = |id: NoteId| {
            !matches!(
                own[id],
                Standing::Draft
                    | Standing::Quarantined
                    | Standing::NotYetInForce(_)
                    | Standing::Unreadable
                    | Standing::Rejected
            )
        };
        let scopes = Scopes::new(vault.notes.iter().map(|note| match query {
            Some(query) => note.scope().within(query),
            None => Some(note.scope().clone()),
        }));
        // A note of lower authority retires or corrects nothing above it.
        let ranks: Option<Vec<Option<usize>>> = (!vault.config.terms.authorities.is_empty())
            .then(|| (0..vault.notes.len()).map(|id| vault.authority(id).map(|a| a.0)).collect());
        let outranked = |newer: NoteId, older: NoteId| {
            ranks.as_ref().is_some_and(|r| matches!((r[newer], r[older]), (Some(n), Some(o)) if n > o))
        };
        // A successor retires the older note where it applies: everywhere
        // the older note does, or it stays in force for the rest.
        let reaches = |newer: NoteId, older: NoteId| {
            !outranked(newer, older)
                && match (scopes.get(newer), scopes.get(older)) {
                    (Some(newer), Some(older)) => newer.covers(older),
                    (_, None) => true,
                    (None, Some(_)) => false,
                }
        };
        let overlap = |a: NoteId, b: NoteId| overlap(&scopes, a, b);
        let mut partly: Vec<(NoteId, NoteId)> = Vec::new();
        let mut states: Vec<State> =
            own.iter().map(|&standing| State { standing, current: Vec::new() }).collect();
        // Sinks first, so every successor is settled before its predecessors.
        for component in graph.components.iter() {
            if component.len() > 1 {
                for &id in component {
                    states[id].standing = Standing::Cycle;
                }
                continue;
            }
            let id = component[0];
            let successors: Vec<NoteId> =
                graph.edges[id].iter().map(|e| e.to).filter(|&s| took_effect(s) && reaches(s, id)).collect();
            if !successors.is_empty() {
                let mut current: Vec<NoteId> =
                    successors.iter().flat_map(|&s| states[s].current.iter().copied()).collect();
                current.sort_unstable();
                current.dedup();
                current.truncate(MAX_CURRENT);
                states[id] = State { standing: Standing::Superseded, current };
            } else if own[id] == Standing::InForce {
                // A status of `superseded`, or a redirect to the page that
                // replaced it, with no successor declared.
                let says_replaced =
                    || status(vault, id, proposals) == "superseded" || vault.notes[id].redirects();
                if graph.edges[id].is_empty() && says_replaced() {
                    states[id].standing = Standing::Superseded;
                } else {
                    states[id].current = vec![id];
                    partly.extend(
                        graph.edges[id]
                            .iter()
                            .map(|e| e.to)
                            .filter(|&s| took_effect(s) && !outranked(s, id) && overlap(s, id))
                            .map(|s| (id, s)),
                    );
                }
            }
        }
        let corrections =
            in_effect(graph, &states, &|c| took_effect(c), &|c, id| !outranked(c, id) && overlap(c, id));
        let partly = Lists::by_note(vault.notes.len(), partly);
        for (state, by) in states.iter_mut().zip(corrections.iter()) {
            if state.standing == Standing::InForce && !by.is_empty() {
                state.standing = Standing::Corrected;
            }
        }
        Lifecycle { as_of, states, scopes, corrections, partly }
    }

    /// Whether the note is in force: corrected or not.
    pub fn in_force(&self, id: NoteId) -> bool {
        self.states[id].standing.is_in_force()
    }

    /// Whether notes `a` and `b` apply in some place in common, within the
    /// scope asked about.
    pub fn overlap(&self, a: NoteId, b: NoteId) -> bool {
        overlap(&self.scopes, a, b)
    }

    /// The notes that stand for note `id` now: itself when in force, else
    /// the notes in force in its place. (`id` is borrowed from the caller,
    /// so that a note in force is one slice, with no copy.)
    pub fn now<'a>(&'a self, id: &'a NoteId) -> &'a [NoteId] {
        if self.in_force(*id) { std::slice::from_ref(id) } else { &self.states[*id].current }
    }

    /// Whether the note applies within the scope asked about.
    pub fn applies(&self, id: NoteId) -> bool {
        self.scopes.get(id).is_some()
    }
}
