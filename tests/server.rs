//! `vaultlint server` driven as an editor drives it: JSON-RPC over its
//! stdio, framed with `Content-Length` headers, byte for byte.

mod common;
use common::lsp::{Client, uri, wait_bounded};
use common::{copy_dir, fixture};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::process::{Command, Stdio};

fn codes(diagnostics: &[Value]) -> Vec<(String, u64)> {
    diagnostics
        .iter()
        .map(|d| (d["code"].as_str().unwrap().into(), d["range"]["start"]["line"].as_u64().unwrap()))
        .collect()
}

#[test]
fn an_editor_session() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("handbook"), dir.path());
    std::fs::write(dir.path().join("vaultlint.toml"), "").unwrap();
    let root = dir.path().canonicalize().unwrap();
    let mut client = Client::start(&root);
    let init = client.request(
        "initialize",
        json!({ "processId": null, "rootUri": format!("file://{}", root.display()), "capabilities": {} }),
    );
    assert_eq!(init["capabilities"]["definitionProvider"], true);
    client.notify("initialized", json!({}));
    let link = findings_follow_the_editors_text(&mut client, &root);
    actions_definition_and_hover(&mut client, &root, link);
    completion_in_a_successor_value(&mut client, &root);
    a_change_on_disk_heals_an_open_note(&mut client, &root);
    fixes_for_declarations(&mut client, &root);
    a_rename_on_disk_breaks_and_heals(&mut client, &root);
    the_config_is_read_again_when_it_changes(&mut client, &root);
    assert!(client.shut_down().success());
}

/// Opens vpn.md and edits it; the range of the link the edit adds.
fn findings_follow_the_editors_text(client: &mut Client, root: &std::path::Path) -> Value {
    let vpn = uri(root, "internal/it/vpn.md");
    let text = std::fs::read_to_string(root.join("internal/it/vpn.md")).unwrap();
    let doc = json!({ "uri": vpn, "languageId": "markdown", "version": 1, "text": text });
    client.notify("textDocument/didOpen", json!({ "textDocument": doc }));
    let found = client.diagnostics(&vpn);
    assert_eq!(codes(&found), [("missing-successor".to_string(), 2)]);
    assert_eq!(found[0]["range"]["start"]["character"], 15);
    assert_eq!(found[0]["severity"], 1);
    // The declaration gone, a link to a retired note added.
    let edited = "---\ntitle: VPN\n---\n# VPN\n\nClaim the costs as [[expenses-policy-2024]] says.\n";
    let change =
        json!({ "textDocument": { "uri": vpn, "version": 2 }, "contentChanges": [{ "text": edited }] });
    client.notify("textDocument/didChange", change);
    let found = client.diagnostics(&vpn);
    assert_eq!(codes(&found), [("links-to-superseded".to_string(), 5)]);
    found[0]["range"].clone()
}

fn actions_definition_and_hover(client: &mut Client, root: &std::path::Path, link: Value) {
    let vpn = uri(root, "internal/it/vpn.md");
    // The fix and the suppression, as workspace edits.
    let params = json!({ "textDocument": { "uri": vpn }, "range": link, "context": { "diagnostics": [] } });
    let actions = client.request("textDocument/codeAction", params);
    let edits: Vec<&str> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["edit"]["changes"][&vpn][0]["newText"].as_str().unwrap())
        .collect();
    assert_eq!(edits, ["expenses-policy", "<!-- vaultlint-disable-file links-to-superseded -->\n"]);
    assert_eq!(actions[0]["isPreferred"], true);
    // Go to the note the link names; hover says which version is in force.
    let at = json!({ "textDocument": { "uri": vpn }, "position": { "line": 5, "character": 25 } });
    let target = client.request("textDocument/definition", at.clone());
    assert_eq!(target["uri"], uri(root, "internal/hr/expenses-policy-2024.md"));
    let hover = client.request("textDocument/hover", at);
    let said = hover["contents"]["value"].as_str().unwrap();
    assert!(said.contains("in force now: `internal/hr/expenses-policy.md`"), "{said}");
}

fn completion_in_a_successor_value(client: &mut Client, root: &std::path::Path) {
    let vpn = uri(root, "internal/it/vpn.md");
    let draft = "---\nsuperseded_by: \n---\n";
    let change =
        json!({ "textDocument": { "uri": vpn, "version": 3 }, "contentChanges": [{ "text": draft }] });
    client.notify("textDocument/didChange", change);
    client.diagnostics(&vpn);
    let at = json!({ "textDocument": { "uri": vpn }, "position": { "line": 1, "character": 15 } });
    let items = client.request("textDocument/completion", at);
    let labels: Vec<&str> = items.as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert!(labels.contains(&"internal/hr/expenses-policy.md"), "{labels:?}");
    // The item's edit writes the whole value where the cursor is.
    let item =
        items.as_array().unwrap().iter().find(|i| i["label"] == "internal/hr/expenses-policy.md").unwrap();
    let at = json!({ "start": { "line": 1, "character": 15 }, "end": { "line": 1, "character": 15 } });
    assert_eq!(item["textEdit"], json!({ "range": at, "newText": "internal/hr/expenses-policy.md" }));
    assert!(!labels.contains(&"internal/it/vpn.md"), "a note is not its own successor");
    // Outside a declaration's value, nothing is offered.
    let at = json!({ "textDocument": { "uri": vpn }, "position": { "line": 2, "character": 1 } });
    assert_eq!(client.request("textDocument/completion", at), json!([]));
}

/// Whole-vault semantics: a note created on disk heals another's
/// declaration; closing a note clears its findings.
fn a_change_on_disk_heals_an_open_note(client: &mut Client, root: &std::path::Path) {
    let careers = uri(root, "public/careers.md");
    let declares = "---\ntitle: Careers\nsuperseded_by: public/jobs.md\n---\n# Careers\n";
    let doc = json!({ "uri": careers, "languageId": "markdown", "version": 1, "text": declares });
    client.notify("textDocument/didOpen", json!({ "textDocument": doc }));
    assert_eq!(codes(&client.diagnostics(&careers)), [("missing-successor".to_string(), 2)]);
    std::fs::write(root.join("public/jobs.md"), "# Jobs\n").unwrap();
    let created = json!({ "changes": [{ "uri": uri(root, "public/jobs.md"), "type": 1 }] });
    client.notify("workspace/didChangeWatchedFiles", created);
    assert_eq!(codes(&client.diagnostics(&careers)), []);
}

/// Opens `path` with its text on disk; its diagnostics.
fn open(client: &mut Client, root: &std::path::Path, path: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(root.join(path)).unwrap();
    let doc = json!({ "uri": uri(root, path), "languageId": "markdown", "version": 1, "text": text });
    client.notify("textDocument/didOpen", json!({ "textDocument": doc }));
    client.diagnostics(&uri(root, path))
}

/// The code actions for the first diagnostic of `path`: `(title, new text, preferred)`.
fn actions_for(
    client: &mut Client,
    root: &std::path::Path,
    path: &str,
    found: &[Value],
) -> Vec<(String, String, bool)> {
    let at = uri(root, path);
    let params = json!({ "textDocument": { "uri": at }, "range": found[0]["range"], "context": { "diagnostics": [] } });
    let actions = client.request("textDocument/codeAction", params);
    actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            let text = a["edit"]["changes"][&at][0]["newText"].as_str().unwrap().to_string();
            (a["title"].as_str().unwrap().to_string(), text, a["isPreferred"].as_bool().unwrap())
        })
        .collect()
}

