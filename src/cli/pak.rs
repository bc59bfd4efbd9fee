//! `trackbench pak …`: list, extract and create NadeoPak v3 archives.
//!
//! The key comes from `--key HEX` or from `--packlist packlist.dat`, where
//! it is looked up by the pak's file name without extension, as the game
//! does (so a renamed pak needs `--key`).

use crate::cli::out::print_out;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use serde_json::{Value, json};
use trackbench_core::pak::crypto::hex_encode;
use trackbench_core::pak::packlist_search::packlist_candidates;
use trackbench_core::pak::tree::slash_folder;
use trackbench_core::pak::{
    self, KeySource, OpenedPak, Packlist, Pak, PakKey, PakLimits, extract, write,
};
use trackbench_core::save::save_atomic;
use trackbench_core::terminal::terminal_safe;

/// `trackbench pak` subcommands.
#[derive(Debug, Subcommand)]
pub enum PakCommand {
    /// List folders and files (sizes, class id, flags; SHA-256 with --hash).
    List {
        /// The .pak file.
        pak: PathBuf,
        #[command(flatten)]
        key: KeyArgs,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Add the SHA-256 of every decompressed payload.
        #[arg(long)]
        hash: bool,
    },
    /// Extract all files, or those matching the patterns, recreating folders.
    Extract {
        /// The .pak file.
        pak: PathBuf,
        /// Destination folder; no archive path can leave it.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        #[command(flatten)]
        key: KeyArgs,
        /// Globs over `/`-separated paths (`*`, `?`) or folder prefixes,
        /// ASCII case-insensitive; none means everything.
        patterns: Vec<String>,
    },
    /// Write the files (all, or those matching the patterns) into a ZIP
    /// archive under their pak paths, deflated.
    Zip {
        /// The .pak file.
        pak: PathBuf,
        /// OUT.zip (written atomically).
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        #[command(flatten)]
        key: KeyArgs,
        /// Globs or folder prefixes as for `extract`; none means everything.
        patterns: Vec<String>,
    },
    /// Create a v3 pak from a folder (one pak folder per directory).
    Create {
        /// Folder to pack.
        dir: PathBuf,
        /// The .pak file to write.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        /// 16-byte key as 32 hex digits.
        #[arg(long)]
        key: String,
        /// Encrypt .Gbx files with the per-node ivXor the game expects
        /// (flag bit 32 cleared) instead of plain CBC with flag bit 32.
        #[arg(long)]
        node_ivxor: bool,
    },
}

/// Where the key comes from: at most one of the two; with neither, the
/// packlist.dat beside the pak or in the game's folders above it (as the
/// app finds it).
#[derive(Debug, Args)]
#[group(required = false, multiple = false)]
pub struct KeyArgs {
    /// packlist.dat of the game; the key is found by the pak's file name
    /// (default: the one beside the pak or in the game's folders above it).
    #[arg(long)]
    packlist: Option<PathBuf>,
    /// 16-byte key as 32 hex digits.
    #[arg(long)]
    key: Option<String>,
}

/// Runs a `pak` subcommand.
pub fn run(cmd: PakCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        PakCommand::List {
            pak,
            key,
            json,
            hash,
        } => list(&pak, &key, json, hash),
        PakCommand::Extract {
            pak,
            output,
            key,
            patterns,
        } => extract_cmd(&pak, &output, &key, &patterns),
        PakCommand::Zip {
            pak,
            output,
            key,
            patterns,
        } => super::pak_zip::run(&*open_v3(&pak, &key)?, &pak, &output, &patterns),
        PakCommand::Create {
            dir,
            output,
            key,
            node_ivxor,
        } => create(&dir, &output, &key, node_ivxor),
    }
}

fn parse_key(hex: &str) -> anyhow::Result<PakKey> {
    PakKey::from_hex(hex).map_err(|e| anyhow::anyhow!("--key: {e}"))
}

