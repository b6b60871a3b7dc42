//! Hostile and broken input: each gets a diagnostic with its path, and the
//! rest of the vault is still checked.

mod common;
use common::{check_json, findings};
use std::fs;
use std::path::Path;

/// A vault with one broken declaration beside the bad input, to prove the
/// rest of the vault is still checked.
fn vault() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("ok.md"), "---\nsuperseded_by: gone.md\n---\n").unwrap();
    dir
}

fn codes_for(dir: &Path, path: &str) -> Vec<String> {
    let (_, json) = check_json(dir, &[]);
    let all = findings(&json);
    assert!(all.contains(&("missing-successor".into(), "ok.md".into(), Some(2))), "rest of vault: {all:?}");
    all.into_iter().filter(|(_, p, _)| p == path).map(|(c, _, _)| c).collect()
}

#[test]
fn fifty_megabyte_note() {
    let dir = vault();
    let mut text = String::from("---\nsuperseded_by: nowhere.md\n---\n# Huge\n");
    let line = "lorem ipsum dolor sit amet 1234567890\n";
    while text.len() < 50 << 20 {
        text.push_str(line);
    }
    fs::write(dir.path().join("huge.md"), text).unwrap();
    assert_eq!(codes_for(dir.path(), "huge.md"), ["missing-successor"]);
}

#[test]
fn unclosed_link_syntax_by_the_hundred_thousand_is_no_finding() {
    // Unclosed brackets, links and code spans, 50,000 of each on a line:
    // none is a link, none is an error, and the run finishes. (How the time
    // grows with such lines is for a benchmark to measure, not a test.)
    let dir = vault();
    let mut text = String::from("# Brackets\n");
    for piece in ["[a", "[b](", "[[c", "`d", "![e](", "[f]("] {
        text.push_str(&piece.repeat(50_000));
        text.push('\n');
    }
    text.push_str("[[ok]] and [ok](ok.md)\n");
    fs::write(dir.path().join("brackets.md"), text).unwrap();
    assert_eq!(codes_for(dir.path(), "brackets.md"), Vec::<String>::new());
}

#[test]
fn invalid_utf8() {
    let dir = vault();
    fs::write(dir.path().join("latin1.md"), b"---\ntitle: caf\xe9\n---\n").unwrap();
    let (_, json) = check_json(dir.path(), &[]);
    let d =
        json["diagnostics"].as_array().unwrap().iter().find(|d| d["path"] == "latin1.md").unwrap().clone();
    assert_eq!(d["code"], "unreadable-note");
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(2), Some(11)));
    assert!(d["message"].as_str().unwrap().contains("not valid UTF-8"));
}

/// A README a Windows editor saved as UTF-16, its byte-order mark first:
/// read as the text it is, so the run is whole (no exit 2 from `suggest`),
/// and a fix to it is left unwritten, the file's bytes untouched.
#[test]
fn utf16_with_its_byte_order_mark_is_read() {
    let dir = vault();
    let text = "---\nstauts: draft\nsuperseded_by: elsewhere.md\n---\n# Read me\n";
    for (name, bytes) in [
        (
            "le.md",
            [&[0xff, 0xfe][..], &text.encode_utf16().flat_map(u16::to_le_bytes).collect::<Vec<u8>>()]
                .concat(),
        ),
        (
            "be.md",
            [&[0xfe, 0xff][..], &text.encode_utf16().flat_map(u16::to_be_bytes).collect::<Vec<u8>>()]
                .concat(),
        ),
    ] {
        fs::write(dir.path().join(name), &bytes).unwrap();
        assert_eq!(codes_for(dir.path(), name), ["misspelt-key", "missing-successor"], "{name}");
        // No fix is offered whose offsets are the decoded text's.
        let (_, json) = check_json(dir.path(), &[]);
        let on_it = json["diagnostics"].as_array().unwrap().iter().filter(|d| d["path"] == name);
        assert!(on_it.clone().count() == 2 && on_it.clone().all(|d| d["fix"].is_null()), "{json}");
        let out = common::vaultlint().args(["check", "--fix"]).arg(dir.path()).output().unwrap();
        assert_ne!(out.status.code(), Some(2), "{out:?}");
        assert_eq!(fs::read(dir.path().join(name)).unwrap(), bytes, "{name}");
        let out = common::vaultlint().args(["suggest", "--no-cache"]).arg(dir.path()).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        fs::remove_file(dir.path().join(name)).unwrap();
    }
}

