//! What the server tells the user beside diagnostics: the progress of
//! reading the vault (`$/progress`, for a client that asked for work done
//! progress), and where a config that does not parse goes wrong.

use super::*;
use lsp_types::notification::Progress as ProgressNotification;
use lsp_types::request::WorkDoneProgressCreate;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use vaultlint_core::progress::Progress;

/// How many steps (notes read, say) pass between two reports: a report is
/// a message to the client, and a large vault reads thousands a second.
const REPORT_EVERY: u64 = 2000;

/// Work done progress for the client, if it said it shows it
/// (`window.workDoneProgress`); each task gets a token of its own.
pub(super) struct WorkDone {
    sender: Option<crossbeam_channel::Sender<Message>>,
    tasks: u64,
}

impl WorkDone {
    /// Progress that goes nowhere: the client does not show it.
    pub(super) fn none() -> WorkDone {
        WorkDone { sender: None, tasks: 0 }
    }

    /// Progress through `connection` when the client's capabilities say
    /// it shows work done progress.
    pub(super) fn for_client(params: &lsp::InitializeParams, connection: &Connection) -> WorkDone {
        let shows = params.capabilities.window.as_ref().and_then(|w| w.work_done_progress) == Some(true);
        WorkDone { sender: shows.then(|| connection.sender.clone()), tasks: 0 }
    }

    /// A task titled `title` begins: the client is asked to create its
    /// token, then told it began. It ends when the task is dropped. The
    /// `begin` follows the `create` on the same stream, so a client reads
    /// them in that order; the server does not wait for the answer.
    pub(super) fn begin(&mut self, title: &str) -> Task {
        let Some(sender) = &self.sender else { return Task { shown: None } };
        self.tasks += 1;
        let token = lsp::NumberOrString::String(format!("vaultlint/{}", self.tasks));
        let create = Request::new(
            lsp_server::RequestId::from(format!("vaultlint/progress/{}", self.tasks)),
            WorkDoneProgressCreate::METHOD.into(),
            lsp::WorkDoneProgressCreateParams { token: token.clone() },
        );
        let shown =
            Shown { sender: sender.clone(), token, phase: Mutex::new(("", 0)), done: AtomicU64::new(0) };
        let _ = shown.sender.send(Message::Request(create));
        shown.send(lsp::WorkDoneProgress::Begin(lsp::WorkDoneProgressBegin {
            title: title.into(),
            percentage: Some(0),
            ..lsp::WorkDoneProgressBegin::default()
        }));
        Task { shown: Some(shown) }
    }
}

/// One task's progress, as the loading code reports it: a report when a
/// phase starts and every [`REPORT_EVERY`] steps, and the end when dropped.
pub(super) struct Task {
    shown: Option<Shown>,
}

/// A task the client shows.
struct Shown {
    sender: crossbeam_channel::Sender<Message>,
    token: lsp::NumberOrString,
    /// The phase going on and its steps (0 when not known).
    phase: Mutex<(&'static str, u64)>,
    /// Steps done in the phase.
    done: AtomicU64,
}

impl Shown {
    fn send(&self, value: lsp::WorkDoneProgress) {
        let params = lsp::ProgressParams {
            token: self.token.clone(),
            value: lsp::ProgressParamsValue::WorkDone(value),
        };
        // A client gone is seen by the loop that reads from it.
        let _ = self
            .sender
            .send(Message::Notification(Notification::new(ProgressNotification::METHOD.into(), params)));
    }

    /// Tells the client where the phase is: `reading notes 2000/9000`.
    fn report(&self, done: u64) {
        let (phase, total) = *self.phase.lock().unwrap_or_else(|e| e.into_inner());
        let (message, percentage) = match total {
            0 if done == 0 => (phase.to_string(), None),
            0 => (format!("{phase} {done}"), None),
            total => (format!("{phase} {done}/{total}"), Some((done.min(total) * 100 / total) as u32)),
        };
        self.send(lsp::WorkDoneProgress::Report(lsp::WorkDoneProgressReport {
            message: Some(message),
            percentage,
            ..lsp::WorkDoneProgressReport::default()
        }));
    }
}

impl Progress for Task {
    fn start(&self, phase: &'static str, total: u64) {
        let Some(shown) = &self.shown else { return };
        *shown.phase.lock().unwrap_or_else(|e| e.into_inner()) = (phase, total);
        shown.done.store(0, Ordering::Relaxed);
        shown.report(0);
    }

    fn advance(&self, steps: u64) {
        let Some(shown) = &self.shown else { return };
        let before = shown.done.fetch_add(steps, Ordering::Relaxed);
        let after = before + steps;
        if before / REPORT_EVERY != after / REPORT_EVERY {
            shown.report(after);
        }
    }
}

impl Drop for Task {
    fn drop(&mut self) {
        if let Some(shown) = &self.shown {
            shown.send(lsp::WorkDoneProgress::End(lsp::WorkDoneProgressEnd { message: None }));
        }
    }
}

/// A config that does not parse, in one line that names the file and the
/// line and column where it goes wrong: `/v/vaultlint.toml:2:1: …`.
pub(super) fn config_problem(error: &ConfigError) -> String {
    let place = error.span.as_ref().map_or_else(String::new, |span| {
        let at = LineIndex::new(&error.text).position(span.start.min(error.text.len()));
        format!(":{}:{}", at.line(), at.column())
    });
    format!("{}{place}: {}", error.file.display(), error.message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_config_problem_names_file_line_and_column() {
        let error = ConfigError {
            file: PathBuf::from("/v/vaultlint.toml"),
            text: "[rules]\nmissing-successor = \n".into(),
            span: Some(28..29),
            message: "invalid string".into(),
            help: None,
        };
        assert_eq!(config_problem(&error), "/v/vaultlint.toml:2:21: invalid string");
        let unplaced = ConfigError { span: None, ..error };
        assert_eq!(config_problem(&unplaced), "/v/vaultlint.toml: invalid string");
    }
}
