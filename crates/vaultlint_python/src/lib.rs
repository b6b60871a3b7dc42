//! `vaultlint._vaultlint`, the compiled half of the Python package
//! `vaultlint` (its Python half is under `python/vaultlint/`). It runs the
//! command line in the Python process through `vaultlint::embed`, the very
//! code the binary runs, so that `vaultlint.check` and `vaultlint.lineage`
//! return what `vaultlint check --format json` and `vaultlint lineage --all
//! --format json` print. Python's lock is released while a run works, so
//! other Python threads go on meanwhile.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use std::ffi::OsString;
use vaultlint::embed::{self, Refused};

/// The binary's allocator, for the same reason (many small allocations
/// from several threads, see `src/main.rs`): a run in Python takes as
/// long as the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

create_exception!(
    vaultlint,
    VaultlintError,
    PyException,
    "A run of vaultlint failed; the message is the one the command line prints after `vaultlint: error: `."
);
create_exception!(
    vaultlint,
    UsageError,
    VaultlintError,
    "A usage or fatal error: a path that cannot be opened, an option's value that is not valid."
);
create_exception!(
    vaultlint,
    ConfigError,
    VaultlintError,
    "A config file (`.vaultlint.toml`, `vaultlint.toml`) that cannot be read or is not valid."
);

/// Runs the whole command line (`argv[0]` is the program's name), writing
/// to the process's standard output and error as the binary does, and
/// returns its exit status. The `vaultlint` command of the Python package.
#[pyfunction]
fn command_line(py: Python<'_>, argv: Vec<OsString>) -> u8 {
    py.detach(|| embed::command_line(argv))
}

/// What the command line `argv` (`argv[0]` is the program's name) prints
/// on standard output, with its exit status; raises `UsageError` or
/// `ConfigError` with the message it prints instead.
#[pyfunction]
fn output(py: Python<'_>, argv: Vec<OsString>) -> PyResult<(String, u8)> {
    py.detach(|| embed::output(argv)).map_err(|refused| match refused {
        Refused::Arguments(text) => UsageError::new_err(argument_error(&text)),
        Refused::Usage(reason) => UsageError::new_err(reason),
        Refused::Config(reason) => ConfigError::new_err(reason),
    })
}

/// clap's message for arguments that do not parse, as one line: its first,
/// without the `error: ` the command line's own prefix stands for.
fn argument_error(text: &str) -> String {
    let first = text.lines().next().unwrap_or_default();
    first.strip_prefix("error: ").unwrap_or(first).to_string()
}

/// The module: the two runs, the errors, and the version of the crates.
#[pymodule]
fn _vaultlint(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(command_line, m)?)?;
    m.add_function(wrap_pyfunction!(output, m)?)?;
    m.add("VaultlintError", py.get_type::<VaultlintError>())?;
    m.add("UsageError", py.get_type::<UsageError>())?;
    m.add("ConfigError", py.get_type::<ConfigError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
