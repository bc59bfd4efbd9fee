//! Names, kinds and units of the MediaTracker timeline model: block kinds
//! by class, trigger conditions (GBX.NET `CGameCtnMediaClipGroup.ECondition`),
//! units of key values and Trackmania text formatting codes.

use crate::bytes::ByteRange;
use crate::gbx::class_label;
use crate::gbx::read::field::Value;

/// The trigger of a clip in a clip group (0x0307A000–0x0307A003).
#[derive(Debug, Clone, PartialEq)]
pub struct TriggerInfo {
    /// `triggerCondition` (0 when the chunk version has none).
    pub condition: u32,
    /// `triggerArgument` (seconds for race times, km/h for speeds).
    pub argument: f32,
    /// Trigger block coordinates (x, y, z).
    pub coords: Vec<[i32; 3]>,
    /// Bytes of the trigger record (body space).
    pub range: ByteRange,
}

impl TriggerInfo {
    /// Condition name (GBX.NET `CGameCtnMediaClipGroup.ECondition`).
    #[must_use]
    pub fn condition_name(&self) -> &'static str {
        match self.condition {
            0 => "None",
            1 => "RaceTimeLessThan",
            2 => "RaceTimeGreaterThan",
            3 => "AlreadyTriggered",
            4 => "SpeedLessThan",
            5 => "SpeedGreaterThan",
            6 => "NotAlreadyTriggered",
            7 => "MaxPlayCount",
            8 => "RandomOnce",
            9 => "Random",
            _ => "unknown",
        }
    }

    /// "None", or the condition with its argument and unit.
    #[must_use]
    pub fn describe(&self) -> String {
        let unit = match self.condition {
            1 | 2 => " s",
            4 | 5 => " km/h",
            _ => "",
        };
        match self.condition {
            0 => "None".into(),
            _ => format!("{} {}{unit}", self.condition_name(), self.argument),
        }
    }
}

/// What a block does, for colours and labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BlockKind {
    /// Cameras and camera effects.
    Camera,
    /// Image effects (colours, bloom, blur, depth of field, fog…).
    Effect,
    /// Text.
    Text,
    /// Image.
    Image,
    /// Sound and music.
    Sound,
    /// Ghosts and entities.
    Ghost,
    /// Fades.
    Transition,
    /// Time and time speed.
    Time,
    /// 2D/3D triangles.
    Triangles,
    /// Everything else.
    Other,
}

impl BlockKind {
    /// The kind of a block class, from its class name.
    #[must_use]
    pub fn of_class(class_id: u32) -> Self {
        let name = class_label(class_id);
        let has = |s: &str| name.contains(s);
        if has("Camera") && !has("FxCamera") || has("Shoot") {
            Self::Camera
        } else if has("Text") {
            Self::Text
        } else if has("Image") {
            Self::Image
        } else if has("Sound") || has("Music") {
            Self::Sound
        } else if has("Ghost") || has("Entity") {
            Self::Ghost
        } else if has("Transition") {
            Self::Transition
        } else if has("BlockTime") {
            Self::Time
        } else if has("Triangles") {
            Self::Triangles
        } else if [
            "Fx",
            "Bloom",
            "DOF",
            "ToneMapping",
            "ColorGrading",
            "DirtyLens",
            "Fog",
        ]
        .iter()
        .any(|s| has(s))
        {
            Self::Effect
        } else {
            Self::Other
        }
    }

    /// Display name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Camera => "Camera",
            Self::Effect => "Effect",
            Self::Text => "Text",
            Self::Image => "Image",
            Self::Sound => "Sound",
            Self::Ghost => "Ghost",
            Self::Transition => "Transition",
            Self::Time => "Time",
            Self::Triangles => "Triangles",
            Self::Other => "Other",
        }
    }
}

/// Unit of a key value by its field name and its value's type
/// (MediaTracker conventions: angles in radians, field of view in degrees,
/// positions and distances in metres). A `position` is in metres only as a
/// 3D vector: GBX.NET gives the same name to a 2D screen position
/// (CControlEffectSimi), which has no unit, and to a sound's 3D position
/// (CGameCtnMediaBlockSound).
#[must_use]
pub fn unit_of(name: &str, value: &Value) -> &'static str {
    let last = name.rsplit('.').next().unwrap_or(name);
    match last {
        "position" if matches!(value, Value::Vec3(_)) => "m",
        "timeStamp" | "timeValue" | "startOffset" => "s",
        "pitch" | "yaw" | "roll" | "rotation" | "longitude" | "latitude" | "pitchYawRoll"
        | "camPitchYawRoll" => "rad",
        "fov" | "camFov" => "deg",
        "cameraPosition" | "targetPosition" | "camPosition" | "radius" | "distance"
        | "distanceNear" | "distanceFar" | "nearZ" | "focusZ" | "zFocus" | "lensSize"
        | "minRenderDistance" | "maxRenderDistance" | "translation" => "m",
        _ => "",
    }
}

/// Text without Trackmania formatting codes: `$$` is a dollar, `$` and
/// three hex digits a colour, `$` and one character a style (`$i`, `$s`,
/// `$w`, `$z`…).
#[must_use]
pub fn strip_formatting(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        if c != '$' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('$') => out.push('$'),
            Some(h) if h.is_ascii_hexdigit() => {
                for _ in 0..2 {
                    it.next_if(char::is_ascii_hexdigit);
                }
            }
            _ => {}
        }
    }
    out
}
