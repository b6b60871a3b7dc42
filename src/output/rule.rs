//! `vaultlint rule`: a rule's explanation, or every rule's summary, from
//! the registry in `code`, as text or JSON.

use serde::Serialize;
use std::fmt::Write;
use vaultlint_core::code::Code;

#[derive(Serialize)]
struct Rule {
    code: &'static str,
    severity: &'static str,
    family: &'static str,
    summary: &'static str,
    explanation: &'static str,
    /// Whether `check --fix` makes the rule's fix, and why; `None`: it has
    /// none.
    fix: Option<RuleFix>,
}

#[derive(Serialize)]
struct RuleFix {
    safety: &'static str,
    why: &'static str,
}

fn rule(code: Code) -> Rule {
    Rule {
        code: code.name(),
        severity: code.default_severity().as_str(),
        family: code.family().name(),
        summary: code.summary(),
        explanation: code.explanation(),
        fix: code.fix_safety().map(|(safety, why)| RuleFix { safety: safety.as_str(), why }),
    }
}

fn to_json(value: &impl Serialize) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("rules serialize");
    text.push('\n');
    text
}

/// One rule: its code, severity and family, then its explanation.
pub fn full(code: Code) -> String {
    let mut out = String::new();
    let _ =
        writeln!(out, "{} ({}, {})\n", code.name(), code.default_severity().as_str(), code.family().name());
    let _ = writeln!(out, "{}\n", code.summary());
    let _ = writeln!(out, "{}", code.explanation());
    if let Some((safety, why)) = code.fix_safety() {
        let _ = writeln!(out, "\nFix safety: {}. {why}", safety.as_str());
    }
    out
}

pub fn json(code: Code) -> String {
    to_json(&rule(code))
}

/// Every rule, one line each: code, severity, summary.
pub fn all_full() -> String {
    let width = Code::ALL.iter().map(|c| c.name().len()).max().unwrap_or(0);
    let mut out = String::new();
    for code in Code::ALL {
        let _ = writeln!(
            out,
            "{:<width$}  {:<7}  {}",
            code.name(),
            code.default_severity().as_str(),
            code.summary()
        );
    }
    out
}

pub fn all_json() -> String {
    to_json(&Code::ALL.iter().map(|&c| rule(c)).collect::<Vec<_>>())
}
