//! Shell completions and man pages, all generated from the clap
//! definitions by one function, so the committed files cannot drift from
//! the command line (a test compares them).

use crate::cli::Cli;
use clap::CommandFactory;
use clap_complete::Shell;
use clap_mangen::roff::{self, Roff, bold, roman};

/// The command line as users see it: without hidden subcommands (clap's
/// bash completion would offer them); without the `help` subcommand unless
/// `help` (it has no man page of its own).
fn public(help: bool) -> clap::Command {
    let full = Cli::command();
    let mut cmd = clap::Command::new(full.get_name().to_string())
        .version(env!("CARGO_PKG_VERSION"))
        .propagate_version(true)
        .subcommand_required(true)
        .arg_required_else_help(true)
        .disable_help_subcommand(!help);
    if let Some(about) = full.get_about() {
        cmd = cmd.about(about.clone());
    }
    if let Some(about) = full.get_long_about() {
        cmd = cmd.long_about(about.clone());
    }
    for arg in full.get_arguments() {
        cmd = cmd.arg(arg.clone());
    }
    for sub in full.get_subcommands().filter(|s| !s.is_hide_set()) {
        cmd = cmd.subcommand(sub.clone());
    }
    cmd
}

/// The book's rules index, whose table is generated.
pub const RULES_INDEX: &str = "docs/src/rules/index.md";
/// The book's table of contents, whose list of rule pages is generated.
pub const SUMMARY: &str = "docs/src/SUMMARY.md";

/// The lines around the rules index's table, which is generated.
pub const TABLE_START: &str =
    "<!-- The rules table is generated from the rule registry: `cargo run -- generate`. -->\n";
pub const TABLE_END: &str = "<!-- End of the rules table. -->\n";
/// The lines around the table of contents' rule pages, which are generated.
pub const PAGES_START: &str =
    "<!-- The rule pages are generated from the rule registry: `cargo run -- generate`. -->\n";
pub const PAGES_END: &str = "<!-- End of the rule pages. -->\n";

/// A generated part of a hand-written file: the file, from the repository
/// root, the marker lines around the part, and what goes between them.
pub struct Part {
    pub path: &'static str,
    pub start: &'static str,
    pub end: &'static str,
    pub body: String,
}

impl Part {
    /// `text` with this part generated again; `None` when it has no place
    /// for it.
    pub fn fill(&self, text: &str) -> Option<String> {
        let start = text.find(self.start)? + self.start.len();
        let end = start + text[start..].find(self.end)?;
        Some(format!("{}{}{}", &text[..start], self.body, &text[end..]))
    }
}

/// The generated parts of hand-written files: the rules index's table and
/// the table of contents' rule pages.
pub fn parts() -> Vec<Part> {
    let mut pages = String::new();
    for code in vaultlint_core::code::Code::ALL {
        pages.push_str(&format!("  - [{0}](rules/{0}.md)\n", code.name()));
    }
    vec![
        Part { path: RULES_INDEX, start: TABLE_START, end: TABLE_END, body: rules_table() },
        Part { path: SUMMARY, start: PAGES_START, end: PAGES_END, body: pages },
    ]
}

/// The rules index's table: each rule's code (a link to its page), default
/// severity, fix and summary, from the registry.
pub fn rules_table() -> String {
    let mut table = String::from("| code | severity | fix | what it catches |\n| --- | --- | --- | --- |\n");
    for code in vaultlint_core::code::Code::ALL {
        let summary = code.summary().replace('|', "\\|");
        let off = if code.on_by_default() { "" } else { " (off by default)" };
        let fix = code.fix_safety().map_or("", |(safety, _)| safety.as_str());
        table.push_str(&format!(
            "| [`{0}`]({0}.md) | {1}{off} | {fix} | {summary} |\n",
            code.name(),
            code.default_severity().as_str()
        ));
    }
    table
}

