//! One small renderer per output format, each over the same report.

pub mod concise;
pub mod full;
pub mod json;
pub mod suggest;

use crate::check::Report;
use crate::text::plural;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Use colour (ANSI escapes).
    pub color: bool,
    /// Width to wrap graphical reports at.
    pub width: usize,
}

impl Default for Style {
    fn default() -> Self {
        Style { color: false, width: 100 }
    }
}

/// `checked 1,204 notes: 3 errors, 5 warnings`
pub fn summary(report: &Report, style: Style) -> String {
    use owo_colors::OwoColorize;
    let errors = plural(report.errors(), "error");
    let warnings = plural(report.warnings(), "warning");
    let (errors, warnings) = if style.color {
        (
            if report.errors() > 0 { errors.red().bold().to_string() } else { errors },
            if report.warnings() > 0 { warnings.yellow().bold().to_string() } else { warnings },
        )
    } else {
        (errors, warnings)
    };
    format!("checked {}: {errors}, {warnings}\n", plural(report.notes, "note"))
}
