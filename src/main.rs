use clap::Parser;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use vaultlint::cli::{self, CheckArgs, Cli, Color, Command, Format, SuggestArgs, SuggestFormat, VaultArgs};
use vaultlint::config::{self, Config, Level};
use vaultlint::note::Reading;
use vaultlint::output::{self, Style};
use vaultlint::progress::{Progress, Silent};

use vaultlint::review;
use vaultlint::root::Scope;
use vaultlint::rules::Code;
use vaultlint::suggest;
use vaultlint::suggest::apply::{self, LinkStyle};
use vaultlint::text::{plural, sanitize};
use vaultlint::vault::Vault;
use vaultlint::walk::WalkOptions;

mod terminal;
use terminal::{Bar, CrLf, RawTerminal, TerminalKeys};

/// Exit statuses: 0 clean, 1 findings that fail the run, 2 usage or fatal error.
const FAILED: u8 = 1;
const FATAL: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.threads > 0 {
        // Only fails if a pool already exists, which cannot happen here.
        let _ = rayon::ThreadPoolBuilder::new().num_threads(cli.threads).build_global();
    }
    let style = Style { color: use_color(cli.color), width: width() };
    let global =
        Global { config: cli.config.as_deref(), isolated: cli.isolated, threads: cli.threads, style };
    let result = match &cli.command {
        Command::Check(args) => check(args, &global),
        Command::Suggest(args) => suggest(args, &global),
        Command::Lineage(args) => lineage(args, &global),
        Command::Graph(args) => graph(args, &global),
        Command::Generate { out } => generate(out),
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
            eprintln!("vaultlint: error: {reason}");
            ExitCode::from(FATAL)
        }
    }
}

/// What every command shares: the config flags and the thread count.
struct Global<'a> {
    config: Option<&'a std::path::Path>,
    isolated: bool,
    threads: usize,
    style: Style,
}

/// Works out the vault and its config, then reads the vault, computing
/// what `wanted` asks for (its keys come from the config).
fn load(
    args: &VaultArgs,
    global: &Global,
    wanted: Reading<'_>,
    progress: &dyn Progress,
) -> Result<(Scope, Vault, Config), String> {
    let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    let scope = vaultlint::root::scope(&args.paths, args.root.as_deref(), &cwd)?;
    let config = vaultlint::config::resolve(global.config, global.isolated, &scope.root)
        .map_err(|e| config_error(&e, global.style))?;
    // Command-line flags beat the file.
    let exclude = if args.exclude.is_empty() { config.exclude.clone() } else { args.exclude.clone() };
    let options = WalkOptions { exclude, threads: global.threads };
    let keys: Vec<&str> = match &config.successor_keys {
        Some(keys) => keys.iter().map(String::as_str).collect(),
        None => vaultlint::note::SUCCESSOR_KEYS.to_vec(),
    };
    let predecessor_keys: Vec<&str> = match &config.predecessor_keys {
        Some(keys) => keys.iter().map(String::as_str).collect(),
        None => vaultlint::note::PREDECESSOR_KEYS.to_vec(),
    };
    let reading = Reading { successor_keys: &keys, predecessor_keys: &predecessor_keys, ..wanted };
    let mut vault = Vault::load_with(&scope.root, &options, reading, progress).map_err(|e| e.0)?;
    if let Some(file) = &config.dismissals {
        vault.dismissals = scope.root.join(file);
    }
    Ok((scope, vault, config))
}

/// What to compute while reading notes: the version detector's
/// fingerprints, a digest to confirm a file before editing it, body links.
fn reading(fingerprint: bool, digest: bool, links: bool) -> Reading<'static> {
    Reading { fingerprint, digest, links, ..Reading::default() }
}

/// A config file's problem, drawn with its snippet.
fn config_error(error: &vaultlint::config::ConfigError, style: Style) -> String {
    use miette::{GraphicalReportHandler, GraphicalTheme};
    let theme = if style.color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(style.width).with_links(false);
    let mut report = String::new();
    let _ = handler.render_report(&mut report, error);
    format!("invalid config file {}\n\n{}", error.file.display(), report.trim_end())
}

