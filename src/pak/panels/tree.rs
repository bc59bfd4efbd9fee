//! Pure helpers of the pak browser: the folder tree, the file filter and
//! the key text, tested without egui.

use std::path::PathBuf;

use trackbench_core::pak::{FileEntry, Folder, PakKey};

/// One node of the folder tree; node 0 is the archive root and node
/// `i + 1` is pak folder `i`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeNode {
    /// Folder index in the pak, `None` for the root.
    pub folder: Option<u32>,
    /// Display name without the trailing `\` ("(root)" for the root).
    pub name: String,
    /// Folder path with `/` separators and no trailing `/` ("" for the root).
    pub path: String,
    /// Parent node, `None` for the root.
    pub parent: Option<usize>,
    /// Child nodes, sorted by name (ASCII case-insensitive).
    pub children: Vec<usize>,
    /// Files directly in this folder.
    pub own_files: usize,
    /// Files in this folder and all folders below it.
    pub total_files: usize,
}

/// A stored folder path (`Data\Sounds\`) as shown (`Data/Sounds`).
#[must_use]
pub fn slash_folder(path: &str) -> String {
    path.replace('\\', "/").trim_end_matches('/').to_owned()
}

/// Node of the folder a file lies in (0 for root files or a bad index).
fn file_node(file: &FileEntry, node_count: usize) -> usize {
    match file.folder {
        Some(f) if (f as usize) + 1 < node_count => f as usize + 1,
        _ => 0,
    }
}

/// Builds the folder tree of a pak from its folder and file tables. A
/// parent index that does not come before its folder (the core refuses
/// those) hangs the folder under the root, so no cycle can form.
#[must_use]
pub fn build_tree(folders: &[Folder], files: &[FileEntry]) -> Vec<TreeNode> {
    let mut nodes = Vec::with_capacity(folders.len() + 1);
    nodes.push(TreeNode {
        folder: None,
        name: "(root)".into(),
        path: String::new(),
        parent: None,
        children: Vec::new(),
        own_files: 0,
        total_files: 0,
    });
    for (i, f) in folders.iter().enumerate() {
        let parent = match f.parent {
            Some(p) if (p as usize) < i => p as usize + 1,
            _ => 0,
        };
        nodes.push(TreeNode {
            folder: u32::try_from(i).ok(),
            name: slash_folder(&f.name),
            path: slash_folder(&f.path),
            parent: Some(parent),
            children: Vec::new(),
            own_files: 0,
            total_files: 0,
        });
    }
    for i in 1..nodes.len() {
        let parent = nodes[i].parent.unwrap_or(0);
        nodes[parent].children.push(i);
    }
    count_files(&mut nodes, files);
    sort_children(&mut nodes);
    nodes
}

fn count_files(nodes: &mut [TreeNode], files: &[FileEntry]) {
    for file in files {
        let start = file_node(file, nodes.len());
        nodes[start].own_files += 1;
        let mut node = Some(start);
        while let Some(n) = node {
            nodes[n].total_files += 1;
            node = nodes[n].parent;
        }
    }
}

fn sort_children(nodes: &mut [TreeNode]) {
    for i in 0..nodes.len() {
        let mut children = std::mem::take(&mut nodes[i].children);
        children.sort_by_key(|&c| nodes[c].name.to_ascii_lowercase());
        nodes[i].children = children;
    }
}

/// `subtree[n]` is true for `node` and every node below it.
#[must_use]
pub fn subtree_mask(tree: &[TreeNode], node: usize) -> Vec<bool> {
    let mut mask = vec![false; tree.len()];
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if let Some(slot) = mask.get_mut(n)
            && !*slot
        {
            *slot = true;
            stack.extend(&tree[n].children);
        }
    }
    mask
}

