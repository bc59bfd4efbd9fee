//! One library row: what a file's header says, or why it could not be read.

use crate::gbx::access::map_info::{MapInfo, ReplayInfo};
use crate::gbx::classes::ghost;
use crate::gbx::header_scan::read_header_bytes_into;
use crate::gbx::read::body::Limits;
use crate::gbx::{Gbx, access::formatting, access::thumbnail, class_label, ghosts};
use crate::sniff::{FileKind, file_kind};
use crate::trk::elements::is_filler;
use crate::trk::metadata::{AUTR, TITL};
use crate::trk::terrain::horizon_name;
use crate::trk::validate::{Issue, Severity, validate};
use serde::Serialize;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Largest Stunts file read whole for its row (a track is 1,802 bytes plus
/// Bliss metadata; a replay adds one byte per frame).
const MAX_STUNTS_BYTES: u64 = 4 * 1024 * 1024;

/// Largest ghost file read whole for its player and time (a standalone
/// .Ghost.Gbx keeps both in its body; TM2020 ghosts are tens of KB).
const MAX_GHOST_ROW_BYTES: u64 = 4 * 1024 * 1024;

/// The facts of one file of a library. Text fields keep their `$`
/// formatting codes; the `*_plain` fields have them removed (for search and
/// sorting).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Row {
    /// The file.
    pub path: PathBuf,
    /// What the file is (from [`file_kind`]); `None` when it could not be
    /// read. Written as [`FileKind::extension`] (`"gbx"`, `"pak"`, `"trk"`,
    /// `"rpl"`; empty when `None`).
    #[serde(serialize_with = "serialize_kind")]
    pub kind: Option<FileKind>,
    /// The class: the GBX class name (`CGameCtnChallenge`, as
    /// `inspect --json`'s `class_name`), `"Stunts track"`, `"Stunts
    /// replay"` or `"NadeoPak vN"`; empty when unreadable.
    pub class: String,
    /// Map name or Bliss title, with `$` codes.
    pub name: Option<String>,
    /// [`Row::name`] without codes, or the file name when there is none.
    pub name_plain: String,
    /// Author nickname (else login) of a map, driver of a replay, Bliss
    /// author of a Stunts track, with `$` codes.
    pub author: Option<String>,
    /// [`Row::author`] without codes (empty when none).
    pub author_plain: String,
    /// Environment / collection of a map (`Stadium`, `Speed`…).
    pub collection: Option<String>,
    /// Bronze, silver, gold and author times in ms (maps); bronze, silver
    /// and gold are respawn counts when `medals_are_respawns`.
    pub medal_times_ms: [Option<u32>; 4],
    /// A Platform map: bronze, silver and gold count respawns
    /// ([`MapInfo::medals_are_respawns`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub medals_are_respawns: bool,
    /// Race time of a replay in ms.
    pub replay_time_ms: Option<u32>,
    /// Map type (`TrackMania\TM_Race`…), when stored.
    pub map_type: Option<String>,
    /// True when the header holds a thumbnail (maps).
    pub has_thumbnail: bool,
    /// File size in bytes.
    pub size_bytes: u64,
    /// Modification time in seconds since the Unix epoch, when known.
    pub modified_unix_s: Option<i64>,
    /// Stunts: the horizon's name (seed 002 "Horizon codification"), or
    /// `"horizon N"` for values above 5.
    pub horizon: Option<String>,
    /// Stunts: tiles holding an element (neither blank nor a filler).
    pub elements: Option<u32>,
    /// Stunts: [`crate::trk::validate::validate`]'s verdict, `"ok"`, `"N
    /// warnings"` or `"N errors"` (errors counted first).
    pub validation: Option<String>,
    /// Pak: format version from the plain prefix.
    pub pak_version: Option<u32>,
    /// The facts that need the body ([`super::details`]), when read.
    pub details: Option<Details>,
    /// Why the file could not be read (the other facts are then empty).
    pub error: Option<String>,
}

/// Facts read from a file's body, or from a pak's encrypted header.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Details {
    /// Maps: true when the body holds the lightmap chunk 0x0304303D with
    /// at least one frame image.
    pub has_lightmap: Option<bool>,
    /// Maps: files named `*.Gbx` (items, blocks) in the embedded ZIP (0
    /// without one).
    pub embedded_items: Option<u32>,
    /// Paks: files in the header, when it could be read (version 1–3 need
    /// their key: a `packlist.dat` in the pak's folder).
    pub pak_files: Option<u32>,
}

impl Row {
    /// The file name (last path component), lossy.
    #[must_use]
    pub fn file_name(&self) -> String {
        self.path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }
}

/// Reads the row of the file at `path`; never fails: an unreadable file is
/// a row with [`Row::error`] set.
#[must_use]
pub fn read_row(path: &Path) -> Row {
    let mut row = with_metadata(path);
    if row.error.is_none()
        && let Err(e) = fill(&mut row, path)
    {
        row.error = Some(e);
    }
    finish_names(&mut row);
    row
}