/// A rule's page in the book: what `vaultlint rule CODE` says, with its
/// severity, family and fix, and how to configure it.
pub fn rule_page(code: vaultlint_core::code::Code) -> String {
    let name = code.name();
    let severity = code.default_severity().as_str();
    let used = if code.on_by_default() {
        "on by default".to_string()
    } else {
        format!("off by default: `extend-select = [\"{name}\"]` turns it on")
    };
    let fix = match code.fix_safety() {
        Some((safety, why)) => format!("{}. {why}", safety.as_str()),
        None => "none: the finding says what to change, and a person changes it.".to_string(),
    };
    let family = code.family().name();
    format!(
        "<!-- Generated from the rule registry: `cargo run -- generate`. -->\n\
         # {name}\n\n\
         {summary}\n\n\
         - **Severity:** {severity}, {used}.\n\
         - **Family:** `{family}` (`--select {family}` selects the family's rules together).\n\
         - **Automatic fix:** {fix}\n\n\
         ## What it catches\n\n\
         {explanation}\n\n\
         ## Configuring it\n\n\
         A severity in the config's `[rules]` table, for the vault or for the notes under a \
         folder ([Configuration](../configuration.md)):\n\n\
         ```toml\n[rules]\n{name} = \"off\"   # or \"error\", \"warning\"\n```\n\n\
         For one run, `--ignore {name}`. A finding that is deliberate is silenced where it is, \
         by a suppression comment or key naming `{name}` ([Adopting vaultlint on an existing \
         vault](../adopting.md)). `vaultlint rule {name}` prints this page's explanation in the \
         terminal; [all the rules](index.md) are listed in one table.\n",
        summary = code.summary(),
        explanation = code.explanation(),
    )
}

/// Writes every generated file under `out`, and the generated parts of the
/// book's hand-written pages; says how many files.
pub fn write(out: &std::path::Path) -> Result<String, String> {
    for part in parts() {
        let file = out.join(part.path);
        if let Some(text) = std::fs::read_to_string(&file).ok().and_then(|t| part.fill(&t)) {
            std::fs::write(&file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        }
    }
    let files = files();
    for (path, bytes) in &files {
        let file = out.join(path);
        if let Some(folder) = file.parent() {
            std::fs::create_dir_all(folder)
                .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        }
        std::fs::write(&file, bytes).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    }
    Ok(format!("wrote {} files under {}\n", files.len(), out.display()))
}

/// Every generated file: its path from the repository root and its bytes.
pub fn files() -> Vec<(String, Vec<u8>)> {
    let mut cmd = public(false);
    cmd.build();
    let mut out = Vec::new();
    for (shell, name) in [
        (Shell::Bash, "vaultlint.bash"),
        (Shell::Zsh, "_vaultlint"),
        (Shell::Fish, "vaultlint.fish"),
        (Shell::Elvish, "vaultlint.elv"),
        (Shell::PowerShell, "_vaultlint.ps1"),
    ] {
        let mut bytes = Vec::new();
        clap_complete::generate(shell, &mut public(true), "vaultlint", &mut bytes);
        out.push((format!("completions/{name}"), bytes));
    }
    out.push(("vaultlint.schema.json".into(), vaultlint_workspace::config::json_schema().into_bytes()));
    for (name, text) in crate::output::contract::schemas() {
        out.push((format!("schemas/{name}"), text.into_bytes()));
    }
    for code in vaultlint_core::code::Code::ALL {
        out.push((format!("docs/src/rules/{}.md", code.name()), rule_page(*code).into_bytes()));
    }
    out.push(("man/vaultlint.1".into(), page(cmd.clone(), CHECK_STATUS, MAIN_EXAMPLES)));
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set() && s.get_name() != "help") {
        let name = format!("vaultlint-{}", sub.get_name());
        let (status, examples) = match sub.get_name() {
            "check" => (CHECK_STATUS, CHECK_EXAMPLES),
            "graph" => (GRAPH_STATUS, GRAPH_EXAMPLES),
            "rule" => (GRAPH_STATUS, RULE_EXAMPLES),
            "lineage" => (GRAPH_STATUS, LINEAGE_EXAMPLES),
            "server" => (SERVER_STATUS, SERVER_EXAMPLES),
            "clean" => (CLEAN_STATUS, CLEAN_EXAMPLES),
            _ => (SUGGEST_STATUS, SUGGEST_EXAMPLES),
        };
        let sub = sub.clone().name(name.clone()).bin_name(format!("vaultlint {}", sub.get_name()));
        out.push((format!("man/{name}.1"), page(sub, status, examples)));
    }
    out
}

