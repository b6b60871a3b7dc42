//! Suspected versions: the detector's pairs as findings on the older note,
//! each with the edit that would declare its successor (not safe to apply
//! without a person's word), and the dismissal file's own problems.

use crate::rules::Input;
use crate::suggest::direction::Direction;
use crate::suggest::{self};
use vaultlint_core::code::Code;
use vaultlint_core::diagnostic::Diagnostic;

pub fn check(cx: &super::Context, out: &mut Vec<Diagnostic>) {
    let options = cx.options;
    let link_style = options.link_style;
    // A note as a person pastes it into a command, from where they ran vaultlint.
    let shown = |path: &str| {
        let path = format!("{}{path}", options.shown_root);
        let path = if path.starts_with('-') { format!("./{path}") } else { path };
        vaultlint_core::text::shell_quote(&path).into_owned()
    };
    let Input { vault, graph, dismissals, suggestions, sources } = *cx.input;
    out.extend(dismissals.problems.iter().cloned());
    out.extend(dismissals.stale(vault));
    let Some(suggestions) = suggestions else { return };
    for folder in &suggestions.folders {
        let message = format!("{}, and no `[[supersede]]` rule retires them", folder.describe());
        // The table as it is pasted: one key to a line, as TOML needs.
        let table = folder.table().trim_end().replace('\n', "\n    ");
        out.push(
            Diagnostic::new(Code::UnmarkedVersionRoots, &vault.config.config_name, message)
                .help(format!("add to {}:\n\n    {table}", vault.config.config_name))
                .related(folder.roots.iter().map(|r| format!("{r}/")).collect()),
        );
    }
    for mirror in &suggestions.mirrors {
        let (a, b) = &mirror.folders;
        let name = |f: &str| if f.is_empty() { "the vault root".to_string() } else { format!("`{f}`") };
        let message = format!(
            "{} and {} hold {} copies of the same notes, {} with the same text",
            name(a),
            name(b),
            mirror.copies,
            mirror.same
        );
        // Reported at a folder that holds the copies, which exists, where
        // a config file the vault may not have would lead no editor anywhere.
        let at = if b.is_empty() { a } else { b };
        out.push(
            Diagnostic::new(Code::MirroredFolders, at, message)
                .help(format!(
                    "if one is a copy left behind, delete it; if it is made by a tool, add it to `exclude` in {}",
                    vault.config.config_name
                ))
                .related(vec![a.clone(), b.clone()]),
        );
    }
    let style = suggest::link_style(vault, link_style);
    let key = vault.successor_key();
    // The note a declaration should name: the newer, or the current note
    // at the end of its chain where the newer is superseded itself (a
    // release copy a folder rule retires), as `suggest --yes` writes it,
    // so that following the help makes no `superseded-successor`.
    let chains = suggest::Chains::new(vault, graph, &[]);
    // Each pair's fix is planned on its own, shared among the threads, and
    // the findings kept in the pairs' order.
    use rayon::prelude::*;
    let found: Vec<Diagnostic> = suggestions.pairs.par_iter().map(|pair| {
        let older = &vault.notes[pair.older].path;
        let newer = &vault.notes[pair.newer].path;
        let message = match pair.direction {
            Direction::Confident => {
                format!("looks like an older version of `{newer}` (score {:.2})", pair.score)
            }
            Direction::Uncertain => format!(
                "looks like another version of `{newer}` (score {:.2}); which is older is uncertain",
                pair.score
            ),
        };
        let named = chains.current_successor(pair.older, pair.newer);
        let fix = suggest::mark(vault, pair.older, named, style, sources).ok().flatten().map(|m| m.fix);
        // As YAML reads it back: a name with `: ` or ` #` in it quoted.
        let declare = |path: &str| format!("`{key}: {}`", vaultlint_syntax::splice::yaml_scalar(path));
        // A note inside a folder that is a vault of its own (a nested
        // `.obsidian/`) would take the command to that vault: it names this one.
        let root = if sources.in_another_vault(older) || sources.in_another_vault(newer) {
            let root = options.shown_root.trim_end_matches('/');
            format!("--root {} ", vaultlint_core::text::shell_quote(if root.is_empty() { "." } else { root }))
        } else {
            String::new()
        };
        let dismiss = format!(
            "if not, `vaultlint suggest {root}--dismiss {} {}` records it in {}",
            shown(older),
            shown(newer),
            dismissals.name()
        );
        // Where nothing settles which is older, both ways are offered.
        let current = &vault.notes[named].path;
        let through = if named == pair.newer {
            String::new()
        } else {
            format!(" (the current note: `{newer}` is superseded by it)")
        };
        let help = match pair.direction {
            Direction::Confident => {
                format!("if it is, add {} to its frontmatter{through}; {dismiss}", declare(current))
            }
            Direction::Uncertain => format!(
                "if it is the older, add {} to its frontmatter{through}; if it is the newer, add {} to the other's; {dismiss}",
                declare(current),
                declare(older)
            ),
        };
        Diagnostic::new(Code::SuspectedVersion, older, message)
            .help(help)
            .related(vec![newer.clone()])
            .fix(fix)
    }).collect();
    out.extend(found);
}