/// Quote an unquoted wikilink (safe, preferred); point a declaration at
/// the note in force now (a judgement, not preferred).
fn fixes_for_declarations(client: &mut Client, root: &std::path::Path) {
    let runbook = "internal/engineering/incident-runbook.md";
    let found = open(client, root, runbook);
    assert_eq!(codes(&found), [("invalid-successor".to_string(), 3)]);
    let actions = actions_for(client, root, runbook, &found);
    assert_eq!((actions[0].1.as_str(), actions[0].2), ("\"[[incident-response]]\"", true));
    let expenses = "internal/hr/expenses-policy-2024.md";
    let found = open(client, root, expenses);
    assert_eq!(codes(&found), [("superseded-successor".to_string(), 4)]);
    let actions = actions_for(client, root, expenses, &found);
    assert_eq!(
        actions[0],
        ("Point to `internal/hr/expenses-policy.md`".into(), "./expenses-policy.md".into(), false)
    );
    // The candidates of an ambiguous successor, as related locations.
    let laptops = "internal/it/laptops-2024.md";
    let found = open(client, root, laptops);
    assert_eq!(codes(&found), [("ambiguous-successor".to_string(), 2)]);
    let related: Vec<&str> = found[0]["relatedInformation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["location"]["uri"].as_str().unwrap())
        .collect();
    assert_eq!(related, [uri(root, "internal/engineering/README.md"), uri(root, "internal/it/README.md")]);
    // A suspected version: marking it superseded is offered, to check first.
    let budget = "restricted/finance/budget-fy26.md";
    let found = open(client, root, budget);
    let suspected: Vec<Value> = found.iter().filter(|d| d["code"] == "suspected-version").cloned().collect();
    assert_eq!(suspected.len(), 1, "{found:?}");
    let actions = actions_for(client, root, budget, &suspected);
    assert_eq!(actions[0].0, "Mark as superseded by `restricted/finance/budget-fy27.md`");
    assert!(!actions[0].2 && actions[0].1.contains("restricted/finance/budget-fy27.md"), "{actions:?}");
    for path in [runbook, expenses, laptops, budget] {
        client.notify("textDocument/didClose", json!({ "textDocument": { "uri": uri(root, path) } }));
    }
}

/// Two notes open; the successor one of them names is renamed on disk, and
/// its finding appears; renamed back, and it clears.
fn a_rename_on_disk_breaks_and_heals(client: &mut Client, root: &std::path::Path) {
    let older = "public/offices-2024.md";
    let newer = "public/offices.md";
    assert_eq!(codes(&open(client, root, older)), []);
    open(client, root, "public/welcome.md");
    let (from, to) = (root.join(newer), root.join("public/locations.md"));
    let renamed = |client: &mut Client, gone: &str, made: &str| {
        let changes = json!({ "changes": [{ "uri": uri(root, gone), "type": 3 }, { "uri": uri(root, made), "type": 1 }] });
        client.notify("workspace/didChangeWatchedFiles", changes);
    };
    std::fs::rename(&from, &to).unwrap();
    renamed(client, newer, "public/locations.md");
    assert_eq!(codes(&client.diagnostics(&uri(root, older))), [("missing-successor".to_string(), 3)]);
    std::fs::rename(&to, &from).unwrap();
    renamed(client, "public/locations.md", newer);
    assert_eq!(codes(&client.diagnostics(&uri(root, older))), []);
}

/// The config changed on disk: its rules hold from the next check.
fn the_config_is_read_again_when_it_changes(client: &mut Client, root: &std::path::Path) {
    let older = uri(root, "public/offices-2024.md");
    std::fs::rename(root.join("public/offices.md"), root.join("public/locations.md")).unwrap();
    let moved = json!({ "changes": [
        { "uri": uri(root, "public/offices.md"), "type": 3 },
        { "uri": uri(root, "public/locations.md"), "type": 1 },
    ] });
    client.notify("workspace/didChangeWatchedFiles", moved);
    assert_eq!(codes(&client.diagnostics(&older)), [("missing-successor".to_string(), 3)]);
    std::fs::write(root.join("vaultlint.toml"), "[rules]\nmissing-successor = \"off\"\n").unwrap();
    let config = json!({ "changes": [{ "uri": uri(root, "vaultlint.toml"), "type": 2 }] });
    client.notify("workspace/didChangeWatchedFiles", config);
    assert_eq!(codes(&client.diagnostics(&older)), []);
}

/// Starts a server on `root` and initializes it.
fn started(root: &std::path::Path) -> Client {
    let mut client = Client::start(root);
    let params =
        json!({ "processId": null, "rootUri": format!("file://{}", root.display()), "capabilities": {} });
    client.request("initialize", params);
    client.notify("initialized", json!({}));
    client
}

/// `text` with an LSP text edit made (ASCII text: columns are bytes).
fn edited(text: &str, edit: &Value) -> String {
    let at = |position: &Value| {
        let line = position["line"].as_u64().unwrap() as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        start + position["character"].as_u64().unwrap() as usize
    };
    let (start, end) = (at(&edit["range"]["start"]), at(&edit["range"]["end"]));
    [&text[..start], edit["newText"].as_str().unwrap(), &text[end..]].concat()
}

/// A fix is planned on the text the editor has now: after unsaved lines
/// are added to the frontmatter, "Mark as superseded" still puts the
/// declaration on a line of its own.
#[test]
fn marking_a_suspected_version_follows_unsaved_edits() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    let body = "# Leave policy\n\nEmployees accrue annual leave at a rate of two days per month of service. \
        Leave requests go to the line manager at least two weeks ahead. Unused leave carries over up to \
        five days into the next year, and the rest lapses at the end of March. Sick leave is separate and \
        needs a doctor's note after three days. Parental leave follows the statutory minimum, topped up \
        to full pay for the first twelve weeks. Public holidays do not count against the allowance.\n";
    std::fs::create_dir(root.join("hr")).unwrap();
    let older = format!("---\ntitle: Leave policy 2024\nreviewed: 2025-01-01\n---\n{body}");
    std::fs::write(root.join("hr/leave-2024.md"), &older).unwrap();
    let newer = format!("---\ntitle: Leave policy\nreviewed: 2025-06-01\n---\n{body}\nSabbaticals too.\n");
    std::fs::write(root.join("hr/leave.md"), newer).unwrap();
    std::fs::write(root.join("vaultlint.toml"), "").unwrap();
    let mut client = started(&root);
    let path = "hr/leave-2024.md";
    let at = uri(&root, path);
    let found = open(&mut client, &root, path);
    assert_eq!(codes(&found), [("suspected-version".to_string(), 0)]);
    // Lines added above the frontmatter's keys, not saved.
    let now = older.replacen("---\n", "---\nowner: People team\ntags: [hr, policy]\n", 1);
    let change = json!({ "textDocument": { "uri": at, "version": 2 }, "contentChanges": [{ "text": now }] });
    client.notify("textDocument/didChange", change);
    let found = client.diagnostics(&at);
    let params = json!({ "textDocument": { "uri": at }, "range": found[0]["range"], "context": { "diagnostics": [] } });
    let actions = client.request("textDocument/codeAction", params);
    let mark = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"].as_str().unwrap().starts_with("Mark as superseded"))
        .expect("a mark action");
    let edits = mark["edit"]["changes"][&at].as_array().unwrap();
    let fixed = edits.iter().rev().fold(now.clone(), |text, edit| edited(&text, edit));
    // Every line of the frontmatter is one `key: value`, the declaration among them.
    let lines: Vec<&str> = fixed.lines().collect();
    let closing = lines.iter().skip(1).position(|l| *l == "---").unwrap() + 1;
    let frontmatter = &lines[1..closing];
    let well_formed = |l: &&str| {
        l.split_once(": ").is_some_and(|(key, value)| {
            !key.is_empty()
                && key.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                && !value.is_empty()
                && !value.contains(": ")
        })
    };
    assert!(frontmatter.iter().all(well_formed), "{fixed}");
    assert!(frontmatter.contains(&"reviewed: 2025-01-01"), "{fixed}");
    assert!(
        frontmatter.iter().any(|l| l.starts_with("superseded_by: ") && l.contains("leave.md")),
        "{fixed}"
    );
    assert_eq!(frontmatter.iter().filter(|l| l.contains("superseded_by")).count(), 1, "{fixed}");
    assert!(fixed.ends_with(body), "{fixed}");
    shut_down(client);
}

/// Shuts the server down as the protocol says: `shutdown`, then `exit`.
fn shut_down(client: Client) {
    assert!(client.shut_down().success());
}

/// A header declaring 4 GB before a 2-byte body: the server refuses it
/// without allocating that much, and ends with an error of its own
/// accord, its input still open.
#[test]
fn a_content_length_over_the_limit_ends_the_server() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("vaultlint.toml"), "").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vaultlint"))
        .arg("server")
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"Content-Length: 4000000000\r\n\r\n{}").unwrap();
    stdin.flush().unwrap();
    let mut stderr_pipe = child.stderr.take().unwrap();
    let status = wait_bounded(child);
    assert_eq!(status.code(), Some(2), "{status}");
    let mut stderr = String::new();
    stderr_pipe.read_to_string(&mut stderr).unwrap();
    assert!(stderr.contains("4000000000 bytes, over the limit"), "{stderr}");
    drop(stdin);
}

/// `exit` without `shutdown` first: exit status 1, as the protocol says.
#[test]
fn exit_without_shutdown_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("vaultlint.toml"), "").unwrap();
    let mut client = started(&dir.path().canonicalize().unwrap());
    client.notify("exit", Value::Null);
    assert_eq!(client.ended().code(), Some(1));
}

/// A handbook vault in a temporary folder, with an empty root config.
fn handbook() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("handbook"), dir.path());
    std::fs::write(dir.path().join("vaultlint.toml"), "").unwrap();
    let root = dir.path().canonicalize().unwrap();
    (dir, root)
}

