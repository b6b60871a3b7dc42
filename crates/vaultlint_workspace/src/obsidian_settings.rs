//! Reading an Obsidian vault's settings from its `.obsidian/` folder; what
//! they mean is [`vaultlint_model::obsidian`]'s. Every file is optional,
//! and one that cannot be read or parsed is as if absent, as is one that
//! is a link out of the vault (its text is not read).

use std::path::Path;
use vaultlint_model::obsidian::Obsidian;

/// The settings under `root/.obsidian`.
pub fn read(root: &Path) -> Obsidian {
    let dir = root.join(".obsidian");
    let read_json = |name: &str| {
        let file = dir.join(name);
        if crate::files::leads_out(&file, root) {
            return None;
        }
        let text = crate::files::read_small(&file)?;
        serde_json::from_str(&text).ok()
    };
    Obsidian::from_files(&read_json, &|folder| root.join(folder).is_dir(), published(root))
}

/// The folders of the collections a Jekyll site at `root` declares in its
/// `_config.yml` (`collections:`, as a mapping or a list, under its
/// `source` and `collections_dir` where it names them): each `_name/` holds the site's
/// pages, whatever its name says (a collection `templates` of page
/// templates is published from `_templates/`).
fn published(root: &Path) -> Vec<String> {
    use yaml_rust2::{Yaml, YamlLoader};
    let file = root.join("_config.yml");
    if crate::files::leads_out(&file, root) {
        return Vec::new();
    }
    let Some(text) = crate::files::read_small(&file) else { return Vec::new() };
    let Ok(docs) = YamlLoader::load_from_str(&text) else { return Vec::new() };
    let Some(config) = docs.first() else { return Vec::new() };
    let names: Vec<&str> = match &config["collections"] {
        Yaml::Hash(map) => map.keys().filter_map(Yaml::as_str).collect(),
        Yaml::Array(list) => list.iter().filter_map(Yaml::as_str).collect(),
        _ => Vec::new(),
    };
    let folder = |key: &str| {
        let dir = config[key].as_str().map(|d| d.trim_start_matches("./").trim_matches('/'));
        dir.filter(|d| !d.is_empty() && !d.split('/').any(|part| part == "..")).map(|d| format!("{d}/"))
    };
    let under =
        format!("{}{}", folder("source").unwrap_or_default(), folder("collections_dir").unwrap_or_default());
    let mut folders: Vec<String> = names
        .into_iter()
        .filter(|name| !name.is_empty() && !name.contains(['/', '\\']))
        .map(|name| format!("{under}_{name}"))
        .collect();
    folders.sort();
    folders.dedup();
    folders
}
