//! Machine facts for the bench examples, as `shared/bench-peers`'
//! pyharness measures them: this process's CPU time, machine-wide busy
//! cores (from `/proc/stat`) and the load average.

use serde_json::{Value, json};

/// CPU time of this (single-threaded) process in seconds: nanoseconds from
/// /proc/self/schedstat, else clock ticks from /proc/self/stat.
pub fn cpu_time() -> f64 {
    if let Some(ns) = std::fs::read_to_string("/proc/self/schedstat")
        .ok()
        .and_then(|s| {
            s.split_whitespace()
                .next()
                .and_then(|v| v.parse::<u64>().ok())
        })
    {
        return ns as f64 * 1e-9;
    }
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            // Fields after the ")" closing the command name: utime is the 12th, stime the 13th.
            let rest = &s[s.rfind(')')? + 1..];
            let f: Vec<&str> = rest.split_whitespace().collect();
            let u: f64 = f.get(11)?.parse().ok()?;
            let k: f64 = f.get(12)?.parse().ok()?;
            Some((u + k) / 100.0)
        })
        .unwrap_or(0.0)
}

/// (busy, total, steal) jiffies over all CPUs, as pyharness.proc_stat.
pub fn proc_stat() -> Option<(u64, u64, u64)> {
    let s = std::fs::read_to_string("/proc/stat").ok()?;
    let mut v: Vec<u64> = s
        .lines()
        .next()?
        .split_whitespace()
        .skip(1)
        .filter_map(|x| x.parse().ok())
        .collect();
    v.resize(v.len().max(8), 0);
    let idle = v[3] + v[4];
    let total: u64 = v[..8].iter().sum();
    Some((total - idle, total, v[7]))
}

fn ncpu() -> usize {
    std::fs::read_to_string("/proc/stat")
        .ok()
        .map(|s| {
            s.lines()
                .filter(|l| {
                    l.starts_with("cpu") && l.as_bytes().get(3).is_some_and(u8::is_ascii_digit)
                })
                .count()
        })
        .filter(|&n| n > 0)
        .or_else(|| {
            std::thread::available_parallelism()
                .ok()
                .map(std::num::NonZero::get)
        })
        .unwrap_or(1)
}

/// As pyharness.machine_load: cores busy machine-wide during the timed passes,
/// split into this process, other processes and hypervisor steal.
pub fn machine_load(
    s0: Option<(u64, u64, u64)>,
    s1: Option<(u64, u64, u64)>,
    own_cpu: f64,
    wall: f64,
) -> Value {
    let (Some(s0), Some(s1)) = (s0, s1) else {
        return Value::Null;
    };
    if s1.1 <= s0.1 || wall <= 0.0 {
        return Value::Null;
    }
    let n = ncpu();
    let dt = (s1.1 - s0.1) as f64;
    let busy = n as f64 * (s1.0 - s0.0) as f64 / dt;
    let own = own_cpu / wall;
    let steal = n as f64 * (s1.2 - s0.2) as f64 / dt;
    let r3 = |x: f64| (x * 1000.0).round() / 1000.0;
    json!({
        "busy_cores": r3(busy), "own_cores": r3(own),
        "other_cores": r3((busy - own - steal).max(0.0)), "steal_cores": r3(steal),
        "ncpu": n, "jiffies": s1.1 - s0.1,
    })
}

pub fn loadavg() -> [f64; 3] {
    let s = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let mut v = s.split_whitespace().filter_map(|x| x.parse::<f64>().ok());
    [
        v.next().unwrap_or(0.0),
        v.next().unwrap_or(0.0),
        v.next().unwrap_or(0.0),
    ]
}
