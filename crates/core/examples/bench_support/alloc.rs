//! Allocation counts and peak heap for `gbx_bench --alloc` and
//! `--peak-mem`, from dhat (dhat-rs) in testing mode: one profiler per call,
//! so each file's figures start from zero. Only with the `dhat-heap`
//! feature, which installs dhat's allocator for the whole process (every
//! allocation then takes a lock and a backtrace: timings of such a build
//! are not comparable).

/// What one call allocated (dhat's `HeapStats`, from the call's start).
#[derive(Debug, Clone, Copy, Default)]
pub struct AllocStats {
    /// Heap blocks allocated (reallocations count as one more each).
    pub allocations: u64,
    /// Bytes allocated in total.
    pub bytes: u64,
    /// Largest number of bytes live at once during the call.
    pub peak_bytes: u64,
    /// Bytes still live at the end of `run`, before its result is dropped
    /// (the parsed document's own size).
    pub live_bytes: u64,
}

impl AllocStats {
    /// The JSON object written per file.
    pub fn to_json(self) -> serde_json::Value {
        serde_json::json!({
            "allocations": self.allocations,
            "alloc_bytes": self.bytes,
            "peak_heap_bytes": self.peak_bytes,
            "live_bytes_after": self.live_bytes,
        })
    }
}

/// True when this build counts allocations.
pub const ENABLED: bool = cfg!(feature = "dhat-heap");

/// Runs `run`, then (still profiling) drops what it returned, and returns
/// the allocations of both. `None` without the `dhat-heap` feature.
pub fn measure<T>(run: impl FnOnce() -> T) -> Option<AllocStats> {
    #[cfg(feature = "dhat-heap")]
    {
        let profiler = dhat::Profiler::builder().testing().build();
        let result = run();
        let live = dhat::HeapStats::get().curr_bytes as u64;
        drop(result);
        let s = dhat::HeapStats::get();
        drop(profiler);
        Some(AllocStats {
            allocations: s.total_blocks,
            bytes: s.total_bytes,
            peak_bytes: s.max_bytes as u64,
            live_bytes: live,
        })
    }
    #[cfg(not(feature = "dhat-heap"))]
    {
        let _ = run;
        None
    }
}
