//! What a file's header says about the map or replay it holds, as typed
//! values for views and forms (seed 000 "CGameCtnChallenge", seed 003
//! "0x002"–"0x008"; "CGameCtnReplayRecord" header chunk 0x03093000).
//!
//! Everything comes from the header chunks' decoded fields, read through
//! the `FIELD_*` names of [`challenge`] and [`replay`], so a renamed field
//! is a compile error here rather than an empty row in a view. Each value is `None` when its chunk or field is absent (older
//! chunk versions store fewer fields).

use crate::gbx::Gbx;
use crate::gbx::classes::{challenge, replay};
use crate::gbx::read::field_ref::FieldRef;

/// Medals of a map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Medal {
    /// Bronze.
    Bronze,
    /// Silver.
    Silver,
    /// Gold.
    Gold,
    /// Author.
    Author,
}

impl Medal {
    /// The four medals in file order.
    pub const ALL: [Self; 4] = [Self::Bronze, Self::Silver, Self::Gold, Self::Author];

    /// The decoded field's name, the same in the header chunk 0x03043002
    /// and in the parameters node (0x0305B004 / 0x0305B00A).
    #[must_use]
    pub fn field(self) -> &'static str {
        match self {
            Self::Bronze => challenge::FIELD_BRONZE_TIME,
            Self::Silver => challenge::FIELD_SILVER_TIME,
            Self::Gold => challenge::FIELD_GOLD_TIME,
            Self::Author => challenge::FIELD_AUTHOR_TIME,
        }
    }
}

/// The header facts of a map (CGameCtnChallenge header chunks).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MapInfo {
    /// Map name as stored, with `$` formatting codes (0x003 `mapName`).
    pub name: Option<String>,
    /// Map uid (0x003 map info).
    pub uid: Option<String>,
    /// Environment (collection) as text, e.g. "Stadium", or the display
    /// form of a collection number ("Stadium (id 26)") (0x003 map info).
    pub environment: Option<String>,
    /// Author login (0x003 map info `mapAuthor`).
    pub author_login: Option<String>,
    /// Author display name with `$` codes (0x008).
    pub author_nick: Option<String>,
    /// Medal values as stored, bronze to author, in [`Medal::ALL`] order
    /// (0x002, version 1 and later): times in ms, except bronze, silver and
    /// gold on Platform maps ([`MapInfo::medals_are_respawns`]), which are
    /// respawn counts. `u32::MAX` means "not set".
    pub medal_times_ms: [Option<u32>; 4],
    /// Play mode of 0x002 (version 6+): 0 race, 1 platform, 2 puzzle, 3
    /// crazy, 4 shortcut, 5 stunts, 6 script.
    pub play_mode: Option<u32>,
    /// Map type, e.g. `TrackMania\TM_Race` (0x003 version 6 and later).
    pub map_type: Option<String>,
    /// Map style (0x003 version 6 and later).
    pub map_style: Option<String>,
    /// Comments (0x007).
    pub comments: Option<String>,
}

impl MapInfo {
    /// The facts of `gbx`'s map header; `None` when the file has no
    /// "Common" header chunk 0x03043003 (it is not a map).
    #[must_use]
    pub fn read(gbx: &Gbx) -> Option<Self> {
        let common = gbx.chunk_fields(gbx.header_chunk(challenge::CHUNK_HEADER_COMMON)?);
        let map_info = common.find(challenge::FIELD_MAP_INFO);
        let in_map_info = |name: &str| map_info.and_then(|m| m.child(name)).map(FieldRef::label);
        let header_text = |chunk: u32, name: &str| {
            gbx.chunk_fields(gbx.header_chunk(chunk)?)
                .find(name)
                .and_then(FieldRef::text)
        };
        let desc = gbx
            .header_chunk(challenge::CHUNK_HEADER_DESC)
            .map(|c| gbx.chunk_fields(c));
        Some(Self {
            name: common
                .find(challenge::FIELD_MAP_NAME)
                .and_then(FieldRef::text),
            uid: in_map_info(challenge::FIELD_MAP_UID),
            environment: in_map_info(challenge::FIELD_ENVIRONMENT),
            author_login: in_map_info(challenge::FIELD_MAP_AUTHOR),
            author_nick: header_text(challenge::CHUNK_HEADER_AUTHOR, challenge::FIELD_AUTHOR_NICK),
            medal_times_ms: Medal::ALL.map(|m| {
                desc.and_then(|c| c.find(m.field()))
                    .and_then(FieldRef::time_ms)
            }),
            play_mode: desc
                .and_then(|c| c.find(challenge::FIELD_PLAY_MODE))
                .and_then(FieldRef::int)
                .map(|v| v as u32),
            map_type: common
                .find(challenge::FIELD_MAP_TYPE)
                .and_then(FieldRef::text),
            map_style: common
                .find(challenge::FIELD_MAP_STYLE)
                .and_then(FieldRef::text),
            comments: header_text(challenge::CHUNK_HEADER_THUMBNAIL, challenge::FIELD_COMMENTS),
        })
    }

