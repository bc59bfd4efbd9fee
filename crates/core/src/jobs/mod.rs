//! The one way to run background work (issue 27): a list of items, one
//! job per item on a rayon pool, with progress (done of total), a cancel
//! flag checked between items, a panic turned into that item's error, and
//! the results streamed through a channel.
//!
//! * [`Job::start`] runs on a thread of its own: the app polls
//!   [`Job::poll`] each frame (a `notify` callback wakes it), the CLI
//!   drains [`Job::wait_ordered`].
//! * [`run_ordered`] runs on the calling thread and may borrow (the CLI's
//!   batches): the same pool, catcher and cancel, results in item order.
//! * [`catch`] is the one panic catcher, for work that is not a list.
//!
//! This module depends on nothing else in the crate.

mod panic;

pub use panic::{catch, panic_message};

use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

/// How to run a job's items.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Run the items one at a time, in order, on the job's own thread
    /// (e.g. renames, where a chain a→b, b→c must run as planned).
    pub sequential: bool,
}

impl Options {
    /// `threads` workers (0: one per core), items in parallel.
    #[must_use]
    pub fn threads(threads: usize) -> Self {
        Self {
            threads,
            sequential: false,
        }
    }
}

/// The cancel flag and the progress counter shared by a job and its owner.
#[derive(Debug, Default)]
pub struct Control {
    cancel: AtomicBool,
    done: AtomicUsize,
    total: AtomicUsize,
    stopped: AtomicBool,
}

impl Control {
    /// True once cancel was asked for; work that is long per item may
    /// check it too.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The flag itself, for APIs that take an `&AtomicBool`.
    #[must_use]
    pub fn flag(&self) -> &AtomicBool {
        &self.cancel
    }

    /// Asks the job to stop: items already started finish, the others are
    /// skipped.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Items finished so far and items in all (0 until listed).
    #[must_use]
    pub fn progress(&self) -> Progress {
        Progress {
            done: self.done.load(Ordering::Relaxed),
            total: self.total.load(Ordering::Relaxed),
        }
    }
}

/// How far a job is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    /// Items finished (with a result or an error).
    pub done: usize,
    /// Items in all.
    pub total: usize,
}

/// What a running job reports, in this order: `Listed` once, `Done` per
/// item (in completion order), `Finished` once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event<I, T> {
    /// The items are known: `total` will be run.
    Listed {
        /// Number of items.
        total: usize,
        /// Why no item could be listed: the listing panicked (the message
        /// says so); `None` when it ran.
        error: Option<String>,
    },
    /// One item ended.
    Done {
        /// Its position in the list.
        index: usize,
        /// The item.
        item: Arc<I>,
        /// Its result, or `Err("internal error (panic): …")` when its work
        /// panicked.
        result: Result<T, String>,
    },
    /// No more events.
    Finished {
        /// True when cancelled before every item ran.
        cancelled: bool,
    },
}

/// A job running on a thread of its own. Dropping it cancels it.
#[derive(Debug)]
pub struct Job<I, T> {
    events: Receiver<Event<I, T>>,
    control: Arc<Control>,
    finished: bool,
}

impl<I: Send + Sync + 'static, T: Send + 'static> Job<I, T> {
    /// Starts a job: on a new thread, `list` gives the items (a folder
    /// walk, a plan…), then `work` runs for each on a pool of
    /// `options.threads`. `notify` is called after each event (e.g. to
    /// wake a UI).
    #[must_use]
    pub fn start<L, W, N>(list: L, options: Options, work: W, notify: N) -> Self
    where
        L: FnOnce() -> Vec<I> + Send + 'static,
        W: Fn(&I, &Control) -> T + Send + Sync + 'static,
        N: Fn() + Send + Sync + 'static,
    {
        let (tx, events) = channel();
        let control = Arc::new(Control::default());
        let c = Arc::clone(&control);
        std::thread::spawn(move || run(list, options, &work, &tx, &c, &notify));
        Self {
            events,
            control,
            finished: false,
        }
    }

    /// Starts a job of one item (a measurement, an extraction) on its own
    /// thread, without a pool.
    #[must_use]
    pub fn one<W, N>(item: I, work: W, notify: N) -> Self
    where
        W: Fn(&I, &Control) -> T + Send + Sync + 'static,
        N: Fn() + Send + Sync + 'static,
    {
        let options = Options {
            threads: 1,
            sequential: true,
        };
        Self::start(move || vec![item], options, work, notify)
    }

    /// The events that arrived since the last call (never blocks).
    pub fn poll(&mut self) -> Vec<Event<I, T>> {
        let events: Vec<_> = self.events.try_iter().collect();
        self.finished |= events.iter().any(|e| matches!(e, Event::Finished { .. }));
        events
    }

