//! Frontmatter keys that nothing reads, written a slip away from a key
//! that is read (`misspelt-key`). The notes found them as they were read
//! (only the keys read are kept after that); this rule says which of them
//! are findings.

use std::collections::HashMap;
use vaultlint_core::code::Code;
use vaultlint_core::diagnostic::{Diagnostic, Edit, Fix};
use vaultlint_syntax::keys::{self, MisspeltKey};
use vaultlint_syntax::note::Side;

/// The notes that must use a key before it is the vault's own word and
/// no misspelling: a slip is made once or twice, a convention everywhere.
const VAULTS_OWN: usize = 5;

/// One finding per misspelt key of a note that is no template, unless the
/// vault uses the key on [`VAULTS_OWN`] notes or more; and one per key
/// read under another case or joining (`Date`) where the vault writes
/// that key as it is read (`date`) on more notes: a slip of its own
/// convention, which a tool reading the key as written misses.
pub fn check(cx: &super::Context, out: &mut Vec<Diagnostic>) {
    let vault = cx.vault;
    let mut uses: HashMap<&str, usize> = HashMap::new();
    for note in &vault.notes {
        for misspelt in note.misspelt_keys() {
            *uses.entry(&misspelt.key).or_default() += 1;
        }
    }
    let as_read = spelt_as_read(vault);
    // The vault's own spelling of a read key (`Created` on every note):
    // a slip of it (`Crested`) is renamed to that spelling.
    let mut own: HashMap<&str, (usize, &str)> = HashMap::new();
    for note in &vault.notes {
        for misspelt in note.misspelt_keys() {
            let (n, meant) = (uses[&*misspelt.key], &misspelt.meant[..]);
            if let [one] = meant
                && n >= VAULTS_OWN
                && own.get(&**one).is_none_or(|&(best, key)| (n, key) > (best, &*misspelt.key))
            {
                own.insert(one, (n, &misspelt.key));
            }
        }
    }
    for (id, note) in vault.notes.iter().enumerate() {
        if !cx.wanted[id] || vault.is_template(id) {
            continue;
        }
        for misspelt in note.misspelt_keys() {
            let key = &misspelt.key;
            if uses[&**key] >= VAULTS_OWN {
                continue;
            }
            if misspelt.variant {
                if let Some(finding) = variant(cx, note, misspelt, uses[&**key], &as_read) {
                    out.push(finding);
                }
                continue;
            }
            let spelt = |meant: &str| own.get(meant).map_or(meant.to_string(), |&(_, key)| key.to_string());
            // Which key that is: the one read, or the vault's own spelling of it.
            let which = |meant: &str| {
                if own.contains_key(meant) { "as the vault writes it" } else { "the key that is read" }
            };
            // Renamed to the vault's spelling only where the note lacks it.
            let has = |spelling: String| note.misspelt_keys().iter().any(|m| *m.key == *spelling);
            let renamable = misspelt.renamable && !has(spelt(&misspelt.meant[0]));
            let meant: Vec<String> = misspelt.meant.iter().map(|m| format!("`{}`", spelt(m))).collect();
            let meant = meant.join(" or ");
            let help = match &misspelt.meant[..] {
                [one] if renamable => {
                    format!("rename it to `{}`, {}; `vaultlint check --fix` does it", spelt(one), which(one))
                }
                [one] if misspelt.taken => {
                    format!("the note has `{}` already: keep the one that is right", spelt(one))
                }
                [one] => format!("rename it to `{}`, {}", spelt(one), which(one)),
                _ => format!("rename it to the key meant: {meant}"),
            };
            let fix = renamable.then(|| {
                let edit = Edit {
                    offset: misspelt.span.offset(),
                    original: key.to_string(),
                    replacement: spelt(&misspelt.meant[0]),
                };
                Fix::safe(edit, note.digest)
            });
            out.push(
                Diagnostic::new(
                    Code::MisspeltKey,
                    &note.path,
                    format!("key `{key}` is read by nothing; it looks like a misspelling of {meant}"),
                )
                .at(misspelt.span, "not a key that is read")
                .help(help)
                .fix(fix),
            );
        }
    }
}

/// The finding on a key read under another case or joining (`Date`),
/// where the vault writes it as it is read (`date`) on more notes than it
/// writes this spelling (`uses`); none where this spelling is the vault's
/// own (`Status` on every note of a proposals repository).
fn variant(
    cx: &super::Context,
    note: &vaultlint_syntax::note::Note,
    misspelt: &MisspeltKey,
    uses: usize,
    as_read: &HashMap<String, (usize, &str)>,
) -> Option<Diagnostic> {
    let key = &misspelt.key;
    let &(written, spelling) = as_read.get(&keys::folded(key))?;
    if written <= uses {
        return None;
    }
    // Under an indexer's contract a declaration's key is that rule's finding.
    let declares = Side::ALL.into_iter().any(|side| note.declaration(side).is_some_and(|f| f.key == *key));
    if declares && cx.options.index.is_some() {
        return None;
    }
    let help = if misspelt.renamable {
        format!("rename it to `{spelling}`, as the vault writes it; `vaultlint check --fix` does it")
    } else if misspelt.taken {
        format!("the note has `{spelling}` already: keep the one that is right")
    } else {
        format!("rename it to `{spelling}`, as the vault writes it")
    };
    let fix = misspelt.renamable.then(|| {
        let edit = Edit {
            offset: misspelt.span.offset(),
            original: key.to_string(),
            replacement: spelling.to_string(),
        };
        Fix::safe(edit, note.digest)
    });
    let notes = vaultlint_core::text::plural(written, "other note");
    Some(
        Diagnostic::new(
            Code::MisspeltKey,
            &note.path,
            format!(
                "key `{key}` is spelt `{spelling}` on {notes}; a tool that reads `{spelling}` misses this one"
            ),
        )
        .at(misspelt.span, "spelt otherwise on most notes")
        .help(help)
        .fix(fix),
    )
}

/// For each read key, by its letters (`supersededby`): on how many notes
/// the vault writes it as it is read, and its most written spelling.
fn spelt_as_read(vault: &vaultlint_model::vault::Vault) -> HashMap<String, (usize, &str)> {
    let mut spellings: HashMap<&str, usize> = HashMap::new();
    for note in &vault.notes {
        let variants = note.misspelt_keys();
        let declared = Side::ALL.into_iter().filter_map(|side| note.declaration(side));
        let mut written: Vec<&str> = note.fields.iter().chain(declared).map(|f| &*f.key).collect();
        written.retain(|key| !variants.iter().any(|m| *m.key == **key));
        written.sort_unstable();
        written.dedup();
        for key in written {
            *spellings.entry(key).or_default() += 1;
        }
    }
    let mut by_letters: HashMap<String, Vec<(usize, &str)>> = HashMap::new();
    for (spelling, n) in spellings {
        by_letters.entry(keys::folded(spelling)).or_default().push((n, spelling));
    }
    by_letters
        .into_iter()
        .map(|(letters, spellings)| {
            let total = spellings.iter().map(|s| s.0).sum();
            // The most written spelling; of two as often, the first in order.
            let (_, most) =
                spellings.into_iter().max_by_key(|&(n, s)| (n, std::cmp::Reverse(s))).unwrap_or_default();
            (letters, (total, most))
        })
        .collect()
}
