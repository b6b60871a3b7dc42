#!/usr/bin/env python3
"""Builds the hostile vaults of the robustness benchmark, one folder per
input, at a size factor: each input grows linearly with the factor, so the
time and memory of checking it should too. A vault's `.bench-args` holds
the options its check runs with (relative to the vault).

usage: bench/hostile.py OUT FACTOR
"""
import json
import os
import random
import subprocess
import sys
import time


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def build(out, k):
    retired = ("old.md", "---\nsuperseded_by: new.md\n---\n# Old\n")
    current = ("new.md", "# New\n")

    def vault(name, files):
        for path, text in [retired, current] + files:
            write(os.path.join(out, name, path), text)

    # A finding far along a line: the line grows.
    vault("far-column", [("far.md", "x" * (65_540 * k) + " [[old]]\n")])
    # A one-line flow list in the frontmatter: the list grows.
    items = ",".join(["a"] * (50_000 * k))
    vault("flow-list", [("flow.md", f"---\nx: [{items}]\nsuperseded_by: gone.md\n---\n")])
    # Links on one line, each a finding with a snippet: the line grows.
    vault("links-on-a-line", [("many.md", "[[old]] " * (8_000 * k))])
    # Successors that fit many notes: the candidates grow.
    files = [(f"d{i:05}/index.md", "# Index\n") for i in range(200 * k)]
    files += [(f"n{i:05}.md", '---\nsuperseded_by: "[[index]]"\n---\n') for i in range(200 * k)]
    vault("ambiguous", files)
    # Frontmatter with many keys: the block grows.
    keys = "".join(f"k{i}: v\n" for i in range(20_000 * k))
    vault("wide-frontmatter", [("wide.md", f"---\n{keys}superseded_by: gone.md\n---\n")])
    # Comments, code spans and links interleaved: every link is checked
    # against the comments, every `%%` against the code.
    vault("comments-and-code", [("mixed.md", "%% [[old]] %% `x` [[old]] " * (10_000 * k))])
    # Unclosed link syntax by the thousand on one line: the line grows.
    junk = "".join(p * (5_000 * k) for p in ["[a", "[b](", "[[c", "`d", "![e]("])
    vault("unclosed-syntax", [("junk.md", junk + "\n[[old]]\n")])
    # Suppressions by the thousand, each over a link it silences, then
    # comments that never close: each finding meets the suppressions.
    lines = "<!-- vaultlint-disable-next-line links-to-superseded -->\n[[old]]\n" * (4_000 * k)
    vault("suppressions", [("quiet.md", lines + "<!-- vaultlint-" * (20_000 * k))])
    # Broken declarations by the thousand, each misspelling a note: each
    # looks for the closest note ("did you mean"), and must not compare
    # itself with every note.
    files = [(f"policy-{i:05}.md", f"---\nsuperseded_by: polcy-{i:05}.md\n---\n") for i in range(2_500 * k)]
    vault("broken-declarations", files)
    # The inputs beside the notes. A dismissal file of many lines, most
    # naming pairs that are gone, some malformed: each is a finding.
    lines = "".join(f"gone-{i}.md\tgone-{i}-v2.md\n" if i % 10 else f"only one path {i}\n" for i in range(20_000 * k))
    vault("dismissals", [(".vaultlint-dismissed", lines)])
    # A config of many excludes and folder rules: each path meets them all.
    excludes = ",".join(f'"drafts-{i}/**"' for i in range(2_000 * k))
    rules = "".join(f'[[supersede]]\nolder = "v{i}"\nnewer = "v{i + 1}"\n' for i in range(500 * k))
    notes = [(f"v{i}/page.md", f"# Page {i}\n") for i in range(200)]
    vault("config", [("vaultlint.toml", f"exclude = [{excludes}]\n{rules}")] + notes)
    # A baseline of many entries, few of them still found: each finding is
    # matched against it, each entry no finding matches listed as gone.
    entries = ",\n".join(
        f'{{"path":"n{i}.md","code":"missing-successor","fingerprint":"{i:016x}","text":"x{i}.md"}}'
        for i in range(20_000 * k)
    )
    files = [(f"n{i}.md", f"---\nsuperseded_by: x{i}.md\n---\n") for i in range(0, 20_000 * k, 100)]
    files.append(("baseline.json", f'{{"version": 1, "findings": [\n{entries}\n]}}\n'))
    vault("baseline", files)
    write(os.path.join(out, "baseline", ".bench-args"), "--baseline baseline.json\n")

    cache_vaults(out, k, vault)
    server_streams(out, k, vault)
    git_history(out, k, vault)


def words(seed, count):
    """`count` words, the same for the same seed."""
    rng = random.Random(seed)
    return " ".join(VOCABULARY[rng.randrange(len(VOCABULARY))] for _ in range(count))


VOCABULARY = [a + b for a in "bdfgklmnprstvz" for b in ("a", "e", "i", "o", "u", "an", "el", "ir", "os")]