const CHECK_STATUS: &[(&str, &str)] = &[
    ("0", "No errors (warnings allowed), or any findings under --exit-zero."),
    ("1", "Errors found, or warnings under --strict; with --baseline, new ones only."),
    ("2", "A usage error or a fatal one, with a one-line reason on standard error."),
];
const SUGGEST_STATUS: &[(&str, &str)] = &[
    ("0", "The pairs were listed, or every decision was written."),
    ("1", "With --apply or --yes: an edit could not be made (the note changed, or does not parse)."),
    ("2", "A usage error or a fatal one, such as --apply without a terminal."),
];
const SERVER_STATUS: &[(&str, &str)] = &[
    ("0", "The client shut the server down, then sent exit."),
    ("1", "The client sent exit without shutdown first, or closed the connection without exit."),
    (
        "2",
        "The connection failed: a message could not be read (one over 64 MiB is refused) or written; or no vault was found.",
    ),
];
const SERVER_EXAMPLES: &[(&str, &str)] = &[(
    "vaultlint server",
    "Started by an editor's language client in the vault's folder; it speaks LSP on stdin and stdout.",
)];
const CLEAN_STATUS: &[(&str, &str)] = &[
    ("0", "The cache was removed, or there was none."),
    (
        "2",
        "A file could not be removed, or the folder is not a vaultlint cache (a link, or a folder holding other \
         files and no CACHEDIR.TAG of vaultlint's): nothing in it was removed.",
    ),
];
const CLEAN_EXAMPLES: &[(&str, &str)] = &[
    ("vaultlint clean notes", "Remove the cache of the vault in the folder notes (notes/.vaultlint_cache)."),
    ("vaultlint check --no-cache notes", "Check without reading or writing the cache."),
    (
        "VAULTLINT_CACHE_DIR=~/.cache/vaultlint vaultlint check notes",
        "Keep the caches of every vault in one folder.",
    ),
];
const GRAPH_STATUS: &[(&str, &str)] = &[
    ("0", "The output was written."),
    ("2", "A usage error or a fatal one, with a one-line reason on standard error."),
];
const LINEAGE_EXAMPLES: &[(&str, &str)] = &[
    (
        "vaultlint lineage notes/hr/expenses.md",
        "The versions of one note, oldest first, and which is in force today.",
    ),
    (
        "vaultlint lineage notes/hr/expenses.md --as-of 2025-06-01",
        "Which version was in force on 1 June 2025.",
    ),
    (
        "vaultlint lineage --all --format json notes > lineage.json",
        "Every note's verdict, closure and standing, for an indexer.",
    ),
    (
        "vaultlint lineage --all --format jsonl --scope region=emea notes",
        "The map for one region, one note a line.",
    ),
    (
        "vaultlint lineage --all --format jsonl --since v2.3 notes",
        "The events that turn the map at the tag v2.3 into the map now.",
    ),
];
const RULE_EXAMPLES: &[(&str, &str)] = &[
    ("vaultlint rule missing-successor", "What the rule catches, why, an example, and how to fix it."),
    ("vaultlint rule --all", "Every rule's code, default severity and summary."),
    ("vaultlint rule --all --format json", "The same, with the explanations, as JSON."),
];
const GRAPH_EXAMPLES: &[(&str, &str)] = &[
    (
        "vaultlint graph notes | dot -Tsvg > supersession.svg",
        "Draw the vault's supersession graph with Graphviz.",
    ),
    ("vaultlint graph --format mermaid notes", "The same graph as a Mermaid flowchart for a README."),
];
const MAIN_EXAMPLES: &[(&str, &str)] = &[
    ("vaultlint check notes", "Check the vault in the folder notes."),
    ("vaultlint suggest notes", "List notes that look like unmarked versions of one another."),
    ("vaultlint suggest --apply notes", "Settle those pairs one key at a time."),
];
const CHECK_EXAMPLES: &[(&str, &str)] = &[
    ("vaultlint check notes", "Check every declaration in the vault, with suspected versions."),
    (
        "vaultlint check --strict --format concise .",
        "Fail on warnings too, one line per finding (a CI gate).",
    ),
    (
        "vaultlint check --root notes notes/hr/expenses.md",
        "Report only on one note, checked against the whole vault.",
    ),
    ("vaultlint check --no-suggest --format json notes", "Declarations only, as JSON."),
    (
        "vaultlint check notes --write-baseline vaultlint-baseline.json",
        "Accept today's findings; later runs with --baseline report only new ones.",
    ),
    (
        "vaultlint check notes --format sarif -o vaultlint.sarif --exit-zero",
        "A report for code scanning that does not fail the CI step.",
    ),
    (
        "vaultlint check --diff notes",
        "Show how --fix would point links to retired notes at the current ones.",
    ),
    ("vaultlint check --as-of 2027-01-01 notes", "Check the vault as it will stand on 1 January 2027."),
];
const SUGGEST_EXAMPLES: &[(&str, &str)] = &[
    ("vaultlint suggest notes", "The suspected version pairs, best first, with the evidence."),
    ("vaultlint suggest --format json --min-score 0.7 notes", "The surer pairs, as JSON."),
    ("vaultlint suggest --apply notes", "Review the pairs in the terminal and write each decision."),
    ("vaultlint suggest --dry-run notes", "Show the edits --yes would make, as unified diffs."),
    ("vaultlint suggest --dismiss notes/a/overview.md notes/b/overview.md", "Never suggest that pair again."),
];

