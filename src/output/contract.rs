//! The JSON outputs as a contract for the programs that read them. Each
//! object carries `version`, the schema version, and `root`, the folder its
//! paths are relative to. Each has a JSON Schema generated from the very
//! types that write it, committed under `schemas/` (a test compares them,
//! and validates real output against them).
//!
//! Within one version fields may be added and new values may appear in
//! open lists (rule codes, reasons); no field is removed, renamed or given
//! another type. Anything else takes a new version.

use schemars::JsonSchema;
use serde::Serialize;

/// The schema version the JSON outputs are written at.
pub const VERSION: u32 = 1;

/// The schema version, written as `"version": 1`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Version;

impl Serialize for Version {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u32(VERSION)
    }
}

impl JsonSchema for Version {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Version".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The schema version: a new one is a change that may break a reader.",
            "type": "integer",
            "const": VERSION,
        })
    }
}

/// `T`'s schema as pretty JSON with its title, ready to commit.
fn schema_of<T: JsonSchema>(title: &str) -> String {
    let mut schema =
        schemars::generate::SchemaSettings::draft07().into_generator().into_root_schema_for::<T>();
    schema.insert("title".into(), title.into());
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema serializes");
    text.push('\n');
    text
}

/// Every JSON output's schema: its file name under `schemas/` and its text.
pub fn schemas() -> Vec<(&'static str, String)> {
    vec![
        ("check.schema.json", schema_of::<super::json::Output>("vaultlint check --format json")),
        ("suggest.schema.json", schema_of::<super::suggest::Output>("vaultlint suggest --format json")),
        (
            "lineage.schema.json",
            schema_of::<super::lineage::Lineages>("vaultlint lineage NOTE --format json"),
        ),
        (
            "lineage-all.schema.json",
            schema_of::<super::lineage::Map>("vaultlint lineage --all --format json"),
        ),
        (
            "lineage-entry.schema.json",
            schema_of::<super::lineage::Line>("vaultlint lineage --all --format jsonl, one line"),
        ),
        ("events.schema.json", schema_of::<super::lineage::Events>("vaultlint lineage --all --since REF")),
    ]
}
