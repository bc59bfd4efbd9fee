//! `pak list` for ManiaPlanet paks (version 6+): the unencrypted header
//! and, when it is plain or encrypted with a key given by `--key` (the
//! game's default header key, or a private pack's own key), the folder
//! tree and file table (seed 004 "Header versions 6+").

use serde_json::{Value, json};
use trackbench_core::pak::PakV6;
use trackbench_core::pak::crypto::hex_encode;
use trackbench_core::pak::header_v6::{AuthorInfo, PakInfoV6};
use trackbench_core::pak::header_v6_body::HeaderV6Body;
use trackbench_core::pak::tree::slash_folder;

fn author_json(a: &AuthorInfo) -> Value {
    json!({ "version": a.version, "login": a.login, "nick": a.nick, "zone": a.zone, "extra": a.extra })
}

fn info_json(info: &PakInfoV6) -> Value {
    json!({
        "contents_checksum": hex_encode(&info.contents_checksum),
        "header_flags": info.header_flags,
        "header_private": info.is_header_private(),
        "header_encrypted": info.is_header_encrypted(),
        "data_private": info.is_data_private(),
        "header_max_size": info.header_max_size,
        "author": info.author.as_ref().map(author_json),
        "comment": info.comment,
        "creation_build_info": info.creation_build_info,
        "author_url": info.author_url,
        "manialink_url": info.manialink_url,
        "download_url": info.download_url,
        "creation_date_filetime": info.creation_date,
        "xml": info.xml,
        "title_id": info.title_id,
        "usage_sub_dir": info.usage_sub_dir,
        "included_packs": info.included_packs.iter().map(|p| json!({
            "name": p.name,
            "contents_checksum": hex_encode(&p.contents_checksum),
            "author": author_json(&p.author),
            "include_depth": p.include_depth,
        })).collect::<Vec<_>>(),
    })
}

fn body_json(body: &HeaderV6Body) -> Value {
    let folders: Vec<Value> = body
        .folders
        .iter()
        .enumerate()
        .map(|(i, f)| {
            json!({ "index": i, "parent": f.parent.map_or(-1, i64::from), "name": f.name, "path": slash_folder(&f.path) })
        })
        .collect();
    let files: Vec<Value> = body
        .files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let e = &f.entry;
            json!({
                "index": i,
                "path": e.slash_path(),
                "folder": e.folder.map_or(String::new(), |x| slash_folder(&body.folders[x as usize].path)),
                "name": e.name,
                "uncompressed_size": e.uncompressed_size,
                "compressed_size": e.compressed_size,
                "offset": e.offset,
                "class_id": format!("0x{:08X}", e.class_id),
                "flags": format!("0x{:016X}", e.flags),
                "size": f.size,
                "checksum": f.checksum.map(|c| hex_encode(&c)),
            })
        })
        .collect();
    json!({
        "encrypted": body.encrypted,
        "checksum": hex_encode(&body.checksum),
        "checksum_is_md5": body.checksum_is_md5(),
        "gbx_headers_start": body.gbx_headers_start,
        "data_start": body.data_start,
        "gbx_headers_size": body.gbx_headers_size,
        "gbx_headers_compr_size": body.gbx_headers_compr_size,
        "file_size": body.file_size,
        "flags": body.flags,
        "iv_xor": body.iv_xor.map(|x| format!("0x{:016x}", x.value)),
        "folders": folders,
        "files": files,
    })
}

/// JSON of a v6+ pak opened by `trackbench_core::pak::open`: `version`,
/// `info_v6`, and `folders`/`files` from the second header part when it
/// could be read, else `header_error`.
///
/// # Errors
/// When the unencrypted header itself cannot be read.
pub fn list_v6_json(v6: &PakV6) -> anyhow::Result<Value> {
    let info = v6.info().map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut value = json!({ "version": info.version, "info_v6": info_json(info) });
    match v6.header() {
        None => {}
        Some(Ok(body)) => {
            let b = body_json(body);
            value["folders"] = b["folders"].clone();
            value["files"] = b["files"].clone();
            value["header"] = b;
            if let Some(h) = value["header"].as_object_mut() {
                h.remove("folders");
                h.remove("files");
            }
        }
        Some(Err(e)) => value["header_error"] = json!(e.to_string()),
    }
    Ok(value)
}

/// Plain-text summary of [`list_v6_json`]'s value.
#[must_use]
pub fn v6_table(value: &Value) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let info = &value["info_v6"];
    let _ = writeln!(
        out,
        "NadeoPak v{} (ManiaPlanet)  header flags {}  author {}",
        value["version"], info["header_flags"], info["author"]["login"]
    );
    if let Some(err) = value["header_error"].as_str() {
        let _ = writeln!(out, "folders and files not read: {err}");
    }
    for f in value["files"].as_array().into_iter().flatten() {
        let _ = writeln!(
            out,
            "{:>10} {:>10}  {}  {}  {}",
            f["uncompressed_size"],
            f["compressed_size"],
            f["class_id"].as_str().unwrap_or(""),
            f["flags"].as_str().unwrap_or(""),
            trackbench_core::terminal::terminal_safe(f["path"].as_str().unwrap_or(""))
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use trackbench_core::bytes::ByteWriter;
    use trackbench_core::pak::{PakLimits, open};

    fn string(w: &mut ByteWriter, s: &str) {
        w.u32(s.len() as u32);
        w.bytes(s.as_bytes());
    }

    /// A version 6 pak with a plain second header part (flags 0; seed 004).
    fn plain_v6() -> Vec<u8> {
        let mut w = ByteWriter::new();
        w.bytes(b"NadeoPak");
        w.u32(6);
        w.bytes(&[0xCD; 32]);
        w.u32(0);
        w.bytes(&[0; 16]);
        for v in [900, 300, 4, 12] {
            w.u32(v);
        }
        w.bytes(&[0; 16]);
        w.u32(0);
        for s in ["login", "nick", "zone", ""] {
            string(&mut w, s);
        }
        w.u32(0); // flags
        w.u32(1);
        w.i32(-1);
        string(&mut w, "Skins\\");
        w.u32(1);
        w.i32(0);
        string(&mut w, "a.dds");
        for v in [0, 10, 10, 0, 0x0902_4000] {
            w.u32(v);
        }
        w.u64(1 << 50);
        w.into_inner()
    }

    #[test]
    fn a_plain_v6_header_lists_its_files_without_a_key() {
        let path = std::path::Path::new("plain6.pak");
        let opened = open(plain_v6(), None, path, PakLimits::default()).unwrap();
        let value = list_v6_json(opened.v6().unwrap()).unwrap();
        assert_eq!(value["version"], 6);
        assert_eq!(value["info_v6"]["header_encrypted"], false);
        assert_eq!(value["header"]["data_start"], 300);
        assert_eq!(value["header"]["gbx_headers_start"], 900);
        assert_eq!(value["folders"][0]["path"], "Skins");
        assert_eq!(value["files"][0]["path"], "Skins/a.dds");
        assert_eq!(value["files"][0]["class_id"], "0x09024000");
        assert_eq!(value["files"][0]["flags"], "0x0004000000000000");
        assert!(value.get("header_error").is_none());
        assert!(v6_table(&value).contains("Skins/a.dds"));
    }
}
