//! What a block or item is for the race (start, finish, checkpoint…), from
//! its waypoint tag or its model name; used by [`super::map_contents`].

use serde::Serialize;

/// What a block or item is for the race.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Start ("Spawn" waypoint tag, or a start name, see [`Kind::classify`]).
    Start,
    /// Finish ("Goal" tag, or "Finish" in the name).
    Finish,
    /// Multilap start/finish ("StartFinish" tag, or both words / "Multilap").
    StartFinish,
    /// Checkpoint ("Checkpoint"/"LinkedCheckpoint" tag or name).
    Checkpoint,
    /// Anything else.
    Other,
}

impl Kind {
    /// Short label ("start", "checkpoint"…).
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Start => "start",
            Self::Finish => "finish",
            Self::StartFinish => "start/finish",
            Self::Checkpoint => "checkpoint",
            Self::Other => "other",
        }
    }

    /// From a waypoint tag (TM2/TM2020 CGameWaypointSpecialProperty 0x000
    /// version 2), else from the model name: "Multilap"/"StartFinish",
    /// "checkpoint" (any case), "Finish", then "StartLine" or a name ending
    /// in "Start" that is not a shape ("BiSlopeStart", "LoopStart"…).
    #[must_use]
    pub fn classify(tag: Option<&str>, name: &str) -> Self {
        match tag {
            Some("Spawn") => return Self::Start,
            Some("Goal") => return Self::Finish,
            Some("StartFinish") => return Self::StartFinish,
            Some("Checkpoint" | "LinkedCheckpoint") => return Self::Checkpoint,
            _ => {}
        }
        let has = |w: &str| name.contains(w);
        // "...SlopeStart", "...LoopStart" and the like are shapes, not starts.
        let shape_start = || {
            ["Slope", "Loop", "Ring", "Arch", "Bridge", "Wall"]
                .iter()
                .any(|w| has(w))
        };
        if has("Multilap") || has("StartFinish") {
            Self::StartFinish
        } else if contains_ignore_ascii_case(name, "checkpoint") {
            Self::Checkpoint
        } else if has("Finish") {
            Self::Finish
        } else if has("StartLine") || (name.ends_with("Start") && !shape_start()) {
            Self::Start
        } else {
            Self::Other
        }
    }
}

/// True when `name` holds `word` (ASCII) in any ASCII case: what
/// `name.to_ascii_lowercase().contains(word)` answers for a lower-case
/// `word`, without making the lower-case copy (issue 46: a summary
/// classifies each model name met).
fn contains_ignore_ascii_case(name: &str, word: &str) -> bool {
    name.as_bytes()
        .windows(word.len())
        .any(|w| w.eq_ignore_ascii_case(word.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_from_tags_and_names() {
        assert_eq!(Kind::classify(Some("Spawn"), "RoadTechStart"), Kind::Start);
        assert_eq!(Kind::classify(Some("Goal"), "X"), Kind::Finish);
        assert_eq!(
            Kind::classify(None, "StadiumRoadMainStartLine"),
            Kind::Start
        );
        assert_eq!(
            Kind::classify(None, "StadiumRoadMainFinishLine"),
            Kind::Finish
        );
        assert_eq!(
            Kind::classify(None, "StadiumRoadMainStartFinishLine"),
            Kind::StartFinish
        );
        assert_eq!(
            Kind::classify(None, "StadiumRoadMainCheckpoint"),
            Kind::Checkpoint
        );
        assert_eq!(Kind::classify(None, "StadiumGrass"), Kind::Other);
        assert_eq!(Kind::classify(None, "CHECKPOINTé"), Kind::Checkpoint);
        assert_eq!(Kind::classify(None, "Checkpoin"), Kind::Other);
        assert_eq!(
            Kind::classify(None, "AlpineRoadWoodCheckPoint"),
            Kind::Checkpoint
        );
        assert_eq!(
            Kind::classify(None, "StadiumPlatformLoopStart"),
            Kind::Other
        );
        assert_eq!(Kind::classify(None, "Road4WayStart"), Kind::Start);
    }
}
