//! `--format concise`: one line per finding, `path:line:col: severity[code] message`.
//! The summary line is added by the caller unless `--quiet`.

use super::Style;
use std::fmt::Write;
use vaultlint_core::text::sanitize;
use vaultlint_workspace::commands::check::Report;

pub fn render(report: &Report, style: Style, paths: &super::Paths) -> String {
    use owo_colors::OwoColorize;
    let mut out = String::new();
    for (d, more) in super::shown(report) {
        let place = match d.position {
            Some(at) => format!("{}:{}:{}", paths.show_at_line_start(&d.path), at.line(), at.column()),
            None => paths.show_at_line_start(&d.path),
        };
        let kind = format!("{}[{}]", d.severity.as_str(), d.code);
        let kind = match (style.color, d.severity) {
            (false, _) => kind,
            (true, vaultlint_core::diagnostic::Severity::Error) => kind.red().bold().to_string(),
            (true, vaultlint_core::diagnostic::Severity::Warning) => kind.yellow().bold().to_string(),
        };
        let _ = writeln!(out, "{}: {kind} {}", sanitize(&place), sanitize(&d.message));
        if more > 0 {
            out.push_str(&super::more_line(d, more, paths));
        }
    }
    out
}