fn check(args: &CheckArgs, global: &Global) -> Result<(String, u8), String> {
    let progress = Bar::new(args.format == Format::Full && !args.quiet && !args.diff);
    let editing = args.fix || args.diff;
    let (mut scope, mut vault, mut report) = check_vault(args, global, editing, &progress)?;
    progress.finish();
    // A fix that could not be made fails the run.
    let mut unfixed = false;
    if editing {
        let (fixes, skipped) = vaultlint::fix::plan(&vault, &report.diagnostics);
        for s in &skipped {
            eprintln!("vaultlint: {}: not fixed: {}", sanitize(&s.path), sanitize(&s.reason));
        }
        if args.diff {
            let text: String = fixes.iter().map(vaultlint::fix::diff).collect();
            let failed = !fixes.is_empty() || !skipped.is_empty();
            return Ok((text, if failed { FAILED } else { 0 }));
        }
        let (mut files, mut count) = (0, 0);
        unfixed = !skipped.is_empty();
        for fix in &fixes {
            match vaultlint::fix::write(fix) {
                Ok(()) => {
                    files += 1;
                    count += fix.fixes;
                }
                Err(e) => {
                    eprintln!("vaultlint: {}: not fixed: {e}", sanitize(&fix.path));
                    unfixed = true;
                }
            }
        }
        if !args.quiet {
            eprintln!("fixed {} in {}", plural(count, "link"), plural(files, "note"));
        }
        if files > 0 {
            // Report the vault as it is now: positions after an edit moved.
            std::mem::forget(vault);
            (scope, vault, report) = check_vault(args, global, false, &Silent)?;
        }
    }
    let (text, status) = render_check(args, global, &scope, &vault, &report);
    std::mem::forget(vault);
    Ok((text, if unfixed { FAILED } else { status }))
}

/// Reads the vault and runs every rule, the config's severities applied.
fn check_vault(
    args: &CheckArgs,
    global: &Global,
    digest: bool,
    progress: &dyn Progress,
) -> Result<(Scope, Vault, vaultlint::check::Report), String> {
    // `--diff` shows link fixes only, so the similarity pass would be wasted.
    let similar = !args.no_suggest && !args.diff;
    let (scope, vault, config) = load(&args.vault, global, reading(similar, digest, true), progress)?;
    // A rule turned off costs nothing: the similarity pass only runs for
    // `suspected-version`.
    let suggesting = similar && config.level(Code::SuspectedVersion) != Some(Level::Off);
    let options = suggest_options(&config, None, args.no_git);
    let settings = rule_settings(&config, args.as_of);
    let mut report = vaultlint::check::check(
        &vault,
        scope.focus.as_ref(),
        suggesting.then_some(&options),
        &settings,
        progress,
    );
    config.apply(&mut report.diagnostics);
    Ok((scope, vault, report))
}

/// The report in the chosen format, and the exit status it calls for.
fn render_check(
    args: &CheckArgs,
    global: &Global,
    scope: &Scope,
    vault: &Vault,
    report: &vaultlint::check::Report,
) -> (String, u8) {
    let style = global.style;
    let mut text = match args.format {
        Format::Json => output::json::render(report, args.statistics),
        Format::Github => output::github::render(report, &github_prefix(&scope.root)),
        Format::Sarif => output::sarif::render(report, &github_prefix(&scope.root)),
        _ if args.statistics => output::statistics(report),
        Format::Full => output::full::render(report, vault, style),
        Format::Concise => output::concise::render(report, style),
    };
    if matches!(args.format, Format::Full | Format::Concise) && !args.quiet {
        text.push_str(&output::summary(report, style));
    }
    let failed = report.errors() > 0 || (args.strict && report.warnings() > 0);
    (text, if failed { FAILED } else { 0 })
}

/// What the rules judge against: `--as-of` (default today) and the
/// config's statuses.
fn rule_settings(config: &Config, as_of: Option<vaultlint::rules::dates::Day>) -> vaultlint::rules::Settings {
    let mut settings = vaultlint::rules::Settings::new(as_of.unwrap_or_else(vaultlint::rules::dates::today));
    if let Some(statuses) = &config.statuses {
        settings.statuses = statuses.iter().map(|s| s.trim().to_lowercase()).collect();
    }
    settings
}

/// The suggest options the config file sets, with `min_score` and
/// `--no-git` from the command line beating it.
fn suggest_options(config: &Config, min_score: Option<f64>, no_git: bool) -> suggest::Options {
    suggest::Options {
        min_score: min_score
            .or(config.suggest.min_score.as_ref().map(|s| *s.get_ref()))
            .unwrap_or(suggest::DEFAULT_MIN_SCORE),
        git: !no_git && config.suggest.git.unwrap_or(true),
    }
}

