//! The command line and the config file resolved once into one value that
//! every command reads: which vault, which notes, how to read them, what
//! the rules judge against. Flags on the command line beat the file.

use crate::config::{self, Config, ConfigError};
use crate::root::{self, Scope};
use crate::walk::WalkOptions;
use std::path::{Path, PathBuf};
use vaultlint_analysis::rules;
use vaultlint_analysis::suggest;
use vaultlint_core::code::{Code, RuleLevels, Selection};
use vaultlint_core::date::{self, Day};
use vaultlint_model::dismissals::{self, Dismissals};
use vaultlint_model::obsidian::Obsidian;
use vaultlint_syntax::link::LinkStyle;
use vaultlint_syntax::note::{self, Reading};

/// What the command line says, before the config file is read.
#[derive(Debug, Clone, Default)]
pub struct Flags<'a> {
    pub paths: &'a [PathBuf],
    pub root: Option<&'a Path>,
    pub exclude: &'a [String],
    /// `--config FILE`, and `--isolated`.
    pub config: Option<&'a Path>,
    pub isolated: bool,
    pub threads: usize,
    pub as_of: Option<Day>,
    pub min_score: Option<f64>,
    pub no_git: bool,
    pub link_style: Option<LinkStyle>,
    /// `--select`, `--extend-select` and `--ignore`.
    pub selection: Selection,
    /// `--strict`: blanket suppressions are reported.
    pub strict: bool,
    /// `--no-cache`, and `--cache-dir` (or `VAULTLINT_CACHE_DIR`).
    pub no_cache: bool,
    pub cache_dir: Option<&'a Path>,
    /// The one PATH is the note read from standard input (`check -`), or
    /// its folder when it is not saved yet.
    pub stdin: bool,
}

/// Why the settings cannot be made.
#[derive(Debug)]
pub enum SettingsError {
    /// A PATH or flag that cannot be used, in one line.
    Usage(String),
    /// The config file, with its place for a snippet.
    Config(Box<ConfigError>),
}

impl From<String> for SettingsError {
    fn from(reason: String) -> Self {
        SettingsError::Usage(reason)
    }
}

impl From<&str> for SettingsError {
    fn from(reason: &str) -> Self {
        SettingsError::Usage(reason.to_string())
    }
}

/// Everything a run needs to know, resolved once from the command line
/// and the configs: the vault and its focus, how to walk and read it, the
/// rules and their severities, the similarity pass, the cache.
#[derive(Debug, Clone)]
pub struct Settings {
    pub scope: Scope,
    pub walk: WalkOptions,
    /// The keys of each side of a declaration, in [`note::Side::ALL`] order.
    pub keys: note::DeclarationKeys,
    /// What the rules judge against, and how written links name notes.
    pub rules: rules::Options,
    pub suggest: suggest::Options,
    /// The dismissal file.
    pub dismissals: PathBuf,
    /// What the vault's Obsidian settings say.
    pub obsidian: Obsidian,
    /// What the configs of the vault's Docusaurus sites say of their live docs.
    pub docusaurus_sites: Vec<vaultlint_model::version_roots::DocusaurusSite>,
    /// The frontmatter key that silences rules for a whole note.
    pub suppression_key: String,
    /// Where each rule's documentation is, `{code}` standing for its code.
    pub docs_url: Option<String>,
    /// The config's `[[supersede]]` folder rules.
    pub folder_rules: Vec<vaultlint_model::folder_rule::FolderRule>,
    /// Scope keys, authorities and the review grace.
    pub terms: vaultlint_model::vault::Terms,
    /// The config file, if one was read.
    pub config_file: Option<PathBuf>,
    /// The cache of warm runs; `None` with `--no-cache`, and when the
    /// folder named cannot be the cache.
    pub cache: Option<crate::cache::Cache>,
    /// The folder named for the cache, and why it is not used, when it
    /// cannot be the cache ([`crate::cache::Cache::refusal`]): the run
    /// goes on without it.
    pub cache_refused: Option<(PathBuf, String)>,
    /// The note on standard input is in no vault (no `.obsidian/`, config
    /// or git work tree above it): it is checked alone, its folder is not
    /// walked and no cache is written.
    pub alone: bool,
    /// The root config, for the configs in subfolders to be laid over.
    config: std::sync::Arc<Config>,
    /// The command line's rule selection, laid over every config.
    selection: Selection,
}

/// What the configs in subfolders of the vault say.
#[derive(Debug, Default)]
pub struct Nested {
    /// Each folder's rules (`a/b/`), deepest first.
    pub levels: Vec<(String, RuleLevels)>,
    /// Their `exclude` globs, from the vault root; and the folders that
    /// are vaults of their own (`root = true`).
    exclude: Option<ignore::overrides::Override>,
}

