//! The command line, as clap definitions. Kept in the library so that the
//! completions and man pages are generated from the same source.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use vaultlint_core::code::Selector;
use vaultlint_core::date::Day;
use vaultlint_syntax::link::LinkStyle;

/// The command line: the subcommand and the options every subcommand takes.
#[derive(Debug, Parser)]
#[command(
    name = "vaultlint",
    version,
    propagate_version = true,
    about = "Keep a Markdown vault honest about which notes are current",
    long_about = "vaultlint validates `superseded_by` and `supersedes` declarations, statuses and \
                  effective dates in the YAML frontmatter of Markdown notes, so that search and \
                  retrieval tools that honour them leave retired notes out without losing the \
                  current ones, and says which version of a note was in force on any day.",
    after_long_help = "Exit status: 0 when the run is clean; 1 when findings fail it (errors, or \
                       warnings too with --strict; `check` reports a file it could not read as an \
                       error); 2 on a usage or fatal error, and from the other commands when a \
                       file could not be read: every other note is still printed, and the 2 says \
                       that the output is not whole."
)]
pub struct Cli {
    /// When to use colour: auto (a terminal, and NO_COLOR unset), always or never
    #[arg(long, value_enum, default_value_t = Color::Auto, global = true)]
    pub color: Color,

    /// Worker threads for walking and parsing (0: one per core)
    #[arg(short = 'j', long, default_value_t = 0, global = true, value_name = "N")]
    pub threads: usize,

    /// Use this config file instead of looking for vaultlint.toml
    #[arg(long, value_name = "FILE", global = true, conflicts_with = "isolated")]
    pub config: Option<PathBuf>,

    /// Ignore every config file
    #[arg(long, global = true)]
    pub isolated: bool,

    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate supersession declarations, statuses, dates and links to retired notes
    Check(CheckArgs),
    /// Rank pairs of notes that look like two versions of one document
    Suggest(SuggestArgs),
    /// Show a note's versions, oldest to newest, and which one is in force
    #[command(override_usage = "vaultlint lineage [OPTIONS] <NOTE>...\n       \
                                vaultlint lineage --all [--format json|jsonl|ignore] [OPTIONS] [PATH]...")]
    Lineage(LineageArgs),
    /// Draw the supersession graph, current notes and broken declarations marked
    Graph(GraphArgs),
    /// Explain a rule: what it catches, why it matters, an example, and how to fix it
    Rule(RuleArgs),
    /// Run as a language server over stdio, for editors
    Server,
    /// Remove the cache of warm runs
    Clean(CleanArgs),
    /// Write the shell completions and man pages (for packagers)
    #[command(hide = true)]
    Generate {
        /// The folder to write `completions/` and `man/` into
        #[arg(long, value_name = "DIR", default_value = ".")]
        out: PathBuf,
    },
}

/// `vaultlint clean`: which vault's cache to remove.
#[derive(Debug, Args)]
pub struct CleanArgs {
    #[command(flatten)]
    pub vault: VaultArgs,
}

/// Which vault, and which of its notes.
#[derive(Debug, Args)]
pub struct VaultArgs {
    /// A vault folder, or notes inside one (default: the current folder)
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// The vault root, when PATH names notes or subfolders
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,

    /// Leave out paths matching this glob (relative to the vault root); repeatable
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,

    #[command(flatten)]
    pub cache: CacheArgs,
}

/// Where the cache of warm runs is, if anywhere.
#[derive(Debug, Args)]
pub struct CacheArgs {
    /// Read every note afresh, and neither read nor write the cache
    #[arg(long)]
    pub no_cache: bool,

    /// Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)
    #[arg(long, value_name = "DIR", env = "VAULTLINT_CACHE_DIR")]
    pub cache_dir: Option<PathBuf>,
}

