//! `check`: the findings, or the fixes, of a vault or of one note read
//! from standard input, against a baseline when one is given.

use super::{FAILED, FATAL, Outcome, settings};
use crate::cli::{CheckArgs, Cli, Format};
use crate::output::{self, Style};
use crate::terminal::Bar;
use std::path::{Path, PathBuf};
use vaultlint_core::code::Selection;
use vaultlint_core::text::{plural, sanitize};
use vaultlint_workspace::commands::{self, check::Mode};
use vaultlint_workspace::settings::{Flags, Settings};
use vaultlint_workspace::sources::FileSources;

pub fn check(args: &CheckArgs, cli: &Cli, style: Style) -> Outcome {
    // An output that cannot be written is refused before the check runs.
    for file in [&args.output_file, &args.write_baseline].into_iter().flatten() {
        vaultlint_workspace::edit::output_kind(file)
            .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    }
    let (text, status) = check_report(args, cli, style)?;
    match &args.output_file {
        Some(file) => {
            vaultlint_workspace::edit::write_output(file, text.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
            Ok((String::new(), status))
        }
        None => Ok((text, status)),
    }
}

/// `check`'s output and exit status.
fn check_report(args: &CheckArgs, cli: &Cli, style: Style) -> Outcome {
    if args.statistics && matches!(args.format, Format::Sarif | Format::Github) {
        return Err("--statistics counts findings for people or as JSON; use it with --format full, \
                    concise or json"
            .into());
    }
    let stdin = stdin_note(args)?;
    // The vault of a note read from standard input is found from its path,
    // or from its folder when it is not saved yet.
    let stdin_paths: Vec<PathBuf> = match &stdin {
        Some((given, _)) if given.exists() => vec![given.clone()],
        Some((given, _)) => {
            vec![given.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).into()]
        }
        None => Vec::new(),
    };
    let selection = Selection {
        select: args.select.clone(),
        extend_select: args.extend_select.clone(),
        ignore: args.ignore.clone(),
    };
    let vault = super::vault_flags(&args.vault);
    let flags = Flags {
        paths: if stdin.is_some() { &stdin_paths } else { vault.paths },
        stdin: stdin.is_some(),
        as_of: args.as_of,
        no_git: args.no_git,
        selection,
        strict: args.strict,
        ..vault
    };
    let mut settings = settings(cli, flags)?;
    let stdin = match stdin {
        Some((given, text)) => {
            let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
            Some((settings.focus_on_note(&cwd.join(&given))?, text))
        }
        None => None,
    };
    let mode = if args.diff {
        Mode::Diff
    } else if args.fix {
        Mode::Fix
    } else {
        Mode::Report
    };
    let progress =
        Bar::new(args.format == Format::Full && !args.quiet && !args.diff && args.output_file.is_none());
    let (checked, fixed) = match &stdin {
        Some((path, text)) => {
            let fix = mode != Mode::Report;
            let (checked, fixed) = commands::check::run_stdin(
                &settings,
                path,
                text,
                fix,
                args.unsafe_fixes,
                args.no_suggest,
                &progress,
            )?;
            (checked, Some(fixed))
        }
        None => (commands::check::run(&settings, mode, args.unsafe_fixes, args.no_suggest, &progress)?, None),
    };
    let stdin = stdin.zip(fixed).map(|((path, text), fixed)| StdinNote { path, text, fixed });
    finish_check(args, settings, checked, mode, stdin, style)
}

/// A note read from standard input: its vault path, its text, and the
/// text with the fixes made (under `--fix` or `--diff`).
struct StdinNote {
    path: String,
    text: String,
    fixed: String,
}

/// `check -` reads the note from standard input, named by
/// `--stdin-filename`: its path as given, and its text.
fn stdin_note(args: &CheckArgs) -> Result<Option<(PathBuf, String)>, String> {
    let dash = args.vault.paths.iter().any(|p| p.as_os_str() == "-");
    match (&args.stdin_filename, dash) {
        (None, false) => Ok(None),
        (None, true) => {
            Err("`-` reads a note from standard input; name it with --stdin-filename PATH".into())
        }
        (Some(_), false) => {
            Err("--stdin-filename names the note read from standard input; give `-` as the PATH".into())
        }
        (Some(_), true) if args.vault.paths.len() > 1 => Err("with `-`, give no other PATH".into()),
        (Some(given), true) => {
            let text = commands::check::read_note_text(&mut std::io::stdin())?;
            Ok(Some((given.clone(), text)))
        }
    }
}

