//! `suggest`: the suspected version pairs, listed, dismissed, or settled
//! one by one or all at once.

use super::{FAILED, FATAL, Outcome, report_unread, settings_all_found, vault_flags};
use crate::cli::{Cli, SuggestArgs, SuggestFormat};
use crate::output::{self, Style};
use crate::review;
use crate::terminal::{Bar, CrLf, RawTerminal, TerminalKeys};
use std::io::IsTerminal;
use vaultlint_workspace::commands;
use vaultlint_workspace::settings::Flags;
use vaultlint_workspace::sources::FileSources;

pub fn suggest(args: &SuggestArgs, cli: &Cli, style: Style) -> Outcome {
    let flags = Flags {
        min_score: args.min_score,
        no_git: args.no_git,
        link_style: args.link_style.map(Into::into),
        ..vault_flags(&args.vault)
    };
    if let Some(notes) = &args.dismiss {
        // Without a PATH, the vault is the one holding the two notes.
        let flags = Flags { paths: if args.vault.paths.is_empty() { notes } else { flags.paths }, ..flags };
        let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
        let settings = settings_all_found(cli, flags)?;
        return commands::suggest::dismiss(&settings, notes, &cwd).map(|text| (text, 0));
    }
    let applying = args.apply || args.yes || args.dry_run;
    // `--dry-run` shows what `--yes` would do, with `--apply` or without.
    let interactive = args.apply && !args.dry_run;
    if interactive && !(std::io::stdin().is_terminal() && std::io::stdout().is_terminal()) {
        return Err("--apply asks in a terminal and there is none; use --yes to apply every confident \
                    pair without asking, or --dry-run to see the edits"
            .into());
    }
    let settings = settings_all_found(cli, flags)?;
    let progress = Bar::new((args.format == SuggestFormat::Full || args.apply) && !args.quiet);
    let found = commands::suggest::run(&settings, args.limit, applying, &progress)?;
    let unread = report_unread(&found.vault, &|_| true);
    if applying {
        let (text, status) = apply_pairs(args, &found, settings.suggest.min_score, style)?;
        return Ok((text, if unread { FATAL } else { status }));
    }
    let text = match args.format {
        SuggestFormat::Full => {
            let paths = output::Paths::from_current_folder(settings.root());
            output::suggest::full(&found, &FileSources::new(settings.root()), style, args.quiet, &paths)
        }
        SuggestFormat::Json => output::suggest::json(&found, &settings.root().to_string_lossy()),
    };
    if crate::embed::process_ends_after_run() {
        std::mem::forget(found);
    }
    Ok((text, if unread { FATAL } else { 0 }))
}

/// `--apply`, `--yes` and `--dry-run`. Progress goes straight to the
/// terminal, so each decision is seen as it is written.
fn apply_pairs(
    args: &SuggestArgs,
    found: &commands::suggest::Suggested,
    min_score: f64,
    style: Style,
) -> Outcome {
    let mut stdout = std::io::stdout().lock();
    let unattended = review::unattended(&found.pairs, min_score);
    let result = if args.dry_run {
        review::dry_run(found, &unattended, &mut stdout).map(|written| {
            // Said on standard error, so that the diff on standard output
            // stays a diff; silence would read as a tool that did nothing.
            let left = found.pairs.len() - unattended.len();
            if written == 0 && found.pairs.is_empty() {
                eprintln!("vaultlint: no edit to make: no pair listed");
            } else if written == 0 {
                eprintln!(
                    "vaultlint: no edit to make: {} listed, none confident at --min-score {min_score}{}",
                    vaultlint_core::text::plural(found.pairs.len(), "pair"),
                    if left > 0 { "; `suggest --apply` asks about each" } else { "" }
                );
            }
            0
        })
    } else if args.yes {
        review::apply_all(found, &unattended, &mut stdout)
            .map(|s| if s.failed.is_empty() { 0 } else { FAILED })
    } else {
        // Raw mode for the whole session: keys typed ahead are not lost in
        // the line buffer, and Ctrl-C arrives as a key between writes
        // rather than as a signal in the middle of one.
        RawTerminal::enable()
            .and_then(|_raw| review::session(found, style, &mut TerminalKeys, &mut CrLf(&mut stdout)))
            .map(|s| if s.failed.is_empty() { 0 } else { FAILED })
    };
    match result {
        Ok(status) => Ok((String::new(), status)),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok((String::new(), 0)),
        Err(e) => Err(format!("cannot talk to the terminal: {e}").into()),
    }
}
