//! The crate packages offline for crates.io with what a user needs to build
//! and install it, and nothing the repository keeps for its own tests.

use std::process::Command;

fn cargo() -> Command {
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

#[test]
fn the_package_holds_what_a_user_needs() {
    let out = cargo().args(["package", "--list", "--locked", "--offline", "--allow-dirty"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let list = String::from_utf8(out.stdout).unwrap();
    let files: Vec<&str> = list.lines().collect();
    for needed in [
        "Cargo.toml",
        "Cargo.lock",
        "README.md",
        "LICENSE-MIT",
        "LICENSE-APACHE",
        "src/main.rs",
        "vaultlint.schema.json",
    ] {
        assert!(files.contains(&needed), "{needed} is not packaged: {files:?}");
    }
    assert!(
        files.iter().any(|f| f.starts_with("man/")) && files.iter().any(|f| f.starts_with("completions/"))
    );
    let repository_only = ["fixtures/", "tests/", "bench/", ".ci/"];
    assert!(!files.iter().any(|f| repository_only.iter().any(|r| f.starts_with(r))), "{files:?}");
}

#[test]
fn it_packages_offline() {
    let target = tempfile::tempdir().unwrap();
    let out = cargo()
        .args(["package", "--no-verify", "--locked", "--offline", "--allow-dirty", "--quiet", "--target-dir"])
        .arg(target.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let crate_file = target.path().join(format!("package/vaultlint-{}.crate", env!("CARGO_PKG_VERSION")));
    let size = std::fs::metadata(&crate_file).unwrap().len();
    assert!(size < 1 << 20, "the package is {size} bytes");
}
