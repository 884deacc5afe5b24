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
//! A one-shot command (every command but `serve`) also keeps one heap for its whole run
//! ([`keep_heap`]): glibc hands blocks up to 32 MiB out of its heap instead of mapping each
//! one on its own, grows the heap 64 MiB past a request (address space only: nothing is
//! touched until used), never gives it back, and the heap is advised as above. A block freed
//! (the input's text once parsed, a scratch array) is then reused by the next one instead of
//! faulting in fresh pages, and the pages touched are faulted 2 MiB at a time: on a random
//! digraph of 10^5 vertices, 2 855 page faults become about 600. `serve` keeps glibc's
//! defaults, which give memory back between requests.
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

/// Blocks up to this size come from the heap: glibc's ceiling for the setting on 64-bit
/// systems.
const HEAP_BLOCK_MAX: usize = 32 << 20;
/// How far the heap grows past a request that does not fit.
const HEAP_PAD: usize = 64 << 20;

/// Sets glibc's heap for a one-shot command (see the module's header): blocks up to
/// [`HEAP_BLOCK_MAX`] from the heap, grown [`HEAP_PAD`] at a time and never trimmed, and
/// the free top of the heap advised for huge pages now. Where a setting is refused (another
/// C library) the allocator behaves as before.
pub fn keep_heap() {
    // SAFETY: `mallopt` only changes glibc's thresholds; `malloc` and `free` of one block
    // of our own; `sbrk(0)` only reads the break. Nothing else holds the block.
    unsafe {
        let set = |option, value: usize| {
            libc::mallopt(
                option,
                libc::c_int::try_from(value).unwrap_or(libc::c_int::MAX),
            )
        };
        if set(libc::M_MMAP_THRESHOLD, HEAP_BLOCK_MAX) == 0
            || set(libc::M_TOP_PAD, HEAP_PAD) == 0
            || set(libc::M_TRIM_THRESHOLD, usize::MAX) == 0
        {
            return;
        }
        // Grow the heap by HEAP_PAD now: the block and what follows it up to the break are
        // the heap's free top once the block is back.
        let block = libc::malloc(HUGE).cast::<u8>();
        if block.is_null() {
            return;
        }
        libc::free(block.cast());
        let top = libc::sbrk(0).cast::<u8>();
        if top as usize > block as usize {
            advise(block, top as usize - block as usize);
        }
    }
}

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
