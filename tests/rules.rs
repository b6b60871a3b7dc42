//! Each rule against its fixture vault: the exact code, path and line.

mod common;
use common::{check_json, findings, fixture};

fn expect(name: &str, expected: &[(&str, &str, Option<u64>)]) -> serde_json::Value {
    let (code, json) = check_json(&fixture(name), &[]);
    let got = findings(&json);
    let want: Vec<(String, String, Option<u64>)> =
        expected.iter().map(|(c, p, l)| (c.to_string(), p.to_string(), *l)).collect();
    assert_eq!(got, want, "findings for fixtures/{name}");
    let has_error = expected.iter().any(|(c, _, _)| {
        vaultlint_core::code::Code::from_name(c).expect("a known code").default_severity()
            == vaultlint_core::diagnostic::Severity::Error
    });
    assert_eq!(code, if has_error { 1 } else { 0 }, "exit status for fixtures/{name}");
    json
}

#[test]
fn every_value_form_resolves() {
    // Each resolves; the one that does so by an alias only is told that
    // Obsidian would not follow it, with the fix that names the file.
    let json = expect("forms", &[("successor-by-alias", "policies/travel-2015.md", Some(2))]);
    assert_eq!(json["summary"]["notes"], 14);
    let d = &json["diagnostics"][0];
    assert_eq!(d["related"], serde_json::json!(["policies/travel.md"]));
    assert_eq!(
        d["fix"],
        serde_json::json!({"offset": 22, "original": "trips", "replacement": "travel", "applicability": "safe"})
    );
}

#[test]
fn every_value_form_reports_its_own_position_when_missing() {
    let m = "missing-successor";
    expect(
        "forms-missing",
        &[
            (m, "policies/backslash.md", Some(2)),
            (m, "policies/dot-slash.md", Some(2)),
            (m, "policies/leading-slash.md", Some(4)),
            (m, "policies/list.md", Some(4)),
            (m, "policies/markdown.md", Some(3)),
            (m, "policies/root-path-no-ext.md", Some(3)),
            (m, "policies/root-path.md", Some(2)),
            (m, "policies/sub/dot-dot.md", Some(3)),
            (m, "policies/wikilink-folder.md", Some(3)),
            (m, "policies/wikilink-heading.md", Some(2)),
            (m, "policies/wikilink.md", Some(2)),
        ],
    );
}

#[test]
fn invalid_successor() {
    // Keys left blank (`empty.md`, `empty-list.md`, `blank.md`) declare
    // nothing, as a template ships them.
    expect(
        "invalid-successor",
        &[
            ("invalid-successor", "list-item.md", Some(4)),
            ("invalid-successor", "mapping.md", Some(3)),
            ("invalid-successor", "number.md", Some(2)),
            ("invalid-successor", "unquoted.md", Some(3)),
            ("invalid-successor", "url.md", Some(2)),
        ],
    );
    // A URL may name what replaced the note, or the page it came from, as
    // proposal processes misfile their design documents: the help says where
    // each belongs.
    let (_, json) = check_json(&fixture("invalid-successor"), &[]);
    let d = json["diagnostics"].as_array().unwrap().iter().find(|d| d["path"] == "url.md").unwrap();
    assert_eq!(
        d["help"],
        "name the note that replaces this one, e.g. `superseded_by: folder/note.md`; a page outside the vault \
         that this note came from is its forerunner, which `supersedes` takes as a URL"
    );
}

#[test]
fn unquoted_wikilink_help_shows_quoted_form() {
    let (_, json) = check_json(&fixture("invalid-successor"), &[]);
    let d = json["diagnostics"].as_array().unwrap().iter().find(|d| d["path"] == "unquoted.md").unwrap();
    assert_eq!(d["column"], 16);
    assert_eq!(d["help"], "quote it: `superseded_by: \"[[plan]]\"`");
}

#[test]
fn missing_successor_names_close_note() {
    let json = expect(
        "missing-successor",
        &[
            ("missing-successor", "hr/expenses-2022.md", Some(2)),
            ("missing-successor", "hr/expenses-2023.md", Some(2)),
            ("missing-successor", "hr/expenses-2024.md", Some(2)),
        ],
    );
    let d = &json["diagnostics"];
    assert_eq!(d[0]["help"], serde_json::Value::Null);
    assert_eq!(d[1]["help"], "did you mean `hr/expenses-policy.md`?");
    assert_eq!(d[2]["help"], "did you mean `hr/expenses-policy.md`?");
    assert_eq!(d[2]["related"], serde_json::json!(["hr/expenses-policy.md"]));
}

/// A successor named by a path from before its folder moved (`/quiesce/README.md`
/// for `proposals/archived/quiesce/README.md`): the note the path ends is the
/// one meant, not the vault's own `README.md`.
#[test]
fn missing_successor_names_the_note_its_path_ends() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join(".vaultlint.toml"), "root = true\n").unwrap();
    std::fs::write(d.join("README.md"), "# Proposals\n").unwrap();
    for (name, front) in [("quiesce", ""), ("scale", "superseded_by: \"/quiesce/README.md\"\n")] {
        std::fs::create_dir_all(d.join(format!("proposals/archived/{name}"))).unwrap();
        let text = format!("---\ntitle: {name}\n{front}---\n# {name}\n");
        std::fs::write(d.join(format!("proposals/archived/{name}/README.md")), text).unwrap();
    }
    let (_, json) = common::check_json(d, &[]);
    assert_eq!(
        common::findings(&json),
        [("missing-successor".to_string(), "proposals/archived/scale/README.md".to_string(), Some(3))]
    );
    assert_eq!(json["diagnostics"][0]["help"], "did you mean `proposals/archived/quiesce/README.md`?");
}

/// A successor named by a bare file name that two notes have (one filed
/// on hold, one closed): neither is offered as the one meant, as taking
/// the wrong one out of force would retire a note in use; both are listed.
#[test]
fn missing_successor_named_by_a_shared_file_name_lists_every_note_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join(".vaultlint.toml"), "root = true\n").unwrap();
    for folder in ["deliverables", "on-hold"] {
        std::fs::create_dir_all(d.join(folder)).unwrap();
        std::fs::write(d.join(format!("{folder}/consulting-brief.md")), "# Consulting brief\n").unwrap();
    }
    std::fs::write(d.join("strategy.md"), "---\nsupersedes: [consulting-brief]\n---\n# Strategy\n").unwrap();
    let (_, json) = common::check_json(d, &[]);
    assert_eq!(
        common::findings(&json),
        [("missing-successor".to_string(), "strategy.md".to_string(), Some(2))]
    );
    assert_eq!(
        json["diagnostics"][0]["help"],
        "2 notes have that file name: `deliverables/consulting-brief.md`, `on-hold/consulting-brief.md`; \
         write the path of the one meant"
    );
}

#[test]
fn ambiguous_successor_lists_candidates() {
    let json = expect("ambiguous-successor", &[("ambiguous-successor", "old-readme.md", Some(2))]);
    assert_eq!(json["diagnostics"][0]["related"], serde_json::json!(["eng/README.md", "ops/README.md"]));
}

#[test]
fn successor_outside_vault() {
    expect("successor-outside-vault", &[("successor-outside-vault", "notes/old.md", Some(2))]);
}

#[test]
fn self_supersession() {
    expect("self-supersession", &[("self-supersession", "runbook.md", Some(3))]);
}

#[test]
fn one_cycle_diagnostic_listing_the_loop() {
    let json = expect("supersession-cycle", &[("supersession-cycle", "a.md", Some(2))]);
    let d = &json["diagnostics"][0];
    assert_eq!(
        d["message"],
        "supersession cycle: a.md -> b.md -> c.md -> a.md; none of these notes is current"
    );
    assert_eq!(d["related"], serde_json::json!(["b.md", "c.md"]));
}

