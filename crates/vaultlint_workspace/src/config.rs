//! `vaultlint.toml`: found at the vault root or in its ancestors, named
//! with `--config`, or ignored with `--isolated`. Command-line flags beat
//! the file. A key the file should not have, or a value of the wrong type,
//! is an error that points at its place in the file.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;
use vaultlint_core::code::{Code, Level, RuleLevels, Selection, Selector};
use vaultlint_syntax::link::LinkStyle;

/// Config file names, looked for in this order in each folder.
pub const FILES: &[&str] = crate::root::CONFIG_FILES;

/// Keys of the top level, for the help on a misspelt one.
const KEYS: &[&str] = &[
    "root",
    "exclude",
    "vendored",
    "extensions",
    "successor-keys",
    "predecessor-keys",
    "corrected-by-keys",
    "corrects-keys",
    "scope-keys",
    "review-grace",
    "authorities",
    "statuses",
    "link-style",
    "dismissals",
    "cache-dir",
    "suppression-key",
    "docs-url",
    "supersede",
    "select",
    "extend-select",
    "ignore",
    "suggest",
    "index",
    "rules",
];

/// What a config in a subfolder of the vault may set: it overrides these
/// for its subtree.
const NESTED_KEYS: &[&str] = &["root", "exclude", "select", "extend-select", "ignore", "rules"];
const SUGGEST_KEYS: &[&str] = &["min-score", "git"];

/// `vaultlint.toml`. The doc comments are the descriptions of the JSON
/// Schema generated from this type (`vaultlint.schema.json`).
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[schemars(
    title = "vaultlint.toml",
    description = "The configuration of vaultlint, which checks the supersession declarations of a Markdown vault."
)]
pub struct Config {
    /// In a subfolder of a vault: this folder is a vault of its own, not a
    /// part of the vault around it.
    #[serde(default)]
    pub root: bool,
    /// Globs of paths to leave out, relative to the folder of this file.
    #[serde(default)]
    pub exclude: Vec<String>,
    /// Names of folders, at any depth, that hold dependencies' files and are
    /// not walked (default: node_modules, vendor, bower_components); `[]`
    /// walks them all.
    pub vendored: Option<Vec<String>>,
    /// The extensions of notes, without dots (default: md, markdown, mdx).
    pub extensions: Option<Vec<String>>,
    /// The keys that declare a successor, first one used for new declarations.
    pub successor_keys: Option<Vec<String>>,
    /// The keys with which a newer note names the notes it supersedes.
    pub predecessor_keys: Option<Vec<String>>,
    /// The keys that name the notes correcting this one (default:
    /// `corrected_by`, `corrected-by`, `correctedBy`).
    pub corrected_by_keys: Option<Vec<String>>,
    /// The keys with which a correcting note names the notes it corrects
    /// (default: `corrects`).
    pub corrects_keys: Option<Vec<String>>,
    /// The frontmatter keys that say where a note applies, each a string
    /// or a list of strings; a note without a key applies to every value
    /// of it (default: scope, region, jurisdiction, product,
    /// product_version, audience, lang, platform, platforms).
    pub scope_keys: Option<Vec<String>>,
    /// Days after its `review_due` that a note is still trusted; after
    /// that its verdict is `unknown` (default: off).
    pub review_grace: Option<u32>,
    /// The values of the `authority` key, highest first, e.g. ["statute",
    /// "policy", "guideline", "note"]: a note may not supersede one of
    /// higher authority.
    pub authorities: Option<Vec<String>>,
    /// The vault's own `status` values (case-insensitive), added to the
    /// lifecycle words: none of them is reported as `unknown-status`.
    pub statuses: Option<Vec<String>>,
    /// How `suggest --apply` names successors: `path`, `wikilink` or `wikilink-path`.
    pub link_style: Option<LinkStyle>,
    /// Where dismissed pairs are kept, relative to the vault root.
    pub dismissals: Option<String>,
    /// Where the cache of warm runs is kept, relative to the vault root
    /// (default: `.vaultlint_cache`): a folder inside the vault, not the
    /// vault root itself.
    #[schemars(with = "Option<String>")]
    pub cache_dir: Option<Spanned<String>>,
    /// The frontmatter key that lists the rules silenced for a whole note
    /// (default: `vaultlint-ignore`).
    pub suppression_key: Option<String>,
    /// The address of each rule's documentation, with `{code}` standing for
    /// the rule's code; SARIF output gives it as the rule's `helpUri`.
    pub docs_url: Option<String>,
    /// The rules in use, by code or family (`all` for every rule); replaces
    /// the default of every rule.
    #[serde(default)]
    #[schemars(schema_with = "selectors_schema")]
    pub select: Option<Vec<Spanned<String>>>,
    /// Rules or families to use beside those selected.
    #[serde(default)]
    #[schemars(schema_with = "selectors_schema")]
    pub extend_select: Vec<Spanned<String>>,
    /// Rules or families not to use.
    #[serde(default)]
    #[schemars(schema_with = "selectors_schema")]
    pub ignore: Vec<Spanned<String>>,
    /// Folder rules: each note under a folder `older` matches is superseded
    /// by the note at the same relative path under `newer`.
    #[serde(default)]
    pub supersede: Vec<SupersedeRule>,
    #[serde(default)]
    pub suggest: SuggestConfig,
    /// What the indexer that reads the vault honours of a declaration:
    /// `check` reports each retired note it would serve as current
    /// (`unhonoured-declaration`), and `suggest` writes only what it reads.
    pub index: Option<IndexConfig>,
    /// A severity per rule code: `error`, `warning` or `off`.
    #[serde(default)]
    #[schemars(schema_with = "rules_schema")]
    pub rules: BTreeMap<Spanned<String>, Level>,
    /// The file this came from.
    #[serde(skip)]
    pub file: Option<PathBuf>,
}

