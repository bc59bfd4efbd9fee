//! Storage kept per thread between parses (issue 32): a batch reader that
//! calls [`Gbx::recycle`](crate::gbx::Gbx::recycle) hands the next parse the
//! emptied lists of the last one (the field table's records, the node list),
//! so they are not grown (copied, faulted in) again for every file.

use std::cell::RefCell;
use std::thread::LocalKey;

/// One thread's spare list of `T`.
pub(crate) type Slot<T> = LocalKey<RefCell<Vec<T>>>;

/// Keeps `list`'s storage (emptied) in `slot` when it is larger than the
/// storage kept there.
pub(crate) fn keep<T: 'static>(slot: &'static Slot<T>, mut list: Vec<T>) {
    list.clear();
    slot.with(|s| {
        let mut spare = s.borrow_mut();
        if list.capacity() > spare.capacity() {
            *spare = list;
        }
    });
}

/// The empty list kept in `slot` (without storage when there is none).
pub(crate) fn take<T: 'static>(slot: &'static Slot<T>) -> Vec<T> {
    slot.with(|s| std::mem::take(&mut *s.borrow_mut()))
}