/// A config in a subfolder that does not parse: a diagnostic on that
/// config, cleared once it is fixed.
#[test]
fn an_invalid_subfolder_config_is_reported_on_it() {
    let (_dir, root) = handbook();
    std::fs::write(root.join("internal/vaultlint.toml"), "[rules]\nmissing-successor = \n").unwrap();
    let mut client = started(&root);
    let vpn = uri(&root, "internal/it/vpn.md");
    let text = std::fs::read_to_string(root.join("internal/it/vpn.md")).unwrap();
    let doc = json!({ "uri": vpn, "languageId": "markdown", "version": 1, "text": text });
    client.notify("textDocument/didOpen", json!({ "textDocument": doc }));
    let config = uri(&root, "internal/vaultlint.toml");
    let found = client.diagnostics(&config);
    assert_eq!(codes(&found), [("invalid-config".to_string(), 1)]);
    assert_eq!(found[0]["severity"], 1);
    std::fs::write(root.join("internal/vaultlint.toml"), "").unwrap();
    let changed = json!({ "changes": [{ "uri": config, "type": 2 }] });
    client.notify("workspace/didChangeWatchedFiles", changed);
    assert_eq!(codes(&client.diagnostics(&config)), []);
    assert_eq!(codes(&client.diagnostics(&vpn)), [("missing-successor".to_string(), 2)]);
    shut_down(client);
}

/// A root config that does not parse: the server says so in a window
/// message, and serves the vault without it rather than ending.
#[test]
fn an_invalid_root_config_is_shown_and_the_vault_still_served() {
    let (_dir, root) = handbook();
    std::fs::write(root.join("vaultlint.toml"), "[rules\n").unwrap();
    let mut client = started(&root);
    let shown = client.wait(|m| m["method"] == "window/showMessage");
    assert_eq!(shown["params"]["type"], 1);
    let said = shown["params"]["message"].as_str().unwrap();
    assert!(said.contains("vaultlint.toml"), "{said}");
    let found = open(&mut client, &root, "internal/it/vpn.md");
    assert_eq!(codes(&found), [("missing-successor".to_string(), 2)]);
    shut_down(client);
}

/// The server reads the vault, the similarity pass included, and writes
/// no cache folder into it.
#[test]
fn the_server_writes_no_cache() {
    let (_dir, root) = handbook();
    let mut client = started(&root);
    let found = open(&mut client, &root, "restricted/finance/budget-fy26.md");
    assert!(found.iter().any(|d| d["code"] == "suspected-version"), "{found:?}");
    shut_down(client);
    assert!(!root.join(".vaultlint_cache").exists());
}

/// Obsidian's settings changed on disk: a note they now leave out of the
/// vault breaks the declaration that names it.
#[test]
fn obsidian_settings_are_read_again_when_they_change() {
    let (_dir, root) = handbook();
    let mut client = started(&root);
    assert_eq!(codes(&open(&mut client, &root, "public/offices-2024.md")), []);
    std::fs::create_dir(root.join(".obsidian")).unwrap();
    std::fs::write(root.join(".obsidian/app.json"), r#"{"userIgnoreFilters": ["public/offices.md"]}"#)
        .unwrap();
    let created = json!({ "changes": [{ "uri": uri(&root, ".obsidian/app.json"), "type": 1 }] });
    client.notify("workspace/didChangeWatchedFiles", created);
    let found = client.diagnostics(&uri(&root, "public/offices-2024.md"));
    assert_eq!(codes(&found), [("missing-successor".to_string(), 3)]);
    shut_down(client);
}

/// Notes not saved yet, opened by the dozen before the vault is read and
/// after: each is in the vault as the editor has it, a declaration naming
/// one is healed by it, and a declaration leads to it. (They are put in
/// the vault together at the next check, not one by one.)
#[test]
fn notes_not_saved_yet_are_in_the_vault_together() {
    let (_dir, root) = handbook();
    let mut client = started(&root);
    let declares = |to: &str| format!("---\nsuperseded_by: drafts/{to}.md\n---\n# Draft\n");
    let drafts = |client: &mut Client, from: usize, to: &str| -> Vec<String> {
        (from..from + 12).map(|i| client.open(&root, &format!("drafts/d{i:02}.md"), &declares(to))).collect()
    };
    let codes_of = |found: &[Value], uri: &str| {
        let message = found.iter().rev().find(|m| m["params"]["uri"] == uri).expect("published");
        codes(message["params"]["diagnostics"].as_array().unwrap())
    };
    let missing = vec![("missing-successor".to_string(), 1)];
    // Before the vault is read: drafts naming a note opened with them.
    let first = drafts(&mut client, 0, "final-a");
    let final_a = client.open(&root, "drafts/final-a.md", "# A\n");
    let found = client.settle(&final_a);
    assert!(first.iter().all(|uri| codes_of(&found, uri).is_empty()), "{found:?}");
    // After: drafts naming a note not open yet, then that note.
    let more = drafts(&mut client, 12, "final-b");
    let found = client.settle(&more[0]);
    assert!(more.iter().all(|uri| codes_of(&found, uri) == missing), "{found:?}");
    let final_b = client.open(&root, "drafts/final-b.md", "# B\n");
    let found = client.settle(&final_b);
    assert!(more.iter().all(|uri| codes_of(&found, uri).is_empty()), "{found:?}");
    let at = json!({ "textDocument": { "uri": first[0] }, "position": { "line": 1, "character": 18 } });
    assert_eq!(client.request("textDocument/definition", at)["uri"], final_a);
    shut_down(client);
}

/// A note whose lines end every way the protocol knows (`\r\n`, `\n`, a
/// lone `\r`, in the frontmatter and in the body), with characters that
/// count differently as bytes, characters and UTF-16 units (an emoji
/// outside the Basic Multilingual Plane, letters with combining marks),
/// and findings after each.
const TRICKY: &str = "---\r\n\
                      title: \"😀 Plan\"\r\n\
                      review_due: 2000-01-01\r\n\
                      effective_to: e\u{301}\u{301}x\r\
                      status: supersded\r\n\
                      date: 😀x\r\n\
                      ---\r\n\
                      😀 e\u{301} see [[old]]\r\n\
                      <!-- vaultlint-disable-next-line invalid-date -->\r\n\
                      text 😀😀 [[older]]\r\
                      e\u{301}\u{301}\u{301} [[oldest]] <!-- vaultlint-disable-file ambiguous-successor -->\n";

/// The lines of `text` as the protocol counts them: `\r\n`, `\n` and a
/// lone `\r` each end one.
fn protocol_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(['\r', '\n']) {
        lines.push(&rest[..i]);
        rest = &rest[i + if rest[i..].starts_with("\r\n") { 2 } else { 1 }..];
    }
    lines.push(rest);
    lines
}

/// The command line and the server place every finding of a note on the
/// same line, and at the same column once the command line's characters
/// are counted in the protocol's UTF-16 units.
#[test]
fn the_command_line_and_the_server_place_findings_alike() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(root.join("vaultlint.toml"), "").unwrap();
    std::fs::write(root.join("note.md"), TRICKY).unwrap();
    for old in ["old", "older", "oldest"] {
        std::fs::write(root.join(format!("{old}.md")), format!("---\nsuperseded_by: new.md\n---\n# {old}\n"))
            .unwrap();
    }
    std::fs::write(root.join("new.md"), "# New\n").unwrap();

    let (_, json) = common::check_json(&root, &["--no-suggest", "--as-of", "2026-06-01"]);
    let cli: Vec<(String, String, u64, u64)> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["path"] == "note.md")
        .map(|d| {
            let text = |key: &str| d[key].as_str().unwrap().to_string();
            (text("code"), text("message"), d["line"].as_u64().unwrap(), d["column"].as_u64().unwrap())
        })
        .collect();
    let placed: Vec<(&str, u64, u64)> = cli.iter().map(|(code, _, l, c)| (code.as_str(), *l, *c)).collect();
    assert_eq!(
        placed,
        [
            ("review-overdue", 3, 13),
            ("invalid-date", 4, 15),
            ("unknown-status", 5, 9),
            ("invalid-date", 6, 7),
            ("links-to-superseded", 8, 10),
            ("unused-suppression", 9, 1),
            ("links-to-superseded", 10, 9),
            ("links-to-superseded", 11, 6),
            ("unused-suppression", 11, 17),
        ]
    );

    let mut client = started(&root);
    let found = open(&mut client, &root, "note.md");
    shut_down(client);
    let server: Vec<&Value> = found.iter().filter(|d| d["code"] != "suspected-version").collect();
    assert_eq!(server.len(), cli.len(), "{found:?}");
    let lines = protocol_lines(TRICKY);
    for (code, message, line, column) in &cli {
        // The server's day is today, the command line's is fixed.
        let said = message.split(" (as of").next().unwrap();
        let d = server
            .iter()
            .find(|d| d["code"] == code.as_str() && d["message"].as_str().unwrap().starts_with(said))
            .unwrap_or_else(|| panic!("the server has no {code} `{message}`: {found:?}"));
        let start = &d["range"]["start"];
        assert_eq!(start["line"].as_u64().unwrap(), line - 1, "{code} `{message}`");
        let before = lines[*line as usize - 1].chars().take(*column as usize - 1);
        let units: usize = before.map(char::len_utf16).sum();
        assert_eq!(start["character"].as_u64().unwrap(), units as u64, "{code} `{message}`");
    }
    // The emoji are two units each: the columns do differ by unit.
    let older = server.iter().find(|d| d["message"].as_str().unwrap().contains("`older.md`")).unwrap();
    assert_eq!(
        (&older["range"]["start"]["line"], &older["range"]["start"]["character"]),
        (&json!(9), &json!(10))
    );
}