#[test]
fn alias_bomb() {
    let dir = vault();
    let mut yaml = String::from(
        "---\na: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n",
    );
    for (prev, name) in
        ["a", "b", "c", "d", "e", "f", "g", "h"].iter().zip(["b", "c", "d", "e", "f", "g", "h", "i"])
    {
        yaml.push_str(&format!("{name}: &{name} [{}]\n", vec![format!("*{prev}"); 9].join(",")));
    }
    yaml.push_str("---\n");
    fs::write(dir.path().join("bomb.md"), yaml).unwrap();
    assert_eq!(codes_for(dir.path(), "bomb.md"), ["invalid-frontmatter"]);
}

#[test]
fn deep_nesting() {
    let dir = vault();
    let depth = 5000;
    let text = format!("---\nx: {}{}\n---\n", "[".repeat(depth), "]".repeat(depth));
    fs::write(dir.path().join("deep.md"), text).unwrap();
    let mut block = String::from("---\n");
    for i in 0..3000 {
        block.push_str(&format!("{}k{i}:\n", "  ".repeat(i)));
    }
    block.push_str("---\n");
    fs::write(dir.path().join("deep-block.md"), block).unwrap();
    assert_eq!(codes_for(dir.path(), "deep.md"), ["invalid-frontmatter"]);
    assert_eq!(codes_for(dir.path(), "deep-block.md"), ["invalid-frontmatter"]);
}

#[cfg(unix)]
#[test]
fn symlink_loop_is_skipped_with_a_warning() {
    let dir = vault();
    std::os::unix::fs::symlink("loop.md", dir.path().join("loop.md")).unwrap();
    std::os::unix::fs::symlink(".", dir.path().join("again")).unwrap();
    assert_eq!(codes_for(dir.path(), "loop.md"), ["skipped-symlink"]);
    assert_eq!(codes_for(dir.path(), "again"), ["skipped-symlink"]);
    // A loop that could be a folder's may hide notes; one named as another
    // kind of file (a system's rules file in a code repository) cannot.
    std::os::unix::fs::symlink("shelf", dir.path().join("shelf")).unwrap();
    std::os::unix::fs::symlink("80-net.rules", dir.path().join("80-net.rules")).unwrap();
    assert_eq!(codes_for(dir.path(), "shelf"), ["skipped-symlink"]);
    assert_eq!(codes_for(dir.path(), "80-net.rules"), Vec::<String>::new());
    // A link to a folder inside the vault loses nothing: the folder is
    // walked where it is.
    std::fs::create_dir(dir.path().join("shared")).unwrap();
    std::os::unix::fs::symlink("shared", dir.path().join("wrapper")).unwrap();
    assert_eq!(codes_for(dir.path(), "wrapper"), Vec::<String>::new());
}

/// A link to a note outside the vault is not followed, and says so; a link
/// to a note inside it (`CONTRIBUTING.md` pointing at the contributing
/// page) loses nothing, since that note is checked where it is.
#[cfg(unix)]
#[test]
fn a_symlink_to_a_note_inside_the_vault_is_no_finding() {
    let dir = vault();
    let outside = tempfile::tempdir().unwrap();
    fs::write(outside.path().join("shared.md"), "# Shared\n").unwrap();
    fs::create_dir(dir.path().join("guides")).unwrap();
    fs::write(dir.path().join("guides/contributing.md"), "# Contributing\n").unwrap();
    std::os::unix::fs::symlink("guides/contributing.md", dir.path().join("CONTRIBUTING.md")).unwrap();
    std::os::unix::fs::symlink(outside.path().join("shared.md"), dir.path().join("shared.md")).unwrap();
    assert_eq!(codes_for(dir.path(), "CONTRIBUTING.md"), Vec::<String>::new());
    assert_eq!(codes_for(dir.path(), "shared.md"), ["skipped-symlink"]);
}

