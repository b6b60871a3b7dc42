//! Progress through the long phases, for whoever shows it. The library
//! only reports steps; the binary draws a bar on a terminal.

/// Receives progress; every method may be called from any worker thread.
pub trait Progress: Sync {
    /// A phase begins, with `total` steps (0 when unknown).
    fn start(&self, _phase: &'static str, _total: u64) {}
    /// `steps` more are done.
    fn advance(&self, _steps: u64) {}
    /// The work is over; whatever was shown can go.
    fn finish(&self) {}
}

/// Progress that goes nowhere.
pub struct Silent;

impl Progress for Silent {}
