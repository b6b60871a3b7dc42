//! The committed completions, man pages, schemas and rule pages are what
//! the generator makes from today's command line and rule registry, the man
//! pages render cleanly.

use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn committed_files_match_the_generator() {
    for (path, bytes) in vaultlint::generate::files() {
        let committed = std::fs::read(root().join(&path)).unwrap_or_default();
        assert!(
            committed == bytes,
            "{path} is out of date: run `cargo run -- generate` and commit the result"
        );
    }
}

#[test]
fn the_books_generated_parts_are_the_registry() {
    for part in vaultlint::generate::parts() {
        let text = std::fs::read_to_string(root().join(part.path)).unwrap();
        let generated =
            part.fill(&text).unwrap_or_else(|| panic!("{} has no place for its generated part", part.path));
        assert!(text == generated, "{} is out of date: run `cargo run -- generate`", part.path);
    }
    let index = std::fs::read_to_string(root().join(vaultlint::generate::RULES_INDEX)).unwrap();
    let summary = std::fs::read_to_string(root().join(vaultlint::generate::SUMMARY)).unwrap();
    for code in vaultlint_core::code::Code::ALL {
        assert!(index.contains(&format!("| [`{code}`]({code}.md) |")), "{code} is not in the rules index");
        assert!(summary.contains(&format!("(rules/{code}.md)")), "{code} has no page in the book's contents");
    }
}

#[test]
fn man_pages_render_cleanly() {
    let pages = [
        "vaultlint.1",
        "vaultlint-check.1",
        "vaultlint-suggest.1",
        "vaultlint-lineage.1",
        "vaultlint-graph.1",
        "vaultlint-rule.1",
        "vaultlint-server.1",
    ];
    for page in pages {
        let file = root().join("man").join(page);
        // groff with every warning on: any complaint about the roff fails.
        let out = Command::new("groff").args(["-man", "-Tutf8", "-ww", "-z"]).arg(&file).output().unwrap();
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "{page}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let out = Command::new("man").arg("-l").arg(&file).env("MANWIDTH", "80").output().unwrap();
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "{page}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        // Piped, man prints bold as overstrikes (`N\bN`): keep the letters.
        let mut text = String::new();
        for c in String::from_utf8_lossy(&out.stdout).chars() {
            if c == '\u{8}' {
                text.pop();
            } else {
                text.push(c);
            }
        }
        for section in ["NAME", "SYNOPSIS", "OPTIONS", "EXIT STATUS", "EXAMPLES"] {
            assert!(text.contains(section), "{page} has no {section} section");
        }
    }
}

#[test]
fn every_page_named_exists_and_no_hidden_command_is_offered() {
    let files = vaultlint::generate::files();
    let text = |name: &str| {
        let (_, bytes) = files.iter().find(|(path, _)| path == name).expect("generated");
        String::from_utf8(bytes.clone()).unwrap()
    };
    let pages: Vec<&str> = files.iter().filter_map(|(p, _)| p.strip_prefix("man/")).collect();
    for (path, bytes) in files.iter().filter(|(p, _)| p.starts_with("man/")) {
        let page = String::from_utf8_lossy(bytes).replace("\\-", "-");
        for (i, _) in page.match_indices("vaultlint-") {
            let name: String = page[i..].chars().take_while(|c| c.is_alphanumeric() || *c == '-').collect();
            if page[i + name.len()..].starts_with("(1)") {
                assert!(pages.contains(&format!("{name}.1").as_str()), "{path} names {name}(1)");
            }
        }
    }
    for shell in ["completions/vaultlint.bash", "completions/vaultlint.fish", "completions/_vaultlint"] {
        assert!(!text(shell).contains("generate"), "{shell} offers the hidden `generate`");
    }
}
