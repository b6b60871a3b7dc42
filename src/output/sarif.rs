//! `--format sarif`: SARIF 2.1.0, as GitHub code scanning and other
//! static-analysis dashboards read it, with the metadata of every rule.

use crate::code::Code;
use crate::commands::check::Report;
use crate::diagnostic::Severity;
use serde_json::{Value, json};

/// Paths are shown from where the run started (the repository root in CI).
pub fn render(report: &Report, paths: &super::Paths) -> String {
    let rules: Vec<Value> = Code::ALL
        .iter()
        .map(|code| {
            json!({
                "id": code.name(),
                "name": pascal(code.name()),
                "shortDescription": { "text": code.summary() },
                "fullDescription": { "text": code.explanation() },
                "help": { "text": code.explanation() },
                "defaultConfiguration": { "level": level(code.default_severity()) },
            })
        })
        .collect();
    let results: Vec<Value> = report
        .diagnostics
        .iter()
        .map(|d| {
            let index = Code::ALL.iter().position(|c| *c == d.code).expect("every code is listed");
            // A finding about a whole note points at its first line.
            let (line, column) = d.span.map_or((1, 1), |s| (s.line, s.column));
            let mut message = d.message.clone();
            if let Some(help) = &d.help {
                message.push_str(&format!(" (help: {help})"));
            }
            let mut result = json!({
                "ruleId": d.code.name(),
                "ruleIndex": index,
                "level": level(d.severity),
                "message": { "text": message },
                "locations": [location(paths, &d.path, Some((line, column)))],
            });
            if !d.related.is_empty() {
                result["relatedLocations"] = d
                    .related
                    .iter()
                    .enumerate()
                    .map(|(i, path)| {
                        let mut related = location(paths, path, None);
                        related["id"] = json!(i);
                        related["message"] = json!({ "text": "a note this finding involves" });
                        related
                    })
                    .collect();
            }
            result
        })
        .collect();
    let sarif = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "vaultlint",
                "version": env!("CARGO_PKG_VERSION"),
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    let mut text = serde_json::to_string_pretty(&sarif).expect("SARIF serializes");
    text.push('\n');
    text
}

fn location(paths: &super::Paths, path: &str, at: Option<(usize, usize)>) -> Value {
    let mut physical = json!({ "artifactLocation": { "uri": uri(&paths.show(path)) } });
    if let Some((line, column)) = at {
        physical["region"] = json!({ "startLine": line, "startColumn": column });
    }
    json!({ "physicalLocation": physical })
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
