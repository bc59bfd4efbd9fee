//! Names of the predefined collection ids (environments).
//!
//! A lookback string stored with bits 30/31 clear is a number from the
//! game's global id table (seed 000 "lookbackstring"); in environment and
//! collection fields it names a collection. The table below is transcribed
//! from GBX.NET `Resources/CollectionId.txt` (BigBang1112/gbx-net, commit
//! 71043e774ebafe68289ec650cbebfb2dad1339fc); an older revision of the same
//! list (`Src/GBX.NET/Resources/CollectionID.txt`, commit
//! 12f13ae23df2c96854622447fb4e1dc8b38b350c) gives ids 0 and 1 the older
//! names "Desert" and "Snow" as well.
//!
//! One deliberate difference: GBX.NET labels id 26 "Stadium2020" to tell it
//! from id 6; the game itself calls it "Stadium" (the `envir` attribute of
//! the header XML, chunk 0x03043005, of every Trackmania (2020) map in the
//! corpus), so that is the name shown here. The id shown beside the name
//! keeps the two apart.

/// `(id, name)` pairs, sorted by id.
pub const COLLECTIONS: &[(u32, &str)] = &[
    (0, "Speed"),
    (1, "Alpine"),
    (2, "Rally"),
    (3, "Island"),
    (4, "Bay"),
    (5, "Coast"),
    (6, "Stadium"),
    (7, "Basic"),
    (8, "Plain"),
    (9, "Moon"),
    (10, "Toy"),
    (11, "Valley"),
    (12, "Canyon"),
    (13, "Lagoon"),
    (14, "Deprecated_Arena"),
    (15, "GreenCoast"),
    (16, "RedIsland"),
    (17, "TMCommon"),
    (18, "Canyon4"),
    (19, "Canyon256"),
    (20, "Valley4"),
    (21, "Valley256"),
    (22, "Lagoon4"),
    (23, "Lagoon256"),
    (24, "Stadium4"),
    (25, "Stadium256"),
    (26, "Stadium"),
    (28, "BlueBay"),
    (29, "WhiteShore"),
    (100, "History"),
    (101, "Society"),
    (102, "Galaxy"),
    (200, "Gothic"),
    (201, "Paris"),
    (202, "Storm"),
    (203, "Cryo"),
    (204, "Meteor"),
    (205, "Meteor4"),
    (206, "Meteor256"),
    (299, "SMCommon"),
    (10000, "Vehicles"),
    (10001, "Orbital"),
    (10002, "Actors"),
    (10003, "Common"),
];

/// The name of collection id `id` ("Valley" for 11), if the table has it.
#[must_use]
pub fn collection_name(id: u32) -> Option<&'static str> {
    COLLECTIONS
        .binary_search_by_key(&id, |&(i, _)| i)
        .ok()
        .map(|i| COLLECTIONS[i].1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_names_known_ids() {
        assert!(COLLECTIONS.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(collection_name(11), Some("Valley"));
        assert_eq!(collection_name(12), Some("Canyon"));
        assert_eq!(collection_name(26), Some("Stadium"));
        assert_eq!(collection_name(10003), Some("Common"));
        assert_eq!(collection_name(27), None);
        assert_eq!(collection_name(u32::MAX), None);
    }
}