/// Indices of the files under tree node `node` (recursively; the root
/// holds every file) whose name contains `query`, ASCII case-insensitive
/// (an empty or blank query matches every name). Stored order.
#[must_use]
pub fn visible_files(
    tree: &[TreeNode],
    files: &[FileEntry],
    node: usize,
    query: &str,
) -> Vec<usize> {
    let mask = subtree_mask(tree, node);
    let query = query.trim().to_ascii_lowercase();
    files
        .iter()
        .enumerate()
        .filter(|(_, f)| mask.get(file_node(f, tree.len())).copied().unwrap_or(false))
        .filter(|(_, f)| query.is_empty() || f.name.to_ascii_lowercase().contains(&query))
        .map(|(i, _)| i)
        .collect()
}

/// What the key field holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyInput {
    /// Nothing typed.
    Empty,
    /// 32 hex digits (spaces allowed): a raw 16-byte key.
    Key(PakKey),
    /// Anything else: the path of a `packlist.dat` (surrounding quotes
    /// from a pasted path are dropped).
    Packlist(PathBuf),
}

/// Reads the key field: a raw key when it is 32 hex digits, else a path.
#[must_use]
pub fn parse_key_input(text: &str) -> KeyInput {
    let text = text.trim();
    if text.is_empty() {
        return KeyInput::Empty;
    }
    let digits: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if digits.len() == 32
        && digits.chars().all(|c| c.is_ascii_hexdigit())
        && let Ok(key) = PakKey::from_hex(&digits)
    {
        return KeyInput::Key(key);
    }
    let unquoted = text.trim_matches(|c| c == '"' || c == '\'');
    KeyInput::Packlist(PathBuf::from(unquoted))
}

/// True for a name the viewer opens (`.gbx`, ASCII case-insensitive).
#[must_use]
pub fn is_gbx_name(name: &str) -> bool {
    name.to_ascii_lowercase().ends_with(".gbx")
}