/// The editor-actions vault in a temporary folder, and a server on it.
fn editor_actions() -> (tempfile::TempDir, std::path::PathBuf, Client) {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("editor-actions"), dir.path());
    let root = dir.path().canonicalize().unwrap();
    let client = started(&root);
    (dir, root, client)
}

/// The code actions asked for over `range` of the note at `path`, with
/// `diagnostics` as the context the client sends.
fn actions_at(
    client: &mut Client,
    root: &std::path::Path,
    path: &str,
    range: Value,
    diagnostics: Value,
) -> Vec<Value> {
    let params = json!({ "textDocument": { "uri": uri(root, path) }, "range": range, "context": { "diagnostics": diagnostics } });
    client.request("textDocument/codeAction", params).as_array().unwrap().clone()
}

/// The one edit of an action to the note at `uri`.
fn only_edit<'a>(action: &'a Value, uri: &str) -> &'a Value {
    let edits = action["edit"]["changes"][uri].as_array().unwrap();
    assert_eq!(edits.len(), 1, "{action}");
    &edits[0]
}

/// The cursor at the start of a line with a finding, as Neovim asks: a
/// range of the cursor alone and no diagnostics in the context, and the
/// finding's actions all the same.
#[test]
fn actions_are_offered_anywhere_on_a_findings_line() {
    let (_dir, root, mut client) = editor_actions();
    let path = "Policies/Expenses 2024.md";
    let found = open(&mut client, &root, path);
    assert_eq!(codes(&found), [("missing-successor".to_string(), 2)]);
    let cursor = json!({ "start": { "line": 2, "character": 0 }, "end": { "line": 2, "character": 0 } });
    let actions = actions_at(&mut client, &root, path, cursor, json!([]));
    let at = uri(&root, path);
    let edits: Vec<&str> = actions.iter().map(|a| only_edit(a, &at)["newText"].as_str().unwrap()).collect();
    assert!(edits.contains(&"<!-- vaultlint-disable-file missing-successor -->\n"), "{actions:?}");
    // A line with no finding gets nothing.
    let elsewhere = json!({ "start": { "line": 6, "character": 0 }, "end": { "line": 6, "character": 0 } });
    assert_eq!(actions_at(&mut client, &root, path, elsewhere, json!([])), Vec::<Value>::new());
    shut_down(client);
}

/// A successor named with a slip: the close name is a quick fix, written
/// as the vault writes successors (a quoted wikilink), and the note it
/// leaves is one neither the server nor the command line flags.
#[test]
fn a_did_you_mean_is_a_quick_fix() {
    let (_dir, root, mut client) = editor_actions();
    let path = "Policies/Expenses 2024.md";
    let at = uri(&root, path);
    let found = open(&mut client, &root, path);
    let actions = actions_at(&mut client, &root, path, found[0]["range"].clone(), json!([]));
    let preferred: Vec<&Value> = actions.iter().filter(|a| a["isPreferred"] == true).collect();
    assert_eq!(preferred.len(), 1, "{actions:?}");
    let fix = preferred[0];
    assert_eq!(fix["kind"], "quickfix");
    assert_eq!(fix["title"], "Replace with `[[Expenses policy]]`");
    let edit = only_edit(fix, &at);
    assert_eq!(edit["newText"], "\"[[Expenses policy]]\"");
    let text = std::fs::read_to_string(root.join(path)).unwrap();
    let fixed = edited(&text, edit);
    assert!(fixed.contains("\nsuperseded_by: \"[[Expenses policy]]\"\n"), "{fixed}");
    let change =
        json!({ "textDocument": { "uri": at, "version": 2 }, "contentChanges": [{ "text": fixed }] });
    client.notify("textDocument/didChange", change);
    assert_eq!(codes(&client.diagnostics(&at)), []);
    shut_down(client);
    std::fs::write(root.join(path), &fixed).unwrap();
    let (_, json) = common::check_json(&root, &["--no-suggest"]);
    let left: Vec<_> = common::findings(&json).into_iter().filter(|(_, p, _)| p == path).collect();
    assert_eq!(left, [], "{json}");
}

/// A wikilink several notes' file names fit: each is a fix, naming it by
/// the path that fits it alone, and none preferred; go to definition
/// offers them all, and hover lists them.
#[test]
fn an_ambiguous_successor_offers_each_candidate() {
    let (_dir, root, mut client) = editor_actions();
    let path = "Onboarding (old).md";
    let at = uri(&root, path);
    let found = open(&mut client, &root, path);
    assert_eq!(codes(&found), [("ambiguous-successor".to_string(), 2)]);
    let actions = actions_at(&mut client, &root, path, found[0]["range"].clone(), json!([]));
    let fixes: Vec<(&str, &str)> = actions
        .iter()
        .filter(|a| !a["title"].as_str().unwrap().starts_with("Suppress"))
        .map(|a| {
            assert_eq!(a["isPreferred"], false, "{a}");
            (a["title"].as_str().unwrap(), only_edit(a, &at)["newText"].as_str().unwrap())
        })
        .collect();
    assert_eq!(
        fixes,
        [
            ("Replace with `[[Teams/Design/Onboarding]]`", "\"[[Teams/Design/Onboarding]]\""),
            ("Replace with `[[Teams/Support/Onboarding]]`", "\"[[Teams/Support/Onboarding]]\""),
        ]
    );
    let value = json!({ "textDocument": { "uri": at }, "position": { "line": 2, "character": 20 } });
    let targets = client.request("textDocument/definition", value.clone());
    let uris: Vec<&str> = targets.as_array().unwrap().iter().map(|l| l["uri"].as_str().unwrap()).collect();
    assert_eq!(uris, [uri(&root, "Teams/Design/Onboarding.md"), uri(&root, "Teams/Support/Onboarding.md")]);
    let hover = client.request("textDocument/hover", value);
    let said = hover["contents"]["value"].as_str().unwrap();
    assert!(
        said.contains("`Teams/Design/Onboarding.md`") && said.contains("`Teams/Support/Onboarding.md`"),
        "{said}"
    );
    shut_down(client);
}

/// Every action's title is the editor's: short, and with no command to
/// run (the findings' help is written for the command line).
#[test]
fn action_titles_name_no_command() {
    let (_dir, root, mut client) = editor_actions();
    let mut titles = Vec::new();
    for path in ["Travel.md", "Policies/Expenses 2024.md", "Onboarding (old).md"] {
        let found = open(&mut client, &root, path);
        assert!(!found.is_empty(), "{path}");
        for d in &found {
            let actions = actions_at(&mut client, &root, path, d["range"].clone(), json!([d]));
            titles.extend(actions.iter().map(|a| a["title"].as_str().unwrap().to_string()));
        }
    }
    for title in &titles {
        assert!(!title.contains("vaultlint check") && title.len() <= 60, "{title}");
    }
    assert!(titles.contains(&"Point to `Policies/Expenses policy.md`".to_string()), "{titles:?}");
    shut_down(client);
}

// ---------------------------------------------------------------------
// Renaming notes, references and completion that inserts valid text, on
// the editor-rename vault: a policy named by every form a value takes
// (a quoted wikilink, a path with and without its extension, quoted or
// not, one from the note's folder) and linked from bodies (a wikilink to
// a heading with a label, a Markdown link percent-encoded, one in angle
// brackets).
// ---------------------------------------------------------------------

const POLICY: &str = "Policies/Expenses policy.md";

/// The editor-rename vault in a temporary folder, and a server on it
/// whose client applies file renames in workspace edits when `renames`.
fn editor_rename(renames: bool) -> (tempfile::TempDir, std::path::PathBuf, Client) {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("editor-rename"), dir.path());
    let root = dir.path().canonicalize().unwrap();
    let mut client = Client::start(&root);
    let capabilities = match renames {
        true => {
            json!({ "workspace": { "workspaceEdit": { "documentChanges": true, "resourceOperations": ["create", "rename", "delete"] } } })
        }
        false => json!({}),
    };
    let params = json!({ "processId": null, "rootUri": format!("file://{}", root.display()), "capabilities": capabilities });
    let init = client.request("initialize", params);
    let filters = &init["capabilities"]["workspace"]["fileOperations"]["willRename"]["filters"];
    assert_eq!(filters[0]["pattern"]["glob"], "**/*.{md,markdown,mdx}", "{init}");
    client.notify("initialized", json!({}));
    (dir, root, client)
}

