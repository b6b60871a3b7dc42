//! `vaultlint lineage`: a note's versions from oldest to newest, and for
//! every note whether it is in force and what to read instead. The map of
//! `lineage --all` is what a retrieval layer loads to keep retired notes
//! out of search without resolving declarations itself.

use crate::graph::Graph;
use crate::lifecycle::Lifecycle;
use crate::vault::{NoteId, Vault};
use crate::verdict::Judgement;
use std::collections::{BTreeSet, VecDeque};
use vaultlint_core::date::Day;
use vaultlint_syntax::scope::Scope;

/// The resolved supersession graph and every note's state on `as_of`.
pub struct Analysis {
    pub graph: Graph,
    pub life: Lifecycle,
    /// Every note's verdict and closure.
    pub judged: Vec<Judgement>,
    /// For each note, the notes it directly supersedes or corrects: the
    /// graph's edges turned around, so a lineage can be walked both ways.
    predecessors: Vec<Vec<NoteId>>,
}

impl Analysis {
    /// Resolves every declaration (its problems are `check`'s to report).
    pub fn new(vault: &Vault, as_of: Day) -> Analysis {
        Analysis::within(vault, as_of, None, &[])
    }

    /// Within `query` (everywhere: `None`), with the undeclared pairs of
    /// versions the similarity pass found, if it ran, as conflicts.
    pub fn within(
        vault: &Vault,
        as_of: Day,
        query: Option<&Scope>,
        suspected: &[(NoteId, NoteId)],
    ) -> Analysis {
        let graph = Graph::build(vault);
        let life = Lifecycle::scoped(vault, &graph, as_of, query);
        let judged = crate::verdict::judge(vault, &graph, &life, suspected);
        let mut predecessors = vec![Vec::new(); vault.notes.len()];
        for relation in
            [vaultlint_syntax::note::Relation::Supersession, vaultlint_syntax::note::Relation::Correction]
        {
            for (from, to) in graph.pairs_of(relation) {
                predecessors[to].push(from);
            }
        }
        Analysis { graph, life, judged, predecessors }
    }

    /// The notes to serve in the place of note `id` or beside it.
    pub fn closure(&self, id: NoteId) -> Vec<NoteId> {
        crate::verdict::closure(&self.judged, &self.life, id)
    }

    /// The notes that `id` leads to: its successors and its corrections.
    fn later(&self, id: NoteId) -> impl Iterator<Item = NoteId> + '_ {
        self.graph.edges[id].iter().chain(&self.graph.corrections[id]).map(|e| e.to)
    }

    /// Every version of the document `id` belongs to (the notes linked to
    /// it by declarations of supersession or correction, either way),
    /// oldest first: each note before the notes that supersede or correct
    /// it, ties broken by `effective_from`, then path, its numbers read as
    /// numbers.
    /// Notes in a cycle, which have no order, come last by path.
    pub fn versions(&self, vault: &Vault, id: NoteId) -> Vec<NoteId> {
        let back = &self.predecessors;
        let mut members = BTreeSet::from([id]);
        let mut queue = VecDeque::from([id]);
        while let Some(n) = queue.pop_front() {
            for m in self.later(n).chain(back[n].iter().copied()).collect::<Vec<_>>() {
                if members.insert(m) {
                    queue.push_back(m);
                }
            }
        }
        let key = |n: NoteId| {
            let from = vault.notes[n].day("effective_from");
            // Release copies that one rule retires: `3.2.0` before `3.10.0`.
            (from.is_none(), from, vaultlint_core::paths::natural_key(&vault.notes[n].path), n)
        };
        // Kahn's algorithm over the component.
        let mut waiting: std::collections::HashMap<NoteId, usize> =
            members.iter().map(|&n| (n, back[n].len())).collect();
        let mut ready: BTreeSet<_> = members.iter().filter(|n| waiting[n] == 0).map(|&n| key(n)).collect();
        let mut order = Vec::with_capacity(members.len());
        while let Some(first) = ready.pop_first() {
            let n = first.3;
            order.push(n);
            for to in self.later(n) {
                let count = waiting.get_mut(&to).expect("a member");
                *count -= 1;
                if *count == 0 {
                    ready.insert(key(to));
                }
            }
        }
        let placed: BTreeSet<NoteId> = order.iter().copied().collect();
        order.extend(members.iter().filter(|n| !placed.contains(n)));
        order
    }
}
