//! One real editor end to end: Neovim, headless, opens a note of a vault
//! with `vaultlint server` as its language server, and the diagnostics it
//! shows are read back from it. `.ci/test` installs Neovim from Debian's
//! packages.

mod common;
use common::{copy_dir, fixture};
use std::process::Command;

fn nvim() -> String {
    let tool = std::env::var("VAULTLINT_NVIM").unwrap_or_else(|_| "nvim".into());
    let found = Command::new(&tool).arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(found, "Neovim is not installed: run the tests with `bash .ci/test`, which installs it");
    tool
}

#[test]
fn neovim_shows_the_servers_diagnostics() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("handbook"), dir.path());
    std::fs::write(dir.path().join("vaultlint.toml"), "").unwrap();
    let root = dir.path().canonicalize().unwrap();
    let out = root.join("diagnostics.txt");
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/editor/diagnostics.lua");
    let status = Command::new(nvim())
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("VAULTLINT", env!("CARGO_BIN_EXE_vaultlint"))
        .env("ROOT", &root)
        .env("NOTE", root.join("internal/it/vpn.md"))
        .env("OUT", &out)
        .status()
        .unwrap();
    assert!(status.success());
    // Line 3, column 16, an error (1), as the editor shows it.
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "3:16 1 missing-successor successor `vpn-setup.md` does not exist: no note at `vpn-setup.md`\n"
    );
}
