//! Applying the suppressions written in notes: a finding they cover is
//! dropped, and a suppression that covers nothing is reported, as ruff
//! reports an unused `noqa`, so dead ones do not pile up.

use super::Options;
use std::collections::{BTreeMap, HashMap};
use vaultlint_core::code::{Code, Selector};
use vaultlint_core::diagnostic::Diagnostic;
use vaultlint_model::vault::{NoteId, Vault};
use vaultlint_syntax::suppression::{Reach, Suppression};

/// Whether a whole-note suppression on either note of a suggested pair
/// silences `suspected-version` (as [`apply`] drops its finding, which
/// has no span): then `suggest` neither lists the pair nor marks it.
pub fn pair_silenced(vault: &Vault, older: NoteId, newer: NoteId) -> bool {
    let silences = |id: NoteId| {
        vault.notes[id].suppressions().iter().any(|s| {
            s.reach == Reach::File
                && (s.names.is_empty()
                    || s.names
                        .iter()
                        .any(|n| Selector::parse(n).is_some_and(|sel| sel.matches(Code::SuspectedVersion))))
        })
    };
    silences(older) || silences(newer)
}

/// Drops the findings in `out` that a suppression covers. A
/// `suspected-version` finding may be silenced from either note of the
/// pair, the newer one by a whole-note suppression. Then reports the
/// suppressions that silenced nothing (among the rules that ran: with
/// `versions_ran` false, the similarity pass did not) and, with
/// `--strict`, those that name no rule.
pub fn apply(vault: &Vault, options: &Options, versions_ran: bool, out: &mut Vec<Diagnostic>) {
    if vault.notes.iter().all(|n| n.suppressions().is_empty()) {
        return;
    }
    let mut notes: HashMap<NoteId, Marks> = HashMap::new();
    let mut silence = |id: NoteId, offset: Option<usize>, code: Code| -> bool {
        let note = &vault.notes[id];
        let marks = notes.entry(id).or_insert_with(|| Marks::new(note.suppressions()));
        let one_line = offset.and_then(|o| marks.by_line.range(..=o).next_back()).map_or(&[][..], |(_, v)| v);
        let mut silenced = false;
        for &i in marks.wide.iter().chain(one_line) {
            let suppression = &note.suppressions()[i];
            if !suppression.reach.covers(offset) {
                continue;
            }
            let used = &mut marks.used[i];
            if suppression.names.is_empty() {
                used[0] = true;
                silenced = true;
            }
            for (name, mark) in suppression.names.iter().zip(used.iter_mut()) {
                if Selector::parse(name).is_some_and(|s| s.matches(code)) {
                    *mark = true;
                    silenced = true;
                }
            }
        }
        silenced
    };
    out.retain(|d| {
        let Some(id) = vault.id_of(&d.path) else { return true };
        let mut silenced = silence(id, d.span.map(|s| s.offset()), d.code);
        if d.code == Code::SuspectedVersion {
            for other in d.related.iter().filter_map(|p| vault.id_of(p)) {
                silenced |= silence(other, None, d.code);
            }
        }
        !silenced
    });
    for (id, note) in vault.notes.iter().enumerate() {
        let marks = notes.get(&id);
        for (i, suppression) in note.suppressions().iter().enumerate() {
            let marks = marks.map(|m| m.used[i].as_slice());
            report(&note.path, suppression, marks, options, versions_ran, out);
        }
    }
}

/// A note's suppressions as findings meet them: next-line ones by where
/// their line starts, so a note with thousands of them costs a lookup per
/// finding (the lines of two never overlap: the last to start before a
/// finding is the only one that may cover it).
struct Marks {
    /// Per suppression: whether each of its names (or, for a bare one, it)
    /// silenced something.
    used: Vec<Vec<bool>>,
    by_line: BTreeMap<usize, Vec<usize>>,
    /// Whole-note suppressions and regions.
    wide: Vec<usize>,
}

impl Marks {
    fn new(suppressions: &[Suppression]) -> Marks {
        let mut marks = Marks { used: Vec::new(), by_line: BTreeMap::new(), wide: Vec::new() };
        for (i, s) in suppressions.iter().enumerate() {
            marks.used.push(vec![false; s.names.len().max(1)]);
            match s.reach {
                Reach::Line { from, .. } => marks.by_line.entry(from).or_default().push(i),
                _ => marks.wide.push(i),
            }
        }
        marks
    }
}

/// The findings about one suppression: names that are no rule, names that
/// silenced nothing, and a bare suppression under `--strict`.
fn report(
    path: &str,
    suppression: &Suppression,
    marks: Option<&[bool]>,
    options: &Options,
    versions_ran: bool,
    out: &mut Vec<Diagnostic>,
) {
    let levels = options.levels_at(path);
    let used = |i: usize| marks.is_some_and(|m| m[i]);
    let finding = |code: Code, message: String| {
        Diagnostic::new(code, path, message).at(suppression.span, "this suppression")
    };
    if suppression.reach == Reach::Unknown {
        let written = suppression.names.first().map_or("", String::as_str);
        let known = ["disable", "enable", "disable-line", "disable-next-line", "disable-file"];
        let message = format!("`vaultlint-{written}` is no suppression, so it silences nothing");
        let help = match vaultlint_core::text::closest(written, known, 0.8) {
            Some(meant) => format!("did you mean `vaultlint-{meant}`?"),
            None => "write `vaultlint-disable-next-line`, `-disable-line`, `-disable`/`-enable` or `-disable-file`"
                .to_string(),
        };
        out.push(finding(Code::UnusedSuppression, message).help(help));
        return;
    }
    if suppression.names.is_empty() {
        if !used(0) {
            let message = "this suppression silences nothing".to_string();
            out.push(finding(Code::UnusedSuppression, message).help("remove it"));
        }
        if options.strict {
            let message = "this suppression names no rule, so it silences every finding in its reach".into();
            out.push(finding(Code::BlanketSuppression, message).help("name the rules it is meant for"));
        }
        return;
    }
    for (i, name) in suppression.names.iter().enumerate() {
        let Some(selector) = Selector::parse(name) else {
            out.push(finding(Code::UnusedSuppression, Selector::unknown(name)));
            continue;
        };
        // A rule that is off, or did not run, silences nothing for want of
        // findings: that says nothing about whether the suppression is dead.
        let ran = |code: &Code| levels.is_on(*code) && (versions_ran || *code != Code::SuspectedVersion);
        if !used(i) && Code::ALL.iter().filter(|c| selector.matches(**c)).any(ran) {
            let message = format!("`{name}` is suppressed here but nothing of it is found");
            out.push(
                finding(Code::UnusedSuppression, message)
                    .help(format!("remove `{name}` from the suppression")),
            );
        }
    }
}
