//! Properties of the verdict over random small vaults of declarations:
//! whatever the declarations, a closure holds only notes that may support
//! a current answer, and no note is active while a note in force
//! supersedes it where both apply.

use proptest::prelude::*;
use vaultlint_core::date::Day;
use vaultlint_model::lineage::Analysis;
use vaultlint_model::vault::Vault;
use vaultlint_model::verdict::Verdict;
use vaultlint_syntax::note::Note;

/// One note of a generated vault: its declarations as indexes of other
/// notes, its region, and its status.
#[derive(Debug, Clone)]
struct Spec {
    superseded_by: Vec<usize>,
    supersedes: Vec<usize>,
    corrected_by: Vec<usize>,
    corrects: Vec<usize>,
    region: Option<&'static str>,
    status: Option<&'static str>,
    from: Option<&'static str>,
}

fn spec(n: usize) -> impl Strategy<Value = Spec> {
    // Mostly no declaration, so that chains form and are not all broken.
    let links = || prop_oneof![3 => Just(Vec::new()), 1 => proptest::collection::vec(0..n, 1..3)];
    let region = prop_oneof![Just(None), Just(Some("emea")), Just(Some("apac")), Just(Some("[emea, apac]"))];
    let status = prop_oneof![4 => Just(None), 1 => Just(Some("draft")), 1 => Just(Some("revoked"))];
    let from = prop_oneof![Just(None), Just(Some("2026-01-01")), Just(Some("2027-01-01"))];
    (links(), links(), links(), links(), region, status, from).prop_map(
        |(superseded_by, supersedes, corrected_by, corrects, region, status, from)| Spec {
            superseded_by,
            supersedes,
            corrected_by,
            corrects,
            region,
            status,
            from,
        },
    )
}

fn vault(specs: &[Spec]) -> Vault {
    let name = |i: &usize| format!("n{i}.md");
    let list = |key: &str, ids: &[usize]| match ids {
        [] => String::new(),
        ids => format!("{key}: [{}]\n", ids.iter().map(name).collect::<Vec<_>>().join(", ")),
    };
    let notes = specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut head = String::new();
            head += &list("superseded_by", &s.superseded_by);
            head += &list("supersedes", &s.supersedes);
            head += &list("corrected_by", &s.corrected_by);
            head += &list("corrects", &s.corrects);
            head += &s.region.map(|r| format!("region: {r}\n")).unwrap_or_default();
            head += &s.status.map(|st| format!("status: {st}\n")).unwrap_or_default();
            head += &s.from.map(|d| format!("effective_from: {d}\n")).unwrap_or_default();
            Note::parse(name(&i), &format!("---\n{head}---\nNote {i}.\n"))
        })
        .collect();
    Vault::from_notes("/vault".into(), notes)
}

fn vaults() -> impl Strategy<Value = Vec<Spec>> {
    (2usize..8).prop_flat_map(|n| proptest::collection::vec(spec(n), n))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn closures_hold_only_active_notes(specs in vaults()) {
        let vault = vault(&specs);
        let analysis = Analysis::new(&vault, Day::new(2026, 6, 1));
        for (id, judged) in analysis.judged.iter().enumerate() {
            for member in analysis.closure(id) {
                prop_assert_eq!(
                    analysis.judged[member].verdict, Verdict::Active,
                    "{} has {} in its closure", vault.notes[id].path, vault.notes[member].path
                );
                prop_assert!(analysis.life.in_force(member));
            }
            if judged.verdict == Verdict::Active && !analysis.life.states[id].standing.is_in_force() {
                prop_assert!(false, "{} is active but not in force", vault.notes[id].path);
            }
        }
    }

    #[test]
    fn nothing_active_is_superseded_by_a_note_in_force(specs in vaults()) {
        let vault = vault(&specs);
        let analysis = Analysis::new(&vault, Day::new(2026, 6, 1));
        for (older, newer) in analysis.graph.pairs() {
            if analysis.judged[older].verdict == Verdict::Active {
                let scope = |id: usize| vault.notes[id].scope();
                let replaced = analysis.life.in_force(newer) && scope(older).overlaps(scope(newer));
                prop_assert!(
                    !replaced,
                    "{} is active though {} supersedes it and is in force",
                    vault.notes[older].path, vault.notes[newer].path
                );
            }
        }
    }
}
