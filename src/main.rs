use clap::Parser;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use vaultlint::cli::{
    self, CheckArgs, Cli, Color, Command, Format, LineageFormat, SuggestArgs, SuggestFormat,
};
use vaultlint::output::{self, Style};
use vaultlint::review;
use vaultlint_core::code::Selection;
use vaultlint_core::text::{plural, sanitize};
use vaultlint_workspace::commands::{self, check::Mode};
use vaultlint_workspace::settings::{Flags, Settings, SettingsError};
use vaultlint_workspace::sources::FileSources;

mod terminal;
use terminal::{Bar, CrLf, RawTerminal, TerminalKeys};

/// Exit statuses: 0 clean, 1 findings that fail the run, 2 usage or fatal error.
const FAILED: u8 = 1;
const FATAL: u8 = 2;

/// A run makes millions of small allocations from several threads (every
/// note's strings, lists and fingerprint, read or decoded from the cache
/// in parallel). glibc's allocator grows each thread's arena a page at a
/// time, with a system call for each; mimalloc does not. At 100,000 notes,
/// `check` with one note changed took 0.67 s against 0.82 s (fastest of
/// ten alternated runs), for about 5% more peak memory at a million notes
/// (a cold `check`: 2.53 GB before, 2.66 GB in the benchmark after).
/// (Built without transparent huge pages, which cost 30 to 45 MB of peak
/// memory at 100,000 notes.)
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `purge_delay` option, as the header of the version built
/// numbers it (`mi_option_e`).
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

fn main() -> ExitCode {
    // mimalloc gives freed memory back to the system a second after it is
    // freed; phases of a large run free tens of MB each and move on, and
    // held that long they raised the peak. After 100 ms, a cold `check`
    // at a million notes peaked at 860 to 867 MiB (three runs) against
    // 926 and 934 with 1 s (alternated), in the same time; at 100,000
    // notes with one note changed the time was the same too.
    // `MIMALLOC_PURGE_DELAY`, when set, still decides.
    if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
        // SAFETY: sets one of mimalloc's options, which it reads as it runs.
        unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, 100) };
    }
    let cli = Cli::parse();
    if cli.threads > 0 {
        // Only fails if a pool already exists, which cannot happen here.
        let _ = rayon::ThreadPoolBuilder::new().num_threads(cli.threads).build_global();
    }
    let style = Style { color: use_color(cli.color), width: width() };
    let result = match &cli.command {
        Command::Check(args) => check(args, &cli, style),
        Command::Suggest(args) => suggest(args, &cli, style),
        Command::Lineage(args) => lineage(args, &cli, style),
        Command::Graph(args) => graph(args, &cli),
        Command::Rule(args) => rule(args),
        Command::Server => server(),
        Command::Clean(args) => clean(args, &cli, style),
        Command::Generate { out } => vaultlint::generate::write(out).map(|text| (text, 0)),
    };
    match result {
        Ok((text, status)) => {
            let mut stdout = std::io::stdout().lock();
            match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("vaultlint: error: cannot write output: {e}");
                    ExitCode::from(FATAL)
                }
                // A closed pipe (`| head`) ends the run quietly.
                _ => ExitCode::from(status),
            }
        }
        Err(reason) => {
            // Reasons quote PATHs and file names: nothing in them reaches
            // the terminal as a control character.
            eprintln!("vaultlint: error: {}", vaultlint_core::text::sanitize_lines(&reason));
            ExitCode::from(FATAL)
        }
    }
}

/// The settings for a command: its flags over the config file.
fn settings(cli: &Cli, flags: Flags, style: Style) -> Result<Settings, String> {
    let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    let flags =
        Flags { config: cli.config.as_deref(), isolated: cli.isolated, threads: cli.threads, ..flags };
    Settings::resolve(&flags, &cwd).map_err(|e| command_error(e, style))
}

/// The settings of a command that needs every PATH to exist.
fn settings_all_found(cli: &Cli, flags: Flags, style: Style) -> Result<Settings, String> {
    let settings = settings(cli, flags, style)?;
    match settings.scope.missing.first() {
        Some(path) => Err(format!("cannot open `{}`: no such file or folder", sanitize(path))),
        None => Ok(settings),
    }
}

