//! The model as binary glTF 2.0 (`.glb`): one node and mesh per object,
//! one primitive per material, positions, normals and (when present) UVs
//! as float accessors, indices as u32; the JSON side is built with the
//! gltf-rs project's `gltf-json` structures.
//!
//! Axes and units: glTF is Y-up in metres, as the game is, so the
//! coordinates go out unchanged and a `.glb` opens upright in Blender.
//! Materials carry their name and a colour derived from it (no textures).

use super::{Model, Object};
use gltf_json as json;
use json::validation::Checked::Valid;
use json::validation::USize64;
use std::collections::BTreeMap;

/// GLB magic "glTF", container version 2, chunk types "JSON" and "BIN\0".
const MAGIC: u32 = 0x4654_6C67;
const JSON_CHUNK: u32 = 0x4E4F_534A;
const BIN_CHUNK: u32 = 0x004E_4942;

/// Why a model could not be written.
#[derive(Debug, thiserror::Error)]
pub enum GltfError {
    /// Nothing to export.
    #[error("the file holds no geometry to export")]
    Empty,
    /// Past glTF's 32-bit sizes.
    #[error("the model is too large for one glTF buffer")]
    TooLarge,
    /// The JSON could not be written.
    #[error("glTF JSON: {0}")]
    Json(String),
}

/// The model as a `.glb` file.
///
/// # Errors
/// [`GltfError::Empty`] without triangles, [`GltfError::TooLarge`] past
/// 4 GiB.
pub fn to_glb(model: &Model) -> Result<Vec<u8>, GltfError> {
    if model.is_empty() {
        return Err(GltfError::Empty);
    }
    let mut w = Writer::default();
    for m in &model.materials {
        let material = json::Material {
            name: Some(m.name.clone()),
            double_sided: true,
            pbr_metallic_roughness: json::material::PbrMetallicRoughness {
                base_color_factor: json::material::PbrBaseColorFactor(colour_of(&m.name)),
                metallic_factor: json::material::StrengthFactor(0.0),
                roughness_factor: json::material::StrengthFactor(0.8),
                ..Default::default()
            },
            ..Default::default()
        };
        w.root.push(material);
    }
    let mut nodes = Vec::new();
    for o in model.objects.iter().filter(|o| o.triangle_count() > 0) {
        let mesh = w.object(o)?;
        nodes.push(w.root.push(json::Node {
            mesh: Some(mesh),
            name: Some(format!("{} / {}", o.group, o.name)),
            ..Default::default()
        }));
    }
    let scene = w.root.push(json::Scene {
        extensions: None,
        extras: Default::default(),
        name: Some("trackbench export".into()),
        nodes,
    });
    w.root.scene = Some(scene);
    w.finish()
}

#[derive(Default)]
struct Writer {
    root: json::Root,
    bin: Vec<u8>,
}

impl Writer {
    /// Appends `bytes` as a buffer view (4-byte aligned).
    fn view(
        &mut self,
        bytes: &[u8],
        target: json::buffer::Target,
    ) -> Result<json::Index<json::buffer::View>, GltfError> {
        let offset = self.bin.len();
        self.bin.extend_from_slice(bytes);
        while !self.bin.len().is_multiple_of(4) {
            self.bin.push(0);
        }
        if self.bin.len() > u32::MAX as usize {
            return Err(GltfError::TooLarge);
        }
        Ok(self.root.push(json::buffer::View {
            buffer: json::Index::new(0),
            byte_length: USize64::from(bytes.len()),
            byte_offset: Some(USize64::from(offset)),
            byte_stride: None,
            name: None,
            target: Some(Valid(target)),
            extensions: None,
            extras: Default::default(),
        }))
    }

    /// A float accessor of `n`-component vectors, with min/max.
    fn floats<const N: usize>(
        &mut self,
        data: &[[f32; N]],
        bounds: bool,
    ) -> Result<json::Index<json::Accessor>, GltfError> {
        let bytes: Vec<u8> = data
            .iter()
            .flatten()
            .flat_map(|f| f.to_le_bytes())
            .collect();
        let view = self.view(&bytes, json::buffer::Target::ArrayBuffer)?;
        let (min, max) = if bounds {
            let mut lo = [f32::MAX; N];
            let mut hi = [f32::MIN; N];
            for v in data {
                for i in 0..N {
                    lo[i] = lo[i].min(v[i]);
                    hi[i] = hi[i].max(v[i]);
                }
            }
            (
                Some(json::Value::from(lo.to_vec())),
                Some(json::Value::from(hi.to_vec())),
            )
        } else {
            (None, None)
        };
        let type_ = match N {
            2 => json::accessor::Type::Vec2,
            _ => json::accessor::Type::Vec3,
        };
        Ok(self.accessor(
            view,
            data.len(),
            json::accessor::ComponentType::F32,
            type_,
            min,
            max,
        ))
    }

