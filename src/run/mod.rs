//! What each subcommand does at the command line: its flags made into
//! settings, the workflow of `vaultlint_workspace::commands` run, and the
//! result rendered in the chosen format with the exit status it earns.
//! Nothing here prints but the interactive review and the messages of
//! standard error that accompany a run; `main` writes the output.

pub mod check;
pub mod lineage;
pub mod suggest;

use crate::cli::{self, Cli};
use crate::output;
use vaultlint_core::diagnostic::Diagnostic;
use vaultlint_core::text::sanitize;
use vaultlint_workspace::settings::{Flags, Settings, SettingsError};

/// Exit status 1: findings that fail the run.
pub const FAILED: u8 = 1;
/// Exit status 2: a usage or fatal error.
pub const FATAL: u8 = 2;

/// A subcommand's output and exit status, or the error that stopped it.
pub type Outcome = Result<(String, u8), SettingsError>;

/// The error as the one message standard error shows: a config file's
/// with its snippet.
pub fn message(error: SettingsError, style: output::Style) -> String {
    match error {
        // A reason may quote a PATH as given: made safe for the terminal.
        SettingsError::Usage(reason) => reason,
        SettingsError::Config(error) => output::config_error(&error, style),
    }
}

/// The settings for a command: its flags over the config file.
pub fn settings(cli: &Cli, flags: Flags) -> Result<Settings, SettingsError> {
    let settings = resolved(cli, flags)?;
    if let Some((dir, why)) = &settings.cache_refused {
        eprintln!(
            "vaultlint: warning: not using {} as the cache ({}); running without the cache",
            sanitize(&dir.display().to_string()),
            sanitize(why)
        );
    }
    Ok(settings)
}

/// The settings for a command, saying nothing of a cache folder refused.
fn resolved(cli: &Cli, flags: Flags) -> Result<Settings, SettingsError> {
    let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    let flags =
        Flags { config: cli.config.as_deref(), isolated: cli.isolated, threads: cli.threads, ..flags };
    Settings::resolve(&flags, &cwd)
}

/// The settings of a command that needs every PATH to exist.
pub fn settings_all_found(cli: &Cli, flags: Flags) -> Result<Settings, SettingsError> {
    let settings = settings(cli, flags)?;
    match settings.scope.missing.first() {
        Some(path) => Err(format!("cannot open `{}`: no such file or folder", sanitize(path)).into()),
        None => Ok(settings),
    }
}

pub fn vault_flags(vault: &cli::VaultArgs) -> Flags<'_> {
    Flags {
        paths: &vault.paths,
        root: vault.root.as_deref(),
        exclude: &vault.exclude,
        no_cache: vault.cache.no_cache,
        cache_dir: vault.cache.cache_dir.as_deref(),
        ..Flags::default()
    }
}

/// Says on standard error what could not be read (of the paths `keep`
/// accepts); whether a file or folder could not be read, which makes the
/// output partial and fails the run. A note whose frontmatter is not valid
/// YAML is still listed (and in the map as `unreadable`): it is a finding of
/// `check`, so here it is a warning, one line however many there are.
pub fn report_unread(vault: &vaultlint_model::vault::Vault, keep: &dyn Fn(&str) -> bool) -> bool {
    use vaultlint_core::code::Code::InvalidFrontmatter;
    let (frontmatter, files): (Vec<&Diagnostic>, Vec<&Diagnostic>) = vault
        .unread_problems()
        .into_iter()
        .filter(|p| keep(&p.path))
        .partition(|p| p.code == InvalidFrontmatter);
    for p in &files {
        eprintln!("vaultlint: {}: not read: {}", sanitize(&p.path), sanitize(&p.message));
    }
    if !files.is_empty() {
        // Exit status 2 otherwise reads as a run that stopped.
        eprintln!(
            "vaultlint: {} not read; the output covers every other note, and the exit status is 2 \
             because it is not whole",
            vaultlint_core::text::plural(files.len(), "file")
        );
    }
    match frontmatter.as_slice() {
        [] => {}
        [one] => eprintln!(
            "vaultlint: warning: {}: declarations not read: {}",
            sanitize(&one.path),
            sanitize(&one.message)
        ),
        [first, ..] => eprintln!(
            "vaultlint: warning: the declarations of {} notes were not read, their frontmatter is not \
             valid YAML (the first: {}); `vaultlint check` shows each",
            frontmatter.len(),
            sanitize(&first.path)
        ),
    }
    !files.is_empty()
}

/// `clean`: removes the vault's cache folder.
pub fn clean(args: &cli::CleanArgs, cli: &Cli) -> Outcome {
    let settings = resolved(cli, vault_flags(&args.vault))?;
    if let Some((dir, why)) = &settings.cache_refused {
        let shown = sanitize(&dir.display().to_string()).into_owned();
        return Err(format!("cannot remove the cache {shown}: {why}; nothing in it was removed").into());
    }
    let Some(cache) = &settings.cache else { return Ok((String::new(), 0)) };
    let shown = sanitize(&cache.dir.display().to_string()).into_owned();
    match vaultlint_workspace::cache::clean(cache) {
        Ok(true) => Ok((format!("removed the cache {shown}\n"), 0)),
        Ok(false) => Ok((format!("no cache at {shown}\n"), 0)),
        Err(e) => Err(format!("cannot remove the cache {shown}: {e}").into()),
    }
}

/// `server`: the language server on stdio until the client shuts it down.
pub fn server() -> Outcome {
    let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    let ending = vaultlint_server::server::serve_stdio(&cwd)?;
    Ok((String::new(), ending.status()))
}

/// `rule CODE`: a rule's explanation; `rule --all`: every rule's summary.
pub fn rule(args: &cli::RuleArgs) -> Outcome {
    use vaultlint_core::code::Code;
    let json = args.format == cli::RuleFormat::Json;
    let Some(name) = &args.code else {
        return Ok((if json { output::rule::all_json() } else { output::rule::all_full() }, 0));
    };
    let Some(code) = Code::from_name(name) else {
        let names = Code::ALL.iter().map(|c| c.name());
        let hint = match vaultlint_core::text::closest(name, names, 0.7) {
            Some(near) => format!("; did you mean `{near}`?"),
            None => "; `vaultlint rule --all` lists them".into(),
        };
        return Err(format!("no rule is called `{name}`{hint}").into());
    };
    Ok((if json { output::rule::json(code) } else { output::rule::full(code) }, 0))
}