/// `text` with every LSP edit of `edits` made (ASCII text).
fn edited_all(text: &str, edits: &[Value]) -> String {
    let mut edits: Vec<&Value> = edits.iter().collect();
    let at = |e: &&Value| (e["range"]["start"]["line"].as_u64(), e["range"]["start"]["character"].as_u64());
    edits.sort_by_key(at);
    edits.iter().rev().fold(text.to_string(), |text, edit| edited(&text, edit))
}

/// The vault at `root` with `changes` (edits by URI, of the texts in
/// `texts` by path or else on disk) written, then the files of `moves`
/// renamed, as an editor applies a workspace edit; the findings of
/// `vaultlint check` on it after.
fn applied(
    root: &std::path::Path,
    changes: &serde_json::Map<String, Value>,
    texts: &[(&str, &str)],
    moves: &[(&str, &str)],
) -> Vec<(String, String, Option<u64>)> {
    for (at, edits) in changes {
        let path = at.strip_prefix(&uri(root, "")).unwrap().replace("%20", " ");
        let text = match texts.iter().find(|(p, _)| *p == path) {
            Some((_, text)) => text.to_string(),
            None => std::fs::read_to_string(root.join(&path)).unwrap(),
        };
        std::fs::write(root.join(&path), edited_all(&text, edits.as_array().unwrap())).unwrap();
    }
    for (from, to) in moves {
        std::fs::create_dir_all(root.join(to).parent().unwrap()).unwrap();
        std::fs::rename(root.join(from), root.join(to)).unwrap();
    }
    let (_, json) = common::check_json(root, &[]);
    common::findings(&json)
}

fn read(root: &std::path::Path, path: &str) -> String {
    std::fs::read_to_string(root.join(path)).unwrap()
}

/// Renaming the policy: every declaration and link naming it is written
/// again in its own form, an open note's from the editor's unsaved text,
/// and the vault after is clean.
#[test]
fn renaming_a_note_keeps_every_reference_in_its_form() {
    let (_dir, root, mut client) = editor_rename(false);
    // Travel.md open with a line not saved: its edit is of this text.
    let travel = read(&root, "Travel.md").replace("# Travel\n", "# Travel\n\nUnsaved.\n");
    let travel_uri = client.open(&root, "Travel.md", &travel);
    assert_eq!(codes(&client.diagnostics(&travel_uri)), []);
    let new = "Policies/Spending policy.md";
    let files = json!({ "files": [{ "oldUri": uri(&root, POLICY), "newUri": uri(&root, new) }] });
    let edit = client.request("workspace/willRenameFiles", files);
    let changes = edit["changes"].as_object().unwrap();
    let mut edited_notes: Vec<&str> = changes.keys().map(|k| k.as_str()).collect();
    edited_notes.sort();
    let mut expected: Vec<String> = [
        "Archive/Expenses 2022.md",
        "Archive/Expenses 2023.md",
        "Handbook/Welcome.md",
        "Policies/Expenses 2024.md",
        "Travel.md",
    ]
    .iter()
    .map(|p| uri(&root, p))
    .collect();
    expected.sort();
    assert_eq!(edited_notes, expected, "{edit}");
    shut_down(client);
    let left = applied(&root, changes, &[("Travel.md", &travel)], &[(POLICY, new)]);
    assert_eq!(left, [], "{edit}");
    assert!(read(&root, "Policies/Expenses 2024.md").contains("\nsuperseded_by: \"[[Spending policy]]\"\n"));
    assert!(
        read(&root, "Archive/Expenses 2023.md").contains("\nsuperseded_by: 'Policies/Spending policy'\n")
    );
    // A path from the note's folder stays one (quoted, as `check --fix` writes one).
    let from_folder = read(&root, "Archive/Expenses 2022.md");
    assert!(from_folder.contains("\nsuperseded_by: \"../Policies/Spending policy.md\"\n"), "{from_folder}");
    let travel = read(&root, "Travel.md");
    assert!(travel.contains("\nUnsaved.\n"), "{travel}");
    assert!(travel.contains("[[Spending policy#Meals|the policy]]"), "{travel}");
    assert!(travel.contains("[its rules](Policies/Spending%20policy.md#mileage)"), "{travel}");
    assert!(
        read(&root, "Handbook/Welcome.md").contains("[expenses policy](<../Policies/Spending policy.md>)")
    );
}

/// A folder renamed: its notes move with it; a wikilink by file name
/// still lands and is left alone, paths are written again, and the moved
/// note's own path from its folder is written from the new one.
#[test]
fn renaming_a_folder_moves_every_note_below_it() {
    let (_dir, root, mut client) = editor_rename(false);
    let files =
        json!({ "files": [{ "oldUri": uri(&root, "Policies"), "newUri": uri(&root, "Finance/Policies") }] });
    let edit = client.request("workspace/willRenameFiles", files);
    let changes = edit["changes"].as_object().unwrap();
    assert!(!changes.contains_key(&uri(&root, "Policies/Expenses 2024.md")), "{edit}");
    shut_down(client);
    let left = applied(&root, changes, &[], &[("Policies", "Finance/Policies")]);
    assert_eq!(left, [], "{edit}");
    let policy = read(&root, "Finance/Policies/Expenses policy.md");
    assert!(policy.contains("\n  - \"../../Archive/Expenses 2022.md\"\n"), "{policy}");
    assert!(policy.contains("\n  - Archive/Expenses 2023.md\n"), "{policy}");
    assert!(read(&root, "Archive/Expenses 2023.md").contains("'Finance/Policies/Expenses policy'"));
    assert!(read(&root, "Travel.md").contains("(Finance/Policies/Expenses%20policy.md#mileage)"));
}

/// `(path, line)` of each location.
fn places(root: &std::path::Path, locations: &Value) -> Vec<(String, u64)> {
    let base = uri(root, "");
    locations
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let path = l["uri"].as_str().unwrap().strip_prefix(&base).unwrap().replace("%20", " ");
            (path, l["range"]["start"]["line"].as_u64().unwrap())
        })
        .collect()
}

/// References to a note, asked anywhere in it or on a value naming it:
/// the declarations naming it either way and the links to it.
#[test]
fn references_are_the_declarations_and_links_naming_a_note() {
    let (_dir, root, mut client) = editor_rename(false);
    let policy = client.open(&root, POLICY, &read(&root, POLICY));
    client.diagnostics(&policy);
    let expected = [
        ("Archive/Expenses 2022.md", 3),
        ("Archive/Expenses 2023.md", 3),
        ("Handbook/Welcome.md", 5),
        ("Policies/Expenses 2024.md", 3),
        ("Travel.md", 5),
        ("Travel.md", 6),
    ]
    .map(|(p, l)| (p.to_string(), l));
    let params = |at: &str, line, character, include| {
        json!({ "textDocument": { "uri": at }, "position": { "line": line, "character": character },
                "context": { "includeDeclaration": include } })
    };
    let found = client.request("textDocument/references", params(&policy, 12, 3, false));
    assert_eq!(places(&root, &found), expected);
    let with_itself = client.request("textDocument/references", params(&policy, 12, 3, true));
    let mut more = vec![(POLICY.to_string(), 0)];
    more.extend(expected.iter().cloned());
    assert_eq!(places(&root, &with_itself), more);
    // On the value of Expenses 2024's declaration: the note it names.
    let older = client.open(&root, "Policies/Expenses 2024.md", &read(&root, "Policies/Expenses 2024.md"));
    client.diagnostics(&older);
    let on_value = client.request("textDocument/references", params(&older, 3, 22, false));
    assert_eq!(places(&root, &on_value), expected);
    // On Expenses 2024 itself: the policy's `supersedes` names it.
    let itself = client.request("textDocument/references", params(&older, 6, 0, false));
    assert_eq!(places(&root, &itself), [(POLICY.to_string(), 4)]);
    shut_down(client);
}

