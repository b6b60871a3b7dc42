//! `suggest --apply` in a real pseudo-terminal: each key does what it
//! says, on disk, and a note changed after analysis is left alone.
#![cfg(unix)]

mod common;
use common::{copy_dir, fixture};
use std::fs;

#[test]
fn a_review_session_writes_each_decision() {
    let dir = tempfile::tempdir().unwrap();
    let vault = dir.path().join("vault");
    copy_dir(&fixture("versions"), &vault);
    let read = |p: &str| fs::read_to_string(vault.join(p)).unwrap();
    let price_before = read("finance/price-list-2025.md");
    let laptop_new_before = read("it/laptop-refresh.md");
    let privacy_before = read("legal/privacy-notice (1).md");
    let dismissed_before = read(".vaultlint-dismissed");

    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_vaultlint"));
    // Run from the vault, so that its notes are named from its root.
    cmd.args(["--color", "never", "suggest", "--apply", "."])
        .current_dir(&vault)
        .env("COLUMNS", "200")
        .env_remove("NO_COLOR");
    let mut p = rexpect::session::spawn_command(cmd, Some(30_000)).unwrap();

    step(&mut p, "[1/12] 1.00  finance/price-list-2025.md -> finance/price-list.md", "y");
    p.exp_string("wrote finance/price-list-2025.md: superseded_by: finance/price-list.md").unwrap();
    step(&mut p, "[2/12] 1.00  it/laptop-refresh-2024-03-01.md -> it/laptop-refresh.md", "r");
    p.exp_string("wrote it/laptop-refresh.md: superseded_by: it/laptop-refresh-2024-03-01.md").unwrap();
    step(&mut p, "[3/12] 1.00  legal/privacy-notice (1).md", "?");
    p.exp_string("dismiss: not versions").unwrap();
    step(&mut p, "", "n");
    step(&mut p, "[4/12] 1.00  sales/discount-rules-old.md -> sales/discount-rules.md", "d");
    p.exp_string("dismissed: recorded in .vaultlint-dismissed").unwrap();
    // The note changes between the analysis and the decision.
    p.exp_string("[5/12] 0.95  eng/api-guide-v1.md -> eng/api-guide-v2.md").unwrap();
    let changed = format!("{}\nA line added in another editor.\n", read("eng/api-guide-v1.md"));
    fs::write(vault.join("eng/api-guide-v1.md"), &changed).unwrap();
    step(&mut p, "", "y");
    p.exp_string("skipped eng/api-guide-v1.md: it changed since it was read").unwrap();
    step(&mut p, "[6/12]", "q");
    p.exp_string("changed 2 notes, dismissed 1 pair, skipped 1 pair, could not edit 1 note").unwrap();
    p.exp_eof().unwrap();

    // y: one line added to the older note, before the closing `---`.
    let price = read("finance/price-list-2025.md");
    assert_eq!(price.replacen("superseded_by: finance/price-list.md\n", "", 1), price_before);
    assert!(price.contains("tags: [finance, sales]\nsuperseded_by: finance/price-list.md\n---\n"));
    // r: the newer note is the one marked.
    assert_eq!(
        read("it/laptop-refresh.md").replacen("superseded_by: it/laptop-refresh-2024-03-01.md\n", "", 1),
        laptop_new_before
    );
    assert!(!read("it/laptop-refresh-2024-03-01.md").contains("superseded_by"));
    // n: untouched. d: recorded. The changed note keeps the other editor's text.
    assert_eq!(read("legal/privacy-notice (1).md"), privacy_before);
    assert_eq!(
        read(".vaultlint-dismissed"),
        format!("{dismissed_before}sales/discount-rules-old.md\tsales/discount-rules.md\n")
    );
    assert_eq!(read("eng/api-guide-v1.md"), changed);
    // q: nothing after it was touched.
    assert!(!read("hr/onboarding/new-starter-checklist-2024.md").contains("superseded_by"));
    // No temporary file is left behind.
    let leftovers: Vec<_> =
        walk(&vault).into_iter().filter(|p| p.contains(".vaultlint-") && p.ends_with(".tmp")).collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// Waits for `card` (if any) and the prompt, then presses `key`, flushed
/// so the session sees it at once.
fn step(p: &mut rexpect::session::PtySession, card: &str, key: &str) {
    if !card.is_empty() {
        p.exp_string(card).unwrap();
    }
    p.exp_string("[?] ").unwrap();
    p.send(key).unwrap();
    p.flush().unwrap();
}

fn walk(dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path.display().to_string());
        }
    }
    out
}