/// One `[[supersede]]` table.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SupersedeRule {
    /// A glob of the folders whose notes are superseded, relative to the
    /// vault root: `versioned_docs/version-*`.
    #[schemars(with = "String")]
    pub older: Spanned<String>,
    /// The folder holding the notes that supersede them, at the same
    /// relative paths: `docs`.
    pub newer: String,
}

/// `[suggest]`: how `vaultlint suggest` finds version pairs.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SuggestConfig {
    /// Pairs scoring below this are not suggested (0 to 1).
    #[schemars(with = "Option<f64>", range(min = 0.0, max = 1.0))]
    pub min_score: Option<Spanned<f64>>,
    /// Read the git history to tell which version is older.
    pub git: Option<bool>,
}

/// `[index]`: the declaration contract of the indexer reading the vault,
/// a preset and any key of it set otherwise.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct IndexConfig {
    /// `superseded-by-path` (the default): one key, `superseded_by`, holding
    /// a single path from the vault root with its extension; nothing else
    /// retires a note. `generic`: everything vaultlint reads.
    pub preset: Option<IndexPreset>,
    /// The successor keys the indexer reads; the first is the one written.
    pub keys: Option<Vec<String>>,
    /// Whether a list of successors retires a note.
    pub lists: Option<bool>,
    /// `path`: the value must be the successor's path from the vault root,
    /// with its extension; `any`: any form vaultlint resolves.
    pub form: Option<IndexForm>,
    /// Whether `supersedes` on the newer note alone retires the older.
    pub supersedes: Option<bool>,
    /// Whether a `status` alone (`superseded`, `revoked`) retires a note.
    pub status: Option<bool>,
}

/// A named indexer contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum IndexPreset {
    SupersededByPath,
    Generic,
}

/// The value form an indexer reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum IndexForm {
    Path,
    Any,
}

