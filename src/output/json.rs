//! `--format json`: one object with every finding and a summary; its
//! schema is `schemas/check.schema.json` (see `contract`).

use super::contract::Version;
use schemars::JsonSchema;
use serde::Serialize;
use vaultlint_core::code::Code;
use vaultlint_core::diagnostic::{Applicability, Severity};
use vaultlint_workspace::commands::check::Report;

#[derive(Serialize, JsonSchema)]
pub struct Output<'a> {
    version: Version,
    /// The vault root: `path`s are relative to it.
    root: &'a str,
    diagnostics: Vec<JsonDiagnostic<'a>>,
    summary: Summary,
    /// With `--statistics`: the count of findings per code.
    #[serde(skip_serializing_if = "Option::is_none")]
    statistics: Option<std::collections::BTreeMap<&'static str, usize>>,
    /// With `--statistics`: the vault in slices.
    #[serde(skip_serializing_if = "Option::is_none")]
    slices: Option<std::collections::BTreeMap<String, usize>>,
    /// With `--baseline`: how many findings it held, and its entries no
    /// finding matches now.
    #[serde(skip_serializing_if = "Option::is_none")]
    baseline: Option<Baseline<'a>>,
}

#[derive(Serialize, JsonSchema)]
struct Baseline<'a> {
    unchanged: usize,
    gone: Vec<Gone<'a>>,
}

#[derive(Serialize, JsonSchema)]
struct Gone<'a> {
    path: &'a str,
    code: &'a str,
    fingerprint: &'a str,
    count: usize,
    text: &'a str,
    /// No note has the path now: it was renamed or deleted.
    note_gone: bool,
}

#[derive(Serialize, JsonSchema)]
struct JsonDiagnostic<'a> {
    code: Code,
    severity: Severity,
    path: &'a str,
    line: Option<usize>,
    column: Option<usize>,
    message: &'a str,
    help: Option<&'a str>,
    related: &'a [String],
    fix: Option<JsonFix<'a>>,
}

/// The edit `check --fix` would make: replace the bytes from `offset` that
/// read `original` with `replacement`. Unsafe fixes are given only with
/// `--unsafe-fixes`; a judgement, such as marking a suspected version, is
/// never given.
#[derive(Serialize, JsonSchema)]
struct JsonFix<'a> {
    offset: usize,
    original: &'a str,
    replacement: &'a str,
    /// `safe`, or `unsafe` (only with `--unsafe-fixes`).
    applicability: Applicability,
}

#[derive(Serialize, JsonSchema)]
struct Summary {
    notes: usize,
    errors: usize,
    warnings: usize,
}

pub fn render(report: &Report, root: &std::path::Path, statistics: bool, unsafe_fixes: bool) -> String {
    let root = root.to_string_lossy();
    let output = Output {
        version: Version,
        root: &root,
        diagnostics: report
            .diagnostics
            .iter()
            .map(|d| JsonDiagnostic {
                code: d.code,
                severity: d.severity,
                path: &d.path,
                line: d.position.map(|at| at.line()),
                column: d.position.map(|at| at.column()),
                message: &d.message,
                help: d.help.as_deref(),
                related: &d.related,
                fix: d.fix.as_ref().filter(|f| f.applies(unsafe_fixes)).map(|f| JsonFix {
                    offset: f.edit.offset,
                    original: &f.edit.original,
                    replacement: &f.edit.replacement,
                    applicability: f.applicability,
                }),
            })
            .collect(),
        summary: Summary { notes: report.notes, errors: report.errors(), warnings: report.warnings() },
        statistics: statistics
            .then(|| super::counts(report).into_iter().map(|(code, n)| (code.name(), n)).collect()),
        slices: statistics.then(|| {
            super::slices(report).into_iter().map(|(name, n)| (name.replace(' ', "_"), n)).collect()
        }),
        baseline: report.baseline.as_ref().map(|held| Baseline {
            unchanged: held.unchanged.len(),
            gone: held
                .gone
                .iter()
                .map(|g| Gone {
                    path: &g.entry.path,
                    code: &g.entry.code,
                    fingerprint: &g.entry.fingerprint,
                    count: g.entry.count,
                    text: &g.entry.text,
                    note_gone: g.note_gone,
                })
                .collect(),
        }),
    };
    let mut text = serde_json::to_string_pretty(&output).expect("report serializes");
    text.push('\n');
    text
}
