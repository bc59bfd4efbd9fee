//! The reference table (seed 000 "Reference table"): external nodes and
//! files this GBX references, and the folder tree they live in.

use crate::bytes::{ByteRange, ByteReader, ReadError};
use serde::Serialize;

/// Deepest folder nesting accepted.
const MAX_FOLDER_DEPTH: u32 = 32;

/// One folder of the reference table's folder tree.
#[derive(Debug, Clone, Serialize)]
pub struct Folder {
    /// Folder name as stored.
    pub name: String,
    /// Path from the base folder, joined with '/'.
    pub path: String,
    /// Bytes of the name (file offsets).
    pub range: ByteRange,
}

/// One external node reference.
#[derive(Debug, Clone, Serialize)]
pub struct ExternalNode {
    /// Flags; bit 2 (value 4) means a resource index instead of a file name.
    pub flags: u32,
    /// File name, when `flags & 4 == 0`.
    pub file_name: Option<String>,
    /// Resource index, when `flags & 4 != 0`.
    pub resource_index: Option<u32>,
    /// Slot in the node list this reference fills.
    pub node_index: u32,
    /// Header version ≥ 5: use the file itself rather than its node.
    pub use_file: Option<bool>,
    /// Depth-first folder index (0 = base folder), when a file name is given.
    pub folder_index: Option<u32>,
    /// Resolved folder path of `folder_index`, when it exists.
    pub folder_path: Option<String>,
    /// Bytes of the entry (file offsets).
    pub range: ByteRange,
}

/// The reference table. Offsets are file offsets.
#[derive(Debug, Clone, Default, Serialize)]
pub struct RefTable {
    /// numExternalNodes.
    pub num_external_nodes: u32,
    /// How many folder levels to go up to the base folder.
    pub ancestor_level: u32,
    /// Folders in depth-first order (index + 1 = folderIndex).
    pub folders: Vec<Folder>,
    /// External node references.
    pub external_nodes: Vec<ExternalNode>,
    /// Bytes of the whole table.
    pub range: ByteRange,
}

/// Reads the reference table at the reader's position.
/// `header_version` decides whether `useFile` is present (≥ 5).
///
/// # Errors
/// Truncated data, impossible counts, folder trees nested too deep.
pub fn read_ref_table(r: &mut ByteReader<'_>, header_version: u16) -> Result<RefTable, ReadError> {
    let start = r.pos_abs();
    let mut table = RefTable {
        num_external_nodes: r.u32()?,
        ..RefTable::default()
    };
    if table.num_external_nodes > 0 {
        table.ancestor_level = r.u32()?;
        read_folders(r, "", &mut table.folders, 0)?;
        let n = r.check_count(
            "external node count",
            u64::from(table.num_external_nodes),
            9,
            1 << 20,
        )?;
        table.external_nodes.reserve(n);
        for _ in 0..n {
            let node = read_external(r, header_version, &table.folders)?;
            table.external_nodes.push(node);
        }
    }
    table.range = ByteRange::new(start, r.pos_abs());
    Ok(table)
}

fn read_folders(
    r: &mut ByteReader<'_>,
    parent: &str,
    out: &mut Vec<Folder>,
    depth: u32,
) -> Result<(), ReadError> {
    if depth > MAX_FOLDER_DEPTH {
        return Err(r.invalid(format!(
            "reference table folders nested deeper than {MAX_FOLDER_DEPTH}"
        )));
    }
    let count = r.u32()?;
    let count = r.check_count("folder count", u64::from(count), 8, 1 << 16)?;
    for _ in 0..count {
        let start = r.pos_abs();
        let name = read_string(r)?;
        let range = ByteRange::new(start, r.pos_abs());
        let path = if parent.is_empty() {
            name.clone()
        } else {
            format!("{parent}/{name}")
        };
        out.push(Folder {
            name,
            path: path.clone(),
            range,
        });
        read_folders(r, &path, out, depth + 1)?;
    }
    Ok(())
}

fn read_external(
    r: &mut ByteReader<'_>,
    header_version: u16,
    folders: &[Folder],
) -> Result<ExternalNode, ReadError> {
    let start = r.pos_abs();
    let flags = r.u32()?;
    let by_name = flags & 4 == 0;
    let (file_name, resource_index) = if by_name {
        (Some(read_string(r)?), None)
    } else {
        (None, Some(r.u32()?))
    };
    let node_index = r.u32()?;
    let use_file = if header_version >= 5 {
        Some(r.u32()? != 0)
    } else {
        None
    };
    let folder_index = if by_name { Some(r.u32()?) } else { None };
    let folder_path = folder_index.and_then(|i| match i {
        0 => Some(String::new()),
        i => folders.get(i as usize - 1).map(|f| f.path.clone()),
    });
    Ok(ExternalNode {
        flags,
        file_name,
        resource_index,
        node_index,
        use_file,
        folder_index,
        folder_path,
        range: ByteRange::new(start, r.pos_abs()),
    })
}

fn read_string(r: &mut ByteReader<'_>) -> Result<String, ReadError> {
    Ok(String::from_utf8_lossy(r.string_bytes()?).into_owned())
}