impl IndexConfig {
    /// The contract: the preset's, with the keys set here in its place.
    pub fn contract(&self, successor_keys: &[String]) -> vaultlint_analysis::rules::index::IndexContract {
        let name = match self.preset.unwrap_or(IndexPreset::SupersededByPath) {
            IndexPreset::SupersededByPath => "superseded-by-path",
            IndexPreset::Generic => "generic",
        };
        let mut contract = vaultlint_analysis::rules::index::IndexContract::preset(name, successor_keys)
            .expect("a preset the config names");
        if let Some(keys) = self.keys.as_ref().filter(|k| !k.is_empty()) {
            contract.keys.clone_from(keys);
        }
        if let Some(form) = self.form {
            contract.paths = form == IndexForm::Path;
        }
        contract.lists = self.lists.unwrap_or(contract.lists);
        contract.supersedes = self.supersedes.unwrap_or(contract.supersedes);
        contract.status = self.status.unwrap_or(contract.status);
        contract
    }
}

/// A config file that cannot be used: where, why, and what would do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub file: PathBuf,
    /// The file's text, for the snippet.
    pub text: String,
    pub span: Option<Range<usize>>,
    pub message: String,
    pub help: Option<String>,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConfigError {}

/// The config for a vault at `root`: the file named by `explicit`, else
/// the nearest of [`FILES`] in `root` or its ancestors; none when
/// `isolated`.
pub fn resolve(explicit: Option<&Path>, isolated: bool, root: &Path) -> Result<Config, ConfigError> {
    if isolated {
        return Ok(Config::default());
    }
    if let Some(file) = explicit {
        return load(file);
    }
    match discover(root) {
        // A config in the vault that is a link out of it is not read: its
        // text would be shown if it were invalid. (One above the vault, or
        // named by `--config`, is read where it is.)
        Some(file) if file.starts_with(root) && crate::files::leads_out(&file, root) => Err(ConfigError {
            file,
            text: String::new(),
            span: None,
            message: "it is a link that leads out of the vault, so it is not read".into(),
            help: Some("name the config with --config to use it".into()),
        }),
        Some(file) => load(&file),
        None => Ok(Config::default()),
    }
}

/// Whether `path`, taken from the vault root, names a folder inside the
/// vault other than the root itself. Decided by the path alone: it is
/// relative and has no `..` (which a link on the way could take anywhere).
fn names_a_folder_inside(path: &str) -> bool {
    use std::path::Component;
    let mut parts = Path::new(path).components().filter(|c| *c != Component::CurDir).peekable();
    parts.peek().is_some() && parts.all(|c| matches!(c, Component::Normal(_)))
}

/// The nearest config file in `start` or its ancestors: the first of
/// [`FILES`] that is there, whatever it is, so that a folder or a named
/// pipe in its place is an error rather than skipped.
pub fn discover(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .flat_map(|dir| FILES.iter().map(move |f| dir.join(f)))
        .find(|f| f.symlink_metadata().is_ok())
}

pub fn load(file: &Path) -> Result<Config, ConfigError> {
    let error = |text: &str, span, message: String, help| ConfigError {
        file: file.to_path_buf(),
        text: text.to_string(),
        span,
        message,
        help,
    };
    let text = crate::files::read_regular(file)
        .and_then(|bytes| String::from_utf8(bytes).map_err(std::io::Error::other))
        .map_err(|e| error("", None, format!("cannot read: {e}"), None))?;
    let mut config: Config = toml::from_str(&text).map_err(|e| {
        let message = e.message().trim().to_string();
        let help = misspelt(&message).map(|(wrong, valid)| match closest(&wrong, valid) {
            Some(near) => format!("did you mean `{near}`? Valid keys: {}", valid.join(", ")),
            None => format!("valid keys: {}", valid.join(", ")),
        });
        error(&text, e.span(), message, help)
    })?;
    if let Some(Invalid { span, message, help }) = invalid(&config) {
        return Err(error(&text, span, message, help));
    }
    config.file = Some(file.to_path_buf());
    Ok(config)
}

