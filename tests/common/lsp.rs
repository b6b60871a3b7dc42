//! A language client for `vaultlint server`, as an editor is one: JSON-RPC
//! over the server's stdio, framed with `Content-Length` headers.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// How long a server may take to answer or to end: a bound on a hang, not
/// a pause (a server that works answers at once; one that hangs is killed
/// and the test fails).
pub const HANG: Duration = Duration::from_secs(120);

/// A server and the messages it sends, read as they come.
pub struct Client {
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    messages: Receiver<Value>,
    next_id: i64,
}

impl Client {
    /// Starts `vaultlint server` in `root`, with no cache folder named.
    pub fn start(root: &Path) -> Client {
        Client::start_with(root, &[])
    }

    /// Starts `vaultlint server` in the folder `cwd`, with `env` set.
    pub fn start_with(cwd: &Path, env: &[(&str, &Path)]) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_vaultlint"))
            .arg("server")
            .current_dir(cwd)
            .env_remove("VAULTLINT_CACHE_DIR")
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (send, messages) = channel();
        std::thread::spawn(move || {
            loop {
                // `Content-Length: N\r\n`, a blank line, then N bytes of JSON.
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if stdout.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    if line == "\r\n" {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.trim().parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("a Content-Length header")];
                if stdout.read_exact(&mut body).is_err()
                    || send.send(serde_json::from_slice(&body).unwrap()).is_err()
                {
                    return;
                }
            }
        });
        Client { child: Some(child), stdin: Some(stdin), messages, next_id: 0 }
    }

    /// Starts a server and initialises it for the vault at `root`, with
    /// `options` as its `initializationOptions`.
    pub fn initialized(root: &Path, options: Value) -> Client {
        let mut client = Client::start(root);
        let root_uri = format!("file://{}", root.display());
        let params = json!({ "processId": null, "rootUri": root_uri, "capabilities": {},
                             "initializationOptions": options });
        client.request("initialize", params);
        client.notify("initialized", json!({}));
        client
    }

    /// Sends one message.
    pub fn write(&mut self, message: Value) {
        let body = message.to_string();
        let stdin = self.stdin.as_mut().unwrap();
        // A server that ended is seen when its answer does not come.
        let _ = write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).and_then(|()| stdin.flush());
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.write(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request; every message before its answer, and the answer.
    pub fn exchange(&mut self, method: &str, params: Value) -> (Vec<Value>, Value) {
        self.next_id += 1;
        let id = self.next_id;
        self.write(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        let mut before = Vec::new();
        loop {
            let message = self.messages.recv_timeout(HANG).expect("the server answers");
            // A request of the server's own may carry the same id.
            if message["id"] == id && message.get("method").is_none() {
                return (before, message);
            }
            before.push(message);
        }
    }

    /// Sends a request, and the result it is answered with.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.exchange(method, params).1["result"].clone()
    }

    /// The next message that `wanted` accepts; the others are passed over.
    pub fn wait(&self, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let message = self.messages.recv_timeout(HANG).expect("the server answers");
            if wanted(&message) {
                return message;
            }
        }
    }

    /// The next diagnostics published for `uri`.
    pub fn diagnostics(&self, uri: &str) -> Vec<Value> {
        let message =
            self.wait(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri);
        message["params"]["diagnostics"].as_array().unwrap().clone()
    }

    /// Opens the note at `path` of the vault at `root`, with `text`; its URI.
    pub fn open(&mut self, root: &Path, path: &str, text: &str) -> String {
        let uri = uri(root, path);
        let doc = json!({ "uri": uri, "languageId": "markdown", "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": doc }));
        uri
    }

    /// The messages that come before the answer to a request, which the
    /// server answers only once it has checked what came before it: the
    /// diagnostics of what was sent, and whatever else it says.
    pub fn settle(&mut self, uri: &str) -> Vec<Value> {
        let position = json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 0 } });
        self.exchange("textDocument/hover", position).0
    }

    /// Closes the server's input and waits for it to end by itself.
    pub fn ended(mut self) -> ExitStatus {
        self.stdin = None;
        wait_bounded(self.child.take().unwrap())
    }

    /// Shuts the server down as the protocol says (`shutdown`, then
    /// `exit`), and its exit status.
    pub fn shut_down(mut self) -> ExitStatus {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        self.ended()
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Waits for `child`, which must end by itself: past [`HANG`] it is
/// killed and the test fails.
pub fn wait_bounded(mut child: Child) -> ExitStatus {
    let (done, done_in_time) = channel::<()>();
    let pid = child.id().to_string();
    let watchdog = std::thread::spawn(move || {
        let hung = done_in_time.recv_timeout(HANG).is_err();
        if hung {
            let _ = Command::new("kill").args(["-9", &pid]).status();
        }
        hung
    });
    let status = child.wait().unwrap();
    let _ = done.send(());
    assert!(!watchdog.join().unwrap(), "the process hung and was killed");
    status
}

/// The URI of the note at `path` of the vault at `root`, a space in it
/// percent-encoded as editors and the server write it (Obsidian's note
/// names have spaces).
pub fn uri(root: &Path, path: &str) -> String {
    format!("file://{}/{path}", root.canonicalize().unwrap().display()).replace(' ', "%20")
}