/// A row of `path` with its size and modification time (or the error of
/// reading them), nothing else filled yet.
pub(crate) fn with_metadata(path: &Path) -> Row {
    let mut row = Row {
        path: path.to_path_buf(),
        ..Row::default()
    };
    match std::fs::metadata(path) {
        Ok(meta) => {
            row.size_bytes = meta.len();
            row.modified_unix_s =
                meta.modified()
                    .ok()
                    .and_then(|t| match t.duration_since(std::time::UNIX_EPOCH) {
                        Ok(d) => i64::try_from(d.as_secs()).ok(),
                        Err(e) => i64::try_from(e.duration().as_secs()).ok().map(|s| -s),
                    });
        }
        Err(e) => row.error = Some(e.to_string()),
    }
    row
}

/// Sets a filled row's plain name (the file name when it has none) and
/// plain author.
pub(crate) fn finish_names(row: &mut Row) {
    row.name_plain = row
        .name
        .as_deref()
        .map(formatting::strip)
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| row.file_name());
    row.author_plain = row
        .author
        .as_deref()
        .map(formatting::strip)
        .unwrap_or_default();
}

/// Fills `row` from the file at `path`, opened once: its first bytes are
/// sniffed for the kind, and a .Gbx's header is read on from the same
/// handle (issue 46).
fn fill(row: &mut Row, path: &Path) -> Result<(), String> {
    let mut file = crate::sniff::input::open_regular(path).map_err(|e| e.to_string())?;
    let mut head = [0u8; 12];
    let n = read_prefix(&mut file, &mut head)?;
    if n == 0 {
        return Err("empty file (0 bytes)".into());
    }
    let kind = file_kind(&path.to_string_lossy(), &head[..n]);
    if kind == FileKind::Pak && !head.starts_with(crate::pak::header::MAGIC) {
        return Err(format!(
            "not a pak: it starts with {:02x?}, not \"NadeoPak\"",
            &head[..n.min(8)]
        ));
    }
    row.kind = Some(kind);
    match kind {
        FileKind::Gbx => {
            // The sniffed bytes are the header's first: read on after them.
            let gbx = header_gbx((&head[..n]).chain(file), Some(row.size_bytes))?;
            fill_gbx_from(row, &gbx);
            Ok(())
        }
        FileKind::Pak => {
            let version = head
                .get(8..12)
                .filter(|_| n >= 12)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
            row.pak_version = version;
            row.class = match version {
                Some(v) => format!("NadeoPak v{v}"),
                None => "NadeoPak".into(),
            };
            Ok(())
        }
        FileKind::StuntsTrack | FileKind::StuntsReplay => {
            // Read on from the sniffed bytes: the file is opened once.
            fill_stunts(row, path, kind, (&head[..n]).chain(file))
        }
    }
}

/// The word for a row's kind, as tables write [`Row::kind`]: the kind's
/// extension, empty when unknown.
#[must_use]
pub fn kind_word(kind: Option<FileKind>) -> &'static str {
    kind.map_or("", FileKind::extension)
}

#[allow(clippy::ref_option, clippy::trivially_copy_pass_by_ref)] // serde's signature
fn serialize_kind<S: serde::Serializer>(kind: &Option<FileKind>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(kind_word(*kind))
}