/// Tests run as root, where permission bits do not stop a read: a named
/// pipe with a note's name cannot be read as a note (and must not hang).
#[cfg(unix)]
#[test]
fn unreadable_special_file() {
    let dir = vault();
    let fifo = dir.path().join("pipe.md");
    let status = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(status.success());
    let (_, json) = check_json(dir.path(), &[]);
    let d = json["diagnostics"].as_array().unwrap().iter().find(|d| d["path"] == "pipe.md").unwrap().clone();
    assert_eq!(d["code"], "unreadable-note");
    assert_eq!(d["message"], "cannot read note: it is a named pipe");
}

#[test]
fn control_characters_never_reach_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("evil.md"), "---\nsuperseded_by: \"\\e[31mred\\e[0m.md\"\n---\n").unwrap();
    for format in ["full", "concise"] {
        let out = common::vaultlint()
            .args(["check", "--color", "never", "--format", format])
            .arg(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert!(!out.stdout.contains(&0x1b), "{format}: {}", String::from_utf8_lossy(&out.stdout));
        assert!(String::from_utf8_lossy(&out.stdout).contains("\\u{1b}[31mred"));
    }
}

#[test]
fn a_declaration_after_a_hundred_thousand_keys_is_checked() {
    let dir = vault();
    let mut text = String::from("---\n");
    for i in 0..100_000 {
        text.push_str(&format!("k{i}: v\n"));
    }
    text.push_str("superseded_by: missing.md\n---\n");
    fs::write(dir.path().join("wide.md"), text).unwrap();
    // The declaration after all the other keys is still read and checked.
    assert_eq!(codes_for(dir.path(), "wide.md"), ["missing-successor"]);
}

/// A finding far along a long line: the full format shows a window of
/// the line, never panics on a column past 65,535, and prints output that
/// grows with the findings shown, not with the line times the findings.
#[test]
fn findings_on_a_long_line_show_a_window() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("old.md"), "---\nsuperseded_by: new.md\n---\n").unwrap();
    fs::write(dir.path().join("new.md"), "# New\n").unwrap();
    let line = format!("{} [[old]]\n", "x".repeat(65_540));
    fs::write(dir.path().join("far.md"), &line).unwrap();
    fs::write(dir.path().join("many.md"), "[[old]] ".repeat(8_000)).unwrap();
    let out = common::vaultlint()
        .args(["check", "--no-suggest", "--color", "never", "--show-all"])
        .arg(dir.path())
        .env("COLUMNS", "100")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("far.md:1:65542]"), "the file's own line and column");
    assert!(text.contains("checked 4 notes: 0 errors, 8,001 warnings"));
    // A few hundred bytes a finding, 200 findings of a code a note: the
    // 64 KB line is never printed whole, and the rest are counted.
    assert!(
        text.contains("... and 7,800 more `links-to-superseded` findings in this note"),
        "{}",
        &text[text.len() - 400..]
    );
    assert!(text.len() < 201 * 1_500, "{} bytes", text.len());
    assert!(!text.contains(&"x".repeat(1_000)));
}

/// Positions come from one forward pass: a one-line flow list of a
/// megabyte (which took minutes when each token's column was counted from
/// the line's start) is read, and the declaration after it is checked.
#[test]
fn a_megabyte_one_line_flow_list_is_read_in_one_pass() {
    let dir = vault();
    let list = vec!["a"; 500_000].join(",");
    fs::write(dir.path().join("flow.md"), format!("---\nx: [{list}]\nsuperseded_by: gone.md\n---\n"))
        .unwrap();
    assert_eq!(codes_for(dir.path(), "flow.md"), ["missing-successor"]);
}