    /// True when the bronze, silver and gold fields count respawns, not
    /// milliseconds: the play mode is Platform (0x002 `mode` 1), or the
    /// map type names the Platform mode (`TrackMania\TM_Platform`). Seen on
    /// the corpus: AirControl.Challenge.Gbx (TMF Platform) stores bronze
    /// 10, silver 3, gold 0 and author time 68070, and its header XML says
    /// the same (`<times bronze="10" silver="3" gold="0"
    /// authortime="68070"/>`); the author value stays a time.
    #[must_use]
    pub fn medals_are_respawns(&self) -> bool {
        self.play_mode == Some(challenge::PLAY_MODE_PLATFORM)
            || self
                .map_type
                .as_deref()
                .is_some_and(|t| t.ends_with("TM_Platform"))
    }

    /// True when `medal`'s stored value is a respawn count (bronze,
    /// silver and gold of a Platform map).
    #[must_use]
    pub fn medal_is_respawns(&self, medal: Medal) -> bool {
        medal != Medal::Author && self.medals_are_respawns()
    }

    /// `medal` as text: "1:23.456 (83456 ms)" for times, "3 respawns" for
    /// respawn counts, `None` when not stored or not set.
    #[must_use]
    pub fn medal_text(&self, medal: Medal) -> Option<String> {
        let v = self.medal_time_ms(medal).filter(|&v| v != u32::MAX)?;
        Some(if self.medal_is_respawns(medal) {
            respawns_text(v)
        } else {
            crate::gbx::read::field::format_time_ms(v)
        })
    }

    /// The stored time of `medal` in ms.
    #[must_use]
    pub fn medal_time_ms(&self, medal: Medal) -> Option<u32> {
        let i = Medal::ALL.iter().position(|m| *m == medal)?;
        self.medal_times_ms[i]
    }
}

/// "1 respawn", "3 respawns".
#[must_use]
pub fn respawns_text(n: u32) -> String {
    format!("{n} respawn{}", if n == 1 { "" } else { "s" })
}

/// The header facts of a replay (CGameCtnReplayRecord header chunk
/// 0x03093000, version 3 and later).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReplayInfo {
    /// Race time in ms (`u32::MAX`: not set).
    pub time_ms: Option<u32>,
    /// Driver nickname with `$` codes.
    pub driver_nick: Option<String>,
}

impl ReplayInfo {
    /// The facts of `gbx`'s replay header; `None` when the file has no
    /// header chunk 0x03093000.
    #[must_use]
    pub fn read(gbx: &Gbx) -> Option<Self> {
        let c = gbx.chunk_fields(gbx.header_chunk(replay::CHUNK_HEADER_VERSION)?);
        Some(Self {
            time_ms: c.find(replay::FIELD_TIME).and_then(FieldRef::time_ms),
            driver_nick: c.find(replay::FIELD_NICKNAME).and_then(FieldRef::text),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gbx::tools::sample::sample_map;

    #[test]
    fn sample_map_facts_are_read_by_name() {
        let gbx = Gbx::parse(sample_map()).unwrap();
        let info = MapInfo::read(&gbx).expect("a map");
        assert!(info.name.is_some_and(|n| !n.is_empty()));
        assert!(info.uid.is_some());
        assert!(ReplayInfo::read(&gbx).is_none());
    }
}