fn vault_flags(vault: &cli::VaultArgs) -> Flags<'_> {
    Flags {
        paths: &vault.paths,
        root: vault.root.as_deref(),
        exclude: &vault.exclude,
        no_cache: vault.cache.no_cache,
        cache_dir: vault.cache.cache_dir.as_deref(),
        ..Flags::default()
    }
}

fn check(args: &CheckArgs, cli: &Cli, style: Style) -> Result<(String, u8), String> {
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
fn check_report(args: &CheckArgs, cli: &Cli, style: Style) -> Result<(String, u8), String> {
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
    let vault = vault_flags(&args.vault);
    let flags = Flags {
        paths: if stdin.is_some() { &stdin_paths } else { vault.paths },
        as_of: args.as_of,
        no_git: args.no_git,
        selection,
        strict: args.strict,
        ..vault
    };
    let mut settings = settings(cli, flags, style)?;
    let stdin = match stdin {
        Some((given, text)) => Some((focus_on(&mut settings, &given)?, text)),
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
    let failure = |e| command_error(e, style);
    let (checked, fixed) = match &stdin {
        Some((path, text)) => {
            let fix = mode != Mode::Report;
            let (checked, fixed) =
                commands::check::run_stdin(&settings, path, text, fix, args.no_suggest, &progress)
                    .map_err(failure)?;
            (checked, Some(fixed))
        }
        None => (commands::check::run(&settings, mode, args.no_suggest, &progress).map_err(failure)?, None),
    };
    let stdin = stdin.zip(fixed).map(|((path, text), fixed)| StdinNote { path, text, fixed });
    finish_check(args, settings, checked, mode, stdin, style)
}

/// A note read from standard input: its vault path, its text, and the
/// text with the safe fixes made (under `--fix` or `--diff`).
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
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            let text =
                String::from_utf8(bytes).map_err(|_| "standard input is not valid UTF-8".to_string())?;
            Ok(Some((given.clone(), text)))
        }
    }
}

/// Reports on the note at `given` only, and gives its vault path.
fn focus_on(settings: &mut Settings, given: &Path) -> Result<String, String> {
    let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    let path = settings.note_path(&cwd.join(given))?;
    let notes = std::collections::HashSet::from([path.clone()]);
    settings.scope.focus = Some(vaultlint_model::focus::Focus { notes, folders: Vec::new() });
    Ok(path)
}

/// The rest of `check`: fixes reported, the baseline, and the output.
fn finish_check(
    args: &CheckArgs,
    settings: Settings,
    mut checked: commands::check::Checked,
    mode: Mode,
    stdin: Option<StdinNote>,
    style: Style,
) -> Result<(String, u8), String> {
    let failure = |e| command_error(e, style);
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
        commands::check::against_baseline(&mut checked, &settings, sources, file).map_err(failure)?;
    }
    if let Some(file) = &args.write_baseline {
        let recorded = commands::check::write_baseline(&checked.report, sources, file).map_err(failure)?;
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
    let text = render_check(args, &checked, &settings, sources, style);
    let report = &checked.report;
    // A fix that could not be made fails the run.
    let failed = report.failed(args.strict) || (mode == Mode::Fix && !checked.skipped.is_empty());
    // Freeing a large vault note by note takes a noticeable share of the
    // run; the process is about to end, which frees it at once.
    std::mem::forget(checked);
    Ok((text, status(failed)))
}

/// `check`'s findings in the chosen format, with the summary lines.
fn render_check(
    args: &CheckArgs,
    checked: &commands::check::Checked,
    settings: &Settings,
    sources: &dyn vaultlint_core::diagnostic::Sources,
    style: Style,
) -> String {
    let report = &checked.report;
    let paths = output::Paths::from_current_folder(settings.root());
    let mut text = match args.format {
        Format::Json => output::json::render(report, settings.root(), args.statistics),
        Format::Github => output::github::render(report, &paths),
        Format::Sarif => output::sarif::render(report, &paths, settings.docs_url.as_deref()),
        _ if args.statistics => output::statistics(report),
        Format::Full => output::full::render(report, sources, style, &paths),
        Format::Concise => output::concise::render(report, style, &paths),
    };
    if matches!(args.format, Format::Full | Format::Concise) && !args.quiet {
        text.push_str(&output::baseline_gone(report, &paths));
        text.push_str(&output::summary(report, style, &paths));
    }
    text
}

