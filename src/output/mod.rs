//! One small renderer per output format, each over the same report.

pub mod concise;
pub mod contract;
pub mod full;
pub mod github;
pub mod graph;
pub mod json;
pub mod lineage;
pub mod rule;
pub mod sarif;
pub mod suggest;

use vaultlint_core::text::plural;
use vaultlint_workspace::commands::check::Report;

/// How human output is drawn: with colour or not, and how wide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Use colour (ANSI escapes).
    pub color: bool,
    /// Width to wrap graphical reports at.
    pub width: usize,
}

impl Default for Style {
    fn default() -> Self {
        Style { color: false, width: 100 }
    }
}

/// The handler that draws graphical reports at `style`'s width. Lines are
/// broken only at spaces outside code spans, never inside a word: a path,
/// a command in backticks or a hint's config line is pasted whole.
pub fn report_handler(theme: miette::GraphicalTheme, style: Style) -> miette::GraphicalReportHandler {
    miette::GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false)
        .with_break_words(false)
        .with_word_splitter(textwrap::WordSplitter::NoHyphenation)
        .with_word_separator(textwrap::WordSeparator::Custom(words_outside_code))
}

/// Splits a line into words at spaces outside backticks, each word with
/// the spaces after it. A line indented as a block of code (a config
/// table to paste) is one word: split, it would no longer paste.
fn words_outside_code(line: &str) -> Box<dyn Iterator<Item = textwrap::core::Word<'_>> + '_> {
    if line.starts_with("    ") {
        return Box::new(std::iter::once(textwrap::core::Word::from(line)));
    }
    let mut words = Vec::new();
    let (mut start, mut in_code, mut after_space) = (0, false, false);
    for (at, c) in line.char_indices() {
        if c == ' ' && !in_code {
            after_space = true;
            continue;
        }
        if after_space {
            words.push(textwrap::core::Word::from(&line[start..at]));
            start = at;
            after_space = false;
        }
        if c == '`' {
            in_code = !in_code;
        }
    }
    if start < line.len() {
        words.push(textwrap::core::Word::from(&line[start..]));
    }
    Box::new(words.into_iter())
}

/// A config file's problem, drawn with its snippet (without colour: it
/// goes to standard error, where every control character is escaped),
/// every text from the file made safe for a terminal first.
pub fn config_error(error: &vaultlint_workspace::config::ConfigError, style: Style) -> String {
    use miette::GraphicalTheme;
    use vaultlint_core::text::{sanitize, sanitize_source};
    let handler = report_handler(GraphicalTheme::unicode_nocolor(), style);
    let safe = vaultlint_workspace::config::ConfigError {
        file: error.file.clone(),
        text: sanitize_source(&error.text).into_owned(),
        span: error.span.clone(),
        message: sanitize(&error.message).into_owned(),
        help: error.help.as_deref().map(|h| sanitize(h).into_owned()),
    };
    let mut report = String::new();
    let _ = handler.render_report(&mut report, &ConfigReport(&safe));
    format!("invalid config file {}\n\n{}", sanitize(&error.file.display().to_string()), report.trim_end())
}

/// A config file's problem as miette draws it: the library crates describe
/// it as data and know nothing of miette.
#[derive(Debug)]
struct ConfigReport<'e>(&'e vaultlint_workspace::config::ConfigError);

impl std::fmt::Display for ConfigReport<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for ConfigReport<'_> {}

impl miette::Diagnostic for ConfigReport<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new("invalid-config"))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.0.help.as_ref().map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.0.span.as_ref().map(|_| &self.0.text as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let span = self.0.span.clone()?;
        let label = miette::LabeledSpan::new(Some("here".into()), span.start, (span.end - span.start).max(1));
        Some(Box::new(std::iter::once(label)))
    }
}

/// How findings name files: by the path that opens from the folder the
/// run started in (as ruff and rustc do), or the absolute path where the
/// file is outside it. GitHub annotations and SARIF read them the same way,
/// relative to the repository the run starts in.
#[derive(Debug, Clone)]
pub struct Paths {
    root: std::path::PathBuf,
    cwd: Option<std::path::PathBuf>,
}

impl Paths {
    /// Paths of the vault at `root`, shown from the current folder.
    pub fn from_current_folder(root: &std::path::Path) -> Paths {
        let cwd = std::env::current_dir().ok().and_then(|c| c.canonicalize().ok());
        Paths { root: root.to_path_buf(), cwd }
    }

