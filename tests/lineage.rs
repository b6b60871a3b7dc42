//! `vaultlint lineage`: a note's versions in order with what is in force
//! on a day, and the map of every note for a retrieval layer.

mod common;
use common::{fixture, vaultlint};

fn run(args: &[&str]) -> (i32, String) {
    let out = vaultlint()
        .args(["lineage", "--color", "never", "--root"])
        .arg(fixture("lineage"))
        .args(args)
        .current_dir(fixture("lineage"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn versions_oldest_first_with_the_one_in_force() {
    // Which expenses policy was in force on each day: the history is
    // reconstructible from the declarations and dates.
    let mut shown = String::new();
    for day in ["2024-06-01", "2025-06-01", "2027-02-01"] {
        let (code, text) = run(&["policies/expenses.md", "--as-of", day]);
        assert_eq!(code, 0, "{text}");
        shown.push_str(&text);
    }
    insta::assert_snapshot!("lineage_expenses", shown);
    let (_, text) = run(&["policies/ai-use-2024.md", "policies/remote-work.md", "--as-of", "2024-07-01"]);
    insta::assert_snapshot!("lineage_draft_and_revoked", text);
}

/// A note named as a wikilink names it (`expenses-2024`, in any case, or
/// `[[expenses]]`) shows what its path shows; a name no note has, or one
/// several have, is an error that says so.
#[test]
fn a_note_is_named_by_its_name_as_a_wikilink_finds_it() {
    let by_path = run(&["policies/expenses.md", "--as-of", "2025-06-01"]);
    assert_eq!(by_path.0, 0, "{}", by_path.1);
    for name in ["expenses", "Expenses", "[[expenses]]"] {
        assert_eq!(run(&[name, "--as-of", "2025-06-01"]), by_path, "{name}");
    }
    let (code, text) = run(&["expenses-policy-2099"]);
    assert_eq!(code, 2);
    assert!(text.contains("no note of the vault has that name or alias"), "{text}");
    // An alias names its note too; a name two notes have names neither.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".vaultlint.toml"), "root = true\n").unwrap();
    std::fs::create_dir_all(dir.path().join("plans/old")).unwrap();
    std::fs::write(dir.path().join("plans/roadmap.md"), "---\naliases: [Project plan]\n---\n# Roadmap\n")
        .unwrap();
    std::fs::write(dir.path().join("plans/old/roadmap.md"), "# Roadmap\n").unwrap();
    let lineage = |name: &str| {
        vaultlint().args(["lineage", name, "--format", "json"]).current_dir(dir.path()).output().unwrap()
    };
    let out = lineage("project plan");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(json.to_string().contains("\"plans/roadmap.md\""), "{json}");
    let out = lineage("roadmap");
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stderr).unwrap();
    assert!(text.contains("`roadmap` names 2 notes (`plans/old/roadmap.md`, `plans/roadmap.md`)"), "{text}");
}

#[test]
fn lineage_json() {
    let (code, text) = run(&["policies/expenses-2024.md", "--format", "json", "--as-of", "2025-06-01"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let versions = &json["lineages"][0]["versions"];
    let standing: Vec<(&str, &str)> = versions
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["path"].as_str().unwrap(), v["standing"].as_str().unwrap()))
        .collect();
    assert_eq!(
        standing,
        [
            ("policies/expenses-2023.md", "superseded"),
            ("policies/expenses-2024.md", "superseded"),
            ("policies/expenses.md", "in-force"),
            ("policies/expenses-2027.md", "not-yet-in-force"),
        ]
    );
    assert_eq!(json["lineages"][0]["note"], "policies/expenses-2024.md");
}

#[test]
fn the_map_of_every_note() {
    let (code, text) = run(&["--all", "--format", "json", "--as-of", "2026-06-01"]);
    assert_eq!(code, 0);
    let root = format!("\"root\": {},", serde_json::json!(fixture("lineage")));
    assert!(text.contains(&root), "{text}");
    insta::assert_snapshot!("lineage_all", text.replacen(&root, "\"root\": \"[fixture]\",", 1));
    // --all is JSON unless told; the map is no table; a folder without
    // --all is not a note.
    assert_eq!(run(&["--all", "--as-of", "2026-06-01"]), (code, text));
    assert_eq!(run(&["--all", "--format", "full"]).0, 2);
    assert_eq!(run(&["policies"]).0, 2);
}

/// The notes an ignore file made by `--format ignore` leaves out of a walk.
fn ignored_by(vault: &std::path::Path, ignore_file: &str) -> std::collections::BTreeSet<String> {
    let mut builder = ignore::gitignore::GitignoreBuilder::new(vault);
    for line in ignore_file.lines() {
        builder.add_line(None, line).unwrap();
    }
    let matcher = builder.build().unwrap();
    let mut walk: Vec<_> =
        ignore::WalkBuilder::new(vault).hidden(false).build().map(|e| e.unwrap()).collect();
    walk.retain(|e| {
        e.file_type().is_some_and(|t| t.is_file()) && e.path().extension().is_some_and(|x| x == "md")
    });
    walk.iter()
        .map(|e| e.path())
        .filter(|path| matcher.matched_path_or_any_parents(path, false).is_ignore())
        .map(|path| path.strip_prefix(vault).unwrap().to_string_lossy().into_owned())
        .collect()
}

/// What the ignore file lists is exactly what the map puts out of force,
/// in every fixture and in a vault whose names are glob characters,
/// leading `#` and `!`, and trailing spaces.
#[test]
fn the_ignore_file_skips_exactly_the_notes_out_of_force() {
    let odd = tempfile::tempdir().unwrap();
    let names = ["a*.md", "a[1].md", "#b.md", "!c.md", "d .md", "e\\f.md", "a1.md", "ab.md", "d.md"];
    for (i, name) in names.iter().enumerate() {
        // The first six are replaced by the last three, which are in force.
        let keys = if i < 6 { format!("superseded_by: \"{}\"\n", names[6 + i % 3]) } else { String::new() };
        std::fs::write(odd.path().join(name), format!("---\n{keys}---\nText {i}.\n")).unwrap();
    }
    let mut vaults: Vec<_> = std::fs::read_dir(fixture("")).unwrap().map(|e| e.unwrap().path()).collect();
    vaults.retain(|p| p.is_dir());
    vaults.sort();
    vaults.push(odd.path().to_path_buf());
    let mut listed = 0;
    for vault in &vaults {
        let out = vaultlint().args(["lineage", "--all", "--format", "ignore"]).arg(vault).output().unwrap();
        let file = String::from_utf8(out.stdout).unwrap();
        assert!(file.starts_with("# The notes out of force in "), "{file}");
        let map = common::lineage_map(vault, &[]);
        let mut out_of_force: std::collections::BTreeSet<String> =
            map.iter().filter(|(_, e)| e["in_force"] == false).map(|(p, _)| p.clone()).collect();
        let unread = vaultlint().args(["lineage", "--all"]).arg(vault).output().unwrap();
        let unread: serde_json::Value = serde_json::from_slice(&unread.stdout).unwrap();
        // And what could not be read, but a note whose frontmatter slip
        // leaves it in force.
        let in_force = |path: &str| map.get(path).is_some_and(|e| e["in_force"] == true);
        out_of_force.extend(
            unread["errors"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["path"].as_str().unwrap())
                .filter(|p| !in_force(p))
                .map(String::from),
        );
        let ignored = ignored_by(vault, &file);
        assert_eq!(ignored, out_of_force, "{}\n{file}", vault.display());
        listed += ignored.len();
    }
    assert!(listed > 50, "{listed}");
    // Only the six replaced: `a*.md` is not a glob over `a1.md` and `ab.md`.
    let file = String::from_utf8(
        vaultlint().args(["lineage", "--all", "--format", "ignore"]).arg(odd.path()).output().unwrap().stdout,
    )
    .unwrap();
    assert_eq!(ignored_by(odd.path(), &file).len(), 6, "{file}");
}

#[test]
fn graph_of_both_sides() {
    let out = vaultlint().args(["graph", "--format", "mermaid"]).arg(fixture("lineage")).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    insta::assert_snapshot!("graph_mermaid_lineage", String::from_utf8(out.stdout).unwrap());
}

#[test]
fn release_copies_are_listed_in_release_order() {
    // A folder rule retires the copies of v9 and v10 alike: they are
    // listed as their numbers say, not as their text sorts.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("vaultlint.toml"),
        "[[supersede]]\nolder = \"docs/v[0-9]*\"\nnewer = \"docs/next\"\n",
    )
    .unwrap();
    for release in ["v10", "v9", "next"] {
        std::fs::create_dir_all(d.join("docs").join(release)).unwrap();
        std::fs::write(d.join(format!("docs/{release}/install.md")), "# Install\n\nRun the installer.\n")
            .unwrap();
    }
    let out = vaultlint()
        .args(["lineage", "--color", "never", "--no-cache", "docs/next/install.md", "--format", "json"])
        .current_dir(d)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let paths: Vec<&str> = json["lineages"][0]["versions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, ["docs/v9/install.md", "docs/v10/install.md", "docs/next/install.md"], "{json}");
}

/// In a vault of proposals (`Accepted`, `Final`), a `Rejected`,
/// `Withdrawn` or `Expired` (approved, never carried out) proposal never
/// took effect: it is out of force, as a `Moved` stub is (its proposal
/// now lives in another repository), and one
/// that declares it replaces an accepted proposal retires nothing. In a
/// job search, `rejected` is the vault's own word, and the note stays in
/// force.
#[test]
fn a_rejected_proposal_never_takes_effect() {
    let map = common::lineage_map(&common::fixture("rejected-proposals"), &[]);
    let standing = |path: &str| {
        let entry = &map[&format!("proposals/{path}")];
        (entry["verdict"].as_str().unwrap().to_string(), entry["standing"].as_str().unwrap().to_string())
    };
    assert_eq!(standing("rfc-0001.md"), ("active".into(), "in-force".into()));
    assert_eq!(standing("rfc-0004.md"), ("stale".into(), "rejected".into()));
    assert_eq!(standing("rfc-0005.md"), ("stale".into(), "rejected".into()));
    assert_eq!(standing("rfc-0006.md"), ("stale".into(), "rejected".into()));
    // `Moved`: a stub left where the proposal was; its text lives on elsewhere.
    assert_eq!(standing("rfc-0007.md"), ("stale".into(), "superseded".into()));
    let (_, json) = common::check_json(&common::fixture("rejected-proposals"), &[]);
    assert_eq!(json["diagnostics"], serde_json::json!([]), "{json}");
    let dir = tempfile::tempdir().unwrap();
    for (name, status) in [("Acme", "rejected"), ("Globex", "accepted"), ("Initech", "applied")] {
        let text = format!("---\nstatus: {status}\n---\nApplied for the platform role at {name}.\n");
        std::fs::write(dir.path().join(format!("{name}.md")), text).unwrap();
    }
    let map = common::lineage_map(dir.path(), &[]);
    assert_eq!(map["Acme.md"]["standing"], "in-force");
}

/// A collection of improvement proposals named by their numbers
/// (`xip-1000.md`), whose statuses are mostly words of no proposal's alone
/// (`Draft`, `Active`, `Withdrawn`; `Final` the only proposal word): a
/// withdrawn update of the process retires no process in force, and
/// `Withdrawn` is no unknown status there. A `Stagnant` proposal never
/// took effect, as a draft has not, nor has one `In Review` or `Deferred`; an `Obsolete` one is out of force, as
/// `check` says when it asks for its successor.
#[test]
fn a_withdrawn_proposal_of_a_numbered_collection_retires_nothing() {
    let map = common::lineage_map(&common::fixture("process-proposals"), &[]);
    let standing = |path: &str| map[&format!("specs/{path}")]["standing"].as_str().unwrap().to_string();
    assert_eq!(standing("xip-1000.md"), "in-force");
    assert_eq!(standing("xip-1010.md"), "rejected");
    assert_eq!(standing("xip-1023.md"), "rejected");
    assert_eq!(standing("xip-1020.md"), "in-force");
    assert_eq!(standing("xip-1025.md"), "draft");
    // In review, or put off to a later day: on its way, not in force.
    assert_eq!(standing("xip-1026.md"), "draft");
    assert_eq!(standing("xip-1027.md"), "draft");
    assert_eq!(standing("xip-1011.md"), "superseded");
    let (_, json) = common::check_json(&common::fixture("process-proposals"), &[]);
    let found = common::findings(&json);
    assert_eq!(found, [("status-conflict".into(), "specs/xip-1011.md".into(), Some(4))], "{json}");
}

/// A site's redirect stubs (`redirect_to`, as Jekyll's redirect plugin
/// writes it, one address or a list of them, `redirect-url`, to a page of
/// the site or another site) are
/// out of force; a page listing the old addresses that lead to it
/// (`redirect_from`), and a blank `redirect:`, are not.
#[test]
fn a_redirect_stub_is_out_of_force() {
    let map = common::lineage_map(&common::fixture("redirect-stubs"), &[]);
    let standing = |path: &str| map[path]["standing"].as_str().unwrap().to_string();
    for stub in [
        "docs/quickstart.md",
        "guides/field-guide/1-introduction.md",
        "about/org-chart.md",
        "community/contributing.md",
    ] {
        assert_eq!(standing(stub), "superseded", "{stub}");
    }
    for page in ["docs/getting-started.md", "guides/principles.md", "docs/faq.md"] {
        assert_eq!(standing(page), "in-force", "{page}");
    }
    let (_, json) = common::check_json(&common::fixture("redirect-stubs"), &[]);
    assert_eq!(json["diagnostics"], serde_json::json!([]), "{json}");
}

/// A docs site's pages about templates, named for them (`template.md`,
/// `notification-template.md`) and written out in paragraphs, are pages
/// in the map; a skeleton named `Meeting Template` is a template.
#[test]
fn a_page_written_out_about_templates_is_no_template() {
    let map = common::lineage_map(&common::fixture("template-pages"), &[]);
    for page in ["docs/template.md", "docs/help/notification-template.md"] {
        assert_eq!(map[page]["verdict"], "active", "{page}");
    }
    assert!(!map.contains_key("Meeting Template.md"), "{map:?}");
}

/// A Jekyll site publishes its `templates` collection from
/// `_templates/`: those are pages, in the map like any other, while a
/// file there holding placeholders is still a template.
#[test]
fn a_published_collection_named_templates_holds_pages() {
    let map = common::lineage_map(&common::fixture("jekyll-collections"), &[]);
    for page in ["docs/_templates/forms/address.md", "docs/_templates/forms/sign-in.md"] {
        assert_eq!(map[page]["verdict"], "active", "{page}");
    }
    assert!(!map.contains_key("docs/_templates/new-component.md"));
}

/// Hugo keeps its templates for new pages in `archetypes/`, so spelt; a
/// vault's `Archetypes` folder holds notes about archetypes, in the map
/// like any other.
#[test]
fn only_hugos_archetypes_folder_holds_templates() {
    let map = common::lineage_map(&common::fixture("archetype-notes"), &[]);
    for note in ["Rules/Archetypes/Dual Blade.md", "Rules/Archetypes/Herbalist.md"] {
        assert_eq!(map[note]["verdict"], "active", "{note}: {map:?}");
    }
    assert!(!map.contains_key("site/archetypes/default.md"), "{map:?}");
}

/// A declaration key left blank, as a template ships it (`supersedes: []`,
/// `superseded-by:`), declares nothing: the note is `active`, not
/// `unknown`, and `check` says nothing of it either.
#[test]
fn a_declaration_left_blank_leaves_the_note_active() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".vaultlint.toml"), "root = true\n").unwrap();
    for (name, front) in [
        ("a.md", "supersedes: []"),
        ("b.md", "superseded-by:"),
        ("c.md", "supersedes:\nsuperseded-by:\nstatus: Idea"),
        ("d.md", "superseded_by: ~"),
    ] {
        std::fs::write(dir.path().join(name), format!("---\n{front}\n---\nA note of its own.\n")).unwrap();
    }
    let map = common::lineage_map(dir.path(), &[]);
    for name in ["a.md", "b.md", "c.md", "d.md"] {
        assert_eq!(map[name]["verdict"], "active", "{name}: {}", map[name]);
    }
    let (_, json) = common::check_json(dir.path(), &[]);
    assert_eq!(json["diagnostics"], serde_json::json!([]), "{json}");
}