/// What is wrong with a config that parsed: where, what, and how to fix it.
struct Invalid {
    span: Option<std::ops::Range<usize>>,
    message: String,
    help: Option<String>,
}

impl Invalid {
    fn at(span: std::ops::Range<usize>, message: String, help: Option<String>) -> Invalid {
        Invalid { span: Some(span), message, help }
    }

    fn whole(message: String, help: Option<String>) -> Invalid {
        Invalid { span: None, message, help }
    }
}

/// The first value of a parsed config that cannot be used: an unknown rule
/// or selector, a folder rule that is no glob, a cache folder outside the
/// vault, an empty list where one value is needed.
fn invalid(config: &Config) -> Option<Invalid> {
    for name in config.select.iter().flatten().chain(&config.extend_select).chain(&config.ignore) {
        if Selector::parse(name.get_ref()).is_none() {
            return Some(Invalid::at(name.span(), Selector::unknown(name.get_ref()), None));
        }
    }
    for rule in &config.supersede {
        if let Err(why) = vaultlint_model::folder_rule::FolderRule::new(rule.older.get_ref(), &rule.newer) {
            return Some(Invalid::at(rule.older.span(), why, None));
        }
    }
    for name in config.rules.keys() {
        if Code::from_name(name.get_ref()).is_none() {
            let names: Vec<&str> = Code::ALL.iter().map(|c| c.name()).collect();
            let help = closest(name.get_ref(), &names).map(|n| format!("did you mean `{n}`?"));
            return Some(Invalid::at(name.span(), format!("no rule is called `{}`", name.get_ref()), help));
        }
    }
    if let Some(dir) = &config.cache_dir
        && !names_a_folder_inside(dir.get_ref())
    {
        return Some(Invalid::at(
            dir.span(),
            format!(
                "`cache-dir` must name a folder inside the vault, not `{}`: a path relative to the vault \
                 root, without `..`, and not the vault root itself",
                dir.get_ref()
            ),
            None,
        ));
    }
    if let Some(score) = &config.suggest.min_score
        && !(0.0..=1.0).contains(score.get_ref())
    {
        return Some(Invalid::at(score.span(), "`min-score` is a number from 0 to 1".into(), None));
    }
    let key_lists = [
        ("successor-keys", &config.successor_keys),
        ("corrected-by-keys", &config.corrected_by_keys),
        ("corrects-keys", &config.corrects_keys),
    ];
    if let Some((name, _)) = key_lists.iter().find(|(_, keys)| keys.as_ref().is_some_and(Vec::is_empty)) {
        return Some(Invalid::whole(format!("`{name}` needs at least one key"), None));
    }
    if let Some(extensions) = &config.extensions
        && (extensions.is_empty() || extensions.iter().any(|e| e.trim_start_matches('.').is_empty()))
    {
        return Some(Invalid::whole(
            "`extensions` needs at least one extension, e.g. [\"md\", \"mdx\"]".into(),
            None,
        ));
    }
    if let Some(statuses) = &config.statuses
        && statuses.is_empty()
    {
        return Some(Invalid::whole("`statuses` needs at least one value".into(), None));
    }
    None
}

/// From serde's "unknown field `x`, expected ..." message: the unknown
/// name and the keys valid where it stands.
fn misspelt(message: &str) -> Option<(String, &'static [&'static str])> {
    let rest = message.strip_prefix("unknown field `")?;
    let wrong = rest.split('`').next()?.to_string();
    let valid =
        if SUGGEST_KEYS.iter().any(|k| message.contains(&format!("`{k}`"))) { SUGGEST_KEYS } else { KEYS };
    Some((wrong, valid))
}

/// The valid key or rule name closest to a misspelt one.
fn closest<'a>(wrong: &str, valid: &[&'a str]) -> Option<&'a str> {
    vaultlint_core::text::closest(wrong, valid.iter().copied(), 0.7)
}