    /// The vault root as it is shown: `.` when it is the current folder,
    /// else relative to it where one holds the other, else in full.
    pub fn root_shown(&self) -> String {
        let Some(cwd) = self.cwd.as_deref() else { return self.root.to_string_lossy().into_owned() };
        if let Ok(rel) = self.root.strip_prefix(cwd) {
            let rel = vaultlint_core::paths::relative(std::path::Path::new(""), rel);
            return if rel.is_empty() { ".".into() } else { rel };
        }
        match cwd.strip_prefix(&self.root) {
            Ok(rel) => vec![".."; rel.components().count()].join("/"),
            Err(_) => self.root.to_string_lossy().into_owned(),
        }
    }

    /// The vault-relative `path` as it is shown; the current folder itself
    /// (a finding on a folder, run from inside it) is `.`.
    pub fn show(&self, path: &str) -> String {
        let full = self.root.join(path);
        match self.cwd.as_deref().and_then(|cwd| full.strip_prefix(cwd).ok()) {
            Some(rel) if rel.as_os_str().is_empty() => ".".to_string(),
            Some(rel) => vaultlint_core::paths::relative(std::path::Path::new(""), rel),
            None => full.to_string_lossy().into_owned(),
        }
    }

    /// The vault-relative `path` as it is shown where it begins a line
    /// (after spaces, perhaps): one that would begin with `::` is shown
    /// as `./::...`, the same file, so that a CI log never takes the line
    /// for a GitHub workflow command (`::warning ...::`, `::add-mask::`).
    pub fn show_at_line_start(&self, path: &str) -> String {
        let shown = self.show(path);
        if shown.starts_with("::") { format!("./{shown}") } else { shown }
    }
}

/// The human formats show at most this many findings of one code in one
/// note; the rest are counted in one line (JSON, SARIF and GitHub list every
/// one). A note with a link on every line of a megabyte stays readable.
pub const MAX_SHOWN_PER_NOTE: usize = 200;

/// The findings the human formats show, in order, each with how many more
/// of its code in its note are left out after it (0 for most).
pub fn shown(report: &Report) -> Vec<(&vaultlint_core::diagnostic::Diagnostic, usize)> {
    let mut count: std::collections::HashMap<(&str, vaultlint_core::code::Code), usize> =
        std::collections::HashMap::new();
    for d in &report.diagnostics {
        *count.entry((d.path.as_str(), d.code)).or_default() += 1;
    }
    let mut seen: std::collections::HashMap<(&str, vaultlint_core::code::Code), usize> =
        std::collections::HashMap::new();
    let mut out = Vec::new();
    for d in &report.diagnostics {
        let key = (d.path.as_str(), d.code);
        let n = seen.entry(key).or_default();
        *n += 1;
        match *n {
            n if n < MAX_SHOWN_PER_NOTE => out.push((d, 0)),
            n if n == MAX_SHOWN_PER_NOTE => out.push((d, count[&key] - MAX_SHOWN_PER_NOTE)),
            _ => {}
        }
    }
    out
}

/// Past this many findings, the default format groups them by code and
/// shows each code's first [`SHOWN_PER_CODE`]: a first run on a large
/// vault fits in a few screens, and `--show-all`, `--format concise` or
/// `--statistics` give the rest.
pub const MANY_FINDINGS: usize = 50;
/// How many findings of one code the grouped output shows.
pub const SHOWN_PER_CODE: usize = 10;

/// The findings the default format shows, as [`shown`] gives them, grouped
/// by code (errors' codes first, then the codes with most findings) and
/// each code cut to its first [`SHOWN_PER_CODE`] when there are more than
/// [`MANY_FINDINGS`] in all, unless `all`. Each group is given with how
/// many of its code's findings it leaves out.
pub fn grouped(
    report: &Report,
    all: bool,
) -> Vec<(Vec<(&vaultlint_core::diagnostic::Diagnostic, usize)>, usize)> {
    let shown = shown(report);
    if all || report.diagnostics.len() <= MANY_FINDINGS {
        return vec![(shown, 0)];
    }
    let errors: std::collections::HashSet<_> = (report.diagnostics.iter())
        .filter(|d| d.severity == vaultlint_core::diagnostic::Severity::Error)
        .map(|d| d.code)
        .collect();
    let mut codes = counts(report);
    // Stable: codes of equal standing keep counts' order.
    codes.sort_by_key(|(code, _)| !errors.contains(code));
    codes
        .into_iter()
        .map(|(code, total)| {
            let group: Vec<_> =
                shown.iter().filter(|(d, _)| d.code == code).take(SHOWN_PER_CODE).copied().collect();
            let listed = group.iter().map(|(_, more)| 1 + more).sum::<usize>();
            (group, total - listed)
        })
        .collect()
}

