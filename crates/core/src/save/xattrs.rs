//! Extended attributes kept across a save (issue 43, finding 11: `user.*`
//! attributes were dropped when the temporary file replaced the target).
//! Only the `user.*` namespace is copied: `security.*` and `trusted.*`
//! belong to the system and need privileges, and the ACLs in `system.*`
//! are not carried by the rest of the save either (it keeps mode and
//! owner). A hard-linked target is overwritten in place and keeps its
//! attributes by itself. On a file system without extended attributes
//! nothing is copied.

use std::fs::File;
use std::path::Path;

/// The largest attribute list and value read (64 KiB, the Linux VFS's
/// limit for both).
const MAX_XATTR_BYTES: usize = 64 * 1024;

/// Copies the `user.*` extended attributes of `target` onto `tmp`.
///
/// # Errors
/// When an attribute the target has cannot be set on the temporary file
/// (the save would drop it); a target whose attributes cannot be listed
/// (a file system without them) copies none.
#[cfg(target_os = "linux")]
pub(super) fn keep_user_xattrs(tmp: &File, target: &Path) -> std::io::Result<()> {
    use rustix::fs::{XattrFlags, fsetxattr, getxattr, listxattr};
    let mut names = vec![0u8; MAX_XATTR_BYTES];
    let Ok(len) = listxattr(target, &mut names[..]) else {
        return Ok(());
    };
    let mut value = vec![0u8; MAX_XATTR_BYTES];
    for name in names[..len.min(names.len())].split(|b| *b == 0) {
        if !name.starts_with(b"user.") {
            continue;
        }
        let name = std::ffi::CString::new(name).map_err(std::io::Error::other)?;
        let n = getxattr(target, name.as_c_str(), &mut value[..])?;
        fsetxattr(
            tmp,
            name.as_c_str(),
            &value[..n.min(value.len())],
            XattrFlags::empty(),
        )?;
    }
    Ok(())
}

/// Nothing to copy where extended attributes are not read.
#[cfg(not(target_os = "linux"))]
pub(super) fn keep_user_xattrs(_tmp: &File, _target: &Path) -> std::io::Result<()> {
    Ok(())
}