/// The schema of `selectors`: codes and family names, or `all`.
fn selectors_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let names: Vec<&str> = std::iter::once("all")
        .chain(vaultlint_core::code::Family::ALL.iter().map(|f| f.name()))
        .chain(Code::ALL.iter().map(|c| c.name()))
        .collect();
    schema(serde_json::json!({ "type": "array", "items": { "enum": names } }))
}

/// The schema of `[rules]`: one key per code, none other.
fn rules_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let level = generator.subschema_for::<Level>();
    let properties: serde_json::Map<String, serde_json::Value> =
        Code::ALL.iter().map(|c| (c.name().to_string(), level.clone().to_value())).collect();
    schema(serde_json::json!({
        "description": "A severity per rule code: `error`, `warning` or `off`.",
        "type": "object",
        "properties": properties,
        "additionalProperties": false,
    }))
}

fn schema(value: serde_json::Value) -> schemars::Schema {
    schemars::Schema::try_from(value).expect("a schema is a JSON object")
}

/// The JSON Schema of `vaultlint.toml`, as committed in
/// `vaultlint.schema.json` for editors (Taplo, Even Better TOML) to read.
pub fn json_schema() -> String {
    let schema =
        schemars::generate::SchemaSettings::draft07().into_generator().into_root_schema_for::<Config>();
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema serializes");
    text.push('\n');
    text
}

impl Config {
    /// The keys of each side of a declaration, the defaults where unset.
    pub fn declaration_keys(&self) -> vaultlint_syntax::note::DeclarationKeys {
        let set =
            [&self.successor_keys, &self.predecessor_keys, &self.corrected_by_keys, &self.corrects_keys];
        let mut keys = vaultlint_syntax::note::default_keys();
        for (keys, set) in keys.iter_mut().zip(set) {
            if let Some(set) = set {
                keys.clone_from(set);
            }
        }
        keys
    }

    /// Scope keys, authorities and the review grace, the defaults where unset.
    pub fn terms(&self) -> vaultlint_model::vault::Terms {
        let mut terms = vaultlint_model::vault::Terms::default();
        if let Some(keys) = &self.scope_keys {
            terms.scope_keys.clone_from(keys);
        }
        terms.authorities = self.authorities.clone().unwrap_or_default();
        terms.review_grace = self.review_grace;
        terms
    }