#[test]
fn superseded_successor_names_chain_end() {
    let json = expect("superseded-successor", &[("superseded-successor", "pricing-2023.md", Some(2))]);
    assert_eq!(json["diagnostics"][0]["related"], serde_json::json!(["pricing-2024.md", "pricing.md"]));
}

#[test]
fn status_conflict() {
    // `current` is not a lifecycle word, yet the conflict rule still reads
    // what it means; `deprecated` is a decision record's word for a note
    // no longer relied on, which MADR keeps apart from `superseded by`:
    // out of force with nothing that replaces it, and no conflict, unless
    // a key of the vault's own (`replaced-by`) names what replaces it.
    let json = expect(
        "status-conflict",
        &[
            ("status-conflict", "active.md", Some(2)),
            ("unknown-status", "current.md", Some(2)),
            ("status-conflict", "old-retention.md", Some(3)),
        ],
    );
    assert_eq!(
        json["diagnostics"][2]["message"],
        "status is `deprecated` and `replaced-by` names what replaces it, but no successor is declared"
    );
    let map = common::lineage_map(&fixture("status-conflict"), &[]);
    assert_eq!(map["retired.md"]["in_force"], false);
}

/// MADR and adr-tools write a replaced decision's status as `superseded
/// by [ADR-0005](0005-x.md)` or `Superseded by ADR-0006`: the record is
/// out of force, as `superseded` alone makes it, and the finding asks
/// only for the key indexers read, naming the note the link or the number
/// leads to (a link from the record's folder; a number, the record of
/// the folder whose name starts with it), as YAML that reads back. The
/// decision log's rows and the newer record's citation link to the
/// retired records as history: no `links-to-superseded`.
#[test]
fn a_decision_records_status_names_its_successor() {
    let json = expect(
        "decision-records",
        &[
            ("status-conflict", "docs/decisions/0002-store-orders-in-mysql.md", Some(2)),
            ("status-conflict", "docs/decisions/0003-queue-jobs-in-redis.md", Some(2)),
        ],
    );
    let help = |i: usize| json["diagnostics"][i]["help"].as_str().unwrap().to_string();
    assert_eq!(
        help(0),
        "add `superseded_by: docs/decisions/0005-store-orders-in-postgres.md`, which indexers read"
    );
    assert_eq!(
        help(1),
        "add `superseded_by: docs/decisions/0006-queue-jobs-in-postgres.md`, which indexers read"
    );
    assert_eq!(
        json["diagnostics"][0]["message"],
        "status names `[ADR-0005](0005-store-orders-in-postgres.md)` as the successor, but no successor is declared"
    );
    let map = common::lineage_map(&fixture("decision-records"), &[]);
    for (path, in_force) in [
        ("docs/decisions/0002-store-orders-in-mysql.md", false),
        ("docs/decisions/0003-queue-jobs-in-redis.md", false),
        ("docs/decisions/0005-store-orders-in-postgres.md", true),
    ] {
        assert_eq!(map[path]["in_force"], in_force, "{path}");
    }
}

#[test]
fn unknown_status_is_a_synonym_or_a_misspelling() {
    let json = expect(
        "statuses",
        &[("unknown-status", "old-style.md", Some(3)), ("unknown-status", "style.md", Some(3))],
    );
    let help = |i: usize| json["diagnostics"][i]["help"].as_str().unwrap().to_string();
    // `retired` is a documented synonym of `revoked`: named as such.
    assert_eq!(
        json["diagnostics"][0]["message"],
        "status `retired` means `revoked`, which is the word vaultlint reads"
    );
    assert!(help(0).starts_with("write `status: revoked`"), "{}", help(0));
    assert_eq!(help(1), "did you mean `active`?");
    assert_eq!(json["diagnostics"][1]["message"], "status `activ` looks like a misspelling of `active`");
}

/// A vault written in Portuguese: `obsoleta` is its word for obsolete, a
/// synonym of `superseded`, while `ativa` (active) on every note in force
/// is its own word and no finding.
#[test]
fn a_lifecycle_word_in_another_language_is_a_synonym() {
    let json = expect(
        "portuguese-vault",
        &[
            ("suspected-version", "LEGADO/Processos/Fechamento do Caixa.md", None),
            ("unknown-status", "Tutoriais/Obsoletos/Tutorial - Emitir Nota pelo Sistema Antigo.md", Some(3)),
        ],
    );
    assert_eq!(
        json["diagnostics"][1]["message"],
        "status `obsoleta` means `superseded`, which is the word vaultlint reads"
    );
}

#[test]
fn a_vaults_own_statuses_are_not_findings() {
    // Workflow states, reading states with emoji, maturity labels and
    // decision records' words are the vault's; only a misspelt lifecycle
    // word or a synonym of one is reported, and the help never offers a
    // word that retires a note for a word that merely looks like it. An
    // empty status, as a task template leaves it, is no finding.
    let json = expect(
        "workflow-statuses",
        &[
            ("unknown-status", "policies/hiring-2022.md", Some(3)),
            ("unknown-status", "policies/leave-2023.md", Some(3)),
            ("unknown-status", "policies/travel.md", Some(3)),
        ],
    );
    let help = |i: usize| json["diagnostics"][i]["help"].as_str().unwrap().to_string();
    assert!(help(1).starts_with("if the note is meant to be `superseded`"), "{}", help(1));
    assert_eq!(help(2), "did you mean `active`?");
}

/// A world's notes say where its gods, places and people stand
/// (`Worshipped`, `Forgotten`, `Contested`, `Ruined`, `Alive`, `Deceased`,
/// each on several notes, beside `Active` on most): a vocabulary of the
/// vault's own, in which `Withdrawn`, written on two gods, is its word
/// too, not a retired note's.
#[test]
fn a_synonym_among_many_words_of_the_vaults_own_is_its_own() {
    expect("world-statuses", &[]);
}

/// A major line named without its dot (`4x`, `5x`, as Express files its
/// docs) or with an `x` for each number after it (`version-10.x.x`) is a
/// release folder: the older line's copies are found.
#[test]
fn major_lines_named_without_a_dot_are_releases() {
    expect("major-lines", &[("unmarked-version-roots", ".vaultlint.toml", None)]);
    // So is a Docusaurus version named for its major line (`version-10.x.x`).
    expect("docusaurus-major-lines", &[("unmarked-version-roots", ".vaultlint.toml", None)]);
}

#[test]
fn statuses_in_the_config_add_to_the_lifecycle_words() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&fixture("statuses"), dir.path());
    std::fs::write(dir.path().join("vaultlint.toml"), "statuses = [\"Retired\", \"banana\"]\n").unwrap();
    let (code, json) = check_json(dir.path(), &[]);
    assert_eq!(code, 0);
    // `quarantined` is still known; `retired` is now the vault's own word.
    let got: Vec<_> = findings(&json).into_iter().map(|f| f.1).collect();
    assert_eq!(got, ["style.md"]);
}

