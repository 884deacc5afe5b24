//! The binary's allocator: the system's, asking for transparent huge pages on large blocks.
//!
//! A page fault costs a few microseconds on a virtual machine, and a solve that reads 10^6
//! arcs touches tens of thousands of fresh 4 KiB pages: on a random digraph of 5·10^5
//! vertices the faults were about a quarter of the run. A block of 4 MiB or more is advised
//! to be backed by 2 MiB pages (`madvise(MADV_HUGEPAGE)` on the whole 2 MiB ranges inside
//! it), so that where the system's huge-page setting is `madvise` or `always` the kernel
//! faults it in 2 MiB at a time; where it is `never`, nothing changes. No block grows: only
//! ranges inside a block are advised, and advice never changes what a block holds.
//!
//! Tested by every test of the binary, which runs under it; its effect is measured in
//! `bench/results-geography.md`.

#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};

/// The system allocator, with huge pages asked for on blocks of [`LARGE`] bytes or more.
pub struct HugePages;

/// A huge page: 2 MiB.
const HUGE: usize = 2 << 20;
/// The least block advised: two huge pages, so that one whole one lies inside.
const LARGE: usize = 2 * HUGE;

/// The block of `size` bytes at `ptr` (null when the allocation failed), its whole huge
/// pages advised when it is [`LARGE`].
fn advised(ptr: *mut u8, size: usize) -> *mut u8 {
    if size >= LARGE && !ptr.is_null() {
        advise(ptr, size);
    }
    ptr
}

/// Advises the whole huge pages inside the block of `size` bytes at `ptr`.
fn advise(ptr: *mut u8, size: usize) {
    let start = (ptr as usize).next_multiple_of(HUGE);
    let end = (ptr as usize + size) & !(HUGE - 1);
    if end > start {
        // SAFETY: [start, end) lies inside a block the system allocator just handed out;
        // the advice changes how its pages are backed, never their contents. A failure
        // (huge pages off) leaves the block as it was, which is fine.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

// SAFETY: every block comes from `System` and goes back to it with the same layout; the
// advice above never changes a block's bounds or contents.
unsafe impl GlobalAlloc for HugePages {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees for `layout`, passed on.
        advised(unsafe { System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as in `alloc`.
        advised(unsafe { System.alloc_zeroed(layout) }, layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from `System` with `layout`; the caller's guarantees for
        // `new_size`, passed on.
        advised(unsafe { System.realloc(ptr, layout, new_size) }, new_size)
    }
}
