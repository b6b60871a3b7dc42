//! Progress goes to a terminal only, for the full format only: a run in a
//! pseudo-terminal with machine-readable output or `--quiet` draws none.
#![cfg(unix)]

mod common;
use common::fixture;

fn in_terminal(args: &[&str]) -> String {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_vaultlint"));
    cmd.args(args).arg(fixture("versions"));
    let mut p = rexpect::session::spawn_command(cmd, Some(30_000)).unwrap();
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
    let json = in_terminal(&["check", "--format", "json", "--color", "never"]);
    let json: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(json["summary"]["notes"], 51);
}