/// A command's error as one message: a config file's with its snippet.
fn command_error(error: SettingsError, style: Style) -> String {
    match error {
        // A reason may quote a PATH as given: made safe for the terminal.
        SettingsError::Usage(reason) => reason,
        SettingsError::Config(error) => output::config_error(&error, style),
    }
}

fn suggest(args: &SuggestArgs, cli: &Cli, style: Style) -> Result<(String, u8), String> {
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
        let settings = settings_all_found(cli, flags, style)?;
        return commands::suggest::dismiss(&settings, notes, &cwd)
            .map(|text| (text, 0))
            .map_err(|e| command_error(e, style));
    }
    let applying = args.apply || args.yes || args.dry_run;
    // `--dry-run` shows what `--yes` would do, with `--apply` or without.
    let interactive = args.apply && !args.dry_run;
    if interactive && !(std::io::stdin().is_terminal() && std::io::stdout().is_terminal()) {
        return Err("--apply asks in a terminal and there is none; use --yes to apply every confident \
                    pair without asking, or --dry-run to see the edits"
            .into());
    }
    let settings = settings_all_found(cli, flags, style)?;
    let progress = Bar::new((args.format == SuggestFormat::Full || args.apply) && !args.quiet);
    let found = commands::suggest::run(&settings, args.limit, applying, &progress)
        .map_err(|e| command_error(e, style))?;
    let unread = report_unread(&found.vault, &|_| true);
    if applying {
        let (text, status) = apply_pairs(args, &found, settings.suggest.min_score, style)?;
        return Ok((text, if unread { FATAL } else { status }));
    }
    let text = match args.format {
        SuggestFormat::Full => {
            output::suggest::full(&found, &FileSources::new(settings.root()), style, args.quiet)
        }
        SuggestFormat::Json => output::suggest::json(&found),
    };
    std::mem::forget(found);
    Ok((text, if unread { FATAL } else { 0 }))
}

/// Says on standard error what could not be read (of the paths `keep`
/// accepts); whether there was any.
fn report_unread(vault: &vaultlint_model::vault::Vault, keep: &dyn Fn(&str) -> bool) -> bool {
    let unread: Vec<_> = vault.unread().into_iter().filter(|(p, _)| keep(p)).collect();
    for (path, why) in &unread {
        eprintln!("vaultlint: {}: not read: {}", sanitize(path), sanitize(why));
    }
    !unread.is_empty()
}

/// `--apply`, `--yes` and `--dry-run`. Progress goes straight to the
/// terminal, so each decision is seen as it is written.
fn apply_pairs(
    args: &SuggestArgs,
    found: &commands::suggest::Suggested,
    min_score: f64,
    style: Style,
) -> Result<(String, u8), String> {
    let mut stdout = std::io::stdout().lock();
    let unattended = review::unattended(&found.pairs, min_score);
    let result = if args.dry_run {
        review::dry_run(found, &unattended, &mut stdout).map(|_| 0)
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
        Err(e) => Err(format!("cannot talk to the terminal: {e}")),
    }
}