#[test]
fn both_sides_of_a_declaration() {
    let json = expect(
        "supersedes",
        &[
            ("supersession-cycle", "cycle/one.md", Some(3)),
            ("conflicting-supersession", "handbook/expenses.md", Some(3)),
            ("conflicting-supersession", "handbook/leave-2023.md", Some(3)),
            ("self-supersession", "handbook/onboarding.md", Some(3)),
            ("successor-outside-vault", "handbook/pricing.md", Some(3)),
            ("missing-successor", "handbook/security.md", Some(5)),
            ("status-conflict", "handbook/travel-2024.md", Some(3)),
        ],
    );
    let message = |i: usize| json["diagnostics"][i]["message"].as_str().unwrap().to_string();
    assert_eq!(
        message(1),
        "note says it supersedes `handbook/expenses-2024.md`, but that note names \
         `handbook/expenses-2025.md` as its successor"
    );
    assert_eq!(
        message(2),
        "successor `handbook/leave.md` does not name this note back: it says it supersedes \
         `handbook/leave-2022.md`"
    );
    assert_eq!(
        message(5),
        "superseded note `[[security-2022]]` does not exist: no note has that name or alias"
    );
    assert_eq!(message(6), "status is `active` but `handbook/travel.md` says it supersedes this note");
    // A newer note that is not in force yet is reported where it says so.
    let (_, json) = check_json(&fixture("supersedes"), &["--as-of", "2024-06-01"]);
    let scheduled: Vec<_> = findings(&json).into_iter().filter(|f| f.0 == "scheduled-successor").collect();
    assert_eq!(scheduled, [("scheduled-successor".into(), "handbook/travel.md".into(), Some(3))]);
}

/// A note that merged others keeps their names as aliases, and its
/// `supersedes` names the notes it merged, deleted since: neither its own
/// alias nor another note's makes it, or that note, superseded, and a note
/// that is gone is the end of a merge, not a finding, unless a note of a
/// close name says the value is a slip.
#[test]
fn a_merged_note_names_the_notes_it_replaced() {
    let json = expect("merged-notes", &[("missing-successor", "Library/SoT/SoT - Habits.md", Some(8))]);
    assert_eq!(json["diagnostics"][0]["help"], "did you mean `Library/Notes/Habit stacking.md`?");
    let map = common::lineage_map(&fixture("merged-notes"), &[]);
    assert_eq!(map["Library/SoT/SoT - Habits.md"]["standing"], "in-force");
    // Its verdict is its own: a replaced note that is gone leaves it known.
    assert_eq!(map["Library/SoT/SoT - Habits.md"]["verdict"], "active");
}

#[test]
fn invalid_frontmatter() {
    let json = expect(
        "invalid-frontmatter",
        &[
            ("invalid-frontmatter", "broken.md", Some(4)),
            // Closed by a line of dashes that only gray-matter reads as `---`.
            ("invalid-frontmatter", "dashed.md", Some(5)),
            ("invalid-frontmatter", "duplicate.md", Some(3)),
            // Read as Hugo and PyYAML read it, so its declaration is seen.
            ("missing-successor", "folded-description.md", Some(5)),
            ("invalid-frontmatter", "list.md", Some(2)),
            ("invalid-frontmatter", "repeated-successor.md", Some(4)),
            ("invalid-frontmatter", "unclosed.md", Some(1)),
            // `nav-snippet.md`, links between two horizontal rules, is none.
        ],
    );
    assert_eq!(
        json["diagnostics"][1]["message"],
        "frontmatter ends at a line of 25 dashes, which YAML readers do not take for `---`"
    );
}

#[test]
fn crlf_and_bom_positions() {
    let json = expect("line-endings", &[("missing-successor", "crlf.md", Some(3))]);
    assert_eq!(json["diagnostics"][0]["column"], 16);
}

#[test]
fn handbook() {
    expect(
        "handbook",
        &[
            ("invalid-successor", "internal/engineering/incident-runbook.md", Some(4)),
            ("superseded-successor", "internal/hr/expenses-policy-2024.md", Some(5)),
            ("suspected-version", "internal/hr/leave-2023.md", None),
            ("missing-successor", "internal/hr/leave-2023.md", Some(4)),
            ("status-conflict", "internal/hr/remote-work.md", Some(4)),
            ("ambiguous-successor", "internal/it/laptops-2024.md", Some(3)),
            ("missing-successor", "internal/it/vpn.md", Some(3)),
            ("suspected-version", "restricted/finance/budget-fy26.md", None),
            ("successor-outside-vault", "restricted/finance/budget-fy26.md", Some(4)),
        ],
    );
}

#[test]
fn dates_judged_as_of_a_day() {
    let d = |code: &str, path: &str, line: u64| (code.to_string(), format!("policies/{path}"), Some(line));
    let (code, json) = check_json(&fixture("dates"), &["--as-of", "2026-06-01"]);
    assert_eq!(code, 1);
    assert_eq!(
        findings(&json),
        [
            d("review-overdue", "data-retention.md", 3),
            d("scheduled-successor", "expenses-2026.md", 3),
            d("invalid-date", "lost-property.md", 3),
            d("invalid-date", "travel-booking.md", 2),
            d("invalid-date", "travel-booking.md", 3),
            d("invalid-date", "travel-booking.md", 4),
            d("effective-interval", "visitor-access.md", 3),
        ]
    );
    // A time with its zone as YAML writes it (`15:00:00 -4`, `09:30:00 Z`)
    // is a date.
    // An empty value, bare or quoted (`updated: ""`), or one that says
    // there is none (`updated: N/A`), is left alone. A
    // year or a month alone is a date, but not the day the lifecycle
    // needs: `created: 2025-09` is left alone, `review_due: 2026-09` is not.
    assert_eq!(
        json["diagnostics"][2]["message"],
        "`review_due` is `2026-09`, a month, where the lifecycle needs a day"
    );
    assert_eq!(json["diagnostics"][3]["message"], "`updated` is `2026-02-30`, which is not a date");
    // A date the lifecycle reads is an error; one only other tools read, a warning.
    let severities: Vec<&str> =
        (2..6).map(|i| json["diagnostics"][i]["severity"].as_str().unwrap()).collect();
    assert_eq!(severities, ["error", "warning", "warning", "error"]);
    assert_eq!(json["diagnostics"][1]["related"], serde_json::json!(["policies/expenses-2027.md"]));
    // Before the review date, nothing is overdue; once the successor is in
    // force, nothing is scheduled.
    let (_, json) = check_json(&fixture("dates"), &["--as-of", "2025-12-31"]);
    assert!(!findings(&json).iter().any(|f| f.0 == "review-overdue"));
    let (_, json) = check_json(&fixture("dates"), &["--as-of", "2027-01-01"]);
    assert!(!findings(&json).iter().any(|f| f.0 == "scheduled-successor"));
    assert!(findings(&json).contains(&d("review-overdue", "data-retention.md", 3)));
    common::vaultlint().args(["check", "--as-of", "2026-02-30"]).arg(fixture("dates")).assert().code(2);
}

#[test]
fn links_to_superseded_notes() {
    let l = |path: &str, line: u64| ("links-to-superseded".to_string(), path.to_string(), Some(line));
    let (code, json) = check_json(&fixture("links"), &["--as-of", "2026-06-01"]);
    assert_eq!(code, 0);
    assert_eq!(
        findings(&json),
        [
            l("guides/checklist.md", 6),
            l("guides/checklist.md", 7),
            l("guides/new-starters.md", 7),
            l("guides/new-starters.md", 7),
            l("guides/new-starters.md", 8),
            l("guides/new-starters.md", 9),
            l("guides/new-starters.md", 9),
            l("guides/new-starters.md", 15),
            ("scheduled-successor".into(), "policies/holidays-2026.md".into(), Some(3)),
        ]
    );
    let d = &json["diagnostics"];
    assert_eq!(d[2]["column"], 16);
    assert_eq!(d[3]["column"], 44);
    assert_eq!(
        d[2]["message"],
        "links to `policies/expenses-2024.md`, which is superseded; the current version is `policies/expenses.md`"
    );
    assert_eq!(
        d[2]["help"],
        "link to `policies/expenses.md` instead (`vaultlint check --fix` rewrites the link)"
    );
    assert_eq!(d[5]["message"], "links to `policies/travel-2023.md`, which is revoked");
    assert_eq!(
        d[6]["related"],
        serde_json::json!([
            "policies/parking-2025.md",
            "policies/parking-north.md",
            "policies/parking-south.md"
        ])
    );
    // Once the 2027 holidays are in force, the link to 2026 is retired too;
    // links inside code and from retired notes never count.
    let (_, json) = check_json(&fixture("links"), &["--as-of", "2027-02-01"]);
    let holidays: Vec<_> =
        findings(&json).into_iter().filter(|f| f.1 == "guides/new-starters.md" && f.2 == Some(9)).collect();
    assert_eq!(holidays.len(), 3);
    assert!(!findings(&json).iter().any(|f| f.1.starts_with("policies/")));
}

