//! The car state a TM2020 / ManiaPlanet ghost stores beside position and
//! speed in each CSceneVehicleVis (0x0A018000) delta of its
//! CPlugEntRecordData: inputs, gear, engine, wheels and the surface under
//! each wheel.
//!
//! Every offset and scale is the one GBX.NET reads
//! (`Src/GBX.NET/Engines/Scene/CSceneVehicleVis.EntRecordDelta.cs`,
//! `Read` and the property getters); the material names are GBX.NET's
//! `MaterialId` enum (`Src/GBX.NET/Engines/Plug/CPlugSurface.chunkl`). A
//! value whose byte lies past the end of a shorter delta is `None`.
//! Wheel arrays are in GBX.NET's order front-left, front-right,
//! rear-right, rear-left.

use std::f32::consts::TAU;

/// The car state of one delta (see the module docs for the source).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct CarState {
    /// Steering input −1..1: `(steer / 255 − 0.5) × 2` of byte 14
    /// (GBX.NET `Steer`).
    pub steer: Option<f32>,
    /// Gas input 0..1: `(byte 15 + byte 18) / 255` (GBX.NET `Gas`, which
    /// adds the brake byte to its `u15`).
    pub gas: Option<f32>,
    /// Brake input 0..1: byte 18 / 255 (GBX.NET `Brake`).
    pub brake: Option<f32>,
    /// Engine speed as stored (byte 5, 0..255; GBX.NET `RPM`, unscaled).
    pub rpm: Option<u8>,
    /// Gear byte 91 as stored (GBX.NET `Gear` reads it as
    /// `(gear − 1) / 4`, see [`CarState::gear`]).
    pub gear_byte: Option<u8>,
    /// Side speed: `(u16 at byte 2 / 65536 − 0.5) × 2000` (GBX.NET
    /// `SideSpeed`, unit not stated there).
    pub side_speed: Option<f32>,
    /// Turbo time 0..1: byte 21 / 255 (GBX.NET `TurboTime`).
    pub turbo_time: Option<f32>,
    /// Turbo flag: byte 31 & 0x82 (GBX.NET `IsTurbo`).
    pub is_turbo: Option<bool>,
    /// Wheel rotation (radians, with whole turns): byte / 255 × 2π + the
    /// turn count byte × 2π, bytes 6..14 in pairs (GBX.NET `FLWheelRot`…).
    pub wheel_rotation: Option<[f32; 4]>,
    /// Suspension length: `(byte / 255 − 0.5) × 4`, bytes 23, 25, 27, 29
    /// (GBX.NET `FLDampenLen`…).
    pub dampen_len: Option<[f32; 4]>,
    /// Ground contact material per wheel, bytes 24, 26, 28, 30 (GBX.NET
    /// `FLGroundContactMaterial`…; names in [`material_name`]).
    pub ground_material: Option<[u8; 4]>,
    /// Slipping per wheel: byte 32 & 0x40 (front-left), byte 33 & 0x01,
    /// 0x04, 0x10 (front-right, rear-right, rear-left) (GBX.NET `FLSlipCoef`…).
    pub slipping: Option<[bool; 4]>,
    /// Ice on each wheel 0..1: bytes 81..85 / 255 (GBX.NET `FLIcing`…).
    pub icing: Option<[f32; 4]>,
    /// Dirt on each wheel 0..1: bytes 93, 95, 97, 99 / 255 (GBX.NET `FLDirt`…).
    pub dirt: Option<[f32; 4]>,
    /// Ground contact: byte 89 & 0x01 (GBX.NET `IsGroundContact`).
    pub ground_contact: Option<bool>,
    /// Top contact (the car's roof touches): byte 76 & 0x20 (GBX.NET
    /// `IsTopContact`).
    pub top_contact: Option<bool>,
    /// Reactor boost level 0, 1 or 2: byte 89 & 0x20 → 1, & 0x40 → 2
    /// (GBX.NET `ReactorBoostLvl`).
    pub reactor_level: Option<u8>,
    /// Wetness 0..1: byte 101 / 255 (GBX.NET `WetnessValue`).
    pub wetness: Option<f32>,
    /// Simulation time coefficient 0..1: byte 102 / 255 (GBX.NET
    /// `SimulationTimeCoef`).
    pub simulation_time_coef: Option<f32>,
}