/// `vaultlint check`: the vault, the output, the rules and what to fix.
#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub vault: VaultArgs,

    /// Output format
    #[arg(long, visible_alias = "output-format", value_enum, default_value_t = Format::Full)]
    pub format: Format,

    /// Exit with status 1 on warnings too
    #[arg(long)]
    pub strict: bool,

    /// Print the number of findings per code instead of the findings (with
    /// --format full, concise or json)
    #[arg(long)]
    pub statistics: bool,

    /// Print the findings only, without the summary line
    #[arg(short, long)]
    pub quiet: bool,

    /// In the default format, show every finding: past 50, each code
    /// shows its first 10 and counts the rest
    #[arg(long)]
    pub show_all: bool,

    /// Skip the similarity pass (no suspected-version findings)
    #[arg(long)]
    pub no_suggest: bool,

    /// Do not read the git history to tell which version is older
    #[arg(long)]
    pub no_git: bool,

    /// Judge dates as of this day, YYYY-MM-DD (default: today)
    #[arg(long, value_name = "DATE", value_parser = day)]
    pub as_of: Option<Day>,

    /// Make the safe fixes (links to retired notes pointed at the current
    /// version, declarations in the form read), then report what is left
    #[arg(long, conflicts_with = "diff")]
    pub fix: bool,

    /// Print the edits --fix would make as unified diffs; write nothing
    #[arg(long, conflicts_with_all = ["statistics", "format"])]
    pub diff: bool,

    /// With --fix or --diff, make the unsafe fixes too (a link in a daily
    /// note or a release copy, a declaration pointed past a version); the
    /// counts and JSON output include them
    #[arg(long)]
    pub unsafe_fixes: bool,

    /// List each fix --fix made, or would make, with its line and code
    #[arg(long, conflicts_with_all = ["diff", "statistics"])]
    pub show_fixes: bool,

    /// Use only these rules: codes or families (declarations, lifecycle,
    /// links, versions, files, suppressions), comma-separated, or `all`;
    /// beats `select` in the config
    #[arg(long, value_name = "RULES", value_delimiter = ',', value_parser = selector)]
    pub select: Option<Vec<Selector>>,

    /// Use these rules as well as those selected
    #[arg(long, value_name = "RULES", value_delimiter = ',', value_parser = selector)]
    pub extend_select: Vec<Selector>,

    /// Do not use these rules
    #[arg(long, value_name = "RULES", value_delimiter = ',', value_parser = selector)]
    pub ignore: Vec<Selector>,

    /// Exit 0 even when findings fail the run (a usage or fatal error still
    /// exits 2)
    #[arg(long)]
    pub exit_zero: bool,

    /// Write the output to FILE instead of standard output
    #[arg(short, long, value_name = "FILE")]
    pub output_file: Option<PathBuf>,

    /// Report only the findings FILE does not hold, and list its entries
    /// that no longer match
    #[arg(long, value_name = "FILE", conflicts_with = "diff")]
    pub baseline: Option<PathBuf>,

    /// Record the findings in FILE for --baseline; with --baseline, keep
    /// only the entries still found
    #[arg(long, value_name = "FILE", conflicts_with_all = ["diff", "fix"])]
    pub write_baseline: Option<PathBuf>,

    /// With `-` as the PATH: check the text on standard input as the note
    /// at PATH, against the rest of the vault on disk (for editors). With
    /// --fix, print the fixed text; write nothing
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,
}

fn selector(text: &str) -> Result<Selector, String> {
    Selector::parse(text).ok_or_else(|| Selector::unknown(text.trim()))
}

fn day(text: &str) -> Result<Day, String> {
    vaultlint_core::date::parse_day(text)
        .ok_or_else(|| "a date is written YYYY-MM-DD, e.g. 2026-01-15".into())
}

/// `vaultlint lineage`: the notes or the whole map, the day and the format.
#[derive(Debug, Args)]
pub struct LineageArgs {
    /// Notes whose versions to show, by path or by name or alias as a
    /// wikilink finds them ("Project plan"); with --all, the vault folder
    /// (default: the current folder) or the notes to list
    #[arg(value_name = "NOTE", required_unless_present = "all")]
    pub paths: Vec<PathBuf>,

    /// Every note: whether it is in force and what to read instead (use
    /// with --format json)
    #[arg(long)]
    pub all: bool,

    /// The vault root, when NOTE is inside a vault that has no marker
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,

    /// Leave out paths matching this glob (relative to the vault root); repeatable
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,

    #[command(flatten)]
    pub cache: CacheArgs,

    /// Output format [default: full for notes, json with --all]
    #[arg(long, visible_alias = "output-format", value_enum)]
    pub format: Option<LineageFormat>,

    /// Say which note is in force on this day, YYYY-MM-DD (default: today)
    #[arg(long, value_name = "DATE", value_parser = day)]
    pub as_of: Option<Day>,

    /// With --all: the map for one scope, e.g. region=emea (repeatable,
    /// one value per key)
    #[arg(long, value_name = "KEY=VALUE", requires = "all")]
    pub scope: Vec<String>,

    /// With --all: count two notes in force that look like versions of one
    /// another, with neither declared, as a conflict (runs the similarity pass)
    #[arg(long, requires = "all")]
    pub verdict_suspected: bool,

    /// With --all, in a git work tree: print the changes since the commit
    /// REF, one event per note (added, retired, reinstated, corrected,
    /// moved, removed), instead of the map
    #[arg(long, value_name = "REF", requires = "all")]
    pub since: Option<String>,
}

/// `vaultlint rule`: which rule to explain, or all of them.
#[derive(Debug, Args)]
pub struct RuleArgs {
    /// The rule's code, e.g. missing-successor
    #[arg(value_name = "CODE", required_unless_present = "all", conflicts_with = "all")]
    pub code: Option<String>,

    /// List every rule with its one-line summary
    #[arg(long)]
    pub all: bool,