/// The line that closes a group of one code's findings cut short.
pub fn more_of_code(code: vaultlint_core::code::Code, left: usize) -> String {
    format!(
        "... and {} more `{code}` {} (the first {SHOWN_PER_CODE} of each code are shown; `--show-all` shows every finding, `--format concise` one a line)\n",
        vaultlint_core::text::thousands(left),
        if left == 1 { "finding" } else { "findings" },
    )
}

/// The line that counts what a note's findings of one code left out.
pub fn more_line(d: &vaultlint_core::diagnostic::Diagnostic, more: usize, paths: &Paths) -> String {
    format!(
        "{}: ... and {} more `{}` findings in this note (the first {MAX_SHOWN_PER_NOTE} are shown; `--format json` lists every one)\n",
        vaultlint_core::text::sanitize(&paths.show_at_line_start(&d.path)),
        vaultlint_core::text::thousands(more),
        d.code
    )
}

/// `checked 1,204 notes: 3 errors, 5 warnings`; for part of a vault,
/// `checked 12 of 1,204 notes (vault root ..): ...`, naming the root the
/// run found (which may be above the folder given) unless it is the
/// current folder.
pub fn summary(report: &Report, style: Style, paths: &Paths) -> String {
    use owo_colors::OwoColorize;
    let errors = plural(report.errors(), "error");
    let warnings = plural(report.warnings(), "warning");
    let (errors, warnings) = if style.color {
        (
            if report.errors() > 0 { errors.red().bold().to_string() } else { errors },
            if report.warnings() > 0 { warnings.yellow().bold().to_string() } else { warnings },
        )
    } else {
        (errors, warnings)
    };
    let checked = match report.checked() == report.notes {
        true => plural(report.notes, "note"),
        false => {
            // The root is named where it is not the current folder.
            let root = paths.root_shown();
            let root = match root.as_str() {
                "." => String::new(),
                _ => format!(" (vault root {})", vaultlint_core::text::sanitize(&root)),
            };
            format!(
                "{} of {}{root}",
                vaultlint_core::text::thousands(report.checked()),
                plural(report.notes, "note")
            )
        }
    };
    // What a baseline held back is said, so a clean run is not mistaken
    // for a clean vault.
    let hidden = match report.baseline.as_ref().map(|b| b.unchanged.len()) {
        Some(n) if n > 0 => format!(" ({} in the baseline not shown)", plural(n, "finding")),
        _ => String::new(),
    };
    format!("checked {checked}: {errors}, {warnings}{hidden}\n")
}

/// The line after the summary that says how many findings `--fix` would
/// fix, and how many more `--unsafe-fixes` would; empty when none.
pub fn fixable(report: &Report, unsafe_fixes: bool) -> String {
    let count = |unsafe_too: bool| report.diagnostics.iter().filter(|d| d.fixable(unsafe_too)).count();
    let (safe, all) = (count(false), count(true));
    match (unsafe_fixes, safe, all - safe) {
        (true, _, _) if all > 0 => format!("{all} fixable with `--fix --unsafe-fixes`\n"),
        (false, 0, 0) | (true, _, _) => String::new(),
        (false, 0, more) => format!("{more} fixable with `--fix --unsafe-fixes`\n"),
        (false, safe, 0) => format!("{safe} fixable with `--fix`\n"),
        (false, safe, more) => format!("{safe} fixable with `--fix` ({more} more with `--unsafe-fixes`)\n"),
    }
}

