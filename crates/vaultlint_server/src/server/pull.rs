//! Diagnostics the client asks for (LSP 3.17's pull model):
//! `textDocument/diagnostic` for one note, open or on disk, and
//! `workspace/diagnostic` for every note with findings. A client that
//! says it pulls (`textDocument.diagnostic` in its capabilities) is not
//! also sent the same findings: it is asked to pull again
//! (`workspace/diagnostic/refresh`, when it takes that) after each check.

use super::*;
use lsp_types::request::{
    DocumentDiagnosticRequest, Request as _, WorkspaceDiagnosticRefresh, WorkspaceDiagnosticRequest,
};

/// The pull diagnostics the server offers: a finding in one note may
/// come from another (a successor renamed), and the whole vault is
/// reported on when asked.
pub(super) fn diagnostic_provider() -> lsp::DiagnosticServerCapabilities {
    lsp::DiagnosticServerCapabilities::Options(lsp::DiagnosticOptions {
        identifier: Some("vaultlint".into()),
        inter_file_dependencies: true,
        workspace_diagnostics: true,
        ..lsp::DiagnosticOptions::default()
    })
}

/// How the client takes diagnostics.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Pulling {
    /// The client pulls them: none are pushed for notes.
    pulls: bool,
    /// It takes `workspace/diagnostic/refresh`.
    refreshes: bool,
    /// Refresh requests sent, for their ids.
    sent: u64,
}

impl Pulling {
    /// What the client's capabilities say.
    pub(super) fn of(params: &lsp::InitializeParams) -> Pulling {
        let capabilities = &params.capabilities;
        let pulls = capabilities.text_document.as_ref().is_some_and(|t| t.diagnostic.is_some());
        let refreshes = capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.diagnostic.as_ref())
            .and_then(|d| d.refresh_support);
        Pulling { pulls, refreshes: pulls && refreshes == Some(true), sent: 0 }
    }

    /// Whether findings are pulled rather than pushed.
    pub(super) fn pulls(&self) -> bool {
        self.pulls
    }

    /// After a check, asks a client that pulls and takes refreshes to pull
    /// again: a change in one note or on disk may change another's findings.
    pub(super) fn refresh(&mut self, connection: &Connection) -> Result<(), String> {
        if !self.refreshes {
            return Ok(());
        }
        self.sent += 1;
        let id = lsp_server::RequestId::from(format!("vaultlint/refresh/{}", self.sent));
        let request = Request::new(id, WorkspaceDiagnosticRefresh::METHOD.into(), ());
        connection.sender.send(Message::Request(request)).map_err(|e| e.to_string())
    }
}

impl State {
    /// Answers a request for diagnostics; any other request is handed back.
    /// The vault is read first if it is not yet.
    pub(super) fn answer_pull(&mut self, request: Request) -> Result<Response, Request> {
        let wanted = matches!(
            request.method.as_str(),
            DocumentDiagnosticRequest::METHOD | WorkspaceDiagnosticRequest::METHOD
        );
        if wanted && (self.vault.is_none() || self.checked.is_none()) {
            self.check();
        }
        serve::<DocumentDiagnosticRequest>(request, |p| self.document_diagnostics(&p.text_document.uri))
            .or_else(|request| serve::<WorkspaceDiagnosticRequest>(request, |_| self.workspace_diagnostics()))
    }

    /// The findings of the note at `uri`: those pushed for an open note,
    /// the rules' over the vault in memory for one on disk (with the
    /// suspected versions the last similarity pass found in it).
    fn document_diagnostics(&self, uri: &lsp::Uri) -> lsp::DocumentDiagnosticReportResult {
        let items = match self.vault_path(uri) {
            Some(path) if self.open.contains_key(&path) => self.open_findings(&path),
            Some(path) => {
                let notes = [path.clone()].into();
                let found = self.findings(Some(vaultlint_model::focus::Focus { notes, folders: Vec::new() }));
                self.on_disk_findings(&path, found_on(&found, &path))
            }
            None => Vec::new(),
        };
        let report = lsp::RelatedFullDocumentDiagnosticReport {
            related_documents: None,
            full_document_diagnostic_report: lsp::FullDocumentDiagnosticReport { result_id: None, items },
        };
        lsp::DocumentDiagnosticReportResult::Report(lsp::DocumentDiagnosticReport::Full(report))
    }

    /// A full report for every note with findings, and for every open note
    /// (an empty one clears what the client showed). The similarity pass
    /// is not run over the whole vault for it: the suspected versions are
    /// those the last pass found.
    fn workspace_diagnostics(&self) -> lsp::WorkspaceDiagnosticReportResult {
        let found = self.findings(None);
        let mut paths: Vec<&str> = found.iter().map(|d| d.path.as_str()).collect();
        paths.extend(self.open.keys().map(String::as_str));
        paths.sort_unstable();
        paths.dedup();
        let items = paths
            .into_iter()
            .filter_map(|path| {
                let items = match self.open.contains_key(path) {
                    true => self.open_findings(path),
                    false => self.on_disk_findings(path, found_on(&found, path)),
                };
                let uri = uri_of(&self.settings.root().join(path))?;
                Some(lsp::WorkspaceDocumentDiagnosticReport::Full(
                    lsp::WorkspaceFullDocumentDiagnosticReport {
                        uri,
                        version: None,
                        full_document_diagnostic_report: lsp::FullDocumentDiagnosticReport {
                            result_id: None,
                            items,
                        },
                    },
                ))
            })
            .collect();
        lsp::WorkspaceDiagnosticReportResult::Report(lsp::WorkspaceDiagnosticReport { items })
    }

    /// The findings of the open note at `path`, as they are pushed.
    fn open_findings(&self, path: &str) -> Vec<lsp::Diagnostic> {
        let (Some((_, found)), Some(open)) = (&self.checked, self.open.get(path)) else { return Vec::new() };
        found_on(found, path).map(|d| diagnostic(d, open, self)).collect()
    }

    /// `found`, findings on the note at `path` that is not open, placed on
    /// its text on disk.
    fn on_disk_findings<'f>(
        &self,
        path: &str,
        found: impl Iterator<Item = &'f Diagnostic>,
    ) -> Vec<lsp::Diagnostic> {
        let file = self.settings.root().join(path);
        let Some(uri) = uri_of(&file) else { return Vec::new() };
        // A note that cannot be read as text has its findings at its start.
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let open = Open::new(uri, text);
        found.map(|d| diagnostic(d, &open, self)).collect()
    }

    /// The rules' findings over the vault in memory, on `focus` (the whole
    /// vault when `None`), with the suspected versions the last similarity
    /// pass found in it; sorted.
    fn findings(&self, focus: Option<vaultlint_model::focus::Focus>) -> Vec<Diagnostic> {
        let (Some((vault, rules)), Some((graph, _))) = (&self.vault, &self.checked) else {
            return Vec::new();
        };
        let mut settings = self.settings.clone();
        settings.scope.focus = focus.clone();
        let report =
            check::analyse_with_graph(vault, graph, &settings, rules, &Default::default(), false, &Silent);
        let mut found = report.diagnostics;
        let inside = |d: &&Diagnostic| focus.as_ref().is_none_or(|f| f.contains(&d.path));
        found.extend(self.suspected.iter().filter(inside).cloned());
        vaultlint_core::diagnostic::sort(&mut found);
        found
    }
}