def aged(root):
    """Every file under `root` dated an hour ago, so that a warm run takes
    its size and times as proof that it is unchanged."""
    past = time.time() - 3600
    for folder, _, names in os.walk(root):
        for name in names:
            os.utime(os.path.join(folder, name), (past, past))


def cache_vaults(out, k, vault):
    """The cache files: each vault is checked with the cache in its
    default folder, in the way its `.bench-cache` says (see
    bench/hostile_run.py). The notes grow with the factor, and with them
    every cache file (the notes file, the findings, the similarity pass's
    counts); or the vault stays and only the cache files grow."""

    def notes(count):
        # Notes of two hundred words, one in ten linking to a retired
        # note (a finding each), one in twenty-five a copy of the one
        # before with a line added (a suspected version).
        files = []
        for i in range(count):
            seed = i - 1 if i % 25 == 1 else i
            extra = "\nOne more line.\n" if i % 25 == 1 else ""
            link = " [[old]]" if i % 10 == 0 else ""
            text = f"---\ntitle: Page {seed}\n---\n# Page {seed}\n\n{words(seed, 200)}{link}\n{extra}"
            files.append((f"p{i // 100:03}/n{i:05}.md", text))
        return files

    # A warm check: the findings come from the cache, whole.
    vault("cache-warm-check", notes(2_500 * k))
    # A warm `suggest`: the notes file, the tally and the banding.
    vault("cache-warm-suggest", notes(2_500 * k))
    # Every cache file damaged (a byte of each flipped, so its tag is
    # wrong) before each run: each is read, refused and written again.
    vault("cache-damaged", notes(2_500 * k))
    # The vault stays; every cache file is replaced by one of k GiB (a
    # sparse file), over the limit of what the vault could need: none
    # may be read.
    vault("cache-oversized", notes(1_000))
    # The vault stays; every cache file is replaced by one of 24k MiB,
    # under that limit, whose header is right but whose tag is not (the
    # notes file's first part claims all of it): none may be held whole.
    vault("cache-bad-tag", notes(1_000))
    modes = {"cache-warm-check": "warm check", "cache-warm-suggest": "warm suggest",
             "cache-damaged": "damaged check", "cache-oversized": f"oversized check {k << 30}",
             "cache-bad-tag": f"bad-tag check {(24 * k) << 20}"}
    for name, mode in modes.items():
        write(os.path.join(out, name, ".obsidian", "app.json"), "{}\n")
        write(os.path.join(out, name, ".bench-cache"), mode + "\n")
        aged(os.path.join(out, name))


def git_history(out, k, vault):
    """The git history: notes committed again and again, so that the
    history grows with the factor, and two notes alike whose order only
    the history tells, so that the similarity pass reads it (one `git log
    --raw` over the whole of it). Checked with the similarity pass on."""
    body = words(7, 300)
    notes = [("hours.md", f"# Support hours\n\n{body}\n"), ("desk.md", f"# Support hours\n\n{body}\nWeekends too.\n")]
    notes += [(f"log/n{i:03}.md", f"# Log {i}\n\n{words(i, 50)}\n") for i in range(100)]
    vault("git-history", notes)
    root = os.path.join(out, "git-history")
    stream = bytearray()

    def data(text):
        raw = text.encode()
        return b"data %d\n" % len(raw) + raw + b"\n"

    def commit(i, files):
        nonlocal stream
        stream += b"commit refs/heads/main\ncommitter Bench <bench@example.com> %d +0000\n" % (1_600_000_000 + 60 * i)
        stream += data(f"edit {i}")
        for path, text in files:
            stream += b"M 100644 inline " + path.encode() + b"\n" + data(text)

    count = 1_500 * k
    for i in range(count):
        files = [(f"log/n{i % 100:03}.md", f"# Log {i % 100}\n\n{words(i, 50)}\n")]
        if i == 0:
            files.append(notes[0])
        if i == count // 2:
            files.append(notes[1])
        commit(i, files)
    files = [(path, open(os.path.join(root, path), encoding="utf-8").read()) for path in sorted(
        os.path.relpath(os.path.join(folder, name), root)
        for folder, _, names in os.walk(root) for name in names)]
    commit(count, files)
    git = lambda *args, **kw: subprocess.run(["git", "-C", root, *args], check=True, **kw)
    git("init", "-q", "-b", "main")
    git("fast-import", "--quiet", input=bytes(stream))
    git("reset", "-q", "--hard", "main")
    write(os.path.join(root, ".bench-suggest"), "")


