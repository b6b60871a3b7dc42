//! The library's modules form layers, each importing only from layers
//! below it or its own: leaves, reading, the model, analysis, edits,
//! settings, commands, output, and the interactive review on top. This
//! reads every `crate::` path in `src/` and fails when a module reaches up.

use std::collections::BTreeMap;
use std::path::Path;

const LAYERS: &[&[&str]] = &[
    &["code", "date", "text", "diagnostic", "progress"],
    &[
        "walk",
        "root",
        "frontmatter",
        "markdown",
        "link",
        "names",
        "fingerprint",
        "prints",
        "suppression",
        "note",
        "scope",
        "splice",
        "obsidian",
        "cache",
    ],
    &["vault", "version_roots", "dismissals", "graph", "lifecycle", "verdict", "lineage"],
    &["rules", "suggest", "baseline", "events"],
    &["edit", "fix"],
    &["config", "cli", "settings"],
    &["commands"],
    &["output"],
    &["review", "server"],
];

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// The top-level modules a file's code names through `crate::`.
fn imports(source: &str) -> Vec<String> {
    let code: String =
        source.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    let mut found = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `use crate::{a::x, b}`: the names at the group's first level.
            let (mut depth, mut start) = (0, true);
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if start && depth == 0 && (c.is_alphanumeric() || c == '_') => {
                        let name: String =
                            group[i..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                        found.push(name);
                        start = false;
                    }
                    _ => {}
                }
            }
        } else {
            found.push(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
        }
    }
    found
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_module_imports_one_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut upward: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut seen = 0;
    for file in all {
        let relative = file.strip_prefix(&src).unwrap();
        let module = relative.components().next().unwrap().as_os_str().to_string_lossy();
        let module = module.trim_end_matches(".rs").to_string();
        if matches!(module.as_str(), "main" | "terminal" | "lib") {
            continue; // the binary, and the list of modules
        }
        let own = layer(&module).unwrap_or_else(|| panic!("module `{module}` has no layer in this test"));
        seen += 1;
        for name in imports(&std::fs::read_to_string(&file).unwrap()) {
            let theirs =
                layer(&name).unwrap_or_else(|| panic!("{}: `crate::{name}` has no layer", file.display()));
            if theirs > own {
                upward.entry(relative.display().to_string()).or_default().push(name);
            }
        }
    }
    assert!(seen > 30, "read only {seen} files");
    assert!(upward.is_empty(), "modules importing from a layer above their own: {upward:#?}");
}

#[test]
fn the_reader_finds_every_form() {
    let names =
        imports("use crate::a::b;\nuse crate::{c::{self, d}, e};\n// crate::f\nlet x = crate::g::h();");
    assert_eq!(names, ["a", "c", "e", "g"]);
}