/// The key source `key` names, and where it came from (for `--json`):
/// `{"kind": "key"}` or the packlist entry for the pak at `path` (name,
/// flags, key-string derivation of flag bit 0, signature check). A
/// packlist whose signature does not verify is warned about on stderr.
fn key_source(path: &Path, key: &KeyArgs) -> anyhow::Result<(KeySource, Value)> {
    match (&key.packlist, &key.key) {
        (_, Some(hex)) => Ok((KeySource::Key(parse_key(hex)?), json!({ "kind": "key" }))),
        (Some(list_path), None) => {
            let list = Packlist::open(list_path)
                .with_context(|| format!("reading {}", list_path.display()))?;
            if !list.signature_ok() {
                eprintln!(
                    "warning: {}: signature mismatch (stored {}, computed {}); the game would reject it",
                    list_path.display(),
                    hex_encode(&list.signature),
                    hex_encode(&list.computed_signature)
                );
            }
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
            let entry = stem.as_deref().and_then(|n| list.find(n));
            let described = json!({
                "kind": "packlist",
                "packlist": list_path.display().to_string(),
                "signature_ok": list.signature_ok(),
                "pack": entry.map(|e| e.name.clone()),
                "pack_flags": entry.map(|e| e.flags),
                "key_derivation": entry.map(|e| e.derivation.label()),
            });
            Ok((KeySource::Packlist(list), described))
        }
        (None, None) => {
            // As the app and the library do: the packlist.dat beside the
            // pak or in the game's folders above it (the one search,
            // `packlist_candidates`), the first naming this pack.
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
            let candidates = packlist_candidates(path);
            let names_it = |p: &PathBuf| {
                Packlist::open(p)
                    .ok()
                    .is_some_and(|l| stem.as_deref().is_some_and(|n| l.find(n).is_some()))
            };
            let Some(found) = candidates
                .iter()
                .find(|p| names_it(p))
                .or_else(|| candidates.first())
            else {
                bail!(
                    "no packlist.dat beside {} or in the game's folders above it: give \
                     --packlist FILE or --key HEX",
                    path.display()
                );
            };
            eprintln!("using {}", found.display());
            let found = KeyArgs {
                packlist: Some(found.clone()),
                key: None,
            };
            key_source(path, &found)
        }
    }
}

/// Opens the pak at `path` through the core's [`pak::open`] with the key
/// `key` names (a v6+ pak reads its header with `--key`); also says where
/// the key came from ([`key_source`]).
fn open(path: &Path, key: &KeyArgs) -> anyhow::Result<(OpenedPak, Value)> {
    let data = trackbench_core::sniff::input::read_for(path, trackbench_core::sniff::FileKind::Pak)
        .with_context(|| format!("reading {}", path.display()))?;
    let (source, described) = key_source(path, key)?;
    let opened = pak::open(data, Some(&source), path, PakLimits::default())
        .with_context(|| format!("opening {}", path.display()))?;
    Ok((opened, described))
}

/// The unlocked version 1–3 pak at `path` (extraction needs its data).
fn open_v3(path: &Path, key: &KeyArgs) -> anyhow::Result<std::sync::Arc<Pak>> {
    let (opened, _) = open(path, key)?;
    opened
        .into_pak()
        .with_context(|| format!("opening {}", path.display()))
}

