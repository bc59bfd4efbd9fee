//! The kill test of issues 30 and 43: a child process saves over a
//! hard-linked map and is killed (SIGKILL) at a random moment of the save,
//! 200 times, while a recovery (what `trackbench saves --clean --yes` and
//! the app's "Restore" do) runs at another random moment, concurrently.
//! A save that exits 0 leaves the new bytes and one that reports an error
//! the old ones, whatever the recovery did (finding 3). Before the last
//! recovery the map is its old bytes, its new ones, or half-written (the
//! kill came inside the in-place copy, which no file system makes atomic)
//! with a complete backup that recovery proves was made for this very
//! state; after it the map is exactly its old or its new bytes, through
//! both names. The child is this test binary, run again with `--ignored` on
//! [`kill_test_child`].

use super::*;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 200;
const CHILD_TARGET: &str = "TRACKBENCH_KILL_TEST_TARGET";
const CHILD_NEW: &str = "TRACKBENCH_KILL_TEST_NEW";

/// The child's part: reads the new bytes, says "ready", saves them.
#[test]
#[ignore = "run by finding_3_kill_at_random_points_with_a_concurrent_recovery_leaves_the_old_or_the_new_map"]
fn kill_test_child() {
    let (Some(target), Some(new)) = (std::env::var_os(CHILD_TARGET), std::env::var_os(CHILD_NEW))
    else {
        return;
    };
    let bytes = std::fs::read(new).unwrap();
    println!("ready");
    std::io::stdout().flush().unwrap();
    save_atomic(Path::new(&target), &bytes, false).unwrap();
}

/// Two different maps: big corpus maps when the corpus is here (so the
/// in-place copy takes long enough to be hit), pseudo-random bytes otherwise.
fn old_and_new() -> (Vec<u8>, Vec<u8>) {
    let pick = |name: &str| {
        trackbench_testkit::corpus_dir().and_then(|d| std::fs::read(d.join("gbx").join(name)).ok())
    };
    match (pick("Alive.Map.Gbx"), pick("Fall 2021 - 16.Map.Gbx")) {
        (Some(old), Some(new)) => (old, new),
        // Without the corpus: two GBX-like files of incompressible bytes (the
        // save path only sees bytes; the core's layers keep save below gbx).
        _ => (pseudo_map(64 << 10, 1), pseudo_map(1 << 20, 2)),
    }
}

/// `len` bytes starting with "GBX", the rest pseudo-random from `seed`.
fn pseudo_map(len: usize, seed: u64) -> Vec<u8> {
    let mut x = 0x9e37_79b9_7f4a_7c15_u64 ^ seed;
    let mut out = b"GBX".to_vec();
    out.extend((3..len).map(|_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x.to_le_bytes()[0]
    }));
    out
}

