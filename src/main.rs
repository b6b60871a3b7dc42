use clap::Parser;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use vaultlint::cli::{CheckArgs, Cli, Color, Command, Format, SuggestArgs, SuggestFormat, VaultArgs};
use vaultlint::output::{self, Style};
use vaultlint::root::Scope;
use vaultlint::suggest;
use vaultlint::text::sanitize;
use vaultlint::vault::Vault;
use vaultlint::walk::WalkOptions;

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
    let result = match &cli.command {
        Command::Check(args) => check(args, cli.threads, style),
        Command::Suggest(args) => suggest(args, cli.threads, style),
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

fn load(args: &VaultArgs, threads: usize, fingerprint: bool) -> Result<(Scope, Vault), String> {
    let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    let scope = vaultlint::root::scope(&args.paths, args.root.as_deref(), &cwd)?;
    let options = WalkOptions { exclude: args.exclude.clone(), threads };
    let vault = Vault::load(&scope.root, &options, fingerprint).map_err(|e| e.0)?;
    Ok((scope, vault))
}

fn check(args: &CheckArgs, threads: usize, style: Style) -> Result<(String, u8), String> {
    let (scope, vault) = load(&args.vault, threads, !args.no_suggest)?;
    let options = suggest::Options { git: !args.no_git, ..suggest::Options::default() };
    let report =
        vaultlint::check::check(&vault, scope.focus.as_ref(), (!args.no_suggest).then_some(&options));
    let text = match args.format {
        Format::Full => output::full::render(&report, &vault, style),
        Format::Concise => output::concise::render(&report, style),
        Format::Json => output::json::render(&report),
    };
    let failed = report.errors() > 0 || (args.strict && report.warnings() > 0);
    std::mem::forget(vault);
    Ok((text, if failed { FAILED } else { 0 }))
}

fn suggest(args: &SuggestArgs, threads: usize, style: Style) -> Result<(String, u8), String> {
    if let Some(notes) = &args.dismiss {
        return dismiss(args, notes, threads);
    }
    let (scope, vault) = load(&args.vault, threads, true)?;
    let options = suggest::Options { min_score: args.min_score, git: !args.no_git };
    let suggestions = suggest::find(&vault, &options);
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
    let text = match args.format {
        SuggestFormat::Full => output::suggest::full(&pairs, &vault, style),
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
fn dismiss(args: &SuggestArgs, notes: &[std::path::PathBuf], threads: usize) -> Result<(String, u8), String> {
    // Without a PATH, the vault is the one holding the two notes.
    let given = VaultArgs {
        paths: if args.vault.paths.is_empty() { notes.to_vec() } else { args.vault.paths.clone() },
        root: args.vault.root.clone(),
        exclude: args.vault.exclude.clone(),
    };
    let (scope, vault) = load(&given, threads, false)?;
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
    let added = suggest::dismissals::add(&scope.root, &paths[0], &paths[1])?;
    let verb = if added { "dismissed" } else { "already dismissed" };
    let (a, b) = (sanitize(&paths[0]), sanitize(&paths[1]));
    Ok((format!("{verb}: {a} and {b} (in {})\n", suggest::dismissals::FILE), 0))
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
