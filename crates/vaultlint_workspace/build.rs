//! Gives the crate a digest of the sources of the crates that decide what
//! a check finds (`VAULTLINT_SOURCES`), so that the memo of a check made
//! by one build is never read back by another build of the same version
//! (a build from a later commit finds other things). Built from a package
//! without its sibling crates beside it, the digest is of none: the
//! version alone then keys the memo, as a release's does.

// Cargo reads a build script's instructions from its standard output.
#![allow(clippy::print_stdout)]

use std::path::{Path, PathBuf};

fn main() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for name in
        ["vaultlint_core", "vaultlint_syntax", "vaultlint_model", "vaultlint_analysis", "vaultlint_workspace"]
    {
        let src = crates.join(name).join("src");
        if src.is_dir() {
            println!("cargo:rerun-if-changed={}", src.display());
            collect(&src, &mut files);
        }
    }
    files.sort();
    // FNV-1a over each file's path under `crates/` and its bytes.
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    for file in &files {
        let relative = file.strip_prefix(&crates).unwrap_or(file).to_string_lossy().replace('\\', "/");
        let bytes = std::fs::read(file).unwrap_or_default();
        for byte in relative.as_bytes().iter().chain([0u8].iter()).chain(bytes.iter()) {
            digest = (digest ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    println!("cargo:rustc-env=VAULTLINT_SOURCES={digest:016x}");
}

fn collect(folder: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}
