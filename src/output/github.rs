//! `--format github`: GitHub Actions workflow commands, one per finding,
//! which GitHub shows as annotations on the pull request's files.

use vaultlint_workspace::commands::check::Report;

/// Paths are shown from where the run started (the repository root in CI).
pub fn render(report: &Report, paths: &super::Paths) -> String {
    let mut out = String::new();
    for d in &report.diagnostics {
        // Workflow commands are named as our severities are.
        let command = d.severity.as_str();
        let mut props = vec![format!("file={}", property(&paths.show(&d.path)))];
        if let Some(at) = d.position {
            props.push(format!("line={}", at.line()));
            props.push(format!("col={}", at.column()));
        }
        props.push(format!("title={}", property(d.code.name())));
        let mut message = d.message.clone();
        if let Some(help) = &d.help {
            message.push_str("\nhelp: ");
            message.push_str(help);
        }
        out.push_str(&format!("::{command} {}::{}\n", props.join(","), data(&message)));
    }
    out
}

/// Escapes a command's message, as the runner reads it, after making each
/// line safe: GitHub's log viewer renders escape sequences.
fn data(text: &str) -> String {
    vaultlint_core::text::sanitize_lines(text).replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// Escapes a property value: also `:` and `,`, which end one.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    #[test]
    fn escapes() {
        assert_eq!(super::data("50%\nnext"), "50%25%0Anext");
        assert_eq!(super::property("a:b,c.md"), "a%3Ab%2Cc.md");
    }
}
