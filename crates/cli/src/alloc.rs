//! The binary's heap for a one-shot command: kept whole, its first 8 MiB on huge pages.
//!
//! A page fault costs a few microseconds on a virtual machine, and a small solve spends a
//! good part of its run faulting in fresh pages: a random multi-digraph of 5·10^4 vertices
//! touched about a thousand 4 KiB pages, a tenth of its run. [`keep_heap`] sets glibc's
//! heap for the whole run: blocks up to 32 MiB come out of the heap instead of being mapped
//! one by one, the heap grows 64 MiB past a request (address space only: nothing is touched
//! until used) and is never given back, so a freed block (the input's text once parsed, a
//! scratch array) is reused by the next one instead of faulting in fresh pages.
//!
//! The heap's first [`HUGE_HEAP`] bytes, from its first whole 2 MiB page on, are advised to
//! transparent huge pages (`madvise(MADV_HUGEPAGE)`), where the system's setting is
//! `madvise` or `always`: a small run (the input's text, the graph) then faults a handful of
//! 2 MiB pages instead of a thousand small ones, and is about 10% faster. No more than that:
//! a huge page is cheap only while the memory behind it is warm. On a virtual machine that
//! hands free memory back to its host, a huge page taken after the machine was idle, or after
//! another process freed its memory, costs milliseconds (the host backs all of it at once),
//! and a solve of 10^6 vertices that advised all its large blocks took 1.5× as long as
//! one that faults them 4 KiB at a time (see `bench/results-geography.md`).
//!
//! Every command but `serve` calls it; `serve` keeps glibc's defaults, which give memory
//! back between requests. Tested by every test of the binary, which runs under it; its
//! effect is measured in `bench/results-geography.md`.

#![allow(unsafe_code)]

/// A huge page: 2 MiB.
const HUGE: usize = 2 << 20;
/// How much of the heap, from its first whole huge page, is advised to huge pages.
const HUGE_HEAP: usize = 4 * HUGE;

/// Blocks up to this size come from the heap: glibc's ceiling for the setting on 64-bit
/// systems.
const HEAP_BLOCK_MAX: usize = 32 << 20;
/// How far the heap grows past a request that does not fit.
const HEAP_PAD: usize = 64 << 20;
/// A heap block's header in glibc: the size words before the bytes handed out.
const HEADER: usize = 16;

/// Sets glibc's heap for a one-shot command (see the module's header): blocks up to
/// [`HEAP_BLOCK_MAX`] from the heap, grown [`HEAP_PAD`] at a time and never trimmed, and
/// its first [`HUGE_HEAP`] bytes from a huge page boundary advised to huge pages.
///
/// The heap's free top starts inside a huge page that is only partly the heap's, which
/// cannot be advised: whatever came first (the input's text) would be faulted 4 KiB at a
/// time. So a block that is never freed, nor touched, fills the top up to the next huge
/// page (glibc writes only the header of the next free block, just before it). Nothing is
/// written past that header before the advice: a page touched there first would keep its
/// whole huge page from ever being one. Where a setting is refused (another C library)
/// the heap is left as it was.
pub fn keep_heap() {
    // SAFETY: `mallopt` only changes glibc's thresholds; `mallinfo2` and `sbrk(0)` only
    // read; the one block taken is never used nor freed; the advice changes how pages of
    // the heap's free top are backed, never their contents.
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
        // The free top (glibc's `keepcost`) ends at the break; its header is its first
        // HEADER bytes, so a block taken from it starts HEADER bytes in.
        let top_size = libc::mallinfo2().keepcost;
        let top = libc::sbrk(0) as usize - top_size;
        // The first huge page boundary that a block from the top cannot reach without
        // growing the heap (so that the heap grows now, by HEAP_PAD, before the advice).
        let mut boundary = (top + HEADER).next_multiple_of(HUGE);
        while boundary - top < 2 * HEADER + top_size {
            boundary += HUGE;
        }
        // A request of `boundary − top − 2·HEADER` bytes takes `boundary − top − HEADER`
        // (its size word added, rounded to 16): the next block's header ends at `boundary`.
        // (`black_box`: a block nothing reads would otherwise be optimised away.)
        if std::hint::black_box(libc::malloc(boundary - top - 2 * HEADER)).is_null() {
            return;
        }
        let end = (libc::sbrk(0) as usize).min(boundary + HUGE_HEAP);
        if end > boundary {
            // A failure (huge pages off) leaves the heap as it was, which is fine.
            libc::madvise(
                boundary as *mut libc::c_void,
                end - boundary,
                libc::MADV_HUGEPAGE,
            );
        }
    }
}