    fn accessor(
        &mut self,
        view: json::Index<json::buffer::View>,
        count: usize,
        component: json::accessor::ComponentType,
        type_: json::accessor::Type,
        min: Option<json::Value>,
        max: Option<json::Value>,
    ) -> json::Index<json::Accessor> {
        self.root.push(json::Accessor {
            buffer_view: Some(view),
            byte_offset: None,
            count: USize64::from(count),
            component_type: Valid(json::accessor::GenericComponentType(component)),
            extensions: None,
            extras: Default::default(),
            type_: Valid(type_),
            min,
            max,
            name: None,
            normalized: false,
            sparse: None,
        })
    }

    /// One mesh for `o`: shared vertex accessors, a primitive per submesh.
    fn object(&mut self, o: &Object) -> Result<json::Index<json::Mesh>, GltfError> {
        let positions = self.floats(&o.positions, true)?;
        let normals = self.floats(&o.normals, false)?;
        let uvs = if o.uvs.len() == o.positions.len() {
            Some(self.floats(&o.uvs, false)?)
        } else {
            None
        };
        let mut primitives = Vec::new();
        for s in o.submeshes.iter().filter(|s| !s.triangles.is_empty()) {
            let bytes: Vec<u8> = s
                .triangles
                .iter()
                .flatten()
                .flat_map(|i| i.to_le_bytes())
                .collect();
            let view = self.view(&bytes, json::buffer::Target::ElementArrayBuffer)?;
            let indices = self.accessor(
                view,
                s.triangles.len() * 3,
                json::accessor::ComponentType::U32,
                json::accessor::Type::Scalar,
                None,
                None,
            );
            let mut attributes = BTreeMap::new();
            attributes.insert(Valid(json::mesh::Semantic::Positions), positions);
            attributes.insert(Valid(json::mesh::Semantic::Normals), normals);
            if let Some(uv) = uvs {
                attributes.insert(Valid(json::mesh::Semantic::TexCoords(0)), uv);
            }
            primitives.push(json::mesh::Primitive {
                attributes,
                extensions: None,
                extras: Default::default(),
                indices: Some(indices),
                material: s.material.map(|m| json::Index::new(m as u32)),
                mode: Valid(json::mesh::Mode::Triangles),
                targets: None,
            });
        }
        Ok(self.root.push(json::Mesh {
            extensions: None,
            extras: Default::default(),
            name: Some(o.name.clone()),
            primitives,
            weights: None,
        }))
    }

    /// The GLB container: header, JSON chunk (space-padded), BIN chunk.
    fn finish(mut self) -> Result<Vec<u8>, GltfError> {
        self.root.buffers.push(json::Buffer {
            byte_length: USize64::from(self.bin.len()),
            name: None,
            uri: None,
            extensions: None,
            extras: Default::default(),
        });
        self.root.asset.generator = Some(format!("trackbench {}", env!("CARGO_PKG_VERSION")));
        let mut text = self
            .root
            .to_vec()
            .map_err(|e| GltfError::Json(e.to_string()))?;
        while text.len() % 4 != 0 {
            text.push(b' ');
        }
        let total = 12 + 8 + text.len() + 8 + self.bin.len();
        let total = u32::try_from(total).map_err(|_| GltfError::TooLarge)?;
        let mut out = Vec::with_capacity(total as usize);
        for v in [MAGIC, 2, total, text.len() as u32, JSON_CHUNK] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&text);
        out.extend_from_slice(&(self.bin.len() as u32).to_le_bytes());
        out.extend_from_slice(&BIN_CHUNK.to_le_bytes());
        out.extend_from_slice(&self.bin);
        Ok(out)
    }
}

/// A stable, light colour for a material name (so materials differ in a
/// viewer without textures), RGBA.
#[must_use]
pub fn colour_of(name: &str) -> [f32; 4] {
    let h = name.bytes().fold(0x811C_9DC5u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    let channel = |shift: u32| 0.45 + f32::from(((h >> shift) & 0xFF) as u8) / 255.0 * 0.5;
    [channel(0), channel(8), channel(16), 1.0]
}