impl CarState {
    /// Reads the state from one delta's bytes; values past its end are `None`.
    #[must_use]
    pub fn from_delta(d: &[u8]) -> Self {
        let b = |i: usize| d.get(i).copied();
        let unit = |i: usize| b(i).map(|v| f32::from(v) / 255.0);
        let four = |at: [usize; 4]| -> Option<[f32; 4]> {
            Some([unit(at[0])?, unit(at[1])?, unit(at[2])?, unit(at[3])?])
        };
        let brake = unit(18);
        Self {
            steer: unit(14).map(|v| (v - 0.5) * 2.0),
            gas: unit(15).zip(brake).map(|(g, br)| g + br),
            brake,
            rpm: b(5),
            gear_byte: b(91),
            side_speed: d
                .get(2..4)
                .map(|s| (f32::from(u16::from_le_bytes([s[0], s[1]])) / 65536.0 - 0.5) * 2000.0),
            turbo_time: unit(21),
            is_turbo: b(31).map(|v| v & 0x82 != 0),
            wheel_rotation: d.get(6..14).map(|w| {
                let turn = |k: usize| (f32::from(w[2 * k]) / 255.0 + f32::from(w[2 * k + 1])) * TAU;
                [turn(0), turn(1), turn(2), turn(3)]
            }),
            dampen_len: four([23, 25, 27, 29]).map(|v| v.map(|x| (x - 0.5) * 4.0)),
            ground_material: b(24)
                .zip(b(26))
                .zip(b(28).zip(b(30)))
                .map(|((a, b2), (c, e))| [a, b2, c, e]),
            slipping: b(32).zip(b(33)).map(|(s1, s2)| {
                [
                    s1 & 0x40 != 0,
                    s2 & 0x01 != 0,
                    s2 & 0x04 != 0,
                    s2 & 0x10 != 0,
                ]
            }),
            icing: four([81, 82, 83, 84]),
            dirt: four([93, 95, 97, 99]),
            ground_contact: b(89).map(|v| v & 0x01 != 0),
            top_contact: b(76).map(|v| v & 0x20 != 0),
            reactor_level: b(89).map(|v| {
                if v & 0x20 != 0 {
                    1
                } else if v & 0x40 != 0 {
                    2
                } else {
                    0
                }
            }),
            wetness: unit(101),
            simulation_time_coef: unit(102),
        }
    }

    /// The gear as GBX.NET reads it: `(gear byte − 1) / 4`.
    #[must_use]
    pub fn gear(&self) -> Option<f32> {
        self.gear_byte.map(|g| (f32::from(g) - 1.0) / 4.0)
    }
}

/// GBX.NET's `CPlugSurface.MaterialId` names, by id.
pub const MATERIAL_NAMES: [&str; 81] = [
    "Concrete",
    "Pavement",
    "Grass",
    "Ice",
    "Metal",
    "Sand",
    "Dirt",
    "Turbo_Deprecated",
    "DirtRoad",
    "Rubber",
    "SlidingRubber",
    "Test",
    "Rock",
    "Water",
    "Wood",
    "Danger",
    "Asphalt",
    "WetDirtRoad",
    "WetAsphalt",
    "WetPavement",
    "WetGrass",
    "Snow",
    "ResonantMetal",
    "GolfBall",
    "GolfWall",
    "GolfGround",
    "Turbo2_Deprecated",
    "Bumper_Deprecated",
    "NotCollidable",
    "FreeWheeling_Deprecated",
    "TurboRoulette_Deprecated",
    "WallJump",
    "MetalTrans",
    "Stone",
    "Player",
    "Trunk",
    "TechLaser",
    "SlidingWood",
    "PlayerOnly",
    "Tech",
    "TechArmor",
    "TechSafe",
    "OffZone",
    "Bullet",
    "TechHook",
    "TechGround",
    "TechWall",
    "TechArrow",
    "TechHook2",
    "Forest",
    "Wheat",
    "TechTarget",
    "PavementStair",
    "TechTeleport",
    "Energy",
    "TechMagnetic",
    "TurboTechMagnetic_Deprecated",
    "Turbo2TechMagnetic_Deprecated",
    "TurboWood_Deprecated",
    "Turbo2Wood_Deprecated",
    "FreeWheelingTechMagnetic_Deprecated",
    "FreeWheelingWood_Deprecated",
    "TechSuperMagnetic",
    "TechNucleus",
    "TechMagneticAccel",
    "MetalFence",
    "TechGravityChange",
    "TechGravityReset",
    "RubberBand",
    "Gravel",
    "Hack_NoGrip_Deprecated",
    "Bumper2_Deprecated",
    "NoSteering_Deprecated",
    "NoBrakes_Deprecated",
    "RoadIce",
    "RoadSynthetic",
    "Green",
    "Plastic",
    "DevDebug",
    "Free3",
    "XXX_Null",
];

/// The GBX.NET name of surface material `id`, `None` past the known ids.
#[must_use]
pub fn material_name(id: u8) -> Option<&'static str> {
    MATERIAL_NAMES.get(usize::from(id)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_gbx_net_offsets_and_scales() {
        let mut d = vec![0u8; 103];
        d[14] = 255; // full steer
        d[15] = 100;
        d[18] = 155;
        d[5] = 77;
        d[91] = 5;
        d[24] = 16; // Asphalt
        d[89] = 0x21;
        d[6] = 0;
        d[7] = 2; // two whole turns
        let s = CarState::from_delta(&d);
        assert_eq!(s.steer, Some(1.0));
        assert_eq!(s.brake, Some(155.0 / 255.0));
        assert_eq!(s.gas, Some(1.0));
        assert_eq!(s.rpm, Some(77));
        assert_eq!(s.gear(), Some(1.0));
        assert_eq!(
            s.ground_material.map(|m| material_name(m[0])),
            Some(Some("Asphalt"))
        );
        assert_eq!((s.ground_contact, s.reactor_level), (Some(true), Some(1)));
        assert!((s.wheel_rotation.unwrap()[0] - 2.0 * TAU).abs() < 1e-5);
        let short = CarState::from_delta(&d[..40]);
        assert_eq!(
            (short.gear_byte, short.icing, short.steer.is_some()),
            (None, None, true)
        );
    }
}
