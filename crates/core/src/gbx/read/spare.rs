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

#[cfg(test)]
mod tests {
    use crate::gbx::Gbx;
    use crate::gbx::tools::sample::{sample_map, sample_map_with_stopped_metadata};

    /// Nodes (chunks, parents, ends) and fields of a parse, as JSON.
    fn facts(gbx: &Gbx) -> (String, usize, Vec<String>) {
        let nodes = serde_json::to_string(&gbx.nodes).expect("nodes serialise");
        (nodes, gbx.table().len(), gbx.problems.clone())
    }

    /// A parse made on recycled storage (a larger list, a list holding a
    /// stopped nested node) is the parse made on fresh storage.
    #[test]
    fn a_parse_on_recycled_storage_is_the_parse_on_fresh_storage() {
        let files = [
            sample_map_with_stopped_metadata(),
            sample_map(),
            sample_map_with_stopped_metadata(),
        ];
        let fresh: Vec<_> = files
            .iter()
            .map(|f| {
                let f = f.clone();
                std::thread::spawn(move || facts(&Gbx::parse(f).expect("sample parses")))
                    .join()
                    .expect("fresh thread")
            })
            .collect();
        assert!(
            fresh[0].2.iter().any(|p| p.contains("0x11001000")),
            "{:?}",
            fresh[0].2
        );
        for (file, expected) in files.iter().zip(&fresh) {
            let gbx = Gbx::parse(file.clone()).expect("sample parses");
            assert_eq!(&facts(&gbx), expected);
            gbx.recycle();
        }
    }
}
