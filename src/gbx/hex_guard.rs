//! Where the hex view's overwrite mode refuses to type: bytes that are a
//! size or count the writer (or the records editor) keeps in step with
//! the data, and file bytes that are the stored body (the writer rebuilds
//! them from the decompressed body). Everything else may be overwritten;
//! the edit is then re-read, and refused when the file would read back
//! less far (`GbxDocument::apply`).

use trackbench_core::bytes::{ByteRange, Space};
use trackbench_core::edit::FieldLoc;
use trackbench_core::edit::records::array_info;
use trackbench_core::gbx::read::field::ARRAY_COUNT;
use trackbench_core::gbx::{Chunk, ChunkRef, FieldList, FieldRef, Gbx};

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
    if let Some(f) = deepest(gbx.header_fields(), offset, &mut Vec::new())
        && HEADER_SIZES.contains(&f.name())
    {
        return Some(format!("{}: a size the writer keeps", f.name()));
    }
    let (n, chunk) =
        (gbx.header.chunks.iter().enumerate()).find(|(_, c)| c.range.contains(offset))?;
    field_refusal(gbx, ChunkRef::Header(n), chunk, offset)
}

fn body_refusal(gbx: &Gbx, offset: u64) -> Option<String> {
    let (chunk_ref, chunk) = gbx
        .nodes
        .iter()
        .enumerate()
        .flat_map(|(node, n)| {
            n.chunks
                .iter()
                .enumerate()
                .map(move |(i, c)| (ChunkRef::Body { node, chunk: i }, c))
        })
        .filter(|(_, c)| c.range.contains(offset))
        // Nested nodes' chunks lie inside their parent's: the innermost.
        .min_by_key(|(_, c)| c.range.len())?;
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
    field_refusal(gbx, chunk_ref, chunk, offset)
}

/// An array's count among the chunk's fields at `offset`: a `count`
/// child of an array, or the integer just before an array that counts it
/// (`numBlocks`; the core's `records::array_info` knows which).
fn field_refusal(gbx: &Gbx, chunk_ref: ChunkRef, chunk: &Chunk, offset: u64) -> Option<String> {
    let mut path = Vec::new();
    let f = deepest(gbx.chunk_fields(chunk), offset, &mut path)?;
    let loc = FieldLoc {
        chunk: chunk_ref,
        path,
    };
    let next = loc.path.last().map(|i| {
        let mut p = loc.path.clone();
        *p.last_mut().unwrap_or(&mut 0) = i + 1;
        FieldLoc {
            chunk: chunk_ref,
            path: p,
        }
    });
    let parent = FieldLoc {
        chunk: chunk_ref,
        path: loc.path[..loc.path.len().saturating_sub(1)].to_vec(),
    };
    let counts = |array: &FieldLoc| array_info(gbx, array).is_some_and(|a| a.count == loc);
    let is_count =
        (f.name() == ARRAY_COUNT && counts(&parent)) || next.as_ref().is_some_and(counts);
    is_count.then(|| {
        format!(
            "{}: the count of an array; delete or duplicate its records in the inspector instead",
            f.name()
        )
    })
}

/// The innermost field holding `offset`; `path` receives its child
/// positions.
fn deepest<'a>(list: FieldList<'a>, offset: u64, path: &mut Vec<usize>) -> Option<FieldRef<'a>> {
    let (i, f) = list
        .iter()
        .enumerate()
        .find(|(_, f)| f.range().contains(offset))?;
    path.push(i);
    Some(deepest(f.children(), offset, path).unwrap_or(f))
}
