//! Pushing a freshly built value into a list without a stack copy (issue
//! 46, BENCHMARKS.md session 46h).
//!
//! `Vec::push` checks the capacity after the value is built, and its grow
//! call sits between building and storing: the compiler keeps the value on
//! the stack across that call, field by field, then copies it into the list
//! with 16-byte loads. Each such load waits for the narrower stores it
//! spans to leave the store buffer (a failed store-to-load forward), and
//! that wait was half the time of the summary's two per-block pushes
//! (`perf annotate`, jussyDr/gbx's 18 maps). [`push_reserved`] tests the
//! capacity first and leaves the grow call out of line, so the value is
//! stored straight from registers when the list has room.

/// Pushes `item` onto `list`: in line when the list has room (reserve
/// first, as the block and item lists do), through an out-of-line
/// `Vec::push` otherwise. The result is `list.push(item)`'s.
#[inline(always)]
pub fn push_reserved<T>(list: &mut Vec<T>, item: T) {
    if list.len() < list.capacity() {
        list.push(item);
    } else {
        push_growing(list, item);
    }
}

/// The out-of-line push of [`push_reserved`].
#[cold]
#[inline(never)]
fn push_growing<T>(list: &mut Vec<T>, item: T) {
    list.push(item);
}

#[cfg(test)]
mod tests {
    use super::push_reserved;

    #[test]
    fn pushes_with_and_without_room() {
        let mut list = Vec::with_capacity(1);
        push_reserved(&mut list, 1);
        push_reserved(&mut list, 2);
        assert_eq!(list, [1, 2]);
    }
}
