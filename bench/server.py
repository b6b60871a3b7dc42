"""Latency of `vaultlint server`: the time from a keystroke (a didChange)
to the diagnostics published for it, less the debounce, on a vault.

usage: python3 bench/server.py BINARY VAULT [KEYSTROKES] [DEBOUNCE_MS]

Opens one note that links to others, then types into it one character
at a time, waiting for each keystroke's diagnostics before the next, and
prints the median and the slowest keystroke, and the time to the first
diagnostics after opening (the vault read from disk and the similarity
pass).
"""

import json
import pathlib
import subprocess
import sys
import time


class Client:
    def __init__(self, binary, root, debounce):
        self.proc = subprocess.Popen(
            [binary, "server"], cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.next_id = 0
        self.request("initialize", {
            "processId": None, "rootUri": pathlib.Path(root).resolve().as_uri(), "capabilities": {},
            "initializationOptions": {"debounceMs": debounce},
        })
        self.notify("initialized", {})

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.proc.stdout.readline()
            if line in (b"\r\n", b""):
                break
            if line.startswith(b"Content-Length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.proc.stdout.read(length))

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == self.next_id:
                return message

    def diagnostics(self, uri):
        while True:
            message = self.read()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.proc.wait()


def main():
    binary, vault = str(pathlib.Path(sys.argv[1]).resolve()), pathlib.Path(sys.argv[2]).resolve()
    keystrokes = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    debounce = int(sys.argv[4]) if len(sys.argv) > 4 else 150
    # A note with links in its body, so every keystroke resolves them.
    note = next(p for p in sorted(vault.rglob("*.md")) if "[[" in p.read_text(errors="replace"))
    uri, text = note.as_uri(), note.read_text()
    client = Client(binary, vault, debounce)
    start = time.perf_counter()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}})
    client.diagnostics(uri)
    opened = time.perf_counter() - start
    times = []
    for i in range(keystrokes):
        text += "x"
        start = time.perf_counter()
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": i + 2}, "contentChanges": [{"text": text}],
        })
        client.diagnostics(uri)
        times.append((time.perf_counter() - start) * 1000 - debounce)
    client.close()
    times.sort()
    median, slowest = times[len(times) // 2], times[-1]
    count = sum(1 for _ in vault.rglob("*.md"))
    print(f"{count} notes: open {opened * 1000:.0f} ms; keystroke after the {debounce} ms debounce: "
          f"median {median:.1f} ms, slowest {slowest:.1f} ms ({keystrokes} keystrokes)")


if __name__ == "__main__":
    main()
