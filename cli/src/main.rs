//! The `lore` binary: all of it is in the library, so tests can run it in-process.

use std::io::IsTerminal;
use std::process::ExitCode;

/// Counted, so that a memory limit or an exhausted heap ends in UNKNOWN.
#[global_allocator]
static ALLOCATOR: lore_cli::memory::Accounting = lore_cli::memory::Accounting;

/// C++'s global `operator new` and `operator delete` (Itanium ABI names),
/// replaced so that the SAT solver's heap is counted with Rust's
/// (`lore_cli::memory::cxx`). A definition in the executable takes
/// precedence over libstdc++'s.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(non_snake_case)]
mod cxx_operators {
    use lore_cli::memory::cxx::{allocate, release};
    use std::ffi::c_void;

    #[no_mangle]
    extern "C" fn _Znwm(size: usize) -> *mut c_void {
        allocate(size)
    }
    #[no_mangle]
    extern "C" fn _Znam(size: usize) -> *mut c_void {
        allocate(size)
    }
    #[no_mangle]
    extern "C" fn _ZnwmRKSt9nothrow_t(size: usize, _: *const c_void) -> *mut c_void {
        allocate(size)
    }
    #[no_mangle]
    extern "C" fn _ZnamRKSt9nothrow_t(size: usize, _: *const c_void) -> *mut c_void {
        allocate(size)
    }
    #[no_mangle]
    unsafe extern "C" fn _ZdlPv(ptr: *mut c_void) {
        unsafe { release(ptr) }
    }
    #[no_mangle]
    unsafe extern "C" fn _ZdaPv(ptr: *mut c_void) {
        unsafe { release(ptr) }
    }
    #[no_mangle]
    unsafe extern "C" fn _ZdlPvm(ptr: *mut c_void, _: usize) {
        unsafe { release(ptr) }
    }
    #[no_mangle]
    unsafe extern "C" fn _ZdaPvm(ptr: *mut c_void, _: usize) {
        unsafe { release(ptr) }
    }
    #[no_mangle]
    unsafe extern "C" fn _ZdlPvRKSt9nothrow_t(ptr: *mut c_void, _: *const c_void) {
        unsafe { release(ptr) }
    }
    #[no_mangle]
    unsafe extern "C" fn _ZdaPvRKSt9nothrow_t(ptr: *mut c_void, _: *const c_void) {
        unsafe { release(ptr) }
    }
}

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