fn list(path: &Path, key: &KeyArgs, as_json: bool, hash: bool) -> anyhow::Result<ExitCode> {
    let (opened, key_source) = open(path, key)?;
    if let Some(v6) = opened.v6() {
        let value = super::pak_v6::list_v6_json(v6)?;
        if as_json {
            print_out(&format!("{}\n", serde_json::to_string_pretty(&value)?))?;
        } else {
            print_out(&super::pak_v6::v6_table(&value))?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let pak = opened
        .into_pak()
        .with_context(|| format!("opening {}", path.display()))?;
    let mut value = list_json(&pak, hash)?;
    value["key_source"] = key_source;
    let cut = pak.files_past_end();
    if !cut.is_empty() {
        value["files_past_end"] = json!(cut.iter().map(|(i, _)| i).collect::<Vec<_>>());
    }
    if as_json {
        print_out(&format!("{}\n", serde_json::to_string_pretty(&value)?))?;
    } else {
        print_table(&pak, &value)?;
    }
    if hash {
        let all: Vec<usize> = (0..pak.files().len()).collect();
        if let Some(note) = extract::unverified_note(&extract::unverified_paths(&pak, &all)) {
            eprintln!("note: {}", terminal_safe(&note));
        }
    }
    if let Some(&(first, end)) = cut.first() {
        eprintln!(
            "trackbench: {} is cut: it is {} bytes long, but {} of its {} files lie past its end \
             (the first, {}, ends at byte {end}); the header MD5 covers the header only",
            path.display(),
            pak.data().len(),
            cut.len(),
            pak.files().len(),
            terminal_safe(&pak.files()[first].slash_path()),
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

fn list_json(pak: &Pak, hash: bool) -> anyhow::Result<Value> {
    let h = pak.header();
    let folders: Vec<Value> = pak
        .folders()
        .iter()
        .enumerate()
        .map(|(i, f)| {
            json!({
                "index": i,
                "parent": f.parent.map_or(-1, i64::from),
                "name": f.name,
                "path": slash_folder(&f.path),
            })
        })
        .collect();
    let mut files = Vec::with_capacity(pak.files().len());
    for (i, f) in pak.files().iter().enumerate() {
        let folder = f.folder.map_or(String::new(), |x| {
            slash_folder(&pak.folders()[x as usize].path)
        });
        let mut entry = json!({
            "index": i,
            "path": f.slash_path(),
            "folder": folder,
            "name": f.name,
            "uncompressed_size": f.uncompressed_size,
            "compressed_size": f.compressed_size,
            "offset": f.offset,
            "class_id": format!("0x{:08X}", f.class_id),
            "flags": format!("0x{:016X}", f.flags),
            "compressed": f.is_compressed(),
            "dont_use_dummy_write": f.dont_use_dummy_write(),
        });
        if hash {
            let digest = pak
                .file_sha256(i)
                .with_context(|| format!("hashing {}", f.slash_path()))?;
            entry["sha256"] = json!(hex_encode(&digest));
        }
        files.push(entry);
    }
    let mut value = json!({
        "version": h.version,
        "header_md5_ok": h.md5_ok(),
        "header_md5": hex_encode(&h.md5),
        "data_start": h.data_start,
        "gbx_headers_start": h.gbx_headers_start,
        "flags": h.flags,
        "iv_xor": h.iv_xor.map(|x| json!({
            "value": format!("0x{:016x}", x.value),
            "applied_before_plain_offset": x.applied_before_plain_offset,
        })),
        "folders": folders,
        "files": files,
    });
    match pak.metadata() {
        Ok(meta) => {
            let entries: Vec<Value> = meta
                .entries
                .iter()
                .map(|m| json!({ "file_index": m.file_index, "class_id": format!("0x{:08X}", m.class_id), "gbx_len": m.gbx_header.len() }))
                .collect();
            value["metadata"] = json!(entries);
        }
        Err(e) => {
            value["metadata"] = json!([]);
            value["metadata_error"] = json!(e.to_string());
        }
    }
    Ok(value)
}

fn print_table(pak: &Pak, value: &Value) -> anyhow::Result<()> {
    use std::fmt::Write;
    let h = pak.header();
    let mut out = String::new();
    let md5 = if h.md5_ok() { "ok" } else { "MISMATCH" };
    let (folders, files) = (pak.folders().len(), pak.files().len());
    let cut = match value["files_past_end"].as_array().map(Vec::len) {
        Some(n) => format!("  CUT: {n} files past the end"),
        None => String::new(),
    };
    writeln!(
        out,
        "NadeoPak v{}  header MD5 {md5}  {folders} folders  {files} files{cut}",
        h.version
    )?;
    writeln!(
        out,
        "{:>10} {:>10}  {:<10}  {:<18}  path",
        "size", "stored", "class id", "flags"
    )?;
    for f in value["files"].as_array().into_iter().flatten() {
        let hash = f["sha256"]
            .as_str()
            .map(|s| format!("  {s}"))
            .unwrap_or_default();
        writeln!(
            out,
            "{:>10} {:>10}  {:<10}  {:<18}  {}{hash}",
            f["uncompressed_size"].as_u64().unwrap_or(0),
            f["compressed_size"].as_u64().unwrap_or(0),
            str_of(&f["class_id"]),
            str_of(&f["flags"]),
            terminal_safe(str_of(&f["path"]))
        )?;
    }
    for m in value["metadata"].as_array().into_iter().flatten() {
        let (index, len) = (
            m["file_index"].as_u64().unwrap_or(0),
            m["gbx_len"].as_u64().unwrap_or(0),
        );
        writeln!(
            out,
            "metadata: file {index} class {} ({len} bytes)",
            str_of(&m["class_id"])
        )?;
    }
    if let Some(err) = value["metadata_error"].as_str() {
        writeln!(out, "metadata: {err}")?;
    }
    print_out(&out)
}

fn str_of(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

fn extract_cmd(
    path: &Path,
    output: &Path,
    key: &KeyArgs,
    patterns: &[String],
) -> anyhow::Result<ExitCode> {
    let pak = open_v3(path, key)?;
    let selected = extract::select(&pak, patterns);
    if selected.is_empty() && !patterns.is_empty() {
        bail!(
            "no file of {} matches {}",
            path.display(),
            patterns.join(" ")
        );
    }
    let done = extract::extract_simple(&pak, output, &selected)?;
    println!(
        "extracted {} files ({} bytes) to {}",
        done.done_files,
        done.done_bytes,
        output.display()
    );
    if let Some(note) = done.unverified_note() {
        println!("note: {}", terminal_safe(&note));
    }
    Ok(ExitCode::SUCCESS)
}

fn create(dir: &Path, output: &Path, key: &str, node_ivxor: bool) -> anyhow::Result<ExitCode> {
    let key = parse_key(key)?;
    let mut contents = write::contents_from_dir(dir)?;
    if node_ivxor {
        for f in &mut contents.files {
            f.flags &= !(1 << 32);
        }
    }
    let options = write::WriteOptions {
        gbx_node_iv_xor: node_ivxor,
    };
    let bytes = write::write_pak_v3_with(&key, &contents, options)?;
    save_atomic(output, &bytes, false).with_context(|| format!("writing {}", output.display()))?;
    println!(
        "wrote {} ({} bytes, {} folders, {} files)",
        output.display(),
        bytes.len(),
        contents.folders.len(),
        contents.files.len()
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pak list --json --hash` reproduces the sidecar's paths, sizes, class
    /// ids, flags and SHA-256 for every corpus pak, keyed through the packlist.
    #[test]
    fn list_json_matches_the_corpus_sidecars() {
        let Some(dir) =
            trackbench_testkit::corpus_dir_or_warn("list_json_matches_the_corpus_sidecars")
        else {
            return;
        };
        let dir = dir.join("pak-synthetic");
        let key = KeyArgs {
            packlist: Some(dir.join("packlist.dat")),
            key: None,
        };
        for name in ["synth_ivxor", "synth_many", "synth_meta"] {
            let pak = open_v3(&dir.join(format!("{name}.pak")), &key).unwrap();
            let got = list_json(&pak, true).unwrap();
            let text = std::fs::read_to_string(dir.join(format!("{name}.pak.json"))).unwrap();
            let want: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(got["version"], 3);
            assert_eq!(got["header_md5_ok"], true);
            let (got_files, want_files) = (
                got["files"].as_array().unwrap(),
                want["files"].as_array().unwrap(),
            );
            assert_eq!(got_files.len(), want_files.len());
            for (g, w) in got_files.iter().zip(want_files) {
                assert_eq!(
                    g["path"].as_str().unwrap(),
                    w["path"].as_str().unwrap().replace('\\', "/")
                );
                for field in [
                    "uncompressed_size",
                    "compressed_size",
                    "class_id",
                    "flags",
                    "sha256",
                    "compressed",
                    "dont_use_dummy_write",
                ] {
                    assert_eq!(g[field], w[field], "{name} {} {field}", g["path"]);
                }
            }
            let metadata: Vec<u64> = got["metadata"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["file_index"].as_u64().unwrap())
                .collect();
            let want_meta: Vec<u64> = want["metadata"]["entries"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["file_index"].as_u64().unwrap())
                .collect();
            assert_eq!(metadata, want_meta);
        }
    }
}