/// Rename on a successor value renames the note it names: the file
/// renamed after the edits of willRenameFiles; refused, with a reason,
/// where the client cannot rename files.
#[test]
fn rename_on_a_value_renames_the_note_it_names() {
    let (_dir, root, mut client) = editor_rename(true);
    let path = "Policies/Expenses 2024.md";
    let older = client.open(&root, path, &read(&root, path));
    client.diagnostics(&older);
    let at = json!({ "textDocument": { "uri": older }, "position": { "line": 3, "character": 22 } });
    let prepared = client.request("textDocument/prepareRename", at.clone());
    assert_eq!(prepared["placeholder"], "Expenses policy", "{prepared}");
    assert_eq!(prepared["range"]["start"], json!({ "line": 3, "character": 15 }));
    let elsewhere = json!({ "textDocument": { "uri": older }, "position": { "line": 6, "character": 2 } });
    assert_eq!(client.request("textDocument/prepareRename", elsewhere), Value::Null);
    let mut params = at.clone();
    params["newName"] = json!("Spending policy");
    let edit = client.request("textDocument/rename", params);
    let operations = edit["documentChanges"].as_array().unwrap();
    let (rename, edits) = operations.split_last().unwrap();
    assert_eq!(
        rename,
        &json!({ "kind": "rename", "oldUri": uri(&root, POLICY), "newUri": uri(&root, "Policies/Spending policy.md") })
    );
    let changes: serde_json::Map<String, Value> = edits
        .iter()
        .map(|e| (e["textDocument"]["uri"].as_str().unwrap().to_string(), e["edits"].clone()))
        .collect();
    assert_eq!(changes.len(), 5, "{edit}");
    // A name taken by another note is refused.
    let mut taken = at.clone();
    taken["newName"] = json!("Expenses 2024.md");
    let (_, answer) = client.exchange("textDocument/rename", taken);
    assert!(answer["error"]["message"].as_str().unwrap().contains("already"), "{answer}");
    shut_down(client);
    let left = applied(&root, &changes, &[], &[(POLICY, "Policies/Spending policy.md")]);
    assert_eq!(left, []);
    // Without file renames in workspace edits, the rename is refused.
    let (_dir, root, mut client) = editor_rename(false);
    let older = client.open(&root, path, &read(&root, path));
    client.diagnostics(&older);
    let params = json!({ "textDocument": { "uri": older }, "position": { "line": 3, "character": 22 }, "newName": "Spending policy" });
    let (_, answer) = client.exchange("textDocument/rename", params);
    assert!(answer["error"]["message"].as_str().unwrap().contains("rename"), "{answer}");
    shut_down(client);
}

/// The completion items at `(line, character)` of the open note `at`.
fn completions(client: &mut Client, at: &str, line: u32, character: u32) -> Vec<Value> {
    let params =
        json!({ "textDocument": { "uri": at }, "position": { "line": line, "character": character } });
    client.request("textDocument/completion", params).as_array().unwrap().clone()
}

/// The item whose new text contains `name`; the text of the item's edit
/// made in `text`, and the text the edit's range covered.
fn accepted(items: &[Value], name: &str, text: &str) -> (Value, String, String) {
    let item = items
        .iter()
        .find(|i| i["textEdit"]["newText"].as_str().unwrap().contains(name))
        .unwrap_or_else(|| panic!("no item for {name}: {items:?}"))
        .clone();
    let edit = &item["textEdit"];
    let line = edit["range"]["start"]["line"].as_u64().unwrap() as usize;
    let covered = text.lines().nth(line).unwrap()[edit["range"]["start"]["character"].as_u64().unwrap()
        as usize
        ..edit["range"]["end"]["character"].as_u64().unwrap() as usize]
        .to_string();
    (item.clone(), edited(text, edit), covered)
}

/// Completion in a successor value: the item's edit covers what was
/// typed (an opening quote, `[[`) and the closing the editor added, and
/// writes the whole value quoted as YAML needs; the note it leaves is
/// clean. Filter texts start as the typed text does.
#[test]
fn completion_in_a_value_writes_a_valid_value() {
    let (_dir, root, mut client) = editor_rename(false);
    let path = "Archive/Expenses 2023.md";
    let disk = read(&root, path);
    let at = client.open(&root, path, &disk);
    client.diagnostics(&at);
    let change = |client: &mut Client, version: u32, text: &str| {
        let change = json!({ "textDocument": { "uri": at, "version": version }, "contentChanges": [{ "text": text }] });
        client.notify("textDocument/didChange", change);
        client.diagnostics(&at)
    };
    // An empty value.
    let empty = disk.replace("superseded_by: 'Policies/Expenses policy'", "superseded_by: ");
    change(&mut client, 2, &empty);
    let items = completions(&mut client, &at, 3, 15);
    let (_, fixed, covered) = accepted(&items, "Expenses policy", &empty);
    assert_eq!(covered, "");
    assert_eq!(codes(&change(&mut client, 3, &fixed)), [], "{fixed}");
    // A quoted wikilink begun, its closing added by the editor.
    let begun = disk.replace("'Policies/Expenses policy'", "\"[[Exp]]\"");
    change(&mut client, 4, &begun);
    let items = completions(&mut client, &at, 3, 21);
    let (item, fixed, covered) = accepted(&items, "Expenses policy", &begun);
    assert_eq!(covered, "\"[[Exp]]\"");
    assert_eq!(item["textEdit"]["newText"], "\"[[Expenses policy]]\"");
    assert!(item["filterText"].as_str().unwrap().starts_with("\"[[Exp"), "{item}");
    assert!(fixed.contains("\nsuperseded_by: \"[[Expenses policy]]\"\n"), "{fixed}");
    assert_eq!(codes(&change(&mut client, 5, &fixed)), [], "{fixed}");
    // `[[` typed without a quote: the value is quoted all the same.
    let bare = disk.replace("'Policies/Expenses policy'", "[[Exp");
    change(&mut client, 6, &bare);
    let items = completions(&mut client, &at, 3, 20);
    let (item, fixed, covered) = accepted(&items, "Expenses policy", &bare);
    assert_eq!(
        (covered.as_str(), item["textEdit"]["newText"].as_str().unwrap()),
        ("[[Exp", "\"[[Expenses policy]]\"")
    );
    assert!(item["filterText"].as_str().unwrap().starts_with("[[Exp"), "{item}");
    assert_eq!(codes(&change(&mut client, 7, &fixed)), [], "{fixed}");
    shut_down(client);
}

/// Completion in the body: after `[[`, note names closed with `]]` (not
/// doubled where the editor added them); after `[[Note#`, its headings.
#[test]
fn completion_of_links_and_headings_in_the_body() {
    let (_dir, root, mut client) = editor_rename(false);
    let disk = read(&root, "Travel.md");
    let text = format!("{disk}See [[Exp\n");
    let at = client.open(&root, "Travel.md", &text);
    client.diagnostics(&at);
    let line = text.lines().count() as u32 - 1;
    let items = completions(&mut client, &at, line, 9);
    let (item, fixed, covered) = accepted(&items, "Expenses policy", &text);
    assert_eq!(
        (covered.as_str(), item["textEdit"]["newText"].as_str().unwrap()),
        ("[[Exp", "[[Expenses policy]]")
    );
    assert!(fixed.ends_with("See [[Expenses policy]]\n"), "{fixed}");
    // The closing brackets already there are kept, not doubled.
    let closed = format!("{disk}See [[Exp]]\n");
    let change =
        json!({ "textDocument": { "uri": at, "version": 2 }, "contentChanges": [{ "text": closed }] });
    client.notify("textDocument/didChange", change);
    client.diagnostics(&at);
    let items = completions(&mut client, &at, line, 9);
    let (_, fixed, _) = accepted(&items, "Expenses policy", &closed);
    assert!(fixed.ends_with("See [[Expenses policy]]\n"), "{fixed}");
    // After `#`, the note's headings.
    let heading = format!("{disk}See [[Expenses policy#Me\n");
    let change =
        json!({ "textDocument": { "uri": at, "version": 3 }, "contentChanges": [{ "text": heading }] });
    client.notify("textDocument/didChange", change);
    client.diagnostics(&at);
    let items = completions(&mut client, &at, line, 26);
    let labels: Vec<&str> = items.iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["Expenses policy", "Meals", "Mileage"]);
    let (_, fixed, covered) = accepted(&items, "Meals", &heading);
    assert_eq!(covered, "Me");
    assert!(fixed.ends_with("See [[Expenses policy#Meals]]\n"), "{fixed}");
    shut_down(client);
}

// ---------------------------------------------------------------------
// Files on disk, progress, window messages, pulled diagnostics, and a
// client that names no folder.
// ---------------------------------------------------------------------

/// Starts a server on `root` for a client with `capabilities`: its
/// answer to `initialize`, and the messages it sent after `initialized`
/// (it answers a first request only after them).
fn started_as(root: &std::path::Path, capabilities: Value) -> (Client, Value, Vec<Value>) {
    let mut client = Client::start(root);
    let root_uri = format!("file://{}", root.display());
    let init = client.request(
        "initialize",
        json!({ "processId": null, "rootUri": root_uri, "capabilities": capabilities }),
    );
    client.notify("initialized", json!({}));
    let nowhere = json!({ "textDocument": { "uri": uri(root, "nowhere.md") }, "position": { "line": 0, "character": 0 } });
    let (before, _) = client.exchange("textDocument/hover", nowhere);
    (client, init, before)
}