/// A man page: clap's sections, then EXIT STATUS and EXAMPLES, then the version.
fn page(cmd: clap::Command, status: &[(&str, &str)], examples: &[(&str, &str)]) -> Vec<u8> {
    let man = clap_mangen::Man::new(cmd.clone());
    let mut bytes = Vec::new();
    man.render_title(&mut bytes).expect("writing to memory");
    man.render_name_section(&mut bytes).expect("writing to memory");
    man.render_synopsis_section(&mut bytes).expect("writing to memory");
    man.render_description_section(&mut bytes).expect("writing to memory");
    man.render_options_section(&mut bytes).expect("writing to memory");
    if cmd.get_subcommands().any(|s| !s.is_hide_set() && s.get_name() != "help") {
        man.render_subcommands_section(&mut bytes).expect("writing to memory");
    }
    let mut roff = Roff::default();
    roff.control("SH", ["EXIT STATUS"]);
    for (code, meaning) in status {
        roff.control("TP", []).text([bold(*code)]).text([roman(*meaning)]);
    }
    roff.control("SH", ["EXAMPLES"]);
    for (command, what) in examples {
        roff.control("TP", []).text([bold(*command)]).text([roman(*what)]);
    }
    roff.control("SH", ["SEE ALSO"]);
    let pages = [
        "vaultlint",
        "vaultlint-check",
        "vaultlint-suggest",
        "vaultlint-lineage",
        "vaultlint-graph",
        "vaultlint-rule",
    ];
    let mut see: Vec<roff::Inline> = Vec::new();
    for page in pages.iter().filter(|p| **p != cmd.get_name()) {
        if !see.is_empty() {
            see.push(roman(", "));
        }
        see.push(bold(*page));
        see.push(roman("(1)"));
    }
    see.push(roman(". The book in the repository's docs folder (mdbook build docs) documents the rules, the JSON schemas and the dismissal file."));
    roff.text(see);
    roff.to_writer(&mut bytes).expect("writing to memory");
    if cmd.get_version().is_some() {
        man.render_version_section(&mut bytes).expect("writing to memory");
    }
    bytes
}
