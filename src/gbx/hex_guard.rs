//! Where the hex view's overwrite mode refuses to type: bytes that are a
//! size or count the writer (or the records editor) keeps in step with
//! the data, and file bytes that are the stored body (the writer rebuilds
//! them from the decompressed body). Everything else may be overwritten;
//! the edit is then re-read, and refused when the file would read back
//! less far (`GbxDocument::apply`).

use trackbench_core::bytes::{ByteRange, Space};
use trackbench_core::gbx::read::field::ARRAY_COUNT;
use trackbench_core::gbx::{Chunk, FieldList, FieldRef, Gbx};

/// Header fields the writer writes from the data (seed 000 "Header").
const HEADER_SIZES: [&str; 3] = ["userDataSize", "numHeaderChunks", "chunkSize"];

/// Why byte `offset` of `space` may not be overwritten, or `None`.
#[must_use]
pub fn overwrite_refusal(gbx: &Gbx, space: Space, offset: u64) -> Option<String> {
    let len = match space {
        Space::File => gbx.file.len(),
        Space::Body => gbx.body.len(),
    };
    if offset >= len as u64 {
        return Some(format!("offset {offset:#x} is past the end ({len} bytes)"));
    }
    match space {
        Space::File => file_refusal(gbx, offset),
        Space::Body => body_refusal(gbx, offset),
    }
}

fn file_refusal(gbx: &Gbx, offset: u64) -> Option<String> {
    if let Some(b) = &gbx.body_info {
        if offset >= b.data_range.start {
            return Some(
                "these are the stored body bytes, rebuilt from the decompressed body on \
                 save: overwrite them in \"Decompressed body\""
                    .into(),
            );
        }
        if offset >= b.offset {
            return Some("the body's sizes: the writer keeps them".into());
        }
    }
    if let Some(f) = deepest(gbx.header_fields(), offset)
        && HEADER_SIZES.contains(&f.name())
    {
        return Some(format!("{}: a size the writer keeps", f.name()));
    }
    let chunk = gbx
        .header
        .chunks
        .iter()
        .find(|c| c.range.contains(offset))?;
    field_refusal(gbx, chunk, offset)
}

fn body_refusal(gbx: &Gbx, offset: u64) -> Option<String> {
    let chunk = gbx
        .nodes
        .iter()
        .flat_map(|n| n.chunks.iter())
        .filter(|c| c.range.contains(offset))
        // Nested nodes' chunks lie inside their parent's: the innermost.
        .min_by_key(|c| c.range.len())?;
    if chunk.skippable {
        // id (4), "PIKS" (4), size (4), then the data.
        let size = ByteRange::at(chunk.range.start + 8, 4);
        if size.contains(offset) {
            return Some(format!(
                "the size of skippable chunk {:#010x}: the writer keeps it",
                chunk.id
            ));
        }
    }
    field_refusal(gbx, chunk, offset)
}

/// An array's count among the chunk's fields at `offset`.
fn field_refusal(gbx: &Gbx, chunk: &Chunk, offset: u64) -> Option<String> {
    let f = deepest(gbx.chunk_fields(chunk), offset)?;
    (f.name() == ARRAY_COUNT).then(|| {
        "the count of an array: delete or duplicate its records in the inspector instead"
            .to_string()
    })
}

/// The innermost field holding `offset`.
fn deepest(list: FieldList<'_>, offset: u64) -> Option<FieldRef<'_>> {
    let f = list.iter().find(|f| f.range().contains(offset))?;
    Some(deepest(f.children(), offset).unwrap_or(f))
}
