//! One real editor end to end: Neovim, headless, opens a note of a vault
//! with `vaultlint server` as its language server; the diagnostics it
//! shows, and the text its completion and rename leave, are read back
//! from it. `.ci/test` installs Neovim from Debian's packages.

mod common;
use common::{copy_dir, fixture};
use std::process::Command;

fn nvim() -> String {
    let tool = std::env::var("VAULTLINT_NVIM").unwrap_or_else(|_| "nvim".into());
    let found = Command::new(&tool).arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(found, "Neovim is not installed: run the tests with `bash .ci/test`, which installs it");
    tool
}

/// Runs the Lua `script` (in `tests/editor/`) in headless Neovim on the
/// vault at `root`, with the note `note` and the extra environment
/// `env`; what the script wrote to its `OUT` file.
fn run_script(script: &str, root: &std::path::Path, note: &str, env: &[(&str, &str)]) -> String {
    let out = root.join("out.txt");
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/editor").join(script);
    let status = Command::new(nvim())
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("VAULTLINT", env!("CARGO_BIN_EXE_vaultlint"))
        .env("ROOT", root)
        .env("NOTE", root.join(note))
        .env("OUT", &out)
        .envs(env.iter().copied())
        .status()
        .unwrap();
    assert!(status.success());
    std::fs::read_to_string(&out).unwrap()
}

#[test]
fn neovim_shows_the_servers_diagnostics() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("handbook"), dir.path());
    std::fs::write(dir.path().join("vaultlint.toml"), "").unwrap();
    let root = dir.path().canonicalize().unwrap();
    let shown = run_script("diagnostics.lua", &root, "internal/it/vpn.md", &[]);
    // Line 3, column 16, an error (1), as the editor shows it.
    assert_eq!(
        shown,
        "3:16 1 missing-successor successor `vpn-setup.md` does not exist: no note at `vpn-setup.md`\n"
    );
}

/// Completion and rename from Neovim: an item accepted in a successor
/// value begun as `"[[Exp` (the editor's closing after the cursor) and
/// after `[[` in the body leaves whole, valid text; a rename on the value
/// renames the note it names and rewrites what names it, and the vault
/// after is clean.
#[test]
fn neovim_completes_and_renames_through_the_server() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("editor-rename"), dir.path());
    let root = dir.path().canonicalize().unwrap();
    let env = [("NAME", "Expenses policy"), ("NEW_NAME", "Spending policy")];
    let left = run_script("completion.lua", &root, "Archive/Expenses 2023.md", &env);
    assert_eq!(left, "superseded_by: \"[[Expenses policy]]\"\nSee [[Expenses policy]]\nrenamed\n");
    assert!(!root.join("Policies/Expenses policy.md").exists());
    let note = std::fs::read_to_string(root.join("Archive/Expenses 2023.md")).unwrap();
    assert!(note.contains("\nsuperseded_by: \"[[Spending policy]]\"\n"), "{note}");
    assert!(note.ends_with("See [[Spending policy]]\n"), "{note}");
    let travel = std::fs::read_to_string(root.join("Travel.md")).unwrap();
    assert!(travel.contains("[[Spending policy#Meals|the policy]]"), "{travel}");
    let (_, json) = common::check_json(&root, &[]);
    assert_eq!(common::findings(&json), [], "{json}");
}
