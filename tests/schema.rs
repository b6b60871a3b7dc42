//! `vaultlint.schema.json` accepts the book's full config example and
//! rejects the mistakes editors should catch, checked by a JSON Schema
//! validator; and the config reader agrees with it.

mod common;
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

/// The block of the book's Configuration chapter that lists every key.
fn book_example() -> String {
    let page = std::fs::read_to_string(root().join("docs/src/configuration.md")).unwrap();
    let after = &page[page.find("Every key, with its default:").expect("the book lists every key")..];
    let start = after.find("```toml\n").unwrap() + "```toml\n".len();
    after[start..start + after[start..].find("```").unwrap()].to_string()
}

#[test]
fn the_book_example_is_valid() {
    let example = book_example();
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

/// The committed schema of a JSON output.
fn output_validator(name: &str) -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("schemas").join(name)).unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).expect("a valid JSON Schema")
}

/// What is wrong with `value` by `validator`, for a failing assertion.
fn invalid(validator: &jsonschema::Validator, value: &serde_json::Value) -> Vec<String> {
    validator.iter_errors(value).map(|e| format!("{e} at {}", e.instance_path())).collect()
}

/// Every fixture's `check`, `suggest`, `lineage --all` (as one object and
/// as lines) and `lineage NOTE` output is valid against its schema, and
/// carries the schema version and the root its paths are relative to.
#[test]
fn every_json_output_is_valid_against_its_schema() {
    let schemas = ["check", "suggest", "lineage", "lineage-all", "lineage-entry"]
        .map(|name| output_validator(&format!("{name}.schema.json")));
    let [check, suggest, lineage, map, line] = &schemas;
    let mut fixtures: Vec<_> =
        std::fs::read_dir(root().join("fixtures")).unwrap().map(|e| e.unwrap().path()).collect();
    fixtures.retain(|d| d.is_dir());
    fixtures.sort();
    let mut lines_seen = 0;
    for dir in &fixtures {
        let run = |args: &[&str]| {
            let out = common::vaultlint().args(args).arg(dir).output().unwrap();
            String::from_utf8(out.stdout).unwrap()
        };
        let parse = |text: &str| -> serde_json::Value {
            serde_json::from_str(text).unwrap_or_else(|e| panic!("{}: {e}: {text}", dir.display()))
        };
        let mut vault_root = String::new();
        for (validator, args) in [
            (check, &["check", "--format", "json", "--statistics"][..]),
            (suggest, &["suggest", "--format", "json"]),
            (map, &["lineage", "--all"]),
        ] {
            let value = parse(&run(args));
            assert_eq!(invalid(validator, &value), Vec::<String>::new(), "{} {args:?}", dir.display());
            assert_eq!(value["version"], 1);
            vault_root = value["root"].as_str().unwrap().to_string();
            assert!(Path::new(&vault_root).is_absolute(), "{value}");
        }
        let lines = run(&["lineage", "--all", "--format", "jsonl"]);
        for text in lines.lines() {
            assert_eq!(invalid(line, &parse(text)), Vec::<String>::new(), "{}: {text}", dir.display());
            lines_seen += 1;
        }
        // The first note of the map, named by its path from the root.
        let first = lines.lines().map(parse).find(|e| e["verdict"].is_string());
        if let Some(note) = first.as_ref().and_then(|e| e["path"].as_str()) {
            let out = common::vaultlint()
                .current_dir(&vault_root)
                .args(["lineage", "--format", "json", note])
                .output()
                .unwrap();
            let value = parse(&String::from_utf8(out.stdout).unwrap());
            assert_eq!(invalid(lineage, &value), Vec::<String>::new(), "{} {note}", dir.display());
            assert_eq!(value["lineages"][0]["note"], note);
        }
    }
    assert!(fixtures.len() > 50 && lines_seen > 500, "{} {lines_seen}", fixtures.len());
}

/// A value of the wrong shape is refused: the schemas say something.
#[test]
fn the_output_schemas_refuse_what_is_not_output() {
    let check = output_validator("check.schema.json");
    let good = serde_json::json!({
        "version": 1, "root": "/v", "summary": {"notes": 1, "errors": 0, "warnings": 0}, "diagnostics": []
    });
    assert_eq!(invalid(&check, &good), Vec::<String>::new());
    for (key, wrong) in [
        ("version", serde_json::json!(2)),
        ("diagnostics", serde_json::json!([{"code": "no-such-rule"}])),
        ("summary", serde_json::json!({"notes": "1"})),
    ] {
        let mut value = good.clone();
        value[key] = wrong;
        assert!(!check.is_valid(&value), "{key}");
    }
}
