//! The committed completions, man pages, schemas and rule pages are what
//! the generator makes from today's command line and rule registry, the man
//! pages render cleanly, and every link between the book's pages (and from
//! the README) leads to a page and a heading that exist.

use std::collections::{BTreeSet, HashSet};
use std::path::{Component, Path, PathBuf};
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

/// The options mdBook parses a page with.
fn parser(text: &str) -> pulldown_cmark::Parser<'_> {
    use pulldown_cmark::Options;
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES;
    pulldown_cmark::Parser::new_ext(text, options)
}

/// The ids mdBook gives a page's headings: the heading's text lowercased,
/// white space as `-`, every character but letters, digits, `-` and `_`
/// left out, and `-1`, `-2`... after an id the page already has.
fn heading_ids(text: &str) -> HashSet<String> {
    use pulldown_cmark::{Event, Tag, TagEnd};
    let mut ids = HashSet::new();
    let mut heading: Option<(String, Option<String>)> = None;
    for event in parser(text) {
        match event {
            Event::Start(Tag::Heading { id, .. }) => {
                heading = Some((String::new(), id.map(|i| i.to_string())))
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some((text, _)) = &mut heading {
                    text.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let (text, id) = heading.take().unwrap();
                let id = id.unwrap_or_else(|| {
                    text.trim()
                        .to_lowercase()
                        .chars()
                        .filter_map(|c| match c {
                            c if c.is_alphanumeric() || c == '_' || c == '-' => Some(c),
                            c if c.is_whitespace() => Some('-'),
                            _ => None,
                        })
                        .collect()
                });
                let mut unique = id.clone();
                let mut n = 0;
                while !ids.insert(unique.clone()) {
                    n += 1;
                    unique = format!("{id}-{n}");
                }
            }
            _ => {}
        }
    }
    ids
}

/// Every link and image of a page, as written.
fn links(text: &str) -> Vec<String> {
    use pulldown_cmark::{Event, Tag};
    parser(text)
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                Some(dest_url.to_string())
            }
            _ => None,
        })
        .collect()
}

/// `path` with its `.` and `..` taken out, as a browser resolves a link.
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The Markdown files under `folder`, recursively.
fn markdown_files(folder: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            markdown_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// What is wrong with each relative link of `page`, whose links may lead
/// only to files under `within`: a file that does not exist, a heading its
/// page does not have.
fn broken_links(page: &Path, within: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(page).unwrap();
    let mut broken = Vec::new();
    for link in links(&text) {
        if ["http://", "https://", "mailto:"].iter().any(|scheme| link.starts_with(scheme)) {
            continue;
        }
        let (path, anchor) = link.split_once('#').unwrap_or((&link, ""));
        let target =
            if path.is_empty() { page.to_path_buf() } else { normal(&page.parent().unwrap().join(path)) };
        if path.starts_with('/') || !target.starts_with(within) {
            broken.push(format!("{link}: leads out of {}", within.display()));
        } else if !target.exists() {
            broken.push(format!("{link}: no such file"));
        } else if !anchor.is_empty() {
            let ids = if target.extension().is_some_and(|e| e == "md") {
                heading_ids(&std::fs::read_to_string(&target).unwrap())
            } else {
                HashSet::new()
            };
            if !ids.contains(anchor) {
                broken.push(format!("{link}: no heading has the id `{anchor}`"));
            }
        }
    }
    broken
}

/// The book builds every page it holds, and a link from one page to another,
/// or to a heading of one, leads there: in the book and from the README.
#[test]
fn every_link_in_the_book_and_the_readme_resolves() {
    let src = root().join("docs/src");
    let mut pages = Vec::new();
    markdown_files(&src, &mut pages);
    assert!(pages.len() > 20, "the book has {} pages", pages.len());
    let mut broken = Vec::new();
    for page in &pages {
        for problem in broken_links(page, &src) {
            broken.push(format!("{}: {problem}", page.strip_prefix(root()).unwrap().display()));
        }
    }
    for problem in broken_links(&root().join("README.md"), root()) {
        broken.push(format!("README.md: {problem}"));
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    // A page the contents leave out is not built.
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).unwrap();
    let listed: BTreeSet<PathBuf> = links(&summary).iter().map(|l| src.join(l)).collect();
    let unlisted: Vec<&PathBuf> =
        pages.iter().filter(|p| !listed.contains(*p) && !p.ends_with("SUMMARY.md")).collect();
    assert!(unlisted.is_empty(), "pages not in SUMMARY.md: {unlisted:?}");
}

/// The check itself: it finds a missing page and a missing heading, and
/// computes heading ids as mdBook does.
#[test]
fn the_link_check_finds_what_is_broken() {
    let ids = heading_ids(
        "# Fixing: `check --fix`\n\n## Fixing: `check --fix`\n\n## Release folders: `[[supersede]]`\n",
    );
    assert!(ids.contains("fixing-check---fix") && ids.contains("fixing-check---fix-1"), "{ids:?}");
    assert!(ids.contains("release-folders-supersede"), "{ids:?}");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.md"), "# A\n\n## Here\n").unwrap();
    std::fs::write(
        dir.path().join("b.md"),
        "[ok](a.md#here) [self](#b) [gone](c.md) [no heading](a.md#there) [out](../x.md) `[code](c.md)`\n\n# B\n",
    )
    .unwrap();
    let broken = broken_links(&dir.path().join("b.md"), dir.path());
    assert_eq!(broken.len(), 3, "{broken:?}");
    assert!(broken[0].starts_with("c.md: no such file"), "{broken:?}");
    assert!(broken[1].contains("no heading has the id `there`"), "{broken:?}");
    assert!(broken[2].contains("leads out of"), "{broken:?}");
}

/// The picture of `check`'s output in the README and the book is what
/// today's binary prints.
#[test]
fn the_picture_of_check_is_todays_output() {
    let out = Command::new("python3")
        .arg(root().join("docs/check_svg.py"))
        .arg(env!("CARGO_BIN_EXE_vaultlint"))
        .current_dir(root())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let committed = std::fs::read(root().join("docs/src/images/check.svg")).unwrap_or_default();
    assert!(
        committed == out.stdout,
        "docs/src/images/check.svg is out of date: run `python3 docs/check_svg.py target/debug/vaultlint > \
         docs/src/images/check.svg` and commit the result"
    );
}