/// Columns of body links are counted on from the last link, so 20,000
/// links on one line are each found at their own column.
#[test]
fn many_links_on_one_line_each_have_their_column() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("old.md"), "---\nsuperseded_by: new.md\n---\n").unwrap();
    fs::write(dir.path().join("new.md"), "# New\n").unwrap();
    fs::write(dir.path().join("many.md"), "é [[old]]".repeat(20_000)).unwrap();
    let (_, json) = check_json(dir.path(), &["--no-suggest"]);
    let columns: Vec<u64> =
        json["diagnostics"].as_array().unwrap().iter().map(|d| d["column"].as_u64().unwrap()).collect();
    assert_eq!(columns.len(), 20_000);
    assert!(columns.iter().enumerate().all(|(i, &c)| c == 3 + 9 * i as u64), "{:?}", &columns[..4]);
}

/// A NUL in frontmatter is a finding with its place, not the silent end
/// of the frontmatter (which dropped every key after it).
#[test]
fn a_nul_in_frontmatter_is_invalid() {
    let dir = vault();
    fs::write(dir.path().join("nul.md"), "---\ntitle: a\0\nsuperseded_by: missing.md\n---\n").unwrap();
    let (_, json) = check_json(dir.path(), &[]);
    let found: Vec<_> = findings(&json).into_iter().filter(|f| f.1 == "nul.md").collect();
    assert_eq!(found, [("invalid-frontmatter".to_string(), "nul.md".to_string(), Some(2))]);
    assert_eq!(json["diagnostics"][0]["column"], 9);
}

/// A lone CR ends a line for YAML, so it does for positions: the label
/// sits under the value, and an edit finds its key.
#[test]
fn a_lone_cr_ends_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let body = "The desk answers from 8 to 18 on working days; urgent tickets page the engineer on duty. \
                Outside those hours the rest waits for the morning, and public holidays follow the calendar \
                of the head office, which the people team publishes every December.\n";
    fs::write(
        dir.path().join("old.md"),
        format!("---\ntitle: a\rnote: b\nsuperseded_by: missing.md\n---\n{body}"),
    )
    .unwrap();
    fs::write(dir.path().join("hours.md"), format!("---\nupdated: 2027-01-01\n---\n{body}")).unwrap();
    let text = common::stdout(&["check", "--no-suggest", "--color", "never"], dir.path());
    assert!(text.contains(" 4 │ superseded_by: missing.md\n   ·                ─────┬────\n"), "{text}");
    let text = common::stdout(&["suggest", "--yes", "--no-git"], dir.path());
    assert!(text.contains("wrote old.md: superseded_by: hours.md"), "{text}");
}

/// Escape sequences from notes and config files never reach a terminal
/// or a GitHub log.
#[test]
fn escapes_reach_no_terminal_in_any_format() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("evil\u{7}.md"),
        "---\nstatus: \"\\e[31mred\\a\"\nsuperseded_by: \"\\e]0;x\\a.md\"\n---\n",
    )
    .unwrap();
    for format in ["full", "concise", "github", "json", "sarif"] {
        let out = common::vaultlint().args(["check", "--format", format]).arg(dir.path()).output().unwrap();
        for stream in [&out.stdout, &out.stderr] {
            assert!(
                !stream.iter().any(|&b| b == 0x1b || b == 0x07),
                "{format}: {}",
                String::from_utf8_lossy(stream)
            );
        }
    }
    fs::write(dir.path().join("vaultlint.toml"), "exclude = \"\u{1b}[31m\"\n").unwrap();
    let out = common::vaultlint().arg("check").arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(!out.stderr.contains(&0x1b), "{}", String::from_utf8_lossy(&out.stderr));
    let out = common::vaultlint()
        .args(["check", "gone\u{1b}[2J.md", "also-gone.md"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(!out.stderr.iter().chain(&out.stdout).any(|&b| b == 0x1b));
}

/// An ambiguous name lists ten candidates and says how many more: a
/// thousand notes named alike cost each finding ten paths, not a thousand.
#[test]
fn an_ambiguous_name_lists_ten_candidates() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..1_000 {
        fs::create_dir(dir.path().join(format!("d{i:04}"))).unwrap();
        fs::write(dir.path().join(format!("d{i:04}/index.md")), "# Index\n").unwrap();
    }
    fs::write(dir.path().join("old.md"), "---\nsuperseded_by: \"[[index]]\"\n---\n").unwrap();
    let (_, json) = check_json(dir.path(), &["--no-suggest"]);
    let d = &json["diagnostics"][0];
    assert_eq!(d["code"], "ambiguous-successor");
    assert_eq!(d["related"].as_array().unwrap().len(), 10);
    assert!(d["message"].as_str().unwrap().ends_with("`d0009/index.md` and 990 more"), "{d}");
}