impl Nested {
    /// Whether a config in a subfolder leaves `path` out.
    pub fn excludes(&self, path: &str) -> bool {
        self.exclude.as_ref().is_some_and(|o| o.matched(path, false).is_ignore())
    }
}

impl Settings {
    /// Works out the vault from the PATHs, finds and reads its config,
    /// and lets the flags beat the file.
    pub fn resolve(flags: &Flags, cwd: &Path) -> Result<Settings, SettingsError> {
        let mut scope = root::scope(flags.paths, flags.root, cwd)?;
        let lone = match flags.paths {
            [given] if flags.stdin && flags.root.is_none() => root::folder_in_no_vault(&cwd.join(given)),
            _ => None,
        };
        if let Some(folder) = &lone {
            scope.root = folder.clone();
        }
        let config = config::resolve(flags.config, flags.isolated, &scope.root)
            .map_err(|e| SettingsError::Config(Box::new(e)))?;
        if let Some(file) = &config.dismissals
            && (Path::new(file).is_absolute() || vaultlint_core::paths::normalize("", file).is_none())
        {
            let config = config.file.as_deref().map_or_else(String::new, |f| format!("{}: ", f.display()));
            return Err(SettingsError::Usage(format!(
                "{config}`dismissals = \"{file}\"` leads out of the vault; name a file inside it, relative to the vault root"
            )));
        }
        let mut settings = Settings::merge(scope, config, flags);
        if lone.is_some() {
            settings.alone = true;
            settings.cache = None;
        }
        settings.rules.shown_root = reach(cwd, settings.root());
        if let (Some(_), Some(dir)) = (&settings.cache, flags.cache_dir) {
            settings.cache = Some(crate::cache::Cache::new(cwd.join(dir), settings.root()));
        }
        if let Some(cache) = &settings.cache
            && let Some(why) = cache.refusal()
        {
            settings.cache_refused = Some((cache.dir.clone(), why));
            settings.cache = None;
        }
        let extensions = &settings.walk.extensions;
        if let Some(focus) = &settings.scope.focus
            && let Some(other) = focus
                .notes
                .iter()
                .filter(|n| vaultlint_core::paths::strip_extension(n, extensions).is_none())
                .min()
        {
            return Err(SettingsError::Usage(format!(
                "`{other}` is not a note (its extension is not one of {})",
                extensions.join(", ")
            )));
        }
        Ok(settings)
    }

    fn merge(scope: Scope, config: Config, flags: &Flags) -> Settings {
        let owned = |keys: &[&str]| keys.iter().map(|k| k.to_string()).collect::<Vec<_>>();
        let exclude = if flags.exclude.is_empty() { config.exclude.clone() } else { flags.exclude.to_vec() };
        let mut rules = rules::Options::new(flags.as_of.unwrap_or_else(date::today));
        if let Some(statuses) = &config.statuses {
            // The vault's own words, beside the lifecycle words.
            for status in statuses.iter().map(|s| s.trim().to_lowercase()) {
                if !rules.statuses.contains(&status) {
                    rules.statuses.push(status);
                }
            }
        }
        config.apply(&mut rules.levels);
        rules.levels.select(&flags.selection);
        rules.link_style = flags.link_style.or(config.link_style);
        let mut keys = config.declaration_keys();
        if let Some(index) = &config.index {
            let contract = index.contract(&keys[0]);
            // The key the indexer reads is read, and is the one written.
            if let Some(first) = contract.keys.first() {
                keys[0].retain(|k| k != first);
                keys[0].insert(0, first.clone());
            }
            // New declarations are written as the indexer reads them.
            if contract.paths && flags.link_style.is_none() {
                rules.link_style = Some(LinkStyle::Path);
            }
            rules.index = Some(contract);
        }
        rules.strict = flags.strict;
        let suggest = suggest::Options {
            min_score: flags
                .min_score
                .or(config.suggest.min_score.as_ref().map(|s| *s.get_ref()))
                .unwrap_or(suggest::DEFAULT_MIN_SCORE),
            git: !flags.no_git && config.suggest.git.unwrap_or(true),
        };
        let dismissals = scope.root.join(config.dismissals.as_deref().unwrap_or(dismissals::FILE));
        let cache_dir = config.cache_dir.as_ref().map_or(crate::cache::DEFAULT_DIR, |d| d.get_ref().as_str());
        let cache =
            (!flags.no_cache).then(|| crate::cache::Cache::within(scope.root.join(cache_dir), &scope.root));
        let obsidian = crate::obsidian_settings::read(&scope.root);
        let docusaurus_sites = crate::site_settings::docusaurus_sites(&scope.root);
        let extensions = match &config.extensions {
            Some(list) => list.iter().map(|e| e.trim_start_matches('.').to_lowercase()).collect(),
            None => owned(vaultlint_core::paths::DEFAULT_EXTENSIONS),
        };
        Settings {
            walk: WalkOptions {
                exclude,
                ignore: obsidian.ignore.clone(),
                extensions,
                threads: flags.threads,
                vendored: config.vendored.clone(),
                named_hidden: scope.focus.as_ref().map_or_else(Vec::new, |focus| {
                    let named = focus.folders.iter().chain(&focus.notes);
                    named.filter(|path| crate::walk::hidden_path(path)).cloned().collect()
                }),
            },
            obsidian,
            docusaurus_sites,
            keys,
            rules,
            suggest,
            dismissals,
            scope,
            suppression_key: config
                .suppression_key
                .clone()
                .unwrap_or_else(|| vaultlint_syntax::suppression::DEFAULT_KEY.into()),
            docs_url: config.docs_url.clone(),
            folder_rules: config.folder_rules(),
            terms: config.terms(),
            config_file: config.file.clone(),
            cache,
            cache_refused: None,
            alone: false,
            selection: flags.selection.clone(),
            config: std::sync::Arc::new(config),
        }
    }

