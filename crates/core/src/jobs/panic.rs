//! The one panic catcher (issue 16): a panic in a background job is shown
//! as an error while the app (and its open documents) or the rest of a
//! batch carry on.

use std::any::Any;

/// The message of a caught panic (`panic!("…")` payloads are `&str` or
/// `String`; anything else is named as such).
#[must_use]
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

/// Runs `f`, turning a panic into `Err("internal error (panic): …")`.
///
/// # Errors
/// When `f` panicked, with its message.
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .map_err(|p| format!("internal error (panic): {}", panic_message(p.as_ref())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_error_with_its_message() {
        assert_eq!(catch(|| 7), Ok(7));
        let e = catch(|| -> u8 { panic!("boom {}", 3) }).unwrap_err();
        assert_eq!(e, "internal error (panic): boom 3");
        assert!(
            catch(|| std::panic::panic_any(5u8))
                .unwrap_err()
                .contains("without a message")
        );
    }
}