/// The rest of `check`: fixes reported, the baseline, and the output.
fn finish_check(
    args: &CheckArgs,
    settings: Settings,
    mut checked: commands::check::Checked,
    mode: Mode,
    stdin: Option<StdinNote>,
    style: Style,
) -> Outcome {
    for s in &checked.skipped {
        eprintln!("vaultlint: {}: not fixed: {}", sanitize(&s.path), sanitize(&s.reason));
    }
    // A PATH that does not exist is reported with the findings, and is an
    // error of the run.
    let fatal = !settings.scope.missing.is_empty();
    let status = |failed: bool| match (fatal, failed && !args.exit_zero) {
        (true, _) => FATAL,
        (false, true) => FAILED,
        (false, false) => 0,
    };
    if let Some(note) = &stdin {
        // Standard input in, standard output out; nothing is written.
        match mode {
            Mode::Fix => return Ok((note.fixed.clone(), status(checked.report.failed(args.strict)))),
            Mode::Diff => {
                let diff = vaultlint_workspace::edit::unified_diff(&note.path, &note.text, &note.fixed);
                return Ok((diff, status(note.fixed != note.text)));
            }
            Mode::Report => {}
        }
    }
    if mode == Mode::Diff {
        let text: String = checked.edits.iter().map(vaultlint_workspace::fix::diff).collect();
        return Ok((text, status(!checked.edits.is_empty() || !checked.skipped.is_empty())));
    }
    if mode == Mode::Fix && !args.quiet {
        eprintln!("fixed {} in {}", plural(checked.fixes(), "finding"), plural(checked.edits.len(), "note"));
    }
    let files = FileSources::new(settings.root());
    let overlay = stdin.map(|n| vaultlint_workspace::sources::Overlay {
        files: FileSources::new(settings.root()),
        path: n.path,
        text: n.text.into(),
    });
    let sources: &dyn vaultlint_core::diagnostic::Sources = match &overlay {
        Some(overlay) => overlay,
        None => &files,
    };
    if let Some(file) = &args.baseline {
        commands::check::against_baseline(&mut checked, &settings, sources, file)?;
    }
    if let Some(file) = &args.write_baseline {
        let recorded = commands::check::write_baseline(&checked.report, sources, file)?;
        eprintln!(
            "vaultlint: recorded {} in {}",
            plural(recorded, "finding"),
            sanitize(&file.display().to_string())
        );
        if args.baseline.is_none() {
            // The findings are accepted now: nothing to report.
            return Ok((String::new(), status(false)));
        }
    }
    let text = render_check(args, &checked, mode, &settings, sources, style);
    let report = &checked.report;
    // A fix that could not be made fails the run.
    let failed = report.failed(args.strict) || (mode == Mode::Fix && !checked.skipped.is_empty());
    // Freeing a large vault note by note takes a noticeable share of the
    // run; when the process is about to end, the exit frees it at once.
    if crate::embed::process_ends_after_run() {
        std::mem::forget(checked);
    }
    Ok((text, status(failed)))
}

/// `check`'s findings in the chosen format, with the summary lines.
fn render_check(
    args: &CheckArgs,
    checked: &commands::check::Checked,
    mode: Mode,
    settings: &Settings,
    sources: &dyn vaultlint_core::diagnostic::Sources,
    style: Style,
) -> String {
    let report = &checked.report;
    let paths = output::Paths::from_current_folder(settings.root());
    let mut text = match args.format {
        Format::Json => output::json::render(report, settings.root(), args.statistics, args.unsafe_fixes),
        Format::Github => output::github::render(report, &paths),
        Format::Sarif => output::sarif::render(report, &paths, settings.docs_url.as_deref()),
        _ if args.statistics => output::statistics(report),
        Format::Full => output::full::render(report, sources, style, &paths, args.show_all),
        Format::Concise => output::concise::render(report, style, &paths),
    };
    let human = matches!(args.format, Format::Full | Format::Concise);
    if human && args.show_fixes {
        text.push_str(&match mode {
            Mode::Fix => output::fix_list("fixed", &checked.fixed, &paths),
            _ => output::fix_list(
                "`--fix` would fix",
                report.diagnostics.iter().filter(|d| d.fixable(args.unsafe_fixes)),
                &paths,
            ),
        });
    }
    if human && !args.quiet {
        text.push_str(&output::baseline_gone(report, &paths));
        text.push_str(&output::summary(report, style, &paths));
        if !args.statistics {
            text.push_str(&output::fixable(report, args.unsafe_fixes));
        }
    }
    text
}