#[test]
fn dates_as_sites_and_import_tools_write_them() {
    // Jekyll's space before the offset, a zone noted in parentheses and
    // YAML's one-digit hour are dates; a year repeated before the offset
    // is not.
    // (On `date`, which the lifecycle does not read, it is a warning.)
    let (code, json) = check_json(&fixture("site-dates"), &[]);
    assert_eq!(
        findings(&json),
        [("invalid-date".to_string(), "_posts/2020-01-11-release-2-0.md".to_string(), Some(4))]
    );
    assert_eq!(code, 0);
    // R Markdown headers write the month by name: dates, unless the month
    // is misspelt.
    let (code, json) = check_json(&fixture("rmarkdown"), &[]);
    assert_eq!(
        findings(&json),
        [("invalid-date".to_string(), "analyses/frost-dates.md".to_string(), Some(3))]
    );
    assert_eq!(code, 0);
}

/// A date in words (`Apr 30, 2024`) under a key the vault's other notes
/// write in digits is a slip the vault's tools will not read: a warning,
/// fixed safely to the day in digits.
#[test]
fn a_date_in_words_among_dates_in_digits() {
    let (code, json) = check_json(&fixture("worded-dates"), &[]);
    assert_eq!(code, 0);
    assert_eq!(
        findings(&json),
        [("invalid-date".to_string(), "Meetings/Security review.md".to_string(), Some(2))]
    );
    let d = &json["diagnostics"][0];
    assert_eq!(d["severity"], "warning");
    assert_eq!(d["help"], "write it as the others do: `2024-04-30`");
    assert_eq!(d["fix"]["original"], "Apr 30, 2024");
    assert_eq!(d["fix"]["replacement"], "2024-04-30");
}

#[test]
fn dates_as_the_vault_writes_them() {
    // A template's day and weekday is a date, unless the day falls on
    // another weekday. Numeric dates with the day first are the vault's
    // own under `date`, where one of them puts a number past 12 first;
    // under `created`, whose own values do not say, they follow `date`.
    // Unix times, as an
    // outliner writes `created` and `updated`, are dates. So are a year or
    // a month alone (`date: 1998`, `created: 2026-04`) under keys the
    // lifecycle does not read.
    let (code, json) = check_json(&fixture("vault-dates"), &[]);
    assert_eq!(
        findings(&json),
        [
            ("invalid-date".to_string(), "Posts/Pairing.md".to_string(), Some(2)),
            ("invalid-date".to_string(), "Problems/Binary search.md".to_string(), Some(2)),
        ]
    );
    let messages: Vec<&str> =
        json["diagnostics"].as_array().unwrap().iter().map(|d| d["message"].as_str().unwrap()).collect();
    assert_eq!(messages[0], "`date` is `31-04-2026`, which is not a date");
    assert_eq!(messages[1], "`date` is `2023-10-06 Saturday`, but 2023-10-06 is a Friday");
    assert_eq!(code, 0);
}

#[test]
fn a_vault_that_puts_the_month_first_is_read_so() {
    // Proposals written from a template that says `mm/dd/yyyy`: most put
    // a number past 12 second, one author put the day first. The order is
    // the vault's, `updated` follows `created`, and the one written the
    // other way is the finding, said so.
    let (_, json) = check_json(&fixture("month-first-dates"), &[]);
    assert_eq!(findings(&json), [("invalid-date".to_string(), "proposals/prop-007.md".to_string(), Some(4))]);
    assert_eq!(
        json["diagnostics"][0]["message"],
        "`created` is `29/01/2024`, which puts the day first, where the vault's dates put the month first"
    );
}

#[test]
fn a_key_the_vault_writes_for_people_is_no_date_gone_wrong() {
    // Events whose `date` says their days as a reader wants them
    // (`March 9-11, 2020`, `June-August 2020`): most of the key's values
    // are text no reader takes as a date, so the key is the vault's
    // caption and none of them is a finding.
    let (code, json) = check_json(&fixture("event-captions"), &[]);
    assert_eq!(findings(&json), []);
    assert_eq!(code, 0);
}

#[test]
fn the_folders_of_dependencies_are_not_walked() {
    // `node_modules`, `vendor` and `bower_components` at any depth hold
    // other projects' files, as static site generators know.
    let json = expect("vendored", &[("missing-successor", "docs/upgrading.md", Some(3))]);
    assert_eq!(json["summary"]["notes"], 2);
    // A config may walk them.
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&fixture("vendored"), dir.path());
    std::fs::write(dir.path().join("vaultlint.toml"), "vendored = [\"bower_components\"]\n").unwrap();
    let (_, json) = check_json(dir.path(), &[]);
    let got: Vec<_> = findings(&json).into_iter().map(|f| f.1).collect();
    assert_eq!(
        got,
        [
            "docs/upgrading.md",
            "node_modules/ui-kit/docs/buttons.md",
            "themes/plain/node_modules/icons/README.md",
            "vendor/bundle/gems/kramdown/doc/syntax.md",
        ]
    );
}

#[test]
fn templates_are_never_findings() {
    // No settings name a templates folder: the templates are known by
    // their folders at any depth (`01 Templates`, `00 Meta/Templates`,
    // Hugo's `archetypes`), their name (`_template.md`) or what they hold
    // (Templater tags; keys described in angle brackets, as `rfc-x.md`
    // describes each field, or in single braces, as `archetypes/concept.md`
    // does). Placeholders that break YAML, a fragment that never
    // closes its frontmatter, a default status, an old review date and a
    // link to a retired note are all the template's, not findings; a key
    // written twice is the one mistake reported.
    let dir = fixture("templates-unnamed");
    expect(
        "templates-unnamed",
        &[
            // A mistake every note made from the template would inherit.
            ("invalid-frontmatter", "01 Templates/Project.md", Some(5)),
            ("invalid-date", "notes/offsite.md", Some(3)),
            ("links-to-superseded", "notes/offsite.md", Some(7)),
        ],
    );
    // Nor is one counted as a note in force.
    let (_, json) = check_json(&dir, &["--statistics"]);
    assert_eq!(json["slices"]["verdict_active"], 2, "{}", json["slices"]);
    assert_eq!(json["slices"]["current"], 2, "{}", json["slices"]);
    // No command fails on a template's frontmatter.
    let (code, _) = common::suggest_json(&dir, &[]);
    assert_eq!(code, 0);
    // The eligibility map leaves the templates out.
    let map = common::lineage_map(&dir, &["--as-of", "2026-06-01"]);
    assert_eq!(
        map.keys().map(String::as_str).collect::<Vec<_>>(),
        ["notes/expenses-2024.md", "notes/expenses.md", "notes/offsite.md"]
    );
}

