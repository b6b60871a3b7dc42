//! Vaults on disk: walking a folder as Obsidian reads it, finding the
//! vault root, configs and the settings they resolve to, the cache of warm
//! runs, git, edits and fixes written back to notes, and the commands
//! (`check`, `suggest`, `lineage`, `graph`) that tie them to the analysis,
//! and the change events since a commit that indexers read.
//! This is the crate a program embedding vaultlint calls.

pub mod cache;
pub mod commands;
pub mod config;
pub mod edit;
pub mod events;
pub mod files;
pub mod fix;
pub mod git;
pub mod load;
pub mod obsidian_settings;
pub mod places;
pub mod root;
pub mod settings;
pub mod site_settings;
pub mod sources;
pub mod walk;

/// The allocator of this crate's unit tests: the system's, counting the
/// bytes each thread holds, so that a test can bound what a decoder holds
/// at once ([`held::peak_of`]).
#[cfg(test)]
mod held {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    thread_local! {
        /// The bytes this thread holds (allocated less freed), and the
        /// most it held at once since [`peak_of`] last began.
        static HELD: Cell<(isize, isize)> = const { Cell::new((0, 0)) };
    }

    fn count(change: isize) {
        // Not at all once the thread's locals are gone.
        let _ = HELD.try_with(|held| {
            let (now, most) = held.get();
            let now = now.saturating_add(change);
            held.set((now, most.max(now)));
        });
    }

    struct Counting;

    // SAFETY: each call is the system allocator's, with what it was given.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            let at = unsafe { System.alloc(layout) };
            if !at.is_null() {
                count(layout.size() as isize);
            }
            at
        }

        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            let at = unsafe { System.alloc_zeroed(layout) };
            if !at.is_null() {
                count(layout.size() as isize);
            }
            at
        }

        unsafe fn dealloc(&self, at: *mut u8, layout: Layout) {
            unsafe { System.dealloc(at, layout) };
            count(-(layout.size() as isize));
        }

        unsafe fn realloc(&self, at: *mut u8, layout: Layout, size: usize) -> *mut u8 {
            let moved = unsafe { System.realloc(at, layout, size) };
            if !moved.is_null() {
                count(size as isize - layout.size() as isize);
            }
            moved
        }
    }

    #[global_allocator]
    static COUNTING: Counting = Counting;

    /// What `run` gives, and the most bytes this thread held at once while
    /// it ran beyond those it held before.
    pub(crate) fn peak_of<T>(run: impl FnOnce() -> T) -> (T, usize) {
        let before = HELD.with(|held| {
            let (now, _) = held.get();
            held.set((now, now));
            now
        });
        let value = run();
        let most = HELD.with(|held| held.get().1);
        (value, most.saturating_sub(before).unsigned_abs())
    }
}
