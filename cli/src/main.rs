//! The `lore` binary: all of it is in the library, so tests can run it in-process.

use std::io::IsTerminal;
use std::process::ExitCode;

/// Counted, so that a memory limit or an exhausted heap ends in UNKNOWN.
#[global_allocator]
static ALLOCATOR: lore_cli::memory::Accounting = lore_cli::memory::Accounting;

/// The stack of the thread that does the work. Parsing, lowering and
/// symbolic execution recurse over expressions, so a deeply nested one
/// needs a deep stack; the front end rejects nesting beyond
/// `lore_frontend::MAX_NESTING` with a diagnostic, which this stack covers.
/// Only the pages used are ever committed.
const STACK_BYTES: usize = 1 << 30;

fn main() -> ExitCode {
    let work = || {
        let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        let mut console = lore_cli::Console {
            out: &mut std::io::stdout(),
            err: &mut std::io::stderr(),
            color,
        };
        lore_cli::run(std::env::args_os(), &mut console)
    };
    // Under an address-space limit a large stack may not be reserved:
    // try smaller ones, and at worst run on the main thread.
    for stack in [STACK_BYTES, STACK_BYTES / 4, STACK_BYTES / 16] {
        let spawned = std::thread::Builder::new()
            .name("lore".into())
            .stack_size(stack)
            .spawn(work);
        if let Ok(worker) = spawned {
            return match worker.join() {
                Ok(code) => ExitCode::from(code),
                // The panic message is already on stderr.
                Err(_) => ExitCode::from(lore_cli::exit::INTERNAL),
            };
        }
    }
    ExitCode::from(work())
}
