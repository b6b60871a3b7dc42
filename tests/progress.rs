//! Progress goes to a terminal only, for the full format only: a run in a
//! pseudo-terminal with machine-readable output or `--quiet` draws none,
//! while the same run in full format, with the bar's delay set to nothing,
//! draws it.
#![cfg(unix)]

mod common;
use common::fixture;

/// A run on the small `versions` vault with no delay before the bar: a bar
/// the format allows is drawn at once, however quick the run.
fn in_terminal(args: &[&str]) -> String {
    in_terminal_on(args, &fixture("versions"), "0")
}

fn in_terminal_on(args: &[&str], vault: &std::path::Path, delay_ms: &str) -> String {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_vaultlint"));
    // Read afresh: a run that finds its findings in the cache has no progress to show.
    cmd.args(args)
        .arg("--no-cache")
        .arg(vault)
        .env("COLUMNS", "100")
        .env("VAULTLINT_PROGRESS_AFTER_MS", delay_ms);
    let mut p = rexpect::session::spawn_command(cmd, Some(120_000)).unwrap();
    p.exp_eof().unwrap()
}

#[test]
fn no_progress_under_machine_formats_or_quiet() {
    for args in [
        &["check", "--format", "json"][..],
        &["check", "--format", "github"],
        &["check", "--format", "sarif"],
        &["check", "--format", "concise"],
        &["check", "-q"],
        &["suggest", "--format", "json"],
        &["suggest", "-q"],
    ] {
        let out = in_terminal(args);
        for phase in ["finding notes", "reading notes", "fingerprinting notes", "comparing candidate pairs"] {
            assert!(!out.contains(phase), "{args:?} drew progress: {out}");
        }
    }
    // The same vault in full format does draw: the formats above are what
    // keeps the bar away.
    for args in [&["check", "--color", "never"][..], &["suggest", "--color", "never"]] {
        let out = in_terminal(args);
        assert!(out.contains("reading notes"), "{args:?} drew no progress: {out}");
    }
    let json = in_terminal(&["check", "--format", "json", "--color", "never"]);
    let json: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(json["summary"]["notes"], 51);
}

#[test]
fn a_phase_quicker_than_the_delay_draws_no_bar() {
    // The bar waits for a phase to outlast the delay (300 ms unless set):
    // with an hour's delay, the full format that drew above draws nothing.
    let out = in_terminal_on(&["check", "--color", "never"], &fixture("versions"), "3600000");
    assert!(out.contains("checked 51 notes"), "{out}");
    assert!(!out.contains("reading notes"), "drew progress before the delay: {out}");
}
