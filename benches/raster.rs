//! The 3D preview's CPU depth raster (issue 31, criterion): what one frame
//! of the 3D tab costs when the camera changes. The model is the largest
//! mesh of the corpus, an embedded item of 20,326 triangles in the TM2020
//! map `Niepodlegli (ft mime).Map.Gbx`, seen from the fitted camera.
//!
//! * `full_WxH`: a still frame at the window's full pixel size;
//! * `moving_WxH`: the half-resolution frame drawn while a drag or wheel
//!   moves the camera (`mesh_view::depth_buffered`).
//!
//! ```text
//! cargo bench -p trackbench --bench raster
//! ```
use criterion::Criterion;
use std::collections::HashSet;
use std::hint::black_box;
use std::time::Duration;
use trackbench::gbx::panels::{mesh_raster, mesh_scene};
use trackbench::gbx::view::Orbit;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::mesh::export;

/// The 3D view's pixel sizes measured: the centre panel at 1024×700 and
/// 1920×1080 windows (about the view's share of each).
const SIZES: [[usize; 2]; 2] = [[700, 520], [1500, 900]];

fn main() {
    let Some(dir) = trackbench_testkit::corpus_dir() else {
        eprintln!("CORPUS NOT FOUND: the raster bench needs the corpus");
        return;
    };
    let path = dir.join("gbx/Niepodlegli (ft mime).Map.Gbx");
    let gbx = Gbx::parse(std::fs::read(path).expect("reading the map")).expect("parsing");
    let entries = export::embedded_meshes(&gbx).expect("embedded meshes");
    let model = export::embedded_model(&gbx, entries[32].index).expect("the item's model");
    assert_eq!(model.triangle_count(), 20_326);
    let list = mesh_scene::prepare(&model, &HashSet::new(), &HashSet::new());
    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(20)
        .measurement_time(Duration::from_secs(4));
    let mut group = c.benchmark_group("raster");
    for [w, h] in SIZES {
        let orbit = mesh_scene::fit_to(&model, &Orbit::default(), [w as f32, h as f32]);
        group.bench_function(format!("full_{w}x{h}"), |b| {
            b.iter(|| black_box(mesh_raster::render(&list, &orbit, [w, h], [30, 30, 30])));
        });
        group.bench_function(format!("moving_{w}x{h}"), |b| {
            let half = [w / 2, h / 2];
            b.iter(|| black_box(mesh_raster::render(&list, &orbit, half, [30, 30, 30])));
        });
    }
    group.finish();
    c.final_summary();
}