fn suggest(args: &SuggestArgs, global: &Global) -> Result<(String, u8), String> {
    if let Some(notes) = &args.dismiss {
        return dismiss(args, notes, global);
    }
    let applying = args.apply || args.yes || args.dry_run;
    let interactive = args.apply && !args.yes && !args.dry_run;
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if interactive && !terminal {
        return Err("--apply asks in a terminal and there is none; use --yes to apply every confident \
                    pair without asking, or --dry-run to see the edits"
            .into());
    }
    let progress = Bar::new((args.format == SuggestFormat::Full || args.apply) && !args.quiet);
    let (scope, vault, config) = load(&args.vault, global, reading(true, applying, false), &progress)?;
    let options = suggest_options(&config, args.min_score, args.no_git);
    let suggestions = suggest::find_with(&vault, &options, &progress);
    progress.finish();
    let style = global.style;
    let pairs: Vec<&suggest::Pair> = suggestions
        .pairs
        .iter()
        .filter(|p| {
            scope.focus.as_ref().is_none_or(|f| {
                f.contains(&vault.notes[p.older].path) || f.contains(&vault.notes[p.newer].path)
            })
        })
        .take(args.limit.unwrap_or(usize::MAX))
        .collect();
    if applying {
        let link = match (args.link_style, config.link_style) {
            (Some(cli::LinkStyle::Path), _) | (None, Some(config::LinkStyle::Path)) => LinkStyle::Path,
            (Some(cli::LinkStyle::Wikilink), _) | (None, Some(config::LinkStyle::Wikilink)) => {
                LinkStyle::Wikilink
            }
            (None, None) => apply::vault_style(&vault),
        };
        return apply_pairs(args, &vault, &pairs, link, options.min_score, style);
    }
    let text = match args.format {
        SuggestFormat::Full => output::suggest::full(&pairs, &vault, style, args.quiet),
        SuggestFormat::Json => output::suggest::json(&pairs, &vault),
    };
    drop(pairs);
    // Freeing a large vault note by note takes a noticeable share of the
    // run; the process is about to end, which frees it at once.
    std::mem::forget(suggestions);
    std::mem::forget(vault);
    Ok((text, 0))
}

/// `suggest --dismiss A B`: both must be notes of the vault.
fn dismiss(
    args: &SuggestArgs,
    notes: &[std::path::PathBuf],
    global: &Global,
) -> Result<(String, u8), String> {
    // Without a PATH, the vault is the one holding the two notes.
    let given = VaultArgs {
        paths: if args.vault.paths.is_empty() { notes.to_vec() } else { args.vault.paths.clone() },
        root: args.vault.root.clone(),
        exclude: args.vault.exclude.clone(),
    };
    let (scope, vault, _) = load(&given, global, reading(false, false, false), &Silent)?;
    let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    let mut paths = Vec::new();
    for note in notes {
        let full = cwd.join(note).canonicalize().map_err(|e| format!("{}: {e}", note.display()))?;
        let path = full
            .strip_prefix(&scope.root)
            .ok()
            .map(|rel| vaultlint::walk::relative(std::path::Path::new(""), rel))
            .filter(|p| vault.id_of(p).is_some())
            .ok_or_else(|| {
                format!("{} is not a note of the vault at {}", note.display(), scope.root.display())
            })?;
        paths.push(path);
    }
    if paths[0] == paths[1] {
        return Err("--dismiss needs two different notes".into());
    }
    let added = suggest::dismissals::add(&vault.dismissals, &paths[0], &paths[1])?;
    let verb = if added { "dismissed" } else { "already dismissed" };
    let (a, b) = (sanitize(&paths[0]), sanitize(&paths[1]));
    let file = vaultlint::walk::relative(&scope.root, &vault.dismissals);
    Ok((format!("{verb}: {a} and {b} (in {})\n", sanitize(&file)), 0))
}