/// `lineage`: the versions of the named notes, or the map of every note,
/// or the events since a commit.
fn lineage(args: &cli::LineageArgs, cli: &Cli, style: Style) -> Result<(String, u8), String> {
    if args.all && args.format == LineageFormat::Full {
        return Err("--all lists every note as JSON; add --format json (or jsonl)".into());
    }
    if !args.all && args.format == LineageFormat::Jsonl {
        return Err("--format jsonl is for the map of every note; add --all".into());
    }
    let flags = Flags {
        paths: &args.paths,
        root: args.root.as_deref(),
        exclude: &args.exclude,
        no_cache: args.cache.no_cache,
        cache_dir: args.cache.cache_dir.as_deref(),
        as_of: args.as_of,
        ..Flags::default()
    };
    let settings = settings_all_found(cli, flags, style)?;
    let scope =
        (!args.scope.is_empty()).then(|| vaultlint_syntax::scope::Scope::parse(&args.scope)).transpose()?;
    let map = commands::lineage::MapOptions { scope, suspected: args.verdict_suspected };
    if let Some(reference) = &args.since {
        let since =
            commands::lineage::since(&settings, reference, &map).map_err(|e| command_error(e, style))?;
        let jsonl = args.format == LineageFormat::Jsonl;
        return Ok((output::lineage::events(&since, reference, jsonl), 0));
    }
    let lineage = commands::lineage::run(&settings, args.all, &map).map_err(|e| command_error(e, style))?;
    let (vault, analysis) = (&lineage.vault, &lineage.analysis);
    let focus = settings.scope.focus.as_ref();
    let keep = |path: &str| focus.is_none_or(|f| f.contains(path));
    let text = match &lineage.notes {
        None if args.format == LineageFormat::Jsonl => output::lineage::all_jsonl(vault, analysis, &keep),
        None => output::lineage::all_json(vault, analysis, &keep),
        Some(notes) if args.format == LineageFormat::Json => output::lineage::json(vault, analysis, notes),
        Some(notes) => output::lineage::full(vault, analysis, notes, style),
    };
    // The map is printed, with its `errors`; what could not be read fails
    // the run, so no pipeline takes the map as whole.
    let unread = report_unread(vault, &keep);
    Ok((text, if unread { FATAL } else { 0 }))
}

/// `graph`: the supersession graph as DOT or Mermaid.
fn graph(args: &cli::GraphArgs, cli: &Cli) -> Result<(String, u8), String> {
    let flags = Flags { as_of: args.as_of, ..vault_flags(&args.vault) };
    let settings = settings_all_found(cli, flags, Style::default())?;
    let drawn = commands::graph::run(&settings).map_err(|e| command_error(e, Style::default()))?;
    let focus = settings.scope.focus.as_ref();
    let text = match args.format {
        cli::GraphFormat::Dot => output::graph::dot(&drawn.vault, &drawn.graph, &drawn.life, focus),
        cli::GraphFormat::Mermaid => output::graph::mermaid(&drawn.vault, &drawn.graph, &drawn.life, focus),
    };
    Ok((text, 0))
}

/// `clean`: removes the vault's cache folder.
fn clean(args: &cli::CleanArgs, cli: &Cli, style: Style) -> Result<(String, u8), String> {
    let settings = settings(cli, vault_flags(&args.vault), style)?;
    let Some(cache) = &settings.cache else { return Ok((String::new(), 0)) };
    let shown = sanitize(&cache.dir.display().to_string()).into_owned();
    match vaultlint_workspace::cache::clean(&cache.dir) {
        Ok(true) => Ok((format!("removed the cache {shown}\n"), 0)),
        Ok(false) => Ok((format!("no cache at {shown}\n"), 0)),
        Err(e) => Err(format!("cannot remove the cache {shown}: {e}")),
    }
}

/// `server`: the language server on stdio until the client shuts it down.
fn server() -> Result<(String, u8), String> {
    let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    let (connection, io) = lsp_server::Connection::stdio();
    vaultlint_server::server::run(connection, &cwd)?;
    io.join().map_err(|e| format!("the connection failed: {e}"))?;
    Ok((String::new(), 0))
}

/// `rule CODE`: a rule's explanation; `rule --all`: every rule's summary.
fn rule(args: &cli::RuleArgs) -> Result<(String, u8), String> {
    use vaultlint_core::code::Code;
    let json = args.format == cli::RuleFormat::Json;
    let Some(name) = &args.code else {
        return Ok((if json { output::rule::all_json() } else { output::rule::all_full() }, 0));
    };
    let Some(code) = Code::from_name(name) else {
        let names = Code::ALL.iter().map(|c| c.name());
        let hint = match vaultlint_core::text::closest(name, names, 0.7) {
            Some(near) => format!("; did you mean `{near}`?"),
            None => "; `vaultlint rule --all` lists them".into(),
        };
        return Err(format!("no rule is called `{name}`{hint}"));
    };
    Ok((if json { output::rule::json(code) } else { output::rule::full(code) }, 0))
}

fn use_color(choice: Color) -> bool {
    match choice {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => {
            std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

/// Width for graphical reports: `COLUMNS` when set, else 100.
fn width() -> usize {
    std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok()).filter(|&w| w >= 40).unwrap_or(100)
}