#[test]
fn a_misspelt_key_is_named_with_the_key_meant() {
    // `Created` on five meeting notes is the vault's own key, and a slip
    // of it is renamed to it; the template's slip, a blank `stauts:`, a
    // key spelt otherwise or misspelt with nothing in it (`Review-Due:
    // []`, `Sttaus: n/a`) and a web clipper's `stats:` counts (no
    // status could read so) are no findings.
    let json = expect(
        "misspelt-keys",
        &[
            ("misspelt-key", "meetings/planning.md", Some(3)),
            ("misspelt-key", "meetings/retro.md", Some(2)),
            ("misspelt-key", "policies/hiring.md", Some(3)),
            ("misspelt-key", "policies/leave.md", Some(3)),
            ("misspelt-key", "policies/remote-work.md", Some(4)),
            ("misspelt-key", "policies/security.md", Some(4)),
            ("misspelt-key", "policies/security.md", Some(5)),
            ("misspelt-key", "policies/travel-2024.md", Some(2)),
        ],
    );
    let d = |i: usize| &json["diagnostics"][i + 2];
    // Renamed to the vault's spelling, unless the note has that key too,
    // even blank: the fix would write it twice.
    assert_eq!(json["diagnostics"][0]["fix"], serde_json::Value::Null);
    assert_eq!(json["diagnostics"][0]["help"], "the note has `Created` already: keep the one that is right");
    assert_eq!(
        json["diagnostics"][1]["fix"],
        serde_json::json!({"offset": 4, "original": "Crated", "replacement": "Created", "applicability": "safe"})
    );
    // `superseded` may mean either side of a declaration: both are named,
    // and nothing is renamed.
    assert_eq!(
        d(0)["message"],
        "key `superseded` is read by nothing; it looks like a misspelling of `supersedes` or `superseded_by`"
    );
    assert_eq!(d(0)["fix"], serde_json::Value::Null);
    assert_eq!(
        d(1)["fix"],
        serde_json::json!({"offset": 17, "original": "stauts", "replacement": "status", "applicability": "safe"})
    );
    assert_eq!(d(2)["fix"]["replacement"], "review_due");
    // The note has `status` already; the quoted key is not spliced.
    assert_eq!(d(3)["help"], "the note has `status` already: keep the one that is right");
    assert_eq!(d(3)["fix"], serde_json::Value::Null);
    assert_eq!(d(4)["help"], "rename it to `effective_from`, the key that is read");
    assert_eq!(d(4)["fix"], serde_json::Value::Null);
    assert_eq!(d(5)["fix"]["replacement"], "superseded_by");
}

#[test]
fn a_folder_copied_with_its_first_copy_left_is_one_finding() {
    // Ten notes in two folders under one relative path, all the same
    // text: one finding naming the folders, no pair for each copy, at the
    // second folder (which exists, where the config file may not).
    let json = expect("mirrored-folders", &[("mirrored-folders", "Web/Git/", None)]);
    let d = &json["diagnostics"][0];
    assert_eq!(d["message"], "`Git/` and `Web/Git/` hold 10 copies of the same notes, 10 with the same text");
    assert_eq!(d["related"], serde_json::json!(["Git/", "Web/Git/"]));
}

/// A site's build copy of the vault names every note as a URL
/// (`notes/Bread notes.md` copied to `site/src/content/bread-notes.md`):
/// the copies are one mirror, not a pair for each note.
#[test]
fn a_build_copy_under_slug_names_is_one_finding() {
    let json = expect("slug-copies", &[("mirrored-folders", "site/src/content/", None)]);
    assert_eq!(
        json["diagnostics"][0]["message"],
        "`notes/` and `site/src/content/` hold 11 copies of the same notes, 11 with the same text"
    );
    // Run from inside the copy, the finding's folder is the current one.
    let inside = fixture("slug-copies").join("site/src/content");
    let out = common::vaultlint()
        .current_dir(&inside)
        .args(["check", "--no-cache", "--output-format", "concise", "."])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(".: warning[mirrored-folders] `notes/` and `site/src/content/`"), "{text}");
}

/// Proposals named by number (`rfc-0007.md`) name each other by number,
/// as EIP-style repositories require: `superseded-by: "0012"` from
/// `rfc-0007.md` and `replaces: RFC-0007` are the notes `rfc-0012.md` and
/// `rfc-0007.md`, not missing ones, and the older is out of force.
#[test]
fn proposals_named_by_number_resolve() {
    let (code, json) = check_json(&fixture("numbered-proposals"), &[]);
    // The status that names the successor in words, which no indexer reads.
    // So does one in a parenthesis naming two proposals, each filed as a
    // folder of its own (`rfc-0031/README.md`); a proposal's folder of
    // resources (`resources/rfc-0012/README.md`) is not the proposal.
    assert_eq!(
        (code, findings(&json)),
        (
            0,
            vec![
                ("status-conflict".to_string(), "rfcs/rfc-0003.md".to_string(), Some(4)),
                ("status-conflict".to_string(), "rfcs/rfc-0030/README.md".to_string(), Some(3))
            ]
        ),
        "{json}"
    );
    // `Superseded by RFC-0007` is read as `superseded`: only the key is asked for.
    assert_eq!(json["diagnostics"][0]["help"], "add `superseded_by: rfcs/rfc-0007.md`, which indexers read");
    assert_eq!(
        json["diagnostics"][1]["help"],
        "add `superseded_by: [rfcs/rfc-0031/README.md, rfcs/rfc-0012.md]` and set `status: superseded`, so that \
         indexers leave the note out"
    );
    let map = common::lineage_map(&fixture("numbered-proposals"), &[]);
    assert_eq!(map["rfcs/rfc-0007.md"]["successors"], serde_json::json!(["rfcs/rfc-0012.md"]));
    assert_eq!(map["rfcs/rfc-0007.md"]["standing"], "superseded");
    assert_eq!(map["rfcs/rfc-0012.md"]["standing"], "in-force");
    // A number no note has is still missing.
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&fixture("numbered-proposals"), dir.path());
    let note = dir.path().join("rfcs/rfc-0015.md");
    let text = std::fs::read_to_string(&note)
        .unwrap()
        .replace("status: Final\n", "status: Final\nsuperseded-by: \"0016\"\n");
    std::fs::write(&note, text).unwrap();
    let (_, json) = check_json(dir.path(), &[]);
    let missing =
        findings(&json).into_iter().filter(|(code, ..)| code == "missing-successor").collect::<Vec<_>>();
    assert_eq!(missing, [("missing-successor".to_string(), "rfcs/rfc-0015.md".to_string(), Some(5))]);
}

/// A proposal that replaces two, by number and comma, as proposal
/// templates ask (`replaces: 12, 15`): each number is a declaration of its
/// own, and takes the proposal it names out of force.
#[test]
fn proposals_listed_by_number_are_each_declared() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&fixture("numbered-proposals"), dir.path());
    let text = "---\nrfc: \"0040\"\ntitle: Plugin registry\nstatus: Final\nreplaces: 12, 15\ncreated: 2026-02-01\n---\n\n## Summary\n\nPlugins are installed from one signed registry.\n";
    std::fs::write(dir.path().join("rfcs/rfc-0040.md"), text).unwrap();
    let map = common::lineage_map(dir.path(), &[]);
    for old in ["rfcs/rfc-0012.md", "rfcs/rfc-0015.md"] {
        assert_eq!(map[old]["successors"], serde_json::json!(["rfcs/rfc-0040.md"]), "{old}");
        assert_eq!(map[old]["standing"], "superseded", "{old}");
    }
    assert_eq!(map["rfcs/rfc-0040.md"]["standing"], "in-force");
}

