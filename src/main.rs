//! The `twilit` binary: runs the CLI on a thread with a large stack, so that deeply
//! nested (but size-limited) input is reported, never a stack overflow.

use std::io::Write;

/// The allocator: a playout allocates many small, short-lived values (lists, names), for
/// which mimalloc is markedly cheaper than the system's malloc. The library leaves the
/// choice to the program that embeds it.
#[global_allocator]
static ALLOC: Mi = Mi;

/// mimalloc, asked for an alignment only when a type needs more than every block has.
/// `mimalloc::MiMalloc` passes every request through `mi_malloc_aligned`, whose fast path
/// gives up on blocks over 1 KiB and on a page's first block, and then takes mimalloc's
/// generic aligned path (over-allocating and measuring the block): a playout's growing
/// lists and logs took it about a hundred times a game.
struct Mi;

/// The alignment every mimalloc block has, whatever its size (`MI_INTPTR_SIZE`).
const BLOCK_ALIGN: usize = std::mem::size_of::<usize>();

// SAFETY: each method forwards to mimalloc, which returns blocks of at least the size
// asked; a plain `mi_malloc`/`mi_realloc` only for alignments every block already has.
unsafe impl std::alloc::GlobalAlloc for Mi {
    #[inline]
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        if layout.align() <= BLOCK_ALIGN {
            libmimalloc_sys::mi_malloc(layout.size()).cast()
        } else {
            libmimalloc_sys::mi_malloc_aligned(layout.size(), layout.align()).cast()
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        if layout.align() <= BLOCK_ALIGN {
            libmimalloc_sys::mi_zalloc(layout.size()).cast()
        } else {
            libmimalloc_sys::mi_zalloc_aligned(layout.size(), layout.align()).cast()
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: std::alloc::Layout) {
        libmimalloc_sys::mi_free(ptr.cast());
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= BLOCK_ALIGN {
            libmimalloc_sys::mi_realloc(ptr.cast(), new_size).cast()
        } else {
            libmimalloc_sys::mi_realloc_aligned(ptr.cast(), new_size, layout.align()).cast()
        }
    }
}

/// Turns transparent huge pages off for this process. Each page mimalloc's arenas touch
/// first, or again after giving it back, was otherwise a 2 MiB page for the kernel to
/// zero: about 4 % of a short card game's simulation time, and twice its memory. mimalloc's
/// `no_thp` (Cargo.toml) stops it asking for them, which is enough where the kernel's
/// setting is `madvise`; where it is `always`, only this process flag stops them.
fn no_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE takes no pointer; it sets a flag of this process (and of
    // the processes it starts), and a kernel without it returns an error, ignored here.
    unsafe {
        // The kernel reads each argument as an `unsigned long`.
        let (on, zero): (libc::c_ulong, libc::c_ulong) = (1, 0);
        libc::prctl(libc::PR_SET_THP_DISABLE, on, zero, zero, zero);
    }
}

/// Stack for the worker thread; inputs are bounded so this bounds recursion too.
const STACK: usize = 256 * 1024 * 1024;

fn main() {
    no_huge_pages();
    // Arguments as the OS gives them: a path need not be UTF-8 (`std::env::args` panics).
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let worker = std::thread::Builder::new().stack_size(STACK).spawn(move || {
        // Standard error stays unlocked: a progress bar draws on it from worker threads
        // while this thread waits for them (holding its lock here would deadlock).
        let (mut out, mut err) = (std::io::stdout().lock(), std::io::stderr());
        let code = twilit::cli::run_with(args, &mut out, &mut err, true);
        let _ = out.flush();
        code
    });
    let code = match worker.map(|h| h.join()) {
        Ok(Ok(code)) => code,
        _ => {
            eprintln!("error: twilit failed unexpectedly; please report this");
            70
        }
    };
    // An interrupted bench's handler is removing its library and exits with 130 when
    // done; the bench may have failed first, reading the files it removes.
    while twilit::cli::bench::interrupted() {
        std::thread::park();
    }
    std::process::exit(code);
}
