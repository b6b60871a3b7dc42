//! The cache of warm runs: a run with the cache gives what a run without it
//! gives, byte for byte, whatever happened to the vault or to the cache.

mod common;

use common::vaultlint;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// A copy of the `versions` fixture (suspected versions, declarations,
/// dates) whose files were all written an hour ago, so that a warm run
/// trusts their size and time.
fn vault() -> tempfile::TempDir {
    common::aged_copy("versions")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(files(&path));
        } else {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The exit code, standard output and standard error of a run.
fn run(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = vaultlint().args(args).arg(dir).env_remove("VAULTLINT_CACHE_DIR").output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// The commands compared warm and cold.
const RUNS: &[&[&str]] = &[
    &["check", "--format", "json", "--statistics"],
    &["check", "--format", "full"],
    &["suggest", "--format", "json", "--min-score", "0"],
    &["lineage", "--all", "--format", "jsonl"],
];

/// Each command twice with the cache (cold then warm) and once without:
/// all three alike.
fn assert_warm_is_cold(dir: &Path, step: &str) {
    for args in RUNS {
        let cold = run(dir, &[args, &["--no-cache"][..]].concat());
        assert_eq!(run(dir, args), cold, "{step}: {args:?}, first run with the cache");
        assert_eq!(run(dir, args), cold, "{step}: {args:?}, second run with the cache");
    }
}

fn cache_files(dir: &Path) -> Vec<PathBuf> {
    files(&dir.join(".vaultlint_cache"))
        .into_iter()
        .filter(|f| f.extension().is_some_and(|e| e == "bin"))
        .collect()
}

#[test]
fn warm_runs_match_cold_runs_over_edits_renames_and_deletions() {
    let dir = vault();
    let root = dir.path();
    assert_warm_is_cold(root, "untouched");
    assert_eq!(
        cache_files(root).len(),
        5,
        "the notes, the similarity pass's counts and bands, the last check's findings and their places"
    );
    let edit = |path: &str, from: &str, to: &str| {
        let file = root.join(path);
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains(from), "{path} holds {from:?}");
        std::fs::write(&file, text.replacen(from, to, 1)).unwrap();
    };
    let write = |path: &str, text: &str| std::fs::write(root.join(path), text).unwrap();
    type Change<'a> = Box<dyn Fn() + 'a>;
    let steps: Vec<(&str, Change)> = vec![
        (
            // Its finding moves down a line at the same byte (a space made
            // a line break): it is placed anew, not where the last run
            // placed it.
            "a line broken above a finding",
            Box::new(|| {
                edit("policies/travel-policy-2024.md", "title: Travel policy", "title: Travel\n#olicy")
            }),
        ),
        (
            "a successor declared",
            Box::new(|| {
                edit(
                    "hr/parental-leave-policy.md",
                    "---\n",
                    "---\nsuperseded_by: hr/family-leave-policy.md\n",
                )
            }),
        ),
        (
            // Banding carries over the pairs of the notes that did not
            // change, and finds the changed note's new ones.
            "a note's text rewritten as another's",
            Box::new(|| {
                let guide = std::fs::read_to_string(root.join("eng/api-guide-v2.md")).unwrap();
                write("eng/overview.md", &guide.replacen("\n# ", "\n# Overview: ", 1))
            }),
        ),
        (
            "a note renamed",
            Box::new(|| {
                std::fs::rename(root.join("hr/family-leave-policy.md"), root.join("hr/leave-policy.md"))
                    .unwrap()
            }),
        ),
        ("a note deleted", Box::new(|| std::fs::remove_file(root.join("hr/leave-policy.md")).unwrap())),
        (
            "a note added",
            Box::new(|| {
                write("hr/new.md", "---\ntitle: New\nsupersedes: hr/parental-leave-policy.md\n---\n# New\n")
            }),
        ),
        (
            "the config changed",
            Box::new(|| {
                write("vaultlint.toml", "scope-keys = [\"region\"]\n[rules]\nsuspected-version = \"error\"\n")
            }),
        ),
        ("nothing", Box::new(|| ())),
    ];
    for (step, change) in steps {
        change();
        assert_warm_is_cold(root, step);
        // Once the edits are old enough, the cache trusts sizes and times.
        common::age(root);
        assert_warm_is_cold(root, &format!("{step}, aged"));
    }
}

#[test]
fn a_note_rewritten_within_its_timestamp_is_read_again() {
    let dir = vault();
    let root = dir.path();
    let file = root.join("hr/parental-leave-policy.md");
    let text = std::fs::read_to_string(&file).unwrap();
    // A time not yet past when the cache reads the note (a file written
    // a moment before the run, with a coarse clock; or from a machine
    // whose clock is ahead): the cache never vouches for it by its time.
    let stamp = SystemTime::now() + Duration::from_secs(3600);
    let set_time = || std::fs::File::options().write(true).open(&file).unwrap().set_modified(stamp).unwrap();
    set_time();
    assert_warm_is_cold(root, "stamped ahead");
    // It changes, keeping its size and its time: only its content tells.
    std::fs::write(&file, text.replacen("title:", "titel:", 1)).unwrap();
    set_time();
    assert_warm_is_cold(root, "rewritten within its timestamp");
}

#[test]
fn a_damaged_cache_is_ignored_and_rebuilt() {
    let dir = vault();
    let root = dir.path();
    // `check` may answer from its findings alone; `suggest` reads the notes.
    let commands = [["check", "--format", "json"], ["suggest", "--format", "json"]];
    let cold: Vec<_> = commands.iter().map(|c| run(root, &[&c[..], &["--no-cache"]].concat())).collect();
    let warm = || commands.iter().map(|c| run(root, c)).collect::<Vec<_>>();
    assert_eq!(warm(), cold);
    let files = cache_files(root);
    assert_eq!(files.len(), 5);
    // Each file cut short, then a byte of the notes file flipped. Every
    // other damage (cut anywhere, bits flipped, bytes added, a right
    // checksum over edited bytes) is tried on the files themselves by the
    // unit tests of `crates/vaultlint_workspace/src/cache.rs`: here, that
    // a run passes a damaged file over and writes it anew.
    let mut damaged: Vec<(PathBuf, Vec<u8>)> = files
        .iter()
        .map(|file| {
            let bytes = std::fs::read(file).unwrap();
            (file.clone(), bytes[..bytes.len() / 2].to_vec())
        })
        .collect();
    let notes =
        files.iter().find(|f| f.file_name().unwrap().to_string_lossy().starts_with("notes-")).unwrap();
    let mut flipped = std::fs::read(notes).unwrap();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x10;
    damaged.push((notes.clone(), flipped));
    for (file, bytes) in damaged {
        std::fs::write(&file, &bytes).unwrap();
        assert_eq!(warm(), cold, "{} damaged ({} bytes)", file.display(), bytes.len());
        // The findings' places are written by the next check that places
        // findings (this one gave its last findings again); until then a
        // damaged file only costs reading the notes with findings again.
        if file.file_name().unwrap().to_string_lossy().starts_with("places-") {
            std::fs::remove_file(root.join(".vaultlint_cache").join(check_file(&files))).unwrap();
            assert_eq!(warm(), cold, "{} damaged, the findings checked again", file.display());
        }
        assert_ne!(std::fs::read(&file).unwrap(), bytes, "{} is written anew", file.display());
        assert_eq!(warm(), cold, "{} rebuilt", file.display());
    }
}

/// The name of the file of the last check's findings among `files`.
fn check_file(files: &[PathBuf]) -> std::ffi::OsString {
    let check = files.iter().find(|f| f.file_name().unwrap().to_string_lossy().starts_with("check-"));
    check.unwrap().file_name().unwrap().to_owned()
}

/// A named pipe in place of a cache file is never opened, which would wait
/// forever: it is passed over, and the run gives what a run without the
/// cache gives.
#[cfg(unix)]
#[test]
fn a_named_pipe_in_place_of_a_cache_file_does_not_hang() {
    let dir = vault();
    let root = dir.path();
    let args = ["suggest", "--format", "json"];
    let cold = run(root, &[&args[..], &["--no-cache"]].concat());
    assert_eq!(run(root, &args), cold);
    for file in cache_files(root) {
        std::fs::remove_file(&file).unwrap();
        assert!(std::process::Command::new("mkfifo").arg(&file).status().unwrap().success());
    }
    assert_eq!(run(root, &args), cold);
}

#[test]
fn runs_at_the_same_time_share_the_cache_safely() {
    let dir = vault();
    let root = dir.path();
    let cold = run(root, &["check", "--format", "json", "--no-cache"]);
    for _ in 0..3 {
        let children: Vec<_> = (0..4)
            .map(|_| {
                let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_vaultlint"));
                cmd.args(["check", "--format", "json"]).arg(root);
                cmd.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped()).spawn().unwrap()
            })
            .collect();
        for child in children {
            let out = child.wait_with_output().unwrap();
            let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
            assert_eq!((out.status.code(), text(&out.stdout), text(&out.stderr)), cold);
        }
        assert_eq!(run(root, &["check", "--format", "json"]), cold);
    }
    let leftovers: Vec<_> = files(&root.join(".vaultlint_cache"))
        .into_iter()
        .filter(|f| f.file_name().unwrap().to_string_lossy().starts_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

#[test]
fn where_the_cache_lives_and_how_to_remove_it() {
    let dir = vault();
    let root = dir.path();
    let before = common::snapshot(root);
    run(root, &["check", "--no-cache"]);
    assert_eq!(common::snapshot(root), before, "--no-cache writes nothing");

    run(root, &["check"]);
    let cache = root.join(".vaultlint_cache");
    assert_eq!(std::fs::read_to_string(cache.join(".gitignore")).unwrap().lines().last(), Some("*"));
    let tag = std::fs::read_to_string(cache.join("CACHEDIR.TAG")).unwrap();
    assert!(tag.starts_with("Signature: 8a477f597d28d172789f06886806bc55"), "{tag}");
    let (code, out, _) = run(root, &["clean"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("removed the cache "), "{out}");
    assert!(!cache.exists());
    let (code, out, _) = run(root, &["clean"]);
    assert_eq!((code, out.starts_with("no cache at ")), (Some(0), true), "{out}");

    // The flag, then the variable, then the config.
    let elsewhere = tempfile::tempdir().unwrap();
    let flag = elsewhere.path().join("flag");
    let variable = elsewhere.path().join("variable");
    vaultlint()
        .args(["check", "--cache-dir"])
        .arg(&flag)
        .arg(root)
        .env("VAULTLINT_CACHE_DIR", &variable)
        .output()
        .unwrap();
    assert!(flag.join("CACHEDIR.TAG").exists() && !variable.exists(), "the flag beats the variable");
    vaultlint().arg("check").arg(root).env("VAULTLINT_CACHE_DIR", &variable).output().unwrap();
    assert!(variable.join("CACHEDIR.TAG").exists());
    assert!(!cache.exists(), "the variable beats the default");
    std::fs::write(root.join("vaultlint.toml"), "cache-dir = \"build/cache\"\n").unwrap();
    run(root, &["check"]);
    assert!(root.join("build/cache/CACHEDIR.TAG").exists());
    assert!(!cache.exists());

    // A folder vaultlint did not make is not removed.
    std::fs::write(root.join("vaultlint.toml"), "cache-dir = \"notes-of-mine\"\n").unwrap();
    std::fs::create_dir(root.join("notes-of-mine")).unwrap();
    std::fs::write(root.join("notes-of-mine/keep.txt"), "mine").unwrap();
    let (code, _, err) = run(root, &["clean"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("cannot remove the cache"), "{err}");
    assert!(root.join("notes-of-mine/keep.txt").exists());
}

#[test]
fn one_cache_folder_serves_two_vaults() {
    let (a, b) = (vault(), vault());
    std::fs::remove_file(b.path().join("hr/parental-leave-policy.md")).unwrap();
    common::age(b.path());
    let shared = tempfile::tempdir().unwrap();
    let with_shared = |dir: &Path| {
        let out = vaultlint()
            .args(["check", "--format", "json"])
            .arg(dir)
            .env("VAULTLINT_CACHE_DIR", shared.path())
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let cold = |dir: &Path| {
        let (code, out, _) = run(dir, &["check", "--format", "json", "--no-cache"]);
        (code, out)
    };
    for _ in 0..2 {
        assert_eq!(with_shared(a.path()), cold(a.path()));
        assert_eq!(with_shared(b.path()), cold(b.path()));
    }
}

#[cfg(unix)]
#[test]
fn a_note_linked_from_outside_the_vault_is_seen_to_change() {
    let dir = vault();
    let root = dir.path();
    let outside = tempfile::tempdir().unwrap();
    let target = outside.path().join("shared.md");
    std::fs::write(&target, "---\ntitle: Shared\n---\n# Shared\n").unwrap();
    std::os::unix::fs::symlink(&target, root.join("shared.md")).unwrap();
    common::age(outside.path());
    assert_warm_is_cold(root, "linked");
    // The link keeps its own time; the file it leads to changes.
    std::fs::write(&target, "---\ntitle: Shared\nsuperseded_by: nowhere.md\n---\n# Shared\n").unwrap();
    common::age(outside.path());
    let (_, out, _) = run(root, &["check", "--format", "concise", "--no-cache"]);
    assert!(out.contains("shared.md"), "the changed note is checked: {out}");
    assert_warm_is_cold(root, "its target changed");
}

/// In a vault of hundreds of notes, a few edits leave the notes file as
/// it was (the edited notes are read again on each run): still exact.
#[test]
fn a_few_edits_in_a_large_vault_are_read_again_until_the_cache_is_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for i in 0..300 {
        let successor = if i % 50 == 1 { format!("superseded_by: n{}.md\n", i + 1) } else { String::new() };
        let body = format!("Section {i} of the handbook covers topic {} in some detail.\n", i % 7);
        std::fs::write(
            root.join(format!("n{i}.md")),
            format!("---\ntitle: Note {i}\n{successor}---\n# Note {i}\n\n{body}"),
        )
        .unwrap();
    }
    common::age(root);
    assert_warm_is_cold(root, "untouched");
    let notes_file = || {
        let file = cache_files(root)
            .into_iter()
            .find(|f| f.file_name().unwrap().to_string_lossy().starts_with("notes-"));
        std::fs::read(file.unwrap()).unwrap()
    };
    let before = notes_file();
    std::fs::write(root.join("n5.md"), "---\ntitle: Note 5\nsuperseded_by: missing.md\n---\n# Note 5\n")
        .unwrap();
    assert_warm_is_cold(root, "one note edited");
    assert_eq!(notes_file(), before, "one edit in 300 notes leaves the notes file as it was");
    std::fs::rename(root.join("n7.md"), root.join("m7.md")).unwrap();
    std::fs::remove_file(root.join("n9.md")).unwrap();
    assert_warm_is_cold(root, "a note renamed, one deleted");
    common::age(root);
    assert_warm_is_cold(root, "aged");
}

/// The similarity pass's counts are taken from the cache only for the
/// notes they were counted from: a counts file from another state of the
/// vault (whole, but stale: here from before every note gained a shared
/// footer, which makes that footer's text common) gives what a run
/// without the cache gives, as does the right one put back.
#[test]
fn counts_from_another_state_of_the_vault_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let words = made_up_words;
    let footer = format!("\n\n{}\n", words(999, 60));
    let write = |with_footer: bool| {
        for i in 0..12 {
            let tail = if with_footer { footer.as_str() } else { "\n" };
            let text = format!("---\ntitle: Page {i}\n---\n# Page {i}\n\n{}{tail}", words(i, 80));
            std::fs::write(root.join(format!("p{i}.md")), text).unwrap();
        }
        common::age(root);
    };
    let args = ["suggest", "--format", "json", "--min-score", "0"];
    let cold = || run(root, &[&args[..], &["--no-cache"]].concat());
    let tally = || {
        let file = cache_files(root)
            .into_iter()
            .find(|f| f.file_name().unwrap().to_string_lossy().starts_with("tally-"));
        file.expect("a counts file")
    };
    write(false);
    assert_eq!(run(root, &args), cold(), "no footer");
    let without = std::fs::read(tally()).unwrap();
    write(true);
    let footed = cold();
    assert_eq!(run(root, &args), footed, "a footer in every note");
    let with = std::fs::read(tally()).unwrap();
    assert_ne!(with, without);
    std::fs::write(tally(), &without).unwrap();
    assert_eq!(run(root, &args), footed, "the counts from before the footer");
    std::fs::write(tally(), &with).unwrap();
    assert_eq!(run(root, &args), footed, "the counts put back");
}

/// `n` made-up words, the same for the same `seed`.
fn made_up_words(seed: usize, n: usize) -> String {
    let syllables = ["ka", "lo", "mi", "ra", "ne", "to", "sa", "vi", "du", "pe", "ro", "fi"];
    (0..n)
        .map(|k| {
            let x = (seed * 7919 + k * 104_729) % 1_000_003;
            format!("{}{}{}", syllables[x % 12], syllables[x / 12 % 12], syllables[x / 144 % 12])
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The cache of a vault of short notes, after every command that keeps
/// one, is smaller than the notes it serves: the shingle counts are kept
/// by the counters in use, and a short note's fingerprint without the
/// signature its sample gives.
#[test]
fn the_cache_is_smaller_than_the_notes_it_serves() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(root.join(".vaultlint.toml"), "root = true\n").unwrap();
    let mut notes = 0;
    for i in 0..300 {
        let text =
            format!("---\ntitle: Entry {i}\ntags: [field]\n---\n# Entry {i}\n\n{}\n", made_up_words(i, 120));
        notes += text.len();
        std::fs::write(root.join(format!("entry {i}.md")), text).unwrap();
    }
    for args in RUNS {
        run(root, args);
    }
    let cache: u64 = files(&root.join(".vaultlint_cache")).iter().map(|f| f.metadata().unwrap().len()).sum();
    assert!(cache <= notes as u64, "a cache of {cache} bytes for {notes} bytes of notes");
}