/// A Dendron vault names its notes with dots (`tutorial.publish.md` below
/// `tutorial.md`): a declaration that writes the file name without its
/// folder is offered the note of that whole name, not its parent in the
/// hierarchy, which pasting would make the successor.
#[test]
fn a_dotted_name_is_offered_the_note_of_that_whole_name() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes");
    std::fs::create_dir(&notes).unwrap();
    std::fs::write(dir.path().join(".vaultlint.toml"), "root = true\n").unwrap();
    let write = |name: &str, text: &str| std::fs::write(notes.join(name), text).unwrap();
    write("tutorial.md", "---\ntitle: Tutorial\n---\nThe tutorial's sections.\n");
    write("tutorial.publish.md", "---\ntitle: Publish\n---\nPublish with one command.\n");
    write(
        "tutorial.publish.outdated.md",
        "---\ntitle: Publish, the old way\nsuperseded_by: tutorial.publish.md\n---\nThree steps by hand.\n",
    );
    let (_, json) = check_json(dir.path(), &[]);
    assert_eq!(
        findings(&json),
        [("missing-successor".to_string(), "notes/tutorial.publish.outdated.md".to_string(), Some(3))]
    );
    assert_eq!(json["diagnostics"][0]["help"], "did you mean `notes/tutorial.publish.md`?");
}

/// A proposals repository whose headers are capitalised (`Status`,
/// `Created: 29-Oct-2019`, `SupersededBy: 9`, `Replaces: 4`) is read as it
/// writes them: no key is a misspelling, the numbers name the proposals
/// of those numbers, a dated header is a date, and `Withdrawn`, a word of
/// its own process written on two proposals, is no finding. Its template
/// is no proposal.
#[test]
fn capitalised_headers_are_read_as_the_vault_writes_them() {
    let (code, json) = check_json(&fixture("capitalised-headers"), &[]);
    assert_eq!((code, findings(&json)), (0, vec![]), "{json}");
    let map = common::lineage_map(&fixture("capitalised-headers"), &[]);
    assert_eq!(map["proposals/prop-0004.md"]["successors"], serde_json::json!(["proposals/prop-0009.md"]));
    assert_eq!(map["proposals/prop-0004.md"]["standing"], "superseded");
    assert_eq!(map["proposals/prop-0009.md"]["standing"], "in-force");
    assert_eq!(map["proposals/prop-0020.md"]["standing"], "draft");
    assert!(!map.contains_key("proposals/prop-0000-template.md"));
}

/// A one-digit month or day (`2023-01-1`), which YAML 1.1 and Jekyll read
/// and most date readers do not, is a slip where the vault pads the key,
/// with a safe fix; a Jekyll site whose older posts all write it so has
/// its own form.
#[test]
fn a_one_digit_day_is_a_slip_only_among_padded_dates() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, date: &str| {
        std::fs::write(dir.path().join(name), format!("---\ndate: {date}\n---\nText of {name}.\n")).unwrap()
    };
    for day in 10..16 {
        write(&format!("note-{day}.md"), &format!("2023-02-{day}"));
    }
    write("slip.md", "2023-01-1");
    let (_, json) = check_json(dir.path(), &[]);
    assert_eq!(findings(&json), [("invalid-date".to_string(), "slip.md".to_string(), Some(2))], "{json}");
    let fix = &json["diagnostics"][0]["fix"];
    assert_eq!((&fix["original"], &fix["replacement"]), (&"2023-01-1".into(), &"2023-01-01".into()));
    for day in 2..6 {
        write(&format!("post-{day}.md"), &format!("2016-3-{day} 8:00:00"));
    }
    let (_, json) = check_json(dir.path(), &[]);
    assert_eq!(findings(&json), [], "{json}");
}

/// Dates stamped as one run of digits (`modified: 20240501104432`), as a
/// publishing pipeline writes them on every note, are dates: no finding,
/// and they order two copies of one tutorial, shown as a person reads them.
#[test]
fn dates_stamped_in_digits_are_dates() {
    let (code, json) = check_json(&fixture("stamped-dates"), &[]);
    assert_eq!((code, findings(&json)), (0, vec![]), "{json}");
    let (_, json) = common::suggest_json(&fixture("stamped-dates"), &["--no-git", "--min-score", "0"]);
    let pair = &json["pairs"][0];
    assert_eq!(
        (&pair["older"], &pair["newer"], &pair["direction"]),
        (
            &"plugins/summary-blocks-workflow.md".into(),
            &"plugins/summary-blocks-workflow-tutorial.md".into(),
            &"confident".into()
        ),
        "{json}"
    );
    let reasons: Vec<&str> =
        pair["reasons"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    assert!(reasons.contains(&"modified 2024-05-01 10:44:32 < 2024-05-04 23:47:45"), "{reasons:?}");
}

/// With `[index] preset = "superseded-by-path"`, every way of marking an
/// old note that such an indexer does not honour is reported on the old
/// note (a list, another spelling of the key, `supersedes` on the newer
/// note only, a path without `.md` or relative, a wikilink, a status
/// alone); `--fix` writes the honoured form, and afterwards only the note
/// with no successor to name is left. The `generic` preset honours all.
#[test]
fn declarations_the_indexer_does_not_honour() {
    let code = "unhonoured-declaration".to_string();
    let expected: Vec<(String, String, Option<u64>)> = [
        ("canteen-2023", Some(3)),
        ("equipment-2024", Some(3)),
        ("expenses-2024", None),
        ("hybrid-2024", Some(3)),
        ("leave-2024", Some(3)),
        ("onboarding-2024", Some(3)),
        ("security-2024", Some(3)),
        ("travel-2024", Some(3)),
    ]
    .iter()
    .map(|(name, line)| (code.clone(), format!("policies/{name}.md"), *line))
    .collect();
    let only =
        |json: &serde_json::Value| -> Vec<_> { findings(json).into_iter().filter(|f| f.0 == code).collect() };
    let (status, json) = check_json(&fixture("indexer-forms"), &[]);
    assert_eq!((status, only(&json)), (1, expected), "{json}");
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&fixture("indexer-forms"), dir.path());
    let out = common::vaultlint().args(["check", "--fix", "--no-cache"]).arg(dir.path()).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("fixed 7 findings in 7 notes"), "{out:?}");
    let (_, json) = check_json(dir.path(), &[]);
    assert_eq!(only(&json), [(code.clone(), "policies/canteen-2023.md".to_string(), Some(3))]);
    let leave = std::fs::read_to_string(dir.path().join("policies/leave-2024.md")).unwrap();
    assert_eq!(
        leave,
        "---\ntitle: Leave 2024\nsuperseded_by: policies/leave.md\n---\n\nTwenty-five days a year, five carried over.\n"
    );
    common::copy_dir(&fixture("indexer-forms"), dir.path());
    std::fs::write(dir.path().join("vaultlint.toml"), "[index]\npreset = \"generic\"\n").unwrap();
    let (_, json) = check_json(dir.path(), &[]);
    assert_eq!(only(&json), []);
    // Without `[index]`, nothing is checked.
    std::fs::write(dir.path().join("vaultlint.toml"), "").unwrap();
    let (_, json) = check_json(dir.path(), &[]);
    assert_eq!(only(&json), []);
}

/// A vault that capitalises its keys (`Status`, `SupersededBy`, as
/// proposal headers do) is read under its own spelling, and a number in a
/// numbered proposal's declaration names the proposal of that number (a
/// number no note has, in `supersedes`, names a proposal gone, as any
/// name does). The key as it is read (`status`) is no finding beside the
/// vault's spelling; a misspelling whose value would say nothing under
/// the key meant (a number, in a note that is not numbered) is reported
/// with no fix.
#[test]
fn a_vault_is_read_under_its_own_spelling_of_keys() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, head: &str| {
        std::fs::write(dir.path().join(name), format!("---\n{head}---\nText.\n")).unwrap()
    };
    write("nep-0021.md", "Title: Tokens\nStatus: Final\nSupersededBy: 141\nCreated: 29-Oct-2019\n");
    write("nep-0141.md", "Title: Tokens\nStatus: Final\nReplaces: 21\nUpdated: 13-Mar-2023\n");
    write("nep-0200.md", "Title: Storage\nstatus: Final\nReplaces: 605\n");
    write("storage.md", "Title: Storage notes\nStatus: Final\nSuperseeded_By: 200\n");
    let (_, json) = check_json(dir.path(), &[]);
    let found: Vec<(String, String, serde_json::Value)> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (d["path"].as_str().unwrap().into(), d["message"].as_str().unwrap().into(), d["fix"].clone())
        })
        .collect();
    assert_eq!(
        found,
        [(
            "storage.md".to_string(),
            "key `Superseeded_By` is read by nothing; it looks like a misspelling of `superseded_by`"
                .to_string(),
            serde_json::Value::Null
        ),],
        "{json}"
    );
    let lineage = common::lineage_map(dir.path(), &[]);
    assert_eq!(lineage["nep-0021.md"]["successors"], serde_json::json!(["nep-0141.md"]));
    assert_eq!(lineage["nep-0021.md"]["status"], "Final");
    assert_eq!(lineage["nep-0141.md"]["in_force"], true);
}