/// Files vaultlint reads besides notes are read only when they are regular
/// files: a named pipe in their place is reported, never waited on.
#[cfg(unix)]
#[test]
fn a_named_pipe_in_place_of_a_settings_file_does_not_hang() {
    let dir = vault();
    let mkfifo =
        |path: &Path| assert!(std::process::Command::new("mkfifo").arg(path).status().unwrap().success());
    mkfifo(&dir.path().join(".vaultlint-dismissed"));
    fs::create_dir(dir.path().join(".obsidian")).unwrap();
    mkfifo(&dir.path().join(".obsidian/app.json"));
    let (_, json) = check_json(dir.path(), &[]);
    let found = findings(&json);
    assert!(found.contains(&("invalid-dismissal".into(), ".vaultlint-dismissed".into(), None)), "{found:?}");
    let config = dir.path().join("fifo.toml");
    mkfifo(&config);
    let out = common::vaultlint().args(["check", "--config"]).arg(&config).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a regular file"));
}

/// What could not be read is never passed over in silence: the map says
/// so in `errors` and calls the note unreadable, not in force, and
/// `lineage` and `suggest` exit 2 for the file that could not be read.
#[cfg(unix)]
#[test]
fn what_could_not_be_read_is_said_by_every_command() {
    let dir = vault();
    assert!(std::process::Command::new("mkfifo").arg(dir.path().join("pipe.md")).status().unwrap().success());
    fs::write(dir.path().join("broken.md"), "---\ntitle: [unclosed\nsuperseded_by: ok.md\n---\n").unwrap();
    let out =
        common::vaultlint().args(["lineage", "--all", "--format", "json"]).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let map: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let errors: Vec<&str> =
        map["errors"].as_array().unwrap().iter().map(|e| e["path"].as_str().unwrap()).collect();
    assert_eq!(errors, ["broken.md", "pipe.md"]);
    for note in map["notes"].as_array().unwrap().iter().filter(|n| n["path"] != "ok.md") {
        assert_eq!(
            (note["in_force"].as_bool(), note["standing"].as_str()),
            (Some(false), Some("unreadable")),
            "{note}"
        );
    }
    let out = common::vaultlint().args(["suggest", "--format", "json"]).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("pipe.md: not read: cannot read note: it is a named pipe"), "{stderr}");
    // The status is explained where it is given: a run that printed
    // everything else should not read as one that stopped.
    assert!(stderr.contains("1 file not read; the output covers every other note"), "{stderr}");
}

/// A note whose frontmatter is not valid YAML is a finding of `check`, not
/// a failure of the others: the map lists it as unreadable (not in force,
/// since its frontmatter names a successor that could not be read) and is
/// whole, so `lineage` and `suggest` exit 0 with one warning line, however
/// many such notes there are.
#[test]
fn frontmatter_that_cannot_be_read_is_a_warning_outside_check() {
    let dir = vault();
    for name in ["broken.md", "broken-too.md", "broken-three.md"] {
        fs::write(dir.path().join(name), "---\ntitle: [unclosed\nsuperseded_by: ok.md\n---\nBody.\n")
            .unwrap();
    }
    let out =
        common::vaultlint().args(["lineage", "--all", "--format", "json"]).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let map: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(map["errors"].as_array().unwrap().len(), 3);
    let broken = map["notes"].as_array().unwrap().iter().find(|n| n["path"] == "broken.md").unwrap();
    assert_eq!(
        (broken["in_force"].as_bool(), broken["standing"].as_str()),
        (Some(false), Some("unreadable"))
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("the declarations of 3 notes were not read"), "{stderr}");
    assert!(stderr.contains("(the first: broken-three.md)"), "{stderr}");
    let out = common::vaultlint().args(["suggest", "--no-git"]).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let out = common::vaultlint().args(["check", "--no-git"]).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    // The ignore file names each once, under the files not read.
    let text = common::stdout(&["lineage", "--all", "--format", "ignore"], dir.path());
    assert_eq!(text.lines().filter(|l| *l == "/broken.md").count(), 1, "{text}");
    assert!(
        text.split("# Could not be read:").nth(1).is_some_and(|rest| rest.contains("/broken.md")),
        "{text}"
    );
}