    /// Reads the configs the walk found in subfolders (`a/b/`, sorted):
    /// each overrides the rules and excludes of its subtree, over the
    /// configs above it and under the command line's selection.
    pub fn nested(&self, folders: &[String]) -> Result<Nested, SettingsError> {
        if folders.is_empty() {
            return Ok(Nested::default());
        }
        let mut configs: Vec<(&String, Config)> = Vec::new();
        let mut exclude = ignore::overrides::OverrideBuilder::new(self.root());
        for folder in folders {
            let file = config::FILES.iter().map(|f| self.root().join(folder).join(f)).find(|f| f.is_file());
            let Some(file) = file else { continue };
            let config = config::load(&file).map_err(|e| SettingsError::Config(Box::new(e)))?;
            if config.root {
                // A vault of its own, checked on its own.
                let _ = exclude.add(&format!("!/{folder}**"));
                continue;
            }
            if let Some(key) = config.vault_wide_keys().first() {
                return Err(SettingsError::Usage(format!(
                    "{}: `{key}` applies to the whole vault, so it belongs in the vault's root config; a config \
                     in a subfolder sets only {}, unless it says `root = true`",
                    file.display(),
                    "`exclude`, `select`, `extend-select`, `ignore` and `[rules]`"
                )));
            }
            for glob in &config.exclude {
                exclude.add(&format!("!{}", nested_glob(folder, glob))).map_err(|e| {
                    SettingsError::Usage(format!("{}: invalid exclude glob `{glob}`: {e}", file.display()))
                })?;
            }
            configs.push((folder, config));
        }
        let mut levels = Vec::new();
        for (folder, _) in &configs {
            let mut here = RuleLevels::default();
            self.config.apply(&mut here);
            for (_, above) in configs.iter().filter(|(f, _)| folder.starts_with(f.as_str())) {
                above.apply(&mut here);
            }
            here.select(&self.selection);
            levels.push((folder.to_string(), here));
        }
        levels.sort_by_key(|(folder, _)| std::cmp::Reverse(folder.len()));
        let exclude = exclude.build().map_err(|e| SettingsError::Usage(e.to_string()))?;
        Ok(Nested { levels, exclude: (!exclude.is_empty()).then_some(exclude) })
    }

    pub fn root(&self) -> &Path {
        &self.scope.root
    }

