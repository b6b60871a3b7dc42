//! The `vaultlint` binary: parses the command line, runs the subcommand
//! (see `vaultlint::run`), writes its output and maps the result to an
//! exit status: 0 clean, 1 findings that fail the run, 2 a usage or fatal
//! error.

use clap::Parser;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use vaultlint::cli::{Cli, Color, Command};
use vaultlint::output::Style;
use vaultlint::run::{self, FATAL};

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
        Command::Check(args) => run::check::check(args, &cli, style),
        Command::Suggest(args) => run::suggest::suggest(args, &cli, style),
        Command::Lineage(args) => run::lineage::lineage(args, &cli, style),
        Command::Graph(args) => run::lineage::graph(args, &cli),
        Command::Rule(args) => run::rule(args),
        Command::Server => run::server(),
        Command::Clean(args) => run::clean(args, &cli),
        Command::Generate { out } => {
            vaultlint::generate::write(out).map(|text| (text, 0)).map_err(Into::into)
        }
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
        Err(error) => {
            // `graph` has always drawn a config's error plainly.
            let style = if matches!(cli.command, Command::Graph(_)) { Style::default() } else { style };
            let reason = run::message(error, style);
            // Reasons quote PATHs and file names: nothing in them reaches
            // the terminal as a control character.
            eprintln!("vaultlint: error: {}", vaultlint_core::text::sanitize_lines(&reason));
            ExitCode::from(FATAL)
        }
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
        use std::io::IsTerminal;
        std::io::stdout()
            .is_terminal()
            .then(|| crossterm::terminal::size().ok())
            .flatten()
            .map(|(w, _)| w as usize)
    };
    columns.or_else(terminal).filter(|&w| w >= 40).unwrap_or(100)
}
