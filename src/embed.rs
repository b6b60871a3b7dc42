//! The command line as a function, for `main` and for a program that runs
//! vaultlint in its own process (the Python module): the whole command
//! line (`command_line`), or a subcommand's output as text
//! (`output`). Both go through the same parsing and the same `run/`
//! functions, so that what a program gets is byte for byte what the
//! command prints.

use crate::cli::{Cli, Color, Command};
use crate::output::Style;
use crate::run::{self, FATAL, Outcome};
use clap::Parser;
use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by `command_line`: the process ends after the run, so a large
/// result may be left for the exit to free (freeing a large vault note by
/// note takes a noticeable share of a run). A program that calls `output`
/// goes on, and frees it.
static PROCESS_ENDS: AtomicBool = AtomicBool::new(false);

/// Whether the process ends when the run does (see `PROCESS_ENDS`).
pub fn process_ends_after_run() -> bool {
    PROCESS_ENDS.load(Ordering::Relaxed)
}

/// Runs the command line `args` (the program's name first), writes its
/// output and errors as the binary does, and returns the exit status: 0
/// clean, 1 findings that fail the run, 2 a usage or fatal error.
pub fn command_line(args: impl IntoIterator<Item = OsString>) -> u8 {
    PROCESS_ENDS.store(true, Ordering::Relaxed);
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            // `--help` and `--version` come this way too, with status 0.
            let _ = error.print();
            return u8::try_from(error.exit_code()).unwrap_or(FATAL);
        }
    };
    let style = Style { color: use_color(cli.color), width: width() };
    match dispatch(&cli, style) {
        Ok((text, status)) => {
            let mut stdout = std::io::stdout().lock();
            match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("vaultlint: error: cannot write output: {e}");
                    FATAL
                }
                // A closed pipe (`| head`) ends the run quietly.
                _ => status,
            }
        }
        Err(error) => {
            // `graph` has always drawn a config's error plainly.
            let style = if matches!(cli.command, Command::Graph(_)) { Style::default() } else { style };
            let reason = run::message(error, style);
            // Reasons quote PATHs and file names: nothing in them reaches
            // the terminal as a control character.
            eprintln!("vaultlint: error: {}", vaultlint_core::text::sanitize_lines(&reason));
            FATAL
        }
    }
}

/// Why `output` gave no output: the message the command line prints
/// after `vaultlint: error: `.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The arguments do not parse (clap's message, without colour).
    Arguments(String),
    /// A usage or fatal error: a PATH that cannot be opened, a flag that
    /// does not go with another.
    Usage(String),
    /// A config file that cannot be read or is not valid.
    Config(String),
}

/// Runs the command line `args` (the program's name first) without a
/// terminal, and returns what it would print on standard output with its
/// exit status, or the error it would print instead. Warnings go to
/// standard error, as the command writes them.
pub fn output(args: impl IntoIterator<Item = OsString>) -> Result<(String, u8), Refused> {
    let cli = Cli::try_parse_from(args).map_err(|e| Refused::Arguments(e.render().to_string()))?;
    dispatch(&cli, Style::default()).map_err(|error| match error {
        vaultlint_workspace::settings::SettingsError::Usage(reason) => Refused::Usage(reason),
        config => Refused::Config(run::message(config, Style::default())),
    })
}

/// The subcommand's output and exit status, or the error that stopped it.
fn dispatch(cli: &Cli, style: Style) -> Outcome {
    if cli.threads > 0 {
        // Fails only if the pool exists already: a program that runs the
        // command line twice keeps the first run's pool.
        let _ = rayon::ThreadPoolBuilder::new().num_threads(cli.threads).build_global();
    }
    match &cli.command {
        Command::Check(args) => run::check::check(args, cli, style),
        Command::Suggest(args) => run::suggest::suggest(args, cli, style),
        Command::Lineage(args) => run::lineage::lineage(args, cli, style),
        Command::Graph(args) => run::lineage::graph(args, cli),
        Command::Rule(args) => run::rule(args),
        Command::Server => run::server(),
        Command::Clean(args) => run::clean(args, cli),
        Command::Generate { out } => crate::generate::write(out).map(|text| (text, 0)).map_err(Into::into),
    }
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

/// Width for graphical reports: `COLUMNS` when set, else the terminal's
/// when standard output is one, else 100.
fn width() -> usize {
    let columns = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok());
    let terminal = || {
        std::io::stdout()
            .is_terminal()
            .then(|| crossterm::terminal::size().ok())
            .flatten()
            .map(|(w, _)| w as usize)
    };
    columns.or_else(terminal).filter(|&w| w >= 40).unwrap_or(100)
}