    /// How to read notes, with the configured keys: `fingerprint` for the
    /// version detector, `digest` to confirm a file before editing it,
    /// `links` for the links in bodies.
    pub fn reading(&self, fingerprint: bool, digest: bool, links: bool) -> Reading<'_> {
        Reading {
            fingerprint,
            digest,
            links,
            keys: &self.keys,
            suppression_key: &self.suppression_key,
            scope_keys: &self.terms.scope_keys,
        }
    }

    /// The config file's path from the vault root, as findings name it
    /// (`vaultlint.toml` when there is none yet).
    /// Reports on the note at `file` only (as for a note an editor holds),
    /// and gives its vault path.
    pub fn focus_on_note(&mut self, file: &Path) -> Result<String, String> {
        let path = self.note_path(file)?;
        let notes = std::collections::HashSet::from([path.clone()]);
        self.scope.focus = Some(vaultlint_model::focus::Focus { notes, folders: Vec::new() });
        Ok(path)
    }

    /// What the analysis reads of these settings, for the vault it reads.
    pub fn vault_config(&self) -> vaultlint_model::vault::VaultConfig {
        vaultlint_model::vault::VaultConfig {
            successor_keys: self.keys[0].clone(),
            obsidian: self.obsidian.clone(),
            extensions: self.walk.extensions.clone(),
            folder_rules: self.folder_rules.clone(),
            config_name: self.config_name(),
            terms: self.terms.clone(),
            docusaurus_sites: self.docusaurus_sites.clone(),
        }
    }

    pub fn config_name(&self) -> String {
        self.config_file
            .as_ref()
            .map_or_else(|| "vaultlint.toml".into(), |f| vaultlint_core::paths::relative(self.root(), f))
    }

    /// The vault path of the note at `file` (absolute), which need not
    /// exist yet: its folder is resolved, so a path through a link names
    /// the note the walk finds.
    pub fn note_path(&self, file: &Path) -> Result<String, String> {
        let shown = || vaultlint_core::text::sanitize(&file.display().to_string()).into_owned();
        let name = file.file_name().ok_or_else(|| format!("`{}` names no file", shown()))?;
        let folder = file.parent().unwrap_or(Path::new(""));
        let folder = folder.canonicalize().unwrap_or_else(|_| folder.to_path_buf());
        let inside = folder.join(name);
        let relative = inside
            .strip_prefix(self.root())
            .map_err(|_| format!("`{}` is outside the vault root", shown()))?;
        let path = vaultlint_core::paths::relative(Path::new(""), relative);
        let extensions = &self.walk.extensions;
        if vaultlint_core::paths::strip_extension(&path, extensions).is_none() {
            let path = vaultlint_core::text::sanitize(&path);
            return Err(format!(
                "`{path}` is not a note (its extension is not one of {})",
                extensions.join(", ")
            ));
        }
        Ok(path)
    }

    /// The dismissal file's path from the vault root, as findings name it.
    pub fn dismissals_name(&self) -> String {
        vaultlint_core::paths::relative(self.root(), &self.dismissals)
    }

    /// The dismissal file's bytes; never those of a file outside the vault
    /// (a link that leads out of it is not read).
    pub fn read_dismissals(&self) -> std::io::Result<Vec<u8>> {
        crate::files::read_inside(&self.dismissals, self.root())
    }

    /// The dismissal file, read.
    pub fn load_dismissals(&self) -> Dismissals {
        Dismissals::from_read(self.read_dismissals(), &self.dismissals_name())
    }

    /// Whether the similarity pass is worth running for `check`: the
    /// `suspected-version` rule is on somewhere in the vault.
    pub fn suspects_versions(&self) -> bool {
        self.rules.is_on_anywhere(Code::SuspectedVersion)
    }
}

/// A glob of a config in `folder` (`a/b/`), from the vault root: a glob
/// with a `/` is anchored at the folder, one without matches at any depth
/// below it, as in the vault's own config.
fn nested_glob(folder: &str, glob: &str) -> String {
    let anchored = glob.trim_end_matches('/').contains('/');
    let glob = glob.trim_start_matches('/');
    if anchored { format!("/{folder}{glob}") } else { format!("/{folder}**/{glob}") }
}

/// How `root` is reached from `cwd`, as a person types it there: empty when
/// they are one folder, else a path ending in `/`, relative when the two
/// share more than the file system's root, absolute otherwise.
fn reach(cwd: &Path, root: &Path) -> String {
    let cwd = cwd.canonicalize().unwrap_or_else(|_| cwd.to_path_buf());
    let (a, b): (Vec<_>, Vec<_>) = (cwd.components().collect(), root.components().collect());
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common <= 1 && b.len() > 1 {
        return format!("{}/", root.to_string_lossy().trim_end_matches('/'));
    }
    let mut out = String::new();
    for _ in common..a.len() {
        out.push_str("../");
    }
    for part in &b[common..] {
        out.push_str(&part.as_os_str().to_string_lossy());
        out.push('/');
    }
    out
}

#[cfg(test)]
mod reach_tests {
    use super::reach;
    use std::path::Path;

    #[test]
    fn the_root_from_where_vaultlint_ran() {
        let root = Path::new("/nonexistent-vl/home/me/vault");
        assert_eq!(reach(Path::new("/nonexistent-vl/home/me/vault"), root), "");
        assert_eq!(reach(Path::new("/nonexistent-vl/home/me"), root), "vault/");
        assert_eq!(reach(Path::new("/nonexistent-vl/home/me/vault/daily"), root), "../");
        assert_eq!(reach(Path::new("/nonexistent-vl/home/you"), root), "../me/vault/");
        assert_eq!(reach(Path::new("/elsewhere"), root), "/nonexistent-vl/home/me/vault/");
    }
}