/// `--show-fixes`: each fix, one a line, with the place and code of its
/// finding, under `heading`; empty when there is none.
pub fn fix_list<'d>(
    heading: &str,
    findings: impl IntoIterator<Item = &'d vaultlint_core::diagnostic::Diagnostic>,
    paths: &Paths,
) -> String {
    let mut lines = String::new();
    let mut count = 0;
    for d in findings {
        let Some(fix) = &d.fix else { continue };
        let place = match d.position {
            Some(at) => format!("{}:{}:{}", paths.show_at_line_start(&d.path), at.line(), at.column()),
            None => paths.show_at_line_start(&d.path),
        };
        let unsafe_mark = if fix.is_safe() { "" } else { " (unsafe)" };
        // An edit may span lines (a declaration added): shown on one.
        let one_line = |text: &str| text.trim_end().replace('\n', "\\n");
        let line = format!(
            "  {place}: {}{unsafe_mark}: `{}` -> `{}`",
            d.code,
            one_line(&fix.edit.original),
            one_line(&fix.edit.replacement)
        );
        lines.push_str(&vaultlint_core::text::sanitize(&line));
        lines.push('\n');
        count += 1;
    }
    if count == 0 {
        return String::new();
    }
    format!("{heading} {}:\n{lines}", plural(count, "finding"))
}

/// With `--baseline`: its entries that no finding matches now, so the
/// file can be shrunk, each saying whether its note is gone.
pub fn baseline_gone(report: &Report, paths: &Paths) -> String {
    let Some(held) = &report.baseline else { return String::new() };
    if held.gone.is_empty() {
        return String::new();
    }
    let count: usize = held.gone.iter().map(|g| g.entry.count).sum();
    let mut out = format!(
        "{} of the baseline no longer found (rewrite it with --baseline FILE --write-baseline FILE):\n",
        plural(count, "finding")
    );
    for gone in &held.gone {
        let e = &gone.entry;
        let times = if e.count > 1 { format!(" ({} times)", e.count) } else { String::new() };
        let why = if gone.note_gone { "no note at this path now: renamed or deleted" } else { "fixed" };
        let line =
            format!("  {}: {}{times}: {why} (`{}`)", paths.show_at_line_start(&e.path), e.code, e.text);
        out.push_str(&vaultlint_core::text::sanitize(&line));
        out.push('\n');
    }
    out
}

/// The slices `--statistics` adds after the counts per code, name and count.
pub fn slices(report: &Report) -> [(&'static str, usize); 13] {
    use vaultlint_core::code::Code::*;
    let count = |codes: &[vaultlint_core::code::Code]| {
        report.diagnostics.iter().filter(|d| codes.contains(&d.code)).count()
    };
    let s = &report.slices;
    [
        ("notes", s.notes),
        ("templates", s.templates),
        ("current", s.current),
        ("superseded", s.superseded),
        ("revoked", s.revoked),
        ("chains", s.chains),
        (
            "broken declarations",
            count(&[
                InvalidSuccessor,
                MissingSuccessor,
                AmbiguousSuccessor,
                SuccessorOutsideVault,
                SelfSupersession,
                SupersessionCycle,
                ConflictingSupersession,
            ]),
        ),
        ("suspected versions", count(&[SuspectedVersion])),
        ("left in force by folder rules", s.uncovered),
        ("verdict active", s.verdicts.active),
        ("verdict stale", s.verdicts.stale),
        ("verdict conflict", s.verdicts.conflict),
        ("verdict unknown", s.verdicts.unknown),
    ]
}

/// `--statistics`: the count of findings per code, most first, each with
/// its rule's doc line; then the vault in slices, one line each.
pub fn statistics(report: &Report) -> String {
    let counts = counts(report);
    let slices = slices(report);
    // One column of numbers for both parts.
    let width = counts
        .iter()
        .map(|(_, n)| *n)
        .chain(slices.iter().map(|(_, n)| *n))
        .map(|n| vaultlint_core::text::thousands(n).len())
        .max()
        .unwrap_or(1);
    let name = counts.iter().map(|(c, _)| c.name().len()).max().unwrap_or(0);
    let mut out = String::new();
    for (code, n) in counts {
        out.push_str(&format!(
            "{:>width$}  {:<name$}  {}\n",
            vaultlint_core::text::thousands(n),
            code.name(),
            code.summary()
        ));
    }
    if !out.is_empty() {
        out.push('\n');
    }
    for (name, n) in slices {
        out.push_str(&format!("{:>width$}  {name}\n", vaultlint_core::text::thousands(n)));
    }
    out
}

/// `(code, count)` of every code with findings, most first, then by name.
pub fn counts(report: &Report) -> Vec<(vaultlint_core::code::Code, usize)> {
    let mut map = std::collections::BTreeMap::new();
    for d in &report.diagnostics {
        *map.entry(d.code).or_insert(0usize) += 1;
    }
    let mut counts: Vec<_> = map.into_iter().collect();
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.name().cmp(b.0.name())));
    counts
}