    /// Waits for the next event; `None` once the job has finished.
    pub fn next_event(&mut self) -> Option<Event<I, T>> {
        if self.finished {
            return None;
        }
        let event = self.events.recv().ok();
        self.finished = event
            .as_ref()
            .is_none_or(|e| matches!(e, Event::Finished { .. }));
        event
    }

    /// Waits for the end and returns every item with its result in item
    /// order.
    #[must_use]
    pub fn wait_ordered(mut self) -> Vec<(Arc<I>, Result<T, String>)> {
        let mut out = Vec::new();
        while let Some(event) = self.next_event() {
            if let Event::Done {
                index,
                item,
                result,
            } = event
            {
                out.push((index, item, result));
            }
        }
        out.sort_by_key(|(index, ..)| *index);
        out.into_iter().map(|(_, i, r)| (i, r)).collect()
    }

    /// True once the worker has stopped: every event, up to
    /// [`Event::Finished`], is waiting to be taken (from a `&self`, e.g. a
    /// panel that only reads).
    #[must_use]
    pub fn has_stopped(&self) -> bool {
        self.control.stopped.load(Ordering::Acquire)
    }

    /// True once [`Event::Finished`] was received.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Asks the job to stop (see [`Control::cancel`]).
    pub fn cancel(&self) {
        self.control.cancel();
    }

    /// True once cancel was asked for.
    #[must_use]
    pub fn is_cancelling(&self) -> bool {
        self.control.is_cancelled()
    }

    /// Items done of items in all.
    #[must_use]
    pub fn progress(&self) -> Progress {
        self.control.progress()
    }
}

impl<I, T> Drop for Job<I, T> {
    fn drop(&mut self) {
        self.control.cancel();
    }
}

fn run<I, T, L, W, N>(
    list: L,
    options: Options,
    work: &W,
    tx: &Sender<Event<I, T>>,
    control: &Control,
    notify: &N,
) where
    I: Send + Sync,
    T: Send,
    L: FnOnce() -> Vec<I>,
    W: Fn(&I, &Control) -> T + Sync,
    N: Fn() + Sync,
{
    let send = |event| {
        let _ = tx.send(event);
        notify();
    };
    let (items, error): (Vec<Arc<I>>, _) = match catch(list) {
        Ok(items) => (items.into_iter().map(Arc::new).collect(), None),
        Err(e) => (Vec::new(), Some(e)),
    };
    control.total.store(items.len(), Ordering::Relaxed);
    send(Event::Listed {
        total: items.len(),
        error,
    });
    for_each(&items, options, control, &|index, item: &Arc<I>| {
        let result = catch(|| work(item, control));
        send(Event::Done {
            index,
            item: Arc::clone(item),
            result,
        });
    });
    send(Event::Finished {
        cancelled: control.is_cancelled() && control.progress().done < items.len(),
    });
    control.stopped.store(true, Ordering::Release);
}

/// Runs `f(index, item)` for each item not reached by a cancel, counting
/// each in `control` (after `f`).
fn for_each<I: Sync>(
    items: &[I],
    options: Options,
    control: &Control,
    f: &(dyn Fn(usize, &I) + Sync),
) {
    let one = |(index, item): (usize, &I)| {
        if !control.is_cancelled() {
            f(index, item);
            control.done.fetch_add(1, Ordering::Relaxed);
        }
    };
    if options.sequential {
        items.iter().enumerate().for_each(one);
        return;
    }
    let all = || items.par_iter().enumerate().for_each(one);
    match rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
    {
        Ok(pool) => pool.install(all),
        // No pool of our own: rayon's global one still runs in parallel.
        Err(_) => all(),
    }
}

/// Runs `work` for every item on the calling thread's pool of
/// `options.threads` and returns the results in item order; a panic is
/// its item's `Err("internal error (panic): …")`. `control` may cancel
/// (skipped items are `None`) and counts progress.
pub fn run_ordered<I, T, W>(
    items: &[I],
    options: Options,
    control: &Control,
    work: W,
) -> Vec<Option<Result<T, String>>>
where
    I: Sync,
    T: Send,
    W: Fn(&I) -> T + Sync,
{
    control.total.store(items.len(), Ordering::Relaxed);
    let slots: Vec<std::sync::Mutex<Option<Result<T, String>>>> =
        items.iter().map(|_| std::sync::Mutex::new(None)).collect();
    for_each(items, options, control, &|index, item| {
        let result = catch(|| work(item));
        if let Ok(mut slot) = slots[index].lock() {
            *slot = Some(result);
        }
    });
    slots
        .into_iter()
        .map(|m| {
            m.into_inner()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
        })
        .collect()
}

#[cfg(test)]
mod tests;