/// An ignore file that is a named pipe: the folder holding it is skipped
/// with a finding (the root's is an error), never waited on, by vaultlint
/// or by the git it asks which files are tracked (the vault is a work tree
/// whose tracked note sits beside the pipe).
#[cfg(unix)]
#[test]
fn a_named_pipe_for_an_ignore_file_does_not_hang() {
    let dir = vault();
    fs::create_dir(dir.path().join("sub")).unwrap();
    fs::write(dir.path().join("sub/b.md"), "# B\n").unwrap();
    for args in [&["init", "-q"][..], &["add", "sub/b.md"]] {
        assert!(
            std::process::Command::new("git").current_dir(dir.path()).args(args).status().unwrap().success()
        );
    }
    assert!(
        std::process::Command::new("mkfifo")
            .arg(dir.path().join("sub/.gitignore"))
            .status()
            .unwrap()
            .success()
    );
    assert_eq!(codes_for(dir.path(), "sub"), ["unreadable-note"]);
    assert!(std::process::Command::new("mkfifo").arg(dir.path().join(".ignore")).status().unwrap().success());
    let out = common::vaultlint().arg("check").arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(".ignore: it is not a regular file"));
}

/// A file name that is not UTF-8 is reported with its bytes escaped, and
/// never confused with the name it looks like once made readable.
#[cfg(target_os = "linux")]
#[test]
fn a_name_that_is_not_utf8_is_reported_and_never_edited() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let body = "The desk answers from 8 to 18 on working days; urgent tickets page the engineer on duty.\n";
    let odd = dir.path().join(std::ffi::OsStr::from_bytes(b"policy-2024\xff.md"));
    fs::write(&odd, format!("---\nupdated: 2024-01-01\n---\n{body}")).unwrap();
    fs::write(dir.path().join("policy-2024\u{fffd}.md"), format!("---\nupdated: 2025-01-01\n---\n{body}"))
        .unwrap();
    fs::write(dir.path().join("policy.md"), format!("---\nupdated: 2026-01-01\n---\n{body}")).unwrap();
    let (_, json) = check_json(dir.path(), &["--no-git"]);
    let d = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "unreadable-note")
        .unwrap()
        .clone();
    assert_eq!(d["path"], "policy-2024\\xff.md");
    let before = fs::read(&odd).unwrap();
    // What could not be read fails the run (exit 2), after the rest is done.
    common::vaultlint().args(["suggest", "--yes", "--no-git"]).arg(dir.path()).assert().code(2);
    assert_eq!(fs::read(&odd).unwrap(), before, "the file with the odd name is never edited");
}

/// The map of a vault whose declarations are built to be costly: a chain
/// of 3,000 corrections that ends in a missing note, and 2,000 notes that
/// each say they supersede one note. Each note is settled once, and a
/// conflict names at most ten others.
#[test]
fn long_correction_chains_and_wide_forks() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join(".obsidian")).unwrap();
    for i in 0..3000 {
        let next = if i == 2999 { "gone.md".to_string() } else { format!("c{}.md", i + 1) };
        fs::write(dir.path().join(format!("c{i}.md")), format!("---\ncorrected_by: {next}\n---\n")).unwrap();
    }
    fs::write(dir.path().join("base.md"), "# Base\n").unwrap();
    for i in 0..2000 {
        fs::write(dir.path().join(format!("f{i}.md")), "---\nsupersedes: base.md\n---\n").unwrap();
    }
    let map = common::lineage_map(dir.path(), &[]);
    assert_eq!(map["c2999.md"]["verdict"], "unknown");
    assert_eq!(map["c0.md"]["verdict"], "stale");
    assert_eq!(map["c0.md"]["because"], "corrected by `c1.md`, which is stale");
    assert_eq!(map["c2998.md"]["because"], "corrected by `c2999.md`, which is unknown");
    assert_eq!(map["f7.md"]["verdict"], "conflict");
    assert_eq!(map["f7.md"]["conflicts_with"].as_array().unwrap().len(), 10);
}

