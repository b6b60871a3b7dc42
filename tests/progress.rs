//! Progress goes to a terminal only, for the full format only: a run in a
//! pseudo-terminal with machine-readable output or `--quiet` draws none.
#![cfg(unix)]

mod common;
use common::fixture;

fn in_terminal(args: &[&str]) -> String {
    in_terminal_on(args, &fixture("versions"))
}

fn in_terminal_on(args: &[&str], vault: &std::path::Path) -> String {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_vaultlint"));
    cmd.args(args).arg(vault).env("COLUMNS", "100");
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
    let json = in_terminal(&["check", "--format", "json", "--color", "never"]);
    let json: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(json["summary"]["notes"], 51);
}

#[test]
fn a_long_run_in_a_terminal_shows_progress() {
    // Enough notes that reading them takes well over the moment (0.3 s)
    // after which the bar appears, even in an optimised build.
    let dir = tempfile::tempdir().unwrap();
    for folder in 0..40 {
        let folder_path = dir.path().join(format!("area-{folder}"));
        std::fs::create_dir_all(&folder_path).unwrap();
        for n in 0..500 {
            let text = format!(
                "---\ntitle: Note {folder} {n}\n---\n# Note {folder} {n}\n\nMeeting {n} of team {folder} agreed on item {}.\n",
                n * 7 + folder
            );
            std::fs::write(folder_path.join(format!("note-{n}.md")), text).unwrap();
        }
    }
    let out = in_terminal_on(&["check", "--color", "never"], dir.path());
    assert!(out.contains("checked 20,000 notes"), "{out}");
    assert!(
        ["reading notes", "fingerprinting notes"].iter().any(|p| out.contains(p)),
        "no progress drawn: {out}"
    );
}
