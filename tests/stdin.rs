//! `check --stdin-filename PATH -`: the text on standard input checked as
//! the note at PATH against the rest of the vault on disk, as editors run
//! linters on unsaved text; with `--fix`, the fixed text printed and
//! nothing written.

mod common;
use common::{copy_dir, fixture, snapshot, vaultlint};

fn handbook() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("handbook"), dir.path());
    std::fs::write(dir.path().join("vaultlint.toml"), "").unwrap();
    dir
}

fn run(dir: &std::path::Path, args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = vaultlint()
        .current_dir(dir)
        .args(["check", "--color", "never", "--as-of", "2026-06-01"])
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code().unwrap(), text(out.stdout), text(out.stderr))
}

#[test]
fn standard_input_stands_for_the_note_on_disk() {
    let dir = handbook();
    // On disk vpn.md names a successor that does not exist; the editor's
    // text has dropped the declaration.
    let fixed = "---\ntitle: VPN\n---\n# VPN\n";
    let (code, out, _) =
        run(dir.path(), &["--stdin-filename", "internal/it/vpn.md", "-", "--format", "concise"], fixed);
    assert_eq!((code, out.as_str()), (0, "checked 1 of 27 notes: 0 errors, 0 warnings\n"));
    // And the other way: a clean note made broken in the editor.
    let broken = "---\ntitle: Careers\nsuperseded_by: careers-2027.md\n---\n# Careers\n";
    let (code, out, _) =
        run(dir.path(), &["--stdin-filename", "public/careers.md", "-", "--format", "concise"], broken);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("public/careers.md:3:16: error[missing-successor] successor `careers-2027.md`"),
        "{out}"
    );
}

#[test]
fn a_note_not_saved_yet_is_checked_in_every_format() {
    let dir = handbook();
    let text = "---\ntitle: Claims\n---\n# Claims\n\nClaim costs as [[expenses-policy-2024]] says.\n";
    let path = "internal/hr/claims.md";
    let (code, out, _) = run(dir.path(), &["--stdin-filename", path, "-", "--format", "json"], text);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(code, 0);
    assert_eq!(common::findings(&json), [("links-to-superseded".to_string(), path.to_string(), Some(6))]);
    // The full format draws its snippet from the text given, not the disk.
    let (_, out, _) = run(dir.path(), &["--stdin-filename", path, "-"], text);
    assert!(out.contains("Claim costs as [[expenses-policy-2024]] says."), "{out}");
    for format in ["concise", "github", "sarif"] {
        let (_, out, _) = run(dir.path(), &["--stdin-filename", path, "-", "--format", format], text);
        assert!(out.contains("claims.md"), "{format}: {out}");
    }
}

#[test]
fn fix_prints_the_fixed_text_and_writes_nothing() {
    let dir = handbook();
    let before = snapshot(dir.path());
    let text = "---\ntitle: Claims\n---\nClaim costs as [[expenses-policy-2024|the policy]] says.\n";
    let args = ["--stdin-filename", "internal/hr/claims.md", "-", "--fix"];
    let (code, out, _) = run(dir.path(), &args, text);
    assert_eq!(code, 0);
    assert_eq!(out, "---\ntitle: Claims\n---\nClaim costs as [[expenses-policy|the policy]] says.\n");
    let (_, diff, _) = run(dir.path(), &["--stdin-filename", "internal/hr/claims.md", "-", "--diff"], text);
    assert!(diff.contains("-Claim costs as [[expenses-policy-2024|the policy]] says.\n+Claim costs as [[expenses-policy|the policy]] says.\n"), "{diff}");
    assert_eq!(snapshot(dir.path()), before, "nothing is written");
}

#[test]
fn standard_input_needs_its_name_and_nothing_else() {
    let dir = handbook();
    for (args, message) in [
        (&["-"][..], "name it with --stdin-filename PATH"),
        (&["--stdin-filename", "a.md"][..], "give `-` as the PATH"),
        (&["--stdin-filename", "a.md", "-", "public"][..], "give no other PATH"),
        (&["--stdin-filename", "notes.txt", "-"][..], "is not a note"),
    ] {
        let (code, out, err) = run(dir.path(), args, "# A\n");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}