/// A byte count with thin grouping (`76284` -> `76 284`); exact, ASCII.
#[must_use]
pub fn group_digits(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// A Win32 FILETIME (100 ns ticks since 1601-01-01 UTC) as
/// `YYYY-MM-DD hh:mm:ss`; the raw value when before 1970.
#[must_use]
pub fn filetime_utc(filetime: u64) -> String {
    const UNIX_EPOCH_SECS: u64 = 11_644_473_600;
    let Some(secs) = (filetime / 10_000_000).checked_sub(UNIX_EPOCH_SECS) else {
        return format!("FILETIME {filetime}");
    };
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Howard Hinnant's civil_from_days, for days >= 0.
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use trackbench_core::bytes::ByteRange;

    fn folder(parent: Option<u32>, name: &str, path: &str) -> Folder {
        Folder {
            parent,
            name: name.into(),
            path: path.into(),
            range_in_header: ByteRange { start: 0, end: 0 },
        }
    }

    fn file(folder: Option<u32>, name: &str, dir: &str) -> FileEntry {
        FileEntry {
            folder,
            name: name.into(),
            path: format!("{dir}{name}"),
            unknown: 0,
            uncompressed_size: 10,
            compressed_size: 8,
            offset: 0,
            class_id: 0,
            flags: 0,
            range_in_header: ByteRange { start: 0, end: 0 },
        }
    }

    /// Data\ { Sounds\ { Music\ }, Items\ } and a root file.
    fn sample() -> (Vec<Folder>, Vec<FileEntry>) {
        let folders = vec![
            folder(None, "Data\\", "Data\\"),
            folder(Some(0), "Sounds\\", "Data\\Sounds\\"),
            folder(Some(1), "Music\\", "Data\\Sounds\\Music\\"),
            folder(Some(0), "Items\\", "Data\\Items\\"),
        ];
        let files = vec![
            file(Some(0), "readme.txt", "Data\\"),
            file(Some(2), "Theme.ogg", "Data\\Sounds\\Music\\"),
            file(Some(1), "horn.wav", "Data\\Sounds\\"),
            file(Some(3), "Car.Gbx", "Data\\Items\\"),
            file(None, "version.txt", ""),
        ];
        (folders, files)
    }

    #[test]
    fn the_tree_nests_folders_and_counts_files() {
        let (folders, files) = sample();
        let tree = build_tree(&folders, &files);
        assert_eq!(tree.len(), 5);
        assert_eq!(tree[0].children, [1]);
        assert_eq!(tree[0].total_files, 5);
        assert_eq!(tree[0].own_files, 1);
        // Children sorted by name: Items before Sounds.
        assert_eq!(tree[1].children, [4, 2]);
        assert_eq!(tree[1].total_files, 4);
        assert_eq!(tree[2].path, "Data/Sounds");
        assert_eq!(tree[2].name, "Sounds");
        assert_eq!((tree[2].own_files, tree[2].total_files), (1, 2));
        assert_eq!(tree[3].parent, Some(2));
    }

    #[test]
    fn a_forward_parent_hangs_under_the_root() {
        let folders = vec![folder(Some(1), "A\\", "A\\"), folder(Some(0), "B\\", "B\\")];
        let tree = build_tree(&folders, &[]);
        assert_eq!(tree[0].children, [1]);
        assert_eq!(tree[1].children, [2]);
        assert_eq!(subtree_mask(&tree, 1), [false, true, true]);
    }

    #[test]
    fn the_filter_takes_a_subtree_and_a_case_insensitive_name() {
        let (folders, files) = sample();
        let tree = build_tree(&folders, &files);
        assert_eq!(visible_files(&tree, &files, 0, ""), [0, 1, 2, 3, 4]);
        assert_eq!(visible_files(&tree, &files, 2, "  "), [1, 2]);
        assert_eq!(visible_files(&tree, &files, 0, "TXT"), [0, 4]);
        assert_eq!(visible_files(&tree, &files, 1, ".txt"), [0]);
        assert_eq!(visible_files(&tree, &files, 3, "horn"), Vec::<usize>::new());
        // The search is by name: a folder name does not match its files.
        assert_eq!(
            visible_files(&tree, &files, 0, "Sounds"),
            Vec::<usize>::new()
        );
    }

    #[test]
    fn key_text_is_a_key_or_a_path() {
        assert_eq!(parse_key_input("  "), KeyInput::Empty);
        let hex = "adb16d6f3252919c554a103155827fad";
        assert_eq!(
            parse_key_input(hex),
            KeyInput::Key(PakKey::from_hex(hex).unwrap())
        );
        assert_eq!(
            parse_key_input("ADB16D6F 3252919C 554A1031 55827FAD"),
            KeyInput::Key(PakKey::from_hex(hex).unwrap())
        );
        assert_eq!(
            parse_key_input("\"/games/TMNF/Packs/packlist.dat\""),
            KeyInput::Packlist(PathBuf::from("/games/TMNF/Packs/packlist.dat"))
        );
        // 31 digits is not a key.
        assert!(matches!(parse_key_input(&hex[1..]), KeyInput::Packlist(_)));
    }

    #[test]
    fn small_helpers() {
        assert!(is_gbx_name("A.Challenge.GBX"));
        assert!(!is_gbx_name("gbx.txt"));
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(139), "139");
        assert_eq!(group_digits(76_284), "76 284");
        assert_eq!(group_digits(1_234_567), "1 234 567");
        assert_eq!(slash_folder("Data\\Sounds\\"), "Data/Sounds");
        // 2013-01-01 00:00:00 UTC = unix 1356998400.
        let ft = (1_356_998_400 + 11_644_473_600) * 10_000_000;
        assert_eq!(filetime_utc(ft), "2013-01-01 00:00:00");
        assert_eq!(
            filetime_utc(ft + 86_399 * 10_000_000),
            "2013-01-01 23:59:59"
        );
        assert_eq!(filetime_utc(0), "FILETIME 0");
    }
}
