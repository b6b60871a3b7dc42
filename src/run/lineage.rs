//! `lineage` and `graph`: a note's versions, the eligibility map of the
//! whole vault or its changes since a commit, and the supersession graph.

use super::{FATAL, Outcome, report_unread, settings_all_found, vault_flags};
use crate::cli::{self, Cli, LineageFormat};
use crate::output::{self, Style};
use vaultlint_workspace::commands;
use vaultlint_workspace::settings::Flags;

/// `lineage`: the versions of the named notes, or the map of every note,
/// or the events since a commit.
pub fn lineage(args: &cli::LineageArgs, cli: &Cli, style: Style) -> Outcome {
    let format = args.format.unwrap_or(if args.all { LineageFormat::Json } else { LineageFormat::Full });
    if args.all && format == LineageFormat::Full {
        return Err("--all lists every note for a program; use --format json, jsonl or ignore".into());
    }
    if !args.all && matches!(format, LineageFormat::Jsonl | LineageFormat::Ignore) {
        return Err("--format jsonl and ignore are for the map of every note; add --all".into());
    }
    // A NOTE that is no file is a note's name or alias, as Obsidian users
    // name notes (`vaultlint lineage "Project plan"`), looked up in the
    // vault the other paths (or the current folder) are in.
    let (paths, names): (Vec<_>, Vec<_>) = if args.all {
        (args.paths.clone(), Vec::new())
    } else {
        args.paths.iter().cloned().partition(|p| std::fs::symlink_metadata(p).is_ok())
    };
    let names: Vec<String> = names.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let flags = Flags {
        paths: &paths,
        root: args.root.as_deref(),
        exclude: &args.exclude,
        no_cache: args.cache.no_cache,
        cache_dir: args.cache.cache_dir.as_deref(),
        as_of: args.as_of,
        ..Flags::default()
    };
    let settings = settings_all_found(cli, flags)?;
    let scope =
        (!args.scope.is_empty()).then(|| vaultlint_syntax::scope::Scope::parse(&args.scope)).transpose()?;
    let map = commands::lineage::MapOptions { scope, suspected: args.verdict_suspected };
    if let Some(reference) = &args.since {
        let since = commands::lineage::since(&settings, reference, &map)?;
        if format == LineageFormat::Ignore {
            return Err(
                "--since lists events, which an ignore file cannot hold; use --format json or jsonl".into()
            );
        }
        let jsonl = format == LineageFormat::Jsonl;
        return Ok((
            output::lineage::events(&settings.root().to_string_lossy(), &since, reference, jsonl),
            0,
        ));
    }
    let lineage = commands::lineage::run(&settings, args.all, &names, &map)?;
    let (vault, analysis) = (&lineage.vault, &lineage.analysis);
    let focus = settings.scope.focus.as_ref();
    let keep = |path: &str| focus.is_none_or(|f| f.contains(path));
    let root = settings.root().to_string_lossy();
    let text = match &lineage.notes {
        None if format == LineageFormat::Jsonl => output::lineage::all_jsonl(vault, analysis, &keep),
        None if format == LineageFormat::Ignore => output::lineage::ignore(&root, vault, analysis, &keep),
        None => output::lineage::all_json(&root, vault, analysis, &keep),
        Some(notes) if format == LineageFormat::Json => output::lineage::json(&root, vault, analysis, notes),
        Some(notes) => output::lineage::full(vault, analysis, notes, style),
    };
    // The map is printed, with its `errors`; a file or folder that could
    // not be read fails the run, so no pipeline takes the map as whole.
    let unread = report_unread(vault, &keep);
    Ok((text, if unread { FATAL } else { 0 }))
}

/// `graph`: the supersession graph as DOT or Mermaid.
pub fn graph(args: &cli::GraphArgs, cli: &Cli) -> Outcome {
    let flags = Flags { as_of: args.as_of, ..vault_flags(&args.vault) };
    let settings = settings_all_found(cli, flags)?;
    let drawn = commands::graph::run(&settings)?;
    let focus = settings.scope.focus.as_ref();
    let text = match args.format {
        cli::GraphFormat::Dot => output::graph::dot(&drawn.vault, &drawn.graph, &drawn.life, focus),
        cli::GraphFormat::Mermaid => output::graph::mermaid(&drawn.vault, &drawn.graph, &drawn.life, focus),
    };
    Ok((text, 0))
}
