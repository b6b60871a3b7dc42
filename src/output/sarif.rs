//! `--format sarif`: SARIF 2.1.0, as GitHub code scanning and other
//! static-analysis dashboards read it, with the metadata of every rule.

use serde::Serialize;
use serde_json::{Value, json};
use vaultlint_core::code::Code;
use vaultlint_core::diagnostic::Severity;
use vaultlint_workspace::commands::check::Report;

/// Paths are shown from where the run started (the repository root in CI).
/// `docs_url`, with `{code}` for the rule's code, gives each rule a
/// `helpUri`. With a baseline, each result has its `baselineState`: the
/// new findings, those the baseline held, and its entries no longer found.
pub fn render(report: &Report, paths: &super::Paths, docs_url: Option<&str>) -> String {
    let rules: Vec<Value> = Code::ALL
        .iter()
        .map(|code| {
            let mut rule = json!({
                "id": code.name(),
                "name": pascal(code.name()),
                "shortDescription": { "text": code.summary() },
                "fullDescription": { "text": code.explanation() },
                "help": { "text": code.explanation() },
                "defaultConfiguration": { "level": level(code.default_severity()) },
            });
            if let Some(url) = docs_url {
                rule["helpUri"] = Value::String(url.replace("{code}", code.name()));
            }
            rule
        })
        .collect();
    let state = |name: &'static str| report.baseline.as_ref().map(|_| name);
    let mut results: Vec<SarifResult> =
        report.diagnostics.iter().map(|d| result(d, paths, state("new"))).collect();
    if let Some(held) = &report.baseline {
        results.extend(held.unchanged.iter().map(|d| result(d, paths, state("unchanged"))));
        results.extend(held.gone.iter().filter_map(|gone| absent(gone, paths)));
    }
    // Fields in the order serde_json gives an object's keys (sorted), as
    // this output always had; typed, so a hundred thousand findings cost
    // their text and not a tree of values each.
    #[derive(Serialize)]
    struct Sarif<'a> {
        #[serde(rename = "$schema")]
        schema: &'static str,
        runs: [Run<'a>; 1],
        version: &'static str,
    }
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Run<'a> {
        column_kind: &'static str,
        results: Vec<SarifResult<'a>>,
        tool: Value,
    }
    let tool = json!({ "driver": {
        "name": "vaultlint",
        "version": env!("CARGO_PKG_VERSION"),
        "semanticVersion": env!("CARGO_PKG_VERSION"),
        "rules": rules,
    }});
    let sarif = Sarif {
        schema: "https://json.schemastore.org/sarif-2.1.0.json",
        runs: [Run { column_kind: "unicodeCodePoints", results, tool }],
        version: "2.1.0",
    };
    let mut text = serde_json::to_string_pretty(&sarif).expect("SARIF serializes");
    text.push('\n');
    text
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    baseline_state: Option<&'static str>,
    level: &'static str,
    locations: [Location; 1],
    message: Text,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<Location>,
    rule_id: &'a str,
    rule_index: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<Text>,
    physical_location: Physical,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Physical {
    artifact_location: Artifact,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<Region>,
}

#[derive(Serialize)]
struct Artifact {
    uri: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_column: usize,
    start_line: usize,
}

#[derive(Serialize)]
struct Text {
    text: String,
}

/// A baseline entry no finding matches now, as SARIF's `absent` result.
fn absent<'a>(gone: &'a vaultlint_analysis::baseline::Gone, paths: &super::Paths) -> Option<SarifResult<'a>> {
    let code = Code::from_name(&gone.entry.code)?;
    let why = if gone.note_gone { "no note at this path now: renamed or deleted" } else { "fixed" };
    Some(SarifResult {
        baseline_state: Some("absent"),
        level: level(code.default_severity()),
        locations: [location(paths, &gone.entry.path, None)],
        message: Text { text: format!("in the baseline, no longer found: {why} (`{}`)", gone.entry.text) },
        related_locations: Vec::new(),
        rule_id: code.name(),
        rule_index: Code::ALL.iter().position(|c| *c == code).expect("every code is listed"),
    })
}

fn result<'a>(
    d: &'a vaultlint_core::diagnostic::Diagnostic,
    paths: &super::Paths,
    baseline_state: Option<&'static str>,
) -> SarifResult<'a> {
    let index = Code::ALL.iter().position(|c| *c == d.code).expect("every code is listed");
    // A finding about a whole note points at its first line.
    let (line, column) = d.position.map_or((1, 1), |at| (at.line(), at.column()));
    let mut message = d.message.clone();
    if let Some(help) = &d.help {
        message.push_str(&format!(" (help: {help})"));
    }
    let related = d.related.iter().enumerate().map(|(i, path)| Location {
        id: Some(i),
        message: Some(Text { text: "a note this finding involves".into() }),
        ..location(paths, path, None)
    });
    SarifResult {
        baseline_state,
        level: level(d.severity),
        locations: [location(paths, &d.path, Some((line, column)))],
        message: Text { text: message },
        related_locations: related.collect(),
        rule_id: d.code.name(),
        rule_index: index,
    }
}

fn location(paths: &super::Paths, path: &str, at: Option<(usize, usize)>) -> Location {
    let region = at.map(|(start_line, start_column)| Region { start_column, start_line });
    Location {
        id: None,
        message: None,
        physical_location: Physical { artifact_location: Artifact { uri: uri(&paths.show(path)) }, region },
    }
}

/// SARIF's levels are spelt as ours are.
fn level(severity: Severity) -> &'static str {
    severity.as_str()
}

/// `missing-successor` as `MissingSuccessor`, SARIF's style for rule names.
fn pascal(code: &str) -> String {
    code.split('-').map(|w| w[..1].to_uppercase() + &w[1..]).collect()
}

/// A relative URI reference: each path segment percent-encoded.
fn uri(path: &str) -> String {
    let mut out = String::new();
    for b in path.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_and_uris() {
        assert_eq!(super::pascal("missing-successor"), "MissingSuccessor");
        assert_eq!(super::uri("hr/privacy notice (1).md"), "hr/privacy%20notice%20%281%29.md");
    }
}
