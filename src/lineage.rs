//! `vaultlint lineage`: a note's versions from oldest to newest, and for
//! every note whether it is in force and what to read instead. The map of
//! `lineage --all` is what a retrieval layer loads to keep retired notes
//! out of search without resolving declarations itself.

use crate::lifecycle::Lifecycle;
use crate::rules::dates::Day;
use crate::rules::supersession::{self, Graph};
use crate::vault::{NoteId, Vault};
use std::collections::{BTreeSet, VecDeque};

/// The resolved supersession graph and every note's state on `as_of`.
pub struct Analysis {
    pub graph: Graph,
    pub life: Lifecycle,
}

impl Analysis {
    /// Resolves every declaration (its problems are `check`'s to report).
    pub fn new(vault: &Vault, as_of: Day) -> Analysis {
        let graph = supersession::check(vault, None, &mut Vec::new());
        let life = Lifecycle::new(vault, &graph, as_of);
        Analysis { graph, life }
    }

    /// Every version of the document `id` belongs to (the notes linked to
    /// it by declarations, either way), oldest first: each note before the
    /// notes that supersede it, ties broken by `effective_from`, then path.
    /// Notes in a cycle, which have no order, come last by path.
    pub fn versions(&self, vault: &Vault, id: NoteId) -> Vec<NoteId> {
        let edges = &self.graph.edges;
        let mut back: std::collections::HashMap<NoteId, Vec<NoteId>> = std::collections::HashMap::new();
        let mut members = BTreeSet::from([id]);
        let mut queue = VecDeque::from([id]);
        // Predecessors are only known by scanning, so collect them once.
        for (from, out) in edges.iter().enumerate() {
            for e in out {
                back.entry(e.to).or_default().push(from);
            }
        }
        while let Some(n) = queue.pop_front() {
            let next = edges[n].iter().map(|e| e.to).chain(back.get(&n).into_iter().flatten().copied());
            for m in next.collect::<Vec<_>>() {
                if members.insert(m) {
                    queue.push_back(m);
                }
            }
        }
        let key = |n: NoteId| {
            let from = crate::rules::dates::day_of(&vault.notes[n].fields, "effective_from");
            (from.is_none(), from, n)
        };
        // Kahn's algorithm over the component.
        let mut waiting: std::collections::HashMap<NoteId, usize> =
            members.iter().map(|&n| (n, back.get(&n).map_or(0, Vec::len))).collect();
        let mut ready: BTreeSet<_> = members.iter().filter(|n| waiting[n] == 0).map(|&n| key(n)).collect();
        let mut order = Vec::with_capacity(members.len());
        while let Some(first) = ready.pop_first() {
            let n = first.2;
            order.push(n);
            for e in &edges[n] {
                let count = waiting.get_mut(&e.to).expect("a member");
                *count -= 1;
                if *count == 0 {
                    ready.insert(key(e.to));
                }
            }
        }
        let placed: BTreeSet<NoteId> = order.iter().copied().collect();
        order.extend(members.iter().filter(|n| !placed.contains(n)));
        order
    }
}
