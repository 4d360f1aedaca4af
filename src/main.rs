//! The `twilit` binary: runs the CLI on a thread with a large stack, so that deeply
//! nested (but size-limited) input is reported, never a stack overflow.

use std::io::Write;

/// The allocator: a playout allocates many small, short-lived values (lists, names), for
/// which mimalloc is markedly cheaper than the system's malloc. The library leaves the
/// choice to the program that embeds it.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Stack for the worker thread; inputs are bounded so this bounds recursion too.
const STACK: usize = 256 * 1024 * 1024;

fn main() {
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
    std::process::exit(code);
}