/// The methods of `messages`, in order.
fn methods(messages: &[Value]) -> Vec<&str> {
    messages.iter().filter_map(|m| m["method"].as_str()).collect()
}

#[test]
fn watchers_are_registered_when_the_client_takes_them() {
    let (_dir, root) = handbook();
    let dynamic = json!({ "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true } } });
    let (client, _, before) = started_as(&root, dynamic);
    let registered: Vec<&Value> =
        before.iter().filter(|m| m["method"] == "client/registerCapability").collect();
    assert_eq!(registered.len(), 1, "{before:?}");
    let registration = &registered[0]["params"]["registrations"][0];
    assert_eq!(registration["method"], "workspace/didChangeWatchedFiles");
    let watchers = registration["registerOptions"]["watchers"].as_array().unwrap();
    let globs: Vec<&str> = watchers.iter().map(|w| w["globPattern"].as_str().unwrap()).collect();
    assert_eq!(
        globs,
        [
            "**/*.{md,markdown,mdx}",
            "**/{vaultlint.toml,.vaultlint.toml}",
            "**/.obsidian/app.json",
            "**/.obsidian/templates.json",
            "**/.obsidian/daily-notes.json",
            "**/.obsidian/plugins/templater-obsidian/data.json",
            "**/.obsidian/plugins/periodic-notes/data.json",
            "**/.vaultlint-dismissed"
        ]
    );
    shut_down(client);
    // A client that does not take them is asked nothing.
    let without = json!({ "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": false } } });
    let (client, _, before) = started_as(&root, without);
    assert!(!methods(&before).contains(&"client/registerCapability"), "{before:?}");
    shut_down(client);
}

/// Renames, deletions and creations the editor reports (`mv
/// public/offices.md public/locations.md` done in its file tree) break
/// and heal a declaration in an open note, a folder's as much as a note's.
#[test]
fn file_operations_from_the_editor_update_open_notes() {
    let (_dir, root) = handbook();
    std::fs::create_dir_all(root.join("plans")).unwrap();
    std::fs::write(root.join("plans/roadmap.md"), "# Roadmap\n").unwrap();
    std::fs::write(
        root.join("public/roadmap-2024.md"),
        "---\nsuperseded_by: plans/roadmap.md\n---\n# Roadmap\n",
    )
    .unwrap();
    let (mut client, init, _) = started_as(&root, json!({}));
    let operations = &init["capabilities"]["workspace"]["fileOperations"];
    for operation in ["didRename", "didCreate", "didDelete"] {
        let filters = &operations[operation]["filters"];
        assert_eq!(filters[0]["pattern"]["glob"], "**/*.{md,markdown,mdx}", "{operations}");
        assert_eq!(filters[1]["pattern"]["matches"], "folder", "{operations}");
    }
    let older = "public/offices-2024.md";
    assert_eq!(codes(&open(&mut client, &root, older)), []);
    let missing = vec![("missing-successor".to_string(), 3)];
    let rename = |client: &mut Client, from: &str, to: &str| {
        std::fs::rename(root.join(from), root.join(to)).unwrap();
        let files = json!({ "files": [{ "oldUri": uri(&root, from), "newUri": uri(&root, to) }] });
        client.notify("workspace/didRenameFiles", files);
        codes(&client.diagnostics(&uri(&root, older)))
    };
    assert_eq!(rename(&mut client, "public/offices.md", "public/locations.md"), missing);
    assert_eq!(rename(&mut client, "public/locations.md", "public/offices.md"), []);
    let offices = root.join("public/offices.md");
    let text = std::fs::read(&offices).unwrap();
    std::fs::remove_file(&offices).unwrap();
    let files = json!({ "files": [{ "uri": uri(&root, "public/offices.md") }] });
    client.notify("workspace/didDeleteFiles", files.clone());
    assert_eq!(codes(&client.diagnostics(&uri(&root, older))), missing);
    std::fs::write(&offices, text).unwrap();
    client.notify("workspace/didCreateFiles", files);
    assert_eq!(codes(&client.diagnostics(&uri(&root, older))), []);
    // A folder renamed: the notes in it are under their new paths.
    assert_eq!(codes(&open(&mut client, &root, "public/roadmap-2024.md")), []);
    std::fs::rename(root.join("plans"), root.join("roadmaps")).unwrap();
    let folder = json!({ "files": [{ "oldUri": uri(&root, "plans"), "newUri": uri(&root, "roadmaps") }] });
    client.notify("workspace/didRenameFiles", folder);
    let found = client.diagnostics(&uri(&root, "public/roadmap-2024.md"));
    // (The similarity pass may now suspect the renamed note's version.)
    assert!(codes(&found).contains(&("missing-successor".to_string(), 1)), "{found:?}");
    shut_down(client);
}

/// A change to the dismissal file is taken in without reading the vault
/// again, and the findings still come.
#[test]
fn a_changed_dismissal_file_is_checked_again() {
    let (_dir, root) = handbook();
    let mut client = started(&root);
    let budget = "restricted/finance/budget-fy26.md";
    let found = open(&mut client, &root, budget);
    assert!(found.iter().any(|d| d["code"] == "suspected-version"), "{found:?}");
    std::fs::write(
        root.join(".vaultlint-dismissed"),
        "restricted/finance/budget-fy26.md\trestricted/finance/budget-fy27.md\n",
    )
    .unwrap();
    let changed = json!({ "changes": [{ "uri": uri(&root, ".vaultlint-dismissed"), "type": 1 }] });
    client.notify("workspace/didChangeWatchedFiles", changed);
    let found = client.diagnostics(&uri(&root, budget));
    assert!(found.iter().all(|d| d["code"] != "suspected-version"), "{found:?}");
    shut_down(client);
}

/// Obsidian rewrites `workspace.json` as panes move: that reads nothing
/// again, while a change to `app.json` reads the settings and the vault.
#[test]
fn obsidians_workspace_file_changing_reads_nothing_again() {
    let (_dir, root) = handbook();
    std::fs::create_dir(root.join(".obsidian")).unwrap();
    let (mut client, _, _) = started_as(&root, json!({ "window": { "workDoneProgress": true } }));
    let vpn = client.open(&root, "internal/it/vpn.md", "# VPN\n");
    assert!(methods(&client.settle(&vpn)).contains(&"$/progress"));
    let changed = |client: &mut Client, file: &str| {
        std::fs::write(root.join(".obsidian").join(file), "{}").unwrap();
        let change = json!({ "changes": [{ "uri": uri(&root, &format!(".obsidian/{file}")), "type": 2 }] });
        client.notify("workspace/didChangeWatchedFiles", change);
        let said = client.settle(&vpn);
        methods(&said).contains(&"$/progress")
    };
    assert!(!changed(&mut client, "workspace.json"));
    assert!(changed(&mut client, "app.json"));
    shut_down(client);
}

/// A client that shows work done progress: the token is created, then
/// the reading of the vault begins and ends on it; once, not on each edit.
#[test]
fn reading_the_vault_shows_progress_to_a_client_that_asks() {
    let (_dir, root) = handbook();
    let (mut client, _, _) = started_as(&root, json!({ "window": { "workDoneProgress": true } }));
    let vpn = client.open(&root, "internal/it/vpn.md", "# VPN\n");
    let said = client.settle(&vpn);
    let create = said.iter().position(|m| m["method"] == "window/workDoneProgress/create").expect("created");
    let token = &said[create]["params"]["token"];
    let kinds: Vec<(usize, &str)> = (said.iter().enumerate())
        .filter(|(_, m)| m["method"] == "$/progress" && m["params"]["token"] == *token)
        .map(|(i, m)| (i, m["params"]["value"]["kind"].as_str().unwrap()))
        .collect();
    assert!(kinds.first().is_some_and(|&(i, kind)| kind == "begin" && i > create), "{said:?}");
    assert_eq!(kinds.last().map(|k| k.1), Some("end"), "{said:?}");
    assert!(methods(&said).contains(&"textDocument/publishDiagnostics"), "{said:?}");
    let change =
        json!({ "textDocument": { "uri": vpn, "version": 2 }, "contentChanges": [{ "text": "# VPN!\n" }] });
    client.notify("textDocument/didChange", change);
    let said = client.settle(&vpn);
    assert!(!methods(&said).contains(&"$/progress"), "{said:?}");
    shut_down(client);
    // A client that does not ask is told nothing of it.
    let (mut client, _, _) = started_as(&root, json!({}));
    let vpn = client.open(&root, "internal/it/vpn.md", "# VPN\n");
    let said = client.settle(&vpn);
    assert!(!methods(&said).iter().any(|m| m.contains("rogress")), "{said:?}");
    shut_down(client);
}

