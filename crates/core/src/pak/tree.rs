//! The folder tree of a pak as a browser shows it, built from the folder
//! table (seed 004 `FolderDesc`: a parent index, -1 for a root folder, and
//! a name ending with `\`) and the file table (`FileDesc`: the folder
//! index of each file), and the files visible under a folder.

use super::header::{FileEntry, Folder};

/// One node of a [`FolderTree`]; node 0 is the archive root and node
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

/// The folder tree of a pak: node 0 is the root, node `i + 1` pak folder
/// `i` ([`TreeNode`]). Empty (no node at all) for a pak not yet read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FolderTree {
    nodes: Vec<TreeNode>,
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

impl FolderTree {
    /// Builds the tree from a pak's folder and file tables. A parent index
    /// that does not come before its folder (the header reader refuses
    /// those) hangs the folder under the root, so no cycle can form.
    #[must_use]
    pub fn build(folders: &[Folder], files: &[FileEntry]) -> Self {
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
        Self { nodes }
    }

    /// Every node, root first.
    #[must_use]
    pub fn nodes(&self) -> &[TreeNode] {
        &self.nodes
    }

    /// Node `index`, if there is one.
    #[must_use]
    pub fn node(&self, index: usize) -> Option<&TreeNode> {
        self.nodes.get(index)
    }

    /// Number of nodes (folders + 1 for the root; 0 for an empty tree).
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True for the tree of a pak not yet read.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// `mask[n]` is true for `node` and every node below it.
    #[must_use]
    pub fn subtree_mask(&self, node: usize) -> Vec<bool> {
        let mut mask = vec![false; self.nodes.len()];
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            if let Some(slot) = mask.get_mut(n)
                && !*slot
            {
                *slot = true;
                stack.extend(&self.nodes[n].children);
            }
        }
        mask
    }

    /// Indices of the `files` under node `node` (recursively; the root
    /// holds every file) whose name contains `query`, ASCII
    /// case-insensitive (an empty or blank query matches every name; the
    /// search is by name, not by folder). Stored order.
    #[must_use]
    pub fn files_under(&self, files: &[FileEntry], node: usize, query: &str) -> Vec<usize> {
        let mask = self.subtree_mask(node);
        let query = query.trim().to_ascii_lowercase();
        files
            .iter()
            .enumerate()
            .filter(|(_, f)| {
                mask.get(file_node(f, self.nodes.len()))
                    .copied()
                    .unwrap_or(false)
            })
            .filter(|(_, f)| query.is_empty() || f.name.to_ascii_lowercase().contains(&query))
            .map(|(i, _)| i)
            .collect()
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::ByteRange;

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
        let tree = FolderTree::build(&folders, &files);
        let tree = tree.nodes();
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
        let tree = FolderTree::build(&folders, &[]);
        assert_eq!(tree.nodes()[0].children, [1]);
        assert_eq!(tree.nodes()[1].children, [2]);
        assert_eq!(tree.subtree_mask(1), [false, true, true]);
    }

    #[test]
    fn the_filter_takes_a_subtree_and_a_case_insensitive_name() {
        let (folders, files) = sample();
        let tree = FolderTree::build(&folders, &files);
        assert_eq!(tree.files_under(&files, 0, ""), [0, 1, 2, 3, 4]);
        assert_eq!(tree.files_under(&files, 2, "  "), [1, 2]);
        assert_eq!(tree.files_under(&files, 0, "TXT"), [0, 4]);
        assert_eq!(tree.files_under(&files, 1, ".txt"), [0]);
        assert_eq!(tree.files_under(&files, 3, "horn"), Vec::<usize>::new());
        // The search is by name: a folder name does not match its files.
        assert_eq!(tree.files_under(&files, 0, "Sounds"), Vec::<usize>::new());
    }

    #[test]
    fn stored_folder_paths_are_shown_with_slashes() {
        assert_eq!(slash_folder("Data\\Sounds\\"), "Data/Sounds");
    }
}
