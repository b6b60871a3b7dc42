use clap::Parser;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use vaultlint::cli::{CheckArgs, Cli, Color, Command, Format};
use vaultlint::output::{self, Style};
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

fn check(args: &CheckArgs, threads: usize, style: Style) -> Result<(String, u8), String> {
    let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    let scope = vaultlint::root::scope(&args.paths, args.root.as_deref(), &cwd)?;
    let options = WalkOptions { exclude: args.exclude.clone(), threads };
    let vault = Vault::load(&scope.root, &options).map_err(|e| e.0)?;
    let report = vaultlint::check::check(&vault, scope.focus.as_ref());
    let text = match args.format {
        Format::Full => output::full::render(&report, &vault, style),
        Format::Concise => output::concise::render(&report, style),
        Format::Json => output::json::render(&report),
    };
    let failed = report.errors() > 0 || (args.strict && report.warnings() > 0);
    Ok((text, if failed { FAILED } else { 0 }))
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