/// `--apply`, `--yes` and `--dry-run`. Progress goes straight to the
/// terminal, so each decision is seen as it is written.
fn apply_pairs(
    args: &SuggestArgs,
    vault: &Vault,
    pairs: &[&suggest::Pair],
    link: LinkStyle,
    min_score: f64,
    style: Style,
) -> Result<(String, u8), String> {
    let mut stdout = std::io::stdout().lock();
    let result = if args.dry_run {
        review::dry_run(vault, &review::unattended(pairs, min_score), link, &mut stdout).map(|_| 0)
    } else if args.yes {
        review::apply_all(vault, &review::unattended(pairs, min_score), link, &mut stdout)
            .map(|s| if s.failed.is_empty() { 0 } else { FAILED })
    } else {
        // Raw mode for the whole session: keys typed ahead are not lost in
        // the line buffer, and Ctrl-C arrives as a key between writes
        // rather than as a signal in the middle of one.
        RawTerminal::enable()
            .and_then(|_raw| {
                review::session(vault, pairs, link, style, &mut TerminalKeys, &mut CrLf(&mut stdout))
            })
            .map(|s| if s.failed.is_empty() { 0 } else { FAILED })
    };
    match result {
        Ok(status) => Ok((String::new(), status)),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok((String::new(), 0)),
        Err(e) => Err(format!("cannot talk to the terminal: {e}")),
    }
}

/// The vault root relative to the current folder, as a prefix for the
/// paths in GitHub annotations (which are relative to the repository).
fn github_prefix(root: &std::path::Path) -> String {
    let cwd = std::env::current_dir().ok().and_then(|c| c.canonicalize().ok());
    match cwd.as_deref().and_then(|cwd| root.strip_prefix(cwd).ok()) {
        Some(rel) if rel.as_os_str().is_empty() => String::new(),
        Some(rel) => format!("{}/", vaultlint::walk::relative(std::path::Path::new(""), rel)),
        None => format!("{}/", root.display()),
    }
}

/// `lineage`: the versions of the named notes, or the map of every note.
fn lineage(args: &cli::LineageArgs, global: &Global) -> Result<(String, u8), String> {
    use cli::LineageFormat;
    if args.all && args.format != LineageFormat::Json {
        return Err("--all lists every note as JSON; add --format json".into());
    }
    let given =
        VaultArgs { paths: args.paths.clone(), root: args.root.clone(), exclude: args.exclude.clone() };
    let (scope, vault, config) = load(&given, global, reading(false, false, false), &Silent)?;
    let settings = rule_settings(&config, args.as_of);
    let analysis = vaultlint::lineage::Analysis::new(&vault, settings.as_of);
    if args.all {
        let keep = |path: &str| scope.focus.as_ref().is_none_or(|f| f.contains(path));
        return Ok((output::lineage::all_json(&vault, &analysis, &keep), 0));
    }
    let focus = scope.focus.as_ref().filter(|f| f.folders.is_empty());
    let Some(focus) = focus else {
        return Err("lineage takes notes; name a note, or use --all for a whole vault or folder".into());
    };
    let mut notes: Vec<_> = focus.notes.iter().filter_map(|p| vault.id_of(p)).collect();
    notes.sort_unstable();
    if notes.is_empty() {
        return Err("lineage takes notes (`*.md` or `*.markdown` files in the vault)".into());
    }
    let text = match args.format {
        LineageFormat::Full => output::lineage::full(&vault, &analysis, &notes, global.style),
        LineageFormat::Json => output::lineage::json(&vault, &analysis, &notes),
    };
    Ok((text, 0))
}

/// `graph`: the supersession graph as DOT or Mermaid.
fn graph(args: &cli::GraphArgs, global: &Global) -> Result<(String, u8), String> {
    let (scope, vault, _) = load(&args.vault, global, reading(false, false, false), &Silent)?;
    let text = match args.format {
        cli::GraphFormat::Dot => vaultlint::graph::dot(&vault, scope.focus.as_ref()),
        cli::GraphFormat::Mermaid => vaultlint::graph::mermaid(&vault, scope.focus.as_ref()),
    };
    Ok((text, 0))
}

/// `generate`: completions and man pages under `out`.
fn generate(out: &std::path::Path) -> Result<(String, u8), String> {
    let files = vaultlint::generate::files();
    for (path, bytes) in &files {
        let file = out.join(path);
        if let Some(folder) = file.parent() {
            std::fs::create_dir_all(folder)
                .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        }
        std::fs::write(&file, bytes).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    }
    Ok((format!("wrote {} files under {}\n", files.len(), out.display()), 0))
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
