//! Command lines that cannot be used: each is refused with exit 2 and a
//! message saying why, before any note is read or written.

mod common;
use common::{fixture, vaultlint};

/// `(arguments, a part of the message on standard error)`.
const REFUSED: &[(&[&str], &str)] = &[
    (&["check", "--statistics", "--format", "sarif"], "use it with --format full, concise or json"),
    (&["check", "--statistics", "--format", "github"], "use it with --format full, concise or json"),
    (&["check", "--fix", "--diff"], "cannot be used with"),
    (&["check", "--exclude", "["], "invalid --exclude glob `[`: unclosed character class"),
    (&["suggest", "--apply", "--yes"], "'--apply' cannot be used with '--yes'"),
    (&["suggest", "--limit", "0"], "a whole number, 1 or more"),
    (&["lineage", "--all", "--format", "full"], "--all lists every note for a program"),
    (&["lineage", "--format", "ignore"], "are for the map of every note; add --all"),
    (&["lineage", "--all", "--format", "ignore", "--since", "HEAD"], "an ignore file cannot hold"),
];

#[test]
fn refused_command_lines() {
    for (args, message) in REFUSED {
        let out = vaultlint().args(*args).arg(fixture("versions")).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("'!["), "{args:?} shows the glob as given: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn lineage_usage_is_the_same_in_help_and_in_errors() {
    let help = vaultlint().args(["lineage", "-h"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let bare = vaultlint().arg("lineage").output().unwrap();
    let error = String::from_utf8(bare.stderr).unwrap();
    assert_eq!(bare.status.code(), Some(2));
    for usage in [
        "vaultlint lineage [OPTIONS] <NOTE>...",
        "vaultlint lineage --all [--format json|jsonl|ignore] [OPTIONS] [PATH]...",
    ] {
        assert!(help.contains(usage), "{help}");
        assert!(error.contains(usage), "{error}");
    }
}

/// `vaultlint rule`: the registry's explanation of a rule, every rule's
/// summary, JSON, and the closest code for a misspelt one.
#[test]
fn rules_explain_themselves() {
    let out = vaultlint().args(["rule", "missing-successor"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(
            "missing-successor (error, declarations)\n\nThe successor resolves to no note in the vault.\n"
        ),
        "{text}"
    );
    assert!(text.contains("Example:") && text.contains("Fix:"), "{text}");
    let out = vaultlint().args(["rule", "--all", "--format", "json"]).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let codes: Vec<&str> = json.as_array().unwrap().iter().map(|r| r["code"].as_str().unwrap()).collect();
    let want: Vec<&str> = vaultlint_core::code::Code::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(codes, want);
    let out = vaultlint().args(["rule", "missing-sucessor"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean `missing-successor`?"));
}

/// `--output-format`, the spelling ruff users type, is `--format`.
#[test]
fn output_format_is_format() {
    let run = |flag: &str| {
        let out = vaultlint()
            .args(["check", "--no-git", flag, "concise"])
            .arg(fixture("versions"))
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap())
    };
    let (code, text) = run("--output-format");
    assert_eq!((code, text.clone()), run("--format"));
    assert!(text.contains("warning[suspected-version]"), "{text}");
}