class Stream:
    """A language client's messages, framed as LSP frames them, written to
    a file that is the server's standard input: `initialize` first (the
    vault at `root`, a debounce longer than the run so that only requests
    make the server check), `shutdown` and `exit` last."""

    def __init__(self, root):
        self.root = os.path.abspath(root)
        self.frames = []
        self.next_id = 0
        self.request("initialize", {"processId": None, "rootUri": self.uri(""), "capabilities": {},
                                    "initializationOptions": {"debounceMs": 600_000}})
        self.notify("initialized", {})

    def uri(self, path):
        return "file://" + os.path.join(self.root, path).rstrip("/")

    def frame(self, message):
        body = json.dumps(message).encode()
        self.frames.append(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method, params):
        self.frame({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        self.next_id += 1
        self.frame({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})

    def open(self, path, text):
        document = {"uri": self.uri(path), "languageId": "markdown", "version": 1, "text": text}
        self.notify("textDocument/didOpen", {"textDocument": document})

    def change(self, path, version, text):
        self.notify("textDocument/didChange", {"textDocument": {"uri": self.uri(path), "version": version},
                                               "contentChanges": [{"text": text}]})

    def at(self, method, path, line, character):
        position = {"line": line, "character": character}
        self.request(method, {"textDocument": {"uri": self.uri(path)}, "position": position})

    def actions(self, path, lines):
        whole = {"start": {"line": 0, "character": 0}, "end": {"line": lines, "character": 0}}
        self.request("textDocument/codeAction", {"textDocument": {"uri": self.uri(path)}, "range": whole,
                                                  "context": {"diagnostics": []}})

    def write(self, tail=b"", end=True):
        if end:
            self.request("shutdown", None)
            self.notify("exit", None)
        with open(os.path.join(self.root, ".bench-stream"), "wb") as f:
            f.writelines(self.frames)
            f.write(tail)


def server_streams(out, k, vault):
    """The language server: a client's stream of messages grows with the
    factor, on a vault that stays (bench/hostile_run.py feeds the stream
    to `vaultlint server` and measures the server)."""
    note = "---\nsuperseded_by: gone.md\n---\n# Note\n\n" + "".join(
        f"{words(i, 12)} [[old]] [[new]]\n" for i in range(40))
    lines = note.count("\n")

    # Notes opened by the thousand, each with findings: all stay open,
    # and one check reports on all of them.
    vault("lsp-open", [])
    s = Stream(os.path.join(out, "lsp-open"))
    for i in range(500 * k):
        s.open(f"open/n{i:05}.md", note.replace("# Note", f"# Note {i}"))
    s.at("textDocument/hover", "open/n00000.md", 1, 16)
    s.write()
    # A large note changed again and again (full sync): only the last
    # text matters.
    vault("lsp-changes", [])
    s = Stream(os.path.join(out, "lsp-changes"))
    big = note * 64
    s.open("big.md", big)
    for i in range(40 * k):
        s.change("big.md", i + 2, big + "x" * i)
    s.at("textDocument/hover", "big.md", 1, 16)
    s.write()
    # A change and a request, again and again: each request is answered
    # from the text it follows, so each makes a check.
    vault("lsp-change-and-ask", [])
    s = Stream(os.path.join(out, "lsp-change-and-ask"))
    s.open("note.md", note)
    for i in range(150 * k):
        s.change("note.md", i + 2, note + "x" * (i % 50))
        s.actions("note.md", lines)
    s.write()
    # Requests of every kind on one note, none of them after a change.
    vault("lsp-requests", [])
    s = Stream(os.path.join(out, "lsp-requests"))
    s.open("note.md", note)
    for i in range(600 * k):
        line = i % lines
        s.at("textDocument/hover", "note.md", line, 20)
        s.at("textDocument/definition", "note.md", line, 20)
        s.at("textDocument/completion", "note.md", 1, 16)
        s.actions("note.md", lines)
        s.at("vaultlint/unknown", "note.md", line, 0)
    s.write()
    # A note of one line holding findings by the thousand: each finding's
    # range is found in the editor's text.
    vault("lsp-findings-on-a-line", [])
    s = Stream(os.path.join(out, "lsp-findings-on-a-line"))
    s.open("many.md", "[[old]] " * (8_000 * k))
    s.at("textDocument/hover", "many.md", 0, 3)
    s.write()
    # The same line, not ASCII, and the code actions over it: each
    # finding's fix is placed, then the note's end (where the comment that
    # suppresses it goes), then the next finding's fix, back along the line.
    vault("lsp-actions-on-a-line", [])
    s = Stream(os.path.join(out, "lsp-actions-on-a-line"))
    s.open("many.md", "[[old]] é " * (8_000 * k))
    s.actions("many.md", 1)
    s.write()
    # A message declaring the most the server reads (64 MiB), of which
    # 8k MiB come before the input ends: memory follows what is sent.
    vault("lsp-short-body", [])
    s = Stream(os.path.join(out, "lsp-short-body"))
    s.write(b"Content-Length: %d\r\n\r\n" % (64 << 20) + b" " * ((8 * k) << 20), end=False)
    # Messages by the thousand, then one declaring a length no message
    # has (2^63 bytes): the server ends there, having allocated nothing
    # for it.
    vault("lsp-huge-length", [])
    s = Stream(os.path.join(out, "lsp-huge-length"))
    s.open("note.md", note)
    for i in range(2_000 * k):
        s.change("note.md", i + 2, note + "x" * (i % 50))
    s.write(b"Content-Length: %d\r\n\r\n{}" % (1 << 63), end=False)


if __name__ == "__main__":
    build(sys.argv[1], int(sys.argv[2]))