/// A key in another case whose value says nothing under the key read
/// (`Date: May 2020` where the vault writes `date`) is named, but not
/// renamed: the fix would leave a date no tool reads. Its value is its
/// own finding.
#[test]
fn a_key_in_another_case_with_no_date_gets_no_fix() {
    let dir = tempfile::tempdir().unwrap();
    for day in 1..=6 {
        let text = format!("---\ndate: 2024-01-0{day}\n---\nPost {day} of the year.\n");
        std::fs::write(dir.path().join(format!("post-{day}.md")), text).unwrap();
    }
    std::fs::write(dir.path().join("proposal.md"), "---\nDate: May 2020\n---\nA versioning plugin.\n")
        .unwrap();
    let (_, json) = check_json(dir.path(), &["--no-git"]);
    let on = |code: &str| {
        json["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["code"] == code && d["path"] == "proposal.md")
            .cloned()
    };
    let misspelt = on("misspelt-key").expect("the key is named");
    assert_eq!(misspelt["fix"], serde_json::Value::Null, "{misspelt}");
    assert!(!misspelt["help"].as_str().unwrap().contains("--fix"), "{misspelt}");
    assert!(on("invalid-date").is_some(), "{json}");
}

/// A repository of enhancement proposals, as such processes write them:
/// records named by id (`CEP-0012` for `ceps/0012-workspace-volumes.md`),
/// fields that do not apply filled with `N/A`, `None`, `TBD`, a blank list
/// entry or `- []`, a forerunner outside the repository named by URL, a
/// `final` proposal with a successor, records citing older records, and
/// a status left as the template's list of choices.
#[test]
fn proposals_named_by_id_with_fields_that_do_not_apply() {
    let json = expect(
        "enhancement-proposals",
        &[
            ("status-conflict", "ceps/0015-step-timeouts.md", Some(3)),
            ("unknown-status", "ceps/0022-step-retries.md", Some(3)),
            // A guide is no record: it should point at what is in force.
            ("links-to-superseded", "guides/volumes.md", Some(7)),
        ],
    );
    // The vault's own word for a proposal another replaced.
    assert_eq!(json["diagnostics"][0]["help"], "set `status: replaced`, or remove the declaration");
    let map = common::lineage_map(&fixture("enhancement-proposals"), &[]);
    let current = |path: &str| map[path]["current"].clone();
    assert_eq!(current("ceps/0003-shared-volumes.md"), serde_json::json!(["ceps/0012-workspace-volumes.md"]));
    assert_eq!(current("ceps/0004-node-labels.md"), serde_json::json!(["ceps/0009-node-selectors.md"]));
    assert_eq!(current("ceps/0015-step-timeouts.md"), serde_json::json!(["ceps/0018-run-timeouts.md"]));
    for path in ["ceps/0009-node-selectors.md", "ceps/0012-workspace-volumes.md", "ceps/0018-run-timeouts.md"]
    {
        assert_eq!(map[path]["verdict"], "active", "{path}");
    }
}

/// A note dated by a link to its day's daily note, as Obsidian vaults
/// write it, is dated that day, with or without an alias; written without
/// quotes, YAML reads it as a list inside a list, and the safe fix quotes it.
#[test]
fn a_date_linking_its_daily_note_is_that_day() {
    // On `date`, which the lifecycle does not read, a warning.
    let (code, json) = check_json(&fixture("linked-days"), &[]);
    assert_eq!(
        (code, findings(&json)),
        (0, vec![("invalid-date".to_string(), "Meetings/Roadmap walk-through.md".to_string(), Some(2))])
    );
    let d = &json["diagnostics"][0];
    assert_eq!(d["help"], "quote it: `date: \"[[2025-02-18]]\"`");
    assert_eq!(d["fix"]["original"], "[[2025-02-18]]");
    assert_eq!(d["fix"]["replacement"], "\"[[2025-02-18]]\"");
}

/// A note whose opening says in words that it is retired ("This guide is
/// out of date", "This note has been merged into …"), or in a banner that
/// is the word alone with a date or a pointer (`*Deprecated 2026-01-31*`,
/// `Moved to [the office guide](onboarding.md).`), while its frontmatter
/// keeps it in force; the help names the note the notice links to. A
/// notice about a command the page documents, a note already out of force, a thing the note is about said to be obsolete somewhere (`Obsolete in [[…]]`)
/// and one that says who maintains it are not reported.
#[test]
fn retired_in_text_reports_the_notice_about_the_note() {
    let json = expect(
        "retired-in-text",
        &[
            ("suspected-version", "guides/onboarding-2023.md", None),
            ("retired-in-text", "guides/onboarding-2023.md", Some(7)),
            ("retired-in-text", "guides/printers.md", Some(1)),
            ("retired-in-text", "notes/Deep work blocks.md", Some(6)),
            ("retired-in-text", "notes/Link first.md", Some(1)),
            ("retired-in-text", "policies/expenses-2025.md", Some(5)),
        ],
    );
    let helps: Vec<&str> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "retired-in-text")
        .map(|d| d["help"].as_str().unwrap())
        .collect();
    assert_eq!(
        helps,
        [
            "declare what it says: `superseded_by: guides/onboarding.md`; if nothing replaces it, `status: deprecated`",
            "declare what it says: `superseded_by: guides/onboarding.md`; if nothing replaces it, `status: deprecated`",
            "declare what it says: `superseded_by: notes/Big idea.md`; if nothing replaces it, `status: deprecated`",
            "declare what it says: `superseded_by: notes/Big idea.md`; if nothing replaces it, `status: deprecated`",
            "declare what it says: `superseded_by:` the note that replaces it, or, if nothing does, `status: deprecated`",
        ]
    );
}

/// A decision record says it is replaced in its status, written in the
/// body where its template puts it (a `- Status: superseded by …` line, a
/// `## Status` section): reported, with the help naming the record linked.
/// A handbook's records, named `ADR011-…` in a folder of them: a section
/// headed by the status at the top (`## Superceded`, as records are often
/// spelt) and a status section after the context and the decision are
/// read; a library's page whose status names the project outside the
/// vault that replaced the library says it of the library.
#[test]
fn a_records_status_is_read_where_its_template_puts_it() {
    expect(
        "handbook-records",
        &[
            (
                "retired-in-text",
                "source/architecture_decision_records/ADR011-queue-per-tenant.html.md",
                Some(7),
            ),
            (
                "retired-in-text",
                "source/architecture_decision_records/ADR012-nightly-exports.html.md",
                Some(33),
            ),
        ],
    );
}

