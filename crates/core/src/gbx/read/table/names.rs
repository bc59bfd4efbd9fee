//! Field names shared by every table of the process (issue 32).
//!
//! A record's name is one of the decoders' `&'static str` constants. Each
//! name gets a global id once per process, and each thread remembers the
//! ids by the name's address, so a table meeting a name for the first time
//! (every name, once per parse) finds its id without hashing the text. A
//! table still numbers its own names (`u16` in a record); it maps global
//! ids to those with a small vector.

use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::sync::{PoisonError, RwLock};

/// Every name given an id so far, by its text; ids count up from 0. The
/// keys are the decoders' constants, never file data, so a fast non-keyed
/// hash is safe here.
static REGISTRY: RwLock<Option<FxHashMap<&'static str, u32>>> = RwLock::new(None);

thread_local! {
    /// This thread's global ids by the name's address and length.
    static BY_ADDRESS: RefCell<FxHashMap<(usize, usize), u32>> =
        RefCell::new(FxHashMap::default());
    /// This thread's copy of the registry entries it has looked up by
    /// text (lookups by name, e.g. `FieldList::find`, take no lock).
    static BY_TEXT: RefCell<FxHashMap<&'static str, u32>> =
        RefCell::new(FxHashMap::default());
}

/// The global id of `name`, given one when it has none.
pub(super) fn global_id(name: &'static str) -> u32 {
    let key = (name.as_ptr() as usize, name.len());
    if let Some(id) = BY_ADDRESS.with_borrow(|m| m.get(&key).copied()) {
        return id;
    }
    let id = register(name);
    BY_ADDRESS.with_borrow_mut(|m| m.insert(key, id));
    id
}

/// The global id of the name spelled `name`, when some table has met it.
pub(super) fn lookup(name: &str) -> Option<u32> {
    if let Some(id) = BY_TEXT.with_borrow(|m| m.get(name).copied()) {
        return Some(id);
    }
    let (text, id) = registered(name)?;
    BY_TEXT.with_borrow_mut(|m| m.insert(text, id));
    Some(id)
}

/// The registry's entry for `name`.
#[cold]
fn registered(name: &str) -> Option<(&'static str, u32)> {
    let registry = REGISTRY.read().unwrap_or_else(PoisonError::into_inner);
    registry
        .as_ref()?
        .get_key_value(name)
        .map(|(&text, &id)| (text, id))
}

/// Finds or adds `name` in the registry (by its text: equal constants at
/// different addresses share an id).
#[cold]
fn register(name: &'static str) -> u32 {
    if let Some((_, id)) = registered(name) {
        return id;
    }
    let mut registry = REGISTRY.write().unwrap_or_else(PoisonError::into_inner);
    let registry = registry.get_or_insert_with(FxHashMap::default);
    let next = u32::try_from(registry.len()).unwrap_or(u32::MAX);
    *registry.entry(name).or_insert(next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_names_share_one_id_across_threads() {
        let a: &'static str = "names_test_field";
        let owned: &'static str = String::from("names_test_field").leak();
        let id = global_id(a);
        assert_eq!(global_id(a), id);
        assert_eq!(global_id(owned), id, "same text, other address");
        let there = std::thread::spawn(move || global_id(a))
            .join()
            .expect("thread");
        assert_eq!(there, id);
        assert_eq!(lookup("names_test_field"), Some(id));
        assert_eq!(lookup("names_test_never_used"), None);
        assert_ne!(global_id("names_test_other"), id);
    }
}