/// One child run: spawned, killed `delay` after it said "ready" (`None`:
/// left to finish), with [`recover`] run on `target` `recovery` after
/// "ready" when given. Returns the time from "ready" to its end, how it
/// ended and what the concurrent recovery found.
fn run_child(
    dir: &Path,
    target: &Path,
    delay: Option<Duration>,
    recovery: Option<Duration>,
    slow: bool,
) -> (Duration, std::process::ExitStatus, Option<Recovered>) {
    let mut command = Command::new(std::env::current_exe().unwrap());
    if slow {
        command.env(in_place::SLOW_COPY, "1");
    }
    let mut child = command
        .args([
            "--exact",
            "save::kill_tests::kill_test_child",
            "--ignored",
            "--nocapture",
            "-q",
        ])
        .env(CHILD_TARGET, target)
        .env(CHILD_NEW, dir.join("new.bin"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    while !line.starts_with("ready") {
        line.clear();
        assert!(
            out.read_line(&mut line).unwrap() > 0,
            "the child never got ready"
        );
    }
    let start = Instant::now();
    let recovering = recovery.map(|wait| {
        let target = target.to_path_buf();
        std::thread::spawn(move || {
            std::thread::sleep(wait);
            recover(&target, true).unwrap().0
        })
    });
    if let Some(d) = delay {
        std::thread::sleep(d);
        let _ = child.kill();
    }
    let status = child.wait().unwrap();
    let elapsed = start.elapsed();
    (elapsed, status, recovering.map(|t| t.join().unwrap()))
}

/// A fresh pair of hard-linked names holding `old`.
fn reset(dir: &Path, old: &[u8]) -> (PathBuf, PathBuf) {
    let (one, two) = (dir.join("map.Map.Gbx"), dir.join("link.Map.Gbx"));
    let _ = std::fs::remove_file(&one);
    let _ = std::fs::remove_file(&two);
    for s in stale_files(dir) {
        std::fs::remove_file(s.path).unwrap();
    }
    std::fs::write(&one, old).unwrap();
    std::fs::hard_link(&one, &two).unwrap();
    (one, two)
}

#[test]
fn finding_3_kill_at_random_points_with_a_concurrent_recovery_leaves_the_old_or_the_new_map() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let (old, new) = old_and_new();
    assert_ne!(old, new);
    std::fs::write(dir.path().join("new.bin"), &new).unwrap();
    // The save's length, from three runs left to finish (normal, and with
    // the in-place copy slowed down so that kills land in it often).
    let mut windows = [Duration::ZERO; 2];
    for (slow, window) in windows.iter_mut().enumerate() {
        for _ in 0..3 {
            let (one, two) = reset(dir.path(), &old);
            let (took, status, _) = run_child(dir.path(), &one, None, None, slow == 1);
            assert!(status.success());
            *window = (*window).max(took);
            assert_eq!(
                std::fs::read(&two).unwrap(),
                new,
                "a finished save reaches both names"
            );
        }
    }
    let mut seed = u64::from(std::process::id()) | 1;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut counts = [0usize; 4]; // raw old, raw new, raw damaged, restored
    let (mut leftovers, mut busy, mut finished) = (0, 0, 0);
    for run in 0..RUNS {
        let slow = run % 2 == 1;
        let window = windows[usize::from(slow)];
        let delay = window.mul_f64((next() % 1200) as f64 / 1000.0);
        let recovery_at = window.mul_f64((next() % 1200) as f64 / 1000.0);
        let (one, two) = reset(dir.path(), &old);
        let inode = std::fs::metadata(&one).unwrap().ino();
        let (_, status, during) = run_child(dir.path(), &one, Some(delay), Some(recovery_at), slow);
        busy += usize::from(during == Some(Recovered::Busy));
        counts[3] += usize::from(during == Some(Recovered::OldRestored));
        let raw = std::fs::read(&two).unwrap();
        // Finding 3: the save's exit status tells the truth, whatever the
        // concurrent recovery did.
        match status.code() {
            Some(0) => {
                finished += 1;
                assert!(
                    raw == new,
                    "run {run}: the save exited 0 but the new bytes are not there"
                );
            }
            Some(code) => panic!("run {run}: the save failed (exit {code}) under a recovery"),
            None => {}
        }
        let kind = if raw == old {
            0
        } else if raw == new {
            1
        } else {
            2
        };
        counts[kind] += 1;
        // Before the last recovery: the old bytes, the new ones, or a
        // half-written map (a kill inside the in-place copy: the bytes of a
        // hard-linked file cannot change at once) that a complete backup
        // made for this very state names, so it is never taken for a map.
        if kind == 2 {
            let plan = plan_recovery(&one).unwrap();
            let facts = plan.restore().unwrap_or_else(|| {
                panic!(
                    "run {run}: a half-written map that no backup claims: {:?}",
                    plan.lines(false)
                )
            });
            assert_eq!(facts.old_len, old.len() as u64, "run {run}");
        }
        let (outcome, plan) = recover(&one, true).unwrap();
        assert_ne!(outcome, Recovered::Busy, "the killed save's lock is gone");
        counts[3] += usize::from(outcome == Recovered::OldRestored);
        for name in [&one, &two] {
            let now = std::fs::read(name).unwrap();
            assert!(
                now == old || now == new,
                "{} is damaged after recovery: {:?}",
                name.display(),
                plan.lines(true)
            );
            assert_eq!(
                std::fs::metadata(name).unwrap().ino(),
                inode,
                "still one file"
            );
        }
        let rest = stale_files(dir.path());
        assert!(
            rest.iter().all(|s| s.kind == StaleKind::NewBytes),
            "{rest:?}"
        );
        leftovers += rest.len();
    }
    eprintln!(
        "kill test: {RUNS} kills (half with the in-place copy slowed) within {:?} / {:?} of \
         the save, each with a concurrent recovery: finished {finished}, raw old {}, raw new \
         {}, half-written {} (restored: {}), recovery found the save running {busy}, new-version \
         leftovers offered back {leftovers}",
        windows[0], windows[1], counts[0], counts[1], counts[2], counts[3]
    );
    assert!(
        counts[3] >= counts[2],
        "every half-written map was restored"
    );
}