/// The window message for a config that does not parse names the file
/// and the line, the root's config as much as a subfolder's.
#[test]
fn an_invalid_config_is_shown_with_its_file_and_line() {
    let (_dir, root) = handbook();
    let broken = "[rules]\nmissing-successor = \n";
    std::fs::write(root.join("vaultlint.toml"), broken).unwrap();
    let client = started(&root);
    let shown = client.wait(|m| m["method"] == "window/showMessage");
    let said = shown["params"]["message"].as_str().unwrap();
    let at = format!("{}:2:", root.join("vaultlint.toml").display());
    assert!(said.starts_with(&at), "{said}");
    shut_down(client);
    std::fs::write(root.join("vaultlint.toml"), "").unwrap();
    std::fs::write(root.join("internal/vaultlint.toml"), broken).unwrap();
    let mut client = started(&root);
    client.open(&root, "internal/it/vpn.md", "# VPN\n");
    let shown = client.wait(|m| m["method"] == "window/showMessage");
    let said = shown["params"]["message"].as_str().unwrap();
    let at = format!("{}:2:", root.join("internal/vaultlint.toml").display());
    assert!(said.starts_with(&at), "{said}");
    // And a diagnostic on the config, as before.
    let found = client.diagnostics(&uri(&root, "internal/vaultlint.toml"));
    assert_eq!(codes(&found), [("invalid-config".to_string(), 1)]);
    shut_down(client);
}

/// `textDocument/diagnostic` answers what was pushed for an open note, and
/// the findings of a note on disk; `workspace/diagnostic` both of them.
#[test]
fn pulled_diagnostics_are_the_pushed_ones() {
    let (_dir, root) = handbook();
    let (mut client, init, _) = started_as(&root, json!({}));
    let provider = &init["capabilities"]["diagnosticProvider"];
    assert_eq!(
        (&provider["interFileDependencies"], &provider["workspaceDiagnostics"]),
        (&json!(true), &json!(true))
    );
    let vpn = uri(&root, "internal/it/vpn.md");
    let pushed = open(&mut client, &root, "internal/it/vpn.md");
    let pulled = client.request("textDocument/diagnostic", json!({ "textDocument": { "uri": vpn } }));
    assert_eq!(pulled["kind"], "full");
    assert_eq!(pulled["items"], Value::Array(pushed.clone()));
    let leave = uri(&root, "internal/hr/leave-2023.md");
    let on_disk = client.request("textDocument/diagnostic", json!({ "textDocument": { "uri": leave } }));
    let on_disk = on_disk["items"].as_array().unwrap().clone();
    assert!(codes(&on_disk).contains(&("missing-successor".to_string(), 3)), "{on_disk:?}");
    let all = client.request("workspace/diagnostic", json!({ "previousResultIds": [] }));
    let report = |uri: &str| {
        let item = all["items"].as_array().unwrap().iter().find(|i| i["uri"] == uri).expect("reported");
        assert_eq!(item["kind"], "full");
        item["items"].as_array().unwrap().clone()
    };
    assert_eq!(report(&vpn), pushed);
    assert_eq!(report(&leave), on_disk);
    assert!(
        codes(&report(&uri(&root, "internal/hr/remote-work.md")))
            .contains(&("status-conflict".to_string(), 3))
    );
    // Asked again with the reports' ids: nothing changed.
    let ids = |all: &Value| -> Value {
        let items = all["items"].as_array().unwrap().iter();
        items.map(|i| json!({ "uri": i["uri"], "value": i["resultId"] })).collect()
    };
    let again = client.request("workspace/diagnostic", json!({ "previousResultIds": ids(&all) }));
    let kinds: Vec<&Value> = again["items"].as_array().unwrap().iter().map(|i| &i["kind"]).collect();
    assert!(!kinds.is_empty() && kinds.iter().all(|k| *k == "unchanged"), "{again}");
    let same = json!({ "textDocument": { "uri": vpn }, "previousResultId": pulled["resultId"] });
    assert_eq!(client.request("textDocument/diagnostic", same)["kind"], "unchanged");
    // The successor a note on disk names is created: its report is emptied.
    std::fs::write(root.join("internal/hr/leave-polcy.md"), "# Leave policy\n").unwrap();
    let created = json!({ "changes": [{ "uri": uri(&root, "internal/hr/leave-polcy.md"), "type": 1 }] });
    client.notify("workspace/didChangeWatchedFiles", created);
    let after = client.request("workspace/diagnostic", json!({ "previousResultIds": ids(&all) }));
    let item = after["items"].as_array().unwrap().iter().find(|i| i["uri"] == leave).expect("reported");
    assert_eq!(item["kind"], "full");
    assert!(!codes(item["items"].as_array().unwrap()).iter().any(|c| c.0 == "missing-successor"), "{item}");
    shut_down(client);
}

/// A client that pulls is not pushed the same findings: it is asked to
/// pull again after each check, a change on disk included.
#[test]
fn a_client_that_pulls_is_asked_to_pull_again() {
    let (_dir, root) = handbook();
    let pulls = json!({ "textDocument": { "diagnostic": {} }, "workspace": { "diagnostic": { "refreshSupport": true } } });
    let (mut client, _, _) = started_as(&root, pulls);
    let older = "public/offices-2024.md";
    let text = std::fs::read_to_string(root.join(older)).unwrap();
    let at = client.open(&root, older, &text);
    let said = client.settle(&at);
    assert_eq!(methods(&said), ["workspace/diagnostic/refresh"], "{said:?}");
    std::fs::rename(root.join("public/offices.md"), root.join("public/locations.md")).unwrap();
    let moved = json!({ "changes": [
        { "uri": uri(&root, "public/offices.md"), "type": 3 },
        { "uri": uri(&root, "public/locations.md"), "type": 1 },
    ] });
    client.notify("workspace/didChangeWatchedFiles", moved);
    client.wait(|m| m["method"] == "workspace/diagnostic/refresh");
    let pulled = client.request("textDocument/diagnostic", json!({ "textDocument": { "uri": at } }));
    assert_eq!(codes(pulled["items"].as_array().unwrap()), [("missing-successor".to_string(), 3)]);
    shut_down(client);
}

/// Initializes `client` naming no folder, as an editor opening a lone file does.
fn initialized_without_a_folder(client: &mut Client) {
    client.request("initialize", json!({ "processId": null, "capabilities": {} }));
    client.notify("initialized", json!({}));
}

/// Started in `/` with no folder named: the vault is the first note's,
/// found as `check NOTE` finds it, and `/` is not read.
#[test]
fn a_client_with_no_folder_gets_the_vault_of_its_first_note() {
    let (_dir, root) = handbook();
    std::fs::write(root.join("vaultlint.toml"), "root = true\n").unwrap();
    let mut client = Client::start(std::path::Path::new("/"));
    initialized_without_a_folder(&mut client);
    let started = std::time::Instant::now();
    assert_eq!(
        codes(&open(&mut client, &root, "internal/it/vpn.md")),
        [("missing-successor".to_string(), 2)]
    );
    // `public/offices.md` is named from the vault's root.
    assert_eq!(codes(&open(&mut client, &root, "public/offices-2024.md")), []);
    // A bound on a walk of the whole disk, not a measure of speed.
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
    shut_down(client);
}

/// A note whose vault would be the home folder, a git work tree with no
/// vault marker: its own folder is the vault; a note in the home folder
/// itself is served alone.
#[test]
fn the_home_folder_is_not_walked_for_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().canonicalize().unwrap().join("home");
    std::fs::create_dir_all(home.join(".git")).unwrap();
    std::fs::create_dir_all(home.join("notes")).unwrap();
    std::fs::write(home.join("notes/plan.md"), "# Plan\n").unwrap();
    let declares = "---\nsuperseded_by: \"[[plan]]\"\n---\n# Old plan\n";
    std::fs::write(home.join("notes/plan-2024.md"), declares).unwrap();
    std::fs::write(home.join("todo.md"), declares).unwrap();
    let env = [("HOME", home.as_path())];
    let mut client = Client::start_with(std::path::Path::new("/"), &env);
    initialized_without_a_folder(&mut client);
    assert_eq!(codes(&open(&mut client, &home, "notes/plan-2024.md")), []);
    shut_down(client);
    let mut client = Client::start_with(std::path::Path::new("/"), &env);
    initialized_without_a_folder(&mut client);
    // The vault is the open note alone: `notes/plan.md` is not in it.
    assert_eq!(codes(&open(&mut client, &home, "todo.md")), [("missing-successor".to_string(), 1)]);
    shut_down(client);
}
