//! The `vaultlint` binary: parses the command line, runs the subcommand
//! (see `vaultlint::embed` and `vaultlint::run`), writes its output and
//! maps the result to an exit status: 0 clean, 1 findings that fail the
//! run, 2 a usage or fatal error.

use std::process::ExitCode;

/// A run makes millions of small allocations from several threads (every
/// note's strings, lists and fingerprint, read or decoded from the cache
/// in parallel). glibc's allocator grows each thread's arena a page at a
/// time, with a system call for each; mimalloc does not. At 100,000 notes,
/// `check` with one note changed took 0.67 s against 0.82 s (fastest of
/// ten alternated runs), for about 5% more peak memory at a million notes
/// (a cold `check`: 2.53 GB before, 2.66 GB in the benchmark after).
/// (Built without transparent huge pages, which cost 30 to 45 MB of peak
/// memory at 100,000 notes.)
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `purge_delay` option, as the header of the version built
/// numbers it (`mi_option_e`).
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

fn main() -> ExitCode {
    // mimalloc gives freed memory back to the system a second after it is
    // freed; phases of a large run free tens of MB each and move on, and
    // held that long they raised the peak. After 100 ms, a cold `check`
    // at a million notes peaked at 860 to 867 MiB (three runs) against
    // 926 and 934 with 1 s (alternated), in the same time; at 100,000
    // notes with one note changed the time was the same too.
    // `MIMALLOC_PURGE_DELAY`, when set, still decides.
    if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
        // SAFETY: sets one of mimalloc's options, which it reads as it runs.
        unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, 100) };
    }
    ExitCode::from(vaultlint::embed::command_line(std::env::args_os()))
}