/// Keys from a list, then quit.
struct Script(std::vec::IntoIter<vaultlint::review::Key>);

impl vaultlint::review::Keys for Script {
    fn next_key(&mut self) -> std::io::Result<vaultlint::review::Key> {
        Ok(self.0.next().unwrap_or(vaultlint::review::Key::Quit))
    }
}

#[test]
fn a_note_marked_earlier_in_the_session_is_left_alone() {
    use vaultlint::review::{Key, session};
    let dir = tempfile::tempdir().unwrap();
    let body = "# Guide\n\nThe guide explains how the support desk triages tickets, which queue each \
                one goes to, and who answers it within the working day.\n";
    for (name, date) in
        [("guide-v1.md", "2024-01-01"), ("guide-v2.md", "2025-01-01"), ("guide.md", "2026-01-01")]
    {
        fs::write(dir.path().join(name), format!("---\nupdated: {date}\n---\n{body}")).unwrap();
    }
    use vaultlint_workspace::settings::{Flags, Settings};
    let paths = [dir.path().to_path_buf()];
    let flags = Flags {
        paths: &paths,
        no_git: true,
        link_style: Some(vaultlint_syntax::link::LinkStyle::Path),
        ..Flags::default()
    };
    let settings = Settings::resolve(&flags, dir.path()).unwrap();
    let found =
        vaultlint_workspace::commands::suggest::run(&settings, None, true, &vaultlint_core::progress::Silent)
            .unwrap();
    assert_eq!(found.pairs.len(), 3);
    let mut out = Vec::new();
    let mut keys = Script(vec![Key::Yes, Key::Yes, Key::Yes].into_iter());
    let summary = session(&found, Default::default(), &mut keys, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("dates: updated 2024-01-01 -> updated 2025-01-01"), "{text}");
    assert!(text.contains("guide-v1.md was marked earlier in this session; left as it is"), "{text}");
    assert_eq!(
        summary.changed,
        [
            ("guide-v1.md".to_string(), "guide-v2.md".to_string()),
            ("guide-v2.md".to_string(), "guide.md".to_string())
        ]
    );
    assert!(text.ends_with("changed 2 notes, skipped 1 pair\n"), "{text}");
}

#[test]
fn a_folder_rule_is_offered_first_and_appended_to_the_config() {
    use vaultlint::review::{Key, session};
    use vaultlint_workspace::settings::{Flags, Settings};
    let dir = tempfile::tempdir().unwrap();
    // A config written on Windows, without a final line break.
    fs::write(dir.path().join("vaultlint.toml"), "# Our docs\r\nexclude = [\"drafts/**\"]").unwrap();
    for release in ["1.0", "2.0", "latest"] {
        for page in ["install", "upgrade", "faq"] {
            let folder = dir.path().join("docs").join(release);
            fs::create_dir_all(&folder).unwrap();
            let text = format!("# {page}\n\nHow to {page} the agent on a server, for release {release}.\n");
            fs::write(folder.join(format!("{page}.md")), text).unwrap();
        }
    }
    let paths = [dir.path().to_path_buf()];
    let flags = Flags { paths: &paths, no_git: true, ..Flags::default() };
    let settings = Settings::resolve(&flags, dir.path()).unwrap();
    let found =
        vaultlint_workspace::commands::suggest::run(&settings, None, true, &vaultlint_core::progress::Silent)
            .unwrap();
    assert_eq!((found.folders.len(), found.pairs.len()), (1, 0));
    let mut out = Vec::new();
    let summary =
        session(&found, Default::default(), &mut Script(vec![Key::Yes].into_iter()), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains(
            "2 release folders (docs/1.0/, docs/2.0/) hold 6 older copies of pages in docs/latest/"
        ),
        "{text}"
    );
    assert!(text.contains("  wrote vaultlint.toml: 1 [[supersede]] table"), "{text}");
    assert_eq!(summary.folder_rules, 1);
    assert_eq!(
        fs::read_to_string(dir.path().join("vaultlint.toml")).unwrap(),
        "# Our docs\r\nexclude = [\"drafts/**\"]\r\n\r\n[[supersede]]\r\nolder = \"docs/[0-9]*\"\r\nnewer = \"docs/latest\"\r\n"
    );
    // The rule now retires every older copy: nothing is left to suggest.
    let settings = Settings::resolve(&flags, dir.path()).unwrap();
    let found = vaultlint_workspace::commands::suggest::run(
        &settings,
        None,
        false,
        &vaultlint_core::progress::Silent,
    )
    .unwrap();
    assert_eq!((found.folders.len(), found.pairs.len()), (0, 0));
}