/// The record template, titled as a form, and a scaffold's seed, its date
/// a placeholder, are templates: no pair, and left out of the map.
#[test]
fn decision_records_retired_in_their_status_and_their_templates() {
    let json = expect(
        "adr-body-status",
        &[
            ("retired-in-text", "doc/adr/0002-deploy-with-ansible.md", Some(7)),
            ("retired-in-text", "doc/adr/0003-log-to-files.md", Some(3)),
        ],
    );
    let helps: Vec<&str> =
        json["diagnostics"].as_array().unwrap().iter().map(|d| d["help"].as_str().unwrap()).collect();
    assert_eq!(
        helps,
        [
            "declare what it says: `superseded_by: doc/adr/0004-deploy-with-containers.md`; if nothing replaces it, `status: deprecated`",
            "declare what it says: `superseded_by: doc/adr/0005-ship-logs-to-loki.md`; if nothing replaces it, `status: deprecated`",
        ]
    );
    let map = common::lineage_map(&fixture("adr-body-status"), &[]);
    let mut paths: Vec<&String> = map.keys().collect();
    paths.sort();
    assert_eq!(paths.len(), 5, "{paths:?}");
    assert!(paths.iter().all(|p| p.starts_with("doc/adr/0")), "{paths:?}");
}

/// Records filed by number and title (`proposals/0012-burn-half-the-fees.md`)
/// name each other by number alone, quoted or not (`superseded-by: '0031'`,
/// `supersedes: 0022`): each resolves to the one record of the folder whose
/// name opens with it, not to a note of another folder with that number,
/// and a key left blank declares nothing.
#[test]
fn records_named_by_number_alone_resolve_in_their_folder() {
    expect("record-numbers", &[("status-conflict", "proposals/0022-epoch-length.md", Some(4))]);
    let map = common::lineage_map(&fixture("record-numbers"), &[]);
    assert_eq!(
        map["proposals/0012-burn-half-the-fees.md"]["current"],
        serde_json::json!(["proposals/0031-burn-fees-by-epoch.md"])
    );
    assert_eq!(
        map["proposals/0022-epoch-length.md"]["current"],
        serde_json::json!(["proposals/0040-shorter-epochs.md"])
    );
    assert_eq!(map["drafts/0031-notes-on-the-fee-market.md"]["verdict"], "active");
    assert_eq!(map["proposals/0040-shorter-epochs.md"]["verdict"], "active");
}

/// A count under a declaration's key less its `_by` (`corrected: 5`,
/// among a review's other counts) is a word of the note's own, not a
/// misspelt `corrected_by`; a slip of the key holding a note still is.
#[test]
fn a_count_under_a_shortened_declaration_key_is_no_misspelling() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".vaultlint.toml"), "root = true\n").unwrap();
    let review = "---\ncitations-checked: 18/18\nfabricated: 0\ncorrected: 5\ndemoted: 3\n---\nReview.\n";
    std::fs::write(dir.path().join("briefing.md"), review).unwrap();
    std::fs::write(dir.path().join("plan.md"), "---\ncorected_by: briefing.md\n---\nPlan.\n").unwrap();
    let (_, json) = check_json(dir.path(), &[]);
    assert_eq!(findings(&json), [("misspelt-key".to_string(), "plan.md".to_string(), Some(2))], "{json}");
}

/// A vault that declares no successor anywhere retires its records by
/// status alone: `superseded` there is its word for a practice no longer
/// followed, and no finding asks which record replaced it. Once the vault
/// declares a successor somewhere, a record marked superseded without
/// one has left it out.
#[test]
fn superseded_asks_for_a_successor_only_where_the_vault_declares_them() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&fixture("retired-by-status"), dir.path());
    let (status, json) = common::check_json(dir.path(), &["--no-suggest"]);
    assert_eq!(status, 0, "{json}");
    assert_eq!(findings(&json), [], "{json}");
    let accepted = dir.path().join("rfcs/rfc-003-event-stream.md");
    let text = std::fs::read_to_string(&accepted).unwrap();
    std::fs::write(
        &accepted,
        text.replace("status: accepted\n", "status: accepted\nsupersedes: rfcs/rfc-001-nightly-exports.md\n"),
    )
    .unwrap();
    let (_, json) = common::check_json(dir.path(), &["--no-suggest"]);
    assert_eq!(
        findings(&json),
        [("status-conflict".to_string(), "rfcs/rfc-002-shared-staging.md".to_string(), Some(3))],
        "{json}"
    );
}

/// Records that name each other by bare file name (`replaces:
/// std-0100-v1-service-naming.md`), kept in one folder, are read as the
/// notes beside them, so a correct chain is clean and a record naming
/// itself is found; a list of dates under `updated` is each a date.
#[test]
fn a_bare_file_name_is_the_note_beside() {
    expect("records-named-beside", &[("self-supersession", "standards/std-0200-v1-log-format.md", Some(5))]);
}

/// A chain whose every step both notes declare (`superseded_by` on the
/// older, `supersedes` on the newer) is a history of releases kept on
/// purpose, not a declaration to point past; a chain declared on one side
/// only still is one. A link to `Migrate v1.0` where `Migrate v1.2` is in
/// force, in that history, names the release it means; a link to `Export
/// v1`, replaced one way only, or to `Travel 2023`, is stale.
#[test]
fn a_chain_declared_on_both_sides_is_kept() {
    expect(
        "release-history-chain",
        &[
            ("superseded-successor", "Policies/Travel 2023.md", Some(2)),
            ("links-to-superseded", "Tools/Runbook.md", Some(8)),
            ("links-to-superseded", "Tools/Runbook.md", Some(9)),
        ],
    );
}

/// A snippet that opens with a horizontal rule and goes on in Markdown
/// (an admonition an include pulls into many pages) has no frontmatter
/// left open; a block of keys that is never closed still is one.
#[test]
fn a_rule_opening_a_snippet_is_no_frontmatter() {
    expect("include-snippets", &[("invalid-frontmatter", "guides/install.md", Some(1))]);
}

/// A proposal whose status says it was superseded, and whose successor
/// lives in a sister repository (named by URL), is out of force as it
/// says; a URL under the successor key of a proposal still in force is
/// no successor, and is reported.
#[test]
fn a_retired_note_may_name_its_successor_elsewhere() {
    expect("successor-elsewhere", &[("invalid-successor", "proposals/prop-12.md", Some(6))]);
    let map = common::lineage_map(&fixture("successor-elsewhere"), &["--no-cache"]);
    assert_eq!(map["proposals/prop-7.md"]["verdict"], "stale", "{map:?}");
    assert_eq!(map["proposals/prop-12.md"]["verdict"], "unknown", "{map:?}");
}

/// MkDocs Material's blog writes a post's dates as a mapping under
/// `date` (`created:`, `updated:`): the generator's structure, not a
/// finding; a lifecycle key must still be a date itself.
#[test]
fn a_site_generators_mapping_of_dates_is_its_own() {
    expect("mkdocs-blog-dates", &[("invalid-date", "docs/index.md", Some(4))]);
}

/// Decision records kept in a hidden folder (`.agents/decisions/`) are
/// left out of a walk of the vault, and checked when the folder is named,
/// as a path named is always read. The records name each other by id
/// (`ADR-014`, or `ADR-14`, is `ADR-014-message-broker.md`), and a record that names the
/// end of the chain running through the one that superseded it (`ADR-010`
/// names `ADR-014`, which supersedes `ADR-012`, which supersedes
/// `ADR-010`) agrees with that record, and so does the end of the chain,
/// which names only the record it replaced. A hidden folder inside the
/// one named (`.drafts/`) is left out as anywhere.
#[test]
fn records_in_a_named_hidden_folder_are_checked() {
    let (code, json) = check_json(&fixture("hidden-records").join(".agents/decisions"), &["--no-cache"]);
    assert_eq!(
        (code, findings(&json), &json["summary"]["notes"]),
        (0, vec![], &serde_json::json!(4)),
        "{json}"
    );
    let (_, json) = check_json(&fixture("hidden-records"), &["--no-cache"]);
    assert_eq!(json["summary"]["notes"], 1, "{json}");
}