    /// The keys set that only the vault's root config may set.
    pub fn vault_wide_keys(&self) -> Vec<&'static str> {
        let set = [
            ("vendored", self.vendored.is_some()),
            ("extensions", self.extensions.is_some()),
            ("successor-keys", self.successor_keys.is_some()),
            ("predecessor-keys", self.predecessor_keys.is_some()),
            ("corrected-by-keys", self.corrected_by_keys.is_some()),
            ("corrects-keys", self.corrects_keys.is_some()),
            ("scope-keys", self.scope_keys.is_some()),
            ("review-grace", self.review_grace.is_some()),
            ("authorities", self.authorities.is_some()),
            ("statuses", self.statuses.is_some()),
            ("link-style", self.link_style.is_some()),
            ("index", self.index.is_some()),
            ("dismissals", self.dismissals.is_some()),
            ("cache-dir", self.cache_dir.is_some()),
            ("suppression-key", self.suppression_key.is_some()),
            ("docs-url", self.docs_url.is_some()),
            ("supersede", !self.supersede.is_empty()),
            ("suggest", self.suggest.min_score.is_some() || self.suggest.git.is_some()),
        ];
        let keys: Vec<&'static str> = set.iter().filter(|(_, on)| *on).map(|(k, _)| *k).collect();
        debug_assert!(keys.iter().all(|k| !NESTED_KEYS.contains(k)));
        keys
    }

    /// The file's `select`, `extend-select` and `ignore`.
    pub fn selection(&self) -> Selection {
        let parse = |list: &[Spanned<String>]| -> Vec<Selector> {
            list.iter().filter_map(|s| Selector::parse(s.get_ref())).collect()
        };
        Selection {
            select: self.select.as_deref().map(parse),
            extend_select: parse(&self.extend_select),
            ignore: parse(&self.ignore),
        }
    }

    /// Lays this file's selection and severities over `levels`.
    pub fn apply(&self, levels: &mut RuleLevels) {
        levels.select(&self.selection());
        for (code, level) in self.levels() {
            levels.set(code, level);
        }
    }

    /// The `[[supersede]]` tables, read.
    pub fn folder_rules(&self) -> Vec<vaultlint_model::folder_rule::FolderRule> {
        let rules = self
            .supersede
            .iter()
            .map(|r| vaultlint_model::folder_rule::FolderRule::new(r.older.get_ref(), &r.newer));
        // Each was checked when the file was read.
        rules.filter_map(Result::ok).collect()
    }

    /// The severity the file sets for `code`, if any.
    pub fn level(&self, code: Code) -> Option<Level> {
        self.rules.iter().find(|(name, _)| name.get_ref() == code.name()).map(|(_, level)| *level)
    }

    /// Every configured severity, by code.
    pub fn levels(&self) -> Vec<(Code, Level)> {
        self.rules
            .iter()
            .filter_map(|(name, level)| Some((Code::from_name(name.get_ref())?, *level)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, ConfigError> {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("vaultlint.toml");
        std::fs::write(&file, text).unwrap();
        load(&file)
    }

    #[test]
    fn every_key() {
        let c = parse(
            "exclude = [\"drafts/**\"]\nsuccessor-keys = [\"replaced_by\"]\nlink-style = \"wikilink\"\n\
             predecessor-keys = [\"obsoletes\"]\nstatuses = [\"live\", \"retired\"]\n\
             dismissals = \"meta/dismissed.txt\"\n[suggest]\nmin-score = 0.7\ngit = false\n\
             [rules]\nsuspected-version = \"off\"\nstatus-conflict = \"error\"\n",
        )
        .unwrap();
        assert_eq!(c.exclude, ["drafts/**"]);
        assert_eq!(c.link_style, Some(LinkStyle::Wikilink));
        assert_eq!(c.predecessor_keys.as_deref(), Some(&["obsoletes".to_string()][..]));
        assert_eq!(c.statuses.as_deref(), Some(&["live".to_string(), "retired".to_string()][..]));
        assert_eq!(c.suggest.min_score.as_ref().map(|s| *s.get_ref()), Some(0.7));
        assert_eq!(c.level(Code::SuspectedVersion), Some(Level::Off));
        assert_eq!(c.level(Code::MissingSuccessor), None);
    }

    #[test]
    fn errors_point_at_the_place() {
        let e = parse("exclude = []\nexlude = [\"x\"]\n").unwrap_err();
        assert_eq!(e.span, Some(13..19));
        assert!(e.help.as_deref().unwrap().starts_with("did you mean `exclude`?"), "{e:?}");
        let e = parse("[suggest]\nmin-scor = 0.5\n").unwrap_err();
        assert!(e.help.as_deref().unwrap().starts_with("did you mean `min-score`?"), "{e:?}");
        let e = parse("[suggest]\nmin-score = \"high\"\n").unwrap_err();
        assert_eq!(&e.text[e.span.clone().unwrap()], "\"high\"");
        let e = parse("[rules]\nmissing-sucessor = \"off\"\n").unwrap_err();
        assert_eq!(e.help.as_deref(), Some("did you mean `missing-successor`?"));
        let e = parse("[rules]\nmissing-successor = \"loud\"\n").unwrap_err();
        assert!(e.message.contains("unknown variant"), "{e:?}");
        let e = parse("statuses = []\n").unwrap_err();
        assert_eq!(e.message, "`statuses` needs at least one value");
        let e = parse("[suggest]\nmin-score = 2.0\n").unwrap_err();
        assert_eq!(e.message, "`min-score` is a number from 0 to 1");
    }
}
