use super::*;
use std::time::Duration;

fn ids(n: u32) -> impl FnOnce() -> Vec<u32> + Send + 'static {
    move || (0..n).collect()
}

#[test]
fn results_come_back_in_item_order_with_progress_counted() {
    let job = Job::start(ids(50), Options::threads(3), |&i, _| i * 2, || {});
    let out = job.wait_ordered();
    let values: Vec<u32> = out.iter().map(|(_, r)| *r.as_ref().unwrap()).collect();
    assert_eq!(values, (0..50).map(|i| i * 2).collect::<Vec<_>>());
    assert_eq!(*out[7].0, 7);
}

#[test]
fn events_are_listed_then_done_then_finished() {
    let mut job = Job::start(ids(4), Options::threads(2), |&i, _| i, || {});
    let mut events = Vec::new();
    while let Some(e) = job.next_event() {
        events.push(e);
    }
    assert_eq!(
        events.first(),
        Some(&Event::Listed {
            total: 4,
            error: None
        })
    );
    assert_eq!(events.last(), Some(&Event::Finished { cancelled: false }));
    assert_eq!(events.len(), 6);
    assert_eq!(job.progress(), Progress { done: 4, total: 4 });
    assert!(job.is_finished());
}

#[test]
fn a_panic_is_the_error_of_its_item_and_the_others_go_on() {
    let job = Job::start(
        ids(3),
        Options::threads(2),
        |&i, _| {
            assert!(i != 1, "decoder bug on item {i}");
            i
        },
        || {},
    );
    let out = job.wait_ordered();
    assert_eq!(out[0].1, Ok(0));
    assert_eq!(out[2].1, Ok(2));
    assert_eq!(
        out[1].1,
        Err("internal error (panic): decoder bug on item 1".into())
    );
    let ordered = run_ordered(&[1u8, 2], Options::threads(1), &Control::default(), |&i| {
        assert!(i != 2, "boom");
        i
    });
    assert_eq!(ordered[0], Some(Ok(1)));
    assert!(
        ordered[1]
            .as_ref()
            .unwrap()
            .as_ref()
            .unwrap_err()
            .contains("boom")
    );
}

#[test]
fn cancel_skips_the_items_not_started() {
    let mut job = Job::start(
        ids(1000),
        Options {
            threads: 1,
            sequential: true,
        },
        |&i, c| {
            if i == 0 {
                // Wait until the owner cancels, so the rest is skipped.
                while !c.is_cancelled() {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            i
        },
        || {},
    );
    while job.progress().total == 0 {
        std::thread::sleep(Duration::from_millis(1));
    }
    job.cancel();
    assert!(job.is_cancelling());
    let mut done = 0;
    let mut cancelled = false;
    while let Some(e) = job.next_event() {
        match e {
            Event::Done { .. } => done += 1,
            Event::Finished { cancelled: c } => cancelled = c,
            Event::Listed { .. } => {}
        }
    }
    assert_eq!(done, 1);
    assert!(cancelled);
    assert_eq!(
        job.progress(),
        Progress {
            done: 1,
            total: 1000
        }
    );
}

#[test]
fn sequential_items_run_in_order() {
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let s = Arc::clone(&seen);
    let job = Job::start(
        ids(20),
        Options {
            threads: 4,
            sequential: true,
        },
        move |&i, _| s.lock().unwrap().push(i),
        || {},
    );
    let _ = job.wait_ordered();
    assert_eq!(*seen.lock().unwrap(), (0..20).collect::<Vec<_>>());
}

#[test]
fn one_item_jobs_poll_until_finished() {
    let mut job = Job::one(21u32, |&i, _| i * 2, || {});
    let mut result = None;
    while !job.is_finished() {
        for e in job.poll() {
            if let Event::Done { result: r, .. } = e {
                result = Some(r);
            }
        }
        std::thread::yield_now();
    }
    assert_eq!(result, Some(Ok(42)));
}

#[test]
fn a_listing_that_panics_is_reported_not_an_empty_job() {
    let list = || -> Vec<u32> { panic!("the folder vanished") };
    let mut job = Job::start(list, Options::threads(1), |&i, _| i, || {});
    let Some(Event::Listed { total, error }) = job.next_event() else {
        panic!("Listed comes first");
    };
    assert_eq!(total, 0);
    assert!(
        error
            .as_deref()
            .is_some_and(|e| e.contains("the folder vanished")),
        "{error:?}"
    );
    assert_eq!(job.next_event(), Some(Event::Finished { cancelled: false }));
}
