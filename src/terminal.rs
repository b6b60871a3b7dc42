//! The terminal side of the binary: the progress bar, raw mode for the
//! review session, and the key reader. The library only reports progress
//! and asks for keys through its traits.

use crate::review::{Key, Keys};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use vaultlint_core::progress::Progress;

/// A progress bar on standard error, shown only when stderr is a terminal,
/// the output is for people, and a phase has run longer than a moment.
pub struct Bar {
    bar: Option<indicatif::ProgressBar>,
    epoch: std::time::Instant,
    /// When the current phase began, in milliseconds after `epoch`.
    phase_began: AtomicU64,
    /// How long a phase runs before the bar is shown.
    quiet_for: u64,
    shown: AtomicBool,
}

/// Phases quicker than this show no bar at all. `VAULTLINT_PROGRESS_AFTER_MS`
/// sets another delay, so that tests can see a bar on a small vault.
const QUIET_FOR_MS: u64 = 300;

fn quiet_for_ms() -> u64 {
    std::env::var("VAULTLINT_PROGRESS_AFTER_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(QUIET_FOR_MS)
}

impl Bar {
    pub fn new(wanted: bool) -> Bar {
        let bar = (wanted && std::io::stderr().is_terminal())
            .then(|| indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::hidden()));
        Bar {
            bar,
            epoch: std::time::Instant::now(),
            phase_began: AtomicU64::new(0),
            quiet_for: quiet_for_ms(),
            shown: AtomicBool::new(false),
        }
    }

    fn now_ms(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }
}

impl Progress for Bar {
    fn start(&self, phase: &'static str, total: u64) {
        let Some(bar) = &self.bar else { return };
        let template = if total == 0 {
            "{spinner} {msg}"
        } else {
            "{spinner} {msg} [{bar:30}] {human_pos}/{human_len} ({eta})"
        };
        if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_message(phase);
        bar.set_length(total);
        bar.set_position(0);
        self.phase_began.store(self.now_ms(), Ordering::Relaxed);
    }

    fn advance(&self, steps: u64) {
        let Some(bar) = &self.bar else { return };
        bar.inc(steps);
        // Shown once some phase has taken longer than a moment.
        if !self.shown.load(Ordering::Relaxed)
            && self.now_ms().saturating_sub(self.phase_began.load(Ordering::Relaxed)) >= self.quiet_for
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            bar.tick();
            bar.enable_steady_tick(std::time::Duration::from_millis(100));
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Raw terminal mode, left when dropped (on every way out, panics included).
pub struct RawTerminal;

impl RawTerminal {
    pub fn enable() -> std::io::Result<RawTerminal> {
        crossterm::terminal::enable_raw_mode()?;
        Ok(RawTerminal)
    }
}

impl Drop for RawTerminal {
    fn drop(&mut self) {
        let _ = crossterm::terminal::disable_raw_mode();
    }
}

/// In raw mode the terminal no longer turns `\n` into a new line at the
/// left margin; this writer does.
pub struct CrLf<W: Write>(pub W);

impl<W: Write> Write for CrLf<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for line in buf.split_inclusive(|&b| b == b'\n') {
            match line.strip_suffix(b"\n") {
                Some(text) => {
                    self.0.write_all(text)?;
                    self.0.write_all(b"\r\n")?;
                }
                None => self.0.write_all(line)?,
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// Keys from the terminal, one at a time.
pub struct TerminalKeys;

impl Keys for TerminalKeys {
    fn next_key(&mut self) -> std::io::Result<Key> {
        use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
        loop {
            if let Event::Key(k) = event::read()?
                && k.kind == KeyEventKind::Press
            {
                let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
                return Ok(match k.code {
                    KeyCode::Char('c' | 'd') if ctrl => Key::Quit,
                    KeyCode::Esc | KeyCode::Char('q' | 'Q') => Key::Quit,
                    KeyCode::Char('y' | 'Y') => Key::Yes,
                    KeyCode::Char('r' | 'R') => Key::Reverse,
                    KeyCode::Char('n' | 'N') => Key::No,
                    KeyCode::Char('d' | 'D') => Key::Dismiss,
                    KeyCode::Char('?' | 'h') => Key::Help,
                    _ => continue,
                });
            }
        }
    }
}
