//! Heap accounting: `--memory-limit` and running out of memory end the run
//! with UNKNOWN and the reason, never with an abort.
//!
//! The `lore` binary installs [`Accounting`] as its global allocator. It
//! counts the bytes in use; an allocation that would pass the limit, or
//! that the system refuses, prints `UNKNOWN reason: …` and `UNKNOWN` on
//! stdout and exits with code 0 — the same ending as the time limit.
//! Counting at the allocation (not by polling the resident size) catches a
//! single huge request before it is made. The message is written without
//! allocating, straight to file descriptor 1.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The global allocator of the `lore` binary: the system's, counted.
pub struct Accounting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);
static ENDING: AtomicBool = AtomicBool::new(false);

/// Limits the heap to `mib` MiB from now on.
pub fn set_limit(mib: u64) {
    let bytes = usize::try_from(mib.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
    LIMIT.store(bytes, Ordering::Relaxed);
}

/// Bytes of heap in use (as counted by [`Accounting`], to a batch per
/// thread; 0 without it).
pub fn in_use() -> usize {
    IN_USE.load(Ordering::Relaxed)
}

/// The most bytes of heap in use at once so far (Rust's and the C++
/// solver's; 0 without [`Accounting`]).
pub fn peak() -> usize {
    PEAK.load(Ordering::Relaxed)
}

/// The process's peak resident set (VmHWM, Linux), in bytes.
pub fn peak_resident() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

enum Why {
    Limit,
    Refused(usize),
}

/// Ends the process with UNKNOWN. Allocation-free: it may run inside the
/// allocator, on any thread; a second thread arriving here waits for the
/// first one's exit.
#[cold]
fn exhausted(why: Why) -> ! {
    if ENDING.swap(true, Ordering::SeqCst) {
        loop {
            std::thread::park();
        }
    }
    let mut buf = Buffer::default();
    let _ = match why {
        Why::Limit => {
            let mib = LIMIT.load(Ordering::Relaxed) >> 20;
            std::fmt::write(
                &mut buf,
                format_args!("\nUNKNOWN reason: memory limit of {mib} MiB reached\nUNKNOWN\n"),
            )
        }
        Why::Refused(size) => std::fmt::write(
            &mut buf,
            format_args!(
                "\nUNKNOWN reason: out of memory (the system refused {size} bytes)\nUNKNOWN\n"
            ),
        ),
    };
    write_stdout(&buf.bytes[..buf.len]);
    std::process::exit(0)
}

fn write_stdout(bytes: &[u8]) {
    use std::io::Write;
    use std::os::fd::FromRawFd;
    // SAFETY: descriptor 1 stays open; ManuallyDrop keeps it from being closed.
    let mut out = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(1) });
    let _ = out.write_all(bytes);
}

/// A fixed buffer that formats without allocating (long text is cut).
struct Buffer {
    bytes: [u8; 160],
    len: usize,
}

impl Default for Buffer {
    fn default() -> Buffer {
        Buffer {
            bytes: [0; 160],
            len: 0,
        }
    }
}

impl std::fmt::Write for Buffer {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let n = s.len().min(self.bytes.len() - self.len);
        self.bytes[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        Ok(())
    }
}

/// Bytes a thread may allocate or free before the shared counts are
/// updated. Every allocation updating them (two atomic read-modify-writes)
/// was 15% of a learning run's time (`lore transducer` on
/// javascript_number.c, perf); batched, the limit and the peak are exact
/// to this much per thread, and a request of this size or more is still
/// counted before it is made.
const BATCH: isize = 256 << 10;

thread_local! {
    /// This thread's bytes not yet in the shared counts (negative: freed).
    /// Constant-initialised and without a destructor, so the allocator
    /// may use it at any time, also while the thread ends.
    static UNCOUNTED: std::cell::Cell<isize> = const { std::cell::Cell::new(0) };
}

/// Adds `delta` bytes to this thread's uncounted ones; the total once it
/// reaches a batch either way (the thread's count is then 0), else None.
fn batched(delta: isize) -> Option<isize> {
    UNCOUNTED
        .try_with(|c| {
            let v = c.get().saturating_add(delta);
            if v.abs() < BATCH {
                c.set(v);
                None
            } else {
                c.set(0);
                Some(v)
            }
        })
        .unwrap_or(Some(delta))
}

/// Counts `size` more bytes in use, ending the run if that passes the limit.
fn reserve(size: usize) {
    settle(batched(isize::try_from(size).unwrap_or(isize::MAX)));
}

/// Counts `size` fewer bytes in use.
fn release(size: usize) {
    settle(batched(-isize::try_from(size).unwrap_or(isize::MAX)));
}

/// A thread's batch into the shared counts.
fn settle(batch: Option<isize>) {
    match batch {
        Some(more) if more > 0 => {
            let more = more.unsigned_abs();
            let now = IN_USE
                .fetch_add(more, Ordering::Relaxed)
                .saturating_add(more);
            if now > PEAK.load(Ordering::Relaxed) {
                PEAK.fetch_max(now, Ordering::Relaxed);
            }
            if now > LIMIT.load(Ordering::Relaxed) {
                exhausted(Why::Limit);
            }
        }
        // Never below zero: memory a C++ library allocated before the
        // counting began may be freed through it, and other threads'
        // batches may be pending.
        Some(fewer) => {
            let fewer = fewer.unsigned_abs();
            let _ = IN_USE.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                Some(n.saturating_sub(fewer))
            });
        }
        None => {}
    }
}

/// The C++ heap (CaDiCaL's clauses and watch lists) counted like Rust's:
/// the `lore` binary replaces C++'s `operator new` and `operator delete`
/// with these, so `--memory-limit` covers the solver and a refused
/// allocation ends in UNKNOWN instead of `std::bad_alloc` and an abort.
pub mod cxx {
    use std::ffi::c_void;

    extern "C" {
        fn malloc(size: usize) -> *mut c_void;
        fn free(ptr: *mut c_void);
        fn malloc_usable_size(ptr: *mut c_void) -> usize;
    }

    /// `operator new(size)`: never returns null.
    pub fn allocate(size: usize) -> *mut c_void {
        super::reserve(size);
        // SAFETY: malloc may be called with any size.
        let p = unsafe { malloc(size.max(1)) };
        if p.is_null() {
            super::exhausted(super::Why::Refused(size));
        }
        // SAFETY: `p` came from malloc.
        let usable = unsafe { malloc_usable_size(p) };
        super::reserve(usable.saturating_sub(size));
        p
    }

    /// `operator delete(ptr)`.
    ///
    /// # Safety
    /// `ptr` is null or came from [`allocate`] (or from C++'s own
    /// `operator new`, which also allocates with malloc).
    pub unsafe fn release(ptr: *mut c_void) {
        if ptr.is_null() {
            return;
        }
        // SAFETY: the caller passes memory from malloc.
        unsafe {
            super::release(malloc_usable_size(ptr));
            free(ptr);
        }
    }
}

// SAFETY: every call goes to `System` with the caller's layout; the
// counting around it does not touch the memory.
unsafe impl GlobalAlloc for Accounting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        reserve(layout.size());
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            exhausted(Why::Refused(layout.size()));
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        reserve(layout.size());
        let p = unsafe { System.alloc_zeroed(layout) };
        if p.is_null() {
            exhausted(Why::Refused(layout.size()));
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        release(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            reserve(new_size - layout.size());
        }
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if p.is_null() {
            exhausted(Why::Refused(new_size));
        }
        if new_size < layout.size() {
            release(layout.size() - new_size);
        }
        p
    }
}