/// A slip in frontmatter (`title: Part 1: Basics`, which YAML cannot
/// read) leaves a note as current as it was where no line of it could say
/// otherwise: in force, its status read from its own line; only a line
/// naming a successor or a lifecycle date, or a status YAML alone could
/// read, leaves its standing unknown. A successor key left blank, or
/// holding only `[]` or `n/a` (as proposal templates ship them), names
/// none. The finding and the map's `errors` still name every such note.
#[test]
fn a_slip_in_frontmatter_leaves_a_note_as_current_as_it_was() {
    let dir = vault();
    let write = |name: &str, text: &str| fs::write(dir.path().join(name), text).unwrap();
    write("slip.md", "---\ntitle: Part 1: Basics\ntags: [guide]\n---\nBody.\n");
    write("slip-draft.md", "---\ntitle: Part 2: More\nstatus: \"draft\" # not yet\n---\nBody.\n");
    write("slip-successor.md", "---\ntitle: Part 3: Old\nsuperseded_by: ok.md\n---\nBody.\n");
    write("slip-review.md", "---\ntitle: Part 4: Due\nreview_due: 2020-01-01\n---\nBody.\n");
    write("slip-status-list.md", "---\ntitle: Part 5: Odd\nstatus: [superseded]\n---\nBody.\n");
    let template = "reviewers:\n- @someone\nstatus: provisional\nreplaces:\nsuperseded-by:\n";
    write("slip-blank.md", &format!("---\ntitle: Part 6: Kept\n{template}---\nBody.\n"));
    write(
        "slip-none.md",
        "---\ntitle: Part 7: Kept\nstatus:\nsuperseded-by:[]\nreplaces:\n  - n/a # none\n---\n",
    );
    write("slip-bold.md", "---\ntitle: Part 8: Kept\nstatus: **provisional**|implemented\n---\nBody.\n");
    write("slip-below.md", "---\ntitle: Part 10: Below\nstatus:\n    draft\n---\nBody.\n");
    write("slip-listed.md", "---\ntitle: Part 9: Old\nsuperseded-by:\n  - n/a\n  - ok.md\n---\nBody.\n");
    let out =
        common::vaultlint().args(["lineage", "--all", "--format", "json"]).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let map: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(map["errors"].as_array().unwrap().len(), 10);
    let standing = |path: &str| {
        let note = map["notes"].as_array().unwrap().iter().find(|n| n["path"] == path).unwrap();
        (note["standing"].as_str().unwrap().to_string(), note["in_force"].as_bool().unwrap())
    };
    assert_eq!(standing("slip.md"), ("in-force".into(), true));
    assert_eq!(standing("slip-draft.md"), ("draft".into(), false));
    assert_eq!(standing("slip-below.md"), ("draft".into(), false));
    for path in ["slip-blank.md", "slip-none.md", "slip-bold.md"] {
        assert_eq!(standing(path), ("in-force".into(), true), "{path}");
    }
    for path in ["slip-successor.md", "slip-review.md", "slip-status-list.md", "slip-listed.md"] {
        assert_eq!(standing(path), ("unreadable".into(), false), "{path}");
    }
    // The ignore file leaves the note in force in the index, and lists the
    // draft once, with the notes out of force.
    let text = common::stdout(&["lineage", "--all", "--format", "ignore"], dir.path());
    assert!(!text.lines().any(|l| l == "/slip.md"), "{text}");
    assert_eq!(text.lines().filter(|l| *l == "/slip-draft.md").count(), 1, "{text}");
    assert_eq!(text.lines().filter(|l| *l == "/slip-below.md").count(), 1, "{text}");
    let unread = text.split("# Could not be read:").nth(1).unwrap_or_default();
    assert_eq!(unread.lines().filter(|l| !l.is_empty()).count(), 4, "{text}");
}
