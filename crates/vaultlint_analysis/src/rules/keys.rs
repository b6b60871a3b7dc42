//! Frontmatter keys that nothing reads, written a slip away from a key
//! that is read (`misspelt-key`). The notes found them as they were read
//! (only the keys read are kept after that); this rule says which of them
//! are findings.

use std::collections::HashMap;
use vaultlint_core::code::Code;
use vaultlint_core::diagnostic::{Diagnostic, Edit, Fix};

/// The notes that must use a key before it is the vault's own word and
/// no misspelling: a slip is made once or twice, a convention everywhere.
const VAULTS_OWN: usize = 5;

/// One finding per misspelt key of a note that is no template, unless the
/// vault uses the key on [`VAULTS_OWN`] notes or more.
pub fn check(cx: &super::Context, out: &mut Vec<Diagnostic>) {
    let vault = cx.vault;
    let mut uses: HashMap<&str, usize> = HashMap::new();
    for note in &vault.notes {
        for misspelt in note.misspelt_keys() {
            *uses.entry(&misspelt.key).or_default() += 1;
        }
    }
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
        for misspelt in note.misspelt_keys().iter().filter(|m| uses[&*m.key] < VAULTS_OWN) {
            let key = &misspelt.key;
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