    /// Output format
    #[arg(long, visible_alias = "output-format", value_enum, default_value_t = RuleFormat::Full)]
    pub format: RuleFormat,
}

/// `vaultlint graph`: the vault, the day and the drawing's format.
#[derive(Debug, Args)]
pub struct GraphArgs {
    #[command(flatten)]
    pub vault: VaultArgs,

    /// Output format
    #[arg(long, visible_alias = "output-format", value_enum, default_value_t = GraphFormat::Dot)]
    pub format: GraphFormat,

    /// Mark the notes in force on this day, YYYY-MM-DD (default: today)
    #[arg(long, value_name = "DATE", value_parser = day)]
    pub as_of: Option<Day>,
}

/// The formats of `graph`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GraphFormat {
    /// Graphviz DOT (`vaultlint graph | dot -Tsvg > graph.svg`)
    Dot,
    /// A Mermaid flowchart, for a README or a review
    Mermaid,
}

/// `vaultlint suggest`: the vault, the threshold, and whether to list, dismiss or settle pairs.
#[derive(Debug, Args)]
pub struct SuggestArgs {
    #[command(flatten)]
    pub vault: VaultArgs,

    /// Output format
    #[arg(long, visible_alias = "output-format", value_enum, default_value_t = SuggestFormat::Full)]
    pub format: SuggestFormat,

    /// Leave out pairs scoring below this, 0 to 1 (default: 0.5); 0 also
    /// lists, each with its reason, the pairs any other value leaves out:
    /// joined by text alone with nothing to order them, kept up together,
    /// one text filed in two folders, two variants of one name
    #[arg(long, value_name = "X", value_parser = score)]
    pub min_score: Option<f64>,

    /// Show at most this many pairs (1 or more)
    #[arg(long, value_name = "N", value_parser = positive)]
    pub limit: Option<usize>,

    /// Do not read the git history to tell which version is older
    #[arg(long)]
    pub no_git: bool,

    /// Print the pairs only, without the summary line
    #[arg(short, long)]
    pub quiet: bool,

    /// Record that notes A and B are not versions of one another, so they
    /// are never suggested again
    #[arg(long, num_args = 2, value_names = ["A", "B"], conflicts_with_all = ["apply", "yes", "dry_run"])]
    pub dismiss: Option<Vec<PathBuf>>,

    /// Review the pairs one at a time in the terminal and write each decision
    #[arg(long, conflicts_with = "yes")]
    pub apply: bool,

    /// Apply every pair whose direction is confident and whose score is at
    /// least --min-score, without asking, and print what changed
    #[arg(long, conflicts_with = "dry_run")]
    pub yes: bool,

    /// Print the unified diff of every edit --yes would make; write nothing
    #[arg(long)]
    pub dry_run: bool,

    /// How a written successor names its note (default: the vault's own
    /// convention, else path)
    #[arg(long, value_enum, value_name = "STYLE")]
    pub link_style: Option<LinkStyleArg>,
}

fn positive(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err("a whole number, 1 or more".into()),
    }
}

fn score(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err("a score is a number from 0 to 1".into()),
    }
}

/// The formats of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Graphical reports with the frontmatter snippet, then a summary
    Full,
    /// One line per finding: path:line:col: severity[code] message
    Concise,
    /// One JSON object (schema in the book: docs/)
    Json,
    /// GitHub Actions workflow commands, shown as annotations
    Github,
    /// SARIF 2.1.0, for GitHub code scanning and other dashboards
    Sarif,
}

/// The formats of `suggest`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SuggestFormat {
    /// Each pair with its evidence and the lines that differ
    Full,
    /// One JSON object (schema in the book: docs/)
    Json,
}

/// The formats of `lineage`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LineageFormat {
    /// A numbered table of each note's versions, oldest first
    Full,
    /// One JSON object (schema in the book: docs/)
    Json,
    /// With --all: one JSON object a line, a note each, to stream
    Jsonl,
    /// With --all: the notes out of force as an ignore file (gitignore
    /// syntax), for tools that skip what such a file lists
    Ignore,
}

/// The formats of `rule`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RuleFormat {
    /// The rule's explanation as text
    Full,
    /// One JSON object
    Json,
}

/// When to colour the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

/// `--link-style`: the command line's spelling of [`LinkStyle`], which the
/// library crates define without knowing of clap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LinkStyleArg {
    /// The path from the vault root, with `.md`
    Path,
    /// A quoted wikilink, with its folder where the bare name is ambiguous
    Wikilink,
    /// A quoted wikilink with the note's path from the vault root
    WikilinkPath,
}

impl From<LinkStyleArg> for LinkStyle {
    fn from(arg: LinkStyleArg) -> LinkStyle {
        match arg {
            LinkStyleArg::Path => LinkStyle::Path,
            LinkStyleArg::Wikilink => LinkStyle::Wikilink,
            LinkStyleArg::WikilinkPath => LinkStyle::WikilinkPath,
        }
    }
}