/// Reads the first `buf.len()` bytes of `f` (fewer at its end); returns
/// how many.
fn read_prefix(f: &mut std::fs::File, buf: &mut [u8]) -> Result<usize, String> {
    let mut n = 0;
    while n < buf.len() {
        match f.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok(n)
}

/// The header of a `.Gbx` read from `file` (positioned at its start) as a
/// [`Gbx`] of its header bytes only (the reference table and body are
/// absent, which [`Gbx::parse`] records as a problem and otherwise
/// ignores): the bytes collected without decoding, then decoded once.
/// With `row_size` (the file's size, for its library row), a standalone
/// ghost is read on ([`parse_row_gbx`]).
fn header_gbx(mut file: impl Read, row_size: Option<u64>) -> Result<Gbx, String> {
    let mut bytes = Vec::new();
    let header = read_header_bytes_into(&mut file, &mut bytes).map_err(|e| e.to_string())?;
    match row_size {
        Some(size) => parse_row_gbx(file, bytes, header.class_id, size),
        None => Gbx::parse(bytes).map_err(|e| e.to_string()),
    }
}

/// The parse a library row of a non-map `.Gbx` reads, from `header` (its
/// header bytes, class `class_id`) and `file` (the same handle, positioned
/// after them; the file is `size` bytes): the header alone, or for a
/// standalone ghost of at most [`MAX_GHOST_ROW_BYTES`] the whole file read
/// on from the handle and parsed in the runs' narrow form, as its row needs
/// its body ([`fill_gbx_from`]): its file is opened once.
///
/// # Errors
/// The header's parse error, or the I/O error reading on.
pub(crate) fn parse_row_gbx(
    file: impl Read,
    mut header: Vec<u8>,
    class_id: u32,
    size: u64,
) -> Result<Gbx, String> {
    if class_id != ghost::CLASS_ID || size > MAX_GHOST_ROW_BYTES {
        return Gbx::parse(header).map_err(|e| e.to_string());
    }
    let rest = MAX_GHOST_ROW_BYTES.saturating_sub(header.len() as u64);
    file.take(rest)
        .read_to_end(&mut header)
        .map_err(|e| e.to_string())?;
    // The ghosts narrow form (issue 46): the player and time come from the
    // chunks the runs read (`narrow_runs_are_the_runs_of_a_full_parse`).
    Gbx::parse_narrow(header, Limits::default(), &crate::toolbox::runs::RUN_CHUNKS)
        .map_err(|e| e.to_string())
}

/// Fills a .Gbx row from `gbx`, a parse of at least its header
/// ([`parse_row_gbx`]'s for a non-map): the header facts, and a standalone
/// ghost's player and race time, which its header does not hold (issue
/// 44: ghost rows showed neither), from its first ghost node when the
/// parse read the body.
pub(crate) fn fill_gbx_from(row: &mut Row, gbx: &Gbx) {
    row.kind = Some(FileKind::Gbx);
    row.class = class_label(gbx.header.class_id);
    if let Some(info) = MapInfo::read(gbx) {
        row.medals_are_respawns = info.medals_are_respawns();
        row.name = info.name;
        row.author = info
            .author_nick
            .filter(|n| !n.is_empty())
            .or(info.author_login);
        row.collection = info.environment;
        row.medal_times_ms = info.medal_times_ms;
        row.map_type = info.map_type;
        row.has_thumbnail = thumbnail::thumbnail_jpeg(gbx).is_some();
    }
    if let Some(info) = ReplayInfo::read(gbx) {
        row.author = info.driver_nick;
        row.replay_time_ms = info.time_ms;
    }
    if gbx.header.class_id == ghost::CLASS_ID
        && let Some(g) = ghosts(gbx).into_iter().next()
    {
        row.author = g.nickname.or(g.login);
        row.replay_time_ms = g.race_time_ms;
    }
}

/// Fills a Stunts row from `file`, the file at `path` from its start (at
/// most [`MAX_STUNTS_BYTES`] read, even if it grows meanwhile).
fn fill_stunts(row: &mut Row, path: &Path, kind: FileKind, file: impl Read) -> Result<(), String> {
    if row.size_bytes > MAX_STUNTS_BYTES {
        return Err(format!(
            "{} bytes: too large for a Stunts file",
            row.size_bytes
        ));
    }
    let mut data = Vec::with_capacity(usize::try_from(row.size_bytes).unwrap_or(0));
    file.take(MAX_STUNTS_BYTES)
        .read_to_end(&mut data)
        .map_err(|e| e.to_string())?;
    let name = path.to_string_lossy();
    let (track, _) = crate::trk::read_stunts_file(&name, &data).map_err(|e| e.to_string())?;
    // Named a track only once it reads as one (issue 30).
    row.class = if kind == FileKind::StuntsReplay {
        "Stunts replay".into()
    } else {
        "Stunts track".into()
    };
    if let Some(meta) = track.metadata() {
        row.name = meta.text(TITL).filter(|t| !t.is_empty());
        row.author = meta.text(AUTR).filter(|t| !t.is_empty());
    }
    row.horizon = Some(
        horizon_name(track.horizon)
            .map_or_else(|| format!("horizon {}", track.horizon), str::to_owned),
    );
    let elements = track
        .track_codes()
        .iter()
        .filter(|&&c| c != 0 && !is_filler(c))
        .count();
    row.elements = u32::try_from(elements).ok();
    row.validation = Some(verdict(&validate(&track)));
    Ok(())
}

/// `"ok"`, `"N errors"` when any issue is an error, else `"N warnings"`.
fn verdict(issues: &[Issue]) -> String {
    let errors = issues
        .iter()
        .filter(|i| i.severity == Severity::Error)
        .count();
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    match (errors, issues.len()) {
        (0, 0) => "ok".into(),
        (0, n) => plural(n, "warning"),
        (e, _) => plural(e, "error"),
    }
}

/// The stored thumbnail JPEG of the `.Gbx` at `path`, read from its header
/// only; `None` when the file cannot be read or has no thumbnail.
#[must_use]
pub fn thumbnail_jpeg(path: &Path) -> Option<Vec<u8>> {
    let gbx = header_gbx(std::fs::File::open(path).ok()?, None).ok()?;
    thumbnail::thumbnail_jpeg(&gbx).map(<[u8]>::to_vec)
}
