//! Where a game keeps the packlist.dat of a pak (issue 17): the games
//! install their paks in `GameData/Packs/` beside `packlist.dat`, and a user
//! often copies a pak elsewhere with the packlist beside it, or opens one a
//! folder or two below the game's folder.

use std::path::{Path, PathBuf};

/// File names tried in each folder (case matters on Linux; the games write
/// the first).
const NAMES: [&str; 2] = ["packlist.dat", "PackList.dat"];

/// Folders above the pak's own that are searched.
const LEVELS_UP: usize = 3;

/// The places a packlist.dat for the pak at `pak_path` may be, nearest
/// first: the pak's folder, its `Packs/` sub-folder, then each parent folder
/// (up to three) and its `Packs/` and `GameData/Packs/` sub-folders. Only
/// paths that exist as files are returned, without repeats.
#[must_use]
pub fn packlist_candidates(pak_path: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = Vec::new();
    let mut dir = pak_path.parent();
    for _ in 0..=LEVELS_UP {
        let Some(d) = dir else { break };
        for sub in [d.to_path_buf(), d.join("Packs"), d.join("GameData/Packs")] {
            for name in NAMES {
                let p = sub.join(name);
                if p.is_file() && !found.contains(&p) {
                    found.push(p);
                }
            }
        }
        dir = d.parent();
    }
    found
}

#[cfg(test)]
mod tests {
    use super::packlist_candidates;

    #[test]
    fn finds_the_packlist_beside_the_pak_and_in_packs_above_it() {
        let root = tempfile::tempdir().unwrap();
        let game = root.path().join("TmForever");
        let packs = game.join("GameData/Packs");
        let copies = game.join("copies/deep");
        std::fs::create_dir_all(&packs).unwrap();
        std::fs::create_dir_all(&copies).unwrap();
        std::fs::write(packs.join("packlist.dat"), b"x").unwrap();
        // Beside the pak itself.
        assert_eq!(
            packlist_candidates(&packs.join("Stadium.pak")),
            vec![packs.join("packlist.dat")]
        );
        // Two folders below the game's folder: found in GameData/Packs.
        assert_eq!(
            packlist_candidates(&copies.join("Stadium.pak")),
            vec![packs.join("packlist.dat")]
        );
        // A nearer one comes first.
        std::fs::write(copies.join("packlist.dat"), b"y").unwrap();
        let found = packlist_candidates(&copies.join("Stadium.pak"));
        assert_eq!(found.first(), Some(&copies.join("packlist.dat")));
        assert!(packlist_candidates(&root.path().join("none.pak")).is_empty());
    }
}
