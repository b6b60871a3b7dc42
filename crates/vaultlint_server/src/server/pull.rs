//! Diagnostics the client asks for (LSP 3.17's pull model):
//! `textDocument/diagnostic` for one note, open or on disk, and
//! `workspace/diagnostic` for every note with findings. A client that
//! says it pulls (`textDocument.diagnostic` in its capabilities) is not
//! also sent the same findings: it is asked to pull again
//! (`workspace/diagnostic/refresh`, when it takes that) after each check.
//! Each report's result id is the number of checks so far: asked again
//! with it, nothing changed is answered without checking anything.

use super::*;
use lsp_types::request::{DocumentDiagnosticRequest, WorkspaceDiagnosticRefresh, WorkspaceDiagnosticRequest};

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

/// How the client takes diagnostics, and how many checks there were:
/// the count is each report's result id, so a client that asks again
/// with the id of the last check is told nothing changed (VS Code asks
/// for the workspace's every few seconds).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Pulling {
    /// The client pulls them: none are pushed for notes.
    pulls: bool,
    /// It takes `workspace/diagnostic/refresh`.
    refreshes: bool,
    /// Checks so far.
    checks: u64,
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
        Pulling { pulls, refreshes: pulls && refreshes == Some(true), checks: 0 }
    }

    /// After a check: asks a client that pulls (and takes refreshes) to
    /// pull again, as a change in one note or on disk may change another's
    /// findings. Whether the client pulls, so none are to be pushed.
    pub(super) fn checked(&mut self, connection: &Connection) -> Result<bool, String> {
        self.checks += 1;
        if self.refreshes {
            let id = lsp_server::RequestId::from(format!("vaultlint/refresh/{}", self.checks));
            let request = Request::new(id, WorkspaceDiagnosticRefresh::METHOD.into(), ());
            connection.sender.send(Message::Request(request)).map_err(|e| e.to_string())?;
        }
        Ok(self.pulls)
    }

    /// The result id of reports made on the last check.
    fn result_id(&self) -> String {
        self.checks.to_string()
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
            self.pulling.checks += 1;
        }
        serve::<DocumentDiagnosticRequest>(request, |p| self.document_diagnostics(p)).or_else(|request| {
            serve::<WorkspaceDiagnosticRequest>(request, |p| self.workspace_diagnostics(p))
        })
    }

    /// The findings of the note asked for: those pushed for an open note,
    /// the rules' over the vault in memory for one on disk (with the
    /// suspected versions the last similarity pass found in it); none
    /// changed when the client has the last check's.
    fn document_diagnostics(&self, p: lsp::DocumentDiagnosticParams) -> lsp::DocumentDiagnosticReportResult {
        let result_id = self.pulling.result_id();
        let report = if p.previous_result_id.as_ref() == Some(&result_id) {
            lsp::DocumentDiagnosticReport::Unchanged(lsp::RelatedUnchangedDocumentDiagnosticReport {
                related_documents: None,
                unchanged_document_diagnostic_report: lsp::UnchangedDocumentDiagnosticReport { result_id },
            })
        } else {
            let items = match self.vault_path(&p.text_document.uri) {
                Some(path) if self.open.contains_key(&path) => self.open_findings(&path),
                Some(path) => {
                    let notes = [path.clone()].into();
                    let found =
                        self.findings(Some(vaultlint_model::focus::Focus { notes, folders: Vec::new() }));
                    self.on_disk_findings(&path, found_on(&found, &path))
                }
                None => Vec::new(),
            };
            let report = lsp::FullDocumentDiagnosticReport { result_id: Some(result_id), items };
            lsp::DocumentDiagnosticReport::Full(lsp::RelatedFullDocumentDiagnosticReport {
                related_documents: None,
                full_document_diagnostic_report: report,
            })
        };
        lsp::DocumentDiagnosticReportResult::Report(report)
    }

    /// A full report for every note with findings, for every open note,
    /// and for every note the client had a report of (an empty one clears
    /// what it showed); when the client has the last check's reports of
    /// them all, each unchanged, and nothing is checked. The similarity
    /// pass is not run over the whole vault for it: the suspected versions
    /// are those the last pass found.
    fn workspace_diagnostics(
        &self,
        p: lsp::WorkspaceDiagnosticParams,
    ) -> lsp::WorkspaceDiagnosticReportResult {
        let result_id = self.pulling.result_id();
        let previous = p.previous_result_ids;
        if !previous.is_empty() && previous.iter().all(|r| r.value == result_id) {
            let unchanged = |uri| {
                let report = lsp::UnchangedDocumentDiagnosticReport { result_id: result_id.clone() };
                lsp::WorkspaceDocumentDiagnosticReport::Unchanged(
                    lsp::WorkspaceUnchangedDocumentDiagnosticReport {
                        uri,
                        version: None,
                        unchanged_document_diagnostic_report: report,
                    },
                )
            };
            let items = previous.into_iter().map(|r| unchanged(r.uri)).collect();
            return lsp::WorkspaceDiagnosticReportResult::Report(lsp::WorkspaceDiagnosticReport { items });
        }
        let found = self.findings(None);
        let mut paths: Vec<String> = found.iter().map(|d| d.path.clone()).collect();
        paths.extend(self.open.keys().cloned());
        paths.extend(previous.iter().filter_map(|r| self.vault_path(&r.uri)));
        paths.sort_unstable();
        paths.dedup();
        let items = paths
            .into_iter()
            .filter_map(|path| {
                let items = match self.open.contains_key(&path) {
                    true => self.open_findings(&path),
                    false => self.on_disk_findings(&path, found_on(&found, &path)),
                };
                let uri = uri_of(&self.settings.root().join(&path))?;
                let report = lsp::FullDocumentDiagnosticReport { result_id: Some(result_id.clone()), items };
                Some(lsp::WorkspaceDocumentDiagnosticReport::Full(
                    lsp::WorkspaceFullDocumentDiagnosticReport {
                        uri,
                        version: None,
                        full_document_diagnostic_report: report,
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
