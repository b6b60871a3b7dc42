//! `vaultlint.schema.json` accepts the README's full config example and
//! rejects the mistakes editors should catch, checked by a JSON Schema
//! validator; and the config reader agrees with it.

use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("vaultlint.schema.json")).unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).expect("a valid JSON Schema")
}

/// A TOML config as the JSON value the schema describes.
fn json(toml_text: &str) -> serde_json::Value {
    let table: toml::Table = toml_text.parse().unwrap();
    serde_json::to_value(table).unwrap()
}

/// The README's block listing every key.
fn readme_example() -> String {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let after = &readme[readme.find("Every key, with its default:").expect("the README lists every key")..];
    let start = after.find("```toml\n").unwrap() + "```toml\n".len();
    after[start..start + after[start..].find("```").unwrap()].to_string()
}

#[test]
fn the_readme_example_is_valid() {
    let example = readme_example();
    let errors: Vec<String> = validator().iter_errors(&json(&example)).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    // The reader takes it too.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("vaultlint.toml"), &example).unwrap();
    vaultlint_workspace::config::load(&dir.path().join("vaultlint.toml")).unwrap();
}

#[test]
fn mistakes_are_rejected() {
    let validator = validator();
    for wrong in [
        "exlude = [\"drafts/**\"]\n",
        "[rules]\nmissing-sucessor = \"off\"\n",
        "[rules]\nmissing-successor = \"loud\"\n",
        "[suggest]\nmin-score = 2.0\n",
        "select = [\"declaratons\"]\n",
        "link-style = \"markdown\"\n",
    ] {
        assert!(!validator.is_valid(&json(wrong)), "the schema accepts {wrong:?}");
    }
    for right in ["[rules]\nmissing-successor = \"off\"\n", "select = [\"links\", \"invalid-date\"]\n"] {
        assert!(validator.is_valid(&json(right)), "the schema rejects {right:?}");
    }
}
