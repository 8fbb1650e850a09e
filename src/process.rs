//! What the server asks of its own process at start and after bursts: large allocations given back
//! to the system when freed, a burst's freed heap trimmed, and the open-file limit raised.

/// Largest allocation glibc may serve from its heaps; larger ones are their own mappings, unmapped
/// when freed. glibc otherwise raises this threshold to the size of the last large block freed (up to
/// 32 MiB), so after a burst of password checks (19 MiB each) the next ones stay on the heap and the
/// memory is kept.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_THRESHOLD: libc::c_int = 1 << 20;

/// Makes large allocations return to the system when freed (glibc; elsewhere nothing to do).
pub fn return_large_allocations() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets an allocator parameter; it is called before the server's threads
    // allocate much, and glibc serialises it with its own locks.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
    }
}

/// Gives the heap's free pages back to the system (glibc; elsewhere nothing to do).
pub fn trim_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory; it takes the allocator's locks itself.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Raises the soft open-file limit to the hard one (each connection and stream is a file; a unit
/// without `LimitNOFILE` starts at 1024). Returns the soft limit now in force, when known.
pub fn raise_open_files() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit read and write only the struct passed.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
                return None;
            }
            if lim.rlim_cur < lim.rlim_max {
                let raised = libc::rlimit {
                    rlim_cur: lim.rlim_max,
                    rlim_max: lim.rlim_max,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                    lim = raised;
                }
            }
        }
        // `rlim_t` is not u64 on every platform.
        #[allow(clippy::unnecessary_cast)]
        Some(lim.rlim_cur as u64)
    }
    #[cfg(not(unix))]
    None
}

/// Writes the warnings and errors of the HTTP server's own machinery (a failed `accept` when the
/// process is out of files, say) to stderr, one line each, as the server's other log lines.
struct StderrLog;

impl log::Log for StderrLog {
    fn enabled(&self, meta: &log::Metadata<'_>) -> bool {
        meta.level() <= log::Level::Warn
    }

    fn log(&self, record: &log::Record<'_>) {
        if self.enabled(record.metadata()) {
            eprintln!(
                "[{}] {} {}: {}",
                chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                record.level(),
                record.target(),
                record.args()
            );
        }
    }

    fn flush(&self) {}
}

/// Sends the warnings and errors of the libraries (actix's accept loop above all) to stderr; a
/// second call does nothing.
pub fn log_library_warnings() {
    static LOG: StderrLog = StderrLog;
    if log::set_logger(&LOG).is_ok() {
        log::set_max_level(log::LevelFilter::Warn);
    }
}
