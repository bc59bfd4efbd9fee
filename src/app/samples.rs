//! Built-in samples one click away on the welcome view and in File ›
//! Samples: one of each kind the app opens, each made at the click by our
//! own writers (never a corpus file) and opened in its main view.
//!
//! No replay, ghost or item sample: our writers only re-encode a ghost or
//! an item taken from an existing file (`toolbox::ghost_file`, the items
//! ZIP edits); none writes ghost samples, inputs or a mesh from scratch.
//!
//! Data only: the app opens one with `TrackbenchApp::open_sample`
//! (`app/open_sample.rs`).

use crate::gbx::view::CentralView;
use trackbench_core::gbx::tools::{sample::sample_map, sample_mp::sample_mp_map};
use trackbench_core::pak::PakKey;
use trackbench_core::pak::write::{NewFile, NewFolder, PakContents, write_pak_v3};
use trackbench_core::trk::{TerrainPreset, TilePos, Track};

/// Where a sample opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opens {
    /// The view its kind opens in (the Stunts editor, a map's hex view).
    AsRead,
    /// This central view of a .Gbx.
    Gbx(CentralView),
    /// The pak browser, unlocked with this key (32 hex digits).
    PakWithKey(&'static str),
}

/// A built-in sample.
pub struct Sample {
    /// Button label.
    pub name: &'static str,
    /// The tab's title; its extension tells the file's kind.
    pub title: &'static str,
    /// Tooltip.
    pub description: &'static str,
    /// Produces the file bytes.
    pub build: fn() -> Vec<u8>,
    /// Where it opens.
    pub opens: Opens,
}

/// The sample pak's key (a raw 16-byte key as 32 hex digits, typed into
/// the pak browser's key field by [`Opens::PakWithKey`]).
pub const SAMPLE_PAK_KEY: &str = "7472 6163 6b62 656e 6368 2073 616d 706c";

/// The sample pak's files (folder, name): the ManiaPlanet-style map, the
/// Stunts track and a note whose name holds an emoji.
pub const SAMPLE_PAK_FILES: [(Option<u32>, &str); 3] = [
    (Some(0), "trackbench sample.Map.Gbx"),
    (Some(1), "trackbench sample.trk"),
    (None, "🚗 read me.txt"),
];

/// Every built-in sample.
pub static SAMPLES: &[Sample] = &[
    Sample {
        name: "Sample map (TMF-style .Challenge.Gbx)",
        title: "Sample map (TMF-style .Challenge.Gbx)",
        description: "A three-block Stadium map with thumbnail, medal times and header XML, \
                      written by trackbench's GBX writer",
        build: sample_map,
        opens: Opens::AsRead,
    },
    Sample {
        name: "Sample map with items and metadata (ManiaPlanet-style .Map.Gbx)",
        title: "trackbench sample.Map.Gbx",
        description: "Six road blocks, three items and three script metadata traits, \
                      written by trackbench's GBX writer; opens in Blocks & items",
        build: sample_mp_map,
        opens: Opens::Gbx(CentralView::Contents),
    },
    Sample {
        name: "Sample Stunts track with terrain (.trk)",
        title: "trackbench sample.trk",
        description: "A one-lap loop beside a hill plateau, written by trackbench's \
                      Stunts writer; opens in the editor, ready to paint",
        build: stunts_track,
        opens: Opens::AsRead,
    },
    Sample {
        name: "Sample pak with its key (.pak)",
        title: "trackbench sample.pak",
        description: "A version 3 pak holding the samples above and a note, written by \
                      trackbench's pak writer; opens unlocked with its key",
        build: sample_pak,
        opens: Opens::PakWithKey(SAMPLE_PAK_KEY),
    },
];

/// The Stunts sample: the "Hill plateau" terrain preset and a closed loop
/// of paved road north of it (sharp corners, a start/finish line heading
/// north on its west side; codes from seed 002 "Track codification").
#[must_use]
pub fn stunts_track() -> Vec<u8> {
    let mut t = Track::new();
    for (i, code) in TerrainPreset::Plateau.codes().into_iter().enumerate() {
        if let Some(p) = TilePos::from_index(i) {
            t.set_terrain_code(p, code);
        }
    }
    let (west, east, north, south) = (3, 12, 3, 7);
    let mut set = |x: i32, y: i32, code: u8| {
        if let Some(p) = TilePos::new(x, y) {
            t.set_track_code(p, code);
        }
    };
    for x in west + 1..east {
        set(x, north, 0x05); // paved road, east-west
        set(x, south, 0x05);
    }
    for y in north + 1..south {
        set(west, y, 0x04); // paved road, north-south
        set(east, y, 0x04);
    }
    set(west, (north + south) / 2, 0x01); // start/finish, heading north
    set(west, north, 0x06); // sharp corners: south-east,
    set(east, north, 0x07); // west-south,
    set(west, south, 0x08); // north-east,
    set(east, south, 0x09); // west-north
    t.to_bytes().unwrap_or_default()
}

/// The pak sample: [`SAMPLE_PAK_FILES`] in a version 3 pak encrypted with
/// [`SAMPLE_PAK_KEY`].
#[must_use]
pub fn sample_pak() -> Vec<u8> {
    let Ok(key) = PakKey::from_hex(SAMPLE_PAK_KEY) else {
        return Vec::new();
    };
    let data: [(u32, Vec<u8>); 3] = [
        (0x0304_3000, sample_mp_map()),
        (0, stunts_track()),
        (0x0904_1000, "Made by trackbench's own pak writer.\n".into()),
    ];
    let files = SAMPLE_PAK_FILES
        .iter()
        .zip(data)
        .map(|(&(folder, name), (class_id, data))| NewFile {
            folder,
            name: name.into(),
            class_id,
            flags: 0,
            unknown: 0,
            data,
        })
        .collect();
    let folder = |name: &str| NewFolder {
        parent: None,
        name: name.into(),
    };
    let contents = PakContents {
        folders: vec![folder("Maps\\"), folder("Tracks\\")],
        files,
        metadata: Vec::new(),
        flags: 0,
    };
    write_pak_v3(&key, &contents).unwrap_or_default()
}
